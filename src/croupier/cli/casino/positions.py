"""``croupier casino show``, ``moves`` and ``hint``: look into a saved Casino position (the
commands' options are in :mod:`croupier.cli.casino.commands`).

``show`` draws a saved position; ``moves`` lists every legal move of the player to move,
grouped by card and action; ``hint`` asks the judge (or a strategy) for the move it
recommends, with its reason. All three read the course's save-file format and have ``--json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from croupier.cards import Card, CardStyle
from croupier.casino import Action, Move, Player, State, read_save
from croupier.casino.judge import Judge, Loss, Verdict, format_loss
from croupier.casino.levels import Level
from croupier.casino.strategies import player_name, strategy_named
from croupier.casino.values import split_capture
from croupier.cli.casino.drawing import build_text, pile_text, render_move
from croupier.cli.console import make_console
from croupier.cli.render import cards_text
from croupier.numerals import plural

__all__ = [
    "hint_position",
    "judge_hint",
    "list_moves",
    "loss_text",
    "render_moves",
    "show_position",
    "sorted_moves",
    "work_text",
]


def show_position(savefile: Path, as_json: bool) -> None:
    """``croupier casino show``: draw the position saved in ``savefile`` (or its JSON)."""
    state = read_save(savefile)
    if as_json:
        typer.echo(json.dumps(state.to_dict(), indent=2))
        return
    render_position(state, make_console())


def list_moves(savefile: Path, as_json: bool) -> None:
    """``croupier casino moves``: the legal moves of the player to move (or their JSON)."""
    state = read_save(savefile)
    legal = sorted_moves(state)
    if as_json:
        typer.echo(json.dumps([move.to_dict() for move in legal], indent=2))
        return
    render_moves(state, legal, make_console())


def hint_position(savefile: Path, strategy: str | None, deadline: float, as_json: bool) -> None:
    """``croupier casino hint``: the move the judge (or ``strategy``, on ``deadline``)
    recommends, with its reason."""
    if strategy is None:
        judge_hint(read_save(savefile), as_json)
        return
    chosen = strategy_named(strategy, deadline=deadline)
    state = read_save(savefile)
    player = state.next_player
    decision = chosen.decide(state.observe(player))
    if as_json:
        data = {"player": player.key, "strategy": player_name(strategy), **decision.to_dict()}
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = make_console()
    out.print(f"Round {state.round_number}: {player.label} to move.", style="bold")
    name = player_name(strategy)  # a level (expert too) is called one, as the others are
    kind = "level" if name in Level.__members__.values() else "strategy"
    render_move(out, f"The {name} {kind} would play", decision.move, decision.reason)


def judge_hint(state: State, as_json: bool) -> None:
    """The judge's hint: its best move and reason, then one move of each kind with what it
    loses (and the error of that), as ``play``'s hint and the review see them."""
    verdict = Judge().position(state)
    player = state.next_player
    if as_json:
        data = {
            "player": player.key,
            "strategy": "judge",
            **verdict.best.to_dict(),
            "reason": verdict.reason,
            "cut_short": verdict.cut or not verdict.complete,
            "verdict": verdict.to_dict(),
        }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = make_console()
    out.print(f"Round {state.round_number}: {player.label} to move.", style="bold")
    render_move(out, "The judge's best move", verdict.best, verdict.reason)
    ranked = verdict.ranked()
    if len(ranked) > 1:
        out.print(Text(f"  {work_text(verdict)}. What each kind of move loses:", style="dim"))
        width = max(len(loss_text(loss)) for _, loss in ranked[:_RANKED_SHOWN])
        for move, loss in ranked[:_RANKED_SHOWN]:
            out.print(
                Text(
                    f"  {loss_text(loss):>{width}}  ", style="bold" if not loss.points else ""
                ).append(f"{move.describe(CardStyle.PRETTY)} ({move})")
            )
        if len(ranked) > _RANKED_SHOWN:
            out.print(Text(f"    and {plural(len(ranked) - _RANKED_SHOWN, 'more')}", style="dim"))


#: Kinds of move the hint lists with their losses.
_RANKED_SHOWN = 8


def work_text(verdict: Verdict) -> str:
    """What the judge's verdict rests on: ``exact: every card known`` or ``128 sampled
    deals, each to the end of the deal``."""
    if verdict.forced:
        return "the only legal move"
    if verdict.exact:
        return "exact: every card known, searched to the end of the round"
    if not verdict.deals:
        return "every card known, searched ahead"
    return f"{plural(verdict.deals, 'sampled deal')}, each searched to the end of the deal"


def loss_text(loss: Loss) -> str:
    """A loss with its error: ``best``, ``1.15 ± 0.08``, ``3.00`` (exact), ``2.00 and
    the tournament``."""
    if loss.points == 0 and loss.error == 0 and not loss.costs_tournament:
        return "best"
    tournament = " and the tournament" if loss.costs_tournament else ""
    return format_loss(loss.points, loss.error) + tournament


