"""croupier.casino._kernels against the Python reference it replaces: the same legal moves
in the same order, the same values of the depth search and of the exact search to the
last bit, the same positions counted and the same looks at a work budget (so that a
review stops at the same place), and the expert's same analysis at a work budget.

The kernel runs compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the searches stay small."""

from __future__ import annotations

import dataclasses
import random
from types import ModuleType

import pytest

from croupier import engine
from croupier.casino import Move, Player, State, new_tournament
from croupier.casino.pieces import Build
from croupier.casino.strategies.base import WorkBudget
from croupier.casino.strategies.compiled import encode, encode_move, listed_moves
from croupier.casino.strategies.evaluation import DEAL_START_LOOSE, Weights
from croupier.casino.strategies.expert import ExpertStrategy
from croupier.casino.strategies.search import (
    DeadlineError,
    DepthSearch,
    ExactSearch,
    OutOfBudgetError,
    distinct_kinds,
    search_order,
)

from .helpers import COMPUTER, HUMAN, cards, position


@pytest.fixture(scope="module")
def kernels() -> ModuleType:
    return engine.kernels("casino")


def rounds(seed: int, count: int) -> list[State]:
    """Every position of ``count`` rounds of random play."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
        while not state.is_round_over:
            found.append(state)
            state = state.apply(rng.choice(state.legal_moves()), check=False)
    return found


def reference_listing(state: State) -> list[tuple[str, int, tuple[int, ...], int]]:
    moves = []
    for move in state.legal_moves():
        named = {card.index for cards in move.builds for card in cards}
        builds = [i for i, b in enumerate(state.builds) if b.cards[0].index in named]
        loose = tuple(sorted(card.index for card in move.loose))
        moves.append((move.action.value, move.card.index, loose, builds[0] if builds else -1))
    return moves


BUILDS = [  # builds of every sort: own and the opponent's, single and multiple
    position("S5 C9 HK D2", "H5 D6 C8", "C5 C3 D4 SX [H2 S3]", [COMPUTER], deck="HQ SQ"),
    position("S5 H9 D2 DK", "H4 D6 C7", "C3 D4 SX HA [ [H2 S3] [C5] ]", [HUMAN], deck="HQ"),
    position("S7 C7 HK", "H4 D8 CX", "C3 D4 SA H2 [D2 S5] [S6 C2]", [HUMAN, COMPUTER], deck="D5"),
    position("H8 C8 SA D6", "S8 D9", "HA C2 D3 S4 H5 C6 [D4 C4]", [COMPUTER], deck="DA DQ"),
]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_kernel_lists_the_moves_of_the_reference_in_its_order(
    kernels: ModuleType, seed: int
) -> None:
    for state in rounds(seed, 3) + BUILDS:
        assert listed_moves(kernels, state) == reference_listing(state)


def test_a_table_too_big_for_the_kernel_is_left_to_the_reference() -> None:
    high = [f"{suit}{rank}" for rank in "89XJQK" for suit in "HSDC"]
    loose = cards(" ".join([*high, "H7", "S7", "D7"]))  # 27 loose cards, few sums
    state = State(hands=(cards("HA C7"), cards("H2 C2")), loose=loose)
    assert encode(state) is None
    search, reference = DepthSearch(HUMAN), DepthSearch(HUMAN)
    reference.kernels = None
    moves = state.legal_moves()
    assert search.roots(state, moves, 2) == reference.roots(state, moves, 2)
    assert search.nodes == reference.nodes


def test_a_move_is_four_ints() -> None:
    state = BUILDS[0]
    s5, hk = cards("S5 HK")
    assert encode_move(state, Move.parse("capture S5 C5 [H2 S3]")) == (1, s5.index, 1, 0)
    assert encode_move(state, Move.parse("trail HK")) == (0, hk.index, 0, -1)


def searches(seed: int) -> list[tuple[State, list[Move], int]]:
    rng = random.Random(seed)
    found = []
    for state in rounds(seed, 2)[::3] + BUILDS:
        if not state.deck:
            continue
        sampled = State.sample(state.observe(state.next_player), rng.randrange(2**32))
        found.append((sampled, distinct_kinds(sampled.legal_moves()), rng.choice([1, 2, 3, 4])))
    return found


@pytest.mark.parametrize("seed", [3, 4])
def test_the_depth_search_gives_the_values_of_the_reference(kernels: ModuleType, seed: int) -> None:
    for state, moves, depth in searches(seed):
        mine, reference = DepthSearch(state.next_player), DepthSearch(state.next_player)
        mine.kernels, reference.kernels = kernels, None
        assert mine.roots(state, moves, depth) == reference.roots(state, moves, depth)
        assert mine.nodes == reference.nodes
        assert mine.root(state, moves[-1], depth) == reference.root(state, moves[-1], depth)


def test_the_depth_search_weighs_as_the_reference_with_other_weights(kernels: ModuleType) -> None:
    # every weight apart from the others and from the defaults, so that one the kernel
    # dropped or swapped would show
    weights = Weights(0.9, 0.55, 0.65, 2.9, 1.4, DEAL_START_LOOSE)
    differs = False
    for state, moves, depth in searches(7):
        player = state.next_player
        mine, reference = DepthSearch(player, weights), DepthSearch(player, weights)
        mine.kernels, reference.kernels = kernels, None
        for plies in (depth, 8):
            assert mine.roots(state, moves, plies) == reference.roots(state, moves, plies)
        assert mine.nodes == reference.nodes
        plain = DepthSearch(player)
        plain.kernels = None
        differs |= reference.roots(state, moves, 8) != plain.roots(state, moves, 8)
    assert differs  # the weights make a difference the test can see


def test_a_work_budget_stops_the_depth_search_where_it_stops_the_reference(
    kernels: ModuleType,
) -> None:
    state, moves, _ = searches(5)[0]
    for steps in (1, 7, 60, 400, 10**6):
        ends = []
        for chosen in (kernels, None):
            search = DepthSearch(state.next_player)
            search.kernels = chosen
            budget = WorkBudget(steps)
            search.deadline = budget
            try:
                found: object = search.roots(state, moves, 4)
            except DeadlineError:
                found = "deadline"
            ends.append((found, search.nodes, budget.steps.taken))
        assert ends[0] == ends[1]


def test_a_budget_of_positions_stops_the_depth_search_where_it_stops_the_reference(
    kernels: ModuleType,
) -> None:
    state, moves, _ = searches(6)[0]
    ends = []
    for chosen in (kernels, None):
        search = DepthSearch(state.next_player)
        search.kernels, search.limit = chosen, 30
        with pytest.raises(OutOfBudgetError):
            search.roots(state, moves, 4)
        ends.append(search.nodes)
    assert ends[0] == ends[1] == 31


@pytest.mark.parametrize("seed", [3, 4])
def test_the_replies_are_the_reference_s(kernels: ModuleType, seed: int) -> None:
    for state, moves, depth in searches(seed):
        for plies in (depth, 3, 5):
            mine, reference = DepthSearch(state.next_player), DepthSearch(state.next_player)
            mine.kernels, reference.kernels = kernels, None
            assert mine.replies(state, moves, plies) == reference.replies(state, moves, plies)
            assert mine.nodes == reference.nodes


def test_a_work_budget_stops_the_replies_where_it_stops_the_reference(
    kernels: ModuleType,
) -> None:
    state, moves, _ = searches(5)[0]
    for steps in (1, 9, 80, 500, 10**6):
        ends = []
        for chosen in (kernels, None):
            search = DepthSearch(state.next_player)
            search.kernels = chosen
            budget = WorkBudget(steps)
            search.deadline = budget
            try:
                found: object = search.replies(state, moves, 4)
            except DeadlineError:
                found = "deadline"
            ends.append((found, search.nodes, budget.steps.taken))
        assert ends[0] == ends[1]


def last_deals(seed: int, count: int) -> list[State]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
        while state.deck or not state.hands[0] or not state.hands[1]:
            state = state.apply(rng.choice(state.legal_moves()), check=False)
        found.append(state)
    return found


@pytest.mark.parametrize("all_exact", [True, False])
def test_the_exact_search_gives_the_values_of_the_reference_move_after_move(
    kernels: ModuleType, all_exact: bool
) -> None:
    rng = random.Random(7)
    for state in last_deals(8, 3):
        mine, reference = ExactSearch(state.next_player), ExactSearch(state.next_player)
        mine.kernels, reference.kernels = kernels, None
        mine.kernel_table = kernels.Table(16)  # it grows as it fills
        while not state.is_round_over:  # the tables kept from one move to the next
            moves = distinct_kinds(state.legal_moves())
            moves.sort(key=search_order, reverse=True)
            for search in (mine, reference):
                search.nodes = 0
            found = mine.values(state, moves, all_exact=all_exact)
            assert found == reference.values(state, moves, all_exact=all_exact)
            assert mine.nodes == reference.nodes
            assert mine.value(state) == reference.value(state)
            assert len(mine.kernel_table) == len(reference.table)
            state = state.apply(rng.choice(state.legal_moves()))
        assert mine.kernels is kernels  # never left to the reference


def test_the_exact_search_scores_the_tournament_as_the_reference(kernels: ModuleType) -> None:
    state = last_deals(9, 1)[0]
    state = dataclasses.replace(state, scores=(19, 18))
    moves = distinct_kinds(state.legal_moves())
    mine, reference = ExactSearch(state.next_player), ExactSearch(state.next_player)
    mine.kernels, reference.kernels = kernels, None
    assert mine.values(state, moves) == reference.values(state, moves)
    assert max(abs(value) for value in reference.values(state, moves)) > 50  # decided


def test_budgets_stop_the_exact_search_where_they_stop_the_reference(
    kernels: ModuleType,
) -> None:
    state = last_deals(10, 1)[0]
    moves = distinct_kinds(state.legal_moves())
    for limit, steps in ((25, 10**6), (None, 40)):
        ends = []
        for chosen in (kernels, None):
            search = ExactSearch(state.next_player)
            search.kernels, search.limit = chosen, limit
            budget = WorkBudget(steps)
            search.deadline = budget
            with pytest.raises((OutOfBudgetError, DeadlineError)) as raised:
                search.values(state, moves)
            ends.append((raised.type, search.nodes, budget.steps.taken))
        assert ends[0] == ends[1]


def test_builds_in_the_exact_search(kernels: ModuleType) -> None:
    state = position(
        "C3 H8 S4", "H5 D9 S2", "H4 C5 SA [D6 C2]", [HUMAN], deck="", last=HUMAN, to_move=COMPUTER
    )
    assert isinstance(state.builds[0], Build)
    moves = distinct_kinds(state.legal_moves())
    mine, reference = ExactSearch(COMPUTER), ExactSearch(COMPUTER)
    mine.kernels, reference.kernels = kernels, None
    assert mine.values(state, moves) == reference.values(state, moves)
    assert mine.nodes == reference.nodes


def test_the_expert_analyses_as_the_reference_at_a_work_budget(kernels: ModuleType) -> None:
    for state in [*rounds(11, 1)[::9], last_deals(12, 1)[0]]:
        seen = state.observe(state.next_player)
        found = [
            ExpertStrategy(reference=reference).analyse(seen, deadline=WorkBudget(4000))
            for reference in (False, True)
        ]
        assert found[0] == found[1]
