"""The position: players, builds, and the immutable :class:`State` of a round.

A state holds everything the course's save file holds: the round number, each player's
tournament score (before this round), hand and pile, the table (loose cards and builds,
each build with its owner), the deck (top first), the last capturer and the player to
move. States are frozen: playing a move gives a new state (:meth:`State.apply`).

>>> from croupier.cards import parse_cards
>>> build = Build((parse_cards("C6 S3"), parse_cards("S9")), Player.HUMAN)
>>> build.value, build.is_multiple, str(build)
(9, True, '[ [C6 S3] [S9] ]')
>>> Player.HUMAN.other, Player.COMPUTER.label
(<Player.COMPUTER: 1>, 'Computer')
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from croupier.cards import DECK, Card
from croupier.casino.errors import CasinoError
from croupier.casino.notation import BuildParts, format_cards, format_parts
from croupier.casino.values import CARD_VALUE, MAX_VALUE, group_values

if TYPE_CHECKING:
    from croupier.casino.moves import Move
    from croupier.casino.observation import Observation
    from croupier.casino.scoring import RoundScore

__all__ = [
    "HAND_SIZE",
    "Build",
    "Player",
    "Problem",
    "State",
    "check_state",
    "state_problems",
]

#: Cards dealt to each player at a time (and to the table at the start of a round).
HAND_SIZE = 4


class Player(enum.IntEnum):
    """The two seats at the table. ``int(player)`` indexes the state's per-player tuples.

    >>> Player.parse("computer"), Player.HUMAN.key
    (<Player.COMPUTER: 1>, 'human')
    """

    HUMAN = 0
    COMPUTER = 1

    def __bool__(self) -> bool:
        return True  # a player is never falsy, not even the human (0)

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.COMPUTER if self is Player.HUMAN else Player.HUMAN

    @property
    def label(self) -> str:
        """The name in the save file: ``Human`` or ``Computer``."""
        return self.name.capitalize()

    @property
    def key(self) -> str:
        """The name in JSON: ``human`` or ``computer``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Player:
        """``Human`` or ``Computer``, in any case."""
        name = text.strip().upper()
        if name in cls.__members__:
            return cls[name]
        raise CasinoError(f"bad player {text.strip()!r}: expected Human or Computer")


@dataclass(frozen=True, slots=True)
class Build:
    """A build on the table: its groups of cards, its owner, and its value (derived).

    A single build is one group of two or more cards; a multiple build has several
    groups, each summing to the same value (a group may be one card of that value).

    >>> from croupier.cards import parse_cards
    >>> Build((parse_cards("D5 H2"),), Player.COMPUTER).value
    7
    >>> Build((parse_cards("D5 H2"), parse_cards("S8")), Player.COMPUTER)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad build [ [D5 H2] [S8] ]: its groups do not make one ...
    """

    parts: BuildParts
    owner: Player
    value: int = field(init=False, compare=False)
    cards: tuple[Card, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        parts = tuple(tuple(part) for part in self.parts)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "owner", Player(self.owner))
        object.__setattr__(self, "cards", tuple(card for part in parts for card in part))
        object.__setattr__(self, "value", _build_value(parts))

    @property
    def is_multiple(self) -> bool:
        """True for a multiple build (several groups of the same value)."""
        return len(self.parts) > 1

    def __str__(self) -> str:
        return format_parts(self.parts)

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def _build_value(parts: BuildParts) -> int:
    where = format_parts(parts) if all(parts) else str(parts)
    if not parts or not all(parts):
        raise CasinoError(f"bad build {where}: a build needs cards in every group")
    if len(parts) == 1 and len(parts[0]) < 2:
        raise CasinoError(f"bad build {where}: a single build holds two cards or more")
    if all(len(part) == 1 for part in parts):
        raise CasinoError(f"bad build {where}: one of its groups must hold two cards or more")
    common = set(range(2, MAX_VALUE + 1))
    for part in parts:
        common &= set(group_values(part))
    if len(common) == 1:
        return common.pop()
    makes = ", ".join(
        f"{format_cards(part)} makes {' or '.join(map(str, group_values(part))) or 'more than 14'}"
        for part in parts
    )
    if len(parts) == 1:
        raise CasinoError(f"bad build {where}: its cards sum to more than 14 ({makes})")
    raise CasinoError(f"bad build {where}: its groups do not make one value ({makes})")


