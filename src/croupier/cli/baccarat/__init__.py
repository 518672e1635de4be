"""``croupier baccarat ...``: the table (``play``) and the maths (``odds``, ``eor``,
``simulate``)."""

from __future__ import annotations

import typer

from croupier.cli.baccarat.analysis import eor, odds, simulate
from croupier.cli.baccarat.play import play

__all__ = ["app", "play"]

app = typer.Typer(
    name="baccarat",
    help="Punto banco Baccarat: play at the table, exact odds, simulation.",
    add_completion=False,
)


@app.callback(invoke_without_command=True)
def baccarat_group(ctx: typer.Context) -> None:
    """Punto banco Baccarat: play at the table, exact odds, simulation."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


app.command()(play)
app.command()(odds)
app.command()(eor)
app.command()(simulate)
