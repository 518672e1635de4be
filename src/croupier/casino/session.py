"""A tournament at the table: what the terminal game asks the library, and what it gets.

:class:`Session` runs a tournament between the human and a computer strategy: the menu
of the player to move (:func:`menu`), the computer's decisions and the help offered to
the human (the same strategy), each move played and, when a round ends, its scoring and
the next round dealt. It keeps every move played (:attr:`Session.move_stack`, as
python-chess's board does), this round's turns (:meth:`Session.round_history`), and
takes back the human's last move with the computer's reply (:meth:`Session.undo`),
which makes the game a practice game. The flow of a game is here, for every front end:
whose turn it is (:meth:`Session.play` with ``by``, :attr:`Session.awaits_computer`),
the computer's replies to a move (:meth:`Session.reply`, by a deadline), and the
session saved as data (:meth:`Session.to_dict`). :func:`play_move` and :func:`take_back`
are its two steps for any pair of players (a table of two people plays through them).
The human's move is typed on one line (:func:`parse_move_line`), put together from its
parts as a page sends them (:func:`move_from_parts`), or step by step, as the prompts ask for it: a
card from the hand (:func:`parse_hand_choice`), an action, and the table cards and
builds it involves, by number or by card name (:func:`table_items`,
:func:`parse_selection`, :func:`compose_move`). Nothing here prints or reads input.

>>> from croupier.casino import Player
>>> session = Session.new(Player.HUMAN, rng=7)
>>> [item.choice.value for item in session.menu()][:8]
['save', 'move', 'help', 'quit', 'moves', 'history', 'undo', 'save-and-quit']
>>> hand = session.state.hand(Player.HUMAN)
>>> card = parse_hand_choice("3", hand)                  # the third card: 8♥
>>> chosen = parse_selection("8c", table_items(session.state))
>>> move = compose_move(card, Action.parse("c"), chosen)
>>> turn = session.play(move)
>>> str(turn.move), turn.player, turn.round_end is None
('capture H8 C8', <Player.HUMAN: 0>, True)
>>> reply = session.play(session.computer_decision().move)
>>> session.move_stack == [move, reply.move], len(session.round_history())
(True, 2)
>>> session.undo() == (move, reply.move), session.move_stack, session.practice
(True, [], True)
>>> turn = session.play(move, by=Player.HUMAN)
>>> session.awaits_computer, [str(t.move) for t in session.reply()] == [str(reply.move)]
(True, True)
>>> session.play(move, by=Player.COMPUTER)
Traceback (most recent call last):
...
croupier.casino.errors.TurnError: it is not the computer's turn: the human is to move
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

import numpy as np

from croupier.arguments import checked
from croupier.cards import Card, CardError, parse_card
from croupier.casino.errors import CasinoCardError, CasinoError, TurnError
from croupier.casino.gamelog import GameLog, LoggedRound, format_log, parse_log
from croupier.casino.judge import JUDGE_SETTINGS, Judge
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Build, Player
from croupier.casino.savefile import format_save, parse_save
from croupier.casino.scoring import RoundScore
from croupier.casino.state import State
from croupier.casino.strategies import (
    DEFAULT_DEADLINE,
    Decision,
    ExpertStrategy,
    Strategy,
    level_strategy,
)
from croupier.casino.tournament import (
    is_tournament_over,
    new_tournament,
    next_round,
    tournament_winner,
)
from croupier.choices import unknown_member
from croupier.numerals import is_ascii_whole
from croupier.randomness import RNGLike, as_generator

__all__ = [
    "MIN_THINK",
    "LaterReason",
    "MenuChoice",
    "MenuItem",
    "RoundEnd",
    "Session",
    "TableItem",
    "Turn",
    "compose_move",
    "menu",
    "move_from_parts",
    "one_line_prompt",
    "parse_hand_choice",
    "parse_menu_choice",
    "parse_move_line",
    "parse_selection",
    "play_move",
    "table_items",
    "take_back",
]

#: Seconds a search of the computer always gets, even when the replies' time is spent.
MIN_THINK: Final = 0.05

#: A thing on the table the human can name: a loose card or a build.
TableItem = Card | Build


@enum.unique
class MenuChoice(enum.StrEnum):
    """What the player can do before a turn."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    SAVE = "save"
    MOVE = "move"
    HELP = "help"
    QUIT = "quit"
    MOVES = "moves"
    HISTORY = "history"
    UNDO = "undo"
    SAVE_AND_QUIT = "save-and-quit"
    PLAY_HINT = "play-hint"
    MENU = "menu"


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of the menu: the choice, its label, the key that picks it, and the word
    the one-line prompt shows it by (``""``: the one-line prompt leaves it out)."""

    choice: MenuChoice
    label: str
    key: str
    word: str = ""


_HUMAN_MENU = (
    MenuItem(MenuChoice.SAVE, "Save the game", "s", "save"),
    MenuItem(MenuChoice.MOVE, "Make a move", "m", "move"),
    MenuItem(MenuChoice.HELP, "Ask for help", "h", "hint"),
    MenuItem(MenuChoice.QUIT, "Quit the game", "q", "quit"),
    MenuItem(MenuChoice.MOVES, "List my legal moves", "l", "list"),
    MenuItem(MenuChoice.HISTORY, "Show this round's moves", "r", "round"),
    MenuItem(MenuChoice.UNDO, "Take back my last move (a practice game)", "u", "undo"),
    MenuItem(MenuChoice.SAVE_AND_QUIT, "Save and quit", "x"),
    MenuItem(MenuChoice.PLAY_HINT, "Play the hint (the judge's best move)", "p", "play hint"),
    MenuItem(MenuChoice.MENU, "Show this menu", "?"),
)
_COMPUTER_MENU = (
    MenuItem(MenuChoice.SAVE, "Save the game", "s", "save"),
    MenuItem(MenuChoice.MOVE, "Let the computer move", "m", "move"),
    MenuItem(MenuChoice.QUIT, "Quit the game", "q", "quit"),
    MenuItem(MenuChoice.SAVE_AND_QUIT, "Save and quit", "x"),
    MenuItem(MenuChoice.MENU, "Show this menu", "?"),
)
#: The order the one-line prompt shows the choices in.
_PROMPT_ORDER = ("m", "h", "p", "l", "r", "u", "s", "q")


def menu(state: State) -> tuple[MenuItem, ...]:
    """The menu before a turn: the human may save, move, ask for help, quit, list the
    legal moves, see this round's moves, take back the last move, save and quit, or play
    the hint; before the computer's turn, save, let it move, quit, or save and quit. The
    numbers are the course's (1 save, 2 move, 3 help, 4 quit); ``?`` shows the menu.

    >>> from croupier.casino import new_tournament
    >>> [item.label for item in menu(new_tournament(Player.COMPUTER, rng=1))]
    ['Save the game', 'Let the computer move', 'Quit the game', 'Save and quit', 'Show this menu']
    """
    return _HUMAN_MENU if state.to_move is Player.HUMAN else _COMPUTER_MENU


def one_line_prompt(items: Sequence[MenuItem]) -> str:
    """The choices of ``items`` on one line, each key in brackets.

    >>> from croupier.casino import new_tournament
    >>> one_line_prompt(menu(new_tournament(Player.HUMAN, rng=1)))
    '[m]ove [h]int [p]lay hint [l]ist [r]ound [u]ndo [s]ave [q]uit, [?] all'
    """
    shown = sorted(
        (item for item in items if item.word),
        key=lambda item: _PROMPT_ORDER.index(item.key),
    )
    words = [_bracketed(item.word, item.key) for item in shown]
    return " ".join(words) + ", [?] all"


def _bracketed(word: str, key: str) -> str:
    at = word.index(key)
    return f"{word[:at]}[{key}]{word[at + 1 :]}"


@checked
def parse_menu_choice(text: str, items: Sequence[MenuItem]) -> MenuChoice:
    """A menu answer: the item's number, its key, or its word, in any case. ``items``
    must offer a choice (an item besides the menu itself), else a
    :class:`~croupier.casino.errors.CasinoError`.

    >>> from croupier.casino import new_tournament
    >>> items = menu(new_tournament(Player.HUMAN, rng=1))
    >>> parse_menu_choice("2", items), parse_menu_choice(" Help", items)
    (<MenuChoice.MOVE: 'move'>, <MenuChoice.HELP: 'help'>)
    >>> parse_menu_choice("l", items), parse_menu_choice("?", items)
    (<MenuChoice.MOVES: 'moves'>, <MenuChoice.MENU: 'menu'>)
    >>> parse_menu_choice("10", items)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad choice '10': expected a number from 1 to 9, ...
    """
    word = text.strip().lower()
    numbered = [item for item in items if item.choice is not MenuChoice.MENU]
    if not numbered:
        raise CasinoError("no menu items to choose from: expected one or more, as menu() gives")
    if is_ascii_whole(word) and 1 <= int(word) <= len(numbered):
        return numbered[int(word) - 1].choice
    for item in items:
        if word and word in (item.key, item.choice.value, item.word):
            return item.choice
    keys = " ".join(item.key for item in items)
    names = [item.choice.value for item in numbered]
    raise CasinoError(
        f"bad choice {text.strip()!r}: expected a number from 1 to {len(numbered)}, a key "
        f"({keys}), or {', '.join(names[:-1])} or {names[-1]}"
    )


@checked
def parse_move_line(text: str) -> Move | None:
    """A whole move typed on one line, in the notation of ``croupier casino moves``
    (``capture D8 H8``, ``build H3 S2``, ``trail C9``, ``increase SA [D5 H2]``; actions
    by name or first letter); ``None`` if ``text`` is not a move (a bare word or card, a
    number: an answer to the step-by-step prompts). Whether the move is legal is for
    :meth:`Session.play` to say.

    >>> parse_move_line("Capture d8 h8"), parse_move_line("8d"), parse_move_line("build")
    (Move.parse('capture D8 H8'), None, None)
    >>> parse_move_line("trail 9x")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.MoveCardError: bad move 'trail 9x': bad card '9x': ...
    """
    words = text.split()
    if len(words) < 2:
        return None
    try:
        Action.parse(words[0])
    except CasinoError:
        return None
    return Move.parse(text)


def parse_hand_choice(text: str, hand: Sequence[Card]) -> Card:
    """A card of ``hand``: its number (from 1) or its name in any notation.

    >>> from croupier.cards import parse_cards
    >>> hand = parse_cards("H5 SA")
    >>> parse_hand_choice("2", hand), parse_hand_choice("5♥", hand)
    (Card('As'), Card('5h'))
    >>> parse_hand_choice("C9", hand)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: 9♣ is not in the hand: expected a number from 1 to 2 ...
    """
    word = text.strip()
    expected = (
        f"expected a number from 1 to {len(hand)} or a card of the hand "
        f"({' '.join(card.pretty for card in hand)})"
    )
    if is_ascii_whole(word):
        if 1 <= int(word) <= len(hand):
            return hand[int(word) - 1]
        raise CasinoError(f"bad card number {word}: {expected}")
    try:
        card = parse_card(word)
    except CardError:
        raise CasinoCardError(f"bad card {word!r}: {expected}") from None
    if card not in hand:
        raise CasinoError(f"{card.pretty} is not in the hand: {expected}")
    return card


def table_items(state: State) -> tuple[TableItem, ...]:
    """The things on the table, in the order they are shown and numbered (from 1): the
    builds, then the loose cards."""
    return (*state.builds, *state.loose)


def parse_selection(text: str, items: Sequence[TableItem]) -> tuple[TableItem, ...]:
    """The table items named in ``text``: numbers (from 1) or card names, separated by
    spaces or commas; a card of a build names the whole build. Nothing named: ``()``.

    >>> from croupier.cards import parse_cards
    >>> items = (Build((parse_cards("C6 S3"),), Player.HUMAN), *parse_cards("C8 HA"))
    >>> [str(item) for item in parse_selection("2, 6c", items)]   # C8, and the build with C6
    ['8c', '[C6 S3]']
    >>> parse_selection("D9", items)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: 9♦ is not on the table: expected numbers from 1 to 3 ...
    """
    expected = (
        f"expected numbers from 1 to {len(items)} or cards on the table"
        if items
        else "the table is empty: name nothing"
    )
    chosen: list[TableItem] = []
    for token in text.replace(",", " ").split():
        if is_ascii_whole(token):
            if not 1 <= int(token) <= len(items):
                raise CasinoError(f"bad table number {token}: {expected}")
            item = items[int(token) - 1]
        else:
            try:
                card = parse_card(token)
            except CardError:
                raise CasinoCardError(f"bad choice {token!r}: {expected}") from None
            found = next(
                (it for it in items if it == card or (isinstance(it, Build) and card in it)),
                None,
            )
            if found is None:
                raise CasinoError(f"{card.pretty} is not on the table: {expected}")
            item = found
        if item in chosen:
            raise CasinoError(f"{token!r} names {_item_name(item)} twice: name each item once")
        chosen.append(item)
    return tuple(chosen)


def _item_name(item: TableItem) -> str:
    return item.pretty if isinstance(item, Card) else f"the build {item}"


def compose_move(card: Card, action: Action, selection: Sequence[TableItem] = ()) -> Move:
    """The move of playing ``card`` as ``action`` with the table items ``selection``.

    The move is not checked: play it with :meth:`Session.play` (or
    :meth:`State.check <croupier.casino.state.State.check>`) to learn whether the rules allow it.

    >>> from croupier.cards import parse_cards
    >>> five, four = parse_cards("C5 D4")
    >>> compose_move(five, Action.BUILD, [four])
    Move.parse('build C5 D4')
    """
    loose = tuple(item for item in selection if isinstance(item, Card))
    builds = tuple(item.cards for item in selection if isinstance(item, Build))
    return Move(action, card, loose, builds)


def move_from_parts(state: State, card: str, action: str, items: Sequence[str] = ()) -> Move:
    """The move of the player to move put together as a page or a remote terminal sends
    it: ``card`` of their hand (its number from 1 or its name), ``action`` (a name or
    its first letter), and the table ``items`` it uses (each a number from 1 or one of
    its cards, as :func:`parse_selection` reads them). Not checked against the rules:
    play it to learn whether they allow it.

    >>> from croupier.casino import new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=7)
    >>> move_from_parts(state, "H8", "c", ["C8"])
    Move.parse('capture H8 C8')
    >>> move_from_parts(state, "S2", "trail")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: 2♠ is not in the hand: expected a number from 1 to 4 ...
    """
    hand = state.hand(state.next_player)
    chosen = parse_selection(" ".join(items), table_items(state))
    return compose_move(parse_hand_choice(card, hand), Action.parse(action), chosen)


# --- the tournament ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """A finished round: the final position (both piles), the cards left on the table
    that went to the last capturer, the scoring, the tournament scores after it, and
    whether that was the last round (``winner`` ``None``: a tie)."""

    state: State
    leftover: tuple[Card, ...]
    score: RoundScore
    totals: tuple[int, int]
    tournament_over: bool
    winner: Player | None


@dataclass(frozen=True, slots=True)
class LaterReason:
    """The judge's look-ahead on a computer's move, left for later (see
    :meth:`Session.reply` with ``judged=False``): what the computer saw, its move, and
    the note its own search adds (its deadline cut it short). :meth:`reason` gives the
    whole reason, the one ``judged=True`` gives at once.

    >>> from croupier.casino import Player, new_tournament
    >>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
    >>> later = LaterReason(seen, Move.parse("build H3 S2"))
    >>> later.reason() == Judge().reason(seen, later.move)
    True
    """

    observation: Observation
    move: Move
    note: str | None = None

    def reason(self, judge: Judge | None = None) -> str | None:
        """The whole reason, by ``judge`` (a new one by default: every judge gives the
        same); ``None`` when the judge's budget left the move unvalued."""
        judged = (judge if judge is not None else Judge()).reason(self.observation, self.move)
        if judged is None or self.note is None:
            return judged
        return f"{judged}; {self.note}"


