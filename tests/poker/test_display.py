"""Poker's values in a notebook: a range's grid of 169 cells and its combo count, a hand's
five cards and category, equity bars with their errors, the next-card and distribution
charts, what a range hits; and their frames' columns and dtypes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from croupier.display import GOLD
from croupier.poker import HoleRange, PokerError, Range, calculate, evaluate, evaluate_game
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.games import Game
from croupier.poker.hits.categories import OmahaHand
from croupier.poker.hits.classifier import flop_hits, hits
from tests.test_display import check_picture

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def svgs(page: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", page, flags=re.S)]


def dtypes(frame: pd.DataFrame) -> dict[str, str]:
    return {str(name): str(kind) for name, kind in frame.dtypes.items()}


def test_a_range_is_its_grid_of_169_classes_with_its_combo_count() -> None:
    holdem = Range.parse("QQ+, AKs, AQs:0.5, 76s")
    picture = check_picture(holdem._repr_svg_())
    root = parse(picture)
    cells = [g for g in root.iter(f"{SVG}g") if g.get("class") == "cell"]
    assert len(cells) == 169
    labels = ["".join(g.itertext()).split(":")[0] for g in cells]
    assert labels[:3] == ["AA", "AKs", "AQs"] and labels[13] == "AKo" and labels[-1] == "22"
    filled = {
        label: float(rect.get("height") or 0)
        for g, label in zip(cells, labels, strict=True)
        for rect in g.iter(f"{SVG}rect")
        if rect.get("fill") == GOLD
    }
    assert set(filled) == {"AA", "KK", "QQ", "AKs", "AQs", "76s"}
    assert filled["AQs"] == pytest.approx(filled["AA"] / 2)  # a class held in part
    assert "30 combos (28.0 weighted)" in picture
    assert "6 combos, 0.5% of 1,326" in Range.parse("AA")._repr_svg_()


def test_a_hands_ranking_rings_the_five_that_play() -> None:
    ranking = evaluate("As Ac Ks Kc Qh Jh Td")
    picture = check_picture(ranking._repr_svg_())
    ringed = [r for r in parse(picture).iter(f"{SVG}rect") if r.get("stroke") == GOLD]
    assert len(ringed) == 5
    assert "straight, ace high (straight)" in picture
    omaha = check_picture(evaluate_game("omaha", "As Ad Kh Qh", "Ac 7h 2h 9h 3s")._repr_svg_())
    assert "(flush)" in omaha
    assert len([r for r in parse(omaha).iter(f"{SVG}rect") if r.get("stroke") == GOLD]) == 5


def test_another_games_holding_is_a_summary_with_its_count() -> None:
    holding = HoleRange.parse("As Ad ? ?", 4)
    page = check_picture(holding._repr_html_())
    assert f"{holding.count(0):,} hands" in page and "4 hole cards" in page
    generic = HoleRange.parse("AA!AAA", 4)
    page = check_picture(generic._repr_html_())
    assert "6,768 hands" in page and "AA!AAA" in page


def test_an_equity_result_draws_a_bar_per_player_and_the_error_of_monte_carlo() -> None:
    exact = calculate(["AKs", "QQ"], board="2c 7d 9h")
    page = check_picture(exact._repr_html_())
    assert "26.93%" in page and "73.07%" in page and "every deal enumerated" in page
    sampled = calculate(["QQ+, AKs", "JJ-88, AQs", "random"], trials=5_000, rng=3)
    page = check_picture(sampled._repr_html_())
    for player in sampled.players:
        assert player.stderr is not None
        assert f"{100 * player.equity:.2f}% ± {100 * player.stderr:.2f}" in page
    bars = [svg for svg in svgs(page) if (svg.get("aria-label") or "").startswith("equity")]
    assert len(bars) == 3
    assert all(len(list(bar.iter(f"{SVG}line"))) == 3 for bar in bars)  # the error bars
    assert "seed 3" in page


def test_the_next_card_chart_has_a_column_per_card() -> None:
    result = next_card(["AKs", "QQ"], board="2c 7d 9h")
    picture = check_picture(result._repr_svg_())
    columns = [r for r in parse(picture).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(columns) == len(result.cards)
    assert f"now {100 * result.equity[0]:.1f}%" in picture


def test_the_distribution_is_a_curve_per_player() -> None:
    result = calculate(["QQ+, AKs", "JJ-88, AQs"], board="2c 7d 9h")
    first, _ = equity_distribution(result)
    picture = check_picture(first._repr_svg_())
    curves = [p for p in parse(picture).iter(f"{SVG}polyline") if p.get("class") == "curve"]
    assert len(curves) == 1
    xs, _ = first.curve()
    assert len(curves[0].get("points", "").split()) == len(xs)


def test_what_a_range_hits_is_its_table_of_categories() -> None:
    result = hits("QQ, AKs, 76s", board="2c 7d 9h")
    page = check_picture(result._repr_html_())
    for category in [*result.made, *result.draws]:
        assert str(category) in page
    assert "13 live combos" in page and "a pair or better 69.2%" in page
    assert "averaged over 22,100 flops" in check_picture(flop_hits("AA")._repr_html_())


# --- frames ---------------------------------------------------------------------------


RESULT = {"weight": "float64", "equity": "float64", "win": "float64", "tie": "float64"}


def test_equity_by_combo_and_by_class() -> None:
    result = calculate(["QQ+, AKs", "JJ-88, AQs"], board="2c 7d 9h")
    by_combo = result.to_frame()
    assert dtypes(by_combo) == {
        "player": "int64",
        "range": "string",
        "combo": "string",
        "class": "string",
        **RESULT,
    }
    for seat, player in enumerate(result.players, 1):
        rows = by_combo[by_combo["player"] == seat]
        assert rows["weight"].sum() == pytest.approx(1.0)
        assert (rows["weight"] * rows["equity"]).sum() == pytest.approx(player.equity)
    by_class = result.to_frame(by="class")
    assert dtypes(by_class) == {"player": "int64", "range": "string", "class": "string", **RESULT}
    qq = by_class[(by_class["player"] == 1) & (by_class["class"] == "QQ")]
    assert float(qq["equity"].iloc[0]) == pytest.approx(result.players[0].grid[2, 2])
    with pytest.raises(PokerError, match="by='combo' or by='class'"):
        result.to_frame(by="suit")


def test_the_next_card_frame() -> None:
    result = next_card(["AKs", "QQ"], board="2c 7d 9h")
    frame = result.to_frame()
    assert dtypes(frame) == {
        "card": "string",
        "chance": "float64",
        "player": "int64",
        "range": "string",
        "equity": "float64",
        "change": "float64",
    }
    assert len(frame) == 2 * len(result.cards)
    first = frame[frame["player"] == 1]
    assert (first["chance"] * first["equity"]).sum() == pytest.approx(result.equity[0])


def test_the_distribution_frame() -> None:
    (first, _) = equity_distribution(calculate(["QQ+, AKs", "JJ-88, AQs"], board="2c 7d 9h"))
    frame = first.to_frame()
    assert dtypes(frame) == {
        "combo": "string",
        "weight": "float64",
        "equity": "float64",
        "share_below": "float64",
    }
    assert frame["share_below"].iloc[0] == 0 and frame["equity"].is_monotonic_increasing


def test_the_hits_frame() -> None:
    result = hits("QQ, AKs, 76s", board="2c 7d 9h")
    frame = result.to_frame()
    draws = [
        "flush_draw",
        "nut_flush_draw",
        "open_ended_straight_draw",
        "gutshot",
        "combo_draw",
        "overcards",
        "backdoor_flush_draw",
    ]
    assert dtypes(frame) == {
        "combo": "string",
        "weight": "float64",
        "made": "category",
        **dict.fromkeys(draws, "bool"),
    }
    for category, combos in result.made.items():
        assert frame.loc[frame["made"] == category.value, "weight"].sum() == pytest.approx(combos)
    assert (
        int(frame["overcards"].sum())
        == result.draws[next(iter(d for d in result.draws if d.value == "overcards"))]
    )
    assert len(flop_hits("AA").to_frame()) == 0


@pytest.mark.parametrize("game", [Game.OMAHA, Game.OMAHA5])
def test_the_omaha_hits_frame(game: Game) -> None:
    cards = 4 if game is Game.OMAHA else 5
    text = "AsAhKd7c, 9h8h7d6s" if cards == 4 else "AsAhKd7c2c, 9h8h7d6s5s"
    result = hits(text + ", KK", board="Ah 9c 2d", game=game)
    frame = result.to_frame()
    draws = [
        "wrap",
        "straight_draw",
        "gutshot",
        "nut_flush_draw",
        "flush_draw",
        "combo_draw",
        "nut_flush_blocker",
    ]
    assert dtypes(frame) == {
        "combo": "string",
        "weight": "float64",
        "made": "category",
        **dict.fromkeys(draws, "bool"),
    }
    assert list(frame["made"].cat.categories) == [made.value for made in OmahaHand]
    assert len(frame) == len(result.combos)
    assert all(len(combo) == 2 * cards for combo in frame["combo"])
    assert frame.loc[0, "combo"] == "".join(map(str, result.combos[0].cards))
    for category, weight in result.made.items():
        assert frame.loc[frame["made"] == category.value, "weight"].sum() == pytest.approx(weight)
    for draw, weight in result.draws.items():
        assert frame.loc[frame[draw.name.lower()], "weight"].sum() == pytest.approx(weight)


def test_the_short_deck_hits_frame() -> None:
    result = hits("AKs, 99, T8s", board="As 9d 6c", game=Game.SHORTDECK)
    frame = result.to_frame()
    for category, weight in result.made.items():
        assert frame.loc[frame["made"] == category.value, "weight"].sum() == pytest.approx(weight)
