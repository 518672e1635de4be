"""The poker page's range tools and analyses as a person uses them, in headless Chromium:
dragging across the grid, the top-X% slider, presets and saved ranges, each hand's equity,
the distribution, the next card, the exports, seeds typed back, what a range hits; and
answers that come late (a newer question asked, another game chosen) dropped."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from croupier.poker import Range, calculate
from croupier.poker.calc.nextcard import next_card
from croupier.poker.hits.categories import MadeHand
from croupier.poker.hits.classifier import flop_hits, hits
from croupier.poker.hits.textures import FlopTexture
from croupier.poker.ranges.saved import presets
from tests.web.test_late_answers import after_the_late_answer, late

pytestmark = pytest.mark.browser
expect = pytest.importorskip(
    "playwright.sync_api", reason="browser tests: Playwright is missing: pip install playwright"
).expect

Shot = Callable[..., Path]


def open_grid(page: Any, player: int, text: str) -> None:
    page.goto("/poker")
    page.fill(f"#hole-{player}", text)
    page.click(f"#grid-toggle-{player}")
    expect(page.locator("#range-picker")).to_be_visible()


def drag(page: Any, first: str, last: str) -> None:
    page.locator("#range-grid").scroll_into_view_if_needed()  # the pointer stays on the page
    start = page.locator(f"[data-hand='{first}']").bounding_box()
    end = page.locator(f"[data-hand='{last}']").bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()


def test_drag_across_the_grid_sets_many_hands(browser_page: Any) -> None:
    page = browser_page
    open_grid(page, 1, "")
    expect(page.locator("#range-picker-title")).to_contain_text("empty: a random hand")
    drag(page, "AKs", "A8s")  # along the top row: AKs AQs AJs ATs A9s A8s
    expect(page.locator("#hole-1")).to_have_value("A8s+")
    drag(page, "AJs", "ATs")  # AJs is in: the drag takes hands out
    expect(page.locator("#hole-1")).to_have_value("AQs+, A9s-A8s")
    drag(page, "AKo", "A9o")  # down the first column: the offsuit aces
    wanted = Range.parse("AKs, AQs, A9s, A8s, A9o+")
    expect(page.locator("#range-picker-title")).to_contain_text(f"{len(wanted)} combos")
    expect(page.locator("[data-hand='A9o']")).to_have_attribute("aria-pressed", "true")
    assert Range.parse(page.input_value("#hole-1")) == wanted


def test_the_slider_takes_the_top_of_the_order(browser_page: Any) -> None:
    page = browser_page
    open_grid(page, 2, "AA")
    page.locator("#top-percent").fill("20")
    expect(page.locator("#hole-2")).to_have_value(str(Range.parse("20%")))
    expect(page.locator("#top-percent-value")).to_have_text("20")
    expect(page.locator("#range-picker-title")).to_contain_text("270 combos")
    assert "three random hands" in page.inner_text("#top-percent-order")


def test_a_late_answer_about_the_old_range_does_not_overwrite_the_new(browser_page: Any) -> None:
    # the grid opened on AA asks about AA; its answer comes after the slider's (as it may on
    # a loaded server) and must not draw AA's grid over the top 20%
    page = browser_page
    page.add_init_script(late("/api/poker/range"))  # the grid's first question: AA
    open_grid(page, 2, "AA")
    page.locator("#top-percent").fill("20")
    expect(page.locator("#range-picker-title")).to_contain_text("270 combos")
    after_the_late_answer(page)
    expect(page.locator("#range-picker-title")).to_contain_text("270 combos")
    expect(page.locator("#hole-2")).to_have_value(str(Range.parse("20%")))


def test_presets_and_ranges_saved_on_the_server(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    # a range an older page kept in this browser's storage moves to the server
    page.evaluate("localStorage.setItem('croupier.poker.ranges', '{\"Old one\": \"JJ+\"}')")
    open_grid(page, 1, "")
    expect(page.locator("#saved-ranges option[value='saved:old-one']")).to_have_count(1)
    assert page.evaluate("localStorage.getItem('croupier.poker.ranges')") is None
    page.select_option("#saved-ranges", value="preset:sklansky-1-2")
    assert "Hold'em Poker for Advanced Players" in page.inner_text("#range-source")
    # the chosen name is not cut: the selector is wider than its text (and its arrow)
    text_width = page.locator("#saved-ranges").evaluate(
        """s => { const c = document.createElement("canvas").getContext("2d");
                  c.font = getComputedStyle(s).font;
                  return c.measureText(s.selectedOptions[0].text).width; }"""
    )
    assert page.locator("#saved-ranges").bounding_box()["width"] >= text_width + 24
    assert "the pairs (outlined" in page.inner_text("#range-grid-key")
    page.click("#load-range")
    expect(page.locator("#hole-1")).to_have_value(str(Range.parse("TT+, AJs+, KQs, AKo")))
    page.fill("#hole-1", "QQ+, AK")
    page.fill("#range-name", "My-3bet")
    page.click("#save-range")
    expect(page.locator("#saved-ranges")).to_have_value("saved:my-3bet")
    page.reload()
    page.click("#grid-toggle-1")
    expect(page.locator("#saved-ranges option[value='saved:my-3bet']")).to_have_count(1)
    page.select_option("#saved-ranges", value="saved:my-3bet")
    page.click("#load-range")
    expect(page.locator("#hole-1")).to_have_value("QQ+, AK")
    # the name in a box, and the calculator reads it (the server keeps this browser's)
    page.fill("#hole-1", "AKs")
    page.fill("#hole-2", "@my-3bet")
    page.click("#calculate")
    expect(page.locator(".equity-table td.equity").first).to_be_visible()
    expected = calculate(["AKs", "QQ+, AK"], exact=True)
    shown = page.locator(".equity-table td.equity").first.inner_text()
    assert f"{100 * expected.players[0].equity:.2f}%" in shown
    page.select_option("#saved-ranges", value="saved:my-3bet")
    page.click("#delete-range")
    expect(page.locator("#saved-ranges option[value='saved:my-3bet']")).to_have_count(0)
    # a file of ranges, as croupier poker ranges export writes it, imported
    exported = b"# croupier poker ranges\nbb-defend holdem 22+, A2+, K2s+\n"
    page.set_input_files(
        "#import-ranges", files=[{"name": "r.txt", "mimeType": "text/plain", "buffer": exported}]
    )
    expect(page.locator("#saved-ranges option[value='saved:bb-defend']")).to_have_count(1)


def test_a_named_omaha_range_saved_reloaded_and_used(browser_page: Any, screenshot: Shot) -> None:
    """Omaha has no range grid: the named ranges are under the boxes in every game. A range
    saved from Player 1's box, after a reload, goes into Player 2's, and the calculator's
    equity is the library's for the same texts."""
    page = browser_page
    page.goto("/poker")
    page.select_option("#game", "omaha")
    expect(page.locator("#grid-toggle-1")).to_be_hidden()
    expect(page.locator("#saved-ranges")).to_have_attribute("data-game", "omaha")
    expect(page.locator("#saved-ranges option[value='preset:top15']")).to_have_count(1)
    saved = "QdQcJdTc, QhQsJhTh"
    page.fill("#hole-1", saved)
    expect(page.locator("#named-player")).to_have_value("1")  # the box used last
    page.fill("#range-name", "my-wrap")
    page.click("#save-range")
    expect(page.locator("#saved-ranges")).to_have_value("saved:my-wrap")
    # a name the library refuses: its one line, from the server
    page.fill("#range-name", "9lives")
    page.click("#save-range")
    expect(page.locator("#range-source")).to_contain_text("9lives")
    page.reload()
    page.select_option("#game", "omaha")
    expect(page.locator("#saved-ranges option[value='saved:my-wrap']")).to_have_count(1)
    page.fill("#hole-1", "AsAhKsKh")
    page.select_option("#named-player", "2")
    page.select_option("#saved-ranges", value="saved:my-wrap")
    expect(page.locator("#range-source")).to_contain_text(f"@my-wrap = {saved}")
    page.click("#load-range")
    expect(page.locator("#hole-2")).to_have_value(saved)
    page.fill("#board", "2c 7d 9h")
    page.check("input[name=method][value=exact]")
    page.click("#calculate")
    expect(page.locator(".equity-table td.equity").first).to_be_visible()
    expected = calculate(["AsAhKsKh", saved], board="2c 7d 9h", game="omaha", exact=True)
    cells = page.locator(".equity-table td.equity")
    for i, player in enumerate(expected.players):
        assert f"{100 * player.equity:.2f}%" in cells.nth(i).inner_text()
    screenshot(page, "poker-named-ranges-omaha", full_page=False, part="#named-ranges")
    page.select_option("#saved-ranges", value="saved:my-wrap")
    page.click("#delete-range")
    expect(page.locator("#saved-ranges option[value='saved:my-wrap']")).to_have_count(0)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_every_named_range_reads_whole_on_a_phone(
    browser_page: Any, screenshot: Shot, game: str
) -> None:
    """At 390 px each option's label fits the selector (text and arrow) and the selector
    its box; the chosen range's whole text and what it is are in the hint below."""
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/poker")
    page.select_option("#game", game)
    select = page.locator("#saved-ranges")
    expect(select).to_have_attribute("data-game", game)  # the game's list, not the last one
    expect(select.locator("option").first).to_be_attached()
    widths = select.evaluate(
        """s => { const c = document.createElement("canvas").getContext("2d");
                  c.font = getComputedStyle(s).font;
                  return [...s.options].map((o) => [o.text, c.measureText(o.text).width]); }"""
    )
    box = select.bounding_box()
    for text, width in widths:
        assert width + 24 <= box["width"], f"{text!r} is cut in a {box['width']}px selector"
    outer = page.locator("#named-ranges").bounding_box()
    assert outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"]
    longest = max(
        (p for p in presets() if p.game.value == game), key=lambda p: len(p.text + p.description)
    )
    select.select_option(value=f"preset:{longest.name}")
    hint = page.locator("#range-source")
    expect(hint).to_contain_text(f"@{longest.name} = {longest.text}")
    expect(hint).to_contain_text(longest.description[1:])  # its first letter a capital
    hint_box = hint.bounding_box()
    assert hint_box["x"] + hint_box["width"] <= outer["x"] + outer["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, f"poker-named-ranges-phone-{game}", part="#named-ranges")


def test_analyses_of_a_flop_answer_and_its_exports(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    ranges, board = ["AKs, QQ, 76s", "JJ+, AQo"], "Qh 7h 2c"
    page.fill("#hole-1", ranges[0])
    page.fill("#hole-2", ranges[1])
    page.fill("#board", board)
    page.click("#calculate")
    page.wait_for_selector("#analysis:not([hidden])")
    expected = calculate(ranges, board=board)
    player = expected.players[0]
    cell = page.locator("#class-grid [data-hand='AKs']")
    tip = cell.get_attribute("title")
    grid = (player.grid, player.grid_win, player.grid_tie)
    figures = [f"{100 * g.ravel()[1]:.1f}%" for g in grid]
    assert tip == f"AKs (ace-king suited): equity {figures[0]}, win {figures[1]}, tie {figures[2]}"
    assert page.locator("#class-grid [data-hand='72o']").get_attribute("aria-label") == (
        "72o, not in the range"
    )
    assert "of the range above 50% equity" in page.inner_text("#distribution .legend")
    page.click("#next-card")
    page.wait_for_selector("#next-result svg")
    table = next_card(ranges, board=board)
    assert page.locator("#next-result .next-bar").count() == len(table.cards)
    key = page.inner_text("#next-result .legend")  # each player's colour named
    for number, equity in enumerate(table.equity, 1):
        assert f"Player {number}: {100 * equity:.1f}% now" in key
    labels = page.locator("#next-result .card-label").all_text_contents()
    assert "10" not in labels and "T" in labels  # "10" ran into its neighbours
    page.locator("#class-grid [data-hand='AKs']").hover()
    screenshot(page, "poker-analysis", docs=True)
    page.click("#next-result summary")
    first = page.locator("#next-result tbody tr").first.locator("td").all_inner_texts()
    assert first == [f"{100 * table.cards[0].chance:.2f}%"] + [
        f"{100 * e:.2f}%" for e in table.cards[0].equity
    ]
    with page.expect_download() as info:
        page.click("#export-json")
    data = json.loads(Path(info.value.path()).read_text())
    assert [p["equity"] for p in data["players"]] == [p.equity for p in expected.players]
    assert len(data["next_card"]["cards"]) == len(table.cards)
    with page.expect_download() as info:
        page.click("#export-csv")
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text())))
    assert rows[0] == ["board", "dead", "method", "exact", "games", "seed"]
    assert rows[1][:2] == ["Qh 7h 2c", ""]
    assert rows[3][:3] == ["player", "range", "combos"] and rows[4][1] == "QQ, AKs, 76s"
    assert float(rows[4][3]) == pytest.approx(player.equity)
    assert rows[7][0] == "card" and len(rows) == 8 + len(table.cards)


