"""An independent statement of Casino's rules, naive and slow, written from the definitions.

It knows nothing of the engine's shortcuts (ace values fixed by arithmetic, one build per
value, masks): every ace is tried as 1 and as 14, every subset and every split is tried.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, combinations, product

from croupier.cards import Card, Rank, Suit
from croupier.casino import Action, Build, Move, State


def values(card: Card) -> set[int]:
    if card.rank is Rank.ACE:
        return {1, 14}
    return {int(card.rank)}


def sums(cards: Sequence[Card]) -> set[int]:
    return {sum(choice) for choice in product(*(sorted(values(c)) for c in cards))}


def subsets(items: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    return chain.from_iterable(combinations(items, k) for k in range(len(items) + 1))


def build_subsets(items: Sequence[Build]) -> Iterator[tuple[Build, ...]]:
    return chain.from_iterable(combinations(items, k) for k in range(len(items) + 1))


def splits(cards: Sequence[Card], value: int) -> bool:
    """Can ``cards`` be split into groups, each one card of ``value`` or 2+ cards summing to it?"""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for partners in subsets(rest):
        group = (first, *partners)
        ok = value in values(first) if len(group) == 1 else value in sums(group)
        if ok and splits([c for c in rest if c not in partners], value):
            return True
    return False


def holds(hand: Sequence[Card], value: int) -> bool:
    return any(value in values(card) for card in hand)


def reference_moves(state: State) -> set[Move]:
    """Every legal move by the rules as written in issue 5."""
    player = state.next_player
    hand = state.hands[player]
    loose = state.loose
    own = [b for b in state.builds if b.owner is player]
    theirs = [b for b in state.builds if b.owner is not player]
    found: set[Move] = set()
    for card in hand:
        rest = [c for c in hand if c != card]

        def kept(builds: Sequence[Build], rest: Sequence[Card] = rest) -> bool:
            return all(holds(rest, b.value) for b in builds)

        if not own and not any(values(card) & values(c) for c in loose):
            found.add(Move.trail(card))
        for value in values(card):
            targets = [b for b in state.builds if b.value == value]
            for taken in subsets(loose):
                if any(value in values(c) and c not in taken for c in loose):
                    continue
                if not splits(taken, value):
                    continue
                for chosen in build_subsets(targets):
                    if (taken or chosen) and kept([b for b in own if b not in chosen]):
                        found.add(Move.capture(card, taken, chosen))
        for used in subsets(loose):
            totals = sums((card, *used)) if used else set()
            if not used:  # alone onto one's own build of the card's value
                totals = {v for v in values(card) if any(b.value == v for b in own)}
            for total in totals:
                if not 2 <= total <= 14 or any(b.value == total for b in theirs):
                    continue
                others = [b for b in own if b.value != total]
                if holds(rest, total) and kept(others):
                    found.add(Move.build(card, *used))
        for build in theirs:
            if build.is_multiple:
                continue
            for total in sums((*build.cards, card)):
                clash = any(b.value == total for b in theirs if b is not build)
                if total <= 14 and not clash and holds(rest, total) and kept(own):
                    found.add(Move.increase(card, build))
    return found


def candidate_moves(state: State) -> Iterator[Move]:
    """Moves worth trying, legal or not: every card with every action and table choice."""
    hand = state.hands[state.next_player] + state.hands[state.next_player.other][:1]
    builds = state.builds
    for card in hand:
        yield Move.trail(card)
        for taken in subsets(state.loose):
            for chosen in build_subsets(builds):
                yield Move.capture(card, taken, chosen)
            yield Move.build(card, *taken)
        for build in builds:
            yield Move.increase(card, build)
        if state.loose and builds:
            yield Move(Action.TRAIL, card, state.loose[:1])
            yield Move(Action.BUILD, card, state.loose[:1], (builds[0].cards,))
            yield Move(Action.INCREASE, card, state.loose[:1], (builds[0].cards,))


def reference_points(pile: Sequence[Card], other: Sequence[Card]) -> int:
    """Round points of ``pile`` against ``other``, from seed 003's wording."""
    points = 0
    if len(pile) > len(other):
        points += 3
    spades = [c for c in pile if c.suit is Suit.SPADES]
    if len(spades) > len([c for c in other if c.suit is Suit.SPADES]):
        points += 1
    if Card(Rank.TEN, Suit.DIAMONDS) in pile:
        points += 2
    if Card(Rank.TWO, Suit.SPADES) in pile:
        points += 1
    points += sum(c.rank is Rank.ACE for c in pile)
    return points
