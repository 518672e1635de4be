"""The job routes: a job's progress then its result, and its stop. Each page that starts
jobs has its pair (``/api/poker/jobs/<job>``, ``/api/casino/jobs/<job>``: each answers its
own kind of job, typed), and ``/api/jobs/<job>`` answers any job, whichever page started
it. A browser sees only its own jobs (another's are a 404)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from croupier.web.answers import answer
from croupier.web.dependencies import JobsService, Owner
from croupier.web.pages import game_router
from croupier.web.schemas import READS, SENDS, answers
from croupier.web.schemas.jobs import AnyJobAnswer

__all__ = ["add_job_routes", "router"]

#: A job's id in a path.
JobId = Annotated[str, Path(max_length=64)]


def add_job_routes(router: APIRouter, path: str, model: Any, what: str) -> None:
    """Add ``GET path`` (the progress of ``what``, then its result or its one-line error)
    and ``DELETE path`` (stop it) to ``router``, answering ``model``. ``path`` ends with
    ``{job_id}``."""

    def progress(request: Request, job_id: JobId, jobs: JobsService, owner: Owner) -> Response:
        return answer(request, jobs.get(owner, job_id).view())

    def stop(request: Request, job_id: JobId, jobs: JobsService, owner: Owner) -> Response:
        return answer(request, jobs.cancel(owner, job_id).view())

    progress.__doc__ = f"{what.capitalize()}'s progress, then its result (or its one-line error)."
    stop.__doc__ = f"Stop {what}."
    name = path.strip("/").replace("/", "_").replace("{job_id}", "job")
    progress.__name__, stop.__name__ = f"{name}_progress", f"{name}_stop"
    router.add_api_route(
        path, progress, methods=["GET"], response_model=model, responses=answers(*READS, 404)
    )
    router.add_api_route(
        path, stop, methods=["DELETE"], response_model=model, responses=answers(*SENDS, 404)
    )


router = game_router("jobs")
add_job_routes(router, "/api/jobs/{job_id}", AnyJobAnswer, "a job")
