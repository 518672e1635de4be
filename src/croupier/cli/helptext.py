"""The ``--help`` screens: usage, description, then panels of arguments, options and
commands, drawn with Rich.

Typer draws the same panels through ``typer.rich_utils``, whose imports (Markdown,
Pygments, tracebacks) cost more than the rest of ``croupier --help`` together; this module
needs only Rich's table and panel, so help answers about as fast as Python starts. Every
command class croupier builds (see :mod:`croupier.cli.lazy`) draws its help here.

Each parameter's text is Click's help record, the one the CLI reference in the docs is
generated from: the help, then ``[default: ...]`` and ``[required]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer.core

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

__all__ = ["HelpCommand", "HelpGroup", "print_help"]

#: Styles of the parts of a help screen.
STYLES = {
    "usage": "yellow",
    "name": "bold cyan",
    "metavar": "bold yellow",
    "extra": "dim",
    "required": "red",
    "border": "dim",
}


class HelpCommand(typer.core.TyperCommand):
    """A command whose ``--help`` is drawn by :func:`print_help`."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Print the help screen (Click's formatter is not used)."""
        print_help(self, ctx)


class HelpGroup(typer.core.TyperGroup):
    """A command group whose ``--help`` is drawn by :func:`print_help`."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Print the help screen (Click's formatter is not used)."""
        print_help(self, ctx)


def print_help(command: Any, ctx: Any, console: Console | None = None) -> None:
    """Print the help of ``command`` (a Click command or group) in ``ctx`` to ``console``
    (default: standard output)."""
    from rich.console import Console

    out = console or Console(highlight=False, emoji=False)
    with out.capture() as screen:
        _draw(command, ctx, out)
    lines = screen.get().splitlines()
    out.file.write("".join(line.rstrip() + "\n" for line in lines))  # no trailing spaces
    out.file.flush()


def _draw(command: Any, ctx: Any, out: Console) -> None:
    from rich.padding import Padding
    from rich.text import Text

    usage = Text("Usage: ", style=STYLES["usage"])
    usage.append(" ".join([ctx.command_path, *_usage_pieces(command, ctx)]), style="bold")
    out.print(Padding(usage, (1, 1, 1, 1), expand=False))
    if command.help:
        paragraphs = [" ".join(part.split()) for part in command.help.split("\n\n")]
        text = _markup("\n\n".join(p for p in paragraphs if p))
        out.print(Padding(text, (0, 1, 1, 1), expand=False))
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    rows: list[list[RenderableType]]
    arguments = [p for p in params if p.param_type_name == "argument"]
    options = [p for p in params if p.param_type_name != "argument"]
    for title, group in _panels(arguments, "Arguments") + _panels(options, "Options"):
        rows = [_parameter_row(p, ctx) for p in group]
        if not any(p.required for p in group):
            rows = [row[1:] for row in rows]  # no column of required markers
        out.print(_panel(title, rows))
    if isinstance(command, typer.core.TyperGroup):
        rows = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                summary = sub.short_help or (sub.help or "").split("\n\n")[0]
                summary = " ".join(summary.split())
                rows.append([Text(name, style=STYLES["name"]), _markup(summary)])
        if rows:
            out.print(_panel("Commands", rows))
    if command.epilog:
        out.print(Padding(Text(" ".join(command.epilog.split())), (0, 1, 1, 1), expand=False))


def _markup(text: str) -> Text:
    """Help text as Typer reads it: Rich markup (``\\[`` for a bracket), no emoji codes."""
    from rich.text import Text

    return Text.from_markup(text, emoji=False)


def _usage_pieces(command: Any, ctx: Any) -> list[str]:
    """``[OPTIONS] FILE [TRIALS]``: required arguments bare, optional ones in brackets."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if param.param_type_name != "argument":
            continue
        name = _argument_name(param)
        if param.nargs != 1:
            name += "..."
        pieces.append(name if param.required else f"[{name}]")
    if isinstance(command, typer.core.TyperGroup):
        pieces.append(command.subcommand_metavar or "COMMAND [ARGS]...")
    return pieces


def _argument_name(param: Any) -> str:
    return str(param.metavar or (param.name or "").upper())


def _panels(params: list[Any], default: str) -> list[tuple[str, list[Any]]]:
    """The parameters grouped by their ``rich_help_panel`` (``default`` when none), the
    default panel first."""
    panels: dict[str, list[Any]] = {default: []}
    for param in params:
        panels.setdefault(getattr(param, "rich_help_panel", None) or default, []).append(param)
    return [(title, group) for title, group in panels.items() if group]


def _parameter_row(param: Any, ctx: Any) -> list[RenderableType]:
    """Names, value placeholder and help of one option or argument."""
    from rich.text import Text

    if param.param_type_name == "argument":
        names, metavar = _argument_name(param), ""
        if param.nargs != 1:
            names += "..."
    else:
        names = ", ".join(sorted(param.opts, key=len))
        if param.secondary_opts:
            names += " / " + ", ".join(param.secondary_opts)
        metavar = "" if param.is_flag else (param.display_type_rich(ctx) or "")
    marker = Text("*", style=STYLES["required"]) if param.required else Text("")
    return [
        marker,
        Text(names, style=STYLES["name"]),
        Text(metavar, style=STYLES["metavar"]),
        _help_text(param, ctx),
    ]


def _help_text(param: Any, ctx: Any) -> Text:
    """The parameter's help (Rich markup, as Typer reads it), then Click's extras
    (``[default: ...; required]``) dimmed, as is a ``[default: ...]`` the help writes."""

    help = param.help or ""
    record = param.get_help_record(ctx)
    whole = record[1] if record else help
    extra = whole[len(help) :] if whole.startswith(help) else ""
    text = _markup(" ".join(help.split()))
    written = text.plain.rfind("[default:")
    if written >= 0:  # the default the help writes itself, up to its closing bracket
        text.stylize(STYLES["extra"], written, text.plain.find("]", written) + 1 or None)
    if extra.strip():
        text.append((" " if help else "") + " ".join(extra.split()), style=STYLES["extra"])
    return text


def _panel(title: str, rows: list[list[RenderableType]]) -> RenderableType:
    """A titled, rounded box holding ``rows`` as aligned columns."""
    from rich import box
    from rich.panel import Panel
    from rich.table import Table

    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False, expand=True)
    columns = len(rows[0])
    for index in range(columns):
        last = index == columns - 1
        table.add_column(no_wrap=not last, ratio=1 if last else None)
    for row in rows:
        table.add_row(*row)
    return Panel(
        table,
        title=_markup(title),
        title_align="left",
        box=box.ROUNDED,
        border_style=STYLES["border"],
    )
