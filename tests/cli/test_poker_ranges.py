"""``croupier poker ranges`` end to end: save, list, show, delete, export and import, the
names used by calc, hits and range, JSON, and bad input in one line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from croupier.poker.ranges.saved import RangeFile, book_path, presets

from .helpers import assert_one_line_error, croupier


@pytest.fixture(autouse=True)
def data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The saved ranges in a scratch data folder, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "croupier" / "poker-ranges.json"


def test_save_list_show_delete(data_home: Path) -> None:
    run = croupier("poker", "ranges", "save", "BTN", "22+, A2s+, @sklansky-1-2")
    assert run.exit_code == 0, run.stderr
    assert run.stdout == "Saved @btn (Texas hold'em): 22+, A2s+, TT+, AJs+, KQs, AKo\n"
    assert book_path() == data_home and RangeFile(data_home).read().find("btn", "holdem")
    croupier("poker", "ranges", "save", "wide", "AA@50, KK", "--game", "omaha")
    listed = croupier("poker", "ranges", "list", "--saved").stdout.splitlines()
    assert listed[0].split() == ["name", "game", "range", "kind"]
    assert listed[1].split()[:2] == ["@btn", "holdem"] and listed[2].split()[:2] == [
        "@wide",
        "omaha",
    ]
    every = json.loads(croupier("poker", "ranges", "list", "--json").stdout)["ranges"]
    assert len(every) == 2 + len(presets())
    assert every[0] == {
        "name": "btn",
        "game": "holdem",
        "text": "22+, A2s+, TT+, AJs+, KQs, AKo",
        "preset": False,
        "about": "",
    }
    omaha = json.loads(croupier("poker", "ranges", "list", "--game", "omaha", "--json").stdout)
    assert {r["game"] for r in omaha["ranges"]} == {"omaha"}
    shown = croupier("poker", "ranges", "show", "@wide", "--game", "omaha", "--json").stdout
    assert json.loads(shown) == {"name": "wide", "game": "omaha", "text": "AA@50, KK"}
    preset = croupier("poker", "ranges", "show", "open-6max-utg").stdout
    assert preset.startswith("@open-6max-utg (Texas hold'em): 77+")
    assert croupier("poker", "ranges", "delete", "btn").stdout == "Deleted @btn (Texas hold'em)\n"
    assert [r.name for r in RangeFile(data_home).read().saved] == ["wide"]


def test_every_command_reads_the_names() -> None:
    croupier("poker", "ranges", "save", "mine", "QQ+, AK")
    calc = croupier("poker", "calc", "@mine", "@top10", "--board", "Ks 7d 2c", "--json")
    assert calc.exit_code == 0, calc.stderr
    plain = croupier("poker", "calc", "QQ+, AK", "10%", "--board", "Ks 7d 2c", "--json")
    assert json.loads(calc.stdout)["players"] == json.loads(plain.stdout)["players"]
    hits = croupier("poker", "hits", "@mine", "--board", "Ks 7d 2c", "--json")
    assert (
        hits.stdout == croupier("poker", "hits", "QQ+, AK", "--board", "Ks 7d 2c", "--json").stdout
    )
    shown = croupier("poker", "range", "@top15", "--game", "omaha5")
    assert shown.stdout.startswith("Range: 15% (five-card Omaha)") or "15%" in shown.stdout


def test_export_and_import(tmp_path: Path, data_home: Path) -> None:
    croupier("poker", "ranges", "save", "a", "AA")
    croupier("poker", "ranges", "save", "b", "AAKK", "--game", "omaha")
    text = croupier("poker", "ranges", "export").stdout
    assert text.splitlines()[1:] == ["a holdem AA", "b omaha AAKK"]
    out = tmp_path / "ranges.txt"
    assert croupier("poker", "ranges", "export", str(out)).stdout == f"Exported 2 ranges to {out}\n"
    assert out.read_text() == text
    data = json.loads(croupier("poker", "ranges", "export", "--json").stdout)
    assert [r["name"] for r in data["ranges"]] == ["a", "b"]
    data_home.unlink()
    assert croupier("poker", "ranges", "import", str(out)).stdout == "Imported 2 ranges\n"
    assert croupier("poker", "ranges", "export").stdout == text
    piped = croupier("poker", "ranges", "import", "-", input="c holdem @a, KK\n")
    assert piped.stdout == "Imported 1 range\n", piped.stderr
    assert croupier("poker", "ranges", "show", "c").stdout == "@c (Texas hold'em): AA, KK\n"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("show", "bnt"), ("unknown range name '@bnt' in Texas hold'em",)),
        (("show", "open-6max-btm"), ("close: @open-6max-btn",)),
        (("show", "top15", "--game", "shortdeck"), ("it is a range of",)),
        (("save", "2x", "AK"), ("bad range name '2x'",)),
        (("save", "x", "AK, 2x"), ("bad range token '2x' at position 2",)),
        (("save", "top15", "AK"), ("'top15' is a preset",)),
        (("save", "x", "AK", "--game", "poker"), ("bad --game 'poker'",)),
        (("delete", "nothing"), ("unknown range name '@nothing'",)),
        (("delete", "top5"), ("'top5' is a preset",)),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    assert_one_line_error(croupier("poker", "ranges", *args), *fragments)


def test_bad_names_in_other_commands_are_one_line() -> None:
    assert_one_line_error(
        croupier("poker", "calc", "AA", "@nothing"), "player 2: unknown range name '@nothing'"
    )
    assert_one_line_error(croupier("poker", "range", "@btm"), "unknown range name '@btm'")
    assert_one_line_error(
        croupier("poker", "hits", "@x", "--board", "Ks 7d 2c"), "unknown range name '@x'"
    )


def test_a_bad_import_saves_nothing(tmp_path: Path, data_home: Path) -> None:
    croupier("poker", "ranges", "save", "a", "AA")
    before = data_home.read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_text("b holdem KK\nc holdem 2x\n")
    assert_one_line_error(croupier("poker", "ranges", "import", str(bad)), f"{bad} line 2")
    assert data_home.read_bytes() == before
    assert_one_line_error(croupier("poker", "ranges", "import", str(tmp_path)), "a directory")
    data_home.write_text("{")
    assert_one_line_error(croupier("poker", "ranges", "list"), "not a book of ranges")


def test_omaha_suit_brackets_are_printed_as_typed() -> None:
    # Rich read "[s,h]" as a style and dropped it: "Saved @sh (Omaha): x, " was printed
    text = "[s,h]x, [a,k]"
    saved = croupier("poker", "ranges", "save", "sh", text, "--game", "omaha")
    assert saved.stdout == f"Saved @sh (Omaha): {text}\n"
    shown = croupier("poker", "ranges", "show", "sh", "--game", "omaha")
    assert shown.stdout == f"@sh (Omaha): {text}\n"
    listed = croupier("poker", "ranges", "list", "--saved").stdout.splitlines()
    assert listed[1].split(maxsplit=2)[2].rsplit(maxsplit=1)[0] == text
    described = croupier("poker", "range", "[s,h]x", "--game", "omaha").stdout
    assert described.splitlines()[0] == "Range: [s,h]x (Omaha)"
    hits = croupier("poker", "hits", "[s,h]x", "--game", "omaha", "--board", "2c7d9h").stdout
    assert "Range: [s,h]x (" in hits
    calc = croupier("poker", "calc", "[s,h]x", "AsKsQhJh", "--game", "omaha", "--trials", "1000")
    assert any(line.split()[:2] == ["1", "[s,h]x"] for line in calc.stdout.splitlines() if line)
    after = ("--board", "2c7d9h", "--next")
    nexts = croupier("poker", "calc", "[s,h]x", "AsKsQhJh", "--game", "omaha", *after).stdout
    assert any(line.split()[:2] == ["1", "[s,h]x"] for line in nexts.splitlines() if line)
