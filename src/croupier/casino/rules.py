"""The rules of play on the table's pieces: every legal move, and why a move is illegal.

The functions here see only what a rule needs: the hand of the player to move, the loose
cards and the builds. :class:`~croupier.casino.state.State` is the surface that uses them
(``state.legal_moves()``, ``state.check(move)``, ``state.apply(move)``).
:func:`moves_for` lists each distinct legal move once (two ways of grouping the same
captured cards are one move, since they leave the same position); :func:`move_problem`
says which :class:`~.errors.Rule` a move breaks.

>>> from croupier.cards import parse_cards
>>> from croupier.casino import Move, Player
>>> hand, loose = parse_cards("S5 C9 HK D2"), parse_cards("H5 C3 D4 SX")
>>> [str(m) for m in moves_for(hand, loose, (), Player.HUMAN) if m.card.casino == "S5"]
['capture S5 H5', 'build S5 D4', 'build S5 C3 H5']
>>> move_problem(hand, loose, (), Player.HUMAN, Move.parse("trail S5")).rule
<Rule.TRAIL_MATCH: 'trail-match'>
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from croupier.cards import Card
from croupier.casino.errors import IllegalMoveError, Rule
from croupier.casino.moves import Action, Move
from croupier.casino.pieces import Build, Player
from croupier.casino.values import CARD_VALUE, LOW_VALUE, MAX_VALUE, split_capture

__all__ = [
    "CHECK_EVERY",
    "Stop",
    "add_part",
    "find_build",
    "first_moves",
    "list_moves",
    "move_problem",
    "moves_for",
    "moves_until",
]


# --- listing the legal moves ---------------------------------------------------------

#: Units of work (subsets, unions of sets, moves) between two looks at ``stop``: about a
#: millisecond, and more than a real table's whole listing, which is then never timed.
CHECK_EVERY = 2048

#: Told to stop: ``True`` once the time for listing is up.
Stop = Callable[[], bool]


class _StoppedError(Exception):
    """``stop`` said the time was up."""


def moves_for(
    hand: Sequence[Card], loose: Sequence[Card], builds: Sequence[Build], player: Player
) -> list[Move]:
    """The legal moves of ``player`` holding ``hand`` at a table of ``loose`` cards and ``builds``.

    The opponent's hand and the deck play no part, so a player can list its moves from
    what it sees (see :class:`~.observation.Observation`).
    """
    moves: list[Move] = []
    _list_moves(moves, hand, loose, builds, player, None)
    return moves


def moves_until(
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Sequence[Build],
    player: Player,
    stop: Stop,
) -> list[Move] | None:
    """:func:`moves_for`, or ``None`` if ``stop()`` says the time is up before the list is
    done. ``stop`` is asked every :data:`CHECK_EVERY` units of work (a subset of loose
    cards, a union of sets, a move), never on a small table: the number of moves grows
    exponentially with the loose cards (2,202 with 12 low ones, 488,714 with 20)."""
    moves: list[Move] = []
    try:
        _list_moves(moves, hand, loose, builds, player, stop)
    except _StoppedError:
        return None
    return moves


def list_moves(
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Sequence[Build],
    player: Player,
    stop: Stop,
) -> tuple[list[Move], bool]:
    """The legal moves listed until ``stop()`` says the time is up, and whether that is all
    of them (then the list is :func:`moves_for`'s, in its order).

    Cut short, the list starts with :func:`first_moves` (a few moves of every card,
    found at once), then the moves listed in time: some legal moves, never none when
    there is one.

    >>> from croupier.cards import parse_cards
    >>> hand, loose = parse_cards("S5 C9"), parse_cards("H5 C3 D4 SX")
    >>> moves, complete = list_moves(hand, loose, (), Player.HUMAN, lambda: False)
    >>> complete, moves == moves_for(hand, loose, (), Player.HUMAN)
    (True, True)
    """
    moves: list[Move] = []
    try:
        _list_moves(moves, hand, loose, builds, player, stop)
    except _StoppedError:
        first = first_moves(hand, loose, builds, player)
        known = set(first)
        return first + [move for move in moves if move not in known], False
    return moves, True


class _Table:
    """What listing the moves of one player needs to know of the table."""

    __slots__ = (
        "build_cards",
        "cards",
        "in_order",
        "known",
        "lows",
        "opponent_values",
        "own",
        "single",
        "values",
    )

    def __init__(self, loose: Sequence[Card], builds: Sequence[Build], player: Player) -> None:
        self.cards = table = sorted(loose, key=_index)  # canonical order: masks read back sorted
        self.lows = [LOW_VALUE[card.index] for card in table]
        self.values = [CARD_VALUE[card.index] for card in table]
        self.known: dict[int, tuple[Card, ...]] = {0: ()}
        self.own: dict[int, Build] = {}
        self.opponent_values: set[int] = set()
        #: The opponent's single builds, which a card may increase.
        self.single: list[Build] = []
        self.build_cards: dict[int, tuple[Card, ...]] = {}
        self.in_order: list[Build] = []
        if not builds:
            return
        for build in builds:
            if build.owner is player:
                self.own[build.value] = build
            else:
                self.opponent_values.add(build.value)
                if len(build.parts) == 1:
                    self.single.append(build)
            self.build_cards[id(build)] = _sorted_cards(build.cards)
        # The builds in the order a move names them, so that its builds are in normal form.
        cards = self.build_cards
        self.in_order = sorted(builds, key=lambda build: [card.index for card in cards[id(build)]])

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        cards = self.known.get(mask)
        if cards is None:
            table = self.cards
            cards = self.known[mask] = tuple(table[i] for i in range(len(table)) if mask >> i & 1)
        return cards

    def matches(self, value: int) -> int:
        """The mask of the loose cards of ``value``."""
        mask = 0
        for i, other in enumerate(self.values):
            if other == value:
                mask |= 1 << i
        return mask

    def increases(self, card: Card, held: dict[int, int]) -> list[Move]:
        low = LOW_VALUE[card.index]
        found = []
        for build in self.single:
            target = build.value + low
            if target <= MAX_VALUE and held.get(target, 0) and target not in self.opponent_values:
                found.append(_move(Action.INCREASE, card, (), (self.build_cards[id(build)],)))
        return found


def _held(hand: Sequence[Card]) -> dict[int, int]:
    held: dict[int, int] = {}
    for card in hand:
        value = CARD_VALUE[card.index]
        held[value] = held.get(value, 0) + 1
    return held


def _list_moves(
    moves: list[Move],
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Sequence[Build],
    player: Player,
    stop: Stop | None,
) -> None:
    """Append the legal moves to ``moves``, card by card; raise :class:`_StoppedError` when
    ``stop()`` says so (asked every :data:`CHECK_EVERY` units of work). Big steps are
    split in chunks of :data:`CHECK_EVERY`; a small table never gets to a look at the
    clock, and lists its moves as fast as without one."""
    if not hand:
        return
    every = CHECK_EVERY
    work = 0  # units of work since the last look at the clock
    table = _Table(loose, builds, player)
    cards_of, own, build_cards, opponent_values = (
        table.cards_of,
        table.own,
        table.build_cards,
        table.opponent_values,
    )
    # Every non-empty subset of loose cards worth at most 14 (aces 1): (mask, total, size).
    subsets: list[tuple[int, int, int]] = [(0, 0, 0)]
    for i, low in enumerate(table.lows):
        bit = 1 << i
        size = len(subsets)
        if size <= every:  # counted with the rest below: at most twice the subsets
            subsets += [(m | bit, t + low, k + 1) for m, t, k in subsets if t + low <= MAX_VALUE]
            continue
        for start in range(0, size, every):
            part = subsets[start : min(start + every, size)]
            subsets += [(m | bit, t + low, k + 1) for m, t, k in part if t + low <= MAX_VALUE]
            work = _look(stop, work + len(part))
    by_total: dict[int, list[int]] = {}
    for m, t, _k in subsets[1:]:
        by_total.setdefault(t, []).append(m)
    work = _look(stop, work + len(subsets))

    held = _held(hand)
    append = moves.append
    for card in hand:
        value, low = CARD_VALUE[card.index], LOW_VALUE[card.index]
        held[value] -= 1  # what is left in hand once the card is played
        # An own build of this value left with no card to capture it: only captures that
        # take that build are legal.
        exposed = own.get(value) if held[value] == 0 else None
        matches = table.matches(value)
        if not own and not matches:
            append(_move(Action.TRAIL, card))
        # Captures: the matching cards, any disjoint sets summing to the value, builds.
        unions = {0}
        for m in by_total.get(value, ()):
            if m & (m - 1):  # a set of two cards or more
                if len(unions) <= every:
                    unions.update([u | m for u in unions if not u & m])
                    work += len(unions)
                else:
                    known = list(unions)
                    for start in range(0, len(known), every):
                        chunk = known[start : start + every]
                        unions.update([u | m for u in chunk if not u & m])
                        work = _look(stop, work + len(chunk))
                if work >= every:
                    work = _look(stop, work)
        targets = [b for b in table.in_order if b.value == value]
        choices: list[tuple[tuple[Card, ...], ...]] = [
            tuple(build_cards[id(b)] for b in chosen)
            for size in range(len(targets) + 1)
            for chosen in combinations(targets, size)
            if exposed is None or exposed in chosen
        ]
        # Fewest cards first, then by mask: two sorts in C, stable.
        masks = sorted(sorted({u | matches for u in unions}), key=int.bit_count)
        for chunk in (masks,) if len(masks) <= every else _chunks(masks):
            for mask in chunk:
                taken = cards_of(mask)
                for chosen in choices:
                    if taken or chosen:
                        append(_move(CAPTURE, card, taken, chosen))
            work += len(chunk) * len(choices)
            if work >= every:
                work = _look(stop, work)
        if exposed is not None:
            held[value] += 1
            continue
        # Builds: the card and loose cards worth a value held in hand, not an opponent's.
        for target, count in held.items():
            if count and target not in opponent_values and target - low >= 1:
                found = by_total.get(target - low)
                if not found:
                    continue
                for chunk in (found,) if len(found) <= every else _chunks(found):
                    for mask in chunk:
                        append(_move(BUILD, card, cards_of(mask)))
                    work += len(chunk)
                    if work >= every:
                        work = _look(stop, work)
        if value in own and held[value]:
            append(_move(Action.BUILD, card))
        # Increases of the opponent's single builds.
        if table.single:
            moves += table.increases(card, held)
        held[value] += 1


def _chunks(items: list[int]) -> Iterator[list[int]]:
    """``items`` in slices of :data:`CHECK_EVERY`."""
    every = CHECK_EVERY
    return (items[start : start + every] for start in range(0, len(items), every))


def _look(stop: Stop | None, work: int) -> int:
    """Look at the clock (ask ``stop``) once ``work`` units are done since the last look:
    the units left to count (0 after a look)."""
    if work < CHECK_EVERY:
        return work
    if stop is not None and stop():
        raise _StoppedError
    return 0


def first_moves(
    hand: Sequence[Card], loose: Sequence[Card], builds: Sequence[Build], player: Player
) -> list[Move]:
    """A few legal moves of each card, found in time that grows only with the square of
    the table's size (not exponentially, as :func:`moves_for`'s): the trail, the biggest
    capture found greedily (the matching cards, then set after disjoint set summing to
    the card's value, and every build of that value), one build of each value held, the
    join of one's own build, and the increases. Each is one of :func:`moves_for`'s, and a
    card with a legal move has one here.

    >>> from croupier.cards import parse_cards
    >>> hand, loose = parse_cards("S5 C9"), parse_cards("H5 C3 D4 SX")
    >>> [str(move) for move in first_moves(hand, loose, (), Player.HUMAN)]
    ['capture S5 H5', 'build S5 D4', 'trail C9', 'capture C9 D4 H5']
    """
    table = _Table(loose, builds, player)
    everything = (1 << len(table.cards)) - 1
    held = _held(hand)
    found: list[Move] = []
    for card in hand:
        value, low = CARD_VALUE[card.index], LOW_VALUE[card.index]
        held[value] -= 1
        exposed = table.own.get(value) if held[value] == 0 else None
        matches = table.matches(value)
        if not table.own and not matches:
            found.append(_move(Action.TRAIL, card))
        taken, left = matches, everything & ~matches
        while (more := _subset_summing(table.lows, left, value)) is not None:
            taken, left = taken | more, left & ~more
        chosen = tuple(table.build_cards[id(b)] for b in table.in_order if b.value == value)
        if taken or chosen:
            found.append(_move(Action.CAPTURE, card, table.cards_of(taken), chosen))
        if exposed is None:
            for target, count in held.items():
                if count and target not in table.opponent_values and target - low >= 1:
                    mask = _subset_summing(table.lows, everything, target - low)
                    if mask is not None:
                        found.append(_move(Action.BUILD, card, table.cards_of(mask)))
            if value in table.own and held[value]:
                found.append(_move(Action.BUILD, card))
            found += table.increases(card, held)
        held[value] += 1
    return found


def _subset_summing(lows: Sequence[int], among: int, total: int) -> int | None:
    """The mask of some cards of the mask ``among`` whose low values sum to ``total``, or
    ``None``: subset sum by dynamic programming over the totals up to ``total``."""
    reach = {0: 0}  # total -> the mask of the first cards found to make it
    for i, low in enumerate(lows):
        if among >> i & 1:
            for made, mask in list(reach.items()):
                new = made + low
                if new <= total and new not in reach:
                    reach[new] = mask | 1 << i
            if total in reach:
                return reach[total]
    return None


CAPTURE, BUILD = Action.CAPTURE, Action.BUILD


def _index(card: Card) -> int:
    return card.index


_set = object.__setattr__


def _move(
    action: Action,
    card: Card,
    loose: tuple[Card, ...] = (),
    builds: tuple[tuple[Card, ...], ...] = (),
) -> Move:
    """A move already in normal form (loose cards and builds sorted), made without the
    checks of ``Move(...)``: listing thousands of moves is then several times faster."""
    move: Move = object.__new__(Move)
    _set(move, "action", action)
    _set(move, "card", card)
    _set(move, "loose", loose)
    _set(move, "builds", builds)
    return move


def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_index))


# --- checking one move -----------------------------------------------------------------


def _illegal(move: Move, rule: Rule, detail: str = "") -> IllegalMoveError:
    because = f" ({detail})" if detail else ""
    return IllegalMoveError(f"illegal move '{move}': {rule.text}{because}", rule)


def move_problem(
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Sequence[Build],
    player: Player,
    move: Move,
) -> IllegalMoveError | None:
    """Why ``player``, holding ``hand``, may not play ``move`` here: the error naming the rule.

    ``None`` when the move is legal. Agrees with :func:`moves_for`: a move passes exactly
    when it is listed there.
    """
    card = move.card
    if card not in hand:
        return _illegal(move, Rule.CARD_IN_HAND, f"the {player.key} holds no {card.casino}")
    rest = [c for c in hand if c != card]
    for named in move.loose:
        if named not in loose:
            return _illegal(move, Rule.ON_TABLE, f"{named.casino} is not loose on the table")
    if len(set(move.loose)) != len(move.loose):
        return _illegal(move, Rule.ON_TABLE, "a card is named twice")
    named_builds: list[Build] = []
    for cards in move.builds:
        build = find_build(builds, cards)
        if build is None or build in named_builds:
            listed = " ".join(c.casino for c in cards)
            return _illegal(move, Rule.BUILD_ON_TABLE, f"no build [{listed}] on the table")
        named_builds.append(build)
    own = tuple(b for b in builds if b.owner is player)
    opponent = [b for b in builds if b.owner is not player]
    kept = own  # the player's builds still on the table after the move
    action = move.action
    if action is Action.TRAIL:
        if move.loose or move.builds:
            return _illegal(move, Rule.TRAIL_TAKES_NOTHING)
        if own:
            return _illegal(move, Rule.TRAIL_OWNER, f"the {player.key} owns {own[0]}")
        match = next((c for c in loose if c.rank is card.rank), None)
        if match is not None:
            detail = f"{card.casino} matches the loose {match.casino}"
            return _illegal(move, Rule.TRAIL_MATCH, detail)
        return None
    problem: IllegalMoveError | None
    if action is Action.CAPTURE:
        value = CARD_VALUE[card.index]
        if not move.loose and not move.builds:
            return _illegal(move, Rule.CAPTURE_SOMETHING)
        for build in named_builds:
            if build.value != value:
                detail = f"{build} is worth {build.value}, {card.casino} captures {value}"
                return _illegal(move, Rule.CAPTURE_BUILD_VALUE, detail)
        left = [c for c in loose if c.rank is card.rank and c not in move.loose]
        if left:
            return _illegal(move, Rule.CAPTURE_MATCHES, f"{left[0].casino} is left on the table")
        if split_capture(move.loose, value) is None:
            return _illegal(move, Rule.CAPTURE_SETS, f"capturing {value}")
        kept = tuple(b for b in own if b not in named_builds)
    elif action is Action.BUILD:
        if move.builds:
            return _illegal(move, Rule.BUILD_LOOSE)
        target = move.value or 0
        if not move.loose and not any(b.value == target for b in own):
            return _illegal(move, Rule.BUILD_ALONE, f"the {player.key} owns no build of {target}")
        problem = _target_problem(move, target, rest, opponent, Rule.BUILD_MAX, Rule.BUILD_HOLD)
        if problem is not None:
            return problem
    else:
        if move.loose or len(named_builds) != 1:
            return _illegal(move, Rule.INCREASE_ONE)
        build = named_builds[0]
        if build.owner is player:
            return _illegal(move, Rule.INCREASE_OWN, f"{build} belongs to the {player.key}")
        if build.is_multiple:
            return _illegal(move, Rule.INCREASE_MULTIPLE, f"{build} is a multiple build")
        target = build.value + LOW_VALUE[card.index]
        others = [b for b in opponent if b is not build]
        problem = _target_problem(move, target, rest, others, Rule.INCREASE_MAX, Rule.INCREASE_HOLD)
        if problem is not None:
            return problem
    for build in kept:
        if not any(CARD_VALUE[c.index] == build.value for c in rest):
            detail = f"{card.casino} is the last card of value {build.value} for {build}"
            return _illegal(move, Rule.KEEP_CARD, detail)
    return None


def find_build(builds: Sequence[Build], cards: Sequence[Card]) -> Build | None:
    """The build made of exactly ``cards`` (in any order), or ``None``."""
    wanted = sorted(card.index for card in cards)
    for build in builds:
        if sorted(card.index for card in build.cards) == wanted:
            return build
    return None


def _target_problem(
    move: Move,
    target: int,
    rest: Sequence[Card],
    opponent: Sequence[Build],
    too_high: Rule,
    hold: Rule,
) -> IllegalMoveError | None:
    if target > MAX_VALUE:
        return _illegal(move, too_high, f"this one would be worth {target}")
    clash = next((b for b in opponent if b.value == target), None)
    if clash is not None:
        detail = f"the {clash.owner.key} owns {clash}, worth {target}"
        return _illegal(move, Rule.BUILD_OPPONENT_VALUE, detail)
    if not any(CARD_VALUE[c.index] == target for c in rest):
        return _illegal(move, hold, f"no other card of value {target} in hand")
    return None


def add_part(
    builds: tuple[Build, ...],
    part: tuple[Card, ...],
    alone_value: int,
    player: Player,
    replaced: Build | None,
) -> tuple[Build, ...]:
    """Builds after ``player`` adds ``part``: joining their build of its value, or a new one.

    ``replaced`` is the opponent's build being increased (it leaves the table as such).
    ``alone_value`` is the value of a one-card part (the card's own value: an ace is 14).
    """
    value = alone_value if len(part) == 1 else sum(LOW_VALUE[c.index] for c in part)
    mine = next((b for b in builds if b.owner is player and b.value == value), None)
    if mine is not None:
        joined = Build((*mine.parts, part), player)
        return tuple(joined if b is mine else b for b in builds if b is not replaced)
    new = Build((part,), player)
    if replaced is not None:
        return tuple(new if b is replaced else b for b in builds)
    return (*builds, new)
