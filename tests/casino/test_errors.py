"""The rules a move can break: short codes that stay when a rule is reworded."""

from __future__ import annotations

import enum
import json

from croupier.casino import IllegalMoveError, Player, Rule, new_tournament


def test_each_rule_has_a_short_stable_code_and_its_sentence() -> None:
    assert issubclass(Rule, enum.StrEnum)
    for rule in Rule:
        assert rule.value == rule.name.lower().replace("_", "-")
        assert Rule(rule.value) is rule and json.loads(json.dumps(rule)) == rule.value
        assert rule.text and rule.text != rule.value and rule.text[0].islower()
    assert len({rule.text for rule in Rule}) == len(Rule)


def test_an_illegal_move_names_its_rule_by_code_and_sentence() -> None:
    state = new_tournament(Player.HUMAN, rng=7)
    problem = state.check("trail H8")
    assert isinstance(problem, IllegalMoveError)
    assert problem.rule is Rule.TRAIL_MATCH and str(problem.rule) == "trail-match"
    assert Rule.TRAIL_MATCH.text in str(problem)
