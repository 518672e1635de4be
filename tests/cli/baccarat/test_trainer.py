"""``croupier baccarat trainer`` driven with scripted answers."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console

from croupier.baccarat import trainer as library
from croupier.baccarat.trainer import Drill
from croupier.cards import Card
from croupier.cli.baccarat import trainer as command
from croupier.cli.baccarat.drill import TrainerSession
from croupier.cli.render import card_text

from ..helpers import assert_one_line_error, croupier


@pytest.fixture(autouse=True)
def history_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path))
    return tmp_path


def right_answers(seed: int, cards: int, every: int, count: str = "dragon-7") -> str:
    drill = Drill.new(count, cards=cards, every=every, rng=seed)
    lines = []
    while not drill.finished:
        drill.next_cards()
        expected = drill.expected()
        lines += [str(expected.running), f"{expected.true:.1f}"]
        drill.answer(expected.running, expected.true, seconds=0)
    return "\n".join(lines) + "\n"


def test_a_perfect_session_is_scored_and_kept(history_dir: Path) -> None:
    answers = right_answers(7, 25, 10)
    run = croupier("baccarat", "trainer", "--cards", "25", "--every", "10", "--seed", "7",
                   "--speed", "0", "--user", "ana", input=answers)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert out.startswith("Counting trainer: Jacobson Dragon 7 count (2,3=0 4,5,6,7=-1")
    assert "25 cards from a shoe of 8 decks, a question every 10. Seed 7" in out
    assert out.count("Right: running") == 3
    assert "Cards 21-25:" in out
    assert "3 questions: running count 3 right, true count 3 right: accuracy 100%" in out
    assert f"Saved to {history_dir / 'ana.jsonl'} (1 session; best accuracy 100%)." in out
    history = croupier("baccarat", "trainer", "--history", "--user", "ana")
    assert "Counting trainer: ana's sessions" in history.stdout
    assert "dragon-7" in history.stdout and "100%" in history.stdout


def test_mistakes_are_shown_with_the_right_counts() -> None:
    run = croupier("baccarat", "trainer", "--cards", "10", "--every", "10", "--seed", "4",
                   "--speed", "0", "--user", "ben", input="99\nx\n99\n")  # fmt: skip
    drill = Drill.new("dragon-7", cards=10, every=10, rng=4)
    drill.next_cards()
    running = drill.expected().running
    assert f"Wrong: the running count is {running:+d}".replace("+0", "0") in run.stdout
    assert "bad true count 'x': expected a number" in run.stdout
    assert "accuracy 0%" in run.stdout
    assert "After card 10: Wrong:" in run.stdout


def test_stopping_early_keeps_the_answers(history_dir: Path) -> None:
    answers = right_answers(3, 40, 10).splitlines()[:2]
    run = croupier("baccarat", "trainer", "--cards", "40", "--seed", "3", "--speed", "0",
                   "--user", "cy", input="\n".join(answers) + "\n")  # fmt: skip
    assert run.exit_code == 0
    assert "Stopped: the answers so far are scored and kept." in run.stdout
    assert "1 question: running count 1 right" in run.stdout
    assert (history_dir / "cy.jsonl").read_text().count("\n") == 1


def test_no_answer_keeps_nothing(history_dir: Path) -> None:
    run = croupier("baccarat", "trainer", "--seed", "3", "--user", "dee", "--speed", "0")
    assert "No question answered: nothing to score or keep." in run.stdout
    assert not (history_dir / "dee.jsonl").exists()


def test_an_eor_count() -> None:
    run = croupier("baccarat", "trainer", "--count", "eor-panda-8", "--cards", "5",
                   "--every", "5", "--seed", "1", "--speed", "0", input=right_answers(
                       1, 5, 5, "eor-panda-8"))  # fmt: skip
    assert "effect-of-removal count for panda-8" in run.stdout
    assert "accuracy 100%" in run.stdout


@pytest.mark.parametrize(
    ("options", "fragments"),
    [
        (["--count", "hi-lo"], ["unknown count 'hi-lo'"]),
        (["--cards", "60", "--decks", "1"], ["bad --cards 60: a 1-deck shoe holds 52 cards"]),
        (["--cards", "5", "--every", "6"], ["bad --every 6: more than the 5 cards dealt"]),
        (["--speed", "11"], ["bad --speed '11'"]),
        (["--flash", "0"], ["bad --flash '0': expected above 0 and up to 10 seconds"]),
        (["--flash", "10.5"], ["bad --flash '10.5': expected above 0 and up to 10"]),
        (["--flash", "soon"], ["bad --flash 'soon'"]),
        (["--flash"], ["--flash"]),
        (["--user", "../x"], ["bad user name '../x'"]),
    ],
)
def test_bad_options_exit_2(options: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("baccarat", "trainer", *options), *fragments)


def _many_sessions(history_dir: Path, sessions: int) -> None:
    line = (
        '{"accuracy": 0.75, "asked": 4, "cards": 20, "count": "%s", "decks": 8, '
        '"every": 5, "mean_seconds": 2.0, "running_right": 3, "seed": 1, "true_right": 3, '
        '"when": "2026-01-%02dT10:00:00"}\n'
    )
    with (history_dir / "ana.jsonl").open("w", encoding="utf-8") as out:
        for number in range(sessions):
            count = "panda-8" if number % 3 == 0 else "dragon-7"
            out.write(line % (count, 1 + number * 28 // sessions))


def test_a_long_history_is_a_page_and_a_summary(history_dir: Path) -> None:
    """30,000 sessions printed 30,000 lines (in 44 s): now the last 20 and the totals."""
    _many_sessions(history_dir, 30_000)
    run = croupier("baccarat", "trainer", "--history", "--user", "ana")
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) < 40, run.stdout
    assert "ana's last 20 sessions of 30,000 (--last N shows more)" in run.stdout
    assert sum(line.startswith(" 2026-01-28 10:00") for line in lines) == 20
    assert "All 30,000 sessions, 2026-01-01 to 2026-01-28" in run.stdout
    totals = {line.split()[0]: line.split()[1:] for line in lines if line.startswith(" ")}
    assert totals["all"] == ["30,000", "120,000", "90,000", "90,000", "75%", "2.0"]
    assert totals["panda-8"][0] == "10,000" and totals["dragon-7"][0] == "20,000"


def test_last_lists_more_and_needs_history(history_dir: Path) -> None:
    _many_sessions(history_dir, 50)
    run = croupier("baccarat", "trainer", "--history", "--user", "ana", "--last", "45")
    assert "ana's last 45 sessions of 50" in run.stdout
    every = croupier("baccarat", "trainer", "--history", "--user", "ana", "--last", "50")
    assert "Counting trainer: ana's sessions" in every.stdout
    assert_one_line_error(croupier("baccarat", "trainer", "--last", "5"), "add --history")


def pretty(cards: tuple[Card, ...]) -> list[str]:
    return [card_text(card).plain for card in cards]


def flash_session(
    monkeypatch: pytest.MonkeyPatch, answers: str, *, width: int, speed: float = 0
) -> str:
    """A flash-mode drill of 10 cards (two groups of 5, seed 6) on a terminal ``width``
    columns wide, answered with ``answers``: what the terminal received, each wait written
    into it as ``<wait S>`` where it happened."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=width, color_system=None)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    drill = Drill.new("dragon-7", cards=10, every=5, rng=6, flash=0.25)

    def wait(seconds: float) -> None:
        out.write(f"<wait {seconds:g}>")

    session = TrainerSession(drill, console, speed, sleep=wait)
    session.introduce()
    assert session.run() == 0
    return out.getvalue()


