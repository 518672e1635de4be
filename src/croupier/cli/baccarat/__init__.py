"""``croupier baccarat ...``: the table (``play``), the maths (``odds``, ``eor``,
``simulate``) and advantage play (``count``, ``perfect``)."""

from __future__ import annotations

from croupier.cli.baccarat.advantage import count, perfect
from croupier.cli.baccarat.analysis import eor, odds, simulate
from croupier.cli.baccarat.play import play
from croupier.cli.console import command_group

__all__ = ["app", "play"]

app = command_group(
    "baccarat", "Punto banco Baccarat: play at the table, exact odds, simulation, card counting."
)


app.command()(play)
app.command()(odds)
app.command()(eor)
app.command()(simulate)
app.command()(count)
app.command()(perfect)
