"""Flop textures: their flop counts against a direct enumeration of every flop, their
invariance under the suit relabellings (what keeps ``flop_hits``' families exact), and
``flop_hits`` with a texture against a naive loop of ``hits`` over the filtered flops."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from croupier.cards import Card, Rank, parse_cards
from croupier.errors import CroupierError
from croupier.poker.errors import PokerError
from croupier.poker.games import variant_of
from croupier.poker.hits.classifier import HitsQuestion, flop_hits, hits
from croupier.poker.hits.flops import SUIT_MAPS, all_flops
from croupier.poker.hits.textures import FlopTexture, Texture, texture_counts
from croupier.poker.ranges.holdem import RangeError

#: The counts the explanation page documents, worked out by hand: monotone 4 x C(13, 3),
#: rainbow 4 x 13^3, paired 13 x 12 x C(4, 2) x 4, trips 13 x 4, unpaired C(13, 3) x 4^3,
#: connected 64 sets of three ranks in one straight x 4^3 (short-deck: 40 x 4^3).
DOCUMENTED = {
    "holdem": {
        "monotone": 1144,
        "two-tone": 12168,
        "rainbow": 8788,
        "paired": 3744,
        "unpaired": 18304,
        "trips": 52,
        "connected": 4096,
        "disconnected": 18004,
    },
    "shortdeck": {
        "monotone": 336,
        "two-tone": 3888,
        "rainbow": 2916,
        "paired": 1728,
        "unpaired": 5376,
        "trips": 36,
        "connected": 2560,
        "disconnected": 4580,
    },
}


def straights(game: str) -> list[set[int]]:
    """The game's straights as sets of ranks, written out here (the wheel apart)."""
    low = variant_of(game).lowest_rank
    runs = [set(range(top - 4, top + 1)) for top in range(low + 4, 15)]
    return [*runs, {14, *range(low, low + 4)}]


def has(texture: str, flop: tuple[Card, ...], game: str) -> bool:
    """The texture's definition, read off one flop."""
    suits = len({c.suit for c in flop})
    ranks = {int(c.rank) for c in flop}
    connected = len(ranks) == 3 and any(ranks <= run for run in straights(game))
    return {
        "monotone": suits == 1,
        "two-tone": suits == 2,
        "rainbow": suits == 3,
        "unpaired": len(ranks) == 3,
        "paired": len(ranks) == 2,
        "trips": len(ranks) == 1,
        "connected": connected,
        "disconnected": not connected,
    }[texture]


def naive_flops(
    textures: list[str], high: Rank | None, game: str, dead: tuple[Card, ...] = ()
) -> list[tuple[Card, ...]]:
    deck = [c for c in variant_of(game).deck if c not in dead]
    return [
        flop
        for flop in itertools.combinations(deck, 3)
        if all(has(t, flop, game) for t in textures)
        and (high is None or max(c.rank for c in flop) == high)
    ]


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "omaha"])
def test_counts_against_every_flop(game: str) -> None:
    deck = variant_of(game).deck
    flops = list(itertools.combinations(deck, 3))
    counts = texture_counts(game)
    deck_name = "shortdeck" if len(deck) == 36 else "holdem"
    for texture in Texture:
        expected = sum(has(texture.value, flop, game) for flop in flops)
        assert counts[texture] == expected == DOCUMENTED[deck_name][texture.value]
    for rank in Rank:
        expected = sum(max(c.rank for c in flop) == rank for flop in flops)
        assert int(FlopTexture(high=rank).kept(game).sum()) == expected


def test_every_texture_is_kept_by_every_suit_relabelling() -> None:
    images = all_flops().images
    assert len(images) == len(SUIT_MAPS)
    for game in ("holdem", "shortdeck"):
        for texture in [*Texture, None]:
            for high in (None, Rank.ACE, Rank.NINE):
                chosen = FlopTexture(frozenset({texture} if texture else ()), high)
                kept = chosen.kept(game)
                assert (kept[images] == kept[None, :]).all()


def test_combined_textures_must_all_hold() -> None:
    chosen = FlopTexture.parse(["two-tone, connected", "paired"], high="K")
    assert chosen.textures == {Texture.TWO_TONE, Texture.CONNECTED, Texture.PAIRED}
    assert not chosen.kept().any()  # a connected flop has three ranks
    chosen = FlopTexture.parse("rainbow connected", high="T")
    expected = naive_flops(["rainbow", "connected"], Rank.TEN, "holdem")
    assert int(chosen.kept().sum()) == len(expected) > 0
    with pytest.raises(PokerError, match="every one must hold"):
        HitsQuestion.parse(
            "AKs", texture=FlopTexture(chosen.textures | {Texture.PAIRED}, chosen.high)
        )


