"""``croupier casino play``: a tournament against the computer at the terminal (its
options are in :mod:`croupier.cli.casino.commands`).

The dialogue only asks and draws: the menus, the legality of moves, the computer's
decisions and reasons, the rounds and the scores all come from
:class:`croupier.casino.session.Session`.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TypeVar

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from croupier.cards import Card
from croupier.casino import (
    WINNING_SCORE,
    Coin,
    IllegalMoveError,
    Move,
    Player,
    State,
    new_tournament,
    read_deck_file,
    toss_coin,
    toss_winner,
)
from croupier.casino.gamelog import (
    GameFile,
    GameLog,
    LoggedRound,
    log_path_for,
    read_game_file,
    read_log,
    write_game_file,
    write_log,
)
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.review import GameReview, RoundReview, review_round
from croupier.casino.session import (
    MenuChoice,
    MenuItem,
    RoundEnd,
    Session,
    Turn,
    one_line_prompt,
    parse_menu_choice,
)
from croupier.cli.casino.asking import Asker, capitalized, typed_or
from croupier.cli.casino.drawing import pile_text, render_move, render_score, render_table
from croupier.cli.casino.positions import render_moves, sorted_moves
from croupier.cli.casino.review import render_round_review, render_summary
from croupier.cli.console import INTERRUPTED, LazyProgress, Prompter, fail, make_console
from croupier.cli.options import DEFAULT_DEADLINE
from croupier.cli.recovery import leave, recover
from croupier.cli.stopping import Stopped
from croupier.errors import CroupierError
from croupier.numerals import fresh_seed, plural

__all__ = ["Dialogue", "run_play"]

T = TypeVar("T")


def run_play(
    load: Path | None,
    deck_file: Path | None,
    seed: int | None,
    open_hands: bool,
    level_name: str | None,
    log_file: Path | None,
    reviews: bool,
    deadline: float,
    pause: bool,
) -> int:
    """Play a tournament (the options of ``croupier casino play``); returns the exit code."""
    if load is not None and deck_file is not None:
        fail("--deck-file deals a new tournament: it cannot be used with --load")
    level = Level.parse(level_name) if level_name is not None else None
    deck = read_deck_file(deck_file) if deck_file is not None else None
    loaded = read_game_file(load) if load is not None else None
    seed = fresh_seed() if seed is None else seed
    source = ""
    if load is not None:
        source = f"--load {shlex.quote(os.fspath(load))}"
    elif deck_file is not None:
        source = f"--deck-file {shlex.quote(os.fspath(deck_file))}"
    dialogue = Dialogue(
        make_console(),
        level,
        np.random.default_rng(seed),
        open_hands,
        log_file,
        reviews,
        pause=pause,
        deadline=deadline,
        seed=seed,
        source=source,
    )
    session = dialogue.session_for(loaded, os.fspath(load)) if loaded and load else None
    return dialogue.run(session, deck)


class Dialogue:
    """The prompts and drawings around a :class:`Session`."""

    def __init__(
        self,
        console: Console,
        level: Level | None,
        rng: np.random.Generator,
        open_hands: bool,
        log_file: Path | None = None,
        reviews: bool = True,
        *,
        pause: bool = False,
        deadline: float = DEFAULT_DEADLINE,
        seed: int | None = None,
        source: str = "",
    ) -> None:
        self.out = console
        self.prompter = Prompter(console)
        self.asker = Asker(console, self.prompter)
        #: The level asked for on the command line (``None``: the default, or the save's).
        self.level = level
        self.rng = rng
        self.open_hands = open_hands
        self.log_file = log_file
        self.reviews = reviews
        self.pause = pause
        #: How long the computer (and the help) may think about a move, in seconds.
        self.deadline = deadline
        #: The seed of the shuffles (printed, so that the game can be dealt again).
        self.seed = seed
        #: Where the game came from, as options of the command that deals it again
        #: (``--load game.txt``, ``--deck-file deck.txt``; empty: a new tournament).
        self.source = source
        #: The reviews of the rounds shown so far, by round number (for the summary).
        self.round_reviews: dict[int, RoundReview] = {}
        #: The game being played (for the way out: a recovery file).
        self.session: Session | None = None

    def session_for(self, saved: GameFile, path: str) -> Session:
        """The session of a saved game: at the level asked for, else the save's, else the
        default; with the game's moves (from the file, or for an older save from the game
        log next to it, if it leads to this position)."""
        level = self.level or saved.level or DEFAULT_LEVEL
        log = saved.log
        beside = log_path_for(path)
        if log is None and os.path.exists(beside):
            try:
                log = read_log(beside)
            except (CroupierError, OSError) as exc:
                self.out.print(
                    Text(
                        f"The game log {beside} is not used: {_reason(exc, beside)}", style="yellow"
                    )
                )
            if log is not None and log.current != saved.state:
                self.out.print(
                    Text(
                        f"The game log {beside} does not lead to this position: "
                        "a new log starts here.",
                        style="yellow",
                    )
                )
                log = None
        return Session(
            saved.state,
            None,
            self.rng,
            level=level,
            log=log,
            practice=saved.practice,
            deadline=self.deadline,
        )

    # --- asking ----------------------------------------------------------------------

    def ask(self, prompt: str, parse: Callable[[str], T]) -> T:
        """Ask until the answer parses (see :meth:`Asker.ask`)."""
        return self.asker.ask(prompt, parse)

    def yes_no(self, prompt: str) -> bool:
        return self.asker.yes_no(prompt)

    # --- the game --------------------------------------------------------------------

    def run(self, session: Session | None, deck: tuple[Card, ...] | None) -> int:
        """Play until the tournament ends, the game is saved or quit, or input ends; any
        way out but an explicit quit saves an unfinished game to a recovery file."""
        self.session = session
        try:
            self.out.print(
                Text()
                .append("Casino", style="bold")
                .append(
                    f": a tournament to {WINNING_SCORE} points against the computer "
                    f"({(session.level if session else self.level or DEFAULT_LEVEL).value})."
                )
            )
            self.show_seed()
            self.out.print(
                "At your turn, type a move (capture D8 H8, build H3 S2, trail C9) or a "
                "key: m to make it step by step, h for a hint, p to play it, ? for the menu."
            )
            if session is None:
                session = self.session = self.start(deck)
            if session is not None:
                self.loop(session)
        except EOFError:
            self.out.print()
            return leave(self.session, "the input ended", 0)
        except Stopped as stop:  # SIGTERM, SIGHUP (a KeyboardInterrupt too: caught first)
            return leave(self.session, stop.why, stop.exit_code)
        except KeyboardInterrupt:
            self.out.print()
            return leave(self.session, "interrupted (Ctrl-C)", INTERRUPTED)
        except Exception as exc:  # the last line of defence: the game is never lost
            return recover(self.session, exc)
        return 0

    def start(self, deck: tuple[Card, ...] | None) -> Session | None:
        """A new tournament (after the coin toss) or a saved one resumed."""
        while deck is None:
            self.out.print("  1  New tournament\n  2  Resume a saved game")
            choice = self.ask("Your choice [1]: ", _new_or_resume)
            if choice == "new":
                break
            session = self.resume()
            if session is not None:
                return session
        call = self.ask("Call the coin toss, heads or tails: ", Coin.parse)
        toss = toss_coin(self.rng)
        first = toss_winner(call, toss)
        who = "you play first" if first is Player.HUMAN else "the computer plays first"
        self.out.print(f"The coin shows {toss.value}: you called {call.value}, so {who}.")
        state = new_tournament(first, deck=deck, rng=self.rng)
        return Session(
            state, None, self.rng, level=self.level or DEFAULT_LEVEL, deadline=self.deadline
        )

    def resume(self) -> Session | None:
        """Ask for a save file until one reads; an empty answer goes back."""
        while True:
            name = self.prompter.ask("Saved game file (empty to go back): ").strip()
            if not name:
                return None
            try:
                session = self.session_for(read_game_file(name), name)
            except (CroupierError, OSError) as exc:
                self.out.print(
                    Text(f"Cannot resume from {name}: {_reason(exc, name)}", style="yellow")
                )
                continue
            self.source = f"--load {shlex.quote(name)}"
            self.show_seed()
            return session

    def seed_command(self) -> str:
        """The command that deals the same rounds again: the seed, and the saved game or
        the deck file the game started from."""
        source = f" {self.source}" if self.source else ""
        return f"croupier casino play{source} --seed {self.seed}"

    def show_seed(self) -> None:
        """The seed, and the command that deals the same rounds again."""
        if self.seed is not None:
            self.out.print(
                f"Seed {self.seed}: {self.seed_command()} deals the same rounds again.",
                markup=False,
            )

    def loop(self, session: Session) -> None:
        self.show_round_start(session.state)
        if session.practice:
            self.out.print("A practice game: your moves can be taken back.")
        while not session.finished:
            if session.to_move is Player.COMPUTER and not self.pause:
                self.computer_move(session)
                continue
            items = session.menu()
            human = session.to_move is Player.HUMAN
            who = "Your turn" if human else "The computer's turn"
            parse = partial(_menu_choice, items=items)
            self.out.print()
            choice = self.ask(
                f"[bold]{who}:[/bold] {escape(one_line_prompt(items))}: ",
                partial(typed_or, parse) if human else parse,
            )
            if isinstance(choice, Move):
                self.play_human(session, choice)
            elif choice is MenuChoice.MENU:
                for number, item in enumerate(items, 1):
                    number_text = f"{number:>2}" if item.choice is not MenuChoice.MENU else " "
                    self.out.print(f"  {number_text}  {item.key}  {item.label}", markup=False)
            elif choice in (MenuChoice.SAVE, MenuChoice.SAVE_AND_QUIT):
                if self.save(session) and choice is MenuChoice.SAVE_AND_QUIT:
                    return
            elif choice is MenuChoice.QUIT:
                if self.yes_no("Quit without saving? The game will be lost (y/n): "):
                    self.out.print("You leave the game.")
                    return
            elif choice is MenuChoice.HELP:
                decision = session.hint()
                render_move(self.out, "Hint: the best move is", decision.move, decision.reason)
                self.out.print("Press p to play it.", style="dim")
            elif choice is MenuChoice.PLAY_HINT:
                decision = session.hint()
                turn = session.play(decision.move)
                render_move(self.out, "You play the hint", decision.move, decision.reason)
                self.show_turn(turn, session)
            elif choice is MenuChoice.MOVES:
                render_moves(session.state, sorted_moves(session.state), self.out)
            elif choice is MenuChoice.HISTORY:
                self.show_history(session)
            elif choice is MenuChoice.UNDO:
                self.undo(session)
            elif human:
                self.human_move(session)
            else:
                self.computer_move(session)

    def computer_move(self, session: Session) -> None:
        self.out.print()
        decision = session.computer_decision()
        turn = session.play(decision.move)
        render_move(self.out, "The computer plays", decision.move, decision.reason)
        self.show_turn(turn, session)

    def play_human(self, session: Session, move: Move) -> bool:
        """Play the human's move, or say why the rules refuse it (False)."""
        try:
            turn = session.play(move)
        except IllegalMoveError as exc:
            self.out.print(Text(f"{capitalized(str(exc))}. Choose again.", style="yellow"))
            return False
        render_move(self.out, "You play", move)
        self.show_turn(turn, session)
        return True

    def human_move(self, session: Session) -> None:
        """Ask for a card, an action and the table items (or a whole move typed at any of
        these prompts) until the move is legal, or the player goes back to the menu."""
        move = self.asker.move(session.state, {"0": "menu", "menu": "menu"})
        if isinstance(move, Move):
            self.play_human(session, move)

    def show_history(self, session: Session) -> None:
        turns = session.round_history()
        if not turns:
            self.out.print("No move yet this round.")
            return
        self.out.print(Text(f"Round {session.state.round_number} so far:", style="bold"))
        for number, turn in enumerate(turns, 1):
            who = "You play" if turn.player is Player.HUMAN else "The computer plays"
            render_move(self.out, f"  {number}. {who}", turn.move)

    def undo(self, session: Session) -> None:
        """Take back the human's last move and the computer's reply, once the player
        agrees to make this a practice game."""
        if not session.can_undo:
            self.out.print(
                Text("You have made no move this round: nothing to take back.", style="yellow")
            )
            return
        if not session.practice and not self.yes_no(
            "Taking back a move makes this a practice game, and it is saved as one. "
            "Take it back (y/n)? "
        ):
            return
        taken = session.undo()
        self.out.print(
            f"Taken back: {', '.join(map(str, taken))}. A practice game: your moves can be "
            "taken back."
        )
        render_table(session.state, self.out, open_hands=self.open_hands)

    def save(self, session: Session) -> bool:
        """Ask for a file and save the game to it as a game file (the position, then the
        game's moves; the game goes on); False if the player went back."""
        while True:
            name = self.prompter.ask("Save the game to file (empty to go back): ").strip()
            if not name:
                return False
            if os.path.isdir(name):
                self.out.print(Text(f"{name} is a directory: give a file name.", style="yellow"))
                continue
            if os.path.exists(name) and not self.yes_no(
                f"{escape(name)} exists. Replace it (y/n)? "
            ):
                continue
            try:
                write_game_file(
                    session.state, session.log, name, session.level, practice=session.practice
                )
            except (OSError, CroupierError) as exc:
                self.out.print(Text(f"Cannot save to {name}: {_reason(exc, name)}", style="yellow"))
                continue
            self.out.print(
                f"Game saved to {name} (the position, then every move for the review). "
                f"Resume it with: croupier casino play --load {name}",
                markup=False,
            )
            return True

    # --- drawing ---------------------------------------------------------------------

    def show_round_start(self, state: State) -> None:
        human, computer = state.scores
        self.out.print()
        self.out.print(
            Text(
                f"Round {state.round_number}. Tournament scores: computer {computer}, "
                f"human {human}.",
                style="bold",
            )
        )
        render_table(state, self.out, open_hands=self.open_hands)

    def show_turn(self, turn: Turn, session: Session) -> None:
        if self.log_file is not None:
            self.keep_log(session.log)
        if turn.round_end is None:
            render_table(turn.state, self.out, open_hands=self.open_hands)
            return
        self.show_round_end(turn.round_end)
        if self.reviews and session.log.rounds:
            self.out.print()
            reviewed = self.review(session.log.rounds[-1])
            render_round_review(reviewed, self.out)
        if turn.round_end.tournament_over:
            self.show_winner(turn.round_end)
            self.show_summary(session, turn.round_end)
        else:
            starter = turn.state.next_player
            who = "You" if starter is Player.HUMAN else "The computer"
            self.out.print(f"{who} captured last and play{'s' if who != 'You' else ''} first.")
            self.prompter.ask(f"Press Enter for round {turn.state.round_number}: ")
            self.show_round_start(turn.state)

    def review(self, logged: LoggedRound) -> RoundReview:
        """The review of a round, as the player waits for it (kept for the summary), by
        the session's judge: the positions a hint was asked in are judged already."""
        number = logged.start.round_number
        if number not in self.round_reviews:
            judge = self.session.judge if self.session is not None else None
            moves = sum(1 for state, _ in logged.positions() if state.next_player is Player.HUMAN)
            with LazyProgress(self.out, moves, f"Reviewing round {number}") as progress:
                reviewed = review_round(logged, judge=judge, progress=progress)
            self.round_reviews[number] = reviewed
        return self.round_reviews[number]

    def show_summary(self, session: Session, end: RoundEnd) -> None:
        """The tournament in a few lines: the rounds and the score, the seed and, with the
        reviews on, the review's summary of the whole game."""
        human, computer = end.totals
        self.out.print()
        self.out.print(Text("The tournament", style="bold"))
        self.out.print(
            f"  {plural(end.state.round_number, 'round')}; final score: you {human}, "
            f"the computer {computer} ({(session.level).value} level)."
        )
        if self.reviews:
            rounds = tuple(
                reviewed
                for reviewed in (self.review(logged) for logged in session.log.rounds)
                if reviewed.moves
            )
            render_summary(GameReview(Player.HUMAN, rounds), self.out)
        if self.seed is not None:
            self.out.print(f"  Seed {self.seed}: {self.seed_command()}", markup=False)

    def keep_log(self, log: GameLog) -> None:
        """Write the game log to the ``--log`` file; a failure is reported once, and the
        log is no longer written."""
        assert self.log_file is not None
        try:
            write_log(log, self.log_file)
        except (OSError, CroupierError) as exc:  # a full disk; the folder gone meanwhile
            self.out.print(
                Text(
                    f"Cannot write the game log to {self.log_file}: {_reason(exc, self.log_file)}",
                    style="yellow",
                )
            )
            self.log_file = None

    def show_round_end(self, end: RoundEnd) -> None:
        state = end.state
        self.out.print()
        self.out.print(Text(f"Round {state.round_number} is over.", style="bold"))
        if end.leftover and state.last_capturer is not None:
            whose = "your" if state.last_capturer is Player.HUMAN else "the computer's"
            self.out.print(
                Text("The cards left on the table go to ")
                .append(f"{whose} pile (last capture): ")
                .append_text(pile_text(end.leftover))
            )
        for player in (Player.COMPUTER, Player.HUMAN):
            self.out.print(
                Text()
                .append(f"{player.label + ' pile:':<16}", style="bold")
                .append_text(pile_text(state.piles[player]))
            )
        render_score(end.score, end.totals, state.scores, self.out)

    def show_winner(self, end: RoundEnd) -> None:
        human, computer = end.totals
        if end.winner is None:
            line = f"The tournament is a tie, {human} to {computer}."
        elif end.winner is Player.HUMAN:
            line = f"You win the tournament, {human} to {computer}!"
        else:
            line = f"The computer wins the tournament, {computer} to {human}."
        self.out.print(Text(line, style="bold"))


def _menu_choice(text: str, items: Sequence[MenuItem]) -> MenuChoice:
    """A menu answer; an empty one makes a move (the choice numbered 2)."""
    return parse_menu_choice(text or "2", items)


def _new_or_resume(text: str) -> str:
    word = text.strip().lower() or "1"
    if word in ("1", "n", "new"):
        return "new"
    if word in ("2", "r", "resume"):
        return "resume"
    raise CroupierError(f"bad choice {text.strip()!r}: expected 1 (new) or 2 (resume)")


def _reason(exc: Exception, path: str | os.PathLike[str]) -> str:
    """Why ``path`` could not be read or written, without naming it again (the message
    follows ``... to PATH:``): an :class:`OSError` gives its reason alone, and a file's
    own error that starts with the path (:func:`croupier.textfile.write_atomic`'s, a bad
    line's ``PATH, line 3: ...``) is given without it."""
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    name = os.fspath(path)
    message = str(exc)
    for named in (f"{name}: ", f"{name!r}: ", f"{name}, "):
        if message.startswith(named):
            return message[len(named) :]
    return message
