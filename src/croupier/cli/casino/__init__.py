"""``croupier casino ...``: play Casino against the computer, pit strategies against each
other, and look into saved positions."""

from __future__ import annotations

from croupier.cli.casino.arena import arena
from croupier.cli.casino.play import play
from croupier.cli.casino.positions import hint, moves, show
from croupier.cli.casino.review import review
from croupier.cli.console import command_group

__all__ = ["app", "play"]

app = command_group(
    "casino",
    "Casino, the capture game: play the computer, review your game, run strategy arenas, "
    "inspect saves.",
)


app.command()(play)
app.command()(hint)
app.command()(arena)
app.command()(show)
app.command()(moves)
app.command()(review)
