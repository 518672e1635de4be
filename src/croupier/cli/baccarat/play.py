"""``croupier baccarat play``: the betting table, as in the COMP 104 lab or at a casino
table with its own rules."""

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
    money_option,
    picture_option,
    whole_number,
)

__all__ = ["play"]

PAYOUTS_HELP = (
    "lab: wins pay $100, a tie bet $500, any wrong bet loses; each side's first card is "
    "shown before the bet. casino: banker 0.95:1, player 1:1, tie 8:1, ties push; side bets "
    "pp, bp, dbp, dbb (Dragon Bonus). ez: no commission, a banker three-card 7 pushes the "
    "banker bet; side bets pp, bp, d7, p8. At casino and ez tables every bet goes down "
    "before any card is seen."
)
RULES_PANEL = "Table rules (casino and ez tables)"


def play(
    bankroll: BankrollOption = 100_000,
    stake: StakeOption = 10_000,
    decks: DecksOption = 8,
    seed: SeedOption = None,
    payouts: Annotated[str, typer.Option(metavar="lab|casino|ez", help=PAYOUTS_HELP)] = "lab",
    commission: Annotated[
        str | None,
        typer.Option(
            metavar="5|4|none|super6",
            help="The commission on a banker win: 5%, 4%, none (the EZ table: a banker "
            "three-card 7 pushes, Dragon 7 and Panda 8 offered) or super6 (no commission, a "
            "banker win on 6 pays 1:2). [default: the payouts']",
            rich_help_panel=RULES_PANEL,
            show_default=False,
        ),
    ] = None,
    tie_pays: Annotated[
        int | None,
        typer.Option(
            help="What a winning tie bet pays to one. [8 to 9] [default: 8]",
            parser=whole_number("--tie-pays", 8, 9),
            metavar="8|9",
            rich_help_panel=RULES_PANEL,
            show_default=False,
        ),
    ] = None,
    side_bets: Annotated[
        str | None,
        typer.Option(
            metavar="CODES",
            help="The side bets on offer, by code, comma-separated (pp, bp, dbp, dbb at a "
            "commission or super6 table; pp, bp, d7, p8 at an ez table), all or none. "
            "[default: all]",
            rich_help_panel=RULES_PANEL,
            show_default=False,
        ),
    ] = None,
    min_bet: Annotated[
        int | None,
        money_option("--min-bet", "The table minimum on any spot", low=1, default_text="$1"),
    ] = None,
    max_bet: Annotated[
        int | None,
        money_option("--max-bet", "The table maximum on any spot", low=1, default_text="$10,000"),
    ] = None,
    roads: Annotated[
        str,
        typer.Option(
            metavar="auto|on|off",
            help="Draw the scoreboard (big road, derived roads, ask road, the shoe's tally) "
            "after each round: auto draws it at casino and ez tables, not in the lab.",
        ),
    ] = "auto",
    plot: Annotated[
        Path | None,
        picture_option("--plot", "Save a chart of the bankroll round by round (PNG, SVG...)."),
    ] = None,
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
            "player, banker, banker (as the lab deals); casino = player, banker, player, "
            "banker (a real table).",
        ),
    ] = "course",
) -> None:
    """Bet on banker, player or tie, round after round, from a $1,000 bankroll."""
    from croupier.baccarat.round import DEAL_ORDERS
    from croupier.baccarat.sitting import Sitting
    from croupier.baccarat.table import table_shoe
    from croupier.baccarat.tablerules import table_rules
    from croupier.cards import Shoe, read_card_file
    from croupier.cli.baccarat.session import TableSession
    from croupier.numerals import fresh_seed

    if deal_order not in DEAL_ORDERS:
        fail(f"bad --deal-order {deal_order!r}: expected course or casino")
    if roads not in ("auto", "on", "off"):
        fail(f"bad --roads {roads!r}: expected auto, on or off")
    if shoe_file is None and deal_order != "course":
        fail("--deal-order applies to --shoe-file: a shuffled shoe is dealt as the course deals")
    if shoe_file is not None and seed is not None:
        fail("--seed shuffles a new shoe: a --shoe-file is dealt as written, give one or the other")
    rules = table_rules(
        payouts,
        commission=commission,
        tie_pays=tie_pays,
        side_bets=side_bets,
        min_stake=min_bet,
        max_stake=max_bet,
    )
    if shoe_file:
        shoe, seed = Shoe.stacked(read_card_file(shoe_file)), None
    else:
        seed = fresh_seed() if seed is None else seed
        shoe = table_shoe(decks, seed)
    sitting = Sitting.sit_down(
        rules, shoe=shoe, bankroll=bankroll, stake=stake, deal_order=deal_order
    )
    console = make_console()
    session = TableSession(
        sitting,
        console,
        str(shoe_file) if shoe_file else None,
        seed=seed,
        roads=roads == "on" or (roads == "auto" and not rules.lab),
    )
    code = session.run()
    if plot is not None and len(sitting.bankrolls) > 1:
        from croupier.baccarat.bankroll_plot import bankroll_figure
        from croupier.cli.pictures import save_picture

        save_picture(lambda: bankroll_figure(sitting.bankrolls), plot)
        console.print(f"The bankroll chart is in {plot}.", markup=False)
    raise typer.Exit(code)
