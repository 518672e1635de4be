"""A route's answer checked against its model and written in the route's thread."""

from __future__ import annotations

import logging

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.testclient import TestClient

from croupier.web.answers import answer
from croupier.web.errors import install_error_handlers
from croupier.web.schemas import Answer


class Point(Answer):
    x: int
    label: str | None = None


def make_app() -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/api/point", response_model=Point)
    def point(request: Request, extra: bool = False) -> Response:
        view: dict[str, object] = {"x": 3}
        if extra:
            view["y"] = 4
        return answer(request, view)

    @app.get("/api/unset", response_model=Point, response_model_exclude_unset=True)
    def unset(request: Request) -> Response:
        return answer(request, {"x": 3}, status_code=202)

    @app.get("/api/untyped")
    def untyped(request: Request) -> Response:
        return answer(request, {"x": 3})

    return app


def test_the_answer_is_the_model_s_json() -> None:
    with TestClient(make_app()) as client:
        response = client.get("/api/point")
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/json"
        assert response.text == '{"x":3,"label":null}'
        unset = client.get("/api/unset")
        assert (unset.status_code, unset.text) == (202, '{"x":3}')


def test_a_view_that_strays_from_its_model_is_a_logged_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with TestClient(make_app(), raise_server_exceptions=False) as client:
        with caplog.at_level(logging.ERROR):
            response = client.get("/api/point", params={"extra": True})
    assert response.status_code == 500
    assert response.json() == {"error": "internal error: the server logged it"}
    assert "Extra inputs are not permitted" in caplog.text


def test_a_route_without_a_model_cannot_answer() -> None:
    with TestClient(make_app(), raise_server_exceptions=False) as client:
        assert client.get("/api/untyped").status_code == 500
