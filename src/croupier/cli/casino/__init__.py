"""``croupier casino ...``: play Casino against the computer, review a game, pit strategies
against each other, and look into saved positions."""

from __future__ import annotations

from croupier.cli.console import command_group

__all__ = ["app"]

app = command_group(
    "casino",
    "Casino, the capture game: play the computer, review your game, run strategy arenas, "
    "inspect saves.",
    {
        "play": (
            "croupier.cli.casino.commands:play",
            "Play a tournament of Casino to 21 points against the computer, or against a "
            "person at a croupier server's table (--join).",
        ),
        "hint": (
            "croupier.cli.casino.commands:hint",
            "Recommend a move for the player to move in a saved position, with the reason.",
        ),
        "arena": (
            "croupier.cli.casino.arena:arena",
            "Play whole tournaments between two strategies, alternating who starts; report "
            "wins, ties and round points with 95% confidence intervals.",
        ),
        "show": (
            "croupier.cli.casino.commands:show",
            "Draw a saved position: hands, piles, scores, the table with its builds, the deck.",
        ),
        "moves": (
            "croupier.cli.casino.commands:moves",
            "List every legal move of the player to move, grouped by card and action.",
        ),
        "puzzle": (
            "croupier.cli.casino.commands:puzzle",
            "Solve positions where one move is clearly best; your rating and the puzzles' "
            "move with every answer (Glicko-2).",
        ),
        "review": (
            "croupier.cli.casino.commands:review",
            "Review every move you made in a game with the judge's eyes: the best move, the "
            "points lost (with their error), inaccuracies and blunders, and a summary.",
        ),
    },
)
