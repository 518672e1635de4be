"""The Casino page as a person meets it: a whole round played by clicking, the review,
an illegal choice explained, a save downloaded and loaded back (headless Chromium)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import expect

from croupier.casino import Coin, Player, State, toss_coin, toss_winner
from croupier.casino.gamelog import format_game_file, read_game_file
from croupier.casino.levels import Level
from croupier.casino.moves import Action
from croupier.casino.review import review_game
from croupier.casino.savefile import read_game
from croupier.casino.session import Session
from tests.slowness import patience
from tests.web.test_casino import LOOK_AHEAD_SEEDS, hold_the_judge

pytestmark = pytest.mark.browser

Shot = Callable[..., Path]


def settle(page: Any) -> None:
    """Wait until the page has played out the last answer (the computer's moves)."""
    page.wait_for_function(
        "() => document.body.dataset.busy === 'false'", timeout=patience(60) * 1000
    )


def new_game(page: Any, level: str) -> None:
    page.goto("/casino")
    page.select_option("#level", level)
    page.click("#call-heads")
    expect(page.locator("#toss-text")).to_contain_text("The coin shows ")
    settle(page)


def api_state(page: Any) -> Any:
    return page.request.get("/api/casino").json()


def richest(moves: list[Any]) -> Any:
    """The legal move that uses the most table items (to click builds and captures)."""
    return max(moves, key=lambda move: (len(move["items"]), move["action"] != "trail"))


def click_move(page: Any, move: Any, before: Callable[[], object] | None = None) -> None:
    """Click the move's card, its table items and its action (``before`` runs just before
    the action)."""
    page.click(f"#hand [data-card='{move['card']}']")
    for index in move["items"]:
        page.click(f"#table-items [data-index='{index}']")
    button = page.locator(f"#move-actions [data-action='{move['action']}']")
    assert button.get_attribute("data-legal") == "true"
    if before is not None:
        before()
    button.click()
    settle(page)


def test_a_whole_round_through_the_page(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    new_game(page, "beginner")
    expect(page.locator("#level-badge")).to_have_text("beginner")
    # Before a card is picked, the table is not clickable; after, only what a legal move
    # of that card uses is.
    data = api_state(page)
    table = page.locator("#table-items button")
    assert table.count() == len(data["position"]["table"])
    assert all(table.nth(i).is_disabled() for i in range(table.count()))
    card = data["position"]["hand_keys"][0]
    page.click(f"#hand [data-card='{card}']")
    reach = {i for m in data["position"]["legal"] if m["card"] == card for i in m["items"]}
    enabled = {i for i in range(table.count()) if table.nth(i).is_enabled()}
    assert enabled == reach
    # An illegal choice is explained with the rule's sentence.
    page.click("#move-actions [data-action='capture']")
    expect(page.locator("#move-error")).to_contain_text("a capture must take something")
    page.click("#clear-choice")
    # The hint picks the expert's move and says why.
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("Why: ")
    page.click("#clear-choice")
    moves = 0
    shot = False
    while page.locator("#round-panel").is_hidden():
        position = api_state(page)["position"]
        move = richest(position["legal"])
        # The docs' picture: a move with two table items or more chosen, cards in hand.
        telling = not shot and len(move["items"]) >= 2 and len(position["hand"]) >= 2
        if telling or (not shot and moves == 20):
            shot = True
            click_move(page, move, lambda: screenshot(page, "casino", docs=True))
        else:
            click_move(page, move)
        moves += 1
        assert moves <= 24
    assert moves == 24  # the human's 24 cards of the round
    expect(page.locator("#round-title")).to_have_text("Round 1 is over")
    expect(page.locator(".score-table")).to_contain_text("Round points")
    counted = page.locator(".score-table").inner_text() + page.locator("body").inner_text()
    for number, noun in re.findall(r"\b(\d+) (cards?)\b", counted):  # it said "1 cards"
        assert (number == "1") == (noun == "card"), (number, noun)
    expect(page.locator(".review h3")).to_have_text("Review of round 1: your moves")
    assert page.locator(".review-table tr").count() == 25  # a row per move, and the head
    expect(page.locator(".review .note")).to_contain_text("Accuracy ")
    expect(page.locator("#computer-move")).to_contain_text("Why: ")
    screenshot(page, "casino-review", docs=True)


def test_save_and_load_back(browser_page: Any, tmp_path: Path) -> None:
    page = browser_page
    new_game(page, "casual")
    data = api_state(page)
    click_move(page, richest(data["position"]["legal"]))
    before = api_state(page)["position"]
    with page.expect_download() as download:
        page.click("#save-game")
    saved = tmp_path / "casino-game.txt"
    download.value.save_as(saved)
    game = read_game(saved)
    assert game.level is Level.CASUAL and game.state.round_number == 1
    # Something else first, then the saved game loaded back.
    new_game(page, "expert")
    page.set_input_files("#load-file", str(saved))
    expect(page.locator("#toss-text")).to_contain_text(
        "Resumed casino-game.txt at the casual level"
    )
    settle(page)
    assert api_state(page)["position"] == before
    expect(page.locator("#level-badge")).to_have_text("casual")


def test_a_bad_save_shows_the_line_at_fault(browser_page: Any, tmp_path: Path) -> None:
    page = browser_page
    new_game(page, "beginner")
    bad = tmp_path / "bad.txt"
    bad.write_text("Round: 1\nComputer:\n   Score: x\n")
    page.set_input_files("#load-file", str(bad))
    expect(page.locator("#game-error")).to_contain_text(
        "bad.txt, line 3: the file ends before the computer's Hand:"
    )


def test_take_back_the_move_list_and_the_legal_moves(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    new_game(page, "casual")
    assert page.locator("#undo").is_disabled()
    data = api_state(page)
    # the computer's move, if it led: the DOM's text, which layout does not split into lines
    opening = " ".join((page.locator("#move-list").text_content() or "").split())
    if not data["history"]:
        assert opening == "No move yet in round 1."
    # The legal-move list holds every legal move; a click picks it on the table.
    page.click("#legal-panel summary")
    buttons = page.locator("#legal-list .legal-move")
    assert buttons.count() == len(data["position"]["legal"])
    move = richest(data["position"]["legal"])
    page.click(f"#legal-list [data-notation='{move['notation']}']")
    button = page.locator(f"#move-actions [data-action='{move['action']}']")
    assert button.get_attribute("data-legal") == "true"
    button.click()
    settle(page)
    played = api_state(page)
    mine = [entry for entry in played["history"] if entry["player"] == "human"]
    assert [entry["notation"] for entry in mine] == [move["notation"]]
    assert played["history"][: len(data["history"])] == data["history"]
    expect(page.locator("#move-list")).to_contain_text(move["notation"])
    screenshot(page, "casino-history", docs=True)
    # Taken back: the position before the move, a practice game.
    page.click("#undo")
    expect(page.locator("#toss-text")).to_contain_text("Taken back: ")
    settle(page)
    back = api_state(page)
    assert back["position"] == data["position"] and back["practice"]
    expect(page.locator("#practice-note")).to_contain_text("a practice game")
    expect(page.locator("#move-list")).to_have_text(opening)
    assert back["history"] == data["history"]


def test_save_one_file_then_review_it_step_by_step(
    browser_page: Any, tmp_path: Path, screenshot: Shot
) -> None:
    page = browser_page
    new_game(page, "beginner")
    for _ in range(3):
        click_move(page, richest(api_state(page)["position"]["legal"]))
    with page.expect_download() as download:
        page.click("#save-game")
    saved = tmp_path / "casino-game.txt"
    download.value.save_as(saved)
    game = read_game_file(saved)
    assert game.log is not None and game.log.current == game.state  # one file holds all
    # The review page reviews that one file: a step per move, both players'.
    page.goto("/casino/review")
    page.set_input_files("#review-file", str(saved))
    page.wait_for_function(
        "() => document.body.dataset.reviewed === 'true'", timeout=patience(120) * 1000
    )
    steps = game.log.moves
    expect(page.locator("#step-counter")).to_have_text(f"1 / {steps}")
    expect(page.locator("#summary")).to_contain_text("Accuracy")
    # The accuracy says of how many moves, as the terminal does; a dot is drawn "best"
    # exactly when the judge counts the move as good as the best.
    expect(page.locator("#summary")).to_contain_text(
        re.compile(r"\d+ of \d+ moves? as good as the best; \d+ forced")
    )
    assert page.locator("#graph .dot").count() == 3  # the human's three moves
    judged = read_game_file(saved)
    assert judged.log is not None
    review = review_game(judged.log)
    best = sum(move.is_best for move in review.moves)
    assert page.locator("#graph .dot.best").count() == best
    first = str(game.log.rounds[0].moves[0])
    expect(page.locator("#verdict")).to_contain_text(f"({first})")
    page.click("#next")
    expect(page.locator("#step-counter")).to_have_text(f"2 / {steps}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-counter")).to_have_text(f"3 / {steps}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#step-counter")).to_have_text(f"1 / {steps}")
    # A click on the graph jumps to the move; the best move is drawn when it differs.
    page.locator("#graph .dot").nth(2).click()
    human = [i for i, step in enumerate(_steps(game)) if step == "human"]
    expect(page.locator("#step-counter")).to_have_text(f"{human[2] + 1} / {steps}")
    expect(page.locator("#verdict")).to_contain_text("You play")
    assert page.locator(".replay-item.played").count() >= 1
    screenshot(page, "casino-replay", docs=True)
    page.keyboard.press("End")
    expect(page.locator("#step-counter")).to_have_text(f"{steps} / {steps}")


def _steps(game: Any) -> list[str]:
    """Who played each move of the game, in order."""
    return [
        before.next_player.key for logged in game.log.rounds for before, _ in logged.positions()
    ]


def test_a_puzzle_solved_on_the_table(browser_page: Any, screenshot: Shot) -> None:
    from croupier.casino.puzzles import load_puzzles

    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    page = browser_page
    page.goto("/casino/puzzles")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    shown = page.request.get("/api/casino/puzzles").json()["puzzle"]
    puzzle = puzzles[shown["id"]]
    expect(page.locator("#puzzle-id")).to_have_text(puzzle.id)
    # No list of the legal moves to click: the move is found on the table.
    assert page.locator(".legal-move").count() == 0
    assert page.locator("#hand button").count() == len(puzzle.state.hand(puzzle.player))
    # The piles' contents, their cards and spades, and the last capturer are shown.
    mine = puzzle.state.piles[puzzle.player]
    spades = sum(card.suit.name == "SPADES" for card in mine)
    counted = f"{len(mine)} card{'s' * (len(mine) != 1)}, {spades} spade{'s' * (spades != 1)}"
    expect(page.locator("#my-pile-counts")).to_have_text(counted)
    assert page.locator("#my-pile-cards .card").count() == len(mine)
    expect(page.locator("#last-capturer")).to_contain_text(
        "no capture yet" if puzzle.state.last_capturer is None else "last capturer: "
    )
    # A pick the rules refuse is explained with the rule's sentence and does not count.
    page.click(f"#hand [data-card='{shown['hand_keys'][0]}']")
    page.click("#move-actions [data-action='capture']")
    expect(page.locator("#puzzle-error")).to_contain_text("a capture must take something")
    expect(page.locator("#record")).to_contain_text("0 of 0 solved")
    expect(page.locator("#puzzle-id")).to_have_text(puzzle.id)
    page.click("#clear-choice")
    # The solution, picked as in a game, solves it.
    solution = next(m for m in shown["legal"] if m["notation"] == str(puzzle.solutions[0]))
    click_move(page, solution)
    expect(page.locator("#verdict")).to_contain_text("Solved: the best move.")
    expect(page.locator("#verdict")).to_contain_text("Why: ")
    expect(page.locator("#record")).to_contain_text("1 of 1 solved")
    # The solution stays picked on the table; nothing more can be picked.
    pressed = page.locator(f"#hand [data-card='{solution['card']}']")
    expect(pressed).to_have_attribute("aria-pressed", "true")
    assert all(b.is_disabled() for b in page.locator("#move-actions .action").all())
    screenshot(page, "casino-puzzle", docs=True)
    page.click("#next-puzzle")
    expect(page.locator("#puzzle-id")).not_to_have_text(puzzle.id)
    # A legal move that is not the best is a wrong answer, rated as one.
    following = page.request.get("/api/casino/puzzles").json()["puzzle"]
    solutions = {str(move) for move in puzzles[following["id"]].solutions}
    wrong = next(m for m in following["legal"] if m["notation"] not in solutions)
    click_move(page, wrong)
    expect(page.locator("#verdict")).to_contain_text("Not the best: ")
    expect(page.locator("#record")).to_contain_text("1 of 2 solved")
    screenshot(page, "casino-puzzle-wrong")


# --- the judge's words, later; a new round's first position -------------------------------


def seeded_new_games(page: Any, seed: int) -> None:
    """The page's next new games start from ``seed`` (the page itself sends none)."""

    def with_seed(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/casino/new", with_seed)


#: A seed whose coin toss, called heads, the human wins (the human plays first).
HUMAN_STARTS = next(
    seed
    for seed in range(100)
    if toss_winner(Coin.HEADS, toss_coin(np.random.default_rng(seed))) is Player.HUMAN
)


def test_the_computer_s_whole_reason_comes_later(
    browser_page: Any, monkeypatch: pytest.MonkeyPatch, screenshot: Shot
) -> None:
    """The computer's move is shown at once with the judge's plain words while its
    look-ahead is worked out (held here); the whole reason is drawn when it comes. A
    reason that comes after the game moved on (a new game) is dropped."""
    page = browser_page
    release = hold_the_judge(monkeypatch)  # the live server runs in this process
    try:
        event = None
        for seed in LOOK_AHEAD_SEEDS:
            seeded_new_games(page, seed)
            new_game(page, "strong")  # answered and played out, the judge still held
            later = [e for e in api_state(page)["events"] if e["kind"] == "move"]
            if later and later[0]["reason_job"]:
                event = later[0]
                break
        assert event is not None, "no seed of LOOK_AHEAD_SEEDS left a reason for later"
        why = page.locator("#computer-move .why")
        expect(why).to_contain_text(f"Why: {event['reason']}.")
        expect(why.locator(".judging")).to_have_text(" The judge is looking ahead…")
        screenshot(page, "casino-reason-to-come")
    finally:
        release.set()
    expect(why).to_have_attribute("data-judged", "true")
    job = page.request.get(f"/api/casino/judging/{event['reason_job']}").json()
    (whole,) = job["result"]["reasons"]
    assert whole["reason"] != event["reason"] and whole["reason"].startswith(event["reason"])
    expect(why).to_have_text(f"Why: {whole['reason']}.")
    # Held again, then a new game before the reason comes: the stale reason is dropped.
    release.clear()
    try:
        new_game(page, "strong")
        stale = next(e for e in api_state(page)["events"] if e["kind"] == "move")["reason_job"]
        assert stale is not None  # the same seed: the same move, its reason to come
        page.unroute("**/api/casino/new")
        # another new game while it is held, one the human starts: no reason of its own
        seeded_new_games(page, HUMAN_STARTS)
        page.click("#call-heads")
        settle(page)
    finally:
        release.set()
    # The stale job ends: cancelled when the new game's request asked it to stop while
    # it was held, or done (CI saw it once on a clean clone; why the new game did not
    # flag it is not known). Either way the page, on the new game, never draws its words
    # (the new game's toss goes to the human: it has no reason of its own to draw).
    deadline = time.monotonic() + patience(30)
    while (state := page.request.get(f"/api/casino/judging/{stale}").json()["state"]) in (
        "waiting",
        "running",
    ) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert state in ("cancelled", "done")
    page.wait_for_timeout(500)  # the page's next poll has come and gone
    expect(page.locator("#computer-move .why[data-judged='true']")).to_have_count(0)


def last_deal(wanted: Callable[[State], bool]) -> str:
    """The game file of the first position of round 1 that ``wanted`` accepts, in a
    beginner game played by first legal moves from a seed (the first seed that has one)."""
    for seed in range(500):
        session = Session.new(Player.HUMAN if seed % 2 else Player.COMPUTER, rng=seed,
                              level=Level.BEGINNER)  # fmt: skip
        while session.state.round_number == 1:
            if wanted(session.state):
                return format_game_file(session.state, session.log, Level.BEGINNER)
            session.play(session.state.legal_moves()[0])
    raise AssertionError("no game reached such a position")


def computer_trails_its_last_card(state: State, human_cards: int) -> bool:
    """The last deal, the computer to move with its last card, which can only trail; the
    human captured last and holds ``human_cards`` cards."""
    return (
        not state.deck
        and state.next_player is Player.COMPUTER
        and len(state.hands[Player.COMPUTER]) == 1
        and len(state.hands[Player.HUMAN]) == human_cards
        and state.last_capturer is Player.HUMAN
        and all(move.action is Action.TRAIL for move in state.legal_moves())
    )


def test_a_new_round_shows_no_move_of_the_last_as_its_own(
    browser_page: Any, tmp_path: Path, screenshot: Shot
) -> None:
    """When a round ends and the human leads the next, the page says so: the computer's
    move that ended the round is named as round 1's last, and the move shown by the
    answer before is not left on show as if it were round 2's."""
    page = browser_page
    page.goto("/casino")

    def load(name: str, human_cards: int) -> None:
        saved = tmp_path / name
        saved.write_text(last_deal(lambda state: computer_trails_its_last_card(state, human_cards)))
        page.set_input_files("#load-file", str(saved))
        expect(page.locator("#toss-text")).to_contain_text(f"Resumed {name}")
        settle(page)

    load("computer-ends.txt", 0)  # the computer ends round 1; the human leads round 2
    expect(page.locator("#round-number")).to_have_text("2")
    banner = page.locator("#computer-move")
    expect(banner).to_contain_text("Round 1's last move: The computer plays")
    expect(page.locator("#move-list")).to_have_text("No move yet in round 2.")
    screenshot(page, "casino-new-round")
    # The computer's last card, then the human's ends round 1: nothing of round 2 played.
    load("human-ends.txt", 1)
    expect(page.locator("#computer-move")).to_contain_text("The computer plays")
    expect(page.locator("#computer-move")).not_to_contain_text("last move")
    click_move(page, api_state(page)["position"]["legal"][0])
    expect(page.locator("#round-title")).to_have_text("Round 1 is over")
    expect(page.locator("#round-number")).to_have_text("2")
    expect(page.locator("#computer-move")).to_be_hidden()
    expect(page.locator("#move-list")).to_have_text("No move yet in round 2.")
