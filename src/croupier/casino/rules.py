"""The rules of play: every legal move of a position, checking a move, and playing it.

:func:`legal_moves` lists each distinct legal move once (two ways of grouping the same
captured cards are one move, since they leave the same position). :func:`check_move`
explains why a move is illegal: it raises :class:`~.errors.IllegalMoveError` naming the
:class:`Rule` broken. :func:`apply_move` plays a move, deals the next cards when both hands
are empty, and ends the round when the cards run out (the table goes to the last capturer).

>>> from croupier.casino import Player, State, deal_round
>>> from croupier.cards import parse_cards
>>> deck = parse_cards("S5 C9 HK D2  H4 C6 S9 DA  H5 C3 D4 SX") + parse_cards(
...     "C2 C4 C5 C7 C8 CX CJ CQ CK CA D3 D5 D6 D7 D8 D9 DX DJ DQ DK H2 H3 H6 H7 H8 H9 HX HJ HQ HA"
...     " S2 S3 S4 S6 S7 S8 SJ SQ SK SA")
>>> state = deal_round(deck, first=Player.HUMAN)
>>> [str(move) for move in legal_moves(state) if move.card.casino == "S5"]
['capture S5 H5', 'build S5 D4', 'build S5 C3 H5']
>>> apply_move(state, "trail S5")
Traceback (most recent call last):
...
croupier.casino.errors.IllegalMoveError: illegal move 'trail S5': a card that matches a loose ...
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import combinations

from croupier.cards import Card
from croupier.casino.errors import IllegalMoveError
from croupier.casino.moves import Action, Move
from croupier.casino.state import HAND_SIZE, Build, Player, State
from croupier.casino.values import CARD_VALUE, LOW_VALUE, MAX_VALUE, split_capture

__all__ = ["Rule", "apply_move", "check_move", "is_legal", "legal_moves", "moves_for"]


class Rule(enum.Enum):
    """Each rule a move can break, with the sentence that states it."""

    ROUND_OVER = "the round is over: nobody has a card to play"
    CARD_IN_HAND = "the card played must come from the hand of the player to move"
    ON_TABLE = "the loose cards named must lie loose on the table, each named once"
    BUILD_ON_TABLE = "each build named must be on the table, named by all of its cards"
    TRAIL_TAKES_NOTHING = "a trail only puts the card on the table: it takes and uses nothing"
    TRAIL_MATCH = "a card that matches a loose card cannot be trailed: it must capture it"
    TRAIL_OWNER = "a player who owns a build cannot trail"
    CAPTURE_SOMETHING = "a capture must take something"
    CAPTURE_BUILD_VALUE = "a capture takes only builds worth the value of the card played"
    CAPTURE_MATCHES = "every loose card of the value played must be captured"
    CAPTURE_SETS = (
        "the loose cards captured must split into cards of the value played and sets of two "
        "or more cards that sum to it"
    )
    BUILD_LOOSE = "a build uses the card played and loose cards only"
    BUILD_ALONE = "a card played alone can only join its owner's build of the card's value"
    BUILD_MAX = "a build is worth at most 14"
    BUILD_HOLD = "a player builds only while keeping in hand another card of the build's value"
    BUILD_OPPONENT_VALUE = "a build may not take the value of a build the opponent owns"
    INCREASE_ONE = "an increase adds the card played to exactly one build, and to nothing else"
    INCREASE_OWN = "nobody increases their own build"
    INCREASE_MULTIPLE = "a multiple build cannot be increased"
    INCREASE_MAX = "an increased build is worth at most 14"
    INCREASE_HOLD = "a player increases a build only while holding another card of its new value"
    KEEP_CARD = (
        "a build's owner must keep a card of its value in hand until the build is captured "
        "or taken over"
    )

    @property
    def text(self) -> str:
        """The rule in words."""
        return str(self.value)


# --- listing the legal moves ---------------------------------------------------------


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to move, each once, card by card in hand order.

    Per card: the trail, then the captures (fewest cards first), the builds, the increases.
    An empty list means the round is over.
    """
    player = state.next_player
    return moves_for(state.hands[player], state.loose, state.builds, player)


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


