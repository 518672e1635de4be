"""The one input reader: lines as ``str.splitlines`` gives them, whatever the chunks."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier import textfile
from croupier.errors import CroupierError
from croupier.textfile import MAX_LINE_CHARS, iter_lines, read_text


@pytest.fixture
def tiny_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read 3 bytes at a time, so that lines, CRLFs and characters straddle chunks."""
    monkeypatch.setattr(textfile, "CHUNK_BYTES", 3)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab♠ \r\n\x0b\x1c\x85\u2028", max_size=80))
def test_lines_are_those_of_splitlines_whatever_the_chunks(text: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textfile, "CHUNK_BYTES", 3)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "lines.txt"
            path.write_bytes(text.encode())
            expected = [line.rstrip("\r\n") for line in text.splitlines(keepends=True)]
            assert list(iter_lines(path)) == expected
            assert read_text(path) == text


@pytest.mark.parametrize("chunk", [3, textfile.CHUNK_BYTES])
def test_a_long_line_is_refused_after_the_lines_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(textfile, "CHUNK_BYTES", chunk)
    path = tmp_path / "long.txt"
    path.write_text("one\ntwo\n" + "x" * (MAX_LINE_CHARS + 1) + "\nfour\n", encoding="utf-8")
    got: list[str] = []
    with pytest.raises(CroupierError, match="line 3: longer than 10,000 characters"):
        got.extend(iter_lines(path))
    assert got == ["one", "two"]


def test_bad_utf8_names_its_line(tmp_path: Path, tiny_chunks: None) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"one\ntwo\nthr\xffee\n")
    got: list[str] = []
    with pytest.raises(CroupierError, match=r"not UTF-8 text \(line 3\)"):
        got.extend(iter_lines(path))
    assert got == ["one", "two"]
