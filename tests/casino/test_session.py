"""The session behind ``croupier casino play``: menus, the human's move step by step, rounds."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from croupier.cards import DECK, Card
from croupier.casino import (
    Action,
    Build,
    CasinoError,
    IllegalMoveError,
    Move,
    Rule,
    State,
    new_tournament,
)
from croupier.casino.session import (
    MenuChoice,
    Session,
    compose_move,
    menu,
    parse_hand_choice,
    parse_menu_choice,
    parse_move_line,
    parse_selection,
    table_items,
)
from croupier.casino.strategies import strategy_named

from ..untyped import untyped
from .helpers import COMPUTER, HUMAN, cards, position


def test_the_menus() -> None:
    human = menu(position("H5", "S9", "C4"))
    computer = menu(position("H5", "S9", "C4", to_move=COMPUTER))
    assert [item.choice for item in human] == [
        MenuChoice.SAVE,
        MenuChoice.MOVE,
        MenuChoice.HELP,
        MenuChoice.QUIT,
        MenuChoice.MOVES,
        MenuChoice.HISTORY,
        MenuChoice.UNDO,
        MenuChoice.SAVE_AND_QUIT,
        MenuChoice.PLAY_HINT,
        MenuChoice.MENU,
    ]
    assert [item.label for item in human] == [
        "Save the game",
        "Make a move",
        "Ask for help",
        "Quit the game",
        "List my legal moves",
        "Show this round's moves",
        "Take back my last move (a practice game)",
        "Save and quit",
        "Play the hint (the judge's best move)",
        "Show this menu",
    ]
    assert [item.choice for item in computer] == [
        MenuChoice.SAVE,
        MenuChoice.MOVE,
        MenuChoice.QUIT,
        MenuChoice.SAVE_AND_QUIT,
        MenuChoice.MENU,
    ]
    assert computer[1].label == "Let the computer move"


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("1", MenuChoice.SAVE),
        (" 2 ", MenuChoice.MOVE),
        ("h", MenuChoice.HELP),
        ("QUIT", "quit"),
        ("moves", MenuChoice.MOVES),
        ("History", MenuChoice.HISTORY),
        ("u", MenuChoice.UNDO),
        ("8", MenuChoice.SAVE_AND_QUIT),
        ("save-and-quit", MenuChoice.SAVE_AND_QUIT),
        ("x", MenuChoice.SAVE_AND_QUIT),
        ("l", MenuChoice.MOVES),
        ("r", MenuChoice.HISTORY),
        ("p", MenuChoice.PLAY_HINT),
        ("9", MenuChoice.PLAY_HINT),
        ("?", MenuChoice.MENU),
    ],
)
def test_menu_answers(text: str, choice: str) -> None:
    assert parse_menu_choice(text, menu(position("H5", "S9", "C4"))) == choice


@pytest.mark.parametrize("text", ["0", "10", "", "z", "help me"])
def test_bad_menu_answers(text: str) -> None:
    with pytest.raises(CasinoError, match=r"bad choice .*: expected a number from 1 to 9, a key"):
        parse_menu_choice(text, menu(position("H5", "S9", "C4")))


def test_a_menu_with_nothing_to_choose_is_refused() -> None:
    # parse_menu_choice("", ()) was an IndexError.
    only_the_menu = [
        item for item in menu(position("H5", "S9", "C4")) if item.choice is MenuChoice.MENU
    ]
    for items in ([], only_the_menu):
        with pytest.raises(CasinoError, match=r"^no menu items to choose from: expected one"):
            parse_menu_choice("", items)
    with pytest.raises(TypeError, match=r"^text must be a str, not NoneType"):
        parse_menu_choice(untyped(None), menu(position("H5", "S9", "C4")))


def test_a_move_line_must_be_text() -> None:
    # parse_move_line(None) was an AttributeError.
    with pytest.raises(TypeError, match=r"^text must be a str, not NoneType"):
        parse_move_line(untyped(None))


def test_the_computer_menu_has_no_help() -> None:
    items = menu(position("H5", "S9", "C4", to_move=COMPUTER))
    assert parse_menu_choice("3", items) is MenuChoice.QUIT
    with pytest.raises(
        CasinoError,
        match=r"from 1 to 4, a key \(s m q x \?\), or save, move, quit or save-and-quit",
    ):
        parse_menu_choice("help", items)


def test_choosing_a_card_of_the_hand() -> None:
    hand = cards("H5 SA D10")
    assert parse_hand_choice("1", hand) == Card.parse("H5")
    assert parse_hand_choice("as", hand) == Card.parse("SA")
    assert parse_hand_choice("10♦", hand) == Card.parse("DX")
    with pytest.raises(CasinoError, match="bad card number 4: expected a number from 1 to 3"):
        parse_hand_choice("4", hand)
    with pytest.raises(CasinoError, match=r"9♣ is not in the hand: .*\(5♥ A♠ 10♦\)"):
        parse_hand_choice("C9", hand)
    with pytest.raises(CasinoError, match="bad card 'nine'"):
        parse_hand_choice("nine", hand)


def test_table_items_are_the_builds_then_the_loose_cards() -> None:
    state = position("S9 H7", "D7", "HK [C6 S3] C8", [HUMAN])
    items = table_items(state)
    assert isinstance(items[0], Build) and items[1:] == cards("HK C8")


def test_choosing_table_cards_and_builds() -> None:
    state = position("S9 H7", "D7", "HK [C6 S3] C8", [HUMAN])
    items = table_items(state)
    build = state.builds[0]
    assert parse_selection("", items) == ()
    assert parse_selection("3 2", items) == (Card.parse("C8"), Card.parse("HK"))
    assert parse_selection("1", items) == (build,)
    assert parse_selection("s3, kh", items) == (build, Card.parse("HK"))  # a build's card names it
    with pytest.raises(CasinoError, match="bad table number 4: expected numbers from 1 to 3"):
        parse_selection("4", items)
    with pytest.raises(CasinoError, match="'C6' names the build \\[C6 S3\\] twice"):
        parse_selection("1 C6", items)
    with pytest.raises(CasinoError, match="'8c' names 8♣ twice"):
        parse_selection("3 8c", items)
    with pytest.raises(CasinoError, match="9♦ is not on the table"):
        parse_selection("D9", items)
    with pytest.raises(CasinoError, match="bad choice 'all'"):
        parse_selection("all", items)
    with pytest.raises(CasinoError, match="the table is empty"):
        parse_selection("1", ())


def test_composing_moves() -> None:
    state = position("S9 H7", "D9", "HK [C6 S3] C8 H2", [COMPUTER])
    items = table_items(state)
    nine, seven = cards("S9 H7")
    assert compose_move(seven, Action.TRAIL) == Move.parse("trail H7")
    assert compose_move(seven, Action.BUILD, parse_selection("H2", items)) == Move.parse(
        "build H7 H2"
    )
    assert compose_move(nine, Action.CAPTURE, parse_selection("1", items)) == Move.parse(
        "capture S9 [C6 S3]"
    )
    assert compose_move(seven, Action.INCREASE, parse_selection("2", items)).action is (
        Action.INCREASE
    )


def session_at(state: State, strategy: str = "greedy") -> Session:
    return Session(state, strategy_named(strategy), np.random.default_rng(1))


def test_an_illegal_move_changes_nothing() -> None:
    state = position("H5 S9", "D7", "C5 D4", deck="S2 S3 S4 S6 S7 S8 SJ SQ")
    session = session_at(state)
    with pytest.raises(IllegalMoveError) as caught:
        session.play("trail H5")
    assert caught.value.rule is Rule.TRAIL_MATCH
    assert session.state is state and not session.finished


def test_moves_are_played_in_turn() -> None:
    state = position("H5 S9", "D7 C2", "C5 D4", deck="S2 S3 S4 S6 S7 S8 SJ SQ")
    session = session_at(state)
    turn = session.play(compose_move(Card.parse("H5"), Action.BUILD, [Card.parse("D4")]))
    assert turn.player is HUMAN and turn.round_end is None
    assert session.to_move is COMPUTER and turn.state is session.state
    assert [item.choice for item in session.menu()] == [
        "save",
        "move",
        "quit",
        "save-and-quit",
        "menu",
    ]
    with pytest.raises(CasinoError, match="not the human's turn"):
        session.hint()
    decision = session.computer_decision()
    assert session.play(decision.move).player is COMPUTER
    assert session.hint().move in session.state.legal_moves()


def test_the_end_of_a_round_scores_it_and_deals_the_next() -> None:
    # Last move of the round: the human captures; the table's rest goes to the human.
    state = position("H5", "", "C5 D4", deck="", last=COMPUTER, scores=(3, 4))
    session = session_at(state)
    turn = session.play("capture H5 C5")
    end = turn.round_end
    assert end is not None and not end.tournament_over and end.winner is None
    assert end.leftover == cards("D4")
    assert end.state.is_round_over and end.state.last_capturer is HUMAN
    assert end.totals == (3 + end.score.points[0], 4 + end.score.points[1])
    # The next round: scores carried, the last capturer first.
    assert session.state.round_number == 2 and session.state.next_player is HUMAN
    assert session.state.scores == end.totals and not session.finished


def test_the_end_of_the_tournament() -> None:
    state = position(
        "H5", "", "C5 D4", deck="", last=COMPUTER, scores=(20, 4), human_pile="DX SA HA"
    )
    session = session_at(state)
    end = session.play("capture H5 C5").round_end
    assert end is not None and end.tournament_over and end.winner is HUMAN
    assert session.finished
    with pytest.raises(CasinoError, match="the tournament is over"):
        session.play("trail H5")
    with pytest.raises(CasinoError, match="not the human's turn"):
        session.hint()


def test_a_trail_ending_the_round_leaves_its_card_to_the_last_capturer() -> None:
    state = position("H7", "", "C5 D4", deck="", last=COMPUTER)
    end = session_at(state).play("trail H7").round_end
    assert end is not None and end.leftover == cards("C5 D4 H7")
    assert set(end.leftover) <= set(end.state.piles[COMPUTER])


def test_a_session_from_a_finished_round_deals_the_next() -> None:
    over = position("", "", "", last=COMPUTER, scores=(2, 3))
    assert over.is_round_over
    session = session_at(over)
    assert session.state.round_number == 2 and session.state.next_player is COMPUTER
    done = dataclasses.replace(over, scores=(21, 3))
    with pytest.raises(CasinoError, match="the tournament is over"):
        session_at(done)


def test_new_sessions_repeat_with_a_seed() -> None:
    one = Session.new(HUMAN, rng=4, strategy=strategy_named("random"))
    two = Session.new(HUMAN, rng=4)
    assert one.state == two.state == new_tournament(HUMAN, rng=np.random.default_rng(4))
    assert two.strategy.name == "expert"
    stacked = Session.new(COMPUTER, deck=DECK)
    assert stacked.state.next_player is COMPUTER and stacked.state.hands[HUMAN] == DECK[:4]


# --- one-line moves, the move stack, history and undo -------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("capture D8 H8", "capture D8 H8"),
        ("  build h3 s2 ", "build H3 S2"),
        ("t C9", "trail C9"),
        ("increase SA [D5 H2]", "increase SA [D5 H2]"),
    ],
)
def test_a_move_typed_on_one_line(text: str, move: str) -> None:
    assert parse_move_line(text) == Move.parse(move)


@pytest.mark.parametrize("text", ["", "8d", "2", "build", "c", "1 3", "D8 H8", "menu"])
def test_answers_to_the_step_by_step_prompts_are_not_moves(text: str) -> None:
    assert parse_move_line(text) is None


def test_a_bad_one_line_move_says_what_is_wrong() -> None:
    with pytest.raises(CasinoError, match="bad move 'capture D8 Z9': bad card 'Z9'"):
        parse_move_line("capture D8 Z9")


def test_the_move_stack_and_this_round_s_history() -> None:
    state = position("H5 S9", "D7 C2", "C5 D4", deck="S2 S3 S4 S6 S7 S8 SJ SQ")
    session = session_at(state)
    assert session.move_stack == [] and session.round_history() == ()
    first = session.play("capture H5 C5")
    second = session.play(session.computer_decision().move)
    assert session.move_stack == [first.move, second.move]
    assert [(turn.player, turn.move) for turn in session.round_history()] == [
        (HUMAN, first.move),
        (COMPUTER, second.move),
    ]


def test_undo_takes_back_my_move_and_the_reply_and_makes_a_practice_game() -> None:
    state = position("H5 S9", "D7 C2", "C5 D4", deck="S2 S3 S4 S6 S7 S8 SJ SQ")
    session = session_at(state)
    assert not session.practice and not session.can_undo
    with pytest.raises(CasinoError, match="nothing to take back"):
        session.undo()
    mine = session.play("capture H5 C5").move
    with pytest.raises(CasinoError, match="only at your turn"):
        session.undo()  # the computer is to move
    reply = session.play(session.computer_decision().move).move
    assert session.can_undo
    assert session.undo() == (mine, reply)
    assert session.state == state and session.move_stack == [] and session.practice
    assert session.round_history() == () and not session.can_undo
    assert session.log.moves == 0 and session.log.rounds == ()  # the log forgets them too
    # The same move again gets the same reply: the game goes on from there.
    session.play(mine)
    assert session.computer_decision().move == reply
    assert session.log.rounds[-1].moves == (mine,) and session.log.current == session.state


def test_a_game_resumed_with_its_moves_has_its_history_and_take_back() -> None:
    state = position("H5 S9", "D7 C2", "C5 D4", deck="S2 S3 S4 S6 S7 S8 SJ SQ")
    before = session_at(state)
    mine = before.play("capture H5 C5").move
    reply = before.play(before.computer_decision().move).move
    # Saved, then resumed in a new session with the game's moves (a game file).
    resumed = Session(before.state, None, 1, log=before.log)
    assert [(turn.player, turn.move) for turn in resumed.round_history()] == [
        (HUMAN, mine),
        (COMPUTER, reply),
    ]
    assert resumed.move_stack == [mine, reply] and resumed.can_undo
    assert resumed.undo() == (mine, reply) and resumed.state == state
    # Without its moves (a plain save file), there is nothing to take back.
    plain = Session(before.state, None, 1)
    assert plain.round_history() == () and not plain.can_undo


def test_a_finished_round_cannot_be_taken_back() -> None:
    state = position("H5", "D7", "C5 D4", deck="", last=COMPUTER, to_move=HUMAN)
    session = session_at(state)
    turn = session.play("capture H5 C5")
    assert turn.round_end is None
    end = session.play(session.computer_decision().move)
    assert end.round_end is not None and not session.finished
    assert session.round_history() == () and not session.can_undo
    assert len(session.move_stack) == 2  # the stack keeps every move of the session