def check_move(state: State, move: Move) -> None:
    """Raise :class:`~.errors.IllegalMoveError` naming the rule if ``move`` is illegal here.

    Agrees with :func:`legal_moves`: a move passes exactly when it is listed there.
    """
    if state.is_round_over:
        raise _illegal(move, Rule.ROUND_OVER)
    player = state.next_player
    hand = state.hands[player]
    card = move.card
    if card not in hand:
        raise _illegal(move, Rule.CARD_IN_HAND, f"the {player.key} holds no {card.casino}")
    rest = [c for c in hand if c != card]
    for named in move.loose:
        if named not in state.loose:
            raise _illegal(move, Rule.ON_TABLE, f"{named.casino} is not loose on the table")
    if len(set(move.loose)) != len(move.loose):
        raise _illegal(move, Rule.ON_TABLE, "a card is named twice")
    named_builds: list[Build] = []
    for cards in move.builds:
        build = state.find_build(cards)
        if build is None or build in named_builds:
            listed = " ".join(c.casino for c in cards)
            raise _illegal(move, Rule.BUILD_ON_TABLE, f"no build [{listed}] on the table")
        named_builds.append(build)
    own = state.builds_of(player)
    opponent = [b for b in state.builds if b.owner is not player]
    kept = own  # the player's builds still on the table after the move
    action = move.action
    if action is Action.TRAIL:
        if move.loose or move.builds:
            raise _illegal(move, Rule.TRAIL_TAKES_NOTHING)
        if own:
            raise _illegal(move, Rule.TRAIL_OWNER, f"the {player.key} owns {own[0]}")
        match = next((c for c in state.loose if c.rank is card.rank), None)
        if match is not None:
            detail = f"{card.casino} matches the loose {match.casino}"
            raise _illegal(move, Rule.TRAIL_MATCH, detail)
        return
    if action is Action.CAPTURE:
        value = CARD_VALUE[card.index]
        if not move.loose and not move.builds:
            raise _illegal(move, Rule.CAPTURE_SOMETHING)
        for build in named_builds:
            if build.value != value:
                detail = f"{build} is worth {build.value}, {card.casino} captures {value}"
                raise _illegal(move, Rule.CAPTURE_BUILD_VALUE, detail)
        left = [c for c in state.loose if c.rank is card.rank and c not in move.loose]
        if left:
            raise _illegal(move, Rule.CAPTURE_MATCHES, f"{left[0].casino} is left on the table")
        if split_capture(move.loose, value) is None:
            raise _illegal(move, Rule.CAPTURE_SETS, f"capturing {value}")
        kept = tuple(b for b in own if b not in named_builds)
    elif action is Action.BUILD:
        if move.builds:
            raise _illegal(move, Rule.BUILD_LOOSE)
        target = move.value or 0
        if not move.loose and not any(b.value == target for b in own):
            raise _illegal(move, Rule.BUILD_ALONE, f"the {player.key} owns no build of {target}")
        _check_target(move, target, rest, opponent, Rule.BUILD_MAX, Rule.BUILD_HOLD)
    else:
        if move.loose or len(named_builds) != 1:
            raise _illegal(move, Rule.INCREASE_ONE)
        build = named_builds[0]
        if build.owner is player:
            raise _illegal(move, Rule.INCREASE_OWN, f"{build} belongs to the {player.key}")
        if build.is_multiple:
            raise _illegal(move, Rule.INCREASE_MULTIPLE, f"{build} is a multiple build")
        target = build.value + LOW_VALUE[card.index]
        others = [b for b in opponent if b is not build]
        _check_target(move, target, rest, others, Rule.INCREASE_MAX, Rule.INCREASE_HOLD)
    for build in kept:
        if not any(CARD_VALUE[c.index] == build.value for c in rest):
            detail = f"{card.casino} is the last card of value {build.value} for {build}"
            raise _illegal(move, Rule.KEEP_CARD, detail)


