"""A real PostgreSQL server for the store's tests: Debian's, started on loopback.

The server runs from a temporary folder with ``initdb`` and ``pg_ctl`` (found under
``$CROUPIER_POSTGRES_BIN``, ``/usr/lib/postgresql/<version>/bin`` or on ``PATH``),
listening on 127.0.0.1 and a free port, trusting local connections, without fsync (a
test server). PostgreSQL refuses to run as root: as root, the folder is given to the
``postgres`` user (Debian's package makes it) and the commands run as that user.
Without a server or psycopg, :func:`start_postgres` says why in one line.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

#: Where Debian puts the server's programs.
DEBIAN_BIN = Path("/usr/lib/postgresql")
#: The role the tests connect as.
ROLE = "croupier"


class Unavailable(Exception):  # noqa: N818 (the reason a test is skipped)
    """PostgreSQL cannot be run here; the message says why."""


def postgres_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``."""
    explicit = os.environ.get("CROUPIER_POSTGRES_BIN")
    if explicit:
        return Path(explicit) if (Path(explicit) / "pg_ctl").is_file() else None
    if DEBIAN_BIN.is_dir():
        versions = sorted(
            (p for p in DEBIAN_BIN.iterdir() if (p / "bin" / "pg_ctl").is_file()),
            key=lambda p: int(p.name) if p.name.isdigit() else 0,
        )
        if versions:
            return versions[-1] / "bin"
    found = shutil.which("pg_ctl")
    return Path(found).parent if found else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """A PostgreSQL server in a temporary folder; :meth:`database` makes databases."""

    def __init__(self) -> None:
        binaries = postgres_bin()
        if binaries is None:
            raise Unavailable(
                "no PostgreSQL server found: install Debian's postgresql package "
                "(.ci/run does), or set CROUPIER_POSTGRES_BIN"
            )
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise Unavailable("psycopg is missing: pip install 'croupier[postgres]'") from None
        self.bin = binaries
        self.user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no postgres user") from None
            self.user = "postgres"
        self.folder = Path(tempfile.mkdtemp(prefix="croupier-postgres-"))
        self.port = _free_port()
        self.url = f"postgresql://{ROLE}@127.0.0.1:{self.port}/postgres"
        self._made = 0

    def _command(self, *args: str) -> list[str]:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        return [*prefix, *args]

    def start(self) -> None:
        data = self.folder / "data"
        if self.user:
            record = pwd.getpwnam(self.user)
            os.chown(self.folder, record.pw_uid, record.pw_gid)
        subprocess.run(
            self._command(
                str(self.bin / "initdb"), "-D", str(data), "-U", ROLE, "-A", "trust", "--no-sync"
            ),
            check=True,
            capture_output=True,
            timeout=120,
        )
        self.resume()

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self._made += 1
        name = f"test_{self._made}"
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def halt(self) -> None:
        """Stop the server (its clients cut off at once), keeping its data."""
        subprocess.run(
            self._command(
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.folder / "data"),
                "-m",
                "fast",
                "-w",
                "stop",
            ),
            check=True,
            capture_output=True,
            timeout=120,
        )

    def resume(self) -> None:
        """Start the server again after :meth:`halt`, on the same port."""
        data, log = self.folder / "data", self.folder / "server.log"
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=60"
        )
        subprocess.run(
            self._command(
                str(self.bin / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-o",
                options,
                "-w",
                "start",
            ),
            check=True,
            capture_output=True,
            timeout=120,
        )

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            subprocess.run(
                self._command(
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.folder / "data"),
                    "-m",
                    "immediate",
                    "stop",
                ),
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def start_postgres() -> Iterator[PostgresServer]:
    """A running server for the ``with`` block (raises :class:`Unavailable`)."""
    server = PostgresServer()
    try:
        try:
            server.start()
        except (subprocess.SubprocessError, OSError) as exc:
            raise Unavailable(f"PostgreSQL did not start: {exc}") from None
        yield server
    finally:
        server.stop()
