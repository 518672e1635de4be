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
<Rule.TRAIL_MATCH: 'a card that matches a loose card cannot be trailed: it must capture it'>
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from croupier.cards import Card
from croupier.casino.errors import IllegalMoveError, Rule
from croupier.casino.moves import Action, Move
from croupier.casino.pieces import Build, Player
from croupier.casino.values import CARD_VALUE, LOW_VALUE, MAX_VALUE, split_capture

__all__ = ["add_part", "find_build", "move_problem", "moves_for"]


# --- listing the legal moves ---------------------------------------------------------


def moves_for(
    hand: Sequence[Card], loose: Sequence[Card], builds: Sequence[Build], player: Player
) -> list[Move]:
    """The legal moves of ``player`` holding ``hand`` at a table of ``loose`` cards and ``builds``.

    The opponent's hand and the deck play no part, so a player can list its moves from
    what it sees (see :class:`~.observation.Observation`).
    """
    if not hand:
        return []
    table = sorted(loose, key=_index)  # canonical order: masks read back sorted
    n = len(table)
    lows = [LOW_VALUE[card.index] for card in table]
    values = [CARD_VALUE[card.index] for card in table]
    # Every non-empty subset of loose cards worth at most 14 (aces 1): (mask, total, size).
    subsets: list[tuple[int, int, int]] = [(0, 0, 0)]
    for i, low in enumerate(lows):
        bit = 1 << i
        subsets += [(m | bit, t + low, k + 1) for m, t, k in subsets if t + low <= MAX_VALUE]
    by_total: dict[int, list[int]] = {}
    for m, t, _k in subsets[1:]:
        by_total.setdefault(t, []).append(m)

    known: dict[int, tuple[Card, ...]] = {0: ()}

    def cards_of(mask: int) -> tuple[Card, ...]:
        cards = known.get(mask)
        if cards is None:
            cards = known[mask] = tuple(table[i] for i in range(n) if mask >> i & 1)
        return cards

    own: dict[int, Build] = {}
    opponent_values: set[int] = set()
    for build in builds:
        if build.owner is player:
            own[build.value] = build
        else:
            opponent_values.add(build.value)
    build_cards = {id(build): _sorted_cards(build.cards) for build in builds}
    # The builds in the order a move names them, so that its builds are in normal form.
    in_order = sorted(builds, key=lambda build: [card.index for card in build_cards[id(build)]])
    held: dict[int, int] = {}
    for card in hand:
        value = CARD_VALUE[card.index]
        held[value] = held.get(value, 0) + 1

    moves: list[Move] = []
    append = moves.append
    for card in hand:
        value, low = CARD_VALUE[card.index], LOW_VALUE[card.index]
        held[value] -= 1  # what is left in hand once the card is played
        # An own build of this value left with no card to capture it: only captures that
        # take that build are legal.
        exposed = own.get(value) if held[value] == 0 else None
        matches = 0
        for i in range(n):
            if values[i] == value:
                matches |= 1 << i
        if not own and not matches:
            append(_move(Action.TRAIL, card))
        # Captures: the matching cards, any disjoint sets summing to the value, builds.
        unions = {0}
        for m, t, k in subsets:
            if t == value and k >= 2:
                unions.update([u | m for u in unions if not u & m])
        targets = [b for b in in_order if b.value == value]
        choices: list[tuple[tuple[Card, ...], ...]] = [
            tuple(build_cards[id(b)] for b in chosen)
            for size in range(len(targets) + 1)
            for chosen in combinations(targets, size)
            if exposed is None or exposed in chosen
        ]
        for mask in sorted({u | matches for u in unions}, key=_mask_order):
            taken = cards_of(mask)
            for chosen_cards in choices:
                if taken or chosen_cards:
                    append(_move(Action.CAPTURE, card, taken, chosen_cards))
        if exposed is not None:
            held[value] += 1
            continue
        # Builds: the card and loose cards worth a value held in hand, not an opponent's.
        for target, count in held.items():
            if count and target not in opponent_values and target - low >= 1:
                for mask in by_total.get(target - low, ()):
                    append(_move(Action.BUILD, card, cards_of(mask)))
        if value in own and held[value]:
            append(_move(Action.BUILD, card))
        # Increases of the opponent's single builds.
        for build in builds:
            if build.owner is not player and len(build.parts) == 1:
                target = build.value + low
                if target <= MAX_VALUE and held.get(target, 0) and target not in opponent_values:
                    append(_move(Action.INCREASE, card, (), (build_cards[id(build)],)))
        held[value] += 1
    return moves


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


def _mask_order(mask: int) -> tuple[int, int]:
    return (mask.bit_count(), mask)


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
