"""Every count in the tables of docs/reference/generic-ranges.md is what croupier reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from croupier.poker.ranges.generic import GenericRange

PAGE = Path(__file__).resolve().parents[3] / "docs" / "reference" / "generic-ranges.md"
ROW = re.compile(r"^\| `(?P<text>[^`]+)` \| (?P<omaha>[\d,]+) \| (?P<omaha5>[\d,]+) \|")


def rows() -> list[tuple[str, int, int]]:
    found = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            number = int(match["omaha"].replace(",", "")), int(match["omaha5"].replace(",", ""))
            found.append((match["text"], *number))
    return found


def test_the_page_has_its_tables() -> None:
    assert len(rows()) >= 45


@pytest.mark.parametrize(("text", "omaha", "omaha5"), rows())
def test_each_count_on_the_page(text: str, omaha: int, omaha5: int) -> None:
    assert (len(GenericRange.parse(text, "omaha")), len(GenericRange.parse(text, "omaha5"))) == (
        omaha,
        omaha5,
    )
