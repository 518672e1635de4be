"""The JSON contract: the OpenAPI description lists every route's answers and refusals,
and property-based tests (schemathesis) hold the app to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from croupier.web.app import OPENAPI_PATH, create_app
from croupier.web.schemas.common import REFUSALS
from croupier.web.sessions import COOKIE_NAME

#: Examples per operation: enough to find a 5xx or an answer outside its schema in a few
#: seconds each, bounded so that the whole run stays well under a minute.
EXAMPLES = 10


#: One app for the module, built when the module loads (schemathesis reads its routes
#: then); its sessions are in a temporary database, closed with the module's last test.
APP = create_app()
schema = schemathesis.openapi.from_asgi(OPENAPI_PATH, APP)


@pytest.fixture(scope="module")
def app() -> Iterator[Any]:
    """The module's app, running (its lifespan stops the jobs and the store at the end)."""
    with TestClient(APP):
        yield APP


@pytest.fixture(scope="module")
def cookie(app: Any) -> str:
    """One browser for every example: its jobs replace each other, as a page's do. (Its
    client is not entered: entering it ran the app's lifespan a second time, whose end
    stopped the jobs of the app the examples then call.)"""
    client = TestClient(app)
    client.get("/")
    return f"{COOKIE_NAME}={client.cookies[COOKIE_NAME]}"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_answer_keeps_the_contract(case: Any, cookie: str) -> None:
    """No 5xx, no traceback, every status documented, every answer in its schema. A
    request the schema allows may still be refused by the library (a bad card is a
    string of the right length): that is a documented 4xx, not a failure."""
    # how fast an answer comes is the load benchmark's business, not the contract's: a
    # generous timeout, for a loaded machine
    response = case.call(headers={"Cookie": cookie}, timeout=120)
    assert response.status_code < 500, response.text
    assert "Traceback" not in response.text
    excluded = [schemathesis.checks.positive_data_acceptance]
    if response.status_code == 413:  # a body over the server's cap is refused unread
        excluded.append(schemathesis.checks.negative_data_rejection)
    case.validate_response(response, excluded_checks=excluded)


def test_the_description_is_served_and_lists_every_refusal(app: Any) -> None:
    with TestClient(app) as client:
        description = client.get(OPENAPI_PATH).json()
    operations = [
        (path, method, operation)
        for path, methods in description["paths"].items()
        for method, operation in methods.items()
        if path.startswith("/api/")
    ]
    assert len(operations) >= 18
    for path, method, operation in operations:
        statuses = {int(status) for status in operation["responses"] if status.isdigit()}
        assert {400, 401, 413, 422, 500, 503} <= statuses, (method, path, statuses)
        if method in ("post", "delete"):
            assert {403, 408} <= statuses, (method, path)
        for status in statuses - {200, 201, 202}:
            answer = operation["responses"][str(status)]
            assert answer["description"] == REFUSALS[status], (method, path, status)
            schema_ref = answer["content"]["application/json"]["schema"]["$ref"]
            assert schema_ref.endswith("/ErrorAnswer")
    changing = {
        (path, method) for path, method, operation in operations if "409" in operation["responses"]
    }
    assert ("/api/baccarat/deal", "post") in changing
    assert ("/api/casino/move", "post") in changing


def test_every_answer_of_the_api_has_its_model(app: Any) -> None:
    """The contract with the pages' scripts is written: each route's answer (200, 201 or
    202) is an answer model of :mod:`croupier.web.schemas` (or a union of them), text, or
    a stream of server-sent events (each a model, as its description says)."""
    with TestClient(app) as client:
        description = client.get(OPENAPI_PATH).json()
    models = description["components"]["schemas"]
    seen = 0
    for path, methods in description["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, operation in methods.items():
            answered = [
                operation["responses"][s]
                for s in ("200", "201", "202")
                if s in operation["responses"]
            ]
            assert len(answered) == 1, (method, path)
            content = answered[0]["content"]
            if "text/plain" in content or "text/event-stream" in content:
                assert list(content) in (["text/plain"], ["text/event-stream"]), (method, path)
                continue
            schema = content["application/json"]["schema"]
            refs = [schema] if "$ref" in schema else schema.get("oneOf", [])
            assert refs and all("$ref" in ref for ref in refs), (method, path, schema)
            for ref in refs:
                model = models[ref["$ref"].rsplit("/", 1)[1]]
                assert model["type"] == "object" and model["additionalProperties"] is False
            seen += 1
    assert seen >= 30


def test_a_view_that_strays_from_its_model_is_caught(app: Any) -> None:
    """The answers refuse keys they do not list: a view that gains a field without its
    TypedDict fails loudly in the tests instead of losing the field on the way."""
    from pydantic import TypeAdapter
    from typing_extensions import TypedDict

    from croupier.web.schemas import closed

    @closed
    class Table(TypedDict):
        seated: bool

    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        TypeAdapter(Table).validate_python({"seated": False, "new_key": 1})
