"""Terminal plumbing shared by every command: consoles, prompts, one-line errors.

Bad input anywhere ends in one line on stderr and exit code 2, never a traceback:
:class:`CroupierGroup` is the root command class and turns Typer's usage errors and
every :class:`~croupier.errors.CroupierError` into that line.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from croupier.cli import typerpatch
from croupier.cli.helptext import HelpGroup
from croupier.cli.lazy import LazyCommands, lazy_group_class
from croupier.cli.options import OptionError
from croupier.cli.stopping import StopSignals, point_at_null
from croupier.errors import CroupierError, quoted

R = TypeVar("R")

__all__ = [
    "CommandError",
    "CroupierGroup",
    "LazyProgress",
    "Prompter",
    "command_group",
    "done_of_total",
    "fail",
    "make_console",
    "print_trimmed",
    "run_with_progress",
]


class CommandError(Exception):
    """Raised by commands for bad input they detect themselves; becomes one line, exit 2."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def fail(message: str, exit_code: int = 2) -> NoReturn:
    """Stop the command with a one-line error."""
    raise CommandError(message, exit_code)


def command_group(name: str, help: str, commands: LazyCommands | None = None) -> typer.Typer:
    """A group of commands (``croupier NAME ...``) that shows its help when called alone;
    ``commands`` are imported only when they run (see :mod:`croupier.cli.lazy`)."""
    group = typer.Typer(
        name=name,
        help=help,
        add_completion=False,
        context_settings=CONTEXT_SETTINGS,
        cls=lazy_group_class(commands or {}),
    )

    @group.callback(invoke_without_command=True)
    def show_help_without_a_command(ctx: typer.Context) -> None:
        if ctx.invoked_subcommand is None:
            typer.echo(ctx.get_help())

    return group


def done_of_total(progress: Callable[[int], None]) -> Callable[[int, int], None]:
    """A library's ``progress(done, total)`` callback that moves ``progress`` (a
    :class:`LazyProgress` learns the total as the work goes)."""

    def report(done: int, total: int) -> None:
        if isinstance(progress, LazyProgress):
            progress.set_total(total)
        progress(done)

    return report


def run_with_progress(
    console: Console,
    total: int,
    label: str,
    job: Callable[[Callable[[int], None]], R],
    *,
    enabled: bool,
    nothing_done: str,
) -> tuple[R, bool]:
    """Run ``job(progress)`` under a :class:`LazyProgress`; returns its result and whether
    Ctrl-C cut it short (the result is then the partial one the job raised with
    :class:`~croupier.parallel.Interrupted`). Interrupted before anything was done, the
    command ends with "interrupted before NOTHING_DONE" and exit code 130."""
    from croupier.parallel import Interrupted

    with LazyProgress(console, total, label, enabled=enabled) as progress:
        try:
            return job(progress), False
        except Interrupted as stop:
            if stop.partial is None:
                fail(f"interrupted before {nothing_done}", INTERRUPTED)
            return stop.partial, True


def make_console(*, stderr: bool = False) -> Console:
    """A Rich console on the current stdout (or stderr): colour on terminals, plain in pipes.
    Text is printed as written: no highlighting, no ``:emoji:`` codes."""
    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


def print_trimmed(console: Console, renderable: Any) -> None:
    """Print ``renderable`` (a table) without the spaces Rich pads its lines with."""
    with console.capture() as captured:
        console.print(renderable)
    lines = captured.get().splitlines()
    console.file.write("".join(line.rstrip() + "\n" for line in lines))
    console.file.flush()


def _error_line(prefix: str, message: str) -> str:
    text = " ".join(str(message).split())  # one line, whatever the message held
    return f"{prefix}: error: {text}"