def test_a_long_seed_shows_every_digit_and_repeats_its_run(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "AKs")
    page.fill("#hole-2", "QQ")
    page.check("input[value=monte-carlo]")
    page.fill("#trials", "20000")
    seed = "1131868720833396469"
    page.fill("#seed", seed)
    page.click("#calculate")
    page.wait_for_selector(".seed-line")
    assert page.inner_text(".seed-value") == seed
    assert f"(seed {seed})" in page.inner_text(".equity-table caption")
    expected = calculate(["AKs", "QQ"], trials=20_000, rng=int(seed))
    shown = page.locator(".equity-table td.equity").first.inner_text()
    assert f"{100 * expected.players[0].equity:.2f}%" in shown
    page.fill("#seed", "")
    page.click("#calculate")
    expect(page.locator(".seed-value")).not_to_have_text(seed)
    drawn = page.inner_text(".seed-value")
    first = page.locator(".equity-table td.equity").first.inner_text()
    page.click(".seed-line button")  # use the seed the server drew
    assert page.input_value("#seed") == drawn
    page.click("#calculate")
    expect(page.locator("#calculate")).to_be_enabled()
    expect(page.locator(".seed-value")).to_have_text(drawn)
    assert page.locator(".equity-table td.equity").first.inner_text() == first
    again = calculate(["AKs", "QQ"], trials=20_000, rng=int(drawn))
    assert f"{100 * again.players[0].equity:.2f}%" in first


