"""Every rule of play, each with a position built by hand, including every "not allowed"."""

from __future__ import annotations

import pytest

from croupier.casino import Action, IllegalMoveError, InvalidMoveError, Move, Player, Rule, State

from .helpers import COMPUTER, HUMAN, cards, listed, move, moves_of, notations, position


def refused(state: State, text: str, rule: Rule, *fragments: str) -> None:
    """The move is refused for ``rule``, is not listed, and the message says why."""
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(text)
    assert caught.value.rule is rule
    message = str(caught.value)
    assert message.startswith(f"illegal move '{move(text)}': {rule.text}")
    for fragment in fragments:
        assert fragment in message
    assert move(text) not in state.legal_moves()


def played(state: State, text: str) -> State:
    """Apply a move that must be listed."""
    assert move(text) in state.legal_moves(), (text, listed(state))
    return state.apply(text)


# --- trail ------------------------------------------------------------------------------


def test_a_trail_puts_the_card_loose_and_passes_the_turn() -> None:
    state = position("H5 C9", "D2 S7", "SK D3")
    after = played(state, "trail H5")
    assert after.loose == cards("SK D3 H5")
    assert after.hand(HUMAN) == cards("C9")
    assert after.next_player is COMPUTER and after.last_capturer is None


def test_no_trail_of_a_card_that_matches_a_loose_card() -> None:
    state = position("H5 C9", "D2 S7", "S5 D3")
    refused(state, "trail H5", Rule.TRAIL_MATCH, "H5 matches the loose S5")
    assert notations("capture H5 S5") <= moves_of(state, "H5")


def test_no_trail_of_an_ace_when_an_ace_is_loose() -> None:
    state = position("HA C9", "D2 S7", "SA D3")
    refused(state, "trail HA", Rule.TRAIL_MATCH)


def test_a_trail_is_allowed_when_the_card_only_makes_a_set_or_a_build() -> None:
    state = position("H5 C9", "D2 S7 D5", "C2 D3 [S4 HA]", [COMPUTER], to_move=HUMAN)
    assert notations("trail H5") <= moves_of(state, "H5")
    assert notations("capture H5 C2 D3") <= moves_of(state, "H5")
    assert notations("capture H5 [S4 HA]") <= moves_of(state, "H5")


def test_no_trail_for_a_build_owner() -> None:
    state = position("H5 C9", "D2 S7", "SK [C6 S3]", [HUMAN])
    refused(state, "trail H5", Rule.TRAIL_OWNER, "owns [C6 S3]")
    assert not any(m.startswith("trail") for m in listed(state))


def test_a_trail_takes_nothing() -> None:
    state = position("H5 C9", "D2 S7", "SK D3")
    with pytest.raises(InvalidMoveError, match="a trail names only the card played"):
        state.apply("trail H5 D3")  # the notation alone shows it: not even a move
    built = Move(Action.TRAIL, cards("H5")[0], cards("D3"))  # a Move value built by hand
    problem = state.check(built)
    assert problem is not None and problem.rule is Rule.TRAIL_TAKES_NOTHING


def test_check_returns_the_problem_and_a_finished_round_has_nobody_to_move() -> None:
    state = position("H5", "", "SK", deck="")
    assert state.check("trail H5") is None and state.is_legal("trail H5")
    problem = state.check("trail S9")
    assert isinstance(problem, IllegalMoveError) and problem.rule is Rule.CARD_IN_HAND
    assert not state.is_legal("trail S9")
    over = state.apply("trail H5")
    assert over.is_round_over and over.to_move is None and over.legal_moves() == []
    problem = over.check("trail H5")
    assert problem is not None and problem.rule is Rule.ROUND_OVER


# --- capture ----------------------------------------------------------------------------


def test_a_capture_takes_the_matching_card_to_the_pile() -> None:
    state = position("H5 C9", "D2 S7", "S5 DK", human_pile="", last=COMPUTER)
    after = played(state, "capture H5 S5")
    assert after.pile(HUMAN) == cards("H5 S5")
    assert after.loose == cards("DK")
    assert after.last_capturer is HUMAN and after.next_player is COMPUTER


def test_every_loose_card_of_the_value_must_be_captured() -> None:
    state = position("H5 C9", "D2 S7", "S5 D5 DK")
    refused(state, "capture H5 S5", Rule.CAPTURE_MATCHES, "D5 is left on the table")
    assert moves_of(state, "H5") == notations("capture H5 D5 S5")


