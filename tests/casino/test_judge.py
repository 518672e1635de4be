"""The judge: one evaluation, at a fixed amount of work, that the hint, the review, the
puzzles and the computer's reasons all read; the same on any machine, loaded or idle."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest

from croupier.casino import CasinoError, Move, Player, State, new_tournament
from croupier.casino.judge import (
    BLUNDER,
    INACCURACY,
    JUDGE_SETTINGS,
    SURE,
    Judge,
    JudgeSettings,
    Loss,
    Verdict,
)
from croupier.casino.levels import Level
from croupier.casino.review import review_game
from croupier.casino.session import Session
from croupier.casino.strategies import base
from croupier.casino.strategies.search import ExactSearch, distinct_kinds
from croupier.casino.strategies.values import gain

from ..untyped import untyped
from .games import hinted_game
from .helpers import COMPUTER, HUMAN, position
from .strategies.test_deadline_extreme import FakeClock


def opening(seed: int = 1) -> State:
    return new_tournament(Player.HUMAN, rng=seed)


@pytest.fixture(scope="module")
def verdict() -> Verdict:
    return Judge().position(opening())


def test_every_move_is_valued_on_the_same_deals(verdict: Verdict) -> None:
    state = opening()
    assert set(verdict.moves) == set(state.legal_moves()) and verdict.complete
    kinds = len(set(verdict.kinds))
    assert len(verdict.rows) == verdict.deals >= JUDGE_SETTINGS.deals
    assert all(len(row) == kinds for row in verdict.rows)  # every kind in every deal
    # The values are the means over the deals, each move's kind's.
    rows = np.array(verdict.rows)
    for move, value, kind in zip(verdict.moves, verdict.values, verdict.kinds, strict=True):
        assert value == pytest.approx(rows[:, kind].mean())
        assert verdict.value_of(move) == value
    assert verdict.best == verdict.moves[int(np.argmax(verdict.values))]


def test_a_loss_s_error_is_that_of_the_mean_of_its_deal_by_deal_differences(
    verdict: Verdict,
) -> None:
    rows = np.array(verdict.rows)
    count = len(rows)
    best = verdict.kinds[verdict.moves.index(verdict.best)]
    paired, apart = [], []
    for move, kind in zip(verdict.moves, verdict.kinds, strict=True):
        loss = verdict.loss(move)
        diffs = rows[:, best] - rows[:, kind]
        assert loss.points == pytest.approx(max(0.0, diffs.mean()))
        assert loss.error == pytest.approx(diffs.std(ddof=1) / math.sqrt(count))
        if kind != best:
            paired.append(loss.error)
            # The error the same difference would have from deals drawn apart for each move.
            variances = rows[:, best].var(ddof=1) + rows[:, kind].var(ddof=1)
            apart.append(math.sqrt(variances / count))
    # A deal's luck moves every move alike: on the same deals it cancels out of the losses.
    assert sum(paired) < sum(apart)
    assert verdict.loss(verdict.best) == Loss(0.0, 0.0)


def test_the_deals_grow_until_no_mark_is_in_doubt(verdict: Verdict) -> None:
    settings = JUDGE_SETTINGS
    for position_verdict in (verdict, Judge().position(opening(5))):
        deals = position_verdict.deals
        assert deals in (128, 256, 512, 1024)
        if deals == settings.max_deals:
            continue
        for _, loss in position_verdict.ranked()[1:]:
            if loss.error > settings.target_error:
                for threshold in (INACCURACY, BLUNDER):
                    assert abs(loss.points - threshold) >= SURE * loss.error


def test_the_same_position_gets_the_same_verdict_without_reading_the_clock(
    verdict: Verdict, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(base, "default_clock", clock)
    again = Judge().position(opening())
    assert again == verdict and again.rows == verdict.rows
    assert again.to_dict() == verdict.to_dict()
    assert clock.readings == 0
    # Asked again, the judge remembers; a position that looks the same gets the same deals.
    judge = Judge()
    assert judge.position(opening()) is judge.position(opening())


def test_the_same_verdict_in_another_process(verdict: Verdict) -> None:
    script = (
        "import json; from croupier.casino import Player, new_tournament; "
        "from croupier.casino.judge import Judge; "
        "v = Judge().position(new_tournament(Player.HUMAN, rng=1)); "
        "print(json.dumps([v.to_dict(), [list(r) for r in v.rows]]))"
    )
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
        )
        data, rows = json.loads(run.stdout)
        assert data == json.loads(json.dumps(verdict.to_dict()))
        assert rows == [list(row) for row in verdict.rows]


def test_the_last_deal_is_exact() -> None:
    state = position("H9 C2 DX", "D9 S3", "[D5 C4] HK S5 H5", [HUMAN], deck="", last=COMPUTER)
    verdict = Judge().position(state)
    assert verdict.exact and verdict.deals == 0 and verdict.depth > 8
    kinds = distinct_kinds(state.legal_moves())
    exact = dict(zip(kinds, ExactSearch(HUMAN).values(state, kinds), strict=True))
    for move in kinds:
        assert verdict.value_of(move) == exact[move]
        assert verdict.loss(move).error == 0
    assert verdict.value_of(verdict.best) == max(exact.values())
    assert "(±" not in verdict.reason


def test_a_forced_move() -> None:
    state = position("H9", "D9", "C4", deck="S2 S3 S4 S5 S6 S7 S8 S9", to_move=HUMAN)
    (only,) = state.legal_moves()
    verdict = Judge().position(state)
    assert verdict.forced and not verdict.exact and verdict.best == only and verdict.deals == 0
    assert verdict.loss(only) == Loss(0.0, 0.0)


def test_the_hint_is_the_judge_s_best_move_and_the_computer_s_reason_is_the_judge_s() -> None:
    session = Session.new(Player.HUMAN, rng=1, level=Level.STRONG)
    verdict = Judge().position(session.state)
    hint = session.hint()
    assert hint.move == verdict.best and hint.reason == verdict.reason
    session.play_hint()
    decision = session.computer_decision()
    seen = Judge().verdict(session.state.observe(COMPUTER))
    assert decision.reason == seen.explain(decision.move)
    assert "it expects" in seen.explain(seen.best) or "expects" not in decision.reason


def test_a_loss_is_reported_with_its_error_in_json(verdict: Verdict) -> None:
    data = verdict.to_dict()
    assert data["best"] == str(verdict.best) and data["deals"] == verdict.deals
    first, *others = data["moves"]
    assert first == {
        "move": str(verdict.best),
        "value": round(verdict.value_of(verdict.best), 3),
        "loss": 0.0,
        "error": 0.0,
        "costs_tournament": False,
    }
    assert others and all(entry["error"] > 0 for entry in others)
    assert [entry["loss"] for entry in data["moves"]] == sorted(e["loss"] for e in data["moves"])


# --- a game played by the hints alone reviews at 100%, idle or loaded --------------------


def _review_of_hints(level: Level, seed: int) -> None:
    log = hinted_game(level, seed=seed)
    review = review_game(log, judge=Judge())  # a judge that gave none of the hints
    assert len(review.moves) == 24
    assert review.accuracy == 1 and review.points_lost == 0
    assert review.inaccuracies == review.blunders == 0
    assert all(move.mark is None and move.found_best for move in review.moves)


@pytest.mark.parametrize(("level", "seed"), [(Level.CASUAL, 37), (Level.EXPERT, 3)])
def test_a_game_played_by_the_hints_reviews_at_100_percent(level: Level, seed: int) -> None:
    _review_of_hints(level, seed)


@pytest.fixture
def burners() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Processes spinning on every core for the time of a test, stopped after it."""
    count = max(2, os.cpu_count() or 2)
    spinning = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield spinning
    finally:
        for process in spinning:
            process.kill()
        for process in spinning:
            process.wait()


