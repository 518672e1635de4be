"""The option types every command shares: one per kind of number, with its bounds.

Each type parses through :func:`croupier.numerals.parse_whole` (or
:func:`croupier.numerals.parse_money`): ASCII digits only, bounded length, bounds shown in
the help. A bad value stops the command with the project's one-line error (exit 2):
``croupier: error: bad --seed '-1': expected a whole number from 0 to 18,446,...``.

Use the ready-made ``Annotated`` aliases (``SeedOption``, ``WorkersOption``...) or
:func:`count_option` for a count with its own bounds.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from croupier.cpus import available_cpus
from croupier.errors import CroupierError, quoted
from croupier.numerals import (
    MAX_BANKROLL_CENTS,
    SEED_LIMIT,
    format_money,
    parse_money,
    parse_whole,
    thousands,
)

if TYPE_CHECKING:
    from decimal import Decimal

__all__ = [
    "DEFAULT_DEADLINE",
    "DEFAULT_STRATEGY",
    "LOCAL_CLUSTER_WORKERS",
    "MAX_DEADLINE",
    "MAX_DECKS",
    "BankrollOption",
    "DeadlineOption",
    "DecksOption",
    "FileName",
    "GameOption",
    "SchedulerOption",
    "SeedOption",
    "StakeOption",
    "WorkersOption",
    "available_cpus",
    "count_option",
    "decimal_number",
    "decimal_parser",
    "directory_option",
    "file_argument",
    "file_name",
    "file_option",
    "picture_option",
    "resolve_workers",
]

#: Decks in a shoe: 1 to 64. Real shoes hold 1 to 8 decks; 64 leaves room for studies of
#: deep shoes while a shoe (3,328 cards) still shuffles, deals and enumerates in moments.
MAX_DECKS: Final = 64


#: The computer's strategy when none is named: ``croupier.casino.strategies.DEFAULT_STRATEGY``,
#: written here so that help needs no game code (a test checks that they agree).
DEFAULT_STRATEGY: Final = "expert"

#: A strategy's time to think about one move, in seconds, by default and at most:
#: ``croupier.casino.strategies.DEFAULT_DEADLINE`` and ``MAX_DEADLINE``, written here so
#: that help needs no game code (a test checks that they agree).
DEFAULT_DEADLINE: Final = 1.0
MAX_DEADLINE: Final = 600.0


#: The processes of ``--scheduler local`` (a LocalCluster) when ``--workers`` is not given.
LOCAL_CLUSTER_WORKERS: Final = 2


def resolve_workers(
    workers: int | None, default: int | None = None, *, scheduler: str | None = None
) -> int | None:
    """Workers asked for with ``--workers`` (:data:`WorkersOption`) beside ``--scheduler``
    (:data:`SchedulerOption`): 0 means every available CPU; ``None`` is a LocalCluster's
    :data:`LOCAL_CLUSTER_WORKERS` with a scheduler, else ``default`` (the command's own
    choice; ``None`` leaves it to the library, which chooses from the size of the job).

    >>> resolve_workers(3), resolve_workers(None, 1), resolve_workers(None, scheduler="local")
    (3, 1, 2)
    """
    if workers is None:
        return LOCAL_CLUSTER_WORKERS if scheduler is not None else default
    return available_cpus() if workers == 0 else workers


class OptionError(Exception):
    """A bad option value: becomes ``croupier: error: MESSAGE`` with exit code 2."""

    exit_code = 2


def whole_number(what: str, low: int, high: int) -> Callable[[Any], int]:
    """A parser for a bounded whole number in ASCII digits, naming ``what`` in errors."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return parse_whole(str(value), what, low=low, high=high)
        except CroupierError as exc:
            raise OptionError(str(exc)) from None

    return parse