def test_sets_are_optional_and_must_sum_to_the_value() -> None:
    state = position("H8 C9", "D2 S7", "S8 C5 D3 H4")
    assert moves_of(state, "H8") == notations("capture H8 S8", "capture H8 D3 C5 S8")
    refused(state, "capture H8 D3 H4 S8", Rule.CAPTURE_SETS, "capturing 8")
    after = played(state, "capture H8 D3 C5 S8")
    assert after.pile(HUMAN)[-4:] == cards("H8 S8 C5 D3")  # played, then taken in table order
    assert after.loose == cards("H4")


def test_several_sets_at_once_but_never_one_card_twice() -> None:
    state = position("SX C9", "H2 S7", "C6 D4 H7 S3 HA D2")
    moves = moves_of(state, "SX")
    assert notations("capture SX D4 C6 S3 H7") <= moves  # 6+4 and 7+3
    assert notations("capture SX D2 S3 D4 HA") <= moves  # 2+3+4+1
    assert notations("capture SX HA D2 H7") <= moves  # 1+2+7
    assert not notations("capture SX HA D2 S3 H7 C6") & moves  # 6 is left without a partner
    refused(state, "capture SX HA D2 S3 H7 C6", Rule.CAPTURE_SETS)
    captures = [move(m) for m in moves if m.startswith("capture")]
    assert all(len(state.apply(m).loose) + len(m.loose) == 6 for m in captures)


def test_an_ace_played_as_14_captures_a_king_and_an_ace() -> None:
    state = position("SA C9", "D2 S7", "CK HA D5")
    assert moves_of(state, "SA") == notations("capture SA HA", "capture SA CK HA")
    after = played(state, "capture SA CK HA")
    assert after.pile(HUMAN)[-3:] == cards("SA CK HA")
    assert move("capture SA CK HA").value == 14


def test_an_ace_captures_sets_of_14() -> None:
    state = position("SA C8", "D2 S7", "C9 D5 H3")
    assert moves_of(state, "SA") == notations("capture SA D5 C9", "trail SA")


def test_captures_take_builds_of_the_value_of_either_owner() -> None:
    state = position("S9 H9", "H2 S7 D8", "[C6 S3] [C5 HA D2] C9", [HUMAN, COMPUTER])
    assert notations("capture S9 C9") <= moves_of(state, "S9")
    assert notations("capture S9 C9 [C6 S3]") <= moves_of(state, "S9")
    after = played(state, "capture S9 C9 [C6 S3]")
    assert after.builds == state.builds[1:]
    assert after.pile(HUMAN)[-4:] == cards("S9 C9 C6 S3")


def test_a_capture_takes_the_opponents_build() -> None:
    state = position("H8 C9", "D2 S8 D8", "[C5 H3]", [COMPUTER])
    after = played(state, "capture H8 [C5 H3]")
    assert after.builds == () and after.last_capturer is HUMAN


def test_a_multiple_build_is_captured_whole() -> None:
    state = position("H9 C9", "D2 S7", "[ [C6 S3] [S9] ] DK", [HUMAN])
    after = played(state, "capture H9 [C6 S3 S9]")
    assert after.builds == ()
    assert after.pile(HUMAN)[-4:] == cards("H9 C6 S3 S9")
    refused(state, "capture H9 [C6 S3]", Rule.BUILD_ON_TABLE, "no build [S3 C6]")


def test_a_capture_takes_only_builds_of_its_value() -> None:
    state = position("H8 C9", "D2 S7", "[C5 H2] D8", [COMPUTER])
    refused(state, "capture H8 D8 [C5 H2]", Rule.CAPTURE_BUILD_VALUE, "worth 7")


def test_a_capture_must_take_something() -> None:
    state = position("H8 C9", "D2 S7", "D4 C3")
    refused(state, "capture H8", Rule.CAPTURE_SOMETHING)


def test_the_card_must_be_in_the_hand_of_the_player_to_move() -> None:
    state = position("H8 C9", "D2 S7", "D4 C3")
    refused(state, "trail D2", Rule.CARD_IN_HAND, "the human holds no D2")
    computer = position("H8 C9", "D2 S7", "D4 C3", to_move=COMPUTER)
    refused(computer, "trail H8", Rule.CARD_IN_HAND, "the computer holds no H8")


