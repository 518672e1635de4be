"""The review: every human move judged by the expert, marks by threshold, the summary."""

from __future__ import annotations

import math

import pytest

from croupier.casino import IllegalMoveError, Move, Player, new_tournament
from croupier.casino.gamelog import GameLog
from croupier.casino.levels import Level
from croupier.casino.review import (
    BEST_WITHIN,
    BLUNDER,
    INACCURACY,
    GameReview,
    Mark,
    review_game,
    review_move,
)
from croupier.casino.strategies import ExpertStrategy

from .games import played_game
from .strategies.test_deadline_extreme import TWENTY_LOW, FakeClock, extreme_position


@pytest.fixture(scope="module")
def random_review() -> GameReview:
    return review_game(played_game("random", Level.EXPERT, seed=8))


def test_every_human_move_is_judged(random_review: GameReview) -> None:
    (reviewed,) = random_review.rounds
    assert len(reviewed.moves) == 24 and all(m.player is Player.HUMAN for m in reviewed.moves)
    assert [m.number for m in reviewed.moves] == list(range(1, 49, 2))  # the human starts


def test_losses_and_marks_follow_the_thresholds(random_review: GameReview) -> None:
    for move in random_review.moves:
        assert move.loss >= 0
        assert move.mark is Mark.for_loss(move.loss, move.costs_tournament)
        if move.forced:
            assert move.loss == 0 and move.best == move.played
        if move.played == move.best:
            assert move.loss == 0
        if move.is_best:
            assert move.mark is None
        assert move.reason
    # A random player makes mistakes of both kinds.
    assert random_review.blunders > 0 and random_review.inaccuracies > 0
    assert 0 <= random_review.accuracy < 1


def test_the_expert_s_own_moves_lose_nothing() -> None:
    log = played_game("expert", Level.BEGINNER, seed=4)
    review = review_game(log)
    assert all(move.loss == 0 and move.mark is None for move in review.moves)
    assert review.accuracy == 1 and review.points_lost == 0


def test_the_summary(random_review: GameReview) -> None:
    moves = random_review.moves
    chosen = [m for m in moves if not m.forced]
    assert random_review.accuracy == sum(m.loss < BEST_WITHIN for m in chosen) / len(chosen)
    assert random_review.points_lost == pytest.approx(sum(m.loss for m in moves))
    assert random_review.points_lost_per_round == pytest.approx(random_review.points_lost)
    data = random_review.to_dict()
    assert data["player"] == "human" and data["moves"] == 24
    assert data["thresholds"] == {"inaccuracy": INACCURACY, "blunder": BLUNDER, "best": BEST_WITHIN}
    assert data["blunders"] == random_review.blunders
    first = data["rounds"][0]["moves"][0]
    assert set(first) == {
        "round", "number", "player", "played", "played_text", "best", "best_text", "loss",
        "mark", "reason", "forced", "costs_tournament",
    }  # fmt: skip
    assert Move.parse(first["played"]) == moves[0].played


def test_an_empty_review() -> None:
    review = review_game(GameLog())
    assert review.moves == () and math.isnan(review.accuracy)
    assert review.to_dict()["accuracy"] is None


def test_one_move_as_the_expert_sees_it() -> None:
    state = new_tournament(Player.HUMAN, rng=1)
    best = ExpertStrategy().decide(state.observe(Player.HUMAN)).move
    assert review_move(state, best).loss == 0
    worse = review_move(state, Move.parse("capture S9 H9"))
    assert worse.best == best and worse.mark is Mark.INACCURACY
    assert INACCURACY <= worse.loss < BLUNDER
    with pytest.raises(IllegalMoveError):
        review_move(state, Move.parse("trail S5"))


def test_marks() -> None:
    assert Mark.for_loss(0.0) is None and Mark.for_loss(INACCURACY - 0.01) is None
    assert Mark.for_loss(INACCURACY) is Mark.INACCURACY
    assert Mark.for_loss(BLUNDER) is Mark.BLUNDER
    assert Mark.for_loss(0.0, costs_tournament=True) is Mark.BLUNDER


def test_a_move_on_an_extreme_table_is_reviewed_within_the_deadlines() -> None:
    state = extreme_position(TWENTY_LOW)  # 488,714 legal moves: 21 s to list them all
    played = Move.parse("capture C9 SA S3 H5")  # not among the moves valued in time
    clock = FakeClock()
    expert = ExpertStrategy(deadline=12, clock=clock)
    assert played not in expert.analyse(state.observe(Player.HUMAN)).moves
    reviewed = review_move(state, played, expert=ExpertStrategy(deadline=12, clock=clock))
    assert reviewed.played == played and state.is_legal(reviewed.best)
    assert not reviewed.forced and reviewed.loss >= 0 and math.isfinite(reviewed.loss)
    assert "the 12 s deadline cut the search short" in reviewed.reason
