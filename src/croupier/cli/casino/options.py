"""Options shared by the Casino commands."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.casino.strategies import MAX_DEADLINE

__all__ = ["DeadlineOption"]

#: ``--deadline SECONDS``: how long a strategy may think about one move.
DeadlineOption = Annotated[
    float,
    typer.Option(
        "--deadline",
        metavar="SECONDS",
        help=(
            f"Seconds the computer may think about a move, 0 to {MAX_DEADLINE:g}: its search "
            "stops there with the best move found so far, and its reason says so."
        ),
    ),
]
