"""croupier.cards: suits, ranks, cards, every notation, the deck, NumPy numbering, shoes."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import (
    DECK,
    Card,
    CardError,
    CardStyle,
    Deck,
    EmptyShoeError,
    Rank,
    Shoe,
    Suit,
    card_spellings,
    cards_to_indices,
    format_cards,
    indices_to_cards,
    parse_card,
    parse_card_lines,
    parse_cards,
    read_card_file,
    repeated_card,
    split_cards,
)

from .untyped import assign, untyped

RANK_SPELLINGS = {
    Rank.TWO: ["2"],
    Rank.THREE: ["3"],
    Rank.FOUR: ["4"],
    Rank.FIVE: ["5"],
    Rank.SIX: ["6"],
    Rank.SEVEN: ["7"],
    Rank.EIGHT: ["8"],
    Rank.NINE: ["9"],
    Rank.TEN: ["T", "t", "10", "0", "X", "x"],
    Rank.JACK: ["J", "j"],
    Rank.QUEEN: ["Q", "q"],
    Rank.KING: ["K", "k"],
    Rank.ACE: ["A", "a"],
}
SUIT_SPELLINGS = {
    Suit.CLUBS: ["c", "C", "♣", "♧"],
    Suit.DIAMONDS: ["d", "D", "♦", "♢"],
    Suit.HEARTS: ["h", "H", "♥", "❤", "♡", "❤\ufe0f"],
    Suit.SPADES: ["s", "S", "♠", "♤"],
}

cards = st.sampled_from(DECK)


def test_suits_are_ordered_clubs_diamonds_hearts_spades() -> None:
    assert sorted(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert [s.letter for s in Suit] == ["c", "d", "h", "s"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_red for s in Suit] == [False, True, True, False]


def test_ranks_run_two_to_ace() -> None:
    assert [int(r) for r in Rank] == list(range(2, 15))
    assert "".join(r.char for r in Rank) == "23456789TJQKA"
    assert [r.label for r in Rank][8] == "10"
    assert Rank.ACE.word == "ace" and Rank.SEVEN.word == "7"


def test_cards_are_frozen_hashable_and_ordered_by_rank_then_suit() -> None:
    card = Card(Rank.KING, Suit.CLUBS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        assign(card, "rank", Rank.ACE)
    assert card == Card(untyped(13), untyped(0))
    assert len({card, Card(Rank.KING, Suit.CLUBS), parse_card("Kc")}) == 1
    shuffled = list(DECK)
    np.random.default_rng(5).shuffle(shuffled)
    assert sorted(shuffled) == list(DECK)
    assert Card.parse("2s") < Card.parse("3c")
    assert Card.parse("Kh") < Card.parse("Ks") < Card.parse("Ac")


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_spelling_of_every_card_parses(card: Card) -> None:
    for rank_text, suit_text in itertools.product(
        RANK_SPELLINGS[card.rank], SUIT_SPELLINGS[card.suit]
    ):
        assert parse_card(rank_text + suit_text) == card
        assert parse_card(suit_text + rank_text) == card
        assert parse_card(f"  {rank_text}{suit_text}\t") == card


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_output_form_parses_back(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.pretty) == card
    assert parse_card(card.casino) == card
    assert parse_card(repr(card)[6:-2]) == card
    assert len(str(card)) == 2


def test_named_forms() -> None:
    ten = parse_card("DX")
    assert (str(ten), ten.pretty, ten.casino, ten.long_name) == (
        "Td",
        "10♦",
        "DX",
        "10 of diamonds",
    )
    assert parse_card("sa").long_name == "ace of spades"
    assert format_cards(parse_cards("Kc 0h"), "casino") == "CK HX"
    with pytest.raises(CardError, match="bad card style"):
        format_cards([], "fancy")


def test_one_card_style_for_every_notation() -> None:
    hand = parse_cards("Kc 0h")
    assert [format_cards(hand, style) for style in CardStyle] == ["Kc Th", "K♣ 10♥", "CK HX"]
    assert format_cards(hand, " Pretty ", sep="+") == "K♣+10♥"
    assert CardStyle.parse(CardStyle.CASINO) is CardStyle.CASINO
    with pytest.raises(TypeError, match="style must be a CardStyle"):
        CardStyle.parse(untyped(3))


@pytest.mark.parametrize(
    "token", ["", "1c", "Kx", "KcK", "10", "c", "♠", "11h", "A c", "cc", "AA", "1", "KcS", "♠♠"]
)
def test_bad_tokens_raise_card_error_naming_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token, 4)
    message = str(info.value)
    assert repr(token) in message
    assert "position 4" in message
    assert "Kc" in message and "DX" in message  # lists the accepted forms
    assert isinstance(info.value, ValueError)


def test_parse_cards_returns_a_tuple_and_points_at_the_bad_token() -> None:
    assert parse_cards("Kc 0s Ah") == (Card.parse("Kc"), Card.parse("Ts"), Card.parse("Ah"))
    assert parse_cards(["Kc", "0s"]) == parse_cards("Kc,0s")
    assert parse_cards("") == ()
    with pytest.raises(CardError, match=r"bad card 'Zz' at position 3"):
        parse_cards("Kc 0s Zz Ah")


def test_parse_cards_can_insist_on_distinct_cards() -> None:
    assert len(parse_cards("Kc Kc")) == 2
    with pytest.raises(CardError, match=r"'K♣' at position 3 repeats position 1"):
        parse_cards("Kc Qd K♣", distinct=True)


# --- the one reader of card lists: with or without spaces, one message per error --------


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("2c7d9h", "2c 7d 9h"),  # a board as eval7, PokerStove and OMPEval write it
        ("2c 7d 9h", "2c 7d 9h"),
        ("2c,7d,9h", "2c 7d 9h"),
        ("AsKd10h", "As Kd Th"),  # a ten written 10 inside a run
        ("10d10h", "Td Th"),
        ("Td0hXc", "Td Th Tc"),
        ("10d 9c8c", "Td 9c 8c"),  # both at once
        ("SAHKDX", "As Kh Td"),  # suit first, as Casino's files write cards
        ("A♠K♥10♦", "As Kh Td"),
        ("a♠️k♥️", "As Kh"),  # the emoji selector dropped
        ("asKD", "As Kd"),
    ],
)
def test_cards_are_read_with_or_without_spaces(text: str, cards: str) -> None:
    assert parse_cards(text) == parse_cards(cards)
    assert parse_cards(text, distinct=True) == parse_cards(cards)
    assert split_cards(text) == [t for t in split_cards(text) if t]


@given(st.lists(cards, min_size=1, max_size=8, unique=True), st.lists(st.booleans(), min_size=8))
def test_any_list_of_cards_reads_back_whatever_the_spaces(
    hand: list[Card], spaces: list[bool]
) -> None:
    written = [str(c) if i % 2 else c.pretty for i, c in enumerate(hand)]
    text = "".join(w + (" " if space else "") for w, space in zip(written, spaces, strict=False))
    assert parse_cards(text, distinct=True) == tuple(hand)


def test_a_list_of_tokens_and_cards_is_read_the_same() -> None:
    assert parse_cards(["AsKs", Card.parse("Qd"), "Jc Tc"]) == parse_cards("As Ks Qd Jc Tc")
    with pytest.raises(TypeError, match=r"text\[1\] must be a card token \(str\) or a Card"):
        parse_cards(untyped(["As", 3]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Kc 0s Zz Ah", "bad card 'Zz' at position 3: expected a rank"),
        ("Kc 0sZz Ah", "bad card '0sZz' at position 2: expected a rank"),  # named as written
        ("2c7x9h", "bad card '2c7x9h' at position 1: expected a rank"),
        ("As?", "bad card '?' at position 2: expected a rank"),
        ("Kc Qd K♣", "card 'K♣' at position 3 repeats position 1: each card may appear once"),
        ("KcQdkc", "card 'kc' at position 3 repeats position 1: each card may appear once"),
        ("10d Td", "card 'Td' at position 2 repeats position 1: each card may appear once"),
    ],
)
def test_each_error_has_one_message(text: str, message: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text, distinct=True)
    assert str(caught.value).startswith(message)


def test_repeated_cards_are_named_the_same_way_everywhere() -> None:
    """Every reader of card lists words a card named twice as :func:`repeated_card` does."""
    from croupier.poker import (
        EquityQuestion,
        HoleRange,
        evaluate,
        evaluate_game,
        parse_equity_hands,
        rank_batch,
    )
    from croupier.poker.hits.classifier import hits
    from croupier.poker.matchups.lines import parse_matchup

    wording = "card 'Ks' at position 3 repeats position 1: each card may appear once"
    readers: list[Callable[[], object]] = [
        lambda: evaluate("KsQsKs7c2d"),
        lambda: evaluate_game("omaha", "Ks Qs Ks 2c", "2d 3d 4d"),
        lambda: EquityQuestion.parse(["AA", "QQ"], board="KsQsKs"),
        lambda: HoleRange.parse("KsQsKs?", 4),
        lambda: parse_equity_hands("Ks Qs Ks ?0 ?1"),
        lambda: parse_matchup("Ks Qs Ks 2c 3c ; 4d 5d 6d 7d 9d"),
        lambda: hits("AA", board="KsQsKs"),
        lambda: parse_cards("KsQsKs", distinct=True),
    ]
    for read in readers:
        with pytest.raises(CardError) as caught:
            read()
        assert wording in str(caught.value), str(caught.value)
    with pytest.raises(CardError, match="hand 0: card 'Ks' at position 3 repeats position 1"):
        rank_batch([[47, 43, 47, 0, 1]])
    assert str(repeated_card("Ks", 3, 1)) == wording


def test_card_lines_skip_comments_and_name_the_line() -> None:
    text = "# a stacked shoe\nKc 0s\n\n  Ah   # the ace\n"
    assert parse_card_lines(text) == parse_cards("Kc Ts Ah")
    with pytest.raises(CardError, match=r"^deck\.txt, card 1 of line 3: bad card 'Q': expected"):
        parse_card_lines("Kc\n0s\nQ\n", "deck.txt")


def test_read_card_file(tmp_path: Path) -> None:
    path = tmp_path / "shoe.txt"
    path.write_text("Kc 0s\nAh\n", encoding="utf-8")
    assert read_card_file(path) == parse_cards("Kc Ts Ah")
    path.write_bytes(b"\xff\xfe\x00K")
    with pytest.raises(CardError, match="not UTF-8 text"):
        read_card_file(path)
    with pytest.raises(FileNotFoundError):
        read_card_file(tmp_path / "missing.txt")


def test_deck_holds_52_distinct_cards_in_a_fixed_order() -> None:
    deck = Deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert list(deck) == list(DECK) == sorted(deck)
    assert deck[0] == parse_card("2c") and deck[-1] == parse_card("As")
    assert deck[:4] == parse_cards("2c 2d 2h 2s")
    assert [card.index for card in deck] == list(range(52))


def test_numbering_both_ways() -> None:
    assert Card.parse("2c").index == 0
    assert Card.parse("As").index == 51
    assert Card.parse("Td").index == 4 * (10 - 2) + 1
    indices = cards_to_indices(DECK)
    assert indices.dtype == np.int64 and indices.tolist() == list(range(52))
    assert indices_to_cards(np.arange(52).reshape(4, 13)) == DECK
    assert indices_to_cards([]) == ()
    for bad in ([52], [-1], [1.5]):
        with pytest.raises(CardError, match="bad card number"):
            indices_to_cards(bad)
    with pytest.raises(CardError, match="bad card number 60"):
        Card.from_index(60)


@given(st.lists(cards, max_size=20))
def test_indices_round_trip(hand: list[Card]) -> None:
    assert indices_to_cards(cards_to_indices(hand)) == tuple(hand)


@given(cards, st.booleans(), st.booleans())
def test_any_card_in_any_case_and_order_round_trips(
    card: Card, upper: bool, suit_first: bool
) -> None:
    rank, suit = card.rank.char, card.suit.letter
    token = suit + rank if suit_first else rank + suit
    assert parse_card(token.upper() if upper else token.lower()) == card


# --- shoes -------------------------------------------------------------------------------


def test_a_shoe_holds_every_card_of_its_decks() -> None:
    shoe = Shoe(decks=6, rng=1)
    assert len(shoe) == shoe.remaining == 312 and shoe.decks == 6
    assert set(shoe.counts().values()) == {24}
    dealt = [shoe.draw() for _ in range(312)]
    assert Counter(dealt) == Counter(list(DECK) * 6)
    assert shoe.remaining == 0 and shoe.dealt == 312
    assert set(shoe.counts().values()) == {0}
    with pytest.raises(EmptyShoeError, match="the shoe is empty"):
        shoe.draw()
    with pytest.raises(EmptyShoeError):
        shoe.peek()


def test_counts_follow_the_draws() -> None:
    shoe = Shoe.stacked(parse_cards("Ah Ad 5c Ks"))
    assert shoe.counts()[Rank.ACE] == 2
    assert shoe.peek() == shoe.draw() == Card.parse("Ah")
    assert shoe.counts()[Rank.ACE] == 1 and shoe.counts()[Rank.KING] == 1
    assert shoe.remaining_cards() == parse_cards("Ad 5c Ks")


def test_seeded_shoes_repeat_and_differ() -> None:
    first = Shoe(decks=2, rng=42).remaining_cards()
    assert Shoe(decks=2, rng=42).remaining_cards() == first
    assert Shoe(decks=2, rng=43).remaining_cards() != first
    assert first != tuple(DECK) * 2


def test_reshuffle_gathers_every_card() -> None:
    shoe = Shoe(decks=1, rng=3)
    for _ in range(30):
        shoe.draw()
    shoe.shuffle()
    assert shoe.remaining == 52 and shoe.dealt == 0
    assert sorted(shoe.remaining_cards()) == list(DECK)


def test_shuffle_moves_every_card_including_the_last_uniformly() -> None:
    # The C shuffle of seed 000 never moved the last card. Here every card, the last one
    # included, must be able to land anywhere with equal chance: check the landing spots
    # of the last and the first card over many shuffles with a chi-square bound.
    trials = 5200
    last_positions: Counter[int] = Counter()
    first_positions: Counter[int] = Counter()
    rng = np.random.default_rng(2026)
    for _ in range(trials):
        order = Shoe(decks=1, rng=rng).remaining_cards()
        last_positions[order.index(DECK[-1])] += 1
        first_positions[order.index(DECK[0])] += 1
    expected = trials / 52
    for positions in (last_positions, first_positions):
        assert len(positions) == 52  # every position reached
        chi2 = sum((positions[i] - expected) ** 2 / expected for i in range(52))
        assert chi2 < 90  # 51 degrees of freedom: p < 0.001 beyond 87.97


def test_cut_card() -> None:
    shoe = Shoe(decks=1, rng=9, cut_card=50)
    assert shoe.cut_card == 50
    for _ in range(49):
        shoe.draw()
    assert not shoe.cut_card_reached
    shoe.draw()
    assert shoe.cut_card_reached
    shoe.shuffle()
    assert not shoe.cut_card_reached
    assert not Shoe(decks=1, rng=9).cut_card_reached
    for bad in (0, 53, -4):
        with pytest.raises(CardError, match="bad cut card depth"):
            Shoe(decks=1, cut_card=bad)


def test_stacked_shoe_deals_in_order_and_cannot_be_shuffled() -> None:
    order = parse_cards("9s 8h 7d")
    shoe = Shoe.stacked(order)
    assert shoe.is_stacked and shoe.decks is None
    assert [shoe.draw() for _ in range(3)] == list(order)
    with pytest.raises(CardError, match="cannot be shuffled"):
        shoe.shuffle()
    assert "stacked" in repr(shoe)


@pytest.mark.parametrize("decks", [0, -1, 65, 10**30])
def test_bad_deck_counts(decks: int) -> None:
    with pytest.raises(CardError, match=r"bad number of decks .*: expected 1 to 64"):
        Shoe(decks=decks)


@pytest.mark.parametrize("decks", [2.5, True, "8"])
def test_a_deck_count_of_the_wrong_type_is_a_type_error(decks: object) -> None:
    with pytest.raises(TypeError, match="decks must be an int, not"):
        Shoe(decks=untyped(decks))


def test_card_lines_can_insist_on_distinct_cards() -> None:
    assert len(parse_card_lines("Kc\nKc")) == 2
    with pytest.raises(CardError) as caught:
        parse_card_lines("Kc Qd\n\n  K♣ # again", "deck.txt", distinct=True)
    assert str(caught.value) == (
        "deck.txt, card 1 of line 3: 'K♣' repeats card 1 of line 1: each card may appear once"
    )
    assert caught.value.line == 3
    with pytest.raises(CardError) as bad:
        parse_card_lines("Kc\nQx")
    assert bad.value.line == 2


def test_read_card_file_can_insist_on_distinct_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("Kc Kc\n", encoding="utf-8")
    assert read_card_file(path) == parse_cards("Kc Kc")
    with pytest.raises(CardError, match="card 2 of line 1: 'Kc' repeats card 1 of line 1"):
        read_card_file(path, distinct=True)


def test_positions_count_within_the_line() -> None:
    with pytest.raises(CardError, match=r"^shoe\.txt, card 3 of line 2: bad card '9x'"):
        parse_card_lines("2h 3d 9s Kc\n5d 4d 9x\n", "shoe.txt")


def test_a_byte_order_mark_is_accepted_and_huge_or_endless_input_refused(tmp_path: Path) -> None:
    path = tmp_path / "shoe.txt"
    path.write_bytes("\ufeff2h 3d\r\n9s Kc\r\n".encode())
    assert read_card_file(path) == parse_cards("2h 3d 9s Kc")
    for device in ("/dev/zero", "/dev/urandom"):  # endless: refused before a byte is read
        with pytest.raises(CardError, match="a character device: expected a regular file"):
            read_card_file(device)
    path.write_text("2h 3d\n" + "x" * 10_001 + "\n", encoding="utf-8")
    with pytest.raises(CardError, match="longer than 10,000 characters"):
        read_card_file(path)
    path.write_bytes(b"2h 3d\n\xff\xfe\n")
    with pytest.raises(CardError, match="not UTF-8 text"):
        read_card_file(path)
    path.write_text("As Kd\n" * 200_000, encoding="utf-8")  # 1.2 MB: refused in moments
    with pytest.raises(CardError, match="more than 1 MiB of input"):
        read_card_file(path)
    with pytest.raises(CardError, match="NUL"):
        read_card_file("shoe\0.txt")


def test_card_spellings_are_exactly_the_tokens_parse_card_reads() -> None:
    """Every string of 2 or 3 characters over the characters of the rank and suit tokens
    (both cases, and a few that are in none): a card for parse_card exactly when its
    upper case is a spelling, and then the same card."""
    spellings = card_spellings()
    alphabet = sorted({c for token in spellings for c in token + token.lower()} | set("1bz"))
    for size in (2, 3):
        for chars in itertools.product(alphabet, repeat=size):
            token = "".join(chars)
            try:
                card = parse_card(token)
            except CardError:
                assert token.upper() not in spellings, token
            else:
                assert spellings[token.upper()] == card, token


def test_an_empty_shoe_of_one_card_says_so_in_the_singular() -> None:
    shoe = Shoe.stacked("As")
    shoe.draw()
    with pytest.raises(EmptyShoeError, match="its one card has been dealt"):
        shoe.draw()
    two = Shoe.stacked("As Ks")
    two.draw(), two.draw()
    with pytest.raises(EmptyShoeError, match="all 2 cards have been dealt"):
        two.peek()
