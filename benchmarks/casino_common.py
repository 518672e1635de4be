"""What the Casino benchmark scripts share: their common options, the arena's checkpoints,
and the figures and lines of a share of tournaments and a round margin with 95% intervals.

A module, not a script: ``casino_yardstick.py``, ``casino_selfplay.py``,
``casino_compiled_arena.py``, ``casino_compiled.py`` and ``casino_fit.py`` import it (each
keeps its own ``--tiny``, the smallest size the tests run).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
from collections.abc import Callable
from typing import IO, Any

from croupier.casino.strategies.arena import ArenaResult, TournamentRecord, mean_interval


def casino_parser(doc: str, tiny: str) -> argparse.ArgumentParser:
    """A parser described by the first paragraph of ``doc``, with ``--seed`` (default 2026),
    ``--json`` and ``--tiny`` (``tiny``: what it makes the run, for the help)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--tiny", action="store_true", help=f"{tiny} (tests)")
    return parser


def add_arena_options(
    parser: argparse.ArgumentParser, tournaments: int, *, timed: bool = True
) -> None:
    """``--tournaments`` (default ``tournaments``) and ``--workers``; if ``timed``, also
    ``--deadline`` (seconds a move, default 0.1) and ``--checkpoint``."""
    parser.add_argument("--tournaments", type=int, default=tournaments)
    parser.add_argument("--workers", type=int, default=1)
    if timed:
        parser.add_argument("--deadline", type=float, default=0.1)
        parser.add_argument("--checkpoint", default=None)


def share_figures(result: ArenaResult, name: str) -> dict[str, Any]:
    """Side ``a``'s share of ``result``'s tournaments (as ``{name}_share`` and its 95%
    Wilson interval ``{name}_share_95``) and the round margin with its 95% interval."""
    share, margin = result.win_share("a"), result.margin()
    return {
        f"{name}_share": round(share.value, 4),
        f"{name}_share_95": [round(share.low, 4), round(share.high, 4)],
        "round_margin": round(margin.value, 3),
        "round_margin_95": [round(margin.low, 3), round(margin.high, 3)],
    }


def share_text(figures: dict[str, Any], name: str) -> str:
    """``{name}``'s share and its interval, from :func:`share_figures`: ``52.2% (95%
    interval 47.4% - 57.1%)``."""
    low, high = figures[f"{name}_share_95"]
    return f"{figures[f'{name}_share']:.1%} (95% interval {low:.1%} - {high:.1%})"


def margin_text(figures: dict[str, Any]) -> str:
    """The round margin and its interval, from :func:`share_figures`."""
    low, high = figures["round_margin_95"]
    return (
        f"round margin {figures['round_margin']:+.2f} points a round "
        f"(95% interval {low:+.2f} to {high:+.2f})"
    )


def _record(data: dict[str, Any]) -> TournamentRecord:
    fields = {field.name for field in dataclasses.fields(TournamentRecord)}
    if set(data) != fields:
        raise SystemExit(f"bad checkpoint line: expected the fields {sorted(fields)}")
    values: dict[str, Any] = {
        key: tuple(value) if isinstance(value, list) else value for key, value in data.items()
    }
    return TournamentRecord(**values)


def load_checkpoint(path: str, options: dict[str, Any]) -> dict[int, TournamentRecord]:
    """The tournaments kept in ``path`` (none if it does not exist yet: it is started with
    a line naming ``options``); a checkpoint made with other options is refused."""
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps({"options": options}) + "\n")
        return {}
    with open(path, encoding="utf-8") as lines:
        header = json.loads(next(lines))
        if header.get("options") != options:
            raise SystemExit(
                f"{path} was made with other options ({header.get('options')}): "
                "remove it or give the same options"
            )
        done = {}
        for line in lines:
            if line.strip():
                entry = json.loads(line)
                done[int(entry["index"])] = _record(entry["record"])
    return done


def keeper(keep: IO[str] | None) -> Callable[[int, TournamentRecord], None]:
    """What the arena calls as each tournament finishes: one JSON line in ``keep`` (the
    open checkpoint, if any)."""

    def kept(index: int, record: TournamentRecord) -> None:
        if keep is not None:
            entry = {"index": index, "record": dataclasses.asdict(record)}
            keep.write(json.dumps(entry) + "\n")
            keep.flush()

    return kept


def read_records(path: str) -> dict[int, TournamentRecord]:
    """The tournaments of a checkpoint, whatever its options (to compare two runs)."""
    with open(path, encoding="utf-8") as lines:
        next(lines)
        return {
            int(entry["index"]): _record(entry["record"])
            for entry in (json.loads(line) for line in lines if line.strip())
        }


def paired_figures(
    mine: dict[int, TournamentRecord], other: dict[int, TournamentRecord]
) -> dict[str, Any]:
    """Two runs on the same seed, tournament by tournament where both played it (dealt
    alike): each run's score (a win 1, a tie half), the tournaments one won and the
    other did not, and how much better ``mine``'s mean round margin was, with its 95%
    interval over the tournaments."""
    common = sorted(set(mine) & set(other))

    def score(record: TournamentRecord) -> float:
        return 1.0 if record.winner == "a" else 0.5 if record.winner is None else 0.0

    def margin(record: TournamentRecord) -> float:
        rounds = list(zip(record.a_points, record.b_points, strict=True))
        return sum(x - y for x, y in rounds) / len(rounds)

    better = mean_interval([margin(mine[i]) - margin(other[i]) for i in common])
    return {
        "tournaments": len(common),
        "score": sum(score(mine[i]) for i in common),
        "other_score": sum(score(other[i]) for i in common),
        "won_other_did_not": sum(score(mine[i]) > score(other[i]) for i in common),
        "other_won_this_did_not": sum(score(mine[i]) < score(other[i]) for i in common),
        "margin_better": round(better.value, 3),
        "margin_better_95": [round(better.low, 3), round(better.high, 3)],
    }


def paired_text(figures: dict[str, Any], other: str) -> str:
    """:func:`paired_figures` in a line."""
    low, high = figures["margin_better_95"]
    return (
        f"paired with {other} on the {figures['tournaments']} tournaments dealt alike: "
        f"{figures['score']:g} to {figures['other_score']:g} (a tie counted half), "
        f"{figures['won_other_did_not']} won that the other did not, "
        f"{figures['other_won_this_did_not']} the other way; round margin "
        f"{figures['margin_better']:+.2f} a round (95% interval {low:+.2f} to {high:+.2f})"
    )
