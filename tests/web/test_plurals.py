"""The pages' scripts write a count with its noun through one helper (``count(1, "card")``
is "1 card"): the round table once said "1 cards", and the pages added since wrote
"pile: 1 cards", "1 moves", "1 combos", "1 cards shown" the same way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "croupier" / "web" / "static"
NOUNS = (
    "cards|rounds|moves|combos|hands|players|ranges|games|trials|deals|points|sessions|"
    "puzzles|questions|decks|shoes|bets|wins|losses|pushes|builds|boards|flops|lines|"
    "inaccuracies|blunders|mistakes|errors|tables|seats|players|watchers"
)
#: A number written straight before a plural noun: ``${n} cards`` (a decimal, ``${x.toFixed(2)}
#: points``, reads right plural whatever its value).
BARE = re.compile(r"\$\{(?![^{}]*toFixed\()[^{}]*\}\s+(?:" + NOUNS + r")\b")
#: Counts that are never 1, or read right whatever their value ("3 of 416 cards").
ALWAYS_MANY = (
    " of ${",  # "1 of 416 cards left", "2 of 5 rounds done"
    "${games} trials",  # a Monte Carlo run deals thousands
    "all ${games} deals",
    "${count} ${table.street} cards",  # the next card: 44 to 48 of them
    "Next card: ${count} cards",
    '${answer.boards.toLocaleString("en")} flops',  # every flop: 19,600
    "If ${side} wins",  # a side's name, not a number
    "${lossText(verdict)} points",  # a decimal with its error: "0.26 ± 0.10 points"
    "${word.loss_text} points",  # the server's format_loss: "1.15 ± 0.08", "2.00"
)


def _bare_counts(text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in BARE.finditer(line):
            start = max(0, match.start() - 15)
            context = line[start : match.end()]
            if not any(allowed in context for allowed in ALWAYS_MANY):
                found.append(f"line {number}: {match.group()}")
    return found


@pytest.mark.parametrize("script", sorted(p.name for p in STATIC.glob("*.js")))
def test_counts_go_through_the_one_pluraliser(script: str) -> None:
    assert _bare_counts((STATIC / script).read_text(encoding="utf-8")) == []


def test_the_scan_finds_a_bare_count() -> None:
    assert _bare_counts("el('p', '', `pile: ${n} cards`)") == ["line 1: ${n} cards"]
    assert _bare_counts("`${shoe.remaining} of ${shoe.size} cards left`") == []
