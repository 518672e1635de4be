"""Each starting-hand class's all-in equity against a random hand, exactly; writes the
table that orders top-percentage ranges (``15%``).

    .venv/bin/python benchmarks/poker_vs_random.py            # about ten minutes
    .venv/bin/python benchmarks/poker_vs_random.py --check    # four classes by Monte Carlo
    .venv/bin/python benchmarks/poker_vs_random.py --tiny     # the check, briefly (tests)

For each of the 169 classes one combo is played against a random hand (random is
suit-symmetric, so every combo of a class has the same equity) by the exact enumeration
of :func:`croupier.poker.calc.calculate`: every opponent combo, every board (2 to 6
seconds a class). ``--check`` compares four classes with a Monte Carlo run of 4,000,000
deals. Results are kept in ``vs_random_exact.json`` beside this script as they come, so a
stopped run resumes; at the end the table is written into
``src/croupier/poker/ranges/vs_random.py``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from croupier.poker.calc import calculate
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_LABELS, combo_text
from report import has_table, replace_table  # benchmarks/ is on the path when run as a script

HERE = Path(__file__).resolve().parent
CACHE = HERE / "vs_random_exact.json"
MODULE = HERE.parent / "src" / "croupier" / "poker" / "ranges" / "vs_random.py"


TRIALS = 4_000_000


def class_equity(number: int, *, exact: bool = True, trials: int = TRIALS) -> float:
    """The equity of class ``number`` against a random hand (sampled, or exact)."""
    hand = combo_text(CLASS_COMBOS[number][0])
    if exact:
        return calculate([hand, "random"], exact=True).players[0].equity
    return calculate([hand, "random"], trials=trials, rng=number).players[0].equity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped table")
    parser.add_argument("--tiny", action="store_true", help="the check with few trials (tests)")
    args = parser.parse_args()
    if args.check or args.tiny:
        from croupier.poker.ranges.vs_random import EQUITY_VS_RANDOM

        # the table the full run writes is there (so that the writing cannot rot)
        assert has_table(MODULE, "EQUITY_VS_RANDOM", "tuple[float, ...]"), MODULE
        for n in (0, 1, 13, 12 * 13 + 7):  # AA, AKs, AKo, 72o
            sampled = class_equity(n, exact=False, trials=20_000 if args.tiny else TRIALS)
            print(f"{CLASS_LABELS[n]:4} table {EQUITY_VS_RANDOM[n]:.6f} sampled {sampled:.6f}")
        return
    done: dict[str, float] = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    for number, label in enumerate(CLASS_LABELS):
        if label in done:
            continue
        started = time.perf_counter()
        done[label] = class_equity(number)
        CACHE.write_text(json.dumps(done, indent=0))
        print(f"{label:4} {done[label]:.6f}  {time.perf_counter() - started:.1f} s", flush=True)
    values = "\n".join(f"    {done[label]!r},  # {label}" for label in CLASS_LABELS)
    replace_table(MODULE, "EQUITY_VS_RANDOM", "tuple[float, ...]", values)


if __name__ == "__main__":
    main()
