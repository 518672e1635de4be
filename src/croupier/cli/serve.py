"""``croupier serve``: the web app on a local port, or shared with a class (the ``web`` extra)."""

from __future__ import annotations

import ipaddress
import shutil
import socket
import tempfile
import threading
import webbrowser
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.console import INTERRUPTED, fail, make_console
from croupier.cli.options import count_option, file_name

__all__ = ["serve"]

#: Host names that mean "every interface".
WILDCARDS = ("0.0.0.0", "::", "")
#: The names loopback is reached by.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on. Only this machine can connect by default; any other "
            "address needs --public."
        ),
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
            help="Where the games are saved (the SQLite database croupier.sqlite3) "
            "\\[default: $CROUPIER_STATE_DIR, else ~/.local/state/croupier/web]",
            parser=file_name("--state-dir", directory=True),
            metavar="DIR",
        ),
    ] = None,
    save: Annotated[
        bool, typer.Option(help="Save every browser's games so a restart loses nothing.")
    ] = True,
    database: Annotated[
        str | None,
        typer.Option(
            help="Keep the games in this database instead: a postgresql:// (or "
            "postgres://) URL (the 'postgres' extra; several hosts can share it) or a "
            "SQLite file's name. Any other URL is refused.",
            metavar="URL",
        ),
    ] = None,
    workers: Annotated[
        int,
        count_option("--workers", "Server processes, all on the same port and database.", high=64),
    ] = 1,
    compute_workers: Annotated[
        int,
        count_option(
            "--compute-workers",
            "Worker processes for the computer's Casino moves and hints, in each server "
            "process; the long calculations (reviews, equity) get half as many more.",
            high=256,
        ),
    ] = 8,
    public: Annotated[
        bool,
        typer.Option(
            "--public",
            help="Share the server with the network (a class, a club): players must give "
            "the join code printed at start.",
        ),
    ] = False,
    join_code: Annotated[
        str | None,
        typer.Option(
            help="The join code of a --public server \\[default: a fresh one, printed] "
            "(give the same one to every host serving one club).",
            metavar="CODE",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: believe the X-Forwarded-For (and "
            "X-Forwarded-Proto) headers of requests from these addresses (comma-separated "
            "addresses or networks; * for any), so that the limits kept per address "
            "count each player's own \\[default: believe no one]",
            metavar="IPS",
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Another name players reach a --public server by (repeatable): requests "
            "naming any other host are refused.",
            metavar="NAME",
        ),
    ] = None,
    session_days: Annotated[
        int,
        count_option("--session-days", "Days a session may go unused before it goes.", high=3650),
    ] = 30,
    max_sessions: Annotated[
        int,
        count_option(
            "--max-sessions",
            "Sessions kept at most (the least recently used go first; 0: no limit).",
            low=0,
            high=100_000_000,
        ),
    ] = 10_000,
    max_database_mb: Annotated[
        int,
        count_option(
            "--max-database-mb",
            "Megabytes of game data kept at most (the least recently used sessions go "
            "first; 0: no limit).",
            low=0,
            high=1_000_000,
        ),
    ] = 256,
    sessions_per_client: Annotated[
        int,
        count_option(
            "--sessions-per-client",
            "Sessions one client address may hold (0: no limit).",
            low=0,
            high=100_000_000,
        ),
    ] = 200,
) -> int:
    """Play in the browser: the Baccarat table, the poker calculator and Casino. Ctrl-C stops."""
    try:
        import uvicorn  # noqa: F401 (the web extra, checked before anything starts)

        from croupier.casino.puzzles import history_path
        from croupier.errors import CroupierError
        from croupier.poker.ranges.saved import book_path
        from croupier.web.guard import host_name, new_join_code
        from croupier.web.routers.organiser import organiser_token
        from croupier.web.server import ServeSettings, run, trusted_proxies
        from croupier.web.sessions import default_state_dir
        from croupier.web.store import (
            INSTALL_POSTGRES,
            DatabaseNameError,
            SchemaError,
            StoreError,
            StoreLimits,
            database_kind,
            open_store,
        )
    except ImportError:
        from croupier.web import MISSING_EXTRA

        fail(MISSING_EXTRA)
    address = _resolve(host, port)
    if not _is_loopback(host) and not public:
        fail(
            f"--host {host} listens beyond this machine: add --public to share the server "
            "(players then need its join code)"
        )
    if (join_code is not None or allow_host) and not public:
        fail("--join-code and --allow-host are for a --public server: add --public")
    if join_code is not None and not 4 <= len(join_code.strip()) <= 40:
        fail(f"bad --join-code {join_code!r}: expected 4 to 40 characters")
    try:
        extra_names = {host_name(name) for name in allow_host or ()}
    except CroupierError as exc:
        fail(f"bad --allow-host: {exc}")
    proxies: tuple[str, ...] = ()
    if forwarded_allow_ips is not None:
        try:
            proxies = trusted_proxies(forwarded_allow_ips)
        except CroupierError as exc:
            fail(f"bad --forwarded-allow-ips: {exc}")
    try:
        kind = None if database is None else database_kind(database)
    except DatabaseNameError as exc:
        fail(f"bad --database: {exc}")
    if kind == "postgresql":
        try:
            import psycopg  # noqa: F401
        except ImportError:
            fail(f"a PostgreSQL database needs psycopg: {INSTALL_POSTGRES}")
    limits = StoreLimits(
        max_age=session_days * 86400.0,
        max_sessions=max_sessions,
        max_bytes=max_database_mb * 1024 * 1024,
        per_client=sessions_per_client,
    )
    if not save and database is not None:
        fail("--no-save keeps the games in a temporary database: drop --database or --no-save")
    scratch = None if save else Path(tempfile.mkdtemp(prefix="croupier-serve-"))
    directory = scratch or (state_dir or default_state_dir())
    try:
        # Opened here first: a database that cannot be used is one line, before anything.
        try:
            store = open_store(directory, database, limits)
            token = organiser_token(store.secret())
        except DatabaseNameError as exc:
            fail(f"bad --database: {exc}" if database else f"cannot use the database: {exc}")
        except (StoreError, SchemaError) as exc:
            fail(f"cannot use the database: {exc}")
        except OSError as exc:
            fail(f"cannot use the database: {exc.strerror or exc}: {exc.filename!r}")
        where = store.describe()
        store.close()
        listener = _listen(host, port, address)
        bound_port = listener.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        names = set(LOOPBACK_NAMES) | ({shown.lower()} if host not in WILDCARDS else set())
        code = None
        if public:
            names |= _machine_names() | extra_names
            code = join_code.strip() if join_code else new_join_code()
        url = f"http://{'127.0.0.1' if host in WILDCARDS else shown}:{bound_port}/"
        console = make_console()

        def say(text: str) -> None:
            console.print(text, markup=False, highlight=False)

        say(f"croupier is serving at {url}  (Ctrl-C stops it)")
        say(
            f"Games are saved in {where}" if scratch is None else "Games are not saved (--no-save)."
        )
        if code is not None:
            shown_code = f"{code[:4]}-{code[4:]}" if len(code) == 8 else code
            reach = sorted(n for n in names if n not in LOOPBACK_NAMES)
            if _is_loopback(host):
                shared = (
                    f"Shared, but only with this machine: it listens on {shown} alone, which "
                    "no other machine can reach (a reverse proxy here can); to open it to "
                    f"the room add --host 0.0.0.0. Join code {shown_code}"
                )
            else:
                shared = (
                    f"Shared: players open http://{reach[0]}:{bound_port}/ and give the "
                    f"join code {shown_code}"
                    if reach
                    else f"Shared: players give the join code {shown_code}"
                )
            console.print(shared, style="bold yellow", markup=False, highlight=False)
            say(f"Answers to the names {', '.join(sorted(names))} (add others with --allow-host)")
        if proxies:
            say(f"Believes the forwarded client addresses of {', '.join(proxies)}")
        if workers > 1:
            say(
                f"{workers} server processes, each with {compute_workers} worker processes "
                "for the computer."
            )
        say(f"The organiser's page (yours only): {url}organiser?token={token}")
        settings = ServeSettings(
            directory,
            database,
            limits,
            compute_workers,
            code,
            frozenset(names),
            trusted_proxies=proxies,
            # The terminal's puzzle history, on this person's own server only.
            puzzle_history=None if public else history_path(),
            # The terminal's saved poker ranges, likewise.
            saved_ranges=None if public else book_path(),
        )
        if open_browser:
            threading.Timer(0.5, webbrowser.open, [url]).start()
        exit_code = 0
        try:
            run(settings, listener, workers)
        except KeyboardInterrupt:  # uvicorn stops gracefully, then passes Ctrl-C on
            exit_code = INTERRUPTED  # 130, as every command after Ctrl-C
        finally:
            listener.close()
        console.print("croupier stopped.")
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    return exit_code


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _machine_names() -> set[str]:
    """The names and addresses this machine is known by (for a public server's Host
    check): its host name, ``<name>.local``, its full name, and their addresses."""
    name = socket.gethostname()
    names = {name, f"{name}.local", socket.getfqdn()}
    try:
        infos = socket.getaddrinfo(name, None)
    except (OSError, UnicodeError):
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address.split("%")[0]).is_loopback:
            names.add(f"[{address}]" if ":" in address else address)
    return {n.lower() for n in names if n}


#: What ``socket.getaddrinfo`` gives for one address.
Address = tuple[Any, ...]


def _resolve(host: str, port: int) -> Address:
    """Where ``host:port`` listens; a one-line error for a host that does not resolve
    (or cannot be a host's name at all: invalid UTF-8, a label over 63 characters, an
    empty label, as in ``../../etc/passwd``)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        fail(f"bad host {host!r}: {exc.strerror}")
    except UnicodeError:
        fail(
            f"bad host {host!r}: expected a host name (labels of 1 to 63 letters, digits "
            "or hyphens, between dots) or an IP address"
        )
    return tuple(infos[0])


def _listen(host: str, port: int, resolved: Address) -> socket.socket:
    """A listening socket on ``host:port``; a one-line error if it cannot be had."""
    family, kind, proto, _, address = resolved
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
