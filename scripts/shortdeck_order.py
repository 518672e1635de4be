"""Build the tables behind ``15%`` and ``15%vs1`` in short-deck hold'em, both rule sets:
src/croupier/poker/ranges/short_deck_equity.py, reproducibly (the seeds are fixed).

Run: .venv/bin/python scripts/shortdeck_order.py [--trials N] [--out FILE] [--tiny]

What is ranked. Short-deck's 81 starting-hand classes (9 pairs, 36 suited and 36 offsuit
hands of the ranks 6 to ace), in each rule set (``shortdeck``: three of a kind beats a
straight; ``shortdeck-straights``: a straight beats three of a kind), by two figures, as
hold'em's orders are (see croupier.poker.ranges.orders):

- the all-in equity before the flop against one random hand, exact: every opponent combo
  of the 34 cards left, every board (croupier.poker.calc.calculate, exact=True);
- the all-in equity against three random hands, by croupier's Monte Carlo
  (``--trials`` deals a class, the seed its class number), with its standard error.

One combo stands for its class (the equity is the same for every combo of a class, the
suits being symmetric). ``--tiny`` computes three classes of one rule set with few trials
and writes nothing (a quick look).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from croupier.poker.calc import calculate
from croupier.poker.games import variant_of
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_LABELS, COMBO_CARDS, combo_text

OUT = Path(__file__).resolve().parent.parent / "src/croupier/poker/ranges/short_deck_equity.py"
GAMES = ("shortdeck", "shortdeck-straights")

HEADER = '''"""Each short-deck starting-hand class's all-in equity against one random hand (exact)
and against three random hands (Monte Carlo, with its standard error), in both rule sets:
the orders of ``15%vs1`` and ``15%`` in short-deck hold'em.

Written by ``scripts/shortdeck_order.py`` ({trials:,} deals a class against three
random hands, the seed its class number; against one random hand every opponent combo on
every board). :mod:`croupier.poker.ranges.orders` turns a game's figures into its order,
with the tie rule of hold'em's orders.

>>> from croupier.poker.games import Game
>>> label, vs_one, vs_three, error = SHORT_DECK_EQUITY[Game.SHORTDECK][0]
>>> label, round(vs_one, 3), error < 1e-3
('AA', {aa_one}, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from croupier.poker.games import Game

__all__ = ["SHORT_DECK_EQUITY"]

#: Each game's rows, one a class of ranks 6 to ace (by grid number, see
#: :mod:`croupier.poker.ranges.starting_hands`): (label, equity against one random hand,
#: equity against three random hands, its standard error).
SHORT_DECK_EQUITY: Final[Mapping[Game, tuple[tuple[str, float, float, float], ...]]] = (
    MappingProxyType(
        {{
'''


def short_deck_classes() -> list[int]:
    """The grid numbers of the classes a short deck deals (both ranks 6 or above)."""
    lowest = variant_of(GAMES[0]).lowest_rank
    low = 4 * (lowest - 2)  # the first card number of the deck
    return [n for n in range(len(CLASS_LABELS)) if COMBO_CARDS[CLASS_COMBOS[n]].min() >= low]


def figures(number: int, game: str, trials: int) -> tuple[float, float, float]:
    """Class ``number``'s equity against one random hand (exact), and against three
    (Monte Carlo) with its standard error."""
    hand = combo_text(CLASS_COMBOS[number][0])  # one combo: the suits are symmetric
    one = calculate([hand, "random"], exact=True, game=game).players[0].equity
    three = calculate([hand, "random", "random", "random"], trials=trials, rng=number, game=game)
    error = three.players[0].stderr
    assert error is not None  # a Monte Carlo's
    return one, three.players[0].equity, error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=4_000_000)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--tiny", action="store_true")
    args = parser.parse_args()
    classes = short_deck_classes()
    assert len(classes) == 81, len(classes)
    if args.tiny:
        for number in (classes[0], classes[1], classes[-1]):
            print(CLASS_LABELS[number], figures(number, GAMES[0], 20_000))
        return
    rows: dict[str, list[tuple[str, float, float, float]]] = {}
    start = time.process_time()
    for game in GAMES:
        rows[game] = []
        for number in classes:
            one, three, error = figures(number, game, args.trials)
            rows[game].append((CLASS_LABELS[number], one, three, error))
            print(
                f"{game} {CLASS_LABELS[number]:4} {one:.6f} {three:.6f} +- {error:.1e} "
                f"({time.process_time() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    aa_one = round(rows[GAMES[0]][0][1], 3)
    lines = [HEADER.format(trials=args.trials, aa_one=aa_one)]
    for game, name in zip(GAMES, ("SHORTDECK", "SHORTDECK_STRAIGHTS"), strict=True):
        lines.append(f"            Game.{name}: (\n")
        for label, one, three, error in rows[game]:
            lines.append(f'                ("{label}", {one!r}, {three:.7f}, {error:.1e}),\n')
        lines.append("            ),\n")
    lines.append("        }\n    )\n)\n")
    args.out.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
