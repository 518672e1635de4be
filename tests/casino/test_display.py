"""Casino's values in a notebook: the table as the web app draws it, the last move marked,
the review's chart of points lost, the arena; and their frames' columns and dtypes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from croupier.cards import parse_cards
from croupier.casino import Build, Move, Player, State, new_tournament
from croupier.casino.gamelog import GameLog
from croupier.casino.levels import Level
from croupier.casino.replay import replay
from croupier.casino.review import GameReview, review_game
from croupier.casino.strategies.arena import ArenaResult, TournamentRecord, run_arena
from croupier.display import CARD_FACE, GOLD
from tests.test_display import check_picture

from .games import played_game

SVG = "{http://www.w3.org/2000/svg}"


def svgs(page: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", page, flags=re.S)]


def faces(page: str) -> list[str]:
    """The cards drawn in ``page``: each face's rank and suit, in order."""
    found = []
    for svg in svgs(page):
        texts = [t.text or "" for t in svg.iter(f"{SVG}text")]
        rects = [r for r in svg.iter(f"{SVG}rect") if r.get("fill") == CARD_FACE]
        assert len(texts) >= 2 * len(rects)
        found += [texts[2 * i] + texts[2 * i + 1] for i in range(len(rects))]
    return found


def dtypes(frame: pd.DataFrame) -> dict[str, str]:
    return {str(name): str(kind) for name, kind in frame.dtypes.items()}


@pytest.fixture(scope="module")
def log() -> GameLog:
    return played_game("random", Level.EXPERT, seed=8)


@pytest.fixture(scope="module")
def review(log: GameLog) -> GameReview:
    return review_game(log)


def test_a_position_draws_every_card_in_view_and_the_builds_with_their_owners() -> None:
    build = Build((parse_cards("D5 H2"),), Player.COMPUTER)
    multiple = Build((parse_cards("C4 S4"), parse_cards("H8")), Player.HUMAN)
    state = State(
        hands=(parse_cards("SA C9"), parse_cards("D7 HK")),
        loose=parse_cards("S3 CJ"),
        builds=(build, multiple),
        piles=(parse_cards("C2 D2"), ()),
        deck=parse_cards("H3 H4 H5 H6"),
        next_player=Player.HUMAN,
        last_capturer=Player.HUMAN,
        scores=(4, 7),
        round_number=3,
    )
    page = check_picture(state._repr_html_())
    drawn = faces(page)
    expected = [
        *state.hands[Player.COMPUTER],
        *state.loose,
        *build.cards,
        *multiple.cards,
        *state.hands[Player.HUMAN],
    ]
    assert sorted(drawn) == sorted(card.pretty for card in expected)
    assert "build of 7 · Computer (single)" in page
    assert "build of 8 · Human (multiple, 2 groups)" in page
    assert "#ffaaa8" in page and "#9cbcff" in page  # the owners' rings
    assert "Casino, round 3" in page and "score 4" in page and "score 7" in page
    assert "pile: 2 cards, top 2♦" in page
    assert "Deck: 4 cards left" in page and "Next player: Human." in page
    assert GOLD + '"' not in page.replace(f"color:{GOLD}", "")  # no move, nothing ringed


def test_the_last_move_is_marked_where_its_cards_went(log: GameLog) -> None:
    page = check_picture(log._repr_html_())
    *_, (before, move) = log.rounds[-1].positions()
    assert f"{before.next_player.label}: {move.describe('pretty')}" in page
    ringed = [r for svg in svgs(page) for r in svg.iter(f"{SVG}rect") if r.get("stroke") == GOLD]
    # captured cards are ringed where they went (a strip beside the pile), the others on
    # the table (unless the round's end swept them into a pile)
    assert ("just taken" in page) == (move.action == "capture")
    current = log.current
    assert current is not None
    if move.action == "capture" or not current.is_round_over:
        assert len(ringed) == 1 + len(move.taken)
    empty = check_picture(GameLog()._repr_html_())
    assert "No move logged yet" in empty