# --- rendering ------------------------------------------------------------------------------

ACTION_ORDER = {action: rank for rank, action in enumerate(Action)}


def render_position(state: State, out: Console) -> None:
    """The whole position, as ``croupier casino show`` draws it."""
    out.print(Text(f"Casino, round {state.round_number}", style="bold"))
    players = Table(show_edge=True, header_style="bold")
    players.add_column("Player")
    players.add_column("Score", justify="right")
    players.add_column("Hand")
    players.add_column("Pile")
    for player in (Player.COMPUTER, Player.HUMAN):
        hand = state.hands[player]
        players.add_row(
            player.label,
            str(state.scores[player]),
            cards_text(hand) if hand else Text("empty", style="dim"),
            pile_text(state.piles[player]),
        )
    out.print(players)
    out.print(
        Text("Table: ", style="bold").append_text(
            cards_text(state.loose) if state.loose else Text("no loose cards", style="dim")
        )
    )
    if state.builds:
        builds = Table(show_edge=True, header_style="bold")
        builds.add_column("Build")
        builds.add_column("Value", justify="right")
        builds.add_column("Owner")
        builds.add_column("Kind")
        for build in state.builds:
            kind = f"multiple ({len(build.parts)} groups)" if build.is_multiple else "single"
            builds.add_row(build_text(build), str(build.value), build.owner.label, kind)
        out.print(builds)
    else:
        out.print(Text("No builds.", style="dim"))
    out.print(f"Deck: {plural(len(state.deck), 'card')} left")
    last = "nobody yet" if state.last_capturer is None else state.last_capturer.label
    out.print(f"Last capturer: {last}")
    if state.is_round_over:
        out.print("The round is over.")
        points = state.score().points
        out.print(f"Round points: Computer {points[Player.COMPUTER]}, Human {points[Player.HUMAN]}")
    else:
        out.print(Text(f"Next player: {state.next_player.label}", style="bold"))


def sorted_moves(state: State) -> list[Move]:
    """The legal moves, grouped by card (in hand order) and action, each group in order."""
    legal = state.legal_moves()
    hand = state.hands[state.next_player]
    position = {card: i for i, card in enumerate(hand)}
    return sorted(
        legal,
        key=lambda m: (position[m.card], ACTION_ORDER[m.action]),
    )


def table_part(move: Move, state: State) -> Text:
    """What the move takes or uses on the table: sets joined with +, builds (the opponent's
    marked), and whether a build joins the player's own."""
    player = state.next_player
    pieces: list[Text] = []
    if move.action is Action.CAPTURE:
        groups = split_capture(move.loose, move.value or 0) or tuple((c,) for c in move.loose)
        pieces += [cards_text(group, sep="+") for group in sorted(groups, key=len)]
    elif move.loose:
        pieces.append(cards_text(move.loose))
    for cards in move.builds:
        build = state.find_build(cards)
        if build is None:  # not a legal move: show the cards as named
            pieces.append(cards_text(cards))
            continue
        label = Text(f"build of {build.value}") if build.is_multiple else build_text(build)
        if move.action is Action.INCREASE:
            label.append(" (taken over)", style="dim")
        elif build.owner is not player:
            label.append(f" ({build.owner.label}'s)", style="dim")
        pieces.append(label)
    text = Text(", ").join(pieces) if pieces else Text("-", style="dim")
    joins = move.action in (Action.BUILD, Action.INCREASE) and any(
        b.value == move.value for b in state.builds_of(player)
    )
    if joins:
        text.append(" (joins own build)", style="dim")
    return text


def render_moves(state: State, legal: Iterable[Move], out: Console) -> None:
    """The legal moves as a table grouped by card and action."""
    legal = list(legal)
    if state.is_round_over:
        out.print("The round is over: nobody has a move.")
        return
    player = state.next_player.label
    out.print(
        Text(
            f"Round {state.round_number}: {player} to move, {len(legal)} legal "
            f"move{'s' if len(legal) != 1 else ''}",
            style="bold",
        )
    )
    table = Table(show_edge=True, header_style="bold")
    table.add_column("Card")
    table.add_column("Action")
    table.add_column("Takes or uses")
    table.add_column("Value", justify="right")
    table.add_column("Move", no_wrap=True)
    previous: tuple[Card, Action] | None = None
    for index, move in enumerate(legal):
        new_card = previous is None or previous[0] != move.card
        new_action = new_card or (previous is not None and previous[1] is not move.action)
        following = legal[index + 1] if index + 1 < len(legal) else None
        table.add_row(
            cards_text([move.card]) if new_card else Text(""),
            move.action.value if new_action else "",
            table_part(move, state),
            "" if move.value is None else str(move.value),
            str(move),
            end_section=following is not None and following.card != move.card,
        )
        previous = (move.card, move.action)
    out.print(table)
