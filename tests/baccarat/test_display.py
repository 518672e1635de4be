"""Baccarat's values in a notebook: each picture holds what it must show, and each frame
has its documented columns and dtypes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from croupier.baccarat import Composition, Outcome, effect_of_removal, odds_report, simulate
from croupier.baccarat.advantage import count_study, perfect_spec, perfect_study, run_study
from croupier.baccarat.frames import batches_frame
from croupier.baccarat.odds import bet_odds
from croupier.baccarat.round import deal_coup
from croupier.baccarat.scoreboard import Bead, Scoreboard
from croupier.display import BANKER, PLAYER, TIE
from croupier.errors import CroupierError
from tests.test_display import check_picture

SVG = "{http://www.w3.org/2000/svg}"


def svgs(page: str) -> list[ET.Element]:
    """Every SVG picture in ``page``, parsed."""
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", page, flags=re.S)]


def dtypes(frame: pd.DataFrame) -> dict[str, str]:
    """Each column's dtype by name."""
    return {str(name): str(kind) for name, kind in frame.dtypes.items()}


def test_a_composition_shows_every_rank_with_its_count() -> None:
    shoe = Composition.decks(6).removing("5 5 9 K")
    page = check_picture(shoe._repr_html_())
    assert "6 decks less 5 5 9 K" in page
    counts = re.findall(r"<td style=\"[^\"]*text-align:right[^>]*>([\d,]+)</td>", page)
    assert [int(c) for c in counts] == list(shoe.ranks or ())
    by_value = check_picture(Composition.from_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 3])._repr_html_())
    assert "51 cards" in by_value and by_value.count("<tr>") == 1 + 10


def test_the_odds_report_shows_the_outcomes_and_every_bet() -> None:
    report = odds_report(Composition.decks(8))
    page = check_picture(report._repr_html_())
    for _outcome, p in zip(Outcome, report.outcomes, strict=True):
        assert f"{p:.6f}" in page and f"{100 * p:.2f}%" in page
    for bet in report.bets:
        assert bet.bet.name in page and bet.bet.key in page
    assert "1.0579%" in page  # the banker's edge
    assert PLAYER in page and BANKER in page and TIE in page
    assert all(svg.get("width") for svg in svgs(page))
    priced = check_picture(
        bet_odds(Composition.from_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 4]))._repr_html_()
    )
    assert "needs counts by rank" in priced


def test_the_effect_of_removal_is_a_grid_of_bets_by_ranks() -> None:
    effects = effect_of_removal(Composition.decks(1))
    page = check_picture(effects._repr_html_())
    rows = re.findall(r"<tr><th", page)
    assert len(rows) == 1 + len(effects.effects)  # the heading, then a row per bet
    cells = re.findall(r"<td [^>]*title=", page)
    assert len(cells) == sum(len(by_rank) for by_rank in effects.effects.values())


def test_a_round_shows_both_hands_their_totals_and_the_winner() -> None:
    coup = deal_coup("4h Ac Ah 3s Jd")
    page = check_picture(coup._repr_html_())
    assert "Player wins 5-4" in page
    labels = [t.text for svg in svgs(page) for t in svg.iter(f"{SVG}text")]
    assert labels == ["4", "♥", "A", "♣", "J", "♦", "A", "♥", "3", "♠"]


def test_the_scoreboard_draws_each_board_mark_by_mark() -> None:
    sides = {"P": Outcome.PLAYER, "B": Outcome.BANKER, "T": Outcome.TIE}
    rounds = [sides[letter] for letter in "BBTPBPPBBBPTTBPPPBPB"]
    board = Scoreboard([Bead(o, player_pair=i == 3) for i, o in enumerate(rounds)])
    page = check_picture(board._repr_html_())
    plate, road, eye, small, pig = svgs(page)
    beads = [c for c in plate.iter(f"{SVG}circle") if c.get("r") == "8.4"]
    assert len(beads) == len(rounds)
    assert [c.get("fill") for c in beads].count(TIE) == 3
    rings = [c for c in road.iter(f"{SVG}circle") if c.get("fill") == "none"]
    assert len(rings) == len(board.big_road)
    assert len(list(eye.iter(f"{SVG}circle"))) == len(board.derived_road("big-eye-boy"))
    assert len(list(small.iter(f"{SVG}circle"))) == len(board.derived_road("small-road"))
    assert len([line for line in pig.iter(f"{SVG}line") if line.get("stroke-width") == "2.5"]) == (
        len(board.derived_road("cockroach-pig"))
    )
    assert "20 rounds: banker 9 (45.0%), player 8 (40.0%), tie 3 (15.0%)" in page
    assert "longest streak banker 3, player 3, now banker 1" in page
    assert "Ask road" in page
    # the last win a banker's, in the 11th column: a banker win goes below it, a player
    # win starts the 12th
    assert "(big road column 11, row 2); a player win adds" in page
    assert "(column 12, row 1)." in page
    assert "Scoreboard" in check_picture(Scoreboard()._repr_html_())


