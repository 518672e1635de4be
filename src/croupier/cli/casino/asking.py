"""Asking the player at the terminal: an answer until it parses, yes or no, and a move put
together as in a game (a card of the hand, an action, the table cards and builds it
uses) or typed whole; for ``casino play``, the exercises of ``casino review`` and
``casino puzzle``.

The parsing and the rules are the library's (:mod:`croupier.casino.session` reads the
parts and puts the move together, :meth:`State.check <croupier.casino.state.State.check>`
says whether the rules allow it); this module only asks and says what went wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from croupier.cards import Card
from croupier.casino import Action, Move, State
from croupier.casino.session import (
    TableItem,
    compose_move,
    parse_hand_choice,
    parse_move_line,
    parse_selection,
    table_items,
)
from croupier.cli.console import Prompter
from croupier.errors import CroupierError

__all__ = ["Ask", "Asker", "ask_move", "capitalized", "typed_or", "yes_no"]

T = TypeVar("T")

_SELECTION_PROMPTS = {
    Action.CAPTURE: "Table cards and builds to capture (numbers or names, e.g. 1 3): ",
    Action.BUILD: "Loose cards to build with (numbers or names; none to add to your build): ",
    Action.INCREASE: "Build to increase (its number or one of its cards): ",
}


class Asker:
    """Questions to the player on ``out``, answers read by ``prompter``."""

    def __init__(self, out: Console, prompter: Prompter | None = None) -> None:
        self.out = out
        self.prompter = prompter if prompter is not None else Prompter(out)

    def ask(self, prompt: str, parse: Callable[[str], T]) -> T:
        """Ask until the answer parses; a bad answer is explained, then asked again.
        ``prompt`` is Rich markup (escape any ``[`` that is not)."""
        while True:
            answer = self.prompter.ask(prompt)
            try:
                return parse(answer)
            except CroupierError as exc:
                self.out.print(Text(f"{exc}. Try again.", style="yellow"))

    def yes_no(self, prompt: str) -> bool:
        """A yes or no answer (y, yes, n, no); ``prompt`` is Rich markup."""
        return self.ask(prompt, yes_no)

    def move(
        self, state: State, keys: Mapping[str, str], back: str = "0 for the menu"
    ) -> Move | str:
        """The move of the player to move in ``state``, legal, asked as in a game (see
        :func:`ask_move`), or the meaning of one of ``keys`` typed at the card prompt. A
        move the rules refuse is explained and asked again."""
        while True:
            hand = state.hand(state.next_player)
            answer = ask_move(self.ask, self.out, hand, table_items(state), keys, back)
            if not isinstance(answer, Move):
                assert answer is not None  # "0" is one of the keys, or goes nowhere
                return answer
            problem = state.check(answer)
            if problem is None:
                return answer
            self.out.print(Text(f"{capitalized(str(problem))}. Choose again.", style="yellow"))


#: How the prompts ask: a prompt (Rich markup) and a reader of the answer; the answer
#: read (asked again until it reads).
Ask = Callable[[str, Callable[[str], Any]], Any]


def ask_move(
    ask: Ask,
    out: Console,
    hand: Sequence[Card],
    items: Sequence[TableItem],
    keys: Mapping[str, str] | None = None,
    back: str = "0 for the menu",
) -> Move | str | None:
    """A move asked for step by step: a card of ``hand`` (by number or name), then its
    action, then the table ``items`` it takes or builds with (a whole move may be typed
    at any of these prompts, and ``0`` goes back a step). At the card prompt, one of
    ``keys`` returns its meaning; without ``keys``, ``0`` returns ``None`` (back to the
    menu). ``back`` says at the card prompt how to leave. Whether the rules allow the
    move is for the caller to learn (:meth:`Asker.move` checks it)."""
    chosen = keys if keys is not None else {"0": "", "menu": ""}
    while True:
        out.print()
        numbers = "1" if len(hand) == 1 else f"1-{len(hand)}"
        card = ask(
            escape(f"Card to play ({numbers} or a name such as {hand[0].casino}; {back}): "),
            partial(typed_or, partial(_card_or_key, hand=hand, keys=chosen)),
        )
        if isinstance(card, str):
            return card if keys is not None else None
        move = card if isinstance(card, Move) else _rest(ask, card, items)
        if move is not None:
            return move


def _rest(ask: Ask, card: Card, items: Sequence[TableItem]) -> Move | None:
    """The action and table items for ``card`` (``None``: choose another card)."""
    action = ask(
        escape(
            f"Play {card.pretty} how: trail, capture, build or increase "
            "(t, c, b, i; 0 to choose another card): "
        ),
        partial(typed_or, _action_or_back),
    )
    if action is None or isinstance(action, Move):
        return action
    selection: tuple[TableItem, ...] | Move = ()
    if action is not Action.TRAIL:
        selection = ask(
            escape(_SELECTION_PROMPTS[action]),
            partial(typed_or, partial(parse_selection, items=items)),
        )
    if isinstance(selection, Move):
        return selection
    return compose_move(card, action, selection)


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals (an error message as a sentence)."""
    return text[:1].upper() + text[1:]


def typed_or(parse: Callable[[str], T], text: str) -> Move | T:
    """A whole move typed on one line, or else the answer ``parse`` reads."""
    move = parse_move_line(text)
    return move if move is not None else parse(text)


def _card_or_key(text: str, hand: Sequence[Card], keys: Mapping[str, str]) -> Card | str:
    word = text.strip().lower()
    if word in keys:
        return keys[word]
    return parse_hand_choice(text, hand)


def _action_or_back(text: str) -> Action | None:
    if text.strip().lower() in ("0", "back"):
        return None
    return Action.parse(text)


def yes_no(text: str) -> bool:
    """A y/n answer (``yes``, ``no`` too, any case), else the error naming it.

    >>> yes_no(" Yes"), yes_no("n")
    (True, False)
    """
    word = text.strip().lower()
    if word in ("y", "yes"):
        return True
    if word in ("n", "no"):
        return False
    raise CroupierError(f"bad answer {text.strip()!r}: expected y or n")
