"""``croupier baccarat play``: the betting table of the COMP 104 lab."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from croupier.baccarat import Coup, Outcome, payout_table
from croupier.baccarat.round import Round
from croupier.baccarat.table import (
    SettlementKind,
    Table,
    format_money,
    parse_bet,
    parse_money,
    table_shoe,
)
from croupier.cards import EmptyShoeError, Shoe, read_card_file
from croupier.cli.console import Prompter, make_console
from croupier.cli.render import card_text, cards_text
from croupier.errors import CroupierError

BET_PROMPT = "Make your bet on who wins ('b' for banker, 'p' for player, 't' for tie) : "
WINNER_LINES = {Outcome.PLAYER: "Player wins!", Outcome.BANKER: "Banker wins!", Outcome.TIE: "Tie!"}


def play(
    bankroll: Annotated[str, typer.Option(help="Money you sit down with, in dollars.")] = "1000",
    stake: Annotated[str, typer.Option(help="The amount of every bet, in dollars.")] = "100",
    decks: Annotated[int, typer.Option(help="Decks in the shoe.")] = 8,
    seed: Annotated[
        int | None, typer.Option(help="Shuffle seed: the same seed deals the same game.")
    ] = None,
    payouts: Annotated[
        str,
        typer.Option(
            help="lab: wins pay $100, a tie bet $500, any wrong bet loses. "
            "casino: banker 0.95:1, player 1:1, tie 8:1, ties push. "
            "ez: no commission, a banker three-card 7 pushes the banker bet."
        ),
    ] = "lab",
    shoe_file: Annotated[
        Path | None,
        typer.Option(
            help="Deal these cards in order (whitespace-separated, any notation) "
            "instead of a shuffled shoe.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Bet on banker, player or tie, round after round, as in the COMP 104 lab."""
    table_payouts = payout_table(payouts)
    for key in ("banker", "player", "tie"):
        table_payouts.bet(key)  # the table needs all three bets
    shoe = Shoe.stacked(read_card_file(shoe_file)) if shoe_file else table_shoe(decks, seed)
    table = Table(
        shoe=shoe,
        bankroll=parse_money(bankroll),
        stake=parse_money(stake),
        payouts=table_payouts,
    )
    console = make_console()
    code = TableSession(table, console, str(shoe_file) if shoe_file else None).run()
    raise typer.Exit(code)


class TableSession:
    """The lab's dialogue around a :class:`Table`: prompts, hands, results."""

    def __init__(self, table: Table, console: Console, shoe_name: str | None) -> None:
        self.table = table
        self.console = console
        self.prompter = Prompter(console)
        self.shoe_name = shoe_name

    def run(self) -> int:
        """Play until the player leaves, goes broke or input ends; returns the exit code."""
        code = 0
        try:
            while self.play_round():
                pass
        except (EOFError, KeyboardInterrupt):
            self.console.print()
        except EmptyShoeError:
            self.console.print()
            source = f"the shoe file {self.shoe_name}" if self.shoe_name else "the shoe"
            make_console(stderr=True).print(
                f"croupier: error: {source} ran out of cards in round "
                f"{self.table.rounds_played + 1}; any bet on it is returned",
                markup=False,
            )
            code = 2
        self.console.print(f"You leave the table with {format_money(self.table.bankroll)}.")
        return code

    def play_round(self) -> bool:
        """One round; returns False when the session is over."""
        out, table = self.console, self.table
        out.print("Baccarat Gambling Game", style="bold")
        out.print("-----------------------")
        out.print(f"User's money: {format_money(table.bankroll)}")
        if not table.can_cover_stake:
            if table.bankroll == 0:
                out.print("You don't have money! Game over!", style="bold red")
            else:
                out.print(
                    f"You don't have enough money for a {format_money(table.stake)} bet! "
                    "Game over!",
                    style="bold red",
                )
            return False
        game, reshuffled = table.next_round()
        if reshuffled:
            out.print(f"The cut card came out: the {game.decks}-deck shoe is reshuffled.")
        game.deal_initial()
        out.print(
            "Player 1st card: ",
            card_text(game.player_cards[0]),
            ", banker 1st card: ",
            card_text(game.banker_cards[0]),
            sep="",
        )
        bet = self.ask_bet()
        coup = game.finalize()
        self.show_round(game, coup)
        settlement = table.settle(bet, coup)
        amount = format_money(settlement.amount)
        if settlement.kind is SettlementKind.WON:
            out.print(f"Good bet! {amount} is added to your account!", style="green")
        elif settlement.kind is SettlementKind.LOST:
            out.print(f"Bad bet! {amount} is deducted from your account!", style="red")
        else:
            out.print(f"Push! Your {format_money(table.stake)} bet is returned.")
        answer = self.prompter.ask("Continue? (Press 'c' to continue) : ")
        out.print()
        return answer.strip().lower() == "c"

    def ask_bet(self) -> str:
        """Ask until the bet is legal."""
        while True:
            answer = self.prompter.ask(BET_PROMPT)
            try:
                return parse_bet(answer)
            except CroupierError:
                self.console.print("Wrong bet! Input bet again!", style="yellow")

    def show_round(self, game: Round, coup: Coup) -> None:
        """Both hands, who hits or stands, the totals and the winner."""
        out = self.console
        out.print()
        for name, cards, two_card in (
            ("Player", coup.player_cards, coup.player_two_card_total),
            ("Banker", coup.banker_cards, coup.banker_two_card_total),
        ):
            out.print(
                f"{name} cards :   ",
                cards_text(cards[:2]),
                f" (two-card total: {two_card})",
                sep="",
            )
        out.print()
        if coup.natural:
            best = max(coup.player_two_card_total, coup.banker_two_card_total)
            out.print(f"A natural {best}: nobody draws.")
        else:
            for name, third in (("Player", coup.player_third), ("Banker", coup.banker_third)):
                if third is None:
                    out.print(f"{name} stands.")
                else:
                    out.print(f"{name} hits. {name} 3rd card: ", card_text(third), sep="")
        out.print(f"Player total: {game.player_total}, banker total: {game.banker_total}")
        out.print()
        out.print(WINNER_LINES[coup.outcome], style="bold")
