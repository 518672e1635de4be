"""The pricing rows of a payout table, cached once per user (``pricing.pricing_rows``):
the same figures read as built, a new file for a changed bet, none for a bet whose
condition is the caller's own."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from croupier.baccarat import odds, pricing
from croupier.baccarat.composition import Composition
from croupier.baccarat.enumeration import ROUND_CLASSES
from croupier.baccarat.payouts import (
    CASINO,
    Bet,
    PayoutTable,
    RoundFacts,
    Rule,
    Wins,
    payout_table,
)
from croupier.baccarat.rules import Outcome


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(pricing, "_PRICINGS", {})  # no pricing kept from an earlier test
    return tmp_path / "croupier"


def pricing_files(cache: Path) -> list[str]:
    return sorted(path.name for path in cache.glob("baccarat-pricing-*.npz"))


def edges(table: PayoutTable) -> list[float | None]:
    return [bet.house_edge for bet in odds.bet_odds(Composition.decks(6), table)]


def test_read_back_the_rows_price_as_the_built_ones(cache: Path) -> None:
    built = edges(CASINO)
    assert len(pricing_files(cache)) == 1
    pricing._PRICINGS.clear()
    assert edges(CASINO) == built  # read from the file this time: the same floats
    assert len(pricing_files(cache)) == 1
    exact = odds.bet_odds(Composition.decks(6), CASINO, exact=True)
    assert built == pytest.approx([bet.house_edge for bet in exact], rel=1e-12)


def test_each_table_has_its_file_and_a_changed_bet_makes_a_new_one(cache: Path) -> None:
    edges(CASINO)
    edges(payout_table("lab"))
    assert len(pricing_files(cache)) == 2
    cheaper = Bet("tie", "Tie", (Rule(Wins(Outcome.TIE), Fraction(7)),))
    changed = PayoutTable("lab", "the lab's tie at 7:1", (*payout_table("lab").bets[:2], cheaper))
    tie = odds.outcome_probabilities(Composition.decks(6)).tie
    assert edges(changed)[2] == pytest.approx(1 - 8 * tie, rel=1e-12)  # 7 won, 1 lost
    assert len(pricing_files(cache)) == 3


@dataclass(frozen=True)
class Sevens:
    """A condition of the caller's own: the player ends on 7."""

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.player_total == 7

    def __repr__(self) -> str:  # differs between runs, as an object's address does
        return f"<Sevens at {id(self):#x}>"


def test_a_condition_of_the_callers_own_is_priced_but_not_cached(cache: Path) -> None:
    bet = Bet("sevens", "Player 7", (Rule(Sevens(), Fraction(4)),))
    edge = edges(PayoutTable("sevens", "pays 4:1 on a player 7", (bet,)))[0]
    sevens = [c.player_total == 7 for c in ROUND_CLASSES]
    chance = float(odds.class_probabilities(Composition.decks(6)) @ np.array(sevens, dtype=float))
    assert edge == pytest.approx(1 - 5 * chance, rel=1e-12)  # 4 won, 1 lost
    assert pricing_files(cache) == []
