"""The Casino review page as a learner meets it (headless Chromium): a game with two
mistakes reviewed, the jumps to the next and previous mistake, then "learn from your
mistakes": a wrong move, the best one, the solution shown."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from croupier.casino.learn import exercises
from croupier.casino.review import review_game
from tests.slowness import patience
from tests.web.test_casino_review import game_file, mistaken_game

pytestmark = pytest.mark.browser

Shot = Callable[..., Path]


def pick(page: Any, card: str, items: list[str], action: str) -> None:
    """Put a move together on the exercise's table and send it."""
    page.click(f"#hand [data-card='{card}']")
    for key in items:
        page.click(f"#table-items [data-key='{key}']")
    button = page.locator(f"#learn-actions [data-action='{action}']")
    expect(button).to_have_attribute("data-legal", "true")
    button.click()


def judged(page: Any) -> None:
    page.wait_for_function(
        "() => document.body.dataset.judging === 'false'", timeout=patience(60) * 1000
    )


def review_the_mistakes(page: Any, tmp_path: Path) -> None:
    """Open the review page on the game of :func:`mistaken_game`, reviewed."""
    saved = tmp_path / "mistakes.txt"
    saved.write_text(game_file()["text"], encoding="utf-8")
    page.goto("/casino/review")
    page.set_input_files("#review-file", str(saved))
    page.wait_for_function(
        "() => document.body.dataset.reviewed === 'true'", timeout=patience(120) * 1000
    )


def test_learn_from_your_mistakes(browser_page: Any, tmp_path: Path, screenshot: Shot) -> None:
    page = browser_page
    review_the_mistakes(page, tmp_path)
    log = mistaken_game()
    library = exercises(log, review_game(log))
    assert [e.review.number for e in library] == [1, 3]  # the game's moves 1 and 3
    # Next and previous mistake: buttons and keys.
    expect(page.locator("#step-counter")).to_have_text("1 / 3")
    expect(page.locator("#previous-mistake")).to_be_disabled()
    page.click("#next-mistake")
    expect(page.locator("#step-counter")).to_have_text("3 / 3")
    expect(page.locator("#verdict")).to_contain_text("blunder")
    expect(page.locator("#next-mistake")).to_be_disabled()
    page.keyboard.press("p")
    expect(page.locator("#step-counter")).to_have_text("1 / 3")
    expect(page.locator("#verdict")).to_contain_text("inaccuracy")
    page.keyboard.press("n")
    expect(page.locator("#step-counter")).to_have_text("3 / 3")
    page.click("#previous-mistake")
    expect(page.locator("#step-counter")).to_have_text("1 / 3")

    # The loop: each mistake in turn, on the table.
    expect(page.locator("#learn-start")).to_have_text("Learn from your mistakes (2 exercises)")
    page.click("#learn-start")
    expect(page.locator("#learn-progress")).to_have_text("Exercise 1 of 2")
    expect(page.locator("#learn-task")).to_have_text(library[0].task)
    # The position as the player saw it: their hand, the table, the opponent's backs.
    state = library[0].state
    assert page.locator("#hand button").count() == len(state.hand(state.next_player))
    assert page.locator("#computer-hand .card.back").count() == 4
    # A wrong move: try again, with what it lost and its error.
    wrong = library[0].check("capture S5 H5")
    pick(page, "S5", ["H5"], "capture")
    judged(page)
    result = page.locator("#learn-result")
    expect(result).to_contain_text("Try again")
    expect(result).to_contain_text(f"loses {wrong.loss.points:.2f} ± ")
    expect(page.locator("#learn-next")).to_be_hidden()
    # The best move: solved, and why.
    best = library[0].check("build H3 S2")
    assert best.solved
    pick(page, "H3", ["S2"], "build")
    judged(page)
    expect(result).to_contain_text("Solved")
    expect(result).to_contain_text(f"Why: {best.reason}.")
    screenshot(page, "casino-learn", docs=True)
    page.click("#learn-next")
    expect(page.locator("#learn-progress")).to_have_text("Exercise 2 of 2")
    expect(page.locator("#learn-task")).to_contain_text("a blunder")
    # The solution shown instead: the best move picked on the table, the reason given.
    page.click("#learn-solution")
    expect(result).to_contain_text(f"The best move: {library[1].review.best.describe('pretty')}")
    expect(page.locator("#hand [data-card='H3']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#learn-next")).to_have_text("Finish")
    page.click("#learn-next")
    expect(page.locator("#review-progress")).to_have_text("Exercises done: 1 of 2 solved.")
    expect(page.locator("#review-zone")).to_be_visible()
    expect(page.locator("#step-counter")).to_have_text("3 / 3")


def test_stop_drops_an_answer_on_its_way(browser_page: Any, tmp_path: Path) -> None:
    """Stopping (or moving on) while the judge rates an answer: its word, when it comes,
    is not shown."""
    page = browser_page
    review_the_mistakes(page, tmp_path)
    page.click("#learn-start")
    held: list[Any] = []
    answers = re.compile(r".*/api/casino/answers/.*")
    page.route(answers, lambda route: held.append(route))  # the judge's word held on its way
    pick(page, "S5", ["H5"], "capture")
    expect(page.locator("#learn-result")).to_contain_text("The judge is rating your move")
    page.wait_for_function("() => document.body.dataset.judging === 'true'")
    while not held:
        page.wait_for_timeout(20)
    page.click("#learn-skip")
    expect(page.locator("#learn-progress")).to_have_text("Exercise 2 of 2")
    page.unroute(answers)
    for route in held:
        route.continue_()
    page.wait_for_function(
        "() => document.body.dataset.dropped === '1'", timeout=patience(60) * 1000
    )
    expect(page.locator("#learn-result")).to_have_text("")
    expect(page.locator("#learn-progress")).to_have_text("Exercise 2 of 2")
    expect(page.locator("#hand button").first).to_be_enabled()
