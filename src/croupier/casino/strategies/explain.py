"""Reasons in plain words for a move: what it takes or builds and why that is worth doing.

A reason is a short phrase about the move, written for the player who makes it: the
computer's own moves speak of "it" ("builds 9 to capture next turn with the 9 it
holds"), advice to the human of "you" ("... with the 9 of clubs you hold"). Only what
that player can see is used, and the computer's reasons give away nothing of its hand
that its move does not: the rules already tell the human that a builder holds a card
of the build's value, but not which one.

>>> from croupier.casino import Move, Player
>>> from croupier.casino.observation import Observation
>>> from croupier.cards import parse_cards
>>> seen = Observation(Player.COMPUTER, parse_cards("S9 C4"), 4, parse_cards("DX H5"), (),
...     ((), ()), 40, Player.COMPUTER, None, (0, 0), 1)
>>> moves = seen.legal_moves()
>>> explain(seen, Move.parse("build C4 H5"), moves)
'builds 9 to capture next turn with the 9 it holds'
>>> explain(seen, Move.parse("trail S9"), moves)
'trails the 9 of spades'
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import Card
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Build, Player
from croupier.casino.strategies.values import CARD_POINTS, IS_SPADE, points_of
from croupier.casino.values import CARD_VALUE

__all__ = ["explain", "plural"]


def plural(count: int, word: str) -> str:
    """``1 point``, ``2 points``.

    >>> plural(1, "card"), plural(3, "card")
    ('1 card', '3 cards')
    """
    return f"{count} {word}{'' if count == 1 else 's'}"


class _Voice:
    """Pronouns for the player the reason is written for."""

    def __init__(self, player: Player) -> None:
        self.computer = player is Player.COMPUTER
        self.subject = "it" if self.computer else "you"
        self.own = "its" if self.computer else "your"
        self.holds = "it holds" if self.computer else "you hold"
        self.opponent = player.other.key  # "human" or "computer"

    def card(self, card: Card) -> str:
        """A card in the player's hand: by name for the human, by rank only for the
        computer, whose hand stays hidden (``the 9``, ``the ace``)."""
        return _name(card) if not self.computer else f"the {card.rank.word}"


def explain(
    observation: Observation,
    move: Move,
    moves: Sequence[Move],
    note: str | None = None,
    *,
    planned: bool = True,
) -> str:
    """Why ``move`` (one of ``moves``, the legal moves) is played, for ``observation``'s player.

    ``note`` is added at the end, after a colon or a semicolon (a strategy's own reason,
    such as what its look-ahead found). ``planned=False`` describes what the move does
    and claims no purpose (for a strategy that makes no plans).

    >>> from croupier.casino import Move, Player
    >>> from croupier.casino.observation import Observation
    >>> from croupier.cards import parse_cards
    >>> seen = Observation(Player.COMPUTER, parse_cards("S9 C4"), 4, parse_cards("DX H5"), (),
    ...     ((), ()), 40, Player.COMPUTER, None, (0, 0), 1)
    >>> explain(seen, Move.parse("build C4 H5"), seen.legal_moves(), planned=False)
    'builds 9 from the 4 of clubs and the 5 of hearts'
    """
    voice = _Voice(observation.player)
    if move.action is Action.CAPTURE:
        text = _capture(observation, move, voice, planned)
    elif move.action is Action.TRAIL:
        text = _trail(observation, move, moves, voice)
    elif planned:
        text = _build(observation, move, voice)
    else:
        text = _build_facts(observation, move, voice)
    if note:
        text += ("; " if ":" in text else ": ") + note
    return text


def _name(card: Card) -> str:
    return f"the {card.long_name}"


def _listing(things: Sequence[str]) -> str:
    if len(things) <= 1:
        return "".join(things)
    return ", ".join(things[:-1]) + " and " + things[-1]


def _importance(card: Card) -> tuple[int, bool, int]:
    """Name the point cards first, then spades, then the rest by value."""
    return (-CARD_POINTS[card.index], not IS_SPADE[card.index], card.index)


def _builds_taken(observation: Observation, move: Move, voice: _Voice) -> list[Build]:
    wanted = [sorted(card.index for card in cards) for cards in move.builds]
    return [b for b in observation.builds if sorted(c.index for c in b.cards) in wanted]


def _build_name(build: Build, player: Player, voice: _Voice) -> str:
    whose = voice.own if build.owner is player else f"the {voice.opponent}'s"
    kind = "multiple build" if build.is_multiple else "build"
    return f"{whose} {kind} of {build.value}"


def _capture(observation: Observation, move: Move, voice: _Voice, planned: bool) -> str:
    player = observation.player
    builds = _builds_taken(observation, move, voice)
    things: list[str] = []
    if len(move.loose) <= 3:
        things += [_name(card) for card in sorted(move.loose, key=_importance)]
    else:
        things.append(plural(len(move.loose), "loose card"))
    things += [_build_name(build, player, voice) for build in builds]
    text = f"captures {_listing(things)}"
    if planned and any(build.owner is not player for build in builds):
        text += f" before the {voice.opponent} can"
    elif planned and builds:
        text += " as planned"
    pile = (move.card, *move.taken)
    points = points_of(pile)
    if points:
        text += f", worth {plural(points, 'point')}"
    spades = sum(IS_SPADE[card.index] for card in pile)
    counts = [plural(len(pile), "card")] if len(pile) >= 4 else []
    counts += [plural(spades, "spade")] if spades >= 2 else []
    if counts:
        text += f"{';' if points else ':'} {' and '.join(counts)} for {voice.own} pile"
    if len(move.loose) == len(observation.loose) and len(builds) == len(observation.builds):
        text += ", and clears the table"
    return text


def _holding(observation: Observation, move: Move, value: int) -> Card | None:
    """The card kept in hand to capture a build of ``value`` after ``move``."""
    rest = [card for card in observation.hand if card != move.card]
    return next((card for card in rest if CARD_VALUE[card.index] == value), None)


def _build(observation: Observation, move: Move, voice: _Voice) -> str:
    value = move.value or 0
    keeper = _holding(observation, move, value)
    holding = f"with {voice.card(keeper)} {voice.holds}" if keeper is not None else ""
    own = next(
        (b for b in observation.builds if b.owner is observation.player and b.value == value),
        None,
    )
    inside = points_of((move.card, *move.taken))
    if move.action is Action.INCREASE:
        target = _builds_taken(observation, move, voice)
        old = target[0].value if target else value
        text = f"takes over the {voice.opponent}'s build of {old}, raising it to {value}"
        if own is not None:
            text += f" to join {voice.own} build of {value}"
        text += f", to capture it {holding}"
    elif own is not None:
        text = f"adds to {voice.own} build of {value}, to capture it all {holding}"
    else:
        text = f"builds {value} to capture next turn {holding}"
    if inside:
        text += f" (the build holds {plural(inside, 'point')})"
    return text


def _build_facts(observation: Observation, move: Move, voice: _Voice) -> str:
    """A build or an increase as it is, with no purpose claimed."""
    value = move.value or 0
    used = _listing([_name(card) for card in (move.card, *move.loose)])
    if move.action is Action.INCREASE:
        target = _builds_taken(observation, move, voice)
        old = target[0].value if target else value
        text = f"raises the {voice.opponent}'s build of {old} to {value} with {_name(move.card)}"
    elif move.loose:
        text = f"builds {value} from {used}"
    else:
        text = f"adds {_name(move.card)} to {voice.own} build of {value}"
    inside = points_of((move.card, *move.taken))
    if inside:
        text += f" (the build holds {plural(inside, 'point')})"
    return text


def _trail(observation: Observation, move: Move, moves: Sequence[Move], voice: _Voice) -> str:
    forced = all(other.action is Action.TRAIL for other in moves)
    lowest = min(CARD_VALUE[card.index] for card in observation.hand)
    if forced and len(observation.hand) == 1:
        return f"trails {voice.own} last card: nothing to capture, no build possible"
    if forced and CARD_VALUE[move.card.index] == lowest:
        return f"trails {voice.own} lowest card: nothing to capture, no build possible"
    text = f"trails {_name(move.card)}"
    if forced:
        text += ": nothing to capture, no build possible"
    return text
