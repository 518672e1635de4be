"""The betting table's dialogue (``croupier baccarat play``): prompts, hands, results, the
scoreboard, and a summary of the session. The sitting itself (money, rounds, the shoe's
results, the table's rules) is :class:`croupier.baccarat.sitting.Sitting`.

The lab (the COMP 104 game) shows each side's first card, then asks for the bet; a
casino table asks for every bet before any card is dealt.
"""

from __future__ import annotations

from rich.console import Console

from croupier.baccarat import Coup, Outcome
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import Settlement, SettlementKind, TableRound, Wager
from croupier.cards import EmptyShoeError
from croupier.cli.baccarat.roads import scoreboard, sparkline
from croupier.cli.console import INTERRUPTED, Prompter, make_console
from croupier.cli.render import card_text, cards_text
from croupier.errors import CroupierError
from croupier.numerals import plural

__all__ = ["BET_PROMPT", "CASINO_BET_PROMPT", "CONTINUE_PROMPT", "TableSession"]

BET_PROMPT = (
    "Make your bet on who wins ('b' for banker, 'p' for player, 't' for tie; "
    "add a stake to change it, e.g. 'b 200') : "
)
CASINO_BET_PROMPT = (
    "Place your bets ('b', 'p' or 't' with a stake, then any side bets, or side bets "
    "alone; e.g. 'b 200') : "
)
CONTINUE_PROMPT = "Continue? (Press 'c' to continue; anything else leaves the table) : "
WINNER_LINES = {Outcome.PLAYER: "Player wins!", Outcome.BANKER: "Banker wins!", Outcome.TIE: "Tie!"}


