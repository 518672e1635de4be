"""The search over several deals with the player's answers chosen alike: one deal gives
the open game's values, and a choice that suits only some deals is not credited to all."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from croupier.casino import Player, State, new_tournament
from croupier.casino.moves import Move
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy
from croupier.casino.strategies.infoset import information_set_values
from croupier.casino.strategies.search import DepthSearch, distinct_kinds, move_key


def positions(seed: int, count: int) -> list[State]:
    """Sampled deals of positions of random play, before the last deal."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
        for _ in range(rng.randrange(30)):
            state = state.apply(rng.choice(state.legal_moves()), check=False)
        if state.deck and state.to_move is not None:
            seen = state.observe(state.next_player)
            found.append(State.sample(seen, rng.randrange(2**32)))
    return found


@pytest.mark.parametrize("depth", [2, 3, 5, 8])
def test_one_deal_gives_the_values_of_the_open_game(depth: int) -> None:
    for state in positions(1, 6):
        moves = distinct_kinds(state.legal_moves())
        search = DepthSearch(state.next_player)
        replies = search.replies(state, moves, depth)
        assert information_set_values([replies], [1.0]) == search.roots(state, moves, depth)
        assert information_set_values([replies, replies], [0.3, 0.7]) == pytest.approx(
            search.roots(state, moves, depth)
        )


def test_the_answer_is_one_for_every_deal_where_the_reply_was_possible() -> None:
    trail, capture = move_key(Move.parse("trail S5")), move_key(Move.parse("capture C5 D5"))
    reply, other = move_key(Move.parse("trail H9")), move_key(Move.parse("trail HK"))
    first = (((reply, 0),), (((trail, 1.0), (capture, 3.0)),))
    second = (((reply, 0),), (((trail, 2.0), (capture, -2.0)),))
    # each deal on its own would capture in the first and trail in the second: 2.5
    assert information_set_values([[first], [second]], [1.0, 1.0]) == [1.5]
    # weighted: the second deal three times as likely, the trail still: (1 + 3 * 2) / 4
    assert information_set_values([[first], [second]], [1.0, 3.0]) == [1.75]
    # another reply in the second deal, worse for the player there: the opponent plays it
    third = (((reply, 0), (other, 1)), (((trail, 2.0), (capture, -2.0)), -5.0))
    assert information_set_values([[first], [third]], [1.0, 1.0]) == [(1.0 - 5.0) / 2]
    # a move after which the opponent cannot reply counts its value in each deal
    assert information_set_values([[first, 4.0], [second, 0.5]], [1.0, 1.0])[1] == 2.25


def test_moves_alike_but_for_cards_of_one_sort_have_one_key() -> None:
    assert move_key(Move.parse("capture S5 H5 C2 D3")) == move_key(
        Move.parse("capture S5 D5 H2 C3")
    )
    assert move_key(Move.parse("capture S5 H5")) != move_key(Move.parse("capture H5 S5"))
    assert move_key(Move.parse("trail DX")) != move_key(Move.parse("trail HX"))  # 2 points


def test_the_expert_searches_its_deals_together_to_the_end_of_the_deal() -> None:
    state = new_tournament(Player.HUMAN, rng=6)
    for _ in range(2):
        state = state.apply(state.legal_moves()[0])
    seen = state.observe(state.next_player)  # 3 + 3 cards left: 6 plies to the deal's end
    together = ExpertStrategy(ExpertSettings(infoset=True)).analyse(seen)
    assert together.depth == 6 and together.samples >= ExpertSettings().min_samples
    assert together.best in seen.legal_moves() and not together.cut_short
    # one deal: the open game's values, as each deal searched on its own to the same depth
    one = ExpertSettings(samples=1, min_samples=1, node_budget=0, max_samples=1)
    alone = ExpertStrategy(replace(one, infoset=True)).analyse(seen, rng=3)
    pimc = ExpertStrategy(replace(one, infoset=False, depth=6)).analyse(seen, rng=3)
    assert alone.samples == pimc.samples == 1 and alone.depth == pimc.depth == 6
    assert alone.values == pytest.approx(pimc.values)
