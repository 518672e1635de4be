"""Scoring at the end of a round: the table, item by item, ties included."""

from __future__ import annotations

from croupier.cards import DECK, Rank, Suit
from croupier.casino.scoring import SCORING, ScoreKind, score_piles

from .helpers import cards


def test_the_scoring_table_is_seed_003s() -> None:
    assert [(i.name, i.points, i.kind) for i in SCORING] == [
        ("most cards", 3, ScoreKind.MAJORITY),
        ("most spades", 1, ScoreKind.MAJORITY),
        ("10 of diamonds", 2, ScoreKind.PER_CARD),
        ("2 of spades", 1, ScoreKind.PER_CARD),
        ("aces", 1, ScoreKind.PER_CARD),
    ]
    assert len(SCORING[0].cards) == 52 and len(SCORING[1].cards) == 13
    assert all(c.suit is Suit.SPADES for c in SCORING[1].cards)
    assert {c.casino for c in SCORING[2].cards} == {"DX"}
    assert {c.casino for c in SCORING[3].cards} == {"S2"}
    assert {c.rank for c in SCORING[4].cards} == {Rank.ACE} and len(SCORING[4].cards) == 4


def test_every_item_for_its_holder() -> None:
    score = score_piles((cards("DX S2 SA HA S3"), cards("C4 D5 S6 S7")))
    by_name = {item.item.name: item for item in score.items}
    assert by_name["most cards"].counts == (5, 4) and by_name["most cards"].points == (3, 0)
    assert by_name["most spades"].counts == (3, 2) and by_name["most spades"].points == (1, 0)
    assert by_name["10 of diamonds"].points == (2, 0)
    assert by_name["2 of spades"].points == (1, 0)
    assert by_name["aces"].counts == (2, 0) and by_name["aces"].points == (2, 0)
    assert score.points == (9, 0)


def test_ties_score_nothing() -> None:
    score = score_piles((cards("S3 H4"), cards("S5 H6")))
    assert score.points == (0, 0)


def test_all_52_cards_split_26_26_with_7_spades_each_way() -> None:
    spades = [c for c in DECK if c.suit is Suit.SPADES]
    others = [c for c in DECK if c.suit is not Suit.SPADES]
    human = spades[:6] + others[:20]
    computer = spades[6:] + others[20:]
    score = score_piles((human, computer))
    assert score.items[0].points == (0, 0)  # 26 each
    assert score.items[1].counts == (6, 7) and score.items[1].points == (0, 1)
    assert sum(score.points) == 11 - 3  # only the card majority tied
