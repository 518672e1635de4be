"""``croupier baccarat play``: the betting table (the course's lab game, by default)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.console import fail, make_console
from croupier.cli.options import (
    BankrollOption,
    DecksOption,
    SeedOption,
    StakeOption,
    file_option,
)

__all__ = ["play"]

PAYOUTS_HELP = (
    "lab: wins pay $100, a tie bet $500, any wrong bet loses. "
    "casino: banker 0.95:1, player 1:1, tie 8:1, ties push; side bets pp, bp. "
    "ez: no commission, a banker three-card 7 pushes the banker bet; side bets pp, bp, d7, p8."
)


def play(
    bankroll: BankrollOption = 100_000,
    stake: StakeOption = 10_000,
    decks: DecksOption = 8,
    seed: SeedOption = None,
    payouts: Annotated[str, typer.Option(metavar="lab|casino|ez", help=PAYOUTS_HELP)] = "lab",
    shoe_file: Annotated[
        Path | None,
        file_option(
            "--shoe-file",
            "Deal these cards in order (whitespace-separated, any notation) instead of a "
            "shuffled shoe; see --deal-order.",
        ),
    ] = None,
    deal_order: Annotated[
        str,
        typer.Option(
            metavar="course|casino",
            help="Order of each round's first four cards from --shoe-file: course = player, "
            "player, banker, banker (the course's engine); casino = player, banker, player, "
            "banker (a real table).",
        ),
    ] = "course",
) -> None:
    """Bet on banker, player or tie, round after round, from a $1,000 bankroll."""
    from croupier.baccarat import payout_table
    from croupier.baccarat.round import DEAL_ORDERS
    from croupier.baccarat.table import Table, format_money, table_shoe
    from croupier.cards import Shoe, read_card_file
    from croupier.cli.baccarat.session import TableSession

    if deal_order not in DEAL_ORDERS:
        fail(f"bad --deal-order {deal_order!r}: expected course or casino")
    if shoe_file is None and deal_order != "course":
        fail("--deal-order applies to --shoe-file: a shuffled shoe is dealt as the course deals")
    table_payouts = payout_table(payouts)
    for key in ("banker", "player", "tie"):
        table_payouts.bet(key)  # the table needs all three bets
    if stake > bankroll:
        fail(
            f"the stake {format_money(stake)} is more than the bankroll "
            f"{format_money(bankroll)}: lower --stake or raise --bankroll"
        )
    shoe = Shoe.stacked(read_card_file(shoe_file)) if shoe_file else table_shoe(decks, seed)
    table = Table(
        shoe=shoe,
        bankroll=bankroll,
        stake=stake,
        payouts=table_payouts,
        deal_order=deal_order,
    )
    console = make_console()
    code = TableSession(table, console, str(shoe_file) if shoe_file else None).run()
    raise typer.Exit(code)
