"""Count systems: written forms, named counts, tags from the effect of removal."""

from __future__ import annotations

import pytest

from croupier.baccarat.advantage import NAMED_COUNTS, CountSystem, eor_count, parse_count
from croupier.baccarat.errors import BaccaratError
from croupier.cards import Rank


def test_jacobson_dragon_count_is_balanced() -> None:
    dragon = NAMED_COUNTS["dragon-7"]
    assert dragon.tag(Rank.FOUR) == -1 and dragon.tag(Rank.NINE) == 2 and dragon.tag(Rank.KING) == 0
    assert dragon.is_balanced(8)
    panda = NAMED_COUNTS["panda-8"]
    assert panda.written() == "2=+1 3,4,5=-2 6,7=-1 8=-2 9=+4 10,J,Q,K,A=+1"
    # Jacobson's published forms, written A,2,...,9,T: read in croupier's order.
    assert dragon.tags == parse_count("0,0,0,0,-1,-1,-1,-1,2,2", "dragon-7").tags
    published = {"A": 1, "2": 1, "3": -2, "4": -2, "5": -2, "6": -1, "7": -1, "8": -2, "9": 4}
    assert all(panda.labelled()[label] == tag for label, tag in published.items())
    assert all(panda.labelled()[label] == 1 for label in ("10", "J", "Q", "K"))
    assert panda.is_balanced()


def test_tags_by_rank_and_by_value_agree() -> None:
    """One order for each: by value 0 (10/J/Q/K) to 9, by rank 2 to A."""
    by_value = parse_count("-1,1,0,0,0,0,0,0,0,0", "tie")  # tens -1, aces +1
    by_rank = parse_count("0,0,0,0,0,0,0,0,-1,-1,-1,-1,1", "tie")
    assert by_value.tags == by_rank.tags
    assert list(by_value.labelled().values()) == [0] * 8 + [-1] * 4 + [1]
    assert list(by_value.labelled()) == [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
    ]


def test_eor_tags_follow_the_effect_of_removal() -> None:
    tags = eor_count("panda-8")
    assert max(abs(t) for t in tags.tags) <= 3 and any(tags.tags)
    assert eor_count("dragon-7").tag(Rank.NINE) > 0 > eor_count("dragon-7").tag(Rank.SIX)


@pytest.mark.parametrize("text", ["1,2", "a,b,c,d,e,f,g,h,i,j", "hilo", "1,2,3,4,5,6,7,8,9,１"])
def test_bad_tags_are_named(text: str) -> None:
    with pytest.raises(BaccaratError, match="tag"):
        parse_count(text, "tie")


def test_count_system_checks_its_tags() -> None:
    with pytest.raises(BaccaratError):
        CountSystem("short", (1, 2))


@pytest.mark.parametrize("tag", ["1000", "-1000", "+1000", "0999999"])
def test_a_tag_too_large_is_refused_with_the_real_limit(tag: str) -> None:
    """999 is the largest tag: 1000 is a whole number, refused for its size, and said so."""
    assert parse_count("999,-999,0,0,0,0,0,0,0,0", "tie").tags[12] == -999  # ace: value 1
    with pytest.raises(BaccaratError, match=r"expected whole numbers from -999 to 999 "):
        parse_count(f"{tag},0,0,0,0,0,0,0,0,0", "tie")
    with pytest.raises(BaccaratError, match=r"expected whole numbers from -999 to 999$"):
        CountSystem("big", (1000, *[0] * 12))
