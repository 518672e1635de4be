"""The README's Casino sessions are the real output of the commands they show."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...casino.test_savefile import CANONICAL
from ..helpers import croupier

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")


def block(first_line: str, fence: str = "console", after: str = "") -> list[str]:
    """The lines of the README's code block that starts with ``first_line`` (the first
    one after the text ``after``)."""
    opening = f"```{fence}\n{first_line}\n"
    start = README.index(opening, README.index(after)) + len(f"```{fence}\n")
    return README[start : README.index("```\n", start)].splitlines()


def shown(output: str) -> list[str]:
    """Output lines as the README shows them (no trailing spaces)."""
    return [line.rstrip() for line in output.splitlines()]


def test_the_play_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = "1\nheads\n3\n2\n8d\nt\n2\nb\n2\nhistory\ncapture D8 H8\n8\nmygame.txt\n"
    expected = block("$ croupier casino play --seed 37")
    run = croupier(*expected[0].split()[2:], input=text)
    assert shown(run.stdout) == expected[1:]
    assert (tmp_path / "mygame.txt").exists()


def test_the_end_of_a_tournament(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ending.txt").write_text(
        "\n".join(block("Round: 3", "text", after="The end of a tournament")) + "\n"
    )
    text = "3\n2\n2\nb\n3 4\n2\nDA\nc\n1\n"
    expected = block("$ croupier casino play --load ending.txt")
    run = croupier(*expected[0].split()[2:], input=text)
    assert shown(run.stdout) == expected[1:]


def test_the_hint_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.txt").write_text(CANONICAL)
    lines = block("$ croupier casino hint game.txt")
    split = lines.index("$ croupier casino hint game.txt --json | tail -5")
    assert croupier("casino", "hint", "game.txt").stdout.splitlines() == lines[1:split]
    json_lines = croupier("casino", "hint", "game.txt", "--json").stdout.splitlines()
    assert json_lines[-5:] == lines[split + 1 :]
