"""Ranges kept by name and the presets: @name in every game's range text, the book's
rules, its file (round trip, atomic writes), and the presets against their sources."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from croupier.poker import Range, calculate
from croupier.poker.games import Game
from croupier.poker.hits.classifier import hits
from croupier.poker.ranges.holdem import RangeError
from croupier.poker.ranges.holdings import HoleRange
from croupier.poker.ranges.report import describe_range
from croupier.poker.ranges.saved import (
    MAX_SAVED,
    RangeBook,
    RangeFile,
    RangeNameError,
    book_path,
    check_name,
    presets,
    resolve,
    using_book,
)
from tests.slowness import patience

BOOK = (
    RangeBook()
    .with_range("btn", "22+, A2s+, KTs+", "holdem")
    .with_range("wide", "AA@50, KK", "omaha")
    .with_range("five", "AAKK", "omaha5")
    .with_range("short", "TT+, AK", "shortdeck")
)


# --- names and the syntax ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["btn", "BTN", "@btn", "a", "open-6max_utg2", "x" * 40])
def test_good_names(name: str) -> None:
    assert check_name(name) == name.removeprefix("@").lower()


@pytest.mark.parametrize("name", ["", "@", "2x", "-a", "a b", "a@b", "a.b", "x" * 41, "ä"])
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(RangeNameError, match="bad range name"):
        check_name(name)


@pytest.mark.parametrize(
    ("text", "expanded"),
    [
        ("@btn", "22+, A2s+, KTs+"),
        ("@btn, AKo@0", "22+, A2s+, KTs+, AKo@0"),
        ("QQ @btn", "QQ 22+, A2s+, KTs+"),
        ("0.5(@btn)", "0.5(22+, A2s+, KTs+)"),
        ("@BTN,@top5", "22+, A2s+, KTs+,5%"),
        # not names: weights, and @ inside a token
        ("AKs@50, JJ:0.5", "AKs@50, JJ:0.5"),
        ("AKs @50", "AKs @50"),
        ("a@btn", "a@btn"),
        ("@btn!", "@btn!"),
    ],
)
def test_names_stand_alone(text: str, expanded: str) -> None:
    assert BOOK.expand(text, "holdem") == expanded


@given(st.text(alphabet="AKQJT98765432soxy+-,:.%@ ()0123456789", max_size=30))
def test_a_text_without_a_name_is_given_back(text: str) -> None:
    # no letter after an @ (a name may be written in capitals): nothing to replace
    assume(not re.search("@[A-Za-z]", text))  # a name starts with a letter, any case
    with using_book(lambda: pytest.fail("no book is read for a text without a name")):
        assert resolve(text, "holdem") == text


def test_an_unknown_name_names_the_close_ones_and_the_games_it_is_in() -> None:
    with pytest.raises(RangeNameError) as error:
        BOOK.expand("@bnt", "holdem")
    assert str(error.value) == (
        "unknown range name '@bnt' in Texas hold'em: expected a saved range or a preset "
        "(close: @btn)"
    )
    with pytest.raises(RangeNameError, match=r"it is a range of Omaha$"):
        BOOK.expand("@wide", "holdem")
    with pytest.raises(RangeNameError, match="it is a range of Texas hold'em"):
        BOOK.expand("@sklansky-1-2", "omaha")


# --- every reader of range text, in every game --------------------------------------------


@pytest.mark.parametrize(
    ("game", "name", "text"),
    [
        (Game.HOLDEM, "btn", "22+, A2s+, KTs+"),
        (Game.OMAHA, "wide", "AA@50, KK"),
        (Game.OMAHA5, "five", "AAKK"),
        (Game.SHORTDECK, "short", "TT+, AK"),
        (Game.OMAHA, "top10", "10%"),
        (Game.HOLDEM, "open-6max-co", "26%"),
    ],
)
def test_every_reader_takes_a_name_in_every_game(game: Game, name: str, text: str) -> None:
    with using_book(BOOK):
        assert describe_range(f"@{name}", game).text == describe_range(text, game).text
        board = "Ks 7d 6c"
        named, plain = hits(f"@{name}", board=board, game=game), hits(text, board=board, game=game)
        assert (named.made, named.draws) == (plain.made, plain.draws)
        by_name = calculate([f"@{name}", "random"], board=board, game=game, trials=500, rng=3)
        by_text = calculate([text, "random"], board=board, game=game, trials=500, rng=3)
        assert by_name.players[0].equity == by_text.players[0].equity


def test_an_error_in_calc_names_the_player() -> None:
    with using_book(BOOK), pytest.raises(RangeNameError, match=r"^player 2: unknown range name"):
        calculate(["AA", "@nothing"])


def test_this_machines_file_is_the_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert book_path() == tmp_path / "croupier" / "poker-ranges.json"
    RangeFile(book_path()).write(BOOK)
    assert resolve("@btn", "holdem") == "22+, A2s+, KTs+"


# --- the book -------------------------------------------------------------------------------


def test_saving_checks_the_text_in_its_game_and_keeps_it_expanded() -> None:
    book = BOOK.with_range("CO", "@btn,  AKo@0", "holdem")
    assert book.find("co", "holdem") == "22+, A2s+, KTs+, AKo@0"
    assert book.without("btn", "holdem").find("co", "holdem") == "22+, A2s+, KTs+, AKo@0"
    assert book.with_range("btn", "AA", "holdem").find("btn", "holdem") == "AA"  # replaced
    with pytest.raises(RangeError, match="bad range token '2x'"):
        BOOK.with_range("x", "AK, 2x", "holdem")
    assert BOOK.with_range("x", "15%", "shortdeck").find("x", "shortdeck")  # its own order
    assert BOOK.with_range("x", "50%(AKs, AQs)", "shortdeck").find("x", "shortdeck")
    with pytest.raises(RangeError):
        BOOK.with_range("x", "AhKhQhJhTh", "omaha")  # five cards are no Omaha hand
    with pytest.raises(RangeNameError, match="'top15' is a preset of Omaha"):
        BOOK.with_range("TOP15", "AA", "omaha")
    with pytest.raises(RangeNameError, match="'sklansky-1-2' is a preset"):
        BOOK.without("sklansky-1-2", "holdem")
    with pytest.raises(RangeNameError, match=r"unknown range name '@bt'.*close: @btn"):
        BOOK.without("bt", "holdem")


def test_a_book_keeps_at_most_its_limit() -> None:
    book = RangeBook.from_dict(
        {"ranges": [{"name": f"r{n}", "game": "holdem", "text": "AA"} for n in range(MAX_SAVED)]}
    )
    assert len(book.saved) == MAX_SAVED
    assert len(book.with_range("r0", "KK", "holdem").saved) == MAX_SAVED  # a replacement
    with pytest.raises(RangeNameError, match="at most 1,000 ranges"):
        book.with_range("one-more", "KK", "holdem")


def test_text_and_data_round_trips() -> None:
    assert RangeBook.from_text(BOOK.to_text()) == BOOK
    assert RangeBook.from_dict(json.loads(json.dumps(BOOK.to_dict()))) == BOOK
    assert BOOK.merged(RangeBook().with_range("btn", "AA", "holdem")).find("btn", "holdem") == "AA"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("btn holdem", "line 1: 'btn holdem': expected NAME GAME TEXT"),
        ("# note\n\nbtn poker AA", "line 3: unknown game 'poker'"),
        ("btn holdem AA\nco holdem @bt", "line 2: unknown range name '@bt'"),
        ("2x holdem AA", "line 1: bad range name '2x'"),
    ],
)
def test_bad_lines_name_their_number(text: str, fragment: str) -> None:
    with pytest.raises(RangeNameError, match="^ranges " + fragment):
        RangeBook.from_text(text)


# --- the file -------------------------------------------------------------------------------


def test_the_file_round_trips_and_a_missing_one_is_empty(tmp_path: Path) -> None:
    store = RangeFile(tmp_path / "new" / "poker-ranges.json")
    assert store.read() == RangeBook()
    store.write(BOOK)
    assert store.read() == BOOK
    assert os.listdir(tmp_path / "new") == ["poker-ranges.json"]


def test_a_failed_write_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RangeFile(tmp_path / "poker-ranges.json")
    store.write(BOOK)
    before = store.path.read_bytes()

    def crash(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(RangeNameError, match=r"cannot write the saved ranges .No space left"):
        store.write(RangeBook())
    assert store.path.read_bytes() == before
    assert os.listdir(tmp_path) == ["poker-ranges.json"]  # no temporary file left


@pytest.mark.parametrize("content", ["{", "[]", '{"ranges": 3}', '{"ranges": [{"name": "2x"}]}'])
def test_a_bad_file_is_named(tmp_path: Path, content: str) -> None:
    path = tmp_path / "poker-ranges.json"
    path.write_text(content)
    with pytest.raises(RangeNameError, match=f"^{path}: not a book of ranges|bad range name"):
        RangeFile(path).read()


def test_a_range_without_a_field_is_named(tmp_path: Path) -> None:
    path = tmp_path / "poker-ranges.json"
    path.write_text('{"ranges": [{"name": "ok", "game": "holdem"}]}')  # was "('text')"
    with pytest.raises(RangeNameError, match="a range without 'text', expected name, game and"):
        RangeFile(path).read()


# --- the presets ------------------------------------------------------------------------------


def test_every_preset_reads_in_its_game_and_names_are_unique() -> None:
    seen: set[tuple[Game, str]] = set()
    for preset in presets():
        assert (preset.game, preset.name) not in seen and preset.description
        seen.add((preset.game, preset.name))
        if preset.game in (Game.HOLDEM, Game.SHORTDECK):
            assert len(Range.parse(preset.text)) > 0
        else:
            assert HoleRange.parse(preset.text, 4 if preset.game is Game.OMAHA else 5).count(0)
    assert {p.game for p in presets()} == {Game.HOLDEM, Game.OMAHA, Game.OMAHA5}


def test_the_computed_presets_are_their_top_percentage() -> None:
    computed = [p for p in presets() if p.computed]
    assert len(computed) == 5 + 8  # six-handed and full ring
    for preset in computed:
        assert Range.parse(preset.text) == Range.parse(preset.computed), preset.name
        assert preset.computed.rstrip("%") in preset.description


def test_opening_ranges_widen_towards_the_button() -> None:
    def size(name: str) -> int:
        return len(Range.parse(next(p.text for p in presets() if p.name == name)))

    for table, seats in (
        ("6max", ["utg", "hj", "co", "btn"]),
        ("9max", ["utg", "utg1", "utg2", "lj", "hj", "co", "btn"]),
    ):
        sizes = [size(f"open-{table}-{seat}") for seat in seats]
        assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
        assert size(f"open-{table}-sb") < size(f"open-{table}-btn")


def test_sklansky_malmuth_groups_as_published() -> None:
    # Hold'em Poker for Advanced Players (1999), the starting-hand groups:
    # group 1 AA, KK, QQ, JJ, AKs; group 2 TT, AQs, AJs, KQs, AK;
    # group 3 99, JTs, QJs, KJs, ATs, AQ
    group1 = "AA, KK, QQ, JJ, AKs"
    group2 = "TT, AQs, AJs, KQs, AKo"
    group3 = "99, JTs, QJs, KJs, ATs, AQo"
    found = {p.name: Range.parse(p.text) for p in presets() if p.name.startswith("sklansky")}
    assert found["sklansky-1-2"] == Range.parse(f"{group1}, {group2}")
    assert found["sklansky-1-3"] == Range.parse(f"{group1}, {group2}, {group3}")


def test_top_presets_are_the_orders() -> None:
    tops = [p for p in presets() if p.name.startswith("top")]
    assert {p.text for p in tops} == {f"{n}%" for n in (5, 10, 15, 20, 25, 30, 40, 50)}
    assert all(p.name == "top" + p.text.rstrip("%") for p in tops)


def test_changes_from_several_processes_at_once_are_all_kept(tmp_path: Path) -> None:
    # the terminal, a browser and a second server process saving at the same time
    path = tmp_path / "poker-ranges.json"
    script = (
        "import sys; from pathlib import Path; "
        "from croupier.poker.ranges.saved import RangeFile; "
        "store = RangeFile(Path(sys.argv[1])); "
        "[store.update(lambda b, n=n: b.with_range(f'{sys.argv[2]}{n}', 'AA', 'holdem')) "
        "for n in range(15)]"
    )
    writers = [
        subprocess.Popen([sys.executable, "-c", script, str(path), prefix]) for prefix in "abc"
    ]
    assert [writer.wait(timeout=patience(60)) for writer in writers] == [0, 0, 0]
    assert len(RangeFile(path).read().saved) == 45
