"""Errors by kind, across the games: a bad card is a CardError wherever it is given, and
an argument of the wrong type is a TypeError naming the argument."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from croupier import baccarat, poker
from croupier.cards import (
    CardError,
    Shoe,
    parse_card,
    parse_card_lines,
    parse_cards,
    parse_rank,
    read_card_file,
)
from croupier.casino import (
    Move,
    Player,
    SaveFileError,
    new_tournament,
    parse_save,
    read_deck_file,
    read_save,
)
from croupier.casino.notation import card_list, parse_table
from croupier.casino.session import Session, parse_hand_choice, parse_selection, table_items
from croupier.casino.tournament import parse_deck
from croupier.poker.matchups.lines import parse_matchup

STATE = new_tournament(Player.HUMAN, rng=7)
SAVE = """Round: 1

Computer:
   Score: 0
   Hand: S9
   Pile:

Human:
   Score: 0
   Hand: H1x
   Pile:

Table:

Deck:

Next Player: Human
"""

BAD_CARD_CALLS: dict[str, Callable[[], object]] = {
    "cards.parse_card": lambda: parse_card("1x"),
    "cards.parse_cards": lambda: parse_cards("As 1x"),
    "cards.parse_rank": lambda: parse_rank("1x"),
    "cards.parse_card_lines": lambda: parse_card_lines("As\n1x"),
    "poker.evaluate": lambda: poker.evaluate("As Ks Qs Js 1x"),
    "poker.evaluate (a card twice)": lambda: poker.evaluate("As Ks Qs Js As"),
    "poker.rank_hand": lambda: poker.rank_hand("As Ks Qs Js 1x"),
    "poker.compare_hands": lambda: poker.compare_hands("As Ks Qs Js Ts", "1x 2c 3d 4h 5s"),
    "poker.parse_equity_hands": lambda: poker.parse_equity_hands("As 1x ?0 ?1 ?2"),
    "poker.parse_equity_hands (?x)": lambda: poker.parse_equity_hands("As Ks ?x ?1 ?2"),
    "poker.EquityHand.parse": lambda: poker.EquityHand.parse("As 1x ?0 ?1 ?2"),
    "poker.matchup.parse_matchup": lambda: parse_matchup("As Ks Qs Js Ts ; 1x 2c 3d 4h 5s"),
    "baccarat.parse_counts": lambda: baccarat.Composition.decks(1).removing(parse_cards("1x")),
    "casino.Move.parse": lambda: Move.parse("trail 1x"),
    "casino.State.apply": lambda: STATE.apply("capture H8 1x"),
    "casino.State.check": lambda: STATE.check("trail 1x"),
    "casino.parse_save": lambda: parse_save(SAVE),
    "casino.parse_deck": lambda: parse_deck("SA 1x"),
    "casino.notation.card_list": lambda: card_list("SA 1x"),
    "casino.notation.parse_table": lambda: parse_table("[SA 1x]"),
    "casino.session.parse_hand_choice": lambda: parse_hand_choice("1x", STATE.hand(Player.HUMAN)),
    "casino.session.parse_selection": lambda: parse_selection("1x", table_items(STATE)),
    "casino.Session.play": lambda: Session(STATE, rng=1).play("capture H8 1x"),
    "poker.rank_batch (card 99)": lambda: poker.rank_batch([[0, 1, 2, 3, 99]]),
}


@pytest.mark.parametrize("call", BAD_CARD_CALLS.values(), ids=BAD_CARD_CALLS.keys())
def test_a_bad_card_is_a_card_error_at_every_entry_point(call: Callable[[], object]) -> None:
    with pytest.raises(CardError):
        call()


@pytest.mark.parametrize(
    "read", [read_card_file, read_deck_file, read_save], ids=["cards", "deck", "save"]
)
def test_a_bad_card_in_a_file_is_a_card_error_with_its_line(
    tmp_path: Path, read: Callable[[Path], object]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(SAVE if read is read_save else "SA SK\nH1x\n", encoding="utf-8")
    with pytest.raises(CardError) as caught:
        read(path)
    assert caught.value.line == (10 if read is read_save else 2)


def test_a_game_card_error_is_also_the_game_error() -> None:
    with pytest.raises(poker.PokerError):
        poker.evaluate("As Ks Qs Js 1x")
    with pytest.raises(SaveFileError) as caught:
        parse_save(SAVE)
    assert caught.value.line == 10 and isinstance(caught.value, CardError)


#: Values passed where the annotations forbid them: typed ``Any`` so the calls type-check.
NONE: Any = None
FIVE: Any = 5
TEXT: Any = "As Ks"
COMPOSITION = baccarat.Composition.decks(8)

WRONG_TYPE_CALLS: dict[str, tuple[Callable[[], object], str]] = {
    "parse_card(None)": (lambda: parse_card(NONE), "token must be a card token"),
    "parse_cards(['As', 5])": (lambda: parse_cards(["As", FIVE]), "text[1] must be a card token"),
    "parse_card_lines(None)": (lambda: parse_card_lines(NONE), "text must be"),
    "Shoe.stacked(5)": (lambda: Shoe.stacked(FIVE), "cards must be an iterable of Card or a str"),
    "Shoe(rng='1')": (lambda: Shoe(rng=TEXT), "rng must be"),
    "State.apply(5)": (lambda: STATE.apply(FIVE), "move must be a Move"),
    "State.check(None)": (lambda: STATE.check(NONE), "move must be a Move"),
    "Move.parse(None)": (lambda: Move.parse(NONE), "text must be"),
    "parse_save(None)": (lambda: parse_save(NONE), "text must be"),
    "new_tournament(rng=1.5)": (lambda: new_tournament(Player.HUMAN, rng=FIVE / 2), "rng must"),
    "bet_odds(comp, None)": (lambda: baccarat.bet_odds(COMPOSITION, NONE), "payouts must be"),
    "odds_report(None)": (lambda: baccarat.odds_report(NONE), "composition must be"),
    "hand_total(5)": (lambda: baccarat.hand_total(FIVE), "cards must be an iterable of Card or"),
    "points(5)": (lambda: baccarat.points(FIVE), "card must be a Card, a Rank or its text"),
    "evaluate(None)": (lambda: poker.evaluate(NONE), "cards must be"),
    "evaluate(['As', 5, ...])": (
        lambda: poker.evaluate(["As", FIVE, "Qs", "Js", "Ts"]),
        "cards[1]",
    ),
    "parse_equity_hands(None)": (lambda: poker.parse_equity_hands(NONE), "text must be"),
}


@pytest.mark.parametrize(
    ("call", "message"), WRONG_TYPE_CALLS.values(), ids=WRONG_TYPE_CALLS.keys()
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(TypeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_the_kind_named_by_check_type_takes_its_article() -> None:
    """'n must be a int' read oddly: the default description takes 'an' before a vowel."""
    from croupier.errors import check_type

    with pytest.raises(TypeError, match=r"^n must be an int, not str$"):
        check_type("x", int, "n")
    with pytest.raises(TypeError, match=r"^n must be an int or a float, not str$"):
        check_type("x", (int, float), "n")
