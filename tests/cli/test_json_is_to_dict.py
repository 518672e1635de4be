"""Every ``--json`` output is the ``to_dict()`` of the library's result, unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from croupier.baccarat import EZ, Composition, effect_of_removal, odds_report, simulate
from croupier.casino.strategies.arena import run_arena
from croupier.poker import monte_carlo_equity, parse_equity_hands
from croupier.poker.matchups.lines import read_matchups

from .helpers import croupier


def printed(*args: str, input: str = "") -> Any:
    run = croupier(*args, "--json", input=input)
    assert run.exit_code in (0, 1), run.stderr
    return json.loads(run.stdout)


def same(data: object) -> Any:
    """``data`` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


def test_baccarat_odds_eor_and_simulate() -> None:
    shoe = Composition.decks(6)
    odds = printed("baccarat", "odds", "--decks", "6", "--exact", "--payouts", "ez")
    assert odds == same(odds_report(shoe, EZ, exact=True).to_dict())
    assert printed("baccarat", "eor", "--decks", "2") == same(
        effect_of_removal(Composition.decks(2)).to_dict()
    )
    simulated = printed("baccarat", "simulate", "--shoes", "20", "--decks", "2", "--seed", "4")
    assert simulated == same(simulate(20, decks=2, rng=4).to_dict())


def test_poker_compare_and_equity(tmp_path: Path) -> None:
    text = "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c\nAs Ks 1x Js Ts ; 2c 3d 4h 5s 7c\n"
    run = croupier("poker", "compare", "--json", "-", input=text)
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert lines == [same(result.to_dict()) for result in read_matchups(text)]
    hands = "As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4\n"
    path = tmp_path / "hands.txt"
    path.write_text(hands, encoding="utf-8")
    equity = printed("poker", "equity", str(path), "3000", "--seed", "9")
    assert equity == same(monte_carlo_equity(parse_equity_hands(hands), 3000, rng=9).to_dict())


def test_casino_arena() -> None:
    data = printed(
        "casino", "arena", "--a", "greedy", "--b", "random", "--tournaments", "2", "--seed", "3"
    )
    expected = same(run_arena("greedy", "random", 2, rng=3).to_dict())
    timing = {key for key in expected if "seconds" in key}
    assert {k: v for k, v in data.items() if k not in timing} == {
        k: v for k, v in expected.items() if k not in timing
    }
    assert timing <= set(data)


def test_baccarat_count_and_perfect() -> None:
    from croupier.baccarat.advantage import count_study, perfect_study

    counted = printed(
        "baccarat", "count", "--bet", "tie", "--tags", "eor", "--threshold", "1",
        "--shoes", "30", "--seed", "6",
    )  # fmt: skip
    assert counted == same(count_study("tie", "eor", threshold=1, shoes=30, rng=6).to_dict())
    perfect = printed("baccarat", "perfect", "--bet", "panda-8", "--shoes", "8", "--seed", "6")
    assert perfect == same(perfect_study("panda-8", shoes=8, rng=6).to_dict())
