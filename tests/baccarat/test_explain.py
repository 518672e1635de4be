"""The drawing rule that applied, for every kind of round."""

from __future__ import annotations

import itertools

from croupier.baccarat.explain import drawing_reasons
from croupier.baccarat.round import deal_coup
from croupier.cards import Card, Rank, Suit

#: A card worth each number of points.
WORTH = [Card(Rank.KING, Suit.CLUBS), Card(Rank.ACE, Suit.CLUBS)] + [
    Card(Rank(v), Suit.DIAMONDS) for v in range(2, 10)
]


def test_every_decision_is_explained_as_it_was_made() -> None:
    for player, banker, third, fourth in itertools.product(range(10), repeat=4):
        cards = [WORTH[0], WORTH[player], WORTH[0], WORTH[banker], WORTH[third], WORTH[fourth]]
        coup = deal_coup(cards)
        lines = drawing_reasons(coup)
        if coup.natural:
            assert lines == (lines[0],) and "natural" in lines[0] and "nobody draws" in lines[0]
            continue
        assert lines[0].startswith(f"Player has {player}: the player ")
        assert ("draws" in lines[0]) is (coup.player_third is not None)
        assert lines[1].startswith(f"Banker has {banker} ")
        assert lines[1].endswith(
            ("draws on 0 to 5.", "draws (third-card chart).")
            if coup.banker_third is not None
            else ("stands on 6 and 7.", "stands (third-card chart).")
        )


def test_two_naturals() -> None:
    coup = deal_coup([WORTH[0], WORTH[8], WORTH[0], WORTH[9]])
    assert drawing_reasons(coup) == (
        "Player has a natural 8 and banker a natural 9: nobody draws.",
    )
