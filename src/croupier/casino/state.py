"""The position: the immutable :class:`State` of a round, and the engine's one surface.

A state holds everything the course's save file holds: the round number, each player's
tournament score (before this round), hand and pile, the table (loose cards and builds,
each build with its owner), the deck (top first), the last capturer and the player to
move. States are frozen: playing a move gives a new state. Everything a caller asks of
a position is a method, as in python-chess: ``state.legal_moves()``,
``state.is_legal(move)``, ``state.check(move)`` (the problem, or ``None``),
``state.apply(move)``, ``state.score()``, ``state.observe(player)``; ``state.to_move``
is ``None`` once the round is over.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=7)
>>> state.to_move, len(state.legal_moves()), state.check("trail CJ") is None
(<Player.HUMAN: 0>, 10, True)
>>> state.check("trail H8").rule
<Rule.TRAIL_MATCH: 'trail-match'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import numpy as np

from croupier.arguments import checked
from croupier.cards import DECK, Card, CardStyle, as_cards, format_cards
from croupier.casino.errors import CasinoError, IllegalMoveError, Rule
from croupier.casino.moves import Action, Move
from croupier.casino.observation import HandClues, Observation, SeenMove
from croupier.casino.picture import draw
from croupier.casino.pieces import HAND_SIZE, Build, Player
from croupier.casino.rules import Stop, add_part, find_build, move_problem, moves_for
from croupier.casino.scoring import RoundScore, score_piles
from croupier.casino.values import CARD_VALUE, LOW_VALUE
from croupier.errors import check_type
from croupier.numerals import plural
from croupier.randomness import RNGLike, as_generator

__all__ = ["MAX_NUMBER", "Problem", "State", "check_state", "state_problems"]

#: The largest round number or score a position (and so a save file) may hold: far beyond
#: any real game (a tournament ends once a player reaches 21), and it keeps every number
#: of a save short.
MAX_NUMBER: Final = 1_000_000


class Problem(NamedTuple):
    """One inconsistency in a state: where it is (``hand:human``, ``deck``...) and what."""

    where: str
    message: str


@dataclass(frozen=True, slots=True)
class State:
    """A position in a round of Casino. Frozen; per-player tuples are indexed by :class:`Player`.

    ``scores`` are the tournament scores *before* this round (as in the save file).
    ``next_player`` is the save file's *Next Player*: the player to move, and once the
    round is over the player who starts the next round (the last capturer); ask
    :attr:`to_move` for the player to move (``None`` once the round is over). States are built by
    :func:`~croupier.casino.tournament.deal_round`, by playing moves, or by reading a save
    file; :func:`check_state` checks one built by hand.

    >>> from croupier.casino import deal_round
    >>> from croupier.cards import Shoe
    >>> state = deal_round(Shoe(rng=5).remaining_cards(), first=Player.HUMAN)
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
        return self.hands[_player(player)]

    def pile(self, player: Player) -> tuple[Card, ...]:
        """The cards ``player`` has captured this round."""
        return self.piles[_player(player)]

    def builds_of(self, player: Player) -> tuple[Build, ...]:
        """The builds ``player`` owns."""
        player = _player(player)
        return tuple(build for build in self.builds if build.owner is player)

    @checked
    def build_of_value(self, value: int) -> Build | None:
        """The build worth ``value`` (there is at most one on the table), or ``None``."""
        return next((build for build in self.builds if build.value == value), None)

    @checked
    def find_build(self, cards: Iterable[Card] | str) -> Build | None:
        """The build made of exactly ``cards`` (in any order, or their text), or ``None``."""
        return find_build(self.builds, as_cards(cards))

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

    @property
    def to_move(self) -> Player | None:
        """The player to move, or ``None`` once the round is over (a terminal state).

        >>> from croupier.cards import parse_cards
        >>> last = State(hands=(parse_cards("H5"), ()), deck=(), next_player=Player.HUMAN)
        >>> last.to_move, last.apply("trail H5").to_move
        (<Player.HUMAN: 0>, None)
        """
        return None if self.is_round_over else self.next_player

    # --- the engine (the rules are in croupier.casino.rules) ------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, each once, card by card in hand order.

        Per card: the trail, then the captures (fewest cards first), the builds, the
        increases. An empty list means the round is over.

        >>> from croupier.casino import new_tournament
        >>> state = new_tournament(Player.HUMAN, rng=7)
        >>> [str(move) for move in state.legal_moves() if move.card.casino == "CJ"]
        ['trail CJ', 'capture CJ C3 C8', 'capture CJ H3 C8']
        """
        player = self.to_move
        if player is None:
            return []
        return moves_for(self.hands[player], self.loose, self.builds, player)

    def check(self, move: Move | str) -> IllegalMoveError | None:
        """Why ``move`` is illegal here (the error naming the :class:`~.errors.Rule`), or ``None``.

        A move given as text is read first (:meth:`Move.parse`, which raises
        :class:`~.errors.InvalidMoveError` for text that is not a move). Agrees with
        :meth:`legal_moves`: a move passes exactly when it is listed there.
        """
        move = _as_move(move)
        player = self.to_move
        if player is None:
            return IllegalMoveError(
                f"illegal move '{move}': {Rule.ROUND_OVER.text}", Rule.ROUND_OVER
            )
        return move_problem(self.hands[player], self.loose, self.builds, player, move)

    def is_legal(self, move: Move | str) -> bool:
        """True if ``move`` may be played here (see :meth:`check`).

        >>> from croupier.casino import new_tournament
        >>> state = new_tournament(Player.HUMAN, rng=7)
        >>> state.is_legal("capture H8 C8"), state.is_legal("trail H8")
        (True, False)
        """
        return self.check(move) is None

    def apply(self, move: Move | str, *, check: bool = True) -> State:
        """The state after the player to move plays ``move`` (a :class:`Move` or its notation).

        Illegal moves raise :class:`~.errors.IllegalMoveError` naming the rule; ``check=False``
        skips the check, for moves taken from :meth:`legal_moves` (search loops). When both
        hands are empty the next cards are dealt (4 to the human, then 4 to the computer);
        when the deck is empty too the round ends and the table goes to the last capturer.

        >>> from croupier.casino import new_tournament
        >>> state = new_tournament(Player.HUMAN, rng=7).apply("capture H8 C8")
        >>> state.pile(Player.HUMAN), state.to_move, state.last_capturer
        ((Card('8h'), Card('8c')), <Player.COMPUTER: 1>, <Player.HUMAN: 0>)
        >>> state.apply("trail SA")
        Traceback (most recent call last):
        ...
        croupier.casino.errors.IllegalMoveError: illegal move 'trail SA': the card played must ...
        """
        move = _as_move(move)
        if check:
            problem = self.check(move)
            if problem is not None:
                raise problem
        return self._play(move)

    def _play(self, move: Move) -> State:
        player = self.next_player
        card = move.card
        hands = [self.hands[0], self.hands[1]]
        piles = [self.piles[0], self.piles[1]]
        hands[player] = tuple(c for c in hands[player] if c.index != card.index)
        loose, builds, last = self.loose, self.builds, self.last_capturer
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
                builds = add_part(builds, (*used, card), CARD_VALUE[card.index], player, None)
            else:
                target = chosen[0]
                value = target.value + LOW_VALUE[card.index]
                builds = add_part(builds, (*target.cards, card), value, player, target)
        deck = self.deck
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
            scores=self.scores,
            round_number=self.round_number,
        )

    # --- what each player sees -----------------------------------------------------------

    def observe(self, player: Player, *, deal_moves: tuple[SeenMove, ...] = ()) -> Observation:
        """What ``player`` sees of this state (the opponent's hand and the deck hidden).

        ``deal_moves``: the moves of the current deal, which a state does not keep (see
        :func:`~croupier.casino.inference.follow`), for the observation to carry.

        >>> from croupier.casino import new_tournament
        >>> seen = new_tournament(Player.HUMAN, rng=7).observe(Player.COMPUTER)
        >>> len(seen.hand), seen.opponent_hand_size, seen.deck_size
        (4, 4, 40)
        """
        player = _player(player)
        return Observation(
            player=player,
            hand=self.hands[player],
            opponent_hand_size=len(self.hands[player.other]),
            loose=self.loose,
            builds=self.builds,
            piles=self.piles,
            deck_size=len(self.deck),
            next_player=self.next_player,
            last_capturer=self.last_capturer,
            scores=self.scores,
            round_number=self.round_number,
            deal_moves=deal_moves,
        )

    @classmethod
    @checked
    def sample(
        cls,
        observation: Observation,
        rng: RNGLike = None,
        *,
        stop: Stop | None = None,
        clues: HandClues | None = None,
    ) -> State:
        """A full state consistent with ``observation``: the unseen cards dealt at random.

        The opponent's hand is drawn uniformly among the hands the view allows: the
        owner of a build holds a card of its value, so an opponent who owns builds holds
        a card of each of their values (a view that allows no such hand, which no real
        position gives, gets one as close as the unseen cards allow). ``rng`` is an int
        seed, a NumPy generator or ``None``.

        The hand is drawn again until it holds those values (up to 10,000 times: 50 to
        100 ms when the view makes such a hand rare). ``stop``, asked every 256 draws,
        ends the drawing when it says the time is up: the hand is then built to hold the
        values, as when the draws run out.

        ``clues`` (:func:`~croupier.casino.inference.read_clues`: what the opponent's play
        tells) adds the values they surely hold to those of their builds, and draws each
        card with its weight (one card after another, each among those left in proportion
        to its weight). Clues that say nothing give the uniform draw, the same cards.

        >>> from croupier.casino import new_tournament
        >>> seen = new_tournament(Player.HUMAN, rng=3).observe(Player.HUMAN)
        >>> State.sample(seen, rng=1).observe(Player.HUMAN) == seen
        True
        """
        generator = as_generator(rng)
        unseen = observation.unseen
        size = observation.opponent_hand_size
        needed = {b.value for b in observation.builds if b.owner is not observation.player}
        if clues is not None and not clues.uniform:
            opponent_hand = _weighted_hand(unseen, needed | clues.holds, size, clues, generator)
        else:
            opponent_hand = _uniform_hand(unseen, needed, size, generator, stop)
        left = [card for card in unseen if card not in opponent_hand]
        rest = [left[i] for i in generator.permutation(len(left))]
        hand = observation.hand
        human = observation.player is Player.HUMAN
        return cls(
            hands=(hand, opponent_hand) if human else (opponent_hand, hand),
            loose=observation.loose,
            builds=observation.builds,
            piles=observation.piles,
            deck=tuple(rest),
            next_player=observation.next_player,
            last_capturer=observation.last_capturer,
            scores=observation.scores,
            round_number=observation.round_number,
        )

    # --- scoring ---------------------------------------------------------------------------

    def score(self) -> RoundScore:
        """The points of each scoring item for each player, from the piles as they are.

        >>> from croupier.casino import new_tournament
        >>> new_tournament(Player.HUMAN, rng=7).score().points
        (0, 0)
        """
        return score_piles(self.piles)

    def totals(self) -> tuple[int, int]:
        """Tournament scores with this round's points added (final once the round is over)."""
        points = self.score().points
        return (self.scores[0] + points[0], self.scores[1] + points[1])

    # --- data ---------------------------------------------------------------------------

    def __str__(self) -> str:
        """The position drawn in plain text, as ``croupier casino show`` draws it (see
        :mod:`~croupier.casino.picture`)."""
        return draw(self)

    def _repr_html_(self) -> str:
        """The position drawn as the web app's table, in a notebook."""
        from croupier.casino.display import position_html

        return position_html(self)

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data, cards in the save-file notation.

        >>> from croupier.casino import new_tournament
        >>> data = new_tournament(Player.HUMAN, rng=2).to_dict()
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


def _player(player: object) -> Player:
    """``player``, checked cheaply (a state's accessors are called in searches)."""
    if isinstance(player, Player):
        return player
    return check_type(player, Player, "player", "a Player")


def _as_move(move: Move | str) -> Move:
    """``move`` as a :class:`Move`: read from its notation, or refused (``TypeError``)."""
    if isinstance(move, str):
        return Move.parse(move)
    return check_type(move, Move, "move", "a Move or its notation (str)")


#: Random deals tried before the opponent's hand is built to hold its builds' values.
_SAMPLE_TRIES = 10_000
#: Random deals tried between two looks at the clock (a few milliseconds).
_SAMPLE_LOOK = 256


def _uniform_hand(
    unseen: tuple[Card, ...],
    needed: set[int],
    size: int,
    generator: np.random.Generator,
    stop: Stop | None,
) -> tuple[Card, ...]:
    """``size`` of the ``unseen`` cards drawn uniformly among the hands holding a card of
    each ``needed`` value (drawn again until one does; see :meth:`State.sample`)."""
    for tries in range(1, _SAMPLE_TRIES + 1):
        drawn = generator.choice(len(unseen), size, False)
        opponent_hand = tuple(unseen[i] for i in drawn)
        if needed <= {CARD_VALUE[card.index] for card in opponent_hand}:
            return opponent_hand
        if stop is not None and tries % _SAMPLE_LOOK == 0 and stop():
            break
    return _holding(unseen, needed, size)


def _weighted_hand(
    unseen: tuple[Card, ...],
    needed: set[int],
    size: int,
    clues: HandClues,
    generator: np.random.Generator,
) -> tuple[Card, ...]:
    """``size`` of the ``unseen`` cards drawn by their weights in ``clues``: first a card of
    each ``needed`` value (where the unseen cards hold one, while the hand has room), each
    among the cards of its value, then the rest among the cards left, one after another."""
    hand: list[Card] = []
    for value in sorted(needed):
        of_value = [card for card in unseen if CARD_VALUE[card.index] == value]
        if of_value and len(hand) < size:
            hand.append(of_value[_by_weight(of_value, clues, generator, 1)[0]])
    left = [card for card in unseen if card not in hand]
    hand.extend(left[i] for i in _by_weight(left, clues, generator, size - len(hand)))
    return tuple(hand)


def _by_weight(
    cards: list[Card], clues: HandClues, generator: np.random.Generator, count: int
) -> list[int]:
    """``count`` places in ``cards``, drawn one after another in proportion to the cards'
    weights in ``clues``."""
    if count <= 0:
        return []
    weights = np.array([clues.weights[card.index] for card in cards])
    return [int(i) for i in generator.choice(len(cards), count, False, weights / weights.sum())]


def _holding(cards: tuple[Card, ...], values: set[int], size: int) -> tuple[Card, ...]:
    """``size`` of ``cards``, with a card of each of ``values`` where there is one."""
    first = [
        next(card for card in cards if CARD_VALUE[card.index] == value)
        for value in sorted(values)
        if any(CARD_VALUE[card.index] == value for card in cards)
    ][:size]
    return (*first, *[card for card in cards if card not in first][: size - len(first)])


# --- checking a state ------------------------------------------------------------------------


def _holds_value(hand: Iterable[Card], value: int) -> bool:
    return any(CARD_VALUE[card.index] == value for card in hand)


def state_problems(state: State) -> list[Problem]:
    """Every way ``state`` breaks the rules of a position, or ``[]`` for a sound one.

    Checked: the round number (1 to :data:`MAX_NUMBER`) and scores (0 to
    :data:`MAX_NUMBER`, as a save file holds them); the 52 cards, each exactly once;
    hands of at most 4 cards; one build per value; each build's owner holding a card of
    its value; that the player to move has a card; and that a finished round left
    nothing behind.
    """
    problems: list[Problem] = []
    if not isinstance(state.round_number, int) or not 1 <= state.round_number <= MAX_NUMBER:
        problems.append(
            Problem("round", f"bad round {state.round_number!r}: expected 1 to {MAX_NUMBER:,}")
        )
    for player in Player:
        score = state.scores[player]
        if not isinstance(score, int) or not 0 <= score <= MAX_NUMBER:
            problems.append(
                Problem(f"score:{player.key}", f"bad score {score!r}: expected 0 to {MAX_NUMBER:,}")
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
                "cards",
                f"{plural(len(seen), 'card')} in all, 52 expected: "
                f"missing {format_cards(missing, CardStyle.CASINO)}",
            )
        )
    for player in Player:
        if len(state.hands[player]) > HAND_SIZE:
            problems.append(
                Problem(
                    f"hand:{player.key}",
                    f"the {player.key} holds {plural(len(state.hands[player]), 'card')}: "
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
                f"both hands are empty but the deck holds {plural(len(state.deck), 'card')}: "
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


@checked
def check_state(state: State) -> State:
    """Return ``state`` if it is sound, else raise :class:`CasinoError` naming the first problem.

    >>> from croupier.cards import parse_cards
    >>> check_state(State(hands=(parse_cards("H5"), ())))
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad position: 1 card in all, 52 expected: missing ...
    """
    problems = state_problems(state)
    if problems:
        raise CasinoError(f"bad position: {problems[0].message}")
    return state