def test_named_cards_and_builds_must_be_on_the_table() -> None:
    state = position("H7 C9", "D2 S7", "D4 C3 [H2 C5]", [COMPUTER])
    refused(state, "capture H7 D4 S3", Rule.ON_TABLE, "S3 is not loose")
    refused(state, "capture H7 C5", Rule.ON_TABLE, "C5 is not loose")
    refused(state, "capture H7 [D4 C3]", Rule.BUILD_ON_TABLE, "no build [C3 D4]")


# --- build --------------------------------------------------------------------------------


def test_a_build_joins_the_card_and_loose_cards_for_a_card_held() -> None:
    state = position("C5 C9", "D2 S7", "D4 SK")
    assert notations("build C5 D4") <= moves_of(state, "C5")
    after = played(state, "build C5 D4")
    (build,) = after.builds
    assert build.parts == (cards("D4 C5"),) and build.value == 9 and build.owner is HUMAN
    assert after.loose == cards("SK") and after.hand(HUMAN) == cards("C9")


def test_a_build_needs_another_card_of_its_value_in_hand() -> None:
    state = position("C5 C8", "D2 S7", "D4 SK")
    refused(state, "build C5 D4", Rule.BUILD_HOLD, "no other card of value 9")


def test_a_build_is_worth_14_at_most() -> None:
    state = position("C9 CA", "D2 S7", "D6 SK")
    refused(state, "build C9 D6", Rule.BUILD_MAX, "worth 15")


def test_a_build_of_14_is_held_with_an_ace_and_aces_in_builds_count_1() -> None:
    state = position("D4 CA", "D2 S7", "DX H8")
    assert notations("build D4 DX") <= moves_of(state, "D4")  # 4 + 10 = 14, the ace captures it
    aces = position("SA C9", "D2 S7", "C8 H3")
    assert notations("build SA C8") <= moves_of(aces, "SA")  # 1 + 8 = 9
    assert played(aces, "build SA C8").builds[0].value == 9


def test_no_build_of_the_value_of_an_opponents_build() -> None:
    state = position("C5 C9", "D2 S9 S7", "D4 [H6 H3]", [COMPUTER])
    refused(state, "build C5 D4", Rule.BUILD_OPPONENT_VALUE, "the computer owns [H6 H3], worth 9")


def test_a_new_build_of_the_same_value_joins_ones_own_as_a_multiple_build() -> None:
    state = position("S4 C9", "D2 S7", "[C6 S3] H5", [HUMAN])
    after = played(state, "build S4 H5")
    (build,) = after.builds
    assert str(build) == "[ [C6 S3] [H5 S4] ]" and build.owner is HUMAN and build.value == 9


def test_a_card_alone_joins_ones_own_build_of_its_value() -> None:
    state = position("S9 C9", "D2 S7", "[C6 S3] DK", [HUMAN])
    after = played(state, "build S9")
    assert str(after.builds[0]) == "[ [C6 S3] [S9] ]"
    assert move("build S9").value == 9


def test_an_ace_alone_joins_a_build_of_14() -> None:
    state = position("SA CA", "D2 S7", "[CK HA] DK", [HUMAN])
    after = played(state, "build SA")
    assert str(after.builds[0]) == "[ [CK HA] [SA] ]" and after.builds[0].value == 14


def test_a_card_alone_needs_ones_own_build_of_its_value() -> None:
    state = position("S9 C9", "D9 S7", "[C6 S3] DK", [COMPUTER], to_move=HUMAN)
    refused(state, "build S9", Rule.BUILD_ALONE, "owns no build of 9")


def test_a_card_alone_still_needs_another_card_of_the_value() -> None:
    state = position("S9 C2", "D2 S7", "[C6 S3] DK", [HUMAN])
    refused(state, "build S9", Rule.BUILD_HOLD)


def test_a_build_uses_loose_cards_only() -> None:
    state = position("C5 C9", "D2 S7 D8", "D4 [H5 H3]", [COMPUTER])
    refused(state, "build C5 D4 [H5 H3]", Rule.BUILD_LOOSE)


# --- increase -------------------------------------------------------------------------------