def money(what: str, low: int, high: int) -> Callable[[Any], int]:
    """A parser for dollars (``100``, ``12.50``, ``$1,000``) as whole cents, bounded."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            cents = parse_money(str(value), what)
        except CroupierError as exc:
            raise OptionError(str(exc)) from None
        if not low <= cents <= high:
            raise OptionError(
                f"bad {what} {str(value)!r}: expected {format_money(low)} to {format_money(high)}"
            )
        return cents

    return parse


def decimal_number(text: str) -> Decimal | None:
    """A decimal number written in ASCII digits (``0.75``, ``.5``, ``10``), or None.

    >>> decimal_number("0.75"), decimal_number("1e-3"), decimal_number("٣")
    (Decimal('0.75'), None, None)
    """
    whole, dot, decimals = text.partition(".")
    ok = (
        0 < len(text) <= 20
        and (whole == "" or (whole.isascii() and whole.isdigit()))
        and (not dot or (decimals.isascii() and decimals.isdigit()))
        and bool(whole or decimals)
    )
    if not ok:
        return None
    from decimal import Decimal  # only when a number is parsed: help needs none of it

    return Decimal(text)


def decimal_parser(
    what: str, accepts: Callable[[Decimal], bool], expected: str, *, signed: bool = False
) -> Callable[[Any], float]:
    """A parser for a number in ASCII digits (:func:`decimal_number`, with a leading ``+``
    or ``-`` when ``signed``) that ``accepts`` takes; anything else is a one-line error
    ``bad WHAT 'TEXT': expected EXPECTED``. Every decimal option is one of these."""

    def parse(value: Any) -> float:
        if isinstance(value, float):
            return value
        text = str(value)
        sign = text[:1] if signed and text[:1] in "+-" else ""
        number = decimal_number(text[len(sign) :]) if len(text) <= 20 else None
        if number is not None:
            number = -number if sign == "-" else number
            if accepts(number):
                return float(number)
        raise OptionError(f"bad {what} {quoted(text)}: expected {expected}")

    return parse


def _decimal(number: float) -> Decimal:
    from decimal import Decimal

    return Decimal(str(number))


def share(what: str) -> Callable[[Any], float]:
    """A parser for a fraction above 0 and up to 1 in ASCII digits (``0.75``, ``1``)."""
    return decimal_parser(
        what, lambda number: 0 < number <= 1, "a fraction above 0 and up to 1, such as 0.75"
    )


def seconds(what: str, high: float) -> Callable[[Any], float]:
    """A parser for a number of seconds from 0 to ``high`` in ASCII digits (``1``, ``0.25``)."""
    return decimal_parser(
        what,
        lambda number: number <= _decimal(high),
        f"a number of seconds from 0 to {high:g}, such as 0.5",
    )


def signed_number(what: str, low: int, high: int) -> Callable[[Any], float]:
    """A parser for a number from ``low`` to ``high`` in ASCII digits, with an optional
    sign and decimals (``4``, ``-2``, ``2.5``)."""
    return decimal_parser(
        what,
        lambda number: low <= number <= high,
        f"a number from {low} to {high}, such as 4 or -2.5",
        signed=True,
    )


class FileName:
    """A parser for a file name (with ``directory``, a directory's): an empty one, one
    holding a NUL character, or the name of a directory (of a file) is named in a
    one-line error instead of becoming the current directory, a traceback, or a failure
    after the work is done. A file the command ``writes`` may not be a FIFO nobody reads
    (writing would wait forever), a socket or a block device, and is in a folder that
    exists and can be written to (checked before the work); a file it reads is checked
    when read (:func:`croupier.textfile.open_regular`: a regular file only)."""

    def __init__(self, what: str, *, directory: bool = False, writes: bool = False) -> None:
        self.what = what
        self.directory = directory
        self.writes = writes

    def __call__(self, value: Any) -> Path:
        if isinstance(value, Path):
            return value
        what, text = self.what, str(value)
        if not text:
            raise OptionError(f"bad {what} '': an empty file name: expected the name of a file")
        if "\0" in text:
            raise OptionError(f"bad {what} {quoted(text)}: a file name cannot hold a NUL character")
        path = Path(text)
        if self.directory and path.exists() and not path.is_dir():
            raise OptionError(f"bad {what} {quoted(text)}: a file: expected a directory")
        if not self.directory and path.is_dir():
            raise OptionError(
                f"bad {what} {quoted(text)}: a directory: expected the name of a file"
            )
        refused = _unwritable(path) if self.writes else None
        if refused is not None:
            raise OptionError(f"bad {what} {quoted(text)}: {refused}: expected a regular file")
        if self.writes and not self.directory:
            _check_folder(what, text, path)
        return path


def _check_folder(what: str, text: str, path: Path) -> None:
    """A file the command writes is in a folder that exists and can be written to:
    checked before the work rather than failing after it."""
    from croupier.textfile import folder_problem

    if path.exists():  # written where it is (/dev/null, a file to replace): its folder is
        return  # there, and the writer reports a folder it cannot write in
    problem = folder_problem(path)
    if problem is not None:
        raise OptionError(f"bad {what} {quoted(text)}: {problem}")


def file_name(what: str, *, directory: bool = False, writes: bool = False) -> FileName:
    """A parser for a file name: see :class:`FileName`."""
    return FileName(what, directory=directory, writes=writes)


def _unwritable(path: Path) -> str | None:
    """Why writing to ``path`` would hang or fail, if it would: a FIFO nobody reads, a
    socket, a block device. A regular file, a new one or a character device (``/dev/null``,
    a terminal) is fine."""
    import stat

    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # a new file (or one the writer will report on)
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISBLK(mode):
        return "a block device"
    if not stat.S_ISFIFO(mode):
        return None
    import os

    try:  # a FIFO opens for writing without waiting only when someone reads it
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        return "a FIFO (named pipe) that nobody reads"
    return None


def file_argument(metavar: str, help: str) -> Any:
    """A ``typer.Argument`` for a file name (see :func:`file_name`), shown as ``metavar``."""
    return typer.Argument(help=help, show_default=False, parser=file_name(metavar), metavar=metavar)


def directory_option(name: str, help: str) -> Any:
    """A ``typer.Option`` for a directory's name (see :class:`FileName`), shown as ``DIR``."""
    return typer.Option(name, help=help, parser=file_name(name, directory=True), metavar="DIR")


def file_option(name: str, help: str, *, writes: bool = False) -> Any:
    """A ``typer.Option`` for a file name (see :func:`file_name`; ``writes`` for a file the
    command writes), shown as ``FILE``."""
    return typer.Option(name, help=help, parser=file_name(name, writes=writes), metavar="FILE")


class PictureName(FileName):
    """A parser for the name of a picture the command draws (``--plot``): a file it
    writes (see :class:`FileName`) whose suffix names a format matplotlib writes
    (``.png``, ``.svg``, ``.pdf``...), in a folder that exists: checked before the work
    rather than after it. A name without a suffix is refused rather than given ``.png``
    behind the user's back (and so is ``/dev/full``)."""

    def __init__(self, what: str) -> None:
        super().__init__(what, writes=True)

    def __call__(self, value: Any) -> Path:
        path = super().__call__(value)  # a file it writes: in a folder that exists
        from croupier.plotting import INSTALL_PLOT, check_picture_name

        if importlib.util.find_spec("matplotlib") is None:
            raise OptionError(f"{self.what} needs matplotlib: {INSTALL_PLOT}")
        try:
            check_picture_name(str(path))
        except CroupierError as exc:
            raise OptionError(f"bad {self.what} {exc}") from None
        return path


def picture_option(name: str, help: str) -> Any:
    """A ``typer.Option`` for a picture's file name (see :class:`PictureName`), shown as
    ``FILE``."""
    return typer.Option(name, help=help, parser=PictureName(name), metavar="FILE")


def count_option(
    name: str, help: str, *, low: int = 1, high: int, default_text: str | None = None
) -> Any:
    """A ``typer.Option`` for a bounded count; the bounds are added to its help."""
    shown = f" \\[default: {default_text}]" if default_text else ""
    return typer.Option(
        name,
        help=f"{help} [{thousands(low)} to {thousands(high)}]{shown}",
        parser=whole_number(name, low, high),
        metavar="N",
        show_default=default_text is None,
    )


def count_argument(
    name: str, help: str, *, low: int = 1, high: int, default_text: str | None = None
) -> Any:
    """A ``typer.Argument`` for a bounded count; the bounds are added to its help."""
    shown = f" \\[default: {default_text}]" if default_text else ""
    return typer.Argument(
        help=f"{help} [{thousands(low)} to {thousands(high)}]{shown}",
        parser=whole_number(name.upper(), low, high),
        metavar=name.upper(),
        show_default=False,
    )


SEED_HELP = f"Same seed, same game [0 to {thousands(SEED_LIMIT)}] \\[default: a fresh one, printed]"
SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help=SEED_HELP,
        parser=whole_number("--seed", 0, SEED_LIMIT),
        metavar="N",
        show_default=False,
    ),
]

