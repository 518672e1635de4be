"""The counting trainer's dialogue at the terminal: cards at the chosen pace (in flash
mode on show for a moment, then erased before the questions), the two questions timed, a
verdict for each answer, the session's score with its mistakes, and the user's history
(the drill itself is :class:`croupier.baccarat.trainer.Drill`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.control import Control
from rich.segment import ControlType
from rich.table import Table
from rich.text import Text

from croupier.baccarat.trainer import Answer, Drill, parse_running, parse_true
from croupier.baccarat.trainerlog import History, read_history, save_session, session_record
from croupier.cli.console import INTERRUPTED, Prompter, print_trimmed
from croupier.cli.render import card_text
from croupier.errors import CroupierError
from croupier.numerals import plural

__all__ = ["TrainerSession", "save_and_summarise", "show_history", "verdict"]


def _signed(value: float, decimals: int = 0) -> str:
    text = f"{value:+.{decimals}f}"
    return "0" if float(text) == 0 else text


def _history_table(title: str, first: tuple[str, ...]) -> Table:
    """A table of sessions: the ``first`` columns, then the questions asked, the running
    and true counts right, the accuracy and the seconds an answer."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE, padding=(0, 1), pad_edge=False)
    for column in (*first, "asked", "run", "true", "acc", "sec"):
        table.add_column(
            column, justify="left" if column in ("date", "count") else "right", no_wrap=True
        )
    return table


def verdict(answer: Answer) -> Text:
    """``Right: running -2, true -2.12.`` or what was wrong, with the right values."""
    expected = answer.expected
    if answer.running_right and answer.true_right:
        return Text(
            f"Right: running {_signed(expected.running)}, true {_signed(expected.true, 2)}.",
            style="green",
        )
    parts = []
    if not answer.running_right:
        parts.append(f"the running count is {_signed(expected.running)} (you said "
                     f"{_signed(answer.running)})")  # fmt: skip
    if not answer.true_right:
        said = "nothing" if answer.true is None else _signed(answer.true, 2)
        parts.append(f"the true count is {_signed(expected.true, 2)} (you said {said})")
    return Text("Wrong: " + "; ".join(parts) + ".", style="red")


