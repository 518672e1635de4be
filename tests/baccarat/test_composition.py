"""Shoe compositions: by value, by rank, N decks, infinite, removing cards, checks."""

from __future__ import annotations

import pytest

from croupier.baccarat import BaccaratError, Composition, outcome_probabilities
from croupier.baccarat.composition import parse_counts, parse_value_counts
from croupier.cards import Rank, Shoe, parse_cards, parse_ranks


def test_decks() -> None:
    shoe = Composition.decks(6)
    assert shoe.values == (96,) + (24,) * 9
    assert shoe.total == 312 and shoe.has_ranks and not shoe.infinite
    assert shoe.rank_count(Rank.QUEEN) == 24
    assert shoe.describe() == "6 decks" and Composition.decks(1).describe() == "1 deck"
    with pytest.raises(BaccaratError, match="bad number of decks 0"):
        Composition.decks(0)


def test_counts_past_the_arithmetic_are_refused() -> None:
    # the float odds overflowed ("int too large to convert to float") past about 1e308
    with pytest.raises(BaccaratError, match=r"bad number of decks .*: expected 1 to 62,5"):
        Composition.decks(2**200)
    with pytest.raises(BaccaratError, match="bad count 1000000000000001 for value 0"):
        Composition.from_values([10**15 + 1] + [4] * 9)
    with pytest.raises(BaccaratError, match="bad count 1000000000000001 for rank A"):
        Composition.from_ranks({Rank.ACE: 10**15 + 1})
    courts = dict.fromkeys((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), 10**15)
    with pytest.raises(BaccaratError, match="bad count 4000000000000000 for value 0"):
        Composition.from_ranks(courts)  # value 0: the four ranks together
    # a description counted the missing cards one by one (seconds for a million)
    huge = Composition.from_ranks({Rank.TWO: 10**15, Rank.ACE: 6})
    assert huge.describe() == "1,000,000,000,000,006 cards"
    largest = Composition.decks(62_500_000_000_000)  # the limit prices as the infinite deck
    assert outcome_probabilities(largest) == pytest.approx(
        outcome_probabilities(Composition.infinite_deck()), abs=1e-12
    )


def test_infinite_deck() -> None:
    shoe = Composition.infinite_deck()
    assert shoe.infinite and shoe.values == (16,) + (4,) * 9
    assert shoe.describe() == "infinite deck"
    with pytest.raises(BaccaratError, match="cannot be removed from an infinite deck"):
        shoe.removing(parse_ranks("5"))


def test_removing_cards_and_ranks() -> None:
    shoe = Composition.decks(8).removing(parse_ranks("5 5 9 K"))
    assert shoe.values == (127, 32, 32, 32, 32, 30, 32, 32, 32, 31)
    assert shoe.rank_count(Rank.KING) == 31 and shoe.rank_count(Rank.TEN) == 32
    assert shoe.describe() == "8 decks less 5 5 9 K"
    assert Composition.decks(1).removing("2 3 4 5 6 7 8 9 10 J Q K A").describe() == "39 cards"
    cards = Composition.decks(1).removing(parse_cards("5h 5d"))
    assert cards.rank_count(Rank.FIVE) == 2
    with pytest.raises(BaccaratError, match="cannot remove a 5: none left"):
        Composition.decks(1).removing(parse_ranks("5 5 5 5 5"))
    by_value = Composition.from_values([6, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    assert by_value.removing([Rank.ACE]).values[1] == 0
    with pytest.raises(BaccaratError, match="no card of value 1 left"):
        by_value.removing([Rank.ACE, Rank.ACE])
    with pytest.raises(BaccaratError, match="too few cards after removing: 5 left"):
        Composition.from_values([6, 0, 0, 0, 0, 0, 0, 0, 0, 0]).removing([Rank.KING])


def test_from_shoe_and_ranks() -> None:
    shoe = Shoe.stacked(parse_cards("Ah Ad 5c Ks Qs 9d 2c"))
    shoe.draw()
    composition = Composition.from_shoe(shoe)
    assert composition.values == (2, 1, 1, 0, 0, 1, 0, 0, 0, 1)
    assert composition.rank_count(Rank.ACE) == 1
    with pytest.raises(BaccaratError, match="bad count -1 for rank 7"):
        Composition.from_ranks({Rank.SEVEN: -1, Rank.TWO: 10})


def test_values_only() -> None:
    shoe = Composition.from_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    assert not shoe.has_ranks and shoe.describe() == "52 cards"
    with pytest.raises(BaccaratError, match="only has counts by value"):
        shoe.rank_count(Rank.ACE)


def test_inconsistent_counts_are_refused() -> None:
    with pytest.raises(BaccaratError, match="rank counts and value counts disagree"):
        Composition((16,) + (4,) * 9, (5,) * 13)
    with pytest.raises(BaccaratError, match="expected 13 counts"):
        Composition((16,) + (4,) * 9, (4,) * 12)


def test_parse_value_counts() -> None:
    assert parse_value_counts(" 16, 4,4,4,4,4,4,4,4,4") == (16,) + (4,) * 9
    with pytest.raises(BaccaratError, match="bad count 'x' at position 3"):
        parse_value_counts("16,4,x,4,4,4,4,4,4,4")
    with pytest.raises(BaccaratError, match=r"expected 10 card counts .* got 3"):
        parse_value_counts("1,2,3")
    with pytest.raises(BaccaratError, match="bad count '-4' at position 2"):
        parse_value_counts("16,-4,4,4,4,4,4,4,4,4")
    for odd in ("٣", "1_000", "²"):
        with pytest.raises(BaccaratError, match=f"bad count '{odd}' at position 1"):
            parse_value_counts(odd + ",4,4,4,4,4,4,4,4,4")


def test_parse_counts_by_value_or_by_rank() -> None:
    by_value = parse_counts("16,4,4,4,4,4,4,4,4,4")
    assert by_value.values == (16,) + (4,) * 9 and not by_value.has_ranks
    by_rank = parse_counts("2,3,4,5,6,7,8,9,10,11,12,13,1")  # 2, ..., K, A: rank order
    assert by_rank.rank_count(Rank.ACE) == 1 and by_rank.rank_count(Rank.KING) == 13
    assert by_rank.values == (10 + 11 + 12 + 13, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    with pytest.raises(BaccaratError, match=r"expected 10 counts by value .* or 13 by rank"):
        parse_counts("1,2,3")
    with pytest.raises(BaccaratError, match="bad count '-1' at position 11"):
        parse_counts("4,4,4,4,4,4,4,4,4,4,-1,4,4")
