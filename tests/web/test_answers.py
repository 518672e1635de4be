"""A route's answer written in its thread, checked against its model where the app says."""

from __future__ import annotations

import logging
from typing import NotRequired

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.testclient import TestClient
from typing_extensions import TypedDict

from croupier.web.answers import answer
from croupier.web.errors import install_error_handlers
from croupier.web.schemas import closed


@closed
class Point(TypedDict):
    x: int
    label: NotRequired[str | None]
    score: NotRequired[float | None]


def make_app(check: bool | None = None) -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    if check is not None:
        app.state.check_answers = check

    @app.get("/api/point", response_model=Point)
    def point(request: Request, extra: bool = False) -> Response:
        view: dict[str, object] = {"x": 3, "label": "é ♥"}
        if extra:
            view["y"] = 4
        return answer(request, view, status_code=202 if extra else 200)

    @app.get("/api/nan", response_model=Point)
    def nan(request: Request) -> Response:
        return answer(request, {"x": 1, "score": float("nan")})

    @app.get("/api/untyped")
    def untyped(request: Request) -> Response:
        return answer(request, {"x": 3})

    return app


def test_the_answer_is_the_view_as_json() -> None:
    with TestClient(make_app()) as client:
        response = client.get("/api/point")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.content == '{"x":3,"label":"é ♥"}'.encode()


def test_nan_is_written_null_as_json_has_no_nan() -> None:
    with TestClient(make_app()) as client:
        assert client.get("/api/nan").content == b'{"x":1,"score":null}'


def test_a_view_that_strays_from_its_model_is_a_logged_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with (
        TestClient(make_app(), raise_server_exceptions=False) as client,
        caplog.at_level(logging.ERROR),
    ):
        response = client.get("/api/point", params={"extra": True})
    assert response.status_code == 500
    assert response.json() == {"error": "internal error: the server logged it"}
    assert "Extra inputs are not permitted" in caplog.text


def test_an_app_that_does_not_check_writes_the_view_as_it_is() -> None:
    with TestClient(make_app(check=False)) as client:
        response = client.get("/api/point", params={"extra": True})
    assert (response.status_code, response.json()) == (202, {"x": 3, "label": "é ♥", "y": 4})


def test_croupier_serve_does_not_check_and_the_tests_app_does() -> None:
    from croupier.web.app import create_app
    from croupier.web.server import ServeSettings

    assert create_app().state.check_answers is True
    assert ServeSettings().check_answers is False


def test_a_route_without_a_model_cannot_answer() -> None:
    with TestClient(make_app(check=False), raise_server_exceptions=False) as client:
        assert client.get("/api/untyped").status_code == 500
