"""``croupier serve``: the web app on a local port (the ``web`` extra)."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.console import fail, make_console
from croupier.cli.options import count_option, file_name

__all__ = ["serve"]


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on. Only this machine can connect by default.")
    ] = "127.0.0.1",
    port: Annotated[
        int, count_option("--port", "Port to listen on (0: any free port).", low=0, high=65535)
    ] = 8000,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the lobby in the default browser.")
    ] = False,
    state_dir: Annotated[
        Path | None,
        typer.Option(
            help="Where the games of each browser are saved "
            "\\[default: $CROUPIER_STATE_DIR, else ~/.local/state/croupier/web]",
            parser=file_name("--state-dir", directory=True),
            metavar="DIR",
        ),
    ] = None,
    save: Annotated[
        bool, typer.Option(help="Save every browser's games so a restart loses nothing.")
    ] = True,
) -> None:
    """Play in the browser: the Baccarat table, the poker calculator and Casino. Ctrl-C stops."""
    try:
        import uvicorn

        from croupier.web.app import create_app
        from croupier.web.sessions import default_state_dir
    except ImportError:
        from croupier.web import MISSING_EXTRA

        fail(MISSING_EXTRA)
    directory = (state_dir or default_state_dir()) if save else None
    listener = _listen(host, port)
    bound_port = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else shown}:{bound_port}/"
    console = make_console()
    console.print(f"croupier is serving at {url}  (Ctrl-C stops it)", markup=False, highlight=False)
    if not _is_loopback(host):
        console.print(
            f"Listening on {host}: anyone who can reach this machine on port {bound_port} "
            "can play here.",
            style="bold yellow",
        )
    console.print(
        f"Games are saved in {directory}" if directory else "Games are not saved (--no-save).",
        markup=False,
    )
    # On loopback, only loopback names: no other site can borrow the server (DNS rebinding).
    hosts = {"127.0.0.1", "localhost", "[::1]", shown} if _is_loopback(host) else None
    app = create_app(directory, allowed_hosts=hosts)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3
    )
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops gracefully, then passes Ctrl-C on
        pass
    finally:
        listener.close()
    console.print("croupier stopped.")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; a one-line error if it cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        fail(f"bad host {host!r}: {exc.strerror}")
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as exc:
        listener.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    listener.setblocking(False)
    return listener
