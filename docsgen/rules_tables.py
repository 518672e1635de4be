"""Rules as tables for the documentation: Baccarat's drawing rules (``croupier.baccarat.rules``),
Casino's scoring and the categories of ``poker hits`` (``croupier.poker.hits.categories``)."""

from __future__ import annotations

from croupier.baccarat.rules import (
    BANKER_DRAWS_AFTER_PLAYER_STOOD,
    PLAYER_DRAWS,
    POINTS,
    TABLEAU,
)
from croupier.cards import Rank

__all__ = ["baccarat_rules_markdown"]


def _draws(flags: tuple[bool, ...], total: int) -> str:
    if total >= 8:
        return "natural"
    return "draws" if flags[total] else "stands"


def baccarat_rules_markdown() -> str:
    """Card points, the player's rule, the banker's rule when the player stood, and the
    banker's tableau when the player drew."""
    points = " | ".join(f"{rank.label}" for rank in Rank)
    values = " | ".join(str(POINTS[rank]) for rank in Rank)
    lines = [
        "**Card points** (`POINTS`); a hand's total is the sum modulo 10:",
        "",
        f"| rank | {points} |",
        "|---|" + "---:|" * len(Rank),
        f"| points | {values} |",
        "",
        "**Two-card totals**: the player (`PLAYER_DRAWS`), and the banker when the player "
        "stood (`BANKER_DRAWS_AFTER_PLAYER_STOOD`):",
        "",
        "| total | " + " | ".join(str(t) for t in range(10)) + " |",
        "|---|" + "---|" * 10,
        "| player | " + " | ".join(_draws(PLAYER_DRAWS, t) for t in range(10)) + " |",
        "| banker | "
        + " | ".join(_draws(BANKER_DRAWS_AFTER_PLAYER_STOOD, t) for t in range(10))
        + " |",
        "",
        "**The banker's tableau** when the player drew a third card (`TABLEAU`): rows are the "
        "banker's two-card total, columns the points of the player's third card; "
        "**H** draws, S stands.",
        "",
        "| banker | " + " | ".join(str(p) for p in range(10)) + " |",
        "|---|" + ":---:|" * 10,
    ]
    for total in range(7, -1, -1):
        cells = " | ".join("**H**" if c == "H" else "S" for c in TABLEAU[total])
        lines.append(f"| {total} | {cells} |")
    return "\n".join(lines) + "\n"


def casino_scoring_markdown() -> str:
    """The Casino scoring table, rendered from ``croupier.casino.scoring.SCORING``."""
    from croupier.casino.scoring import SCORING, ScoreKind

    lines = ["| item | points | how | cards |", "|---|---:|---|---|"]
    for item in SCORING:
        how = (
            "to the player with more of them (nobody on a tie)"
            if item.kind is ScoreKind.MAJORITY
            else "for each card, to whoever captured it"
        )
        cards = (
            f"{len(item.cards)} cards"
            if len(item.cards) > 4
            else " ".join(card.pretty for card in sorted(item.cards))
        )
        lines.append(f"| {item.name} | {item.points} | {how} | {cards} |")
    total = sum(
        item.points * (1 if item.kind is ScoreKind.MAJORITY else len(item.cards))
        for item in SCORING
    )
    return "\n".join(lines) + f"\n\n{total} points in all in a round when nothing is tied.\n"


def poker_hit_categories_markdown() -> str:
    """The categories of ``poker hits``, rendered from ``croupier.poker.hits.categories``:
    what counts for each, and an example (combo on a board) that the tests classify."""
    from croupier.cards import parse_cards
    from croupier.poker.hits.categories import Draw, MadeHand

    def shown(text: str) -> str:
        return " ".join(card.pretty for card in parse_cards(text))

    lines = [
        "**Made hands**, exclusive: the first one that applies, in this order.",
        "",
        "| made hand | what counts | example |",
        "|---|---|---|",
    ]
    for made in MadeHand:
        combo, board = made.example
        lines.append(
            f"| {made.value} | {made.definition} | "
            f"{shown(combo[:2] + ' ' + combo[2:])} on {shown(board)} |"
        )
    lines += [
        "",
        "**Draws**, counted beside the made hand, on the flop and the turn.",
        "",
        "| draw | what counts | example |",
        "|---|---|---|",
    ]
    for draw in Draw:
        combo, board = draw.example
        lines.append(
            f"| {draw.value} | {draw.definition} | "
            f"{shown(combo[:2] + ' ' + combo[2:])} on {shown(board)} |"
        )
    return "\n".join(lines) + "\n"


def poker_omaha_hit_categories_markdown() -> str:
    """Omaha's categories of ``poker hits --game omaha`` (and ``omaha5``), rendered from
    ``croupier.poker.hits.categories``: what counts for each, and an example (a holding on
    a board) that the tests classify."""
    from croupier.cards import parse_cards
    from croupier.poker.hits.categories import OmahaDraw, OmahaHand

    def shown(text: str) -> str:
        return " ".join(card.pretty for card in parse_cards(text))

    lines = [
        "**Made hands** (Omaha), exclusive: the first one that applies, in this order.",
        "",
        "| made hand | what counts | example |",
        "|---|---|---|",
    ]
    lines += [
        f"| {m.value} | {m.definition} | {shown(m.example[0])} on {shown(m.example[1])} |"
        for m in OmahaHand
    ]
    lines += [
        "",
        "**Draws and the blocker** (Omaha), counted beside the made hand: draws on the flop "
        "and the turn, the blocker on every street.",
        "",
        "| draw | what counts | example |",
        "|---|---|---|",
    ]
    lines += [
        f"| {d.value} | {d.definition} | {shown(d.example[0])} on {shown(d.example[1])} |"
        for d in OmahaDraw
    ]
    return "\n".join(lines) + "\n"
