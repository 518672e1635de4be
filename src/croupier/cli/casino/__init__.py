"""``croupier casino ...``: play Casino against the computer, pit strategies against each
other, and look into saved positions."""

from __future__ import annotations

import typer

from croupier.cli.casino.arena import arena
from croupier.cli.casino.play import play
from croupier.cli.casino.positions import hint, moves, show

__all__ = ["app", "play"]

app = typer.Typer(
    name="casino",
    help="Casino, the capture game: play the computer, run strategy arenas, inspect saves.",
    add_completion=False,
)


@app.callback(invoke_without_command=True)
def casino_group(ctx: typer.Context) -> None:
    """Casino, the capture game: play the computer, run strategy arenas, inspect saves."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


app.command()(play)
app.command()(hint)
app.command()(arena)
app.command()(show)
app.command()(moves)
