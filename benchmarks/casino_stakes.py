"""What playing for the tournament is worth: the expert with ``tournament_stakes`` against itself.

Run: .venv/bin/python benchmarks/casino_stakes.py [--tournaments N] [--seed N] [--workers N]
     [--json] [--tiny]   (every option is casino_selfplay.py's)

Plays N tournaments (default 400, in pairs on the same shuffles with the seats swapped)
between the expert with ``tournament_stakes=True``, which averages its sampled deals as
chances of winning the tournament in a round that may end it (see
``croupier.casino.strategies.stakes``), and the expert as it plays (round points
throughout): ``casino_selfplay.py --setting tournament_stakes=on``, where both search the
same fixed work a move (at most 16 deals, the work budget), so the result does not depend
on the machine or its load. It prints the share of the tournaments the expert with the
stakes wins, with its 95% Wilson interval, and the round margin.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from casino_selfplay import main as selfplay


def main(argv: list[str]) -> None:
    selfplay(["--setting", "tournament_stakes=on", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
