"""The payout tables page, rendered from the payout data in ``croupier.baccarat.payouts``."""

from __future__ import annotations

from fractions import Fraction

from croupier.baccarat import Composition, bet_odds
from croupier.baccarat.payouts import (
    PAYOUT_TABLES,
    Bet,
    Condition,
    NaturalTie,
    NaturalWin,
    Pair,
    Wins,
    WinsBy,
    WinsOn,
    WinsWith,
)
from croupier.baccarat.rules import Outcome

__all__ = ["describe_condition", "describe_net", "payout_tables_markdown"]


def describe_condition(condition: Condition) -> str:
    """A payout rule's condition in words."""
    match condition:
        case Wins(side=Outcome.TIE):
            return "the round is a tie"
        case Wins(side=side):
            return f"{side.value} wins"
        case WinsWith(side=side, cards=cards, total=total):
            return f"{side.value} wins with a {cards}-card {total}"
        case WinsOn(side=side, total=total):
            return f"{side.value} wins with {total} (two or three cards)"
        case NaturalWin(side=side):
            return f"{side.value} wins on a natural"
        case NaturalTie():
            return "a tie on naturals"
        case WinsBy(side=side, margin=margin):
            return f"{side.value} wins by {margin} without a natural"
        case Pair(side=side):
            return f"{side.value}'s first two cards are a pair"
    raise TypeError(f"no words for the condition {condition!r}")


def describe_net(net: Fraction) -> str:
    """A net payout per unit staked as a table reads it: ``19/20:1``, ``8:1``, push, lose."""
    if net == 0:
        return "push"
    if net < 0:
        return "loses" if net == -1 else f"loses {-net}"
    if net.denominator == 1:
        return f"{net.numerator}:1"
    return f"{net.numerator}/{net.denominator}:1 ({float(net):g}:1)"


def _rules(bet: Bet) -> str:
    parts = [f"{describe_condition(r.condition)}: {describe_net(r.net)}" for r in bet.rules]
    parts.append("anything else: loses")
    return "; ".join(parts)


def payout_tables_markdown(decks: int = 8) -> str:
    """Every payout table: each bet's rules in order and its house edge with ``decks`` decks."""
    shoe = Composition.decks(decks)
    lines: list[str] = []
    for name, table in PAYOUT_TABLES.items():
        edges = {odds.bet.key: odds.house_edge for odds in bet_odds(shoe, table)}
        lines.extend([f"## `{name}`", "", table.description[0].upper() + table.description[1:]])
        header = f"| key | bet | pays (first rule that holds) | house edge, {decks} decks |"
        lines.extend(["", header])
        lines.append("|---|---|---|---:|")
        for bet in table.bets:
            edge = edges.get(bet.key)
            shown = "n/a" if edge is None else f"{100 * edge:.4f}%"
            lines.append(f"| `{bet.key}` | {bet.name} | {_rules(bet)} | {shown} |")
        lines.append("")
    return "\n".join(lines)
