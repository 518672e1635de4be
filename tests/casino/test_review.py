"""The review: every human move judged by the judge, marks by threshold past the error,
the summary."""

from __future__ import annotations

import math

import pytest

from croupier.casino import IllegalMoveError, Move, Player, new_tournament, next_round
from croupier.casino.gamelog import GameLog, LoggedRound
from croupier.casino.judge import SURE, Judge, JudgeSettings
from croupier.casino.levels import Level
from croupier.casino.review import (
    BEST_WITHIN,
    BLUNDER,
    INACCURACY,
    GameReview,
    Mark,
    review_game,
    review_move,
    review_rounds,
)
from croupier.casino.strategies import base

from ..untyped import untyped
from .games import hinted_game, played_game
from .strategies.test_deadline_extreme import TWENTY_LOW, FakeClock, extreme_position


@pytest.fixture(scope="module")
def random_log() -> GameLog:
    return played_game("random", Level.EXPERT, seed=8)


@pytest.fixture(scope="module")
def random_review(random_log: GameLog) -> GameReview:
    return review_game(random_log)


def test_every_human_move_is_judged(random_review: GameReview) -> None:
    (reviewed,) = random_review.rounds
    assert len(reviewed.moves) == 24 and all(m.player is Player.HUMAN for m in reviewed.moves)
    assert [m.number for m in reviewed.moves] == list(range(1, 49, 2))  # the human starts


def test_losses_and_marks_follow_the_thresholds(random_review: GameReview) -> None:
    for move in random_review.moves:
        assert move.loss >= 0 and move.error >= 0
        assert move.mark is Mark.for_loss(move.loss, move.costs_tournament, move.error)
        clear = move.loss - SURE * move.error
        if move.mark is Mark.INACCURACY:
            assert INACCURACY <= clear < BLUNDER
        if move.mark is Mark.BLUNDER and not move.costs_tournament:
            assert clear >= BLUNDER
        if move.forced:
            assert move.loss == 0 and move.best == move.played and not move.exact
        if move.played == move.best:
            assert move.loss == 0 and move.error == 0
        if move.is_best:
            assert move.mark is None
        if move.exact:
            assert move.error == 0 and move.deals == 0
        elif not move.forced:
            assert move.deals >= 128 and 0 <= move.error < 1
        assert move.reason
    # A random player makes mistakes of both kinds.
    assert random_review.blunders > 0 and random_review.inaccuracies > 0
    assert 0 <= random_review.accuracy < 1


def test_the_hints_lose_nothing() -> None:
    log = hinted_game(Level.BEGINNER, seed=4)
    review = review_game(log)
    assert all(move.loss == 0 and move.mark is None for move in review.moves)
    assert review.accuracy == 1 and review.points_lost == 0


def test_the_summary(random_review: GameReview) -> None:
    moves = random_review.moves
    chosen = [m for m in moves if not m.forced]
    best = [m for m in chosen if m.loss - SURE * m.error < BEST_WITHIN]
    assert random_review.accuracy == len(best) / len(chosen)
    assert random_review.points_lost == pytest.approx(sum(m.loss for m in moves))
    assert random_review.points_lost_per_round == pytest.approx(random_review.points_lost)
    data = random_review.to_dict()
    assert data["player"] == "human" and data["moves"] == 24
    assert data["thresholds"] == {
        "inaccuracy": INACCURACY, "blunder": BLUNDER, "best": BEST_WITHIN, "errors": SURE
    }  # fmt: skip
    assert data["blunders"] == random_review.blunders
    first = data["rounds"][0]["moves"][0]
    assert set(first) == {
        "round", "number", "player", "played", "played_text", "best", "best_text", "loss",
        "error", "mark", "is_best", "reason", "forced", "costs_tournament", "exact", "deals",
    }  # fmt: skip
    assert Move.parse(first["played"]) == moves[0].played


def test_an_empty_review() -> None:
    review = review_game(GameLog())
    assert review.moves == () and math.isnan(review.accuracy)
    assert review.to_dict()["accuracy"] is None