def _check_target(
    move: Move,
    target: int,
    rest: Sequence[Card],
    opponent: Sequence[Build],
    too_high: Rule,
    hold: Rule,
) -> None:
    if target > MAX_VALUE:
        raise _illegal(move, too_high, f"this one would be worth {target}")
    clash = next((b for b in opponent if b.value == target), None)
    if clash is not None:
        detail = f"the {clash.owner.key} owns {clash}, worth {target}"
        raise _illegal(move, Rule.BUILD_OPPONENT_VALUE, detail)
    if not any(CARD_VALUE[c.index] == target for c in rest):
        raise _illegal(move, hold, f"no other card of value {target} in hand")


def is_legal(state: State, move: Move) -> bool:
    """True if ``move`` may be played in ``state`` (see :func:`check_move`)."""
    try:
        check_move(state, move)
    except IllegalMoveError:
        return False
    return True


# --- playing a move ---------------------------------------------------------------------


def apply_move(state: State, move: Move | str, *, check: bool = True) -> State:
    """The state after the player to move plays ``move`` (a :class:`Move` or its notation).

    Illegal moves raise :class:`~.errors.IllegalMoveError` naming the rule; ``check=False``
    skips the check, for moves taken from :func:`legal_moves` (search loops). When both
    hands are empty the next cards are dealt (4 to the human, then 4 to the computer);
    when the deck is empty too the round ends and the table goes to the last capturer.
    """
    if isinstance(move, str):
        move = Move.parse(move)
    if check:
        check_move(state, move)
    return _play(state, move)


def _play(state: State, move: Move) -> State:
    player = state.next_player
    card = move.card
    hands = [state.hands[0], state.hands[1]]
    piles = [state.piles[0], state.piles[1]]
    hands[player] = tuple(c for c in hands[player] if c.index != card.index)
    loose, builds, last = state.loose, state.builds, state.last_capturer
    action = move.action
    if action is Action.TRAIL:
        loose = (*loose, card)
    else:
        named = {c.index for c in move.loose}
        used = tuple(c for c in loose if c.index in named)
        if named:
            loose = tuple(c for c in loose if c.index not in named)
        in_builds = {c.index for cards in move.builds for c in cards}
        chosen = [b for b in builds if b.cards[0].index in in_builds]
        if action is Action.CAPTURE:
            taken = tuple(c for b in chosen for c in b.cards)
            piles[player] = (*piles[player], card, *used, *taken)
            builds = tuple(b for b in builds if b.cards[0].index not in in_builds)
            last = player
        elif action is Action.BUILD:
            builds = _add_part(builds, (*used, card), CARD_VALUE[card.index], player, None)
        else:
            target = chosen[0]
            value = target.value + LOW_VALUE[card.index]
            builds = _add_part(builds, (*target.cards, card), value, player, target)
    deck = state.deck
    if not hands[0] and not hands[1]:
        if deck:
            hands = [deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE]]
            deck = deck[2 * HAND_SIZE :]
        elif last is not None and (loose or builds):
            piles[last] = (*piles[last], *(c for b in builds for c in b.cards), *loose)
            loose, builds = (), ()
    if hands[player.other]:
        next_player = player.other
    elif hands[player]:
        next_player = player
    else:  # the round is over: the last capturer starts the next one
        next_player = last if last is not None else player.other
    return State(
        hands=(hands[0], hands[1]),
        loose=loose,
        builds=builds,
        piles=(piles[0], piles[1]),
        deck=deck,
        next_player=next_player,
        last_capturer=last,
        scores=state.scores,
        round_number=state.round_number,
    )


def _add_part(
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