def test_flash_mode_hides_the_cards_before_the_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    drill = Drill.new("dragon-7", cards=10, every=5, rng=6)
    out = flash_session(monkeypatch, right_answers(6, 10, 5), width=80)
    assert out.startswith("Flash mode: each group of cards is on show for 0.25 s, then hidden")
    for number, first in enumerate((1, 6)):
        shown = out.index(f"Cards {first}-{first + 4}: ")
        hidden = out.index(f"Cards {first}-{first + 4}: hidden.")
        question = out.index("Running count?", shown)
        cards = out[shown:hidden]
        # The group, on show for the flash, then its line erased, and only then the question.
        group = drill.cards[5 * number : 5 * number + 5]
        assert cards.startswith(f"Cards {first}-{first + 4}: " + " ".join(pretty(group)))
        assert cards.endswith("<wait 0.25>\r\x1b[2K")
        assert "\n" not in cards  # one row: nothing above it to erase
        assert shown < hidden < question
    assert out.count("Right: running") == 2


def test_flash_mode_erases_every_row_of_a_wrapped_group(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Cards 1-5: " and "9♠ 8♦ 10♦ 2♥ 6♥" make 27 cells: 3 rows of a 10-column terminal.
    out = flash_session(monkeypatch, "0\n0\n", width=10, speed=0.5)
    cards = out[out.index("Cards 1-5: ") : out.index("Cards 1-5: hidden.")]
    assert cards.startswith("Cards 1-5: 9♠ <wait 0.5>8♦ <wait 0.5>10♦")
    assert "\n" not in cards  # the terminal wraps the line, not the program
    assert cards.count("<wait 0.5>") == 4  # the pace between the five cards
    assert cards.endswith("<wait 0.25>\r\x1b[2K\x1b[1A\x1b[2K\x1b[1A\x1b[2K")


def test_flash_mode_without_a_terminal_says_the_cards_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_waiting(seconds: float) -> None:
        raise AssertionError(f"waited {seconds} s with no terminal to hide the cards on")

    monkeypatch.setattr("time.sleep", no_waiting)
    run = croupier("baccarat", "trainer", "--cards", "5", "--every", "5", "--seed", "6",
                   "--flash", "1.5", input=right_answers(6, 5, 5))  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert (
        "Flash mode (1.5 s): the output is not a terminal, so the cards cannot be hidden; "
        "they stay printed and are not timed." in run.stdout
    )
    drill = Drill.new("dragon-7", cards=5, every=5, rng=6)
    assert "Cards 1-5: " + " ".join(pretty(drill.cards)) in run.stdout
    assert "hidden." not in run.stdout and "accuracy 100%" in run.stdout


def test_the_flash_bound_is_the_library_s() -> None:
    assert command.MAX_FLASH == library.MAX_FLASH


@pytest.mark.parametrize("option", [False, True])
def test_a_history_that_cannot_be_saved_is_refused_before_the_drill(
    history_dir: Path, tmp_path_factory: pytest.TempPathFactory, option: bool
) -> None:
    """The default path (here $CROUPIER_TRAINER_DIR) gets the check --history-dir gets:
    a history file that is a directory stops the command before a card is dealt."""
    folder = tmp_path_factory.mktemp("given") if option else history_dir
    (folder / "t9.jsonl").mkdir()
    chosen = ("--history-dir", str(folder)) if option else ()
    run = croupier("baccarat", "trainer", "--user", "t9", "--speed", "0", "--cards", "10",
                   "--seed", "1", *chosen, input="0\n0\n")  # fmt: skip
    assert_one_line_error(run, f"cannot save sessions to {folder / 't9.jsonl'}: a directory")
    assert "Cards 1-10" not in run.stdout
