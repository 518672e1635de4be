"""Rich drawing shared by the Casino commands: builds, piles, the table, scores, decisions."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from croupier.cards import Card, CardStyle
from croupier.casino import Build, Move, Player, State
from croupier.casino.scoring import RoundScore
from croupier.casino.session import TableItem, table_items
from croupier.cli.render import card_text, cards_text

__all__ = [
    "build_text",
    "numbered",
    "pile_text",
    "render_move",
    "render_score",
    "render_table",
]


def build_text(build: Build) -> Text:
    """A build drawn as on the table: ``[6♣ 3♠]`` or ``[ [6♣ 3♠] [9♠] ]``."""
    parts = [Text("[").append_text(cards_text(part)).append("]") for part in build.parts]
    if len(parts) == 1:
        return parts[0]
    return Text("[ ").append_text(Text(" ").join(parts)).append(" ]")


def pile_text(cards: Sequence[Card]) -> Text:
    """A pile: its cards and their number, or ``empty``."""
    if not cards:
        return Text("empty", style="dim")
    return cards_text(cards).append(f"  ({len(cards)})", style="dim")


def item_text(item: TableItem) -> Text:
    """A loose card, or a build with its value and owner: ``[6♣ 3♠] (9, Human)``."""
    if isinstance(item, Card):
        return card_text(item)
    return build_text(item).append(f" ({item.value}, {item.owner.label})", style="cyan")


def numbered(texts: Sequence[Text]) -> Text:
    """Items numbered from 1 for the prompts: ``1) 8♣  2) J♣``."""
    return Text("  ").join(
        Text().append(f"{i}) ", style="dim").append_text(t) for i, t in enumerate(texts, 1)
    )


def render_table(state: State, out: Console, *, open_hands: bool = False) -> None:
    """The position during play: the table (numbered, builds first, each with its value
    and owner), both hands (the computer's hidden unless ``open_hands``), the piles' sizes,
    the deck and the next player."""
    items = [item_text(item) for item in table_items(state)]
    out.print(
        Text()
        .append("Table:    ", style="bold")
        .append_text(numbered(items) if items else Text("empty", style="dim"))
    )
    for player in (Player.COMPUTER, Player.HUMAN):
        hand = state.hands[player]
        if not hand:
            shown = Text("no cards", style="dim")
        elif player is Player.HUMAN:
            shown = numbered([card_text(card) for card in hand])
        elif open_hands:
            shown = cards_text(hand)
        else:
            shown = Text(f"{_cards(len(hand))}, hidden", style="dim")
        out.print(
            Text()
            .append(f"{player.label + ':':<10}", style="bold")
            .append_text(shown)
            .append(f"   pile: {_cards(len(state.piles[player]))}", style="dim")
        )
    out.print(f"Deck: {_cards(len(state.deck))}.  Next: {state.next_player.label}.")


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def render_move(out: Console, lead: str, move: Move, reason: str | None = None) -> None:
    """A move announced: ``The computer plays 5♦: capture 5♥ with 5♦ (capture D5 H5).``
    and, given a reason, ``  Why: captures the 5 of hearts.``"""
    out.print(
        Text()
        .append(f"{lead} ", style="bold")
        .append_text(card_text(move.card))
        .append(": ")
        .append(move.describe(CardStyle.PRETTY), style="bold")
        .append(f" ({move})", style="dim")
        .append(".")
    )
    if reason:
        out.print(Text().append("  Why: ", style="italic").append(f"{reason}."))


def render_score(
    score: RoundScore, totals: tuple[int, int], scores: tuple[int, int], out: Console
) -> None:
    """A round's scoring: each item's cards and points for each player, the round points,
    and the tournament scores before and after."""
    table = Table(show_edge=True, header_style="bold")
    table.add_column("Item")
    for player in (Player.COMPUTER, Player.HUMAN):
        table.add_column(player.label, justify="right")
    for item in score.items:
        table.add_row(
            item.item.name,
            *(
                f"{_cards(item.counts[p])}: {item.points[p]}"
                for p in (Player.COMPUTER, Player.HUMAN)
            ),
        )
    points = score.points
    table.add_row(
        Text("Round points", style="bold"),
        *(Text(str(points[p]), style="bold") for p in (Player.COMPUTER, Player.HUMAN)),
        end_section=True,
    )
    table.add_row("Tournament before", *(str(scores[p]) for p in (Player.COMPUTER, Player.HUMAN)))
    table.add_row(
        Text("Tournament now", style="bold"),
        *(Text(str(totals[p]), style="bold") for p in (Player.COMPUTER, Player.HUMAN)),
    )
    out.print(table)
