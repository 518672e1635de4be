"""``croupier poker compare`` on a big file: the NumPy path beside the per-line path and
peers, on the same lines, in one run.

Run from the repository root (the peers come with the ``test`` or ``bench`` extra):

    .venv/bin/python benchmarks/poker_compare.py                  # a million lines, ~3 min
    .venv/bin/python benchmarks/poker_compare.py --lines 100000   # quicker

The script writes seeded random lines ``hand1 ; hand2`` (5 to 7 distinct cards a hand,
no card in both) to a temporary file, then reads the file and writes the answers to
``/dev/null`` with:

- ``compare_lines`` (what the command runs): chunks of lines parsed, evaluated and
  written with NumPy;
- the per-line path it replaced (``iter_matchups``, each answer written with
  ``Matchup.to_text``): the figure before;
- the command itself, ``croupier poker compare FILE > /dev/null`` in a subprocess
  (start-up, lookup tables and all);
- treys and eval7 where installed: each line split, its cards parsed and both hands
  evaluated by the peer, and the winner and both categories written (less than
  croupier writes: no best five cards, no description).

Each figure is CPU seconds (user + system) of one run; the machine may be shared, so
read the ratios, which are measured side by side. The NumPy path and the per-line path
must write the same bytes (checked).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

from croupier.cards import DECK
from croupier.poker.matchups.lines import BadLine, compare_lines, iter_matchups
from croupier.textfile import iter_lines


def write_lines(path: Path, count: int, seed: int) -> None:
    rng = random.Random(seed)
    names = [str(card) for card in DECK]
    with path.open("w", encoding="utf-8") as out:
        for _ in range(count):
            cards = rng.sample(names, 14)
            first, second = rng.randint(5, 7), rng.randint(5, 7)
            out.write(f"{' '.join(cards[:first])} ; {' '.join(cards[7 : 7 + second])}\n")


def cpu() -> float:
    """CPU seconds (user + system) of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Hashing:
    """Writes to ``out`` and keeps a hash of what it wrote (to compare two paths)."""

    def __init__(self, out: BinaryIO) -> None:
        self.out, self.hash = out, hashlib.sha256()

    def __call__(self, data: bytes) -> None:
        self.hash.update(data)
        self.out.write(data)


def run_numpy(path: Path, write: Callable[[bytes], None]) -> None:
    for piece in compare_lines(iter_lines(path)):
        if not isinstance(piece, BadLine):
            write(piece)


def run_per_line(path: Path, write: Callable[[bytes], None]) -> None:
    for answer in iter_matchups(iter_lines(path)):
        if not isinstance(answer, BadLine):
            write(answer.to_text().encode())


def peer_runs() -> dict[str, Callable[[Path, Callable[[bytes], object]], None]]:
    found: dict[str, Callable[[Path, Callable[[bytes], object]], None]] = {}
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()

        def treys_run(path: Path, write: Callable[[bytes], object]) -> None:
            new, score = TreysCard.new, evaluator.evaluate
            name = evaluator.class_to_string
            rank_class = evaluator.get_rank_class
            for number, line in enumerate(iter_lines(path), 1):
                left, right = line.split(";")
                a, b = [new(t) for t in left.split()], [new(t) for t in right.split()]
                first, second = score(a[:2], a[2:]), score(b[:2], b[2:])
                winner = 1 if first < second else 2 if second < first else 0
                kinds = f"{name(rank_class(first))} {name(rank_class(second))}"
                write(f"{number} {winner} {kinds}\n".encode())

        found["treys"] = treys_run
    except ImportError:
        pass
    try:
        import eval7

        def eval7_run(path: Path, write: Callable[[bytes], object]) -> None:
            card, score, kind = eval7.Card, eval7.evaluate, eval7.handtype
            for number, line in enumerate(iter_lines(path), 1):
                left, right = line.split(";")
                first = score([card(t) for t in left.split()])
                second = score([card(t) for t in right.split()])
                winner = 1 if first > second else 2 if second > first else 0
                write(f"{number} {winner} {kind(first)} {kind(second)}\n".encode())

        found["eval7"] = eval7_run
    except ImportError:
        pass
    return found


def timed(run: Callable[[], Any]) -> tuple[float, float]:
    """CPU and wall seconds of one call."""
    cpu_before, wall_before = cpu(), time.perf_counter()
    run()
    return cpu() - cpu_before, time.perf_counter() - wall_before


def table(rows: Iterable[tuple[str, float, float]], lines: int, base: float) -> None:
    print(f"{'path':<44} {'CPU s':>8} {'wall s':>8} {'lines/s (CPU)':>14} {'x NumPy':>8}")
    for name, seconds, wall in rows:
        print(
            f"{name:<44} {seconds:>8.2f} {wall:>8.2f} {lines / seconds:>14,.0f}"
            f" {seconds / base:>8.1f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-peers", action="store_true", help="croupier's paths only")
    parser.add_argument("--tiny", action="store_true", help="2,000 lines (tests)")
    args = parser.parse_args()
    if args.tiny:
        args.lines = 2_000

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        write_lines(path, args.lines, args.seed)
        size = path.stat().st_size
        print(
            f"{args.lines:,} random lines (seed {args.seed}, {size / 1e6:.0f} MB); "
            f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (shared machine: "
            "compare the ratios)"
        )
        list(compare_lines(["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"]))  # lookup tables, once a process
        rows: list[tuple[str, float, float]] = []
        with open(os.devnull, "wb") as sink:
            fast, slow = Hashing(sink), Hashing(sink)
            seconds = timed(lambda: run_numpy(path, fast))
            rows.append(("croupier compare_lines (NumPy chunks)", *seconds))
            seconds = timed(lambda: run_per_line(path, slow))
            rows.append(("croupier per line (iter_matchups + to_text)", *seconds))
            same = fast.hash.digest() == slow.hash.digest()
            for name, run in ({} if args.no_peers else peer_runs()).items():

                def peer(run: Callable[[Path, Callable[[bytes], object]], None] = run) -> None:
                    run(path, sink.write)

                seconds = timed(peer)
                rows.append((f"{name} (parse, evaluate, winner, categories)", *seconds))
        command = [sys.executable, "-m", "croupier", "poker", "compare", str(path)]
        before, wall = children_cpu(), time.perf_counter()
        with open(os.devnull, "wb") as sink:
            subprocess.run(command, stdout=sink, check=True)
        seconds = children_cpu() - before, time.perf_counter() - wall
        rows.insert(1, ("croupier poker compare FILE > /dev/null", *seconds))
    table(rows, args.lines, rows[0][1])
    print(f"NumPy path and per-line path wrote the same bytes: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