@dataclass(frozen=True, slots=True)
class Turn:
    """A move played: who played it, the move, the position after it (the next round's
    first position if the round ended), the round's end if it ended, the position it was
    played in, and the computer's reason for it (``None``: a person's move); ``later``:
    what the judge's look-ahead would add to that reason, left for later."""

    player: Player
    move: Move
    state: State
    round_end: RoundEnd | None
    before: State
    reason: str | None = None
    later: LaterReason | None = None


def play_move(
    state: State, log: GameLog, move: Move | str, rng: np.random.Generator
) -> tuple[Turn, GameLog]:
    """``move`` played by the player to move in ``state`` (checked: an illegal move raises
    :class:`~croupier.casino.errors.IllegalMoveError`), added to ``log``; a round it ends
    is scored and, unless the tournament is over, the next one dealt from ``rng``.
    Returns the turn and the log."""
    player = state.next_player
    played = move if isinstance(move, Move) else Move.parse(move)
    after = state.apply(played)
    log = log.add(state, played)
    end = None
    if after.is_round_over:
        over = is_tournament_over(after)
        if played.action is Action.CAPTURE:
            taken = set(played.taken)
            leftover = tuple(c for c in state.table_cards() if c not in taken)
        else:
            leftover = (*state.table_cards(), played.card)
        winner = tournament_winner(after) if over else None
        end = RoundEnd(after, leftover, after.score(), after.totals(), over, winner)
        if not over:
            after = next_round(after, rng=rng)
    return Turn(player, played, after, end, state), log


