"""Positions built by hand for the Casino tests."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import DECK, Card
from croupier.casino import Build, Move, Player, State, check_state
from croupier.casino.notation import card_list, parse_table

HUMAN, COMPUTER = Player.HUMAN, Player.COMPUTER


def cards(text: str) -> tuple[Card, ...]:
    """Cards in any notation: ``cards("H5 SA")``."""
    return card_list(text)


def position(
    human: str = "",
    computer: str = "",
    table: str = "",
    owners: Sequence[Player] = (),
    *,
    to_move: Player = HUMAN,
    deck: str | None = None,
    human_pile: str | None = None,
    computer_pile: str | None = None,
    last: Player | None = None,
    scores: tuple[int, int] = (0, 0),
    round_number: int = 1,
    check: bool = True,
) -> State:
    """A sound state: hands, a table line (builds in brackets, owners in order), and the rest.

    Cards not placed anywhere go to the piles (alternately, unless one pile is given, when
    they go to the other), so the deck is empty unless given. ``check=False`` allows
    unsound positions.
    """
    loose: list[Card] = []
    builds: list[Build] = []
    items = parse_table(table)
    owner_list = list(owners)
    for item in items:
        if isinstance(item, Card):
            loose.append(item)
        else:
            builds.append(Build(item, owner_list.pop(0)))
    assert not owner_list, "more owners than builds"
    placed = set(cards(human) + cards(computer) + tuple(loose))
    placed |= {c for b in builds for c in b.cards}
    deck_cards = cards(deck) if deck is not None else ()
    placed |= set(deck_cards)
    piles: list[list[Card]] = [
        list(cards(human_pile)) if human_pile is not None else [],
        list(cards(computer_pile)) if computer_pile is not None else [],
    ]
    placed |= set(piles[0]) | set(piles[1])
    rest = [c for c in DECK if c not in placed]
    if human_pile is None and computer_pile is None:
        piles[0] += rest[0::2]
        piles[1] += rest[1::2]
    elif human_pile is None:
        piles[0] += rest
    elif computer_pile is None:
        piles[1] += rest
    else:
        assert not rest, f"cards left over: {rest}"
    state = State(
        hands=(cards(human), cards(computer)),
        loose=tuple(loose),
        builds=tuple(builds),
        piles=(tuple(piles[0]), tuple(piles[1])),
        deck=deck_cards,
        next_player=to_move,
        last_capturer=last,
        scores=scores,
        round_number=round_number,
    )
    return check_state(state) if check else state


def listed(state: State) -> set[str]:
    """The notation of every legal move."""
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)), "a move is listed twice"
    return {str(move) for move in moves}


def moves_of(state: State, card: str) -> set[str]:
    """The notation of every legal move playing ``card``."""
    wanted = cards(card)[0]
    return {str(move) for move in state.legal_moves() if move.card == wanted}


def notations(*texts: str) -> set[str]:
    """The canonical notation of moves written in any order: compare with :func:`moves_of`."""
    return {str(Move.parse(text)) for text in texts}


def move(text: str) -> Move:
    return Move.parse(text)
