"""Terminal plumbing shared by every command: consoles, prompts, one-line errors.

Bad input anywhere ends in one line on stderr and exit code 2, never a traceback:
:class:`CroupierGroup` is the root command class and turns Typer's usage errors and
every :class:`~croupier.errors.CroupierError` into that line.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from types import TracebackType
from typing import Any, NoReturn

import typer
import typer.core
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from croupier.errors import CroupierError

__all__ = [
    "CommandError",
    "CroupierGroup",
    "LazyProgress",
    "Prompter",
    "command_group",
    "fail",
    "make_console",
]


class CommandError(Exception):
    """Raised by commands for bad input they detect themselves; becomes one line, exit 2."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def fail(message: str, exit_code: int = 2) -> NoReturn:
    """Stop the command with a one-line error."""
    raise CommandError(message, exit_code)


def command_group(name: str, help: str) -> typer.Typer:
    """A group of commands (``croupier NAME ...``) that shows its help when called alone."""
    group = typer.Typer(name=name, help=help, add_completion=False)

    @group.callback(invoke_without_command=True)
    def show_help_without_a_command(ctx: typer.Context) -> None:
        if ctx.invoked_subcommand is None:
            typer.echo(ctx.get_help())

    return group


def make_console(*, stderr: bool = False) -> Console:
    """A Rich console on the current stdout (or stderr): colour on terminals, plain in pipes."""
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _error_line(prefix: str, message: str) -> str:
    text = " ".join(str(message).split())  # one line, whatever the message held
    return f"{prefix}: error: {text}"


class CroupierGroup(typer.core.TyperGroup):
    """The root command: runs without standalone mode and reports errors in one line."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        prog = prog_name or "croupier"
        try:
            code = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except typer.TyperException as exc:  # usage errors: bad option, missing argument...
            context = getattr(exc, "ctx", None)
            where = getattr(context, "command_path", None) or prog
            message = exc.format_message()
            value = _given_value(list(args) if args is not None else sys.argv[1:], exc)
            if value is not None and repr(value) not in message:
                message += f" (got {value!r})"
            typer.echo(_error_line(where, message), err=True)
            code = exc.exit_code
        except typer.Abort:
            typer.echo(err=True)
            code = 130
        except CommandError as exc:
            typer.echo(_error_line(prog, str(exc)), err=True)
            code = exc.exit_code
        except CroupierError as exc:
            typer.echo(_error_line(prog, str(exc)), err=True)
            code = 2
        except OSError as exc:
            typer.echo(_error_line(prog, _describe_os_error(exc)), err=True)
            code = 2
        if not isinstance(code, int):
            code = 0
        if standalone_mode:
            sys.exit(code)
        return code


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
        self._bar: Progress | None = None
        self._task: Any = None

    def __enter__(self) -> LazyProgress:
        self._start = time.monotonic()
        return self

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self._bar is None and time.monotonic() - self._start >= self.delay:
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
