"""Commands imported only when they run, so that ``croupier --help`` and every group's
help answer without importing NumPy or a game's code.

A lazy group knows its commands by name, the ``module:function`` (or ``module:app`` for a
sub-group) that holds each, and each one's one-line summary for the help listing. The
summary must be the first line of the command's docstring (a test checks it).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import Any

import typer
import typer.core
import typer.main

from croupier.cli.helptext import HelpCommand, HelpGroup

__all__ = ["LazyCommands", "lazy_group_class", "load"]

#: Command name -> (``module:attribute``, one-line summary).
LazyCommands = Mapping[str, tuple[str, str]]


def load(target: str) -> Any:
    """The object named by ``module:attribute``."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def unwrapped(text: str | None) -> str | None:
    r"""A docstring as help: each paragraph on one line (the terminal wraps it), so no
    sentence breaks where the source did.

    >>> unwrapped("First line\n    goes on.\n\n    Second.")
    'First line goes on.\n\nSecond.'
    """
    if text is None:
        return None
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(part.split()) for part in paragraphs)


def _unwrap_commands(app: typer.Typer) -> None:
    """Give the commands of ``app`` their help from the docstring and croupier's help
    screen (:mod:`croupier.cli.helptext`)."""
    for info in app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = unwrapped(info.callback.__doc__)
        if info.cls in (None, typer.core.TyperCommand):
            info.cls = HelpCommand
    for group in app.registered_groups:  # a group inside (poker ranges): its commands too
        if group.typer_instance is not None:
            _unwrap_commands(group.typer_instance)


def _command(name: str, target: str) -> Any:
    found = load(target)
    if isinstance(found, typer.Typer):
        _unwrap_commands(found)
        command = typer.main.get_command(found)
    else:
        single = typer.Typer(add_completion=False)
        single.command(name=name, help=unwrapped(found.__doc__), cls=HelpCommand)(found)
        command = typer.main.get_command(single)
    command.name = name
    return command


def lazy_group_class(
    commands: LazyCommands, base: type[typer.core.TyperGroup] = HelpGroup
) -> type[typer.core.TyperGroup]:
    """A group class (for ``typer.Typer(cls=...)``) whose ``commands`` load on first use."""

    class LazyGroup(base):  # type: ignore[valid-type, misc]
        #: The commands loaded on first use.
        lazy_commands = commands
        _listing = False

        def list_commands(self, ctx: Any) -> list[str]:
            listed = list(super().list_commands(ctx))
            return listed + [name for name in commands if name not in listed]

        def get_command(self, ctx: Any, name: str) -> Any:
            if name not in commands or name in self.commands:
                return super().get_command(ctx, name)
            target, summary = commands[name]
            if self._listing:  # the help listing needs only the summary
                return typer.core.TyperCommand(name=name, help=summary, short_help=summary)
            command = _command(name, target)
            self.commands[name] = command
            return command

        def format_help(self, ctx: Any, formatter: Any) -> None:
            self._listing = True
            try:
                super().format_help(ctx, formatter)
            finally:
                self._listing = False

    return LazyGroup


def lazy_callable(target: str) -> Callable[[], None]:
    """A function that imports ``module:function`` when called, then calls it."""

    def run() -> None:
        load(target)()

    return run


__all__ += ["lazy_callable"]
