"""Values of the player's moves over several deals of the hidden cards, with the player's
next answer chosen alike in every deal where the opponent's reply was possible.

Perfect Information Monte Carlo (the expert's search before, and the yardstick's) values a
move by searching each sampled deal as an open game and averaging: in each deal the
player then answers the opponent's reply knowing the opponent's hand, which no player
can (*strategy fusion*: a move that leaves choices for later looks better than it is,
since each deal makes the choice that suits it). Here the player's first answer is one
answer for all the deals that the opponent's reply leaves possible, the one that is best
on average over them (the reply is public, the opponent's remaining cards are not): in a
deal where the opponent holds a 7 and in one where they hold a king, after the same
trail of a 5 the player must play the same card. The opponent still answers each deal as
its own best (they may hold anything), and below the player's answer each deal is
searched as before.

:meth:`DepthSearch.replies <.search.DepthSearch.replies>` finds, in one deal, the
opponent's replies to each move and the value of each of the player's answers; this
module puts the deals together. The expert uses it with ``ExpertSettings(infoset=True)``,
which is off: measured against the yardstick at equal time, it did not make the expert
measurably stronger (the figures are in ``docs/explanation/casino-computer.md``,
"Searching the deals together", and ``benchmarks/results/``).

>>> from croupier.casino.strategies.search import move_key
>>> from croupier.casino.moves import Move
>>> trail, capture = move_key(Move.parse("trail S5")), move_key(Move.parse("capture C5 D5"))
>>> reply = move_key(Move.parse("trail H9"))
>>> one = [((reply, 0),), (((trail, 1.0), (capture, 3.0)),)]   # after the reply: two answers
>>> two = [((reply, 0),), (((trail, 2.0), (capture, -2.0)),)]
>>> information_set_values([[tuple(one)], [tuple(two)]], [1.0, 1.0])  # the trail, in both
[1.5]

Each deal answered on its own (capturing in the first, trailing in the second) would
have made the move worth (3 + 2) / 2 = 2.5.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.casino.strategies.search import MoveKey, Replies

__all__ = ["information_set_values"]


def information_set_values(
    deals: Sequence[Sequence[Replies]], weights: Sequence[float]
) -> list[float]:
    """The value of each of the player's moves: ``deals[d][m]`` is what
    :meth:`~.search.DepthSearch.replies` found for move ``m`` in deal ``d``, and
    ``weights[d]`` how likely deal ``d`` is (they need not add up to 1).

    In each deal the opponent plays the reply that leaves the player the least; after a
    reply, the player's answer is the one with the best weighted mean over the deals
    where that reply is legal; a move's value is the weighted mean over the deals."""
    total = sum(weights)
    moves = len(deals[0]) if deals else 0
    values = []
    for m in range(moves):
        # after each public reply: the weighted sums of each answer, over the deals
        sums: dict[MoveKey, dict[MoveKey, float]] = {}
        for deal, weight in zip(deals, weights, strict=True):
            found = deal[m]
            if isinstance(found, float):
                continue
            replies, answers = found
            for reply, kind in dict(replies).items():  # a reply of each key once
                after = answers[kind]
                if isinstance(after, float):
                    continue
                sum_of = sums.setdefault(reply, {})
                for answer, value in after:
                    sum_of[answer] = sum_of.get(answer, 0.0) + weight * value
        chosen = {reply: max(sum_of, key=sum_of.__getitem__) for reply, sum_of in sums.items()}
        mean = 0.0
        for deal, weight in zip(deals, weights, strict=True):
            found = deal[m]
            if isinstance(found, float):
                mean += weight * found
                continue
            replies, answers = found
            worst = float("inf")
            for reply, kind in replies:
                after = answers[kind]
                if isinstance(after, float):
                    value = after
                else:
                    choice = chosen[reply]
                    value = next(v for answer, v in after if answer == choice)
                worst = min(worst, value)
            mean += weight * worst
        values.append(mean / total)
    return values
