"""The next-card table: every card's equity is the exact calculation on the board with
that card (the obvious loop), and the chance-weighted mean is today's equity."""

from __future__ import annotations

import pytest

from croupier.errors import CroupierError
from croupier.poker.calc import EquityQuestion, calculate
from croupier.poker.calc.nextcard import next_card

SPOTS = [
    (["AhKh", "QsQd"], "Qh 7h 2c", None),
    (["TT+, AQs+", "22-55, 87s", "QJs, KQ"], "Qh 7h 2c", "3s"),
    (["AKs, 99@50", "JJ+"], "Kd 9h 2c 5s", None),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), SPOTS)
def test_every_card_is_the_exact_answer_with_it(
    ranges: list[str], board: str, dead: str | None
) -> None:
    result = next_card(ranges, board=board, dead=dead)
    assert sum(row.chance for row in result.cards) == pytest.approx(1)
    for row in result.cards[::7]:  # every seventh card, each a whole calculation
        alone = calculate(ranges, board=f"{board} {row.card}", dead=dead, exact=True)
        assert row.equity == pytest.approx([p.equity for p in alone.players], abs=1e-12)


@pytest.mark.parametrize(("ranges", "board", "dead"), SPOTS)
def test_the_mean_over_the_cards_is_todays_equity(
    ranges: list[str], board: str, dead: str | None
) -> None:
    result = next_card(ranges, board=board, dead=dead)
    today = calculate(ranges, board=board, dead=dead, exact=True)
    assert result.equity == pytest.approx([p.equity for p in today.players], abs=1e-12)
    for p in range(len(ranges)):
        mean = sum(row.chance * row.equity[p] for row in result.cards)
        assert mean == pytest.approx(today.players[p].equity, abs=1e-12)


def test_hand_against_hand_every_card_is_as_likely() -> None:
    result = next_card(EquityQuestion.parse(["AhKh", "QsQd"], board="Qh 7h 2c"))
    assert result.street == "turn" and len(result.cards) == 52 - 3 - 4
    assert {round(row.chance * 45, 12) for row in result.cards} == {1.0}
    assert [str(row.card) for row in result.cards[:3]] == ["As", "Ad", "Ac"]
    river = next_card(["AhKh", "QsQd"], board="Qh 7h 2c 9d")
    assert river.street == "river" and len(river.cards) == 44
    data = river.to_dict()
    assert data["street"] == "river" and data["cards"][0]["card"] == "As"
    assert data["equity"] == list(river.equity)


def test_a_card_held_by_a_single_hand_cannot_come() -> None:
    result = next_card(["AhKh", "QQ"], board="Qh 7h 2c")
    assert "Ah" not in {str(row.card) for row in result.cards}
    assert "Qs" in {str(row.card) for row in result.cards}  # QQ holds it only sometimes
    with pytest.raises(CroupierError, match="Ah cannot come next"):
        result.card("Ah")


@pytest.mark.parametrize(
    ("board", "message"),
    [(None, "a board of 3 or 4 cards, not 0"), ("Qh 7h 2c 9d 3s", "not 5")],
)
def test_only_after_a_flop_or_a_turn(board: str | None, message: str) -> None:
    with pytest.raises(CroupierError, match=message):
        next_card(["AhKh", "QQ"], board=board)


def test_too_much_work_is_refused_before_it_starts() -> None:
    with pytest.raises(CroupierError, match="would take over 0 seconds"):
        next_card(["random", "random"], board="Qh 7h 2c", limit=0.001)


def test_a_result_s_repr_fits_on_a_line() -> None:
    """It listed every card's row (5,324 characters)."""
    shown = repr(next_card(["AKs", "QQ"], board="2c 7d 9h"))
    assert "\n" not in shown and len(shown) < 200 and "NextCard(" not in shown, shown
    assert shown.startswith("<NextCardResult AKs vs QQ on 2c 7d 9h: the turn, 49 cards")