def _round_log(log: GameLog, state: State, finished: bool) -> LoggedRound | None:
    """The log of the round being played in ``state``, if a move of it is logged."""
    rounds = log.rounds
    if rounds and not finished and rounds[-1].end == state:
        return rounds[-1]
    return None


def take_back(
    state: State, log: GameLog, player: Player, *, finished: bool = False
) -> tuple[State, GameLog, tuple[Move, ...]]:
    """``player``'s last move of this round and every move since taken back: the
    position before it, the log without them, and the moves taken back in the order they
    were played. Refused (a :class:`~croupier.casino.errors.TurnError`) in a finished
    tournament, or when ``player`` has not moved this round (a round played out is
    final)."""
    if finished:
        raise TurnError("the tournament is over: nothing can be taken back")
    logged = _round_log(log, state, finished)
    positions = list(logged.positions()) if logged is not None else []
    mine = [i for i, (before, _) in enumerate(positions) if before.next_player is player]
    if not mine:
        who = "you have" if player is Player.HUMAN else f"the {player.key} has"
        raise TurnError(f"{who} made no move this round: there is nothing to take back")
    start = mine[-1]
    taken = tuple(move for _, move in positions[start:])
    return positions[start][0], log.without_last(len(taken)), taken


class Session:
    """A tournament in progress between the human and the computer, playing at ``level``
    (or with ``strategy``, if given).

    ``state`` is always a position with a move to make until the tournament is over; the
    next rounds are shuffled from ``rng``. A session can start from any sound position
    (a saved game): from a finished round it deals the next one, and a finished
    tournament is refused. Every move played is added to ``log`` (a
    :class:`~croupier.casino.gamelog.GameLog`; give the log of a saved game to go on
    with it), and a move taken back leaves it again. The computer takes at most
    ``deadline`` seconds a move. The help offered to the human is the judge's best move
    (:mod:`~croupier.casino.judge`, at every level: the move its review calls best), and
    the reasons for the moves of a computer that looks ahead (the ``strong`` and
    ``expert`` levels) are the judge's too, so that neither depends on the clock.
    ``practice`` marks a practice game, where moves may be taken back (taking one back
    makes any game a practice game).
    """

    def __init__(
        self,
        state: State,
        strategy: Strategy | None = None,
        rng: RNGLike = None,
        *,
        level: Level = DEFAULT_LEVEL,
        log: GameLog | None = None,
        practice: bool = False,
        deadline: float = DEFAULT_DEADLINE,
        judge: Judge | None = None,
    ) -> None:
        self.level = level
        self.strategy = (
            strategy if strategy is not None else level_strategy(level, deadline=deadline)
        )
        #: The judge of the hints and of the computer's reasons.
        self.judge = judge if judge is not None else Judge()
        self.log = (log if log is not None else GameLog()).with_level(level)
        self.rng = as_generator(rng)
        if state.is_round_over:
            if is_tournament_over(state):
                human, computer = state.totals()
                raise CasinoError(
                    f"the tournament is over ({human} to {computer}): there is nothing to play"
                )
            state = next_round(state, rng=self.rng)
        self.state = state
        self.finished = False
        #: Whether moves may be (or were) taken back: a practice game, saved as such.
        self.practice = practice

    @property
    def move_stack(self) -> list[Move]:
        """Every move of the game, oldest first (python-chess's ``move_stack``): those of
        this session and, for a saved game resumed with its moves, those before."""
        return [move for logged in self.log.rounds for move in logged.moves]

    @classmethod
    def new(
        cls,
        first: Player,
        *,
        deck: Sequence[Card] | None = None,
        rng: RNGLike = None,
        strategy: Strategy | None = None,
        level: Level = DEFAULT_LEVEL,
        deadline: float = DEFAULT_DEADLINE,
    ) -> Session:
        """Round 1 of a new tournament: ``first`` won the toss; ``deck`` stacks the first
        round, and ``rng`` (an int seed or a NumPy generator) makes every shuffle reproducible."""
        generator = as_generator(rng)
        state = new_tournament(first, deck=deck, rng=generator)
        return cls(state, strategy, generator, level=level, deadline=deadline)

    def menu(self) -> tuple[MenuItem, ...]:
        """The menu before the next turn."""
        return menu(self.state)

    @property
    def to_move(self) -> Player | None:
        """The player whose turn it is (``None`` once the tournament is over)."""
        return None if self.finished else self.state.to_move

    def computer_decision(self) -> Decision:
        """The computer's move and its reason (it is the computer's turn): the move its
        level chooses on its clock; the reason, for a level that looks ahead, the judge's."""
        return self._computer_decision(judged=True)[0]

    def _computer_decision(self, *, judged: bool) -> tuple[Decision, LaterReason | None]:
        """The computer's decision, and (not ``judged``) what the judge's look-ahead would
        add to its reason, left for later: the reason is then the judge's plain words."""
        decision = self._decide(Player.COMPUTER)
        if not isinstance(self.strategy, ExpertStrategy):  # no look-ahead to explain
            return decision, None
        note = None
        if decision.cut_short:  # its own search, on its clock
            note = f"the {self.strategy.deadline:g} s deadline cut its own search short"
        observation = self.state.observe(Player.COMPUTER)
        later = None
        if judged:
            reason = self.judge.reason(observation, decision.move)
        else:
            reason, needs_verdict = self.judge.first_reason(observation, decision.move)
            if needs_verdict:
                later = LaterReason(observation, decision.move, note)
        if reason is None:  # an extreme table the judge's budget cut
            return decision, None
        if note is not None:
            reason += f"; {note}"
        return Decision(decision.move, reason, decision.cut_short), later

    def hint(self) -> Decision:
        """The move the judge recommends to the human, and why: the best move of its
        verdict (the same on any machine; asked again, the same advice at once)."""
        self.check_turn(Player.HUMAN)
        verdict = self.judge.verdict(self.state.observe(Player.HUMAN))
        return Decision(verdict.best, verdict.reason, verdict.cut or not verdict.complete)

    def play_hint(self) -> Turn:
        """Play the move the judge recommends (:meth:`hint`)."""
        return self.play(self.hint().move)

    def check_turn(self, player: Player) -> None:
        """Refuse (a :class:`~croupier.casino.errors.TurnError`) unless ``player`` is to
        move in a tournament going on."""
        if self.finished:
            raise TurnError(f"it is not the {player.key}'s turn: the tournament is over")
        if self.state.next_player is not player:
            raise TurnError(f"it is not the {player.key}'s turn: the {player.other.key} is to move")

    def _decide(self, player: Player) -> Decision:
        self.check_turn(player)
        return self.strategy.decide(self.state.observe(player))

    def play(self, move: Move | str, *, by: Player | None = None) -> Turn:
        """Play the move of the player to move (checked: an illegal move raises
        :class:`~croupier.casino.errors.IllegalMoveError` and changes nothing). If it ends
        the round, the round is scored and, unless the tournament is over, the next one
        dealt. With ``by``, the move must be that player's: on the other's turn, or once
        the tournament is over, a :class:`~croupier.casino.errors.TurnError`."""
        if self.finished:
            raise TurnError("the tournament is over")
        if by is not None:
            self.check_turn(by)
        turn, self.log = play_move(self.state, self.log, move, self.rng)
        if turn.round_end is not None and turn.round_end.tournament_over:
            self.finished = True
        self.state = turn.state
        return turn

    def play_parts(self, card: str, action: str, items: Sequence[str] = (), *, by: Player) -> Turn:
        """``by``'s move put together from its parts as a page sends them (see
        :func:`move_from_parts`), checked and played as :meth:`play` does."""
        self.check_turn(by)
        return self.play(move_from_parts(self.state, card, action, items), by=by)

    @property
    def awaits_computer(self) -> bool:
        """Whether it is the computer's turn in a tournament going on: a front end then
        asks for its :meth:`reply` (or waits for a key, at the terminal's pause)."""
        return not self.finished and self.state.next_player is Player.COMPUTER

    def reply(
        self,
        until: float | None = None,
        *,
        clock: Callable[[], float] = time.time,
        judged: bool = True,
    ) -> tuple[Turn, ...]:
        """The computer's moves until it is the human's turn again (or the tournament is
        over), each with its reason; ``()`` when it is the human's turn. With ``until``
        (a time read from ``clock``), all of them are searched by then, each at the
        session's level (the search gets :data:`MIN_THINK` seconds at least).

        Not ``judged``, the judge's look-ahead (up to a second or two of work when a
        bigger capture was there) is left out of the reasons: each turn's ``later``
        gives it when wanted (:meth:`LaterReason.reason`), so that a front end answers
        with the move at once and shows the whole reason when it comes.
        """
        turns = []
        while self.awaits_computer:
            if until is not None:
                left = max(MIN_THINK, until - clock())
                self.strategy = level_strategy(self.level, deadline=left)
            decision, later = self._computer_decision(judged=judged)
            turn = self.play(decision.move)
            turns.append(Turn(turn.player, turn.move, turn.state, turn.round_end,
                              turn.before, decision.reason, later))  # fmt: skip
        return tuple(turns)

    def _this_round(self) -> LoggedRound | None:
        """The log of the round being played, if a move of it is logged."""
        return _round_log(self.log, self.state, self.finished)

    def round_history(self) -> tuple[Turn, ...]:
        """This round's turns so far, oldest first (those before a save included, when
        the game was resumed with its moves)."""
        logged = self._this_round()
        if logged is None:
            return ()
        turns = []
        for before, move in logged.positions():
            after = before.apply(move, check=False)
            turns.append(Turn(before.next_player, move, after, None, before))
        return tuple(turns)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back: it is the human's turn and the
        human has moved this round."""
        return self.to_move is Player.HUMAN and any(
            turn.player is Player.HUMAN for turn in self.round_history()
        )

    def undo(self) -> tuple[Move, ...]:
        """Take back the human's last move of this round and the computer's replies to
        it; the game becomes a practice game. Returns the moves taken back, in the order
        they were played. Refused (a :class:`~croupier.casino.errors.TurnError`) when
        it is not the human's turn or the human has not moved this round (a round played
        out is final)."""
        if self.finished or self.to_move is not Player.HUMAN:
            raise TurnError("a move can be taken back only at your turn")
        self.state, self.log, taken = take_back(self.state, self.log, Player.HUMAN)
        self.practice = True
        return taken

    # --- saving ------------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps (a session sent to a worker process): everything but the
        strategy, whose caches of searched positions may hold what does not pickle, and
        the judge's remembered verdicts; they are made again (the strategy at the
        session's level: a session playing a strategy of its own is not sent anywhere)."""
        state = dict(self.__dict__)
        for name in ("strategy", "judge"):
            state.pop(name, None)
        state["_deadline"] = getattr(self.strategy, "deadline", DEFAULT_DEADLINE)
        state["_judge_settings"] = self.judge.settings
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        deadline = float(state.pop("_deadline", DEFAULT_DEADLINE))
        settings = state.pop("_judge_settings", JUDGE_SETTINGS)
        self.__dict__.update(state)
        self.strategy = level_strategy(self.level, deadline=deadline)
        self.judge = Judge(settings)

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON-ready data: the level, the position in the course's save
        format (a finished tournament: its last round as a game log), every move, the
        shuffles' generator, whether it is finished or a practice game (see
        :meth:`from_dict`)."""
        final = GameLog((self.log.rounds[-1],)) if self.finished and self.log.rounds else None
        return {
            "level": self.level.value,
            "state": None if final is not None else format_save(self.state),
            "final": None if final is None else format_log(final),
            "log": format_log(self.log),
            "rng": self.rng.bit_generator.state,
            "finished": final is not None,
            "practice": self.practice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, deadline: float = DEFAULT_DEADLINE) -> Session:
        """The session saved by :meth:`to_dict`, read as strictly as a save file (bad data
        raises a croupier error, or ``KeyError``/``TypeError`` for a missing part).

        >>> session = Session.new(Player.COMPUTER, rng=4, level=Level.CASUAL)
        >>> _ = session.reply()
        >>> again = Session.from_dict(session.to_dict())
        >>> again.state == session.state, again.log == session.log, again.level.value
        (True, True, 'casual')
        """
        level = Level.parse(data["level"])
        log = parse_log(data["log"], "the saved game log")
        rng = np.random.default_rng()
        rng.bit_generator.state = data["rng"]
        practice = bool(data.get("practice", False))  # saved before take-backs: none
        if not data["finished"]:
            state = parse_save(data["state"], "the saved position")
            return cls(state, None, rng, level=level, log=log, practice=practice, deadline=deadline)
        final = parse_log(data["final"], "the saved last round").current
        if final is None or not is_tournament_over(final):
            raise CasinoError("a finished tournament without its last round")
        session = cls.__new__(cls)
        session.level, session.log, session.rng, session.practice = level, log, rng, practice
        session.strategy = level_strategy(level, deadline=deadline)
        session.judge = Judge()
        session.state, session.finished = final, True
        return session