class TableSession:
    """The dialogue around a :class:`Sitting`: prompts, hands, results, the roads after
    each round (``roads``), and a summary of the session when the player leaves."""

    def __init__(
        self,
        sitting: Sitting,
        console: Console,
        shoe_name: str | None,
        *,
        seed: int | None = None,
        roads: bool = False,
    ) -> None:
        self.sitting = sitting
        self.table = sitting.table
        self.console = console
        self.prompter = Prompter(console)
        self.shoe_name = shoe_name
        self.seed = seed
        self.roads = roads

    def run(self) -> int:
        """Play until the player leaves, goes broke or input ends; returns the exit code."""
        code = 0
        if self.seed is not None:
            self.console.print(self.seed_line())
        self.console.print(self.payouts_line(), markup=False)
        try:
            while self.play_round():
                pass
        except EOFError:
            self.console.print()
        except KeyboardInterrupt:  # Ctrl-C, or a signal (the exit code tells which)
            self.console.print()
            code = INTERRUPTED
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

    def seed_line(self) -> str:
        """The shoe's seed, to deal the same shoe again."""
        return f"Seed {self.seed}: replay this shoe with --seed {self.seed}."

    def payouts_line(self) -> str:
        """Which payouts are in use, the side bets they offer, and the table's limits."""
        rules = self.sitting.rules
        payouts = self.table.payouts
        line = f"Payouts: {payouts.name} ({payouts.description.rstrip('.')})."
        codes = list(rules.side_bet_codes)
        if codes:
            line += f" Side bets: {', '.join(codes)}, e.g. 'b 100 {codes[0]} 10'."
        if not rules.lab:
            money = self.table.money
            line += f" Limits: {money(rules.min_stake)} to {money(rules.max_stake)} a spot."
        return line

    def show_summary(self) -> None:
        """Rounds, wins, losses, pushes, the biggest swing, the bankroll's course and the
        final bankroll."""
        sitting, table, out = self.sitting, self.table, self.console
        swings = sitting.swings
        if not swings:
            return
        swing = max(swings, key=abs)
        shown = ("+" if swing > 0 else "") + table.money(swing)
        results = sitting.results
        out.print("Session summary", style="bold")
        out.print(
            f"  {plural(len(swings), 'round')}: "
            f"{plural(results[SettlementKind.WON], 'win')}, "
            f"{plural(results[SettlementKind.LOST], 'loss', 'losses')}, "
            f"{plural(results[SettlementKind.PUSHED], 'push', 'pushes')}"
        )
        out.print(f"  Biggest swing in a round: {shown}")
        bankrolls = sitting.bankrolls
        out.print(
            f"  Bankroll: {table.money(bankrolls[0])} {sparkline(bankrolls)} "
            f"{table.money(bankrolls[-1])} (low {table.money(min(bankrolls))}, "
            f"high {table.money(max(bankrolls))})"
        )
        change = sitting.session_net
        out.print(
            f"  Final bankroll: {table.money(table.bankroll)} "
            f"({'+' if change > 0 else ''}{table.money(change)} on the session)"
        )
        if self.seed is not None:
            out.print(f"  {self.seed_line()}")

    def play_round(self) -> bool:
        """One round; returns False when the session is over."""
        out, table = self.console, self.table
        out.print("Baccarat Gambling Game", style="bold")
        out.print("-----------------------")
        out.print(f"User's money: {table.money(table.bankroll)}")
        if self.sitting.rules.lab:
            if table.bankroll == 0:
                out.print("You don't have money! Game over!", style="bold red")
                return False
            played = self.lab_round()
        else:
            if self.sitting.broke:
                out.print(
                    f"You have less than the table minimum of "
                    f"{table.money(self.sitting.rules.min_stake)}! Game over!",
                    style="bold red",
                )
                return False
            played = self.casino_round()
        self.show_round(played.coup)
        main = played.settlements[0]
        wagers = dict(played.stakes)
        for settlement in played.settlements:
            wager = Wager(settlement.bet.key, wagers[settlement.bet.key])
            if settlement is main and settlement.bet.key in ("banker", "player", "tie"):
                self.show_settlement(settlement, wager, played.coup)
            else:
                self.show_side_bet(settlement, wager)
        if self.roads:
            out.print()
            for line in scoreboard(self.sitting.beads, out):
                out.print(line)
        answer = self.prompter.ask(CONTINUE_PROMPT)
        out.print()
        return answer.strip().lower() == "c"

    def lab_round(self) -> TableRound:
        """The lab's order: each side's first card, then the bet."""
        out, table = self.console, self.table
        started = self.sitting.begin_round()
        game = started.game
        if started.reshuffled:
            out.print(f"The cut card came out: the {game.decks}-deck shoe is reshuffled.")
        out.print(
            "Player 1st card: ",
            card_text(game.player_cards[0]),
            ", banker 1st card: ",
            card_text(game.banker_cards[0]),
            sep="",
        )
        stake = self.sitting.stakes["main"]
        if table.bankroll < stake:
            out.print(
                f"Your {table.money(stake)} stake is more than your "
                f"{table.money(table.bankroll)}: name a smaller one, "
                f"e.g. b {table.bankroll // 100 or 1}."
            )
        wagers = self.ask_bet(BET_PROMPT)
        return self.sitting.finish_round(started, {w.key: w.stake for w in wagers})

    def casino_round(self) -> TableRound:
        """A casino table's order: every bet, then the cards."""
        wagers = self.ask_bet(CASINO_BET_PROMPT)
        played = self.sitting.play({w.key: w.stake for w in wagers})
        if played.reshuffled:
            self.console.print(
                f"The cut card came out: the {self.table.shoe.decks}-deck shoe is reshuffled."
            )
        return played

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

    def ask_bet(self, prompt: str) -> tuple[Wager, ...]:
        """Ask until the bets are legal, within the table's limits and the bankroll."""
        while True:
            answer = self.prompter.ask(prompt)
            try:
                return self.sitting.parse_bets(answer)
            except CroupierError as exc:
                self.console.print(
                    f"Wrong bet! {exc}. Input bet again!", style="yellow", markup=False
                )

    def show_round(self, coup: Coup) -> None:
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
        out.print(f"Player total: {coup.player_total}, banker total: {coup.banker_total}")
        out.print()
        out.print(WINNER_LINES[coup.outcome], style="bold")