def test_bad_textures_are_refused() -> None:
    with pytest.raises(PokerError, match="bad texture 'wet'"):
        FlopTexture.parse("monotone, wet")
    for empty in ("", ",", ["rainbow", " "]):  # these chose every flop (--texture "")
        with pytest.raises(PokerError, match=r"bad texture '.?': expected monotone, two-tone"):
            FlopTexture.parse(empty)
    with pytest.raises(PokerError, match="bad rank 'Z'"):
        FlopTexture.parse(high="Z")
    with pytest.raises(PokerError, match="give no board"):
        HitsQuestion.parse("AKs", board="Ks 7d 2c", texture=FlopTexture.parse("rainbow"))
    with pytest.raises(PokerError, match="no flop of the short-deck"):
        flop_hits("AA", game="shortdeck", texture=FlopTexture(high=Rank.FIVE))
    with pytest.raises(PokerError, match="once the dead cards are out"):
        flop_hits("KK", dead="Ac Ad As", texture=FlopTexture.parse("trips", high="A"))


def naive_flop_hits(
    text: str, texture: FlopTexture, game: str, dead: str = ""
) -> tuple[dict[object, float], float, int]:
    """``hits`` on every flop of the texture (filtered here), the totals averaged."""
    dead_cards = parse_cards(dead) if dead else ()
    flops = naive_flops(list(texture.names), texture.high, game, dead_cards)
    totals: dict[object, float] = {}
    weight = 0.0
    for flop in flops:
        try:
            result = hits(text, board=flop, dead=dead_cards, game=game)
        except RangeError:  # no combo left on this flop
            continue
        weight += result.weight
        for category, count in [*result.made.items(), *result.draws.items()]:
            totals[category] = totals.get(category, 0.0) + count
    return {c: n / len(flops) for c, n in totals.items()}, weight / len(flops), len(flops)


@pytest.mark.parametrize(
    ("text", "textures", "high", "game", "dead"),
    [
        ("AKs, QQ", "monotone", None, "holdem", ""),
        ("JTs, 77, A5o@50", "trips", None, "holdem", ""),
        ("KQ, 98s", "paired two-tone", "K", "holdem", ""),
        ("AhKh, 66", "monotone", None, "holdem", "2h 9c"),  # a class's flops less the dead ones
        ("T9s, KK", "rainbow connected", "J", "holdem", "Jd"),
        ("AK, 99", "monotone", None, "shortdeck", ""),
        ("A9s, TT", "connected", "T", "shortdeck", "7c"),
        ("AsKsQhJh, 5c5d4c4d", "trips", None, "omaha", ""),
        ("AsKsQhJh", "monotone", "Q", "omaha", "2c"),
    ],
)
def test_flop_hits_with_a_texture_against_a_naive_loop(
    text: str, textures: str, high: str | None, game: str, dead: str
) -> None:
    texture = FlopTexture.parse(textures, high)
    totals, weight, flops = naive_flop_hits(text, texture, game, dead)
    result = flop_hits(text, game=game, dead=dead or None, texture=texture)
    assert result.boards == flops
    assert result.texture == texture
    assert result.weight == pytest.approx(weight)
    for category, count in [*result.made.items(), *result.draws.items()]:
        assert count == pytest.approx(totals[category], abs=1e-12), category
    data = result.to_dict()
    assert data["boards"] == flops and data["texture"] == list(texture.names)
    assert data["high"] == (None if texture.high is None else texture.high.char)


def test_no_texture_is_every_flop() -> None:
    assert not FlopTexture() and str(FlopTexture()) == "every flop"
    plain, filtered = flop_hits("AKs"), flop_hits("AKs", texture=FlopTexture())
    assert plain == filtered and plain.boards == 22100
    assert flop_hits("AKs", dead="2c").boards == 20825  # C(51, 3)


def test_the_textures_split_every_flop() -> None:
    """Monotone, two-tone and rainbow flops (and the three pairings) make up every flop:
    their averages, weighted by their counts, are the average over every flop."""
    whole = flop_hits("QQ+, AJs+, 87s")
    for group in (("monotone", "two-tone", "rainbow"), ("unpaired", "paired", "trips")):
        parts = [flop_hits("QQ+, AJs+, 87s", texture=FlopTexture.parse(t)) for t in group]
        assert sum(p.boards for p in parts) == whole.boards
        for category, count in whole.made.items():
            mixed = sum(p.made[category] * p.boards for p in parts) / whole.boards
            assert mixed == pytest.approx(count)


def test_errors_are_the_package_s() -> None:
    with pytest.raises(CroupierError):
        FlopTexture.parse(["monotone", "flat"])
    assert np.count_nonzero(FlopTexture.parse("monotone").kept("omaha5")) == 1144