def test_an_increase_takes_over_the_opponents_build() -> None:
    state = position("H2 CJ", "D2 S9", "[C6 S3] DK", [COMPUTER])
    after = played(state, "increase H2 [C6 S3]")
    (build,) = after.builds
    assert build.parts == (cards("C6 S3 H2"),) and build.value == 11 and build.owner is HUMAN


def test_an_ace_increases_by_1() -> None:
    state = position("HA CX", "D2 S9", "[C6 S3] DK", [COMPUTER])
    assert move("increase HA [C6 S3]").value == 10
    assert played(state, "increase HA [C6 S3]").builds[0].value == 10


def test_nobody_increases_their_own_build() -> None:
    state = position("H2 CJ C9", "D2 S9", "[C6 S3] DK", [HUMAN])
    refused(state, "increase H2 [C6 S3]", Rule.INCREASE_OWN, "belongs to the human")


def test_a_multiple_build_cannot_be_increased() -> None:
    state = position("H2 CJ", "D2 H9", "[ [C6 S3] [S9] ] DK", [COMPUTER])
    refused(state, "increase H2 [C6 S3 S9]", Rule.INCREASE_MULTIPLE)


def test_an_increase_stays_at_14_or_less() -> None:
    state = position("H6 CA", "D2 S9", "[C6 S3] DK", [COMPUTER])
    refused(state, "increase H6 [C6 S3]", Rule.INCREASE_MAX, "worth 15")


def test_an_increase_needs_a_card_of_the_new_value() -> None:
    state = position("H2 CQ", "D2 S9", "[C6 S3] DK", [COMPUTER])
    refused(state, "increase H2 [C6 S3]", Rule.INCREASE_HOLD, "value 11")


def test_no_increase_to_the_value_of_another_opponents_build() -> None:
    state = position("H2 CJ", "D2 S9 SJ", "[C6 S3] [D5 H6]", [COMPUTER, COMPUTER])
    refused(state, "increase H2 [C6 S3]", Rule.BUILD_OPPONENT_VALUE, "worth 11")


def test_an_increase_to_the_value_of_ones_own_build_joins_it() -> None:
    state = position("H2 CJ", "D2 S9", "[D5 H6] [C6 S3]", [HUMAN, COMPUTER])
    after = played(state, "increase H2 [C6 S3]")
    (build,) = after.builds
    assert str(build) == "[ [D5 H6] [C6 S3 H2] ]" and build.owner is HUMAN and build.value == 11


def test_an_increase_adds_the_card_to_exactly_one_build() -> None:
    state = position("H2 CJ", "D2 S9 S8", "[C6 S3] [D5 H3] C4", [COMPUTER, COMPUTER])
    refused(state, "increase H2 C4 [C6 S3]", Rule.INCREASE_ONE)
    refused(state, "increase H2 [C6 S3] [D5 H3]", Rule.INCREASE_ONE)
    refused(state, "increase H2", Rule.INCREASE_ONE)


# --- keeping a card for one's build -----------------------------------------------------------


def test_the_last_card_of_a_builds_value_must_capture_the_build() -> None:
    state = position("S9 C2", "D2 S7", "[C6 S3] H9", [HUMAN])
    refused(state, "capture S9 H9", Rule.KEEP_CARD, "S9 is the last card of value 9")
    assert moves_of(state, "S9") == notations("capture S9 H9 [C6 S3]")
    refused(state, "capture S9 [C6 S3]", Rule.CAPTURE_MATCHES, "H9 is left on the table")


def test_with_two_cards_of_the_value_the_owner_may_capture_without_the_build() -> None:
    state = position("S9 C9", "D2 S7", "[C6 S3] H9", [HUMAN])
    assert notations("capture S9 H9") <= moves_of(state, "S9")
    assert played(state, "capture S9 H9").builds == state.builds


def test_the_last_card_of_the_value_cannot_build_or_increase_elsewhere() -> None:
    state = position("S9 HA", "D5 S7", "[C6 S3] [D2 H3] C5", [HUMAN, COMPUTER])
    refused(state, "increase S9 [D2 H3]", Rule.KEEP_CARD, "for [C6 S3]")
    refused(state, "build S9 C5", Rule.KEEP_CARD)


def test_an_owner_can_always_capture_their_build_with_the_last_card() -> None:
    state = position("S9", "D2", "[C6 S3] H4", [HUMAN])
    assert listed(state) == notations("capture S9 [C6 S3]")