#: The poker games, as ``croupier.poker.games.GAMES`` names them (written here so that
#: help needs no game code; a test checks that they agree).
POKER_GAMES: Final = ("holdem", "omaha", "omaha5", "shortdeck", "shortdeck-straights")


def game_name(value: Any) -> str:
    """A poker game's name, checked against :data:`POKER_GAMES` (any case)."""
    name = str(value).strip().lower()
    if name not in POKER_GAMES:
        raise OptionError(f"bad --game {str(value)!r}: expected {', '.join(POKER_GAMES)}")
    return name


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        help="The game: holdem, omaha (4 hole cards), omaha5 (5), shortdeck (36 cards; "
        "trips beat a straight, as Triton plays it) or shortdeck-straights (a straight "
        "beats trips)",
        parser=game_name,
        metavar="GAME",
    ),
]

DecksOption = Annotated[
    int,
    typer.Option(
        "--decks",
        help=f"Decks in the shoe [1 to {MAX_DECKS}: real shoes hold 1 to 8]",
        parser=whole_number("--decks", 1, MAX_DECKS),
        metavar="N",
    ),
]
#: ``--decks`` where leaving it out means something else (another shoe option, or 8).
OptionalDecksOption = Annotated[
    int | None,
    typer.Option(
        "--decks",
        help=f"A full shoe of this many decks [1 to {MAX_DECKS}] \\[default: 8]",
        parser=whole_number("--decks", 1, MAX_DECKS),
        metavar="N",
        show_default=False,
    ),
]

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        help=(
            f"Processes to use [0 to {available_cpus()}, the CPUs available here; "
            "0 = all of them] \\[default: chosen from the size of the job]"
        ),
        parser=whole_number("--workers", 0, available_cpus()),
        metavar="N",
        show_default=False,
    ),
]
#: ``--scheduler``: the long job runs on a Dask cluster (see :mod:`croupier.parallel`).
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Run on a Dask cluster: tcp://HOST:PORT, or local for a LocalCluster of "
        f"--workers processes, {LOCAL_CLUSTER_WORKERS} by default (needs the cluster extra).",
    ),
]


