"""Card values: the ace as 1 or 14, sums of sets and builds, splitting a capture."""

from __future__ import annotations

import pytest

from croupier.cards import DECK, Rank
from croupier.casino.values import (
    CARD_VALUE,
    LOW_VALUE,
    card_value,
    counts_as,
    group_values,
    low_value,
    split_capture,
    values_of,
)

from .helpers import cards

FACE = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}


def test_the_value_table_card_by_card() -> None:
    for card in DECK:
        face = FACE.get(card.rank, int(card.rank))
        expected = (1, 14) if card.rank is Rank.ACE else (face,)
        assert values_of(card) == expected
        assert card_value(card) == CARD_VALUE[card.index] == max(expected)
        assert low_value(card) == LOW_VALUE[card.index] == min(expected)
        assert all(counts_as(card, v) for v in expected)
        assert not counts_as(card, 0)


@pytest.mark.parametrize(
    ("text", "totals"),
    [
        ("SA", (1, 14)),
        ("SK", (13,)),
        ("CK HA", (14,)),  # the ace counts 1 beside a king
        ("HA SA", (2,)),
        ("C6 S3", (9,)),
        ("D9 C6", ()),  # 15 is too much
        ("H2 H3 H4 H5", (14,)),
    ],
)
def test_group_values(text: str, totals: tuple[int, ...]) -> None:
    assert group_values(cards(text)) == totals


@pytest.mark.parametrize(
    ("loose", "value", "groups"),
    [
        ("", 5, ""),
        ("H5", 5, "H5"),
        ("H5 S5", 5, "H5 | S5"),
        ("C2 D3", 5, "C2 D3"),
        ("C2 D3 H5", 5, "C2 D3 | H5"),
        ("CK HA", 14, "CK HA"),
        ("HA", 14, "HA"),
        ("HA", 1, "HA"),
        ("C2 D3 D4", 5, None),
        ("C6 D4 H7 S3", 10, "C6 D4 | H7 S3"),
        ("C2 D2 H3 S3", 5, "C2 H3 | D2 S3"),
    ],
)
def test_split_capture(loose: str, value: int, groups: str | None) -> None:
    found = split_capture(cards(loose), value)
    if groups is None:
        assert found is None
    else:
        assert found is not None
        expected = sorted(tuple(sorted(cards(g))) for g in groups.split("|")) if groups else []
        assert sorted(tuple(sorted(g)) for g in found) == expected