class CroupierGroup(HelpGroup):
    """The root command: runs without standalone mode and reports errors in one line."""

    def invoke(self, ctx: Any) -> Any:
        """Run the command; when the reader leaves (``| head``), stop quietly with exit
        code 0 (Click's own handling would exit 1)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _silence_stdout()
            raise typer.Exit(0) from None

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        prog = prog_name or "croupier"
        given = list(args) if args is not None else sys.argv[1:]
        if given[:1] == ["--version"]:  # answered here: parsing options costs Typer 0.3 s
            from croupier import __version__
            from croupier.engine import report

            typer.echo(f"croupier {__version__}\n{report()}")
            code: Any = 0
            if standalone_mode:
                sys.exit(code)
            return code
        terminated = StopSignals()
        try:
            code = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except OptionError as exc:  # a bad number in an option (croupier.cli.options)
            typer.echo(_error_line(prog, str(exc)), err=True)
            code = exc.exit_code
        except typer.TyperException as exc:  # usage errors: bad option, missing argument...
            message = exc.format_message()
            value = _given_value(list(args) if args is not None else sys.argv[1:], exc)
            if value is not None and repr(value) not in message:
                message += f" (got {quoted(value)})"
            where = _subcommand_path(getattr(exc, "ctx", None))
            if where:
                message = f"{where}: {message}"
            typer.echo(_error_line(prog, message), err=True)
            code = exc.exit_code
        except typer.Abort:
            typer.echo(err=True)
            code = INTERRUPTED
        except CommandError as exc:
            typer.echo(_error_line(prog, str(exc)), err=True)
            code = exc.exit_code
        except CroupierError as exc:
            typer.echo(_error_line(prog, str(exc)), err=True)
            code = 2
        except OSError as exc:
            typer.echo(_error_line(prog, _describe_os_error(exc)), err=True)
            code = 2
        finally:
            terminated.restore()
        if not isinstance(code, int):
            code = 0
        if terminated.received and code in (0, INTERRUPTED):
            code = 128 + terminated.received
        if standalone_mode and code in (INTERRUPTED, TERMINATED, HUNG_UP):
            _leave_at_once(code)
        if standalone_mode:
            sys.exit(code)
        return code


#: The exit code after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130
#: The exit code after SIGTERM (128 + SIGTERM), as shells report it.
TERMINATED = 143
#: The exit code after SIGHUP, the terminal closed (128 + SIGHUP), as shells report it.
HUNG_UP = 129


def _silence_stdout() -> None:
    """Point stdout at the null device, so that the final flush of a closed pipe raises
    nothing at exit."""
    with contextlib.suppress(ValueError, AttributeError):
        point_at_null(sys.stdout.fileno())


def _leave_at_once(code: int) -> NoReturn:
    """After Ctrl-C, end the process as soon as the output is out: tearing down the
    interpreter (every module, the worker pool's threads) can take longer than the work
    that was interrupted."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    if "multiprocessing.util" in sys.modules:  # release the worker pool's semaphores
        finalizers = getattr(sys.modules["multiprocessing.util"], "_run_finalizers", None)
        with contextlib.suppress(Exception):
            finalizers and finalizers(0)
    os._exit(code)


def _subcommand_path(context: Any) -> str:
    """``baccarat play`` for an error inside ``croupier baccarat play`` ('' at the root)."""
    names: list[str] = []
    while context is not None and context.parent is not None:
        names.append(context.info_name or "")
        context = context.parent
    return " ".join(reversed(names))


typerpatch.install()

#: Context settings of every command: ``-h`` works as ``--help``.
CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


def _given_value(args: list[str], exc: Exception) -> str | None:
    """The value typed for the option an error is about, to quote it in the message."""
    options = getattr(getattr(exc, "param", None), "opts", None) or []
    for i, arg in enumerate(args):
        for option in options:
            if arg == option and i + 1 < len(args):
                return args[i + 1]
            if arg.startswith(option + "="):
                return arg[len(option) + 1 :]
    return None


def _describe_os_error(exc: OSError) -> str:
    if exc.filename is not None:
        return f"cannot use {str(exc.filename)!r}: {exc.strerror or exc}"
    return str(exc.strerror or exc)


class Prompter:
    """Reads answers from stdin for interactive games.

    End of input raises :class:`EOFError` (games leave cleanly on it). When stdin is not
    a terminal the answer is echoed, so a piped session reads like a typed one.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.echo = not sys.stdin.isatty()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` (Rich markup allowed) and return the line typed, without newline."""
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = sys.stdin.readline()
        if not line:
            self.console.print()
            raise EOFError
        answer = line.rstrip("\r\n")
        if self.echo:
            self.console.print(answer, markup=False)
        return answer


class LazyProgress:
    """A progress bar that appears only on a terminal, once a job has run over ``delay``
    seconds; call it with the amount done so far. Use it as a context manager.
    """

    def __init__(
        self,
        console: Console,
        total: int,
        description: str,
        *,
        enabled: bool = True,
        delay: float = 1.0,
    ) -> None:
        self.console = console
        self.total = total
        self.description = description
        self.enabled = enabled and console.is_terminal
        self.delay = delay
        self._start = time.monotonic()
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> LazyProgress:
        self._start = time.monotonic()
        return self

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self._bar is None and time.monotonic() - self._start >= self.delay:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(self.description, total=self.total)
        if self._bar is not None:
            self._bar.update(self._task, completed=done)

    def set_total(self, total: int) -> None:
        """Change the amount of work expected (a job that learns it as it goes)."""
        self.total = total
        if self._bar is not None:
            self._bar.update(self._task, total=total)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()