class TrainerSession:
    """The dialogue of a drill: cards shown at the chosen pace, questions, verdicts.

    In flash mode (the drill's :attr:`~croupier.baccarat.trainer.Drill.flash`) each group
    stays on show for that many seconds after its last card, then its line is erased and
    replaced by ``Cards 1-10: hidden.`` before the questions. Erasing needs a terminal:
    when the output is not one (a pipe, a file) the cards stay printed and
    :meth:`introduce` says so. ``sleep`` waits (tests pass their own).
    """

    def __init__(
        self,
        drill: Drill,
        console: Console,
        speed: float,
        *,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.drill = drill
        self.console = console
        self.speed = speed
        self.sleep = sleep
        self.prompter = Prompter(console)

    def introduce(self) -> None:
        """Say what flash mode does here (nothing without flash mode)."""
        flash = self.drill.flash
        if flash is None:
            return
        if self.console.is_terminal:
            text = (
                f"Flash mode: each group of cards is on show for {flash:g} s, then hidden "
                "before the counts are asked."
            )
        else:
            text = (
                f"Flash mode ({flash:g} s): the output is not a terminal, so the cards "
                "cannot be hidden; they stay printed and are not timed."
            )
        self.console.print(text, markup=False)

    def run(self) -> int:
        """Deal and ask until the drill is over or input ends (exit code 0), or a signal
        stops it (Ctrl-C: 130; the command's exit code says which signal)."""
        code = 0
        try:
            while not self.drill.finished:
                if not self.drill.waiting:
                    self.show_cards()
                self.ask()
        except (EOFError, KeyboardInterrupt) as stop:
            self.console.print()
            self.console.print("Stopped: the answers so far are scored and kept.")
            code = INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0
        return code

    def show_cards(self) -> None:
        """The next group of cards, one at a time at the chosen pace on a terminal; in
        flash mode on a terminal, erased after the flash."""
        out = self.console
        first = self.drill.shown + 1
        group = self.drill.next_cards()
        head = f"Cards {first}-{self.drill.shown}: "
        texts = [card_text(card) for card in group]
        flash = self.drill.flash if out.is_terminal else None
        # Soft wrap: the terminal wraps the line, so its rows are known (to erase them).
        out.print(head, end="", soft_wrap=True)
        for index, text in enumerate(texts):
            last = index == len(texts) - 1
            # In flash mode the cursor stays on the cards' line, to erase it.
            end = "" if last and flash is not None else "\n" if last else " "
            out.print(text, end=end, soft_wrap=True)
            out.file.flush()
            if self.speed and out.is_terminal and not last:
                self.sleep(self.speed)
        if flash is not None:
            self.sleep(flash)
            width = cell_len(head) + sum(text.cell_len + 1 for text in texts) - 1
            self._erase(math.ceil(width / max(out.width, 1)))
            out.print(f"{head}hidden.", markup=False, soft_wrap=True)

    def _erase(self, rows: int) -> None:
        """Erase the ``rows`` terminal rows the cursor ends, leaving it at the start of the
        first."""
        codes: list[tuple[ControlType] | tuple[ControlType, int]] = [
            (ControlType.CARRIAGE_RETURN,),
            (ControlType.ERASE_IN_LINE, 2),
        ]
        for _ in range(rows - 1):
            codes += [(ControlType.CURSOR_UP, 1), (ControlType.ERASE_IN_LINE, 2)]
        self.console.control(Control(*codes))
        self.console.file.flush()

    def _ask_until(self, prompt: str, parse: type[int] | type[float]) -> float:
        reader = parse_running if parse is int else parse_true
        while True:
            try:
                return reader(self.prompter.ask(prompt))
            except CroupierError as exc:
                self.console.print(f"{exc}.", style="yellow", markup=False)

    def ask(self) -> None:
        """Ask for the running and the true count, timed, and say what was right."""
        drill = self.drill
        unseen = drill.shoe_size - drill.shown
        started = time.monotonic()
        running = int(self._ask_until("Running count? : ", int))
        prompt = f"True count ({plural(unseen, 'card')} = {unseen / 52:.1f} decks unseen)? : "
        true = self._ask_until(prompt, float)
        answer = drill.answer(running, true, seconds=time.monotonic() - started)
        self.console.print(verdict(answer))


def save_and_summarise(
    drill: Drill, user: str, seed: int | None, directory: Path | None, console: Console
) -> None:
    """The session's score and mistakes; the session added to the user's history."""
    score = drill.score()
    if not score.asked:
        console.print("No question answered: nothing to score or keep.")
        return
    console.print("Session summary", style="bold")
    console.print(
        f"  {plural(score.asked, 'question')}: running count {score.running_right} right, "
        f"true count {score.true_right} right: accuracy {100 * score.accuracy:.0f}%"
    )
    console.print(f"  Speed: {score.mean_seconds:.1f} s an answer")
    for mistake in score.mistakes:
        line = Text(f"  After card {mistake.cards_seen}: ")
        line.append_text(verdict(mistake))
        console.print(line)
    path = save_session(session_record(drill, seed=seed), user, directory)
    records = read_history(user, directory).records
    best = max(r.accuracy for r in records)
    console.print(
        f"Saved to {path} ({plural(len(records), 'session')}; best accuracy {100 * best:.0f}%).",
        markup=False,
    )


def show_history(history: History, user: str, console: Console, last: int = 20) -> None:
    """The user's ``last`` sessions as a table (oldest first), then every session added
    up, count by count: 30,000 sessions are a summary and a page, not 30,000 lines."""
    if not history.records:
        console.print(f"No sessions yet for {user} (kept in {history.path}).", markup=False)
        return
    shown = history.records[-last:]
    total = len(history.records)
    title = (
        f"Counting trainer: {user}'s sessions"
        if len(shown) == total
        else f"Counting trainer: {user}'s last {len(shown):,} sessions of {total:,} "
        "(--last N shows more)"
    )
    table = _history_table(title, ("date", "count", "cards", "every"))
    for r in shown:
        table.add_row(
            r.when.replace("T", " ")[:16],
            r.count,
            str(r.cards),
            str(r.every),
            str(r.asked),
            str(r.running_right),
            str(r.true_right),
            f"{100 * r.accuracy:.0f}%",
            f"{r.mean_seconds:.1f}",
        )
    print_trimmed(console, table)
    first, latest = history.records[0].when[:10], history.records[-1].when[:10]
    totals = _history_table(
        f"All {plural(total, 'session')}, {first} to {latest}", ("count", "sessions")
    )
    counts = history.counts
    for count in (*counts, None) if len(counts) > 1 else (None,):
        summary = history.summary(count)
        totals.add_row(
            count or "all",
            f"{summary.sessions:,}",
            f"{summary.asked:,}",
            f"{summary.running_right:,}",
            f"{summary.true_right:,}",
            f"{100 * summary.accuracy:.0f}%",
            f"{summary.mean_seconds:.1f}",
        )
    print_trimmed(console, totals)
    if history.skipped:
        console.print(
            f"{plural(history.skipped, 'line')} of {history.path} could not be read "
            "and were left out.",
            markup=False,
        )