def test_a_game_played_by_the_hints_reviews_at_100_percent_beside_cpu_burners(
    burners: list[subprocess.Popen[bytes]],
) -> None:
    assert all(process.poll() is None for process in burners)  # they spin all along
    _review_of_hints(Level.STRONG, 11)
    assert all(process.poll() is None for process in burners)


def test_a_budget_that_stops_the_deals_says_so() -> None:
    cut = Judge(JudgeSettings(steps=20_000)).position(opening())
    assert cut.cut and 2 <= cut.deals < JUDGE_SETTINGS.deals and cut.work <= 20_000
    assert f"stopped the search after {cut.deals} sampled deals" in cut.reason
    assert Judge(JudgeSettings(steps=20_000)).position(opening()) == cut
    assert math.isfinite(cut.loss(Move.parse("trail S8")).error)
    # Stopped before one deal was searched, the moves are valued one move ahead in it,
    # their errors unknown: no mark can be given.
    first = Judge(JudgeSettings(steps=3000)).position(opening())
    assert first.cut and first.deals == 0 and first.depth == 1
    assert "the moves are valued one move ahead" in first.reason
    assert first.loss(Move.parse("trail S8")).error == math.inf


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_reason_for_a_move_asks_a_verdict_only_when_a_bigger_capture_was_there(
    seed: int,
) -> None:
    """The computer's reason is the verdict's own words; a move that takes the most
    needs no look-ahead, so no verdict is computed for it (the web answers at once)."""
    state = opening(seed)
    observation = state.observe(state.next_player)
    verdict = Judge().verdict(observation)
    for move in verdict.moves:
        judge = Judge()
        reason = judge.reason(observation, move)
        biggest = max(gain(other)[:2] for other in verdict.moves) <= gain(move)[:2]
        assert (judge.remembered == 0) is biggest
        if not verdict.complete or verdict.cut:
            continue  # the verdict adds what its budget cut; the plain reason does not
        assert reason == verdict.explain(move)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"deals": 1}, "bad deals 1: expected 2 to max_deals"),
        ({"deals": 0}, "bad deals 0"),
        ({"deals": 10**30}, "bad deals"),
        ({"deals": 256, "max_deals": 128}, "bad deals 256: expected 2 to max_deals (128)"),
        ({"max_deals": 10**30}, "bad max_deals"),
        ({"depth": 0}, "bad depth 0: expected 1 to 8 plies"),
        ({"depth": 10**30}, "bad depth"),
        ({"steps": 0}, "bad steps 0"),
        ({"listing_steps": 10**400}, "bad listing_steps"),
        ({"exact_nodes": -1}, "bad exact_nodes -1"),
        ({"plain_moves": 0}, "bad plain_moves 0"),
        ({"target_error": math.nan}, "bad target_error nan"),
        ({"target_error": -0.1}, "bad target_error -0.1"),
        ({"target_error": 10**400}, "bad target_error 1000"),  # was an OverflowError
    ],
)
def test_settings_out_of_range_are_refused_by_name(fields: dict[str, float], message: str) -> None:
    # They raised ZeroDivisionError (deals=1), ValueError (deals=0, depth=nan),
    # OverflowError (depth=10**30) deep in a verdict, or searched on regardless.
    with pytest.raises(CasinoError, match=r"^" + re.escape(message)):
        JudgeSettings(**untyped(fields))


@pytest.mark.parametrize("name", ["deals", "depth", "listing_steps", "steps", "target_error"])
def test_settings_of_the_wrong_type_are_a_type_error(name: str) -> None:
    with pytest.raises(TypeError, match=f"^{name} must be"):
        JudgeSettings(**untyped({name: "8"}))
    if name != "target_error":
        with pytest.raises(TypeError, match=f"^{name} must be an int, not float"):
            JudgeSettings(**untyped({name: math.nan}))


def test_the_smallest_settings_give_a_verdict() -> None:
    settings = JudgeSettings(deals=2, max_deals=2, depth=1)
    verdict = Judge(settings).position(opening())
    assert verdict.deals == 2 and verdict.best in verdict.moves


def test_the_judge_refuses_what_is_not_a_position() -> None:
    with pytest.raises(TypeError, match=r"^state must be a State, not NoneType"):
        Judge().position(untyped(None))
    with pytest.raises(TypeError, match=r"^observation must be an Observation, not str"):
        Judge().verdict(untyped("x"))
    with pytest.raises(TypeError, match=r"^settings must be a JudgeSettings"):
        Judge(untyped(None))
    with pytest.raises(CasinoError, match=r"^bad remember -1"):
        Judge(remember=-1)