def test_a_simulation_shows_each_share_with_its_interval() -> None:
    result = simulate(30, decks=2, rng=5)
    page = check_picture(result._repr_html_())
    for outcome in Outcome:
        low, high = result.interval(outcome)
        assert f"{low:.5f} to {high:.5f}" in page
    assert "seed 5" in page
    for bet in result.bet_results():
        assert bet.bet.name in page


def test_a_study_shows_its_figures_and_its_chart_by_count() -> None:
    result = count_study("tie", "dragon-7", shoes=40, rng=2)
    page = check_picture(result._repr_html_())
    assert "Count study of tie: 40 shoes" in page
    charts = svgs(page)
    bars = [r for r in charts[0].iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == len([row for row in result.by_count if row.frequency >= 1e-4])
    perfect = check_picture(perfect_study("tie", shoes=20, rng=3)._repr_html_())
    assert "Expectation per shoe" in perfect and "exact edge" in perfect


# --- frames ---------------------------------------------------------------------------


def test_the_odds_frame() -> None:
    report = odds_report(Composition.decks(8))
    frame = report.to_frame()
    assert dtypes(frame) == {
        "bet": "string",
        "name": "string",
        "expected_value": "float64",
        "house_edge": "float64",
    }
    assert list(frame["bet"]) == list(report.bets.keys())
    assert frame.loc[0, "house_edge"] == pytest.approx(report["banker"].house_edge)


def test_the_removal_frame() -> None:
    effects = effect_of_removal(Composition.decks(1))
    frame = effects.to_frame()
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert dtypes(frame) == {"bet": "string", "base": "float64", **dict.fromkeys(ranks, "float64")}
    from croupier.cards import Rank

    banker = frame.set_index("bet").loc["banker"]
    assert banker["5"] == pytest.approx(effects.effects["banker"][Rank.FIVE])


def test_the_simulation_frame() -> None:
    result = simulate(20, decks=1, rng=3)
    frame = result.to_frame()
    assert dtypes(frame) == {
        "player_total": "int64",
        "banker_total": "int64",
        "player_cards": "int64",
        "banker_cards": "int64",
        "player_pair": "bool",
        "banker_pair": "bool",
        "natural": "bool",
        "outcome": "category",
        "rounds": "int64",
        "share": "float64",
    }
    assert list(frame["outcome"].cat.categories) == ["player", "banker", "tie"]
    assert int(frame["rounds"].sum()) == result.rounds
    for outcome in Outcome:
        assert int(frame.loc[frame["outcome"] == outcome.value, "rounds"].sum()) == result.count(
            outcome
        )
    pairs = int(frame.loc[frame["player_pair"], "rounds"].sum())
    assert pairs == int(result.histogram[2::4].sum() + result.histogram[3::4].sum())


def test_the_study_frames() -> None:
    counted = count_study("tie", "dragon-7", shoes=30, rng=2).to_frame()
    expected = {
        "count": "int64",
        "rounds": "int64",
        "frequency": "float64",
        "units_per_round": "float64",
        "edge": "float64",
        "priced_rounds": "int64",
    }
    assert dtypes(counted) == expected
    assert counted["frequency"].sum() == pytest.approx(1.0)
    perfect = perfect_study("tie", shoes=20, rng=3).to_frame()
    assert dtypes(perfect) == {
        "edge_percent": "int64",
        **{k: v for k, v in expected.items() if k != "count"},
    }


def test_the_batches_frame() -> None:
    from croupier.baccarat.advantage.batches import BatchTotals

    spec = perfect_spec("tie", shoes=25, rng=4)
    spec = type(spec)(
        **{**{f: getattr(spec, f) for f in spec.__dataclass_fields__}, "batch_shoes": 10}
    )
    batches: dict[int, BatchTotals] = {}
    result = run_study(spec, on_batch=batches.__setitem__)
    frame = batches_frame(batches)
    assert dtypes(frame) == {
        "batch": "int64",
        "shoes": "int64",
        "rounds": "int64",
        "bets": "int64",
        "units": "float64",
        "units_per_shoe": "float64",
        "priced_shoes": "int64",
        "expected": "float64",
    }
    assert list(frame["batch"]) == [0, 1, 2] and list(frame["shoes"]) == [10, 10, 5]
    assert frame["units"].sum() == pytest.approx(result.totals.units)
    assert dtypes(batches_frame({})) == dtypes(frame)


def test_a_frame_without_pandas_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(
        CroupierError,
        match=r"^tables as DataFrames need pandas: pip install 'croupier\[notebook\]'$",
    ):
        odds_report(Composition.decks(8)).to_frame()
