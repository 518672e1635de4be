"""Scripted games for ``croupier casino play``: the answers a human would type, worked out
by following the same tournament in the library alongside."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from croupier.cards import Card
from croupier.casino import (
    Action,
    Coin,
    Move,
    Player,
    new_tournament,
    toss_coin,
    toss_winner,
)
from croupier.casino.session import RoundEnd, Session, table_items
from croupier.casino.strategies import Strategy, strategy_named

#: A human turn typed by hand: the answers (menu choice first), then the move they make.
Typed = tuple[Sequence[str], str]


@dataclass
class Script:
    """Answers for the prompts, and the library's session following the same game."""

    session: Session
    lines: list[str] = field(default_factory=list)
    last_end: RoundEnd | None = None
    human_moves: list[Move] = field(default_factory=list)
    computer_moves: list[Move] = field(default_factory=list)
    #: Whether the game is played with ``--pause`` (each computer move is let go).
    pause: bool = False

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def play(
        self,
        typed: Sequence[Typed] = (),
        human: Strategy | None = None,
        until: Callable[[Session], bool] | None = None,
    ) -> Script:
        """Answer turn after turn: the human's first turns as ``typed``, then as ``human``
        (greedy) decides, typed as card and table numbers; stop before a turn where
        ``until`` holds, or at the end of the tournament."""
        queue = list(typed)
        policy = human or strategy_named("greedy")
        session = self.session
        while not session.finished and not (until is not None and until(session)):
            if session.to_move is Player.COMPUTER:
                if self.pause:
                    self.lines.append("2")
                # The computer's move as the command's session chooses it (its reason,
                # the judge's, is not needed here).
                move = session.strategy.decide(session.state.observe(Player.COMPUTER)).move
                self.computer_moves.append(move)
            elif queue:
                answers, notation = queue.pop(0)
                self.lines += answers
                move = Move.parse(notation)
                self.human_moves.append(move)
            else:
                move = policy.decide(session.state.observe(Player.HUMAN)).move
                self.lines += ["2", *answers_for(session, move)]
                self.human_moves.append(move)
            turn = session.play(move)
            if turn.round_end is not None:
                self.last_end = turn.round_end
                if not turn.round_end.tournament_over:
                    self.lines.append("")  # Enter, at the pause before the next round
        return self


def answers_for(session: Session, move: Move) -> list[str]:
    """What to type for ``move``: the card's number, the action, the table numbers."""
    state = session.state
    answers = [str(state.hand(Player.HUMAN).index(move.card) + 1), move.action.value[0]]
    if move.action is Action.TRAIL:
        return answers
    items = table_items(state)
    builds = {frozenset(cards) for cards in move.builds}
    numbers = [
        str(i)
        for i, item in enumerate(items, 1)
        if (item in move.loose if isinstance(item, Card) else frozenset(item.cards) in builds)
    ]
    return [*answers, " ".join(numbers)]


def new_game(
    seed: int, deck: Sequence[Card] | None = None, call: str | None = None, strategy: str = "expert"
) -> tuple[Script, Player]:
    """The start of ``croupier casino play --seed SEED`` (and ``--deck-file`` when ``deck``):
    new tournament, the call (by default the side that wins the toss), as the command
    deals it. Returns the script and who plays first."""
    rng = np.random.default_rng(seed)
    toss = toss_coin(rng)
    called = Coin.parse(call) if call is not None else toss
    first = toss_winner(called, toss)
    state = new_tournament(first, deck=deck, rng=rng)
    session = Session(state, strategy_named(strategy), rng)
    lines = [] if deck is not None else ["1"]
    return Script(session, [*lines, called.value]), first


def winner_line(end: RoundEnd) -> str:
    """The line ``play`` prints at the end of the tournament."""
    human, computer = end.totals
    if end.winner is None:
        return f"The tournament is a tie, {human} to {computer}."
    if end.winner is Player.HUMAN:
        return f"You win the tournament, {human} to {computer}!"
    return f"The computer wins the tournament, {computer} to {human}."