def test_what_a_range_hits(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-2", "QQ+, AK, 98s")
    page.fill("#board", "Ks 7d 2c")
    page.select_option("#hits-player", "2")
    page.click("#hits-form button[type=submit]")
    page.wait_for_selector("#hits-result table")
    expected = hits("QQ+, AK, 98s", board="Ks 7d 2c")
    sets = page.locator("#hits-result tr", has_text="set").first.locator("td").all_inner_texts()
    assert sets == ["3", "9.68%"] and expected.made[MadeHand.SET] == 3
    assert "on Ks 7d 2c, 31 live combos; 87.1% make a pair or better" in page.inner_text(
        "#hits-result > p"
    )
    page.click("#hits-result summary")
    assert page.locator("#hits-result .hits-hands li").count() == len(expected.combos)
    page.fill("#board", "")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-result > p")).to_contain_text("over every flop")
    every = flop_hits("QQ+, AK, 98s")
    assert f"{100 * every.pair_or_better:.1f}% make a pair or better" in page.inner_text(
        "#hits-result > p"
    )
    expect(page.locator("#hits-progress-line")).to_be_hidden()
    screenshot(page, "poker-hits", docs=True)


def test_what_a_range_hits_on_monotone_flops(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "AKs, QQ")
    page.select_option("#hits-suits", "monotone")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-result > p")).to_contain_text("over every flop that is monotone")
    expected = flop_hits("AKs, QQ", texture=FlopTexture.parse("monotone"))
    assert expected.boards == 1144
    text = page.inner_text("#hits-result > p")
    assert "(1,144 flops;" in text
    assert f"{100 * expected.pair_or_better:.1f}% make a pair or better" in text
    rows = page.locator("#hits-result table").first.locator("tbody tr")
    shown = {
        rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").first.inner_text()
        for i in range(rows.count())
    }
    assert shown["flush"] == f"{expected.made[MadeHand.FLUSH]:.2f}" != "0.00"
    page.select_option("#hits-high", "A")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-result > p")).to_contain_text("monotone, ace high (264 flops;")
    screenshot(page, "poker-hits-texture")
    page.fill("#board", "Ks 7d 2c")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-error")).to_contain_text("give no board")


def test_a_hits_question_too_long_for_the_server_is_refused_with_what_to_do(
    browser_page: Any, screenshot: Shot
) -> None:
    """A random five-card Omaha range over every flop (many minutes of a worker) is
    refused on the page with the server's one line: how long, and what to do instead."""
    page = browser_page
    page.goto("/poker")
    page.select_option("#game", "omaha5")
    page.fill("#hole-1", "")
    page.click("#hits-form button[type=submit]")
    error = page.locator("#hits-error")
    expect(error).to_contain_text("would take at least")
    expect(error).to_contain_text("give a smaller range, a board or a texture")
    expect(page.locator("#hits-progress-line")).to_be_hidden()
    screenshot(page, "poker-hits-too-long", part="section.hits")


def test_every_flop_shows_its_progress_and_a_newer_question_supersedes_it(
    browser_page: Any, screenshot: Shot
) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "")  # random, with a dead card: every combo on its flops, seconds
    page.fill("#dead", "2c")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-progress-text")).to_contain_text(" of 1,275")
    screenshot(page, "poker-hits-progress")
    page.fill("#hole-1", "AK")
    page.fill("#board", "Ks 7d 3c")
    page.click("#hits-form button[type=submit]")  # while the flops still run
    expect(page.locator("#hits-result > p")).to_contain_text("on Ks 7d 3c, 2c dead")
    page.wait_for_timeout(1500)  # the first job's end (cancelled) has been seen by now
    expect(page.locator("#hits-result > p")).to_contain_text("on Ks 7d 3c, 2c dead")
    expect(page.locator("#hits-error")).to_have_text("")
    expect(page.locator("#hits-progress-line")).to_be_hidden()


def test_a_late_hits_answer_does_not_overwrite_a_newer_one(browser_page: Any) -> None:
    page = browser_page
    page.add_init_script(late("/api/poker/hits"))  # the first: on Ks 7d 2c
    page.goto("/poker")
    page.fill("#hole-1", "QQ+, AK")
    page.fill("#board", "Ks 7d 2c")
    page.click("#hits-form button[type=submit]")
    page.fill("#board", "9h 8h 2c")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-result > p")).to_contain_text("on 9h 8h 2c")
    after_the_late_answer(page)
    expect(page.locator("#hits-result > p")).to_contain_text("on 9h 8h 2c")
    overpairs = hits("QQ+, AK", board="9h 8h 2c").made[MadeHand.OVERPAIR]
    row = page.locator("#hits-result tr", has_text="overpair").first.locator("td")
    assert row.first.inner_text() == f"{overpairs:g}"


def test_a_late_comparison_does_not_overwrite_a_newer_one(browser_page: Any) -> None:
    page = browser_page
    page.add_init_script(late("/api/poker/compare"))
    page.goto("/poker")
    page.click("#compare-form button[type=submit]")  # the example line, answered late
    page.fill("#compare-line", "As Ks Qs Js Ts ; 2c 2d 2h 2s 3c")
    page.click("#compare-form button[type=submit]")
    expect(page.locator("#compare-result .verdict")).to_contain_text("Hand 1")
    after_the_late_answer(page)
    expect(page.locator("#compare-result h3").first).to_contain_text("straight flush")


def test_a_late_next_card_table_is_dropped_once_a_newer_answer_is_shown(
    browser_page: Any,
) -> None:
    page = browser_page
    page.add_init_script(late("/api/poker/next", ms=2500))
    page.goto("/poker")
    page.fill("#hole-1", "AKs")
    page.fill("#hole-2", "QQ")
    page.fill("#board", "Qh 7h 2c")
    page.click("#calculate")
    page.wait_for_selector("#analysis:not([hidden])")
    page.click("#next-card")  # its table comes late
    page.fill("#board", "Qh 7h 2c 9d")
    page.click("#calculate")
    expect(page.locator("#next-card")).to_have_text("Next card: equity by river card")
    after_the_late_answer(page)  # the turn table for the flop
    expect(page.locator("#next-result")).to_be_empty()
    expect(page.locator("#next-progress-line")).to_be_hidden()
    # the table asked now is the answer's (a turn's river cards), whatever the form says
    page.fill("#board", "")
    page.click("#next-card")
    page.wait_for_selector("#next-result svg")
    table = next_card(["AKs", "QQ"], board="Qh 7h 2c 9d")
    assert table.street == "river"
    assert page.locator("#next-result .next-bar").count() == len(table.cards)


def test_answers_still_to_come_are_dropped_when_the_game_changes(browser_page: Any) -> None:
    page = browser_page
    page.add_init_script(late("/api/poker/equity"))
    page.add_init_script(late("/api/poker/hits"))
    page.add_init_script(late("/api/poker/range", nth=2))  # the first is the grid's AA
    open_grid(page, 2, "AA")
    page.locator("#top-percent").fill("20")  # the slider's range comes late
    page.click("#hits-form button[type=submit]")  # so does what player 1's hand hits
    page.click("#calculate")  # and the calculation
    page.wait_for_timeout(300)
    page.select_option("#game", "omaha")
    after_the_late_answer(page, 3)
    expect(page.locator("#hole-1")).to_have_value("AsAhKsKh")
    expect(page.locator("#hole-2")).to_have_value("random")
    expect(page.locator("#equity-result")).to_be_empty()
    expect(page.locator("#hits-result")).to_be_empty()
    expect(page.locator("#calculate")).to_be_enabled()
    expect(page.locator("#progress-line")).to_be_hidden()
    page.click("#calculate")  # the page still works, in the new game
    expect(page.locator("#equity-result .hole-cards [data-code='As']")).to_be_visible()


def test_the_analyses_fit_a_phone(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/poker")
    page.fill("#board", "Qh 7h 2c")
    page.click("#calculate")
    page.wait_for_selector("#analysis:not([hidden])")
    page.click("#grid-toggle-1")
    screenshot(page, "poker-analysis-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def test_narrowing_by_what_a_range_hits_then_the_turn(browser_page: Any, screenshot: Shot) -> None:
    """Tick categories in the hits table: the kept combos light up in the grid, "use as
    the range" puts the narrowed text in the player's field, and the calculator runs with
    it on the turn."""
    from croupier.poker.hits.narrow import narrow

    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "QQ+, AK@50, 98s, 76s")
    page.fill("#hole-2", "JJ")
    page.fill("#board", "Ks 7d 2c")
    page.click("#hits-form button[type=submit]")
    page.wait_for_selector("#hits-result .narrow-keep")
    page.check("#hits-result input[aria-label='Keep set']")
    page.check("#hits-result input[aria-label='Keep top pair, good kicker']")
    expected = narrow(
        "QQ+, AK@50, 98s, 76s", board="Ks 7d 2c", keep=["set", "top pair, good kicker"]
    )
    expect(page.locator("#narrow-text")).to_have_text(expected.text)
    assert expected.text == "KK, AK@50"
    expect(page.locator("#narrow-status")).to_have_text(
        f"Kept: {expected.count} combos of {expected.of} ({expected.weight:g} of "
        f"{expected.of_weight:g} weighted)."
    )
    assert (expected.count, expected.of, expected.weight, expected.of_weight) == (15, 34, 9, 28)
    # the kept classes light up; the others do not
    expect(page.locator("#narrow-grid .narrow-cell.kept")).to_have_count(3)  # KK, AKs, AKo
    assert page.locator("#narrow-grid .narrow-cell.kept").all_inner_texts() == ["AKs", "AKo", "KK"]
    # 76s pairs the 7: middle pair; ticked, then unticked
    page.check("#hits-result input[aria-label='Keep middle pair']")
    widened = narrow(
        "QQ+, AK@50, 98s, 76s",
        board="Ks 7d 2c",
        keep=["set", "top pair, good kicker", "middle pair"],
    )
    expect(page.locator("#narrow-text")).to_have_text(widened.text)
    page.uncheck("#hits-result input[aria-label='Keep middle pair']")
    expect(page.locator("#narrow-text")).to_have_text(expected.text)
    screenshot(page, "poker-narrow", docs=True)
    page.click("#narrow-use")
    expect(page.locator("#hole-1")).to_have_value(expected.text)
    expect(page.locator("#narrow-status")).to_contain_text("deal the next card")
    # deal the turn and run the calculator with the narrowed range
    page.fill("#board", "Ks 7d 2c 3h")
    page.click("#equity-form button[type=submit]")
    expect(page.locator("#equity-result table")).to_be_visible()
    result = calculate([expected.text, "JJ"], board="Ks 7d 2c 3h", exact=True)
    first = page.locator("#equity-result tbody tr").first.inner_text()
    assert "KK, AK@50" in first and f"{100 * result.players[0].equity:.2f}" in first, first
    screenshot(page, "poker-narrow-turn", docs=True)
