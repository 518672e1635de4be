"""The betting table's dialogue (``croupier baccarat play``): prompts, hands, results, and
a summary of the session."""

from __future__ import annotations

from rich.console import Console

from croupier.baccarat import Coup, Outcome
from croupier.baccarat.round import Round
from croupier.baccarat.table import (
    SIDE_BET_CODES,
    Settlement,
    SettlementKind,
    Table,
    Wager,
    parse_wagers,
)
from croupier.cards import EmptyShoeError
from croupier.cli.console import Prompter, make_console
from croupier.cli.render import card_text, cards_text
from croupier.errors import CroupierError
from croupier.numerals import plural

__all__ = ["BET_PROMPT", "CONTINUE_PROMPT", "TableSession"]

BET_PROMPT = (
    "Make your bet on who wins ('b' for banker, 'p' for player, 't' for tie; "
    "add a stake to change it, e.g. 'b 200') : "
)
CONTINUE_PROMPT = "Continue? (Press 'c' to continue; anything else leaves the table) : "
WINNER_LINES = {Outcome.PLAYER: "Player wins!", Outcome.BANKER: "Banker wins!", Outcome.TIE: "Tie!"}


class TableSession:
    """The lab's dialogue around a :class:`Table`: prompts, hands, results, and a summary
    of the session when the player leaves."""

    def __init__(self, table: Table, console: Console, shoe_name: str | None) -> None:
        self.table = table
        self.console = console
        self.prompter = Prompter(console)
        self.shoe_name = shoe_name
        #: The last stakes: ``main`` on who wins, and each side bet's by its key.
        self.stakes: dict[str, int] = {"main": table.stake}
        self.results = dict.fromkeys(SettlementKind, 0)
        self.swings: list[int] = []
        self.start = table.bankroll

    def run(self) -> int:
        """Play until the player leaves, goes broke or input ends; returns the exit code."""
        code = 0
        self.console.print(self.payouts_line(), markup=False)
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
        self.show_summary()
        self.console.print(f"You leave the table with {self.table.money(self.table.bankroll)}.")
        return code

    def payouts_line(self) -> str:
        """Which payouts are in use, and the side bets they offer."""
        payouts = self.table.payouts
        offered = {bet.key for bet in payouts.bets}
        side = [code for code, key in SIDE_BET_CODES.items() if key in offered]
        line = f"Payouts: {payouts.name} ({payouts.description.rstrip('.')})."
        if side:
            line += f" Side bets: {', '.join(side)}, e.g. 'b 100 pp 10'."
        return line

    def show_summary(self) -> None:
        """Rounds, wins, losses, pushes, the biggest swing and the final bankroll."""
        if not self.swings:
            return
        table, out = self.table, self.console
        swing = max(self.swings, key=abs)
        shown = ("+" if swing > 0 else "") + table.money(swing)
        out.print("Session summary", style="bold")
        out.print(
            f"  {plural(len(self.swings), 'round')}: "
            f"{plural(self.results[SettlementKind.WON], 'win')}, "
            f"{plural(self.results[SettlementKind.LOST], 'loss', 'losses')}, "
            f"{plural(self.results[SettlementKind.PUSHED], 'push', 'pushes')}"
        )
        out.print(f"  Biggest swing in a round: {shown}")
        change = table.bankroll - self.start
        out.print(
            f"  Final bankroll: {table.money(table.bankroll)} "
            f"({'+' if change > 0 else ''}{table.money(change)} on the session)"
        )

    def play_round(self) -> bool:
        """One round; returns False when the session is over."""
        out, table = self.console, self.table
        out.print("Baccarat Gambling Game", style="bold")
        out.print("-----------------------")
        out.print(f"User's money: {table.money(table.bankroll)}")
        if table.bankroll == 0:
            out.print("You don't have money! Game over!", style="bold red")
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
        if table.bankroll < self.stakes["main"]:
            out.print(
                f"Your {table.money(self.stakes['main'])} stake is more than your "
                f"{table.money(table.bankroll)}: name a smaller one, "
                f"e.g. b {table.bankroll // 100 or 1}."
            )
        wagers = self.ask_bet()
        coup = game.finalize()
        self.show_round(game, coup)
        before = table.bankroll
        for wager in wagers:
            settlement = table.settle(wager.key, coup, wager.stake)
            self.stakes["main" if wager is wagers[0] else wager.key] = wager.stake
            if wager is wagers[0]:
                self.results[settlement.kind] += 1
                self.show_settlement(settlement, wager, coup)
            else:
                self.show_side_bet(settlement, wager)
        self.swings.append(table.bankroll - before)
        answer = self.prompter.ask(CONTINUE_PROMPT)
        out.print()
        return answer.strip().lower() == "c"

    def show_settlement(self, settlement: Settlement, wager: Wager, coup: Coup) -> None:
        """The lab's line for the main bet."""
        out, table = self.console, self.table
        amount = table.money(settlement.amount)
        if settlement.kind is SettlementKind.WON:
            out.print(f"Good bet! {amount} is added to your account!", style="green")
        elif settlement.kind is SettlementKind.LOST:
            out.print(f"Bad bet! {amount} is deducted from your account!", style="red")
        elif wager.key == "banker" and coup.outcome is Outcome.BANKER:
            out.print(
                f"Push! The banker won with a three-card 7 (the EZ rule): your "
                f"{table.money(wager.stake)} bet is returned."
            )
        else:
            out.print(f"Push! Your {table.money(wager.stake)} bet is returned.")

    def show_side_bet(self, settlement: Settlement, wager: Wager) -> None:
        """One line for a side bet."""
        table = self.table
        name = settlement.bet.name
        if settlement.kind is SettlementKind.WON:
            line, style = f"{name}: won {table.money(settlement.amount)}.", "green"
        elif settlement.kind is SettlementKind.LOST:
            line, style = f"{name}: lost {table.money(settlement.amount)}.", "red"
        else:
            line, style = f"{name}: pushed, {table.money(wager.stake)} returned.", ""
        self.console.print(line, style=style)

    def ask_bet(self) -> tuple[Wager, ...]:
        """Ask until the bets are legal and fit in the bankroll."""
        while True:
            answer = self.prompter.ask(BET_PROMPT)
            try:
                return parse_wagers(answer, self.table.payouts, self.stakes, self.table.bankroll)
            except CroupierError as exc:
                self.console.print(
                    f"Wrong bet! {exc}. Input bet again!", style="yellow", markup=False
                )

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