class Problem(NamedTuple):
    """One inconsistency in a state: where it is (``hand:human``, ``deck``...) and what."""

    where: str
    message: str


@dataclass(frozen=True, slots=True)
class State:
    """A position in a round of Casino. Frozen; per-player tuples are indexed by :class:`Player`.

    ``scores`` are the tournament scores *before* this round (as in the save file).
    ``next_player`` is the player to move; once the round is over it is the player who
    starts the next round (the last capturer). States are built by
    :func:`~croupier.casino.tournament.deal_round`, by playing moves, or by reading a save
    file; :func:`check_state` checks one built by hand.

    >>> from croupier.casino import deal_round
    >>> from croupier.cards import Shoe
    >>> state = deal_round(Shoe(seed=5).remaining_cards(), first=Player.HUMAN)
    >>> len(state.hand(Player.HUMAN)), len(state.loose), len(state.deck), state.is_round_over
    (4, 4, 40, False)
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()
    piles: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    deck: tuple[Card, ...] = ()
    next_player: Player = Player.HUMAN
    last_capturer: Player | None = None
    scores: tuple[int, int] = (0, 0)
    round_number: int = 1

    # --- what is where -----------------------------------------------------------------

    def hand(self, player: Player) -> tuple[Card, ...]:
        """The cards in ``player``'s hand."""
        return self.hands[player]

    def pile(self, player: Player) -> tuple[Card, ...]:
        """The cards ``player`` has captured this round."""
        return self.piles[player]

    def score(self, player: Player) -> int:
        """``player``'s tournament score before this round."""
        return self.scores[player]

    def builds_of(self, player: Player) -> tuple[Build, ...]:
        """The builds ``player`` owns."""
        return tuple(build for build in self.builds if build.owner is player)

    def build_of_value(self, value: int) -> Build | None:
        """The build worth ``value`` (there is at most one on the table), or ``None``."""
        return next((build for build in self.builds if build.value == value), None)

    def find_build(self, cards: Iterable[Card]) -> Build | None:
        """The build made of exactly ``cards`` (in any order), or ``None``."""
        wanted = sorted(card.index for card in cards)
        for build in self.builds:
            if sorted(card.index for card in build.cards) == wanted:
                return build
        return None

    def table_cards(self) -> tuple[Card, ...]:
        """Every card on the table: the cards of the builds, then the loose cards."""
        return tuple(card for build in self.builds for card in build.cards) + self.loose

    def all_cards(self) -> Iterator[tuple[str, Card]]:
        """Every card of the state with where it is: ``hand:human``, ``table``, ``deck``..."""
        for player in Player:
            for card in self.hands[player]:
                yield f"hand:{player.key}", card
            for card in self.piles[player]:
                yield f"pile:{player.key}", card
        for card in self.table_cards():
            yield "table", card
        for card in self.deck:
            yield "deck", card

    @property
    def is_round_over(self) -> bool:
        """True when both hands and the deck are empty (the table has been cleared)."""
        return not self.hands[0] and not self.hands[1] and not self.deck

    # --- the engine (see croupier.casino.rules) ----------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (see :func:`~.rules.legal_moves`)."""
        from croupier.casino.rules import legal_moves

        return legal_moves(self)

    def apply(self, move: Move | str) -> State:
        """The state after ``move`` (see :func:`~.rules.apply_move`); raises if illegal."""
        from croupier.casino.rules import apply_move

        return apply_move(self, move)

    def observe(self, player: Player) -> Observation:
        """What ``player`` can see of this state (see :func:`~.observation.observe`)."""
        from croupier.casino.observation import observe

        return observe(self, player)

    # --- scoring (see croupier.casino.scoring and .tournament) --------------------------

    def round_score(self) -> RoundScore:
        """The points of each scoring item for each player, from the piles as they are."""
        from croupier.casino.scoring import score_piles

        return score_piles(self.piles)

    def totals(self) -> tuple[int, int]:
        """Tournament scores with this round's points added (final once the round is over)."""
        points = self.round_score().points
        return (self.scores[0] + points[0], self.scores[1] + points[1])

    # --- data ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data, cards in the save-file notation.

        >>> from croupier.casino import new_tournament
        >>> data = new_tournament(Player.HUMAN, seed=2).to_dict()
        >>> data["round"], data["next_player"], data["players"]["human"]["hand"], data["deck_size"]
        (1, 'human', ['H3', 'H6', 'HX', 'CQ'], 40)
        """

        def names(cards: Iterable[Card]) -> list[str]:
            return [card.casino for card in cards]

        return {
            "round": self.round_number,
            "next_player": self.next_player.key,
            "last_capturer": None if self.last_capturer is None else self.last_capturer.key,
            "round_over": self.is_round_over,
            "players": {
                player.key: {
                    "score": self.scores[player],
                    "hand": names(self.hands[player]),
                    "pile": names(self.piles[player]),
                }
                for player in (Player.COMPUTER, Player.HUMAN)
            },
            "table": {
                "loose": names(self.loose),
                "builds": [
                    {
                        "cards": names(build.cards),
                        "parts": [names(part) for part in build.parts],
                        "value": build.value,
                        "owner": build.owner.key,
                        "multiple": build.is_multiple,
                    }
                    for build in self.builds
                ],
            },
            "deck_size": len(self.deck),
            "deck": names(self.deck),
        }


# --- checking a state ------------------------------------------------------------------------


def _holds_value(hand: Iterable[Card], value: int) -> bool:
    return any(CARD_VALUE[card.index] == value for card in hand)


def state_problems(state: State) -> list[Problem]:
    """Every way ``state`` breaks the rules of a position, or ``[]`` for a sound one.

    Checked: the round number and scores; the 52 cards, each exactly once; hands of at
    most 4 cards; one build per value; each build's owner holding a card of its value;
    that the player to move has a card; and that a finished round left nothing behind.
    """
    problems: list[Problem] = []
    if not isinstance(state.round_number, int) or state.round_number < 1:
        problems.append(Problem("round", f"bad round {state.round_number!r}: expected 1 or more"))
    for player in Player:
        score = state.scores[player]
        if not isinstance(score, int) or score < 0:
            problems.append(
                Problem(f"score:{player.key}", f"bad score {score!r}: expected 0 or more")
            )
    seen: dict[Card, str] = {}
    for where, card in state.all_cards():
        if card in seen:
            problems.append(Problem(where, f"{card.casino} appears twice (also in {seen[card]})"))
        seen[card] = where
    missing = [card for card in DECK if card not in seen]
    if missing:
        problems.append(
            Problem(
                "cards", f"{len(seen)} cards in all, 52 expected: missing {format_cards(missing)}"
            )
        )
    for player in Player:
        if len(state.hands[player]) > HAND_SIZE:
            problems.append(
                Problem(
                    f"hand:{player.key}",
                    f"the {player.key} holds {len(state.hands[player])} cards: "
                    f"a hand holds at most {HAND_SIZE}",
                )
            )
    values = Counter(build.value for build in state.builds)
    for index, build in enumerate(state.builds):
        if values[build.value] > 1:
            problems.append(
                Problem(
                    "table",
                    f"two builds are worth {build.value}: a player's builds of one value make "
                    "one multiple build, and nobody builds the value of the opponent's build",
                )
            )
            values[build.value] = 1  # report each value once
        if not _holds_value(state.hands[build.owner], build.value):
            problems.append(
                Problem(
                    f"owner:{index}",
                    f"the {build.owner.key} owns the build {build} worth {build.value} but "
                    f"holds no card of value {build.value}",
                )
            )
    both_empty = not state.hands[0] and not state.hands[1]
    if both_empty and state.deck:
        problems.append(
            Problem(
                "deck",
                f"both hands are empty but the deck holds {len(state.deck)} cards: "
                "the next cards should have been dealt",
            )
        )
    elif both_empty and (state.loose or state.builds) and state.last_capturer is not None:
        problems.append(
            Problem(
                "table",
                "the round is over (no cards in hands or deck) but cards are left on the table: "
                "they belong to the last capturer",
            )
        )
    elif not both_empty and not state.hands[state.next_player]:
        problems.append(
            Problem(
                "next",
                f"the {state.next_player.key} is to play but holds no cards",
            )
        )
    return problems


def check_state(state: State) -> State:
    """Return ``state`` if it is sound, else raise :class:`CasinoError` naming the first problem.

    >>> from croupier.cards import parse_cards
    >>> check_state(State(hands=(parse_cards("H5"), ())))
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad position: 1 cards in all, 52 expected: missing ...
    """
    problems = state_problems(state)
    if problems:
        raise CasinoError(f"bad position: {problems[0].message}")
    return state