def money_option(name: str, help: str, *, low: int, default_text: str) -> Any:
    """A ``typer.Option`` for an amount of dollars (as cents), its bounds in its help."""
    bounds = f"{format_money(low)} to {format_money(MAX_BANKROLL_CENTS)}"
    return typer.Option(
        name,
        help=f"{help} [{bounds}] \\[default: {default_text}]",
        parser=money(name, low, MAX_BANKROLL_CENTS),
        metavar="DOLLARS",
        show_default=False,
    )


BankrollOption = Annotated[
    int, money_option("--bankroll", "Money you sit down with", low=1, default_text="$1,000")
]
StakeOption = Annotated[
    int,
    money_option("--stake", "The first bet, at most the bankroll", low=1, default_text="$100"),
]

PenetrationOption = Annotated[
    float | None,
    typer.Option(
        "--penetration",
        help="Share of the shoe dealt before the cut card \\[above 0, up to 1] "
        "\\[default: 16 cards from the back]",
        parser=share("--penetration"),
        metavar="FRACTION",
        show_default=False,
    ),
]

__all__ += [
    "OptionError",
    "OptionalDecksOption",
    "PenetrationOption",
    "count_argument",
    "signed_number",
]

DeadlineOption = Annotated[
    float,
    typer.Option(
        "--deadline",
        help=(
            f"Seconds the computer may think about a move [0 to {MAX_DEADLINE:g}] "
            f"\\[default: {DEFAULT_DEADLINE:g}]: its search stops there with the best move "
            "found so far, and its reason says so"
        ),
        parser=seconds("--deadline", MAX_DEADLINE),
        metavar="SECONDS",
        show_default=False,
    ),
]
