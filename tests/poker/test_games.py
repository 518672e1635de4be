"""The games as data (:mod:`croupier.poker.games`): their rules, where they come from, and
that every subject reads them (hold'em is one game among the others)."""

from __future__ import annotations

import pytest

from croupier.cards import DECK, parse_cards
from croupier.poker import PokerCardError, PokerError, calculate, evaluate_game, rank_game_rows
from croupier.poker.evaluation.classes import classes_of
from croupier.poker.evaluation.tables import flush_table, rank_multisets
from croupier.poker.games import GAMES, VARIANTS, Game, HandCategory, Variant, variant_of
from croupier.poker.matchups.lines import parse_matchup

from ..untyped import untyped

# --- the rules ------------------------------------------------------------------------


def test_every_game_has_rules() -> None:
    assert set(VARIANTS) == set(Game)
    assert GAMES == ("holdem", "omaha", "omaha5", "shortdeck", "shortdeck-straights")
    for game, variant in VARIANTS.items():
        assert variant.game is game
        assert sorted(variant.order) == sorted(HandCategory)
        assert variant.rules and variant.source


@pytest.mark.parametrize(
    ("game", "deck", "hole", "used", "lowest"),
    [
        ("holdem", 52, 2, None, (5, 4, 3, 2, 14)),
        ("omaha", 52, 4, 2, (5, 4, 3, 2, 14)),
        ("omaha5", 52, 5, 2, (5, 4, 3, 2, 14)),
        ("shortdeck", 36, 2, None, (9, 8, 7, 6, 14)),
        ("shortdeck-straights", 36, 2, None, (9, 8, 7, 6, 14)),
    ],
)
def test_decks_hole_cards_and_straights(
    game: str, deck: int, hole: int, used: int | None, lowest: tuple[int, ...]
) -> None:
    variant = variant_of(game)
    assert len(variant.deck) == deck == len(set(variant.deck))
    assert (variant.hole_cards, variant.hole_used, variant.lowest_straight) == (hole, used, lowest)
    assert variant.straights[0] == (14, 13, 12, 11, 10)
    assert len(variant.straights) == len(variant.ranks) - 3


def test_short_deck_orders_as_the_rooms_do() -> None:
    triton, straights = variant_of("shortdeck"), variant_of("shortdeck-straights")
    for variant in (triton, straights):  # both: a flush beats a full house
        assert variant.beats("FLUSH", "FULL_HOUSE")
        assert variant.beats(HandCategory.FOUR_OF_A_KIND, HandCategory.FLUSH)
    assert triton.beats("THREE_OF_A_KIND", "STRAIGHT")
    assert straights.beats("STRAIGHT", "THREE_OF_A_KIND")
    assert variant_of("holdem").beats("FULL_HOUSE", "FLUSH")


def test_unknown_games_and_wrong_types() -> None:
    with pytest.raises(PokerError, match="unknown game 'stud': expected holdem, omaha"):
        variant_of("stud")
    with pytest.raises(TypeError, match="game must be a Game"):
        variant_of(untyped(3))
    assert variant_of(" OMAHA ") is VARIANTS[Game.OMAHA]
    assert isinstance(variant_of(VARIANTS[Game.OMAHA]), Variant)


def test_the_categories_live_with_the_rules() -> None:
    assert HandCategory.FLUSH > HandCategory.STRAIGHT and HandCategory.FLUSH.is_suited
    assert [c.label for c in VARIANTS[Game.HOLDEM].order][:3] == [
        "straight flush",
        "four of a kind",
        "full house",
    ]
    import croupier.poker

    assert croupier.poker.HandCategory is HandCategory


@pytest.mark.parametrize("game", list(Game))
def test_each_deck_is_checked_by_its_rules(game: Game) -> None:
    variant = variant_of(game)
    assert DECK[variant.lowest_card].rank == variant.lowest_rank
    variant.check_deck(variant.deck)
    below = [c for c in DECK if c not in variant.deck]
    assert len(below) == 52 - len(variant.deck)
    for card in below[:1]:
        with pytest.raises(PokerCardError, match=f"board: card {card} is not in the .* deck"):
            variant.check_deck([card], "board")


@pytest.mark.parametrize("game", list(Game))
def test_every_subject_reads_the_same_rules(game: Game) -> None:
    """The classes, the tables, one hand, rows of hands, a file's line and the equity
    calculator of a game all follow its one set of rules."""
    variant = variant_of(game)
    classes = classes_of(game)
    lowest = variant.lowest_straight
    assert classes.unsuited[lowest] > classes.unsuited[variant.straights[0]]
    wheel = 0
    for rank in lowest:
        wheel |= 1 << (rank - 2)
    assert int(flush_table(game)[wheel]) == classes.suited[lowest]
    assert int(rank_multisets(5, game).max()) == 12
    assert int(rank_multisets(5, game).min()) == variant.lowest_rank - 2
    # the lowest straight, from one hand and from a row, in the game's numbering; a line
    # of two such hands (of other suits: in Omaha the same board) is a tie
    hands = []
    for suits in ((0, 1), (2, 3)):
        straight = [DECK[4 * (r - 2) + suits[i % 2]] for i, r in enumerate(lowest)]
        hole, board = (straight[:2], straight[2:]) if variant.hole_used else (straight, [])
        if variant.hole_used:  # Omaha: two hole cards play, the others any that do not
            spare = [c for c in variant.deck if c.rank not in lowest and c.suit in suits]
            hole = hole + spare[: variant.hole_cards - 2]
            board = [DECK[4 * (r - 2) + i % 2] for i, r in enumerate(lowest[2:])]
        hands.append((hole, board))
    hole, board = hands[0]
    ranking = evaluate_game(game, hole, board)
    assert ranking.category is HandCategory.STRAIGHT
    assert ranking.class_number == classes.unsuited[lowest]
    rows = rank_game_rows(game, [[c.index for c in hole]], [[c.index for c in board]])
    assert rows.tolist() == [ranking.class_number]
    line = " ; ".join(" ".join(map(str, h + b)) for h, b in hands)
    assert parse_matchup(line, game=game).winner == 0
    if variant.hole_used is None:  # two hole cards, the rest of the hand on the board
        hole, board = hole[:2], hole[2:]
    ranges = [" ".join(map(str, hole)), "random"]
    result = calculate(ranges, board=board, game=game, trials=20_000, rng=1)
    assert result.game == game and 0.5 < result.players[0].equity <= 1


def test_a_card_below_the_deck_is_refused_in_every_subject() -> None:
    with pytest.raises(PokerCardError, match="card 5c is not in the short-deck"):
        evaluate_game("shortdeck", "As Ks Qs Js 5c")
    with pytest.raises(PokerCardError, match="card 2c is not in the short-deck"):
        calculate(["AA", "KK"], board="2c 7d 9h", game="shortdeck")
    with pytest.raises(PokerError, match="expected 16 to 51"):
        rank_game_rows("shortdeck", [[51, 47]], [[0, 20, 24]])
    assert parse_cards("6c") == (DECK[16],)
