"""The peer of ``benchmarks/web_load.py``: a bare FastAPI app on uvicorn, nothing else.

One JSON route (``GET /json``) that does no work, served by uvicorn with its defaults
(the same HTTP/1.1 implementation croupier's server uses), in one process or in
``--workers`` processes. Whatever croupier does per request beyond this is its own cost.

    .venv/bin/python -m benchmarks.bare_app --port 8100 --workers 1

It prints ``bare app at http://127.0.0.1:PORT/`` once it listens. Loopback only.
"""

from __future__ import annotations

import argparse
import socket
import sys

from fastapi import FastAPI

app = FastAPI()


@app.get("/json")
def json_route() -> dict[str, str]:
    """The floor: FastAPI's own path for a small JSON answer."""
    return {"status": "ok"}


def main() -> int:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    # IPPROTO_TCP named: asyncio turns Nagle's algorithm off only on sockets that say so
    # (without it every answer waits ~40 ms for a delayed ACK).
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(2048)
    listener.setblocking(False)  # as asyncio wants it (and croupier serve gives it)
    print(f"bare app at http://127.0.0.1:{listener.getsockname()[1]}/", flush=True)
    config = uvicorn.Config(
        "benchmarks.bare_app:app", log_level="warning", access_log=False, workers=args.workers
    )
    if args.workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[listener]).run()
    else:
        uvicorn.Server(config).run(sockets=[listener])
    return 0


if __name__ == "__main__":
    sys.exit(main())
