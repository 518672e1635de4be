"""``croupier baccarat ...``: the table (``play``), the maths (``odds``, ``eor``,
``simulate``) and advantage play (``count``, ``perfect``)."""

from __future__ import annotations

from croupier.cli.console import command_group

__all__ = ["app"]

app = command_group(
    "baccarat",
    "Punto banco Baccarat: play at the table, exact odds, simulation, card counting.",
    {
        "play": (
            "croupier.cli.baccarat.play:play",
            "Bet on banker, player or tie, round after round, from a $1,000 bankroll.",
        ),
        "odds": (
            "croupier.cli.baccarat.analysis:odds",
            "Exact chances of player, banker and tie, and every bet's house edge, for a shoe.",
        ),
        "eor": (
            "croupier.cli.baccarat.analysis:eor",
            "Effect of removal: how each bet's expected value moves when one card of a rank "
            "is taken out of a full shoe.",
        ),
        "simulate": (
            "croupier.cli.baccarat.analysis:simulate",
            "Deal real shoes round by round to the cut card; compare with the exact odds.",
        ),
        "count": (
            "croupier.cli.baccarat.advantage:count",
            "Count cards and bet one unit when the count reaches a threshold, over many shoes.",
        ),
        "trainer": (
            "croupier.cli.baccarat.trainer:trainer",
            "Count cards as a shoe is dealt; every few cards say the running and true count, "
            "scored for accuracy and speed.",
        ),
        "perfect": (
            "croupier.cli.baccarat.advantage:perfect",
            "Bet exactly when the exact odds of the unseen cards favour the bet: the bound no "
            "count can beat.",
        ),
    },
)