def test_one_move_as_the_judge_sees_it() -> None:
    state = new_tournament(Player.HUMAN, rng=1)
    best = Judge().position(state).best
    assert review_move(state, best).loss == 0
    worse = review_move(state, Move.parse("capture S9 H9"))
    assert worse.best == best and worse.mark is Mark.INACCURACY
    assert INACCURACY <= worse.loss - SURE * worse.error < BLUNDER
    with pytest.raises(IllegalMoveError):
        review_move(state, Move.parse("trail S5"))


def test_review_move_refuses_what_is_not_a_position_or_a_move() -> None:
    # review_move(None, move) was an AttributeError.
    state = new_tournament(Player.HUMAN, rng=1)
    move = state.legal_moves()[0]
    with pytest.raises(TypeError, match=r"^state must be a State, not NoneType"):
        review_move(untyped(None), move)
    with pytest.raises(TypeError, match=r"^move must be a Move, not str"):
        review_move(state, untyped(str(move)))


def test_marks() -> None:
    assert Mark.for_loss(0.0) is None and Mark.for_loss(INACCURACY - 0.01) is None
    assert Mark.for_loss(INACCURACY) is Mark.INACCURACY
    assert Mark.for_loss(BLUNDER) is Mark.BLUNDER
    assert Mark.for_loss(0.0, costs_tournament=True) is Mark.BLUNDER
    # A loss is marked only when it is past the threshold by 2 standard errors.
    assert Mark.for_loss(0.69, error=0.1) is None
    assert Mark.for_loss(0.71, error=0.1) is Mark.INACCURACY
    assert Mark.for_loss(1.69, error=0.1) is Mark.INACCURACY
    assert Mark.for_loss(1.71, error=0.1) is Mark.BLUNDER
    assert Mark.for_loss(5.0, error=math.inf) is None


def test_a_move_on_an_extreme_table_is_reviewed_within_its_budget() -> None:
    state = extreme_position(TWENTY_LOW)  # 488,714 legal moves: 21 s to list them all
    played = Move.parse("capture C9 SA S3 H5")  # not among the moves valued in time
    judge = Judge(JudgeSettings(listing_steps=200))
    reviewed = review_move(state, played, judge=judge)
    assert reviewed.played == played and state.is_legal(reviewed.best)
    assert not reviewed.forced and reviewed.loss >= 0 and math.isfinite(reviewed.loss)
    assert "the judge's budget stopped the listing of the legal moves at " in reviewed.reason
    fresh = Judge(JudgeSettings(listing_steps=200))
    assert review_move(state, played, judge=fresh) == reviewed


@pytest.fixture
def slowed_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """A machine so slow (or so loaded) that every look at the clock finds a second gone."""
    clock = FakeClock()
    monkeypatch.setattr(base, "default_clock", clock)
    return clock


def test_the_same_game_gets_the_same_marks_on_a_slow_machine(
    random_log: GameLog, random_review: GameReview, slowed_clock: FakeClock
) -> None:
    slow = review_game(random_log)
    assert slow.to_dict() == random_review.to_dict()
    assert slowed_clock.readings == 0  # the review never looked at the clock


def test_the_last_deal_is_judged_exactly(random_review: GameReview) -> None:
    review = random_review
    last_deal = [move for move in review.moves if move.number > 40]
    assert last_deal and all(move.exact for move in last_deal if not move.forced)
    assert not any(move.exact for move in review.moves if move.number < 33 and not move.forced)


def test_a_round_without_a_move_of_the_player_is_not_counted(random_log: GameLog) -> None:
    log = random_log
    end = log.rounds[0].end
    empty = GameLog((*log.rounds, LoggedRound(next_round(end, rng=1))), log.level)
    review = review_game(empty)
    assert len(review.rounds) == 1
    assert review.points_lost_per_round == pytest.approx(review.points_lost)


def test_reviews_shared_among_processes_or_a_dask_cluster_are_the_same(
    random_log: GameLog, random_review: GameReview
) -> None:
    short = GameLog((LoggedRound(random_log.rounds[0].start, random_log.rounds[0].moves[:8]),))
    alone = review_game(short)
    assert review_rounds([short, short], workers=2) == (alone, alone)
    assert review_rounds([short], scheduler="local", workers=2) == (alone,)
