"""croupier's own notebook pictures on the site's pages: ``<!-- picture: NAME | caption -->``
becomes the picture a value draws in Jupyter (its ``_repr_html_`` or ``_repr_svg_``),
from a seeded example here, with the caption under it. The same drawing code as the
notebook, so the docs show what an analyst sees."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any, Final

__all__ = ["PICTURE", "PICTURES", "picture_html"]

PICTURE: Final = re.compile(
    r"^<!--\s*picture:\s*(?P<name>[\w-]+)\s*\|\s*(?P<caption>[^>]*?)\s*-->[ \t]*$", re.MULTILINE
)


def _scoreboard() -> Any:
    """The boards of the first 60 rounds of a seeded 8-deck shoe."""
    from croupier.baccarat.round import Round
    from croupier.baccarat.scoreboard import Bead, Scoreboard
    from croupier.cards import Shoe

    shoe = Shoe(decks=8, rng=2024, cut_card=400)
    board = Scoreboard()
    for _ in range(60):
        game = Round(shoe)
        game.deal_initial()
        board.add(Bead.of(game.finalize()))
    return board


def _dragon_tails() -> Any:
    """A hand-made shoe with two tails: seven bankers (a tail on the bottom row), seven
    players (stopped above it: a tail on row 4 that stays there), then a banker, three
    players with a tie, and eight bankers."""
    from croupier.baccarat.rules import Outcome
    from croupier.baccarat.scoreboard import Bead, Scoreboard

    letters = {"B": Outcome.BANKER, "P": Outcome.PLAYER, "T": Outcome.TIE}
    return Scoreboard(Bead(letters[x]) for x in "B" * 7 + "P" * 7 + "B" + "PTPP" + "B" * 8)


def _partly_dealt_odds() -> Any:
    """The odds of six decks less 5 5 9 K, as the how-to's commands ask."""
    from croupier.baccarat import Composition, odds_report

    return odds_report(Composition.decks(6).removing("5 5 9 K"))


def _review() -> Any:
    """The review of a round of the greedy strategy against the random one."""
    from croupier.casino import Player, new_tournament
    from croupier.casino.gamelog import GameLog
    from croupier.casino.review import review_game
    from croupier.casino.strategies import strategy_named

    players = {Player.HUMAN: strategy_named("greedy"), Player.COMPUTER: strategy_named("random")}
    state, log = new_tournament(Player.HUMAN, rng=7), GameLog()
    while not state.is_round_over:
        mover = state.to_move
        assert mover is not None
        move = players[mover].decide(state.observe(mover)).move
        log, state = log.add(state, move), state.apply(move)
    return review_game(log)


#: Each picture a page may show, by name: what builds the value.
PICTURES: Final[dict[str, Callable[[], Any]]] = {
    "scoreboard": _scoreboard,
    "dragon-tails": _dragon_tails,
    "partly-dealt-odds": _partly_dealt_odds,
    "casino-review": _review,
}


def picture_html(name: str, caption: str) -> str:
    """The picture ``name`` as a figure with its (escaped) caption."""
    if name not in PICTURES:
        raise ValueError(f"no picture {name!r}: expected one of {', '.join(PICTURES)}")
    value = PICTURES[name]()
    markup = value._repr_html_() if hasattr(value, "_repr_html_") else value._repr_svg_()
    return (
        f'<figure class="nb-picture">{markup}'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )
