"""The app's shared parts: lobby, static assets, errors, cookies, body limits."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import Match

from croupier.web.app import MAX_BODY, create_app
from croupier.web.pages import PathRoute, RouteIndex
from croupier.web.sessions import COOKIE_NAME


def test_lobby_links_every_game(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert all(f'href="/{game}"' in page.text for game in ("baccarat", "poker", "casino"))
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["cache-control"] == "no-store"
    assert "no-store" not in client.get("/static/croupier.css").headers.get("cache-control", "")


def test_the_session_cookie_is_httponly_and_samesite(client: TestClient) -> None:
    cookie = client.get("/").headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE_NAME}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert "set-cookie" not in client.get("/").headers  # known now: not sent again


def test_a_forged_or_unknown_cookie_gets_a_fresh_id(client: TestClient) -> None:
    client.cookies.set(COOKIE_NAME, "A" * 43)
    fresh = client.get("/api/baccarat").headers["set-cookie"]
    assert f"{COOKIE_NAME}={'A' * 43}" not in fresh


def test_static_assets_ship_in_the_package(client: TestClient) -> None:
    for name in (
        "croupier.css",
        "croupier.js",
        "baccarat.js",
        "poker.js",
        "poker_narrow.js",
        "casino.js",
        "casino.css",
        "favicon.svg",
    ):
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200, name
        assert "set-cookie" not in answer.headers
    page = client.get("/baccarat").text
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page


def test_unknown_paths_are_one_line_404s(client: TestClient) -> None:
    answer = client.get("/api/nothing")
    assert answer.status_code == 404
    assert answer.json() == {"error": "no page /api/nothing"}
    page = client.get("/nowhere", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "no page /nowhere" in page.text
    assert "<title>404 Not Found · croupier</title>" in page.text  # it was " · croupier"


def test_unreadable_bodies_are_one_line_422s(client: TestClient) -> None:
    answer = client.post(
        "/api/baccarat/table", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("bad request: ")
    assert "\n" not in answer.json()["error"]
    answer = client.post("/api/baccarat/table", json={"decks": "many"})
    assert answer.json() == {"error": "bad request: decks 'many': input should be a valid integer"}


def test_huge_bodies_are_refused_unread(client: TestClient) -> None:
    answer = client.post(
        "/api/poker/compare",
        content=b"x" * (MAX_BODY + 1),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert "KiB" in answer.json()["error"]


def test_wrong_methods_are_405s(client: TestClient) -> None:
    answer = client.get("/api/baccarat/deal")
    assert answer.status_code == 405
    assert answer.json() == {"error": "Method Not Allowed"}


def test_health(client: TestClient) -> None:
    assert client.get("/healthz").json()["status"] == "ok"


def test_the_app_runs_without_a_state_directory() -> None:
    with TestClient(create_app(None)) as memory_client:
        assert memory_client.post("/api/baccarat/table", json={"seed": 1}).status_code == 200
        assert memory_client.get("/api/baccarat").json()["seated"]


def test_the_database_is_private_and_no_file_is_written_per_session(
    client: TestClient, tmp_path: Path
) -> None:
    for _ in range(5):
        client.cookies.clear()
        assert client.post("/api/baccarat/table", json={"seed": 3}).status_code == 200
    names = {p.name for p in (tmp_path / "state").iterdir()}
    assert names <= {"croupier.sqlite3", "croupier.sqlite3-wal", "croupier.sqlite3-shm"}
    assert oct((tmp_path / "state").stat().st_mode & 0o777) == "0o700"
    assert all((tmp_path / "state" / name).stat().st_mode & 0o077 == 0 for name in names)


def test_on_loopback_only_loopback_host_names_are_answered(tmp_path: Path) -> None:
    app = create_app(tmp_path, allowed_hosts={"127.0.0.1", "localhost", "[::1]"})
    with TestClient(app, base_url="http://127.0.0.1:8000") as local:
        assert local.get("/").status_code == 200
        assert local.get("/", headers={"host": "localhost:8000"}).status_code == 200
        assert local.get("/", headers={"host": "[::1]:8000"}).status_code == 200
        answer = local.get("/", headers={"host": "evil.example:8000"})
        assert answer.status_code == 400
        assert answer.json() == {"error": "this server answers to 127.0.0.1, [::1], localhost"}


def _request_paths(app: FastAPI) -> list[str]:
    """Every route's path with its parameters filled in, and paths near them (a letter
    more or less, a slash more, a step under) that no route or another one matches."""
    paths = {"/", "/nowhere", "/api", "/api/", "/static/croupier.css", "/casino/"}
    for route in app.routes:
        path = re.sub(r"\{[^}]*\}", "x1", getattr(route, "path", "/"))
        paths |= {path, path + "/", path[:-1], path + "x", path + "/more", path.rsplit("/", 1)[0]}
    return sorted(paths)


def test_path_routes_match_exactly_as_fastapi_routes_do() -> None:
    app = create_app(check_answers=False)
    routes = [route for route in app.routes if isinstance(route, APIRoute)]
    assert len(routes) > 50 and all(isinstance(route, PathRoute) for route in routes)
    for path in _request_paths(app):
        for method in ("GET", "POST", "DELETE"):
            scope = {"type": "http", "method": method, "path": path, "root_path": ""}
            for route in routes:
                fast, fast_scope = route.matches(dict(scope))
                slow, slow_scope = APIRoute.matches(route, dict(scope))
                assert (fast, fast_scope) == (slow, slow_scope), (method, path, route.path)


def test_the_route_index_finds_the_route_the_apps_search_finds() -> None:
    """For every request near a route's path and every method, the index (the app's
    first route) finds the route the app's own search of its routes finds, with the
    same scope, or passes the request on to that search."""
    app = create_app(check_answers=False)
    index, *routes = app.routes
    assert isinstance(index, RouteIndex)
    assert {"/", "/baccarat", "/poker", "/casino", "/api/casino/move"} <= index.paths
    found = 0
    for path in _request_paths(app):
        for method in ("GET", "HEAD", "POST", "DELETE"):
            scope = {"type": "http", "method": method, "path": path, "root_path": ""}
            match, child_scope = index.matches(dict(scope))
            if match is Match.NONE:
                continue
            first = next(
                (r, s) for r in routes for m, s in [r.matches(dict(scope))] if m is Match.FULL
            )
            assert (match, child_scope) == (Match.FULL, first[1]), (method, path)
            assert child_scope["route"] is first[0]
            found += 1
    assert found > 40


def test_requests_the_index_passes_on_are_answered_as_before(client: TestClient) -> None:
    """A method no route of a path takes (the index passes it on) is still a 405 naming
    the methods there are; a path no route has, a 404."""
    wrong = client.put("/api/casino/move", json={})
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    assert client.get("/casino/nowhere").status_code == 404
