"""``croupier poker hits``: what a range makes on a board, or over every flop (Flopzilla)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.console import LazyProgress, done_of_total, fail, make_console
from croupier.cli.options import GameOption

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from croupier.poker.hits.classifier import ComboHit, HitsResult

__all__ = ["hits", "show_hits"]


def hits(
    range_text: Annotated[
        str,
        typer.Argument(
            metavar="RANGE",
            help="The range: hold'em and short-deck 'TT+, AQs+', '15%', 'random', 'AhKh' "
            "(weights count); Omaha and Omaha-5 the generic syntax: 'AA:xxyy', 'AsAh??', "
            "'RRON', '10%'.",
            show_default=False,
        ),
    ],
    game: GameOption = "holdem",
    board: Annotated[
        str | None, typer.Option(help="The board: 3, 4 or 5 cards ('Ks 7d 2c').")
    ] = None,
    flops: Annotated[
        bool,
        typer.Option(
            "--flops",
            help="No board: every flop, exactly (19,600 a hold'em combo, 17,296 an Omaha holding).",
        ),
    ] = False,
    dead: Annotated[str | None, typer.Option(help="Cards known to be out of play.")] = None,
    texture: Annotated[
        list[str] | None,
        typer.Option(
            help="With --flops, only the flops of this texture: monotone, two-tone, rainbow, "
            "paired, unpaired, trips, connected or disconnected; repeat it (or separate by "
            "commas) and every one must hold.",
            show_default=False,
            metavar="TEXTURE",
        ),
    ] = None,
    high: Annotated[
        str | None,
        typer.Option(
            help="With --flops, only the flops whose highest card is this rank (A, K... 2).",
            show_default=False,
            metavar="RANK",
        ),
    ] = None,
    combos: Annotated[
        bool, typer.Option("--combos", help="Also list every combo with what it makes.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """What a range hits: each combo's made hand and draws on a board, and the totals.

    Made hands are exclusive (the best one counts); draws are counted beside them (a
    combo can be top pair and a flush draw). Counts are combos weighted by the range's
    weights. With --flops and no board, the figures are averages over every flop, or
    over the flops of a --texture and a --high card (all must hold). Omaha's
    categories use exactly two hole cards and three board cards (nut flushes and
    straights, wraps, the nut flush blocker); short-deck ranks hands by its own rules.
    """
    from croupier.poker.hits.classifier import flop_hits
    from croupier.poker.hits.classifier import hits as board_hits
    from croupier.poker.hits.textures import FlopTexture

    if flops and board is not None:
        fail("--flops goes over every flop: drop --board (or drop --flops)")
    if not flops and board is None:
        fail("give --board (3, 4 or 5 cards), or --flops for every flop")
    if flops and combos:
        fail("--combos lists the combos on one board: drop it with --flops")
    chosen = FlopTexture.parse(texture or (), high)
    if chosen and not flops:
        fail("--texture and --high choose among every flop: use them with --flops")
    if flops:
        stderr = make_console(stderr=True)
        with LazyProgress(stderr, 1, "Dealing flops", enabled=not as_json) as progress:
            result = flop_hits(
                range_text,
                dead=dead,
                progress=done_of_total(progress),
                game=game,
                texture=chosen,
            )
    else:
        assert board is not None
        result = board_hits(range_text, board=board, dead=dead, game=game)
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        show_hits(make_console(), result, combos=combos)


def hit_line(hit: ComboHit) -> Text:
    """One combo's line: its cards, its made hand, its draws and its weight if not 1."""
    from rich.text import Text

    from croupier.cli.render import cards_text

    weight = "" if hit.weight == 1 else f" (weight {hit.weight:g})"
    return Text.assemble(
        cards_text(hit.cards, sep=""), f"  {hit.made}", *(f" + {d}" for d in hit.draws), weight
    )


def show_hits(console: Console, result: HitsResult, *, combos: bool) -> None:
    """The range and board, the made hands, the draws and, if asked, every combo."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from croupier.cli.render import cards_text
    from croupier.numerals import percent
    from croupier.poker.games import Game, variant_of

    per_flop = result.boards > 1
    what = "average live combos a flop" if per_flop else "live combos"
    if result.game is not Game.HOLDEM:
        console.print(f"Game: {variant_of(result.game).label}")
    weight = f"{result.weight:,.2f}".rstrip("0").rstrip(".")
    console.print(f"Range: {result.range} ({weight} {what})", markup=False)
    if result.board:
        console.print(Text.assemble("Board: ", cards_text(result.board)))
    elif result.texture:
        console.print(
            f"Flops: {result.texture} ({result.boards:,} flops), each combo with every one "
            "it allows"
        )
    else:
        console.print(f"Every flop: {result.boards:,} flops, each combo with every flop it allows")
    if result.dead:
        console.print(Text.assemble("Dead: ", cards_text(result.dead)))
    unit = "combos a flop" if per_flop else "combos"
    for title, counts in (("made hand", result.made), ("draw", result.draws)):
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column(title)
        table.add_column(unit, justify="right")
        table.add_column("share", justify="right")
        for category, count in counts.items():
            style = None if count else "dim"
            table.add_row(
                category.value,
                f"{count:,.2f}".rstrip("0").rstrip("."),
                percent(result.share(category), 2),
                style=style,
            )
        if title == "made hand":
            table.add_section()
            table.add_row("pair or better", "", percent(result.pair_or_better, 2), style="bold")
        console.print(table)
    if combos:
        for hit in result.combos:
            console.print(hit_line(hit))