def test_a_player_whose_build_was_taken_over_may_trail_again() -> None:
    state = position("H2 CJ", "D2 S9", "[C6 S3] DK", [COMPUTER])
    after = played(state, "increase H2 [C6 S3]")
    assert notations("trail D2") <= listed(after)


def test_the_keep_a_card_rule_applies_to_each_build() -> None:
    state = position("S9 SX", "D2 S7", "[C6 S3] [D7 H3] C5", [HUMAN, HUMAN])
    assert moves_of(state, "SX") == notations("capture SX [H3 D7]")
    assert moves_of(state, "S9") == notations("capture S9 [C6 S3]")


# --- dealing, turns and the end of the round ---------------------------------------------------


def test_both_hands_empty_deals_four_to_the_human_then_four_to_the_computer() -> None:
    deck = "C2 C3 C4 C5 C6 C7 C8 C9"
    state = position("H5", "HK", "DQ", to_move=COMPUTER, deck=deck)
    state = played(state, "trail HK")
    assert state.next_player is HUMAN
    after = played(state, "trail H5")
    assert after.hand(HUMAN) == cards("C2 C3 C4 C5")
    assert after.hand(COMPUTER) == cards("C6 C7 C8 C9")
    assert after.deck == () and after.loose == cards("DQ HK H5")
    assert after.next_player is COMPUTER  # turns keep alternating


def test_a_short_deck_deals_what_is_left_and_the_turn_stays_with_the_player_holding_cards() -> None:
    state = position("H5", "HK", "DQ", to_move=HUMAN, deck="C2 C3 C4 C5 C6")
    state = played(played(state, "trail H5"), "trail HK")
    assert state.hand(HUMAN) == cards("C2 C3 C4 C5") and state.hand(COMPUTER) == cards("C6")
    assert state.next_player is HUMAN
    state = played(state, "trail C2")
    state = played(state, "trail C6")
    assert state.next_player is HUMAN  # the computer has no cards left: the human goes on
    for card in ("C3", "C4"):
        state = played(state, f"trail {card}")
        assert state.next_player is HUMAN


def test_the_round_ends_with_the_table_going_to_the_last_capturer() -> None:
    state = position(
        "H5", "S9", "S5 C2 [C6 S3]", [COMPUTER], human_pile="", to_move=HUMAN, last=COMPUTER
    )
    state = played(state, "capture H5 S5")
    assert not state.is_round_over and state.next_player is COMPUTER
    state = played(state, "capture S9 [C6 S3]")
    assert state.is_round_over and state.legal_moves() == []
    assert state.loose == () and state.builds == ()
    assert state.pile(COMPUTER)[-4:] == cards("S9 C6 S3 C2")  # the C2 went to the last capturer
    assert state.last_capturer is COMPUTER and state.next_player is COMPUTER


def test_a_trail_as_the_last_card_leaves_the_table_to_the_last_capturer() -> None:
    state = position("H5", "", "C2", human_pile="", last=COMPUTER)
    after = played(state, "trail H5")
    assert after.is_round_over and after.loose == ()
    assert after.pile(COMPUTER)[-2:] == cards("C2 H5")
    assert after.next_player is COMPUTER


def test_without_a_last_capturer_the_table_stays() -> None:
    state = position("H5", "", "C2", last=None)
    after = played(state, "trail H5")
    assert after.is_round_over and after.loose == cards("C2 H5")
    assert after.next_player is COMPUTER


def test_no_move_once_the_round_is_over() -> None:
    state = played(position("H5", "", "C2", last=HUMAN), "trail H5")
    refused(state, "trail H5", Rule.ROUND_OVER)


def test_apply_accepts_notation_and_can_skip_the_check() -> None:
    state = position("H5 C9", "D2 S7", "SK D3")
    assert state.apply("trail H5") == state.apply(move("trail H5"), check=False)
    assert state.check(move("trail H5")) is None
    assert state.is_legal(move("trail H5")) and not state.is_legal(move("trail D2"))


def test_the_illegal_move_error_is_a_value_error_with_the_rule() -> None:
    state = position("H5 C9", "D2 S7", "S5 D3")
    with pytest.raises(ValueError, match="must capture it"):
        state.apply("trail H5")
    assert Player.HUMAN in (state.next_player,)