def test_a_replay_step_marks_its_move_and_shows_the_verdict(
    log: GameLog, review: GameReview
) -> None:
    steps = replay(log, review)
    judged = next(step for step in steps if step.review is not None)
    page = check_picture(judged._repr_html_())
    assert judged.move.describe("pretty") in page and "Points lost" in page
    assert judged.review is not None and f"{judged.review.loss:.2f}" in page


def test_the_review_charts_every_move_with_its_mark(review: GameReview) -> None:
    page = check_picture(review._repr_html_())
    (chart,) = [svg for svg in svgs(page) if svg.get("aria-label") == "Points lost, move by move"]
    dots = list(chart.iter(f"{SVG}circle"))
    assert len(dots) == len(review.moves)
    assert sum(d.get("fill") == "#e04040" for d in dots) == review.blunders
    assert sum(d.get("fill") == "#e8b830" for d in dots) == review.inaccuracies
    rows = re.findall(r"<tr><td", page)
    assert len(rows) - 6 == review.blunders + review.inaccuracies  # the summary's six rows
    assert f"{100 * review.accuracy:.1f}%" in page
    move = review.moves[0]
    assert move.best.describe("pretty") in check_picture(move._repr_html_())


def test_the_arena_shows_each_sides_wins_with_their_intervals_escaped() -> None:
    result = run_arena("greedy", "random", 2, rng=1)
    page = check_picture(result._repr_html_())
    share = result.win_share("a")
    assert f"{100 * share.low:.1f}% to {100 * share.high:.1f}%" in page
    assert "Arena: greedy against random, 2 tournaments" in page
    record = TournamentRecord(True, None, (3, 2), (1, 4), 0.1, 0.1, 5, 5, 0.01, 0.01)
    nasty = ArenaResult("<script>x</script>", "b&b", 1, (record,))
    shown = check_picture(nasty._repr_html_())
    assert "&lt;script&gt;" in shown and "b&amp;b" in shown


def test_the_review_frame(review: GameReview) -> None:
    frame = review.to_frame()
    assert dtypes(frame) == {
        "round": "int64",
        "number": "int64",
        "player": "category",
        "played": "string",
        "played_text": "string",
        "best": "string",
        "best_text": "string",
        "loss": "float64",
        "error": "float64",
        "mark": "category",
        "is_best": "bool",
        "forced": "bool",
        "costs_tournament": "bool",
        "exact": "bool",
        "reason": "string",
    }
    assert len(frame) == len(review.moves)
    assert int((frame["mark"] == "blunder").sum()) == review.blunders
    assert frame["mark"].isna().sum() == len(review.moves) - review.blunders - review.inaccuracies
    assert frame["loss"].sum() == pytest.approx(review.points_lost)
    assert dtypes(GameReview(Player.HUMAN, ()).to_frame()) == dtypes(frame)


def test_the_arena_frame() -> None:
    result = run_arena("greedy", "random", 3, rng=2)
    frame = result.to_frame()
    assert dtypes(frame) == {
        "tournament": "int64",
        "a_first": "bool",
        "winner": "category",
        "rounds": "int64",
        "a_points": "int64",
        "b_points": "int64",
        "a_seconds": "float64",
        "b_seconds": "float64",
        "a_moves": "int64",
        "b_moves": "int64",
        "a_slowest": "float64",
        "b_slowest": "float64",
        "a_cut_short": "int64",
        "b_cut_short": "int64",
    }
    assert list(frame["winner"].cat.categories) == ["a", "b", "tie"]
    assert int((frame["winner"] == "a").sum()) == result.a_wins
    assert int(frame["rounds"].sum()) == result.rounds


def test_moves_in_a_fresh_game_draw_too() -> None:
    state = new_tournament(Player.HUMAN, rng=2)
    log = GameLog().add(state, Move.parse("trail H6"))
    page = check_picture(log._repr_html_())
    assert "Human: trail 6♥" in page
    ringed = [r for svg in svgs(page) for r in svg.iter(f"{SVG}rect") if r.get("stroke") == GOLD]
    assert len(ringed) == 1
