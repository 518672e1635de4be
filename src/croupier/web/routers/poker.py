"""The poker page (``/poker``): the equity calculator and the ``hand1 ; hand2`` comparison.

Every panel works in the game chosen on the page (``game``: hold'em by default, or
Omaha, five-card Omaha, short-deck in either order; see :mod:`croupier.poker.games`):
the equity, its distribution, the next-card table and what a range hits; the 13x13
range grid is the two-card games'.

The calculator asks a question of that game: 2 to 10 players, each holding a range
(hold'em and short-deck: range text as :meth:`croupier.poker.Range.parse` reads it, a
hand ``AhKh``, a range ``TT+, AQs+``, ``random``, ``15%``, weights; Omaha and Omaha-5:
:meth:`croupier.poker.ranges.holdings.HoleRange.parse`, hands, ``AsAh??`` and the generic
syntax such as ``AA!AAA`` or ``AxAyxy``; an empty box is ``random``); a board of 0, 3, 4
or 5 known cards; dead cards out of play. :func:`croupier.poker.calculate` answers it,
exactly or by Monte Carlo, as a background job the page watches with a progress bar.
:func:`equity_question` turns the request into the library's question and
:func:`plan_equity` into the library call: the only two places that know how the request
maps onto :mod:`croupier.poker.calc`.

Three methods: ``auto`` (the library's choice: exact when that takes a few seconds,
else Monte Carlo to a standard error of 0.1 percentage point), ``exact`` (refused with a
413 when the enumeration would take over :data:`EXACT_SECONDS` on this server) and
``monte-carlo`` (a number of trials, or a precision). Seeds travel as strings of digits
both ways: a JavaScript number keeps about 16 digits, a seed has up to 19.

Beside the equity: each class's equity, win and tie (the grid, two-card games), each
range's equity distribution (Omaha's by hand: at most :data:`MAX_DISTRIBUTION_POINTS`
points a player, each the mean of consecutive hands beyond that), the next-card table
(``/api/poker/next``, a job like the equity: exact when that is quick, else Monte
Carlo), what a range hits on the board or over every flop (``/api/poker/hits``, a job
too: every flop takes seconds, refused with a 413 beyond :data:`HITS_SECONDS`; at most
:data:`MAX_HITS_HANDS` hands listed), and the
ranges the
range picker offers (the presets and saved ranges of
:mod:`croupier.web.routers.poker_ranges`; a top-X% slider reads ``X%`` through
``/api/poker/range``, in the library's order). A range text may name a saved range or a
preset (``@btn``): every route reading range text reads the names of the browser's
shelf (:func:`~croupier.web.routers.poker_ranges.names_from_shelf`).
"""

from __future__ import annotations

import functools
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response

from croupier.cards import Card, Rank, Suit, card_spellings, parse_cards
from croupier.errors import CroupierError, prefixed
from croupier.poker import (
    CalcResult,
    EquityQuestion,
    Range,
    calculate,
    exact_seconds,
)
from croupier.poker.calc import MAX_PLAYERS
from croupier.poker.calc.distribution import EquityDistribution, equity_distribution
from croupier.poker.calc.nextcard import NextCardResult, next_card
from croupier.poker.evaluation.hand import evaluate_game
from croupier.poker.games import VARIANTS, variant_of
from croupier.poker.hits.classifier import HitsQuestion, HitsResult
from croupier.poker.hits.narrow import Category, Narrowed, narrow_hits, parse_category
from croupier.poker.hits.textures import FlopTexture
from croupier.poker.hits.work import hits_work
from croupier.poker.matchups.equity import duration
from croupier.poker.matchups.lines import Ranking, parse_matchup
from croupier.poker.ranges.orders import DEFAULT_ORDER
from croupier.poker.ranges.report import describe_range
from croupier.poker.ranges.saved import resolve
from croupier.poker.ranges.starting_hands import (
    CLASS_COMBOS,
    CLASS_LABELS,
    COMBO_CARDS,
    COMBO_COUNT,
    combo_text,
)
from croupier.web.answers import answer
from croupier.web.dependencies import JobsService, Owner
from croupier.web.errors import ApiError
from croupier.web.jobs import Jobs, Progress
from croupier.web.pages import game_router
from croupier.web.routers.jobs import add_job_routes
from croupier.web.routers.poker_ranges import names_from_shelf
from croupier.web.schemas import CHANGES, SENDS, answers
from croupier.web.schemas.poker import (
    MAX_DISTRIBUTION_POINTS,
    MAX_HITS_HANDS,
    MAX_NEXT_TRIALS,
    MAX_PRECISION,
    MAX_RANGE_TEXT,
    MAX_TRIALS,
    MIN_PRECISION,
    CompareAnswer,
    CompareRequest,
    Distribution,
    EquityJobAnswer,
    EquityRequest,
    EquityView,
    HitsCategory,
    HitsJobAnswer,
    HitsRequest,
    HitsView,
    MethodName,
    NarrowCell,
    NarrowJobAnswer,
    NarrowRequest,
    NarrowView,
    NextCardJobAnswer,
    NextCardView,
    PlayerEquity,
    PokerJobAnswer,
    RangeAnswer,
    RangeRequest,
    RankedHand,
)
from croupier.web.templating import render_static
from croupier.web.views.cards import card_view, cards_view

__all__ = ["equity_question", "plan_equity", "router"]

router = game_router("poker")

#: Every route reading range text reads its names (@btn) from the browser's shelf.
NAMES: Final = Depends(names_from_shelf)

#: Longest exact enumeration the server runs, as the library estimates it (seconds).
EXACT_SECONDS: Final = 30.0
#: Longest hits question the server runs (a range over every flop), as the library
#: estimates it (:func:`~croupier.poker.hits.work.hits_work`; seconds).
HITS_SECONDS: Final = 30.0


def equity_question(request: EquityRequest) -> EquityQuestion:
    """The request as the library's question: each player's text read as a range (an
    empty box is ``random``), the board and the dead cards.
    :class:`~croupier.poker.EquityQuestion` checks it (a card named twice, a range left
    empty...) here, before any job.

    >>> question = equity_question(EquityRequest(players=["As Ks", "TT+, AQs+"], board="2c 7d Jh"))
    >>> [str(r) for r in question.ranges], len(question.ranges[1])
    (['AsKs', 'TT+, AQs+'], 38)
    """
    ranges = [text if text.strip() else "random" for text in request.players]
    return EquityQuestion.parse(ranges, request.board, request.dead, request.game)


@dataclass(frozen=True, slots=True)
class EquityPlan:
    """How a question is answered: the method chosen and the Monte Carlo seed."""

    method: MethodName
    seed: int | None


def plan_equity(
    request: EquityRequest,
) -> tuple[EquityQuestion, EquityPlan, Callable[[Progress], CalcResult]]:
    """Check ``request`` now (bad ranges or cards, too much work: a croupier error or a
    4xx) and return its question, its plan and the calculation, to run with a progress
    callback."""
    question = equity_question(request)
    if request.method != "monte-carlo" and (
        request.trials is not None or request.precision is not None
    ):
        raise ApiError(422, f"{request.method} mode takes no trials or precision")
    trials, precision, seed = request.trials, request.precision, None
    exact = True if request.method == "exact" else None
    if exact:
        seconds = exact_seconds(question, limit=EXACT_SECONDS)
        if seconds is None:
            raise ApiError(
                413,
                f"an exact answer would take over {EXACT_SECONDS:.0f} seconds on this server "
                "(too many combinations of ranges and boards): use Monte Carlo or auto, or "
                "name more cards",
            )
    else:
        if trials is not None and precision is not None:
            raise ApiError(422, "give trials or a precision, not both")
        seed = request.seed if request.seed is not None else secrets.randbelow(2**63)
    share = None if precision is None else precision / 100
    work = functools.partial(_calculate, question, exact, trials, share, seed)
    return question, EquityPlan(request.method, seed), work


def _calculate(
    question: EquityQuestion,
    exact: bool | None,
    trials: int | None,
    precision: float | None,
    seed: int | None,
    progress: Progress,
) -> CalcResult:
    """The library's calculation for a planned question (picklable: the server's worker
    processes run it); in Omaha and Omaha-5 each hand's figures are kept, for the
    distribution."""
    return calculate(
        question,
        exact=exact,
        trials=trials,
        precision=precision,
        rng=seed,
        progress=progress,
        by_hand=not question.variant.two_card,
    )


@dataclass(frozen=True, slots=True)
class NextPlan:
    """How a next-card table is made, as :func:`~croupier.poker.calc.nextcard.next_card`
    takes it: exact (True), exact when quick else Monte Carlo (None), or Monte Carlo
    (False) with its trials a card or its precision, from ``seed``."""

    exact: bool | None
    trials: int | None
    precision: float | None
    seed: int


def plan_next(request: EquityRequest) -> tuple[EquityQuestion, NextPlan]:
    """Check a next-card request now (a board of 3 or 4 cards, the method's options):
    the calculator's method (``auto``: exact when that takes a few seconds, else Monte
    Carlo to the library's precision a card; ``exact``: refused, in the job's error,
    beyond :data:`EXACT_SECONDS`; ``monte-carlo``: its trials, at most
    :data:`~croupier.web.schemas.poker.MAX_NEXT_TRIALS` a card, or its precision).

    >>> question, plan = plan_next(EquityRequest(players=["AA", "KK"], board="Kd 9h 2c", seed="7"))
    >>> len(question.board), plan
    (3, NextPlan(exact=None, trials=None, precision=None, seed=7))
    """
    question = equity_question(request)
    if len(question.board) not in (3, 4):
        raise ApiError(
            422,
            f"the next card follows a flop or a turn: a board of 3 or 4 cards, not "
            f"{len(question.board)}",
        )
    if request.method != "monte-carlo" and (
        request.trials is not None or request.precision is not None
    ):
        raise ApiError(422, f"{request.method} mode takes no trials or precision")
    if request.trials is not None and request.precision is not None:
        raise ApiError(422, "give trials or a precision, not both")
    if request.trials is not None and request.trials > MAX_NEXT_TRIALS:
        raise ApiError(
            413,
            f"the next-card table deals at most {MAX_NEXT_TRIALS:,} trials a card here, not "
            f"{request.trials:,}: ask fewer, or a precision",
        )
    exact = {"exact": True, "auto": None, "monte-carlo": False}[request.method]
    seed = request.seed if request.seed is not None else secrets.randbelow(2**63)
    precision = None if request.precision is None else request.precision / 100
    return question, NextPlan(exact, request.trials, precision, seed)


def equity_job(
    question: EquityQuestion,
    plan: EquityPlan,
    work: Callable[[Progress], CalcResult],
    progress: Progress,
) -> EquityView:
    """A calculation job's work: the calculation, then its view (in a worker process)."""
    return equity_view(question, plan, work(progress))


def next_job(question: EquityQuestion, plan: NextPlan, progress: Progress) -> NextCardView:
    """A next-card job's work (in a worker process), in any game: the table, exact when
    it takes at most :data:`EXACT_SECONDS` here (the library estimates it; an exact
    request beyond that is refused in the job's one-line error), else by Monte Carlo."""
    return next_view(
        next_card(
            question,
            progress=progress,
            limit=EXACT_SECONDS,
            exact=plan.exact,
            trials=plan.trials,
            precision=plan.precision,
            rng=plan.seed,
        )
    )


def hits_job(question: HitsQuestion, progress: Progress) -> HitsView:
    """A hits job's work (in a worker process): what the range hits, then its view.

    >>> view = hits_job(HitsQuestion.parse("QQ+, AK", board="Ks 7d 2c"), lambda done, total: None)
    >>> view["combos"], view["made"][5]["category"], view["made"][5]["combos"]
    (27.0, 'set', 3.0)
    >>> view = hits_job(HitsQuestion.parse("AA!AAA", board="Ks 7d 2c", game="omaha"), print)
    >>> view["combos"], view["listed"], len(view["hands"])
    (5940.0, 5940, 2000)
    >>> [(row["category"], row["combos"]) for row in view["made"][7:9]]
    [('top set', 18.0), ('lower set', 36.0)]
    """
    return hits_view(question.answer(progress))


def narrow_job(
    question: HitsQuestion,
    keep: tuple[Category, ...],
    drop: tuple[Category, ...],
    progress: Progress,
) -> NarrowView:
    """A narrowing job's work (in a worker process): what the range hits on the board,
    narrowed by the categories, then its view.

    >>> view = narrow_job(HitsQuestion.parse("QQ+, AK", board="Ks 7d 2c"),
    ...     (parse_category("set"),), (), lambda done, total: None)
    >>> view["narrowed"], view["combos"], view["of"], view["grid"][1][1]
    ('KK', 3, 27, {'label': 'KK', 'combos': 3.0, 'live': 3})
    """
    return narrow_view(narrow_hits(question.answer(), keep, drop))


def narrow_view(narrowed: Narrowed) -> NarrowView:
    """A narrowed range as the page draws it: its text, its counts and its grid."""
    grid: list[list[NarrowCell]] | None = None
    if narrowed.text:
        report = describe_range(
            narrowed.text, narrowed.game, board=narrowed.board, dead=narrowed.dead
        ).grid()
        if report is not None:
            size = len(report.ranks)
            grid = [
                [
                    {
                        "label": report.label(i, j),
                        "combos": float(report.combos[i, j]),
                        "live": int(report.live[i, j]),
                    }
                    for j in range(size)
                ]
                for i in range(size)
            ]
    return {
        "range": narrowed.range,
        "board": cards_view(narrowed.board),
        "dead": cards_view(narrowed.dead),
        "keep": [c.value for c in narrowed.keep],
        "drop": [c.value for c in narrowed.drop],
        "narrowed": narrowed.text,
        "fits": len(narrowed.text) <= MAX_RANGE_TEXT,
        "combos": narrowed.count,
        "weighted": narrowed.weight,
        "of": narrowed.of,
        "of_weighted": narrowed.of_weight,
        "grid": grid,
    }


def _figure(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def grid_view(equity: Any, win: Any, tie: Any) -> list[list[list[float | None] | None]]:
    """A player's 13x13 grid of class figures: ``[equity, win, tie]``, or None for a class
    the range does not hold."""
    return [
        [
            None
            if math.isnan(equity[row, column])
            else [_figure(float(v[row, column])) for v in (equity, win, tie)]
            for column in range(13)
        ]
        for row in range(13)
    ]


def equity_view(question: EquityQuestion, plan: EquityPlan, result: CalcResult) -> EquityView:
    """The calculation's answer, one row per player: its figures, its class grid and its
    equity distribution (each combo weakest first: text, share of the range, equity)."""
    spreads = equity_distribution(result)
    rows: list[PlayerEquity] = []
    for i, player in enumerate(result.players):
        hand = question.hands.get(i + 1, ())
        made = None
        if hand and len(question.board) >= 3:
            made = evaluate_game(question.game, hand, question.board).description
        rows.append(
            {
                "player": i + 1,
                "range": player.range,
                "combos": player.combos,
                "cards": cards_view(hand),
                "made": made,
                "equity": player.equity,
                "win": player.win,
                "tie": player.tie,
                "stderr": player.stderr,
                "grid": grid_view(player.grid, player.grid_win, player.grid_tie),
                "distribution": distribution_view(spreads[i]),
            }
        )
    return {
        "game": question.game,
        "players": rows,
        "board": cards_view(question.board),
        "dead": cards_view(question.dead),
        "games": result.games,
        "exact": result.exact,
        "method": plan.method,
        "seed": None if result.exact or plan.seed is None else str(plan.seed),
    }


def distribution_view(
    spread: EquityDistribution, points: int = MAX_DISTRIBUTION_POINTS
) -> Distribution:
    """A player's equity distribution, each combo (Omaha: hand) weakest first with its
    share of the range and its equity; a range of more than ``points`` combos as
    ``points`` groups of consecutive ones, each with their summed share, their mean
    equity (weighted by their shares) and their first and last hands (the shares above
    50% and 75% always count every hand).

    >>> from croupier.poker import calculate
    >>> result = calculate(["AhAd??", "KsKd7c7d"], board="Kh 7h 2c", game="omaha", exact=True,
    ...                    by_hand=True)
    >>> view = distribution_view(equity_distribution(result)[0], points=3)
    >>> view["hands"], view["summarised"], len(view["combos"])
    (903, True, 3)
    >>> view["combos"][0][:2]
    ('301 hands, AsAhAdAc to AhAd8s4d', 0.33333333)
    >>> round(sum(point[1] for point in view["combos"]), 6)
    1.0
    """
    listed = len(spread.combos)
    rows = zip(spread.combos, spread.weights, spread.equities, strict=True)
    if listed <= points:
        combos = [(combo, round(weight, 8), round(equity, 6)) for combo, weight, equity in rows]
    else:
        everything = list(rows)
        combos = []
        for part in range(points):
            group = everything[part * listed // points : (part + 1) * listed // points]
            weight = sum(w for _, w, _ in group)
            mean = sum(w * e for _, w, e in group) / weight if weight else 0.0
            text = (
                group[0][0]
                if len(group) == 1
                else f"{len(group)} hands, {group[0][0]} to {group[-1][0]}"
            )
            combos.append((text, round(weight, 8), round(mean, 6)))
    return {
        "hands": listed,
        "summarised": listed > points,
        "above_50": spread.share_above(0.5),
        "above_75": spread.share_above(0.75),
        "combos": combos,
    }


def next_view(result: NextCardResult) -> NextCardView:
    """The next-card table: each player's equity now, and a row a card (its chance, each
    player's equity once it comes)."""
    return {
        "street": "turn" if result.street == "turn" else "river",
        "board": cards_view(result.board),
        "players": [
            {"player": i, "range": text, "equity": equity}
            for i, (text, equity) in enumerate(zip(result.ranges, result.equity, strict=True), 1)
        ],
        "cards": [
            {"card": card_view(row.card), "chance": row.chance, "equity": list(row.equity)}
            for row in result.cards
        ],
        "games": result.games,
        "exact": result.exact,
        "seed": None if result.seed is None else str(result.seed),
        "stderr": result.stderr,
    }


def hits_view(result: HitsResult) -> HitsView:
    """What a range hits: the totals by category (with each one's definition) and, on a
    board, every combo (the first :data:`MAX_HITS_HANDS`: a random Omaha hand has
    over 200,000 on a flop)."""

    def rows(counts: Any) -> list[HitsCategory]:
        return [
            {
                "category": category.value,
                "definition": category.definition,
                "combos": count,
                "share": result.share(category),
            }
            for category, count in counts.items()
        ]

    return {
        "range": result.range,
        "board": cards_view(result.board),
        "dead": cards_view(result.dead),
        "boards": result.boards,
        "texture": str(result.texture),
        "combos": result.weight,
        "pair_or_better": result.pair_or_better,
        "made": rows(result.made),
        "draws": rows(result.draws),
        "hands": [
            {
                "cards": cards_view(hit.cards),
                "weight": hit.weight,
                "made": hit.made.value,
                "draws": [d.value for d in hit.draws],
            }
            for hit in result.combos[:MAX_HITS_HANDS]
        ],
        "listed": len(result.combos),
    }


def ranking_view(ranking: Ranking) -> RankedHand:
    """An evaluated hand, as JSON."""
    best = set(ranking.cards)
    return {
        "hand": [{**card_view(c), "best": c in best} for c in ranking.hand],
        "best": cards_view(ranking.cards),
        "category": ranking.category.label,
        "description": ranking.description,
    }


@functools.cache
def card_notation() -> dict[str, Any]:
    """What the page's script needs to read and draw cards with no notation of its own:
    ``spellings``, every card token the library reads (upper case) to its card's code;
    ``picker``, the card picker's rows (spades, hearts, diamonds, clubs; aces first) as
    :func:`~croupier.web.pages.card_view` draws cards; ``grid``, the 13x13 starting-hand
    grid (aces first; pairs on the diagonal, suited above, offsuit below), each class's
    label and its name in the words of the cards' names; ``combos``, the same grid's
    combos of each class, as the library writes them (the grid's suit picker).

    >>> notation = card_notation()
    >>> notation["spellings"]["10♥"], notation["spellings"]["HX"], notation["picker"][1][4]["name"]
    ('Th', 'Th', '10 of hearts')
    >>> notation["grid"][0][:2]
    [['AA', 'pair of aces'], ['AKs', 'ace-king suited']]
    >>> notation["grid"][4][4], notation["grid"][5][4]
    (['TT', 'pair of 10s'], ['T9o', '10-9 offsuit'])
    >>> notation["combos"][0][1], len(notation["combos"][1][0]), len(notation["combos"][0][0])
    (['AcKc', 'AdKd', 'AhKh', 'AsKs'], 12, 6)
    """
    words = {rank.char: rank.word for rank in Rank}
    grid = []
    for row in range(13):
        cells = []
        for column in range(13):
            label = CLASS_LABELS[13 * row + column]
            high, low = words[label[0]], words[label[1]]
            if row == column:
                name = f"pair of {high}s"
            else:
                name = f"{high}-{low} {'suited' if row < column else 'offsuit'}"
            cells.append([label, name])
        grid.append(cells)
    ranks = sorted(Rank, reverse=True)
    return {
        "spellings": {token: str(card) for token, card in card_spellings().items()},
        "picker": [cards_view(Card(rank, suit) for rank in ranks) for suit in reversed(Suit)],
        "grid": grid,
        "combos": [
            [[combo_text(c) for c in CLASS_COMBOS[13 * row + column]] for column in range(13)]
            for row in range(13)
        ],
    }


def start_job(
    request: Request, jobs: Jobs, owner: str, kind: str, work: Callable[[Progress], Any]
) -> Response:
    """Start ``work`` as the browser's (``owner``'s) poker job of ``kind`` and answer 202
    with it. The job's owner is the browser and the kind: a browser runs one
    calculation, one next-card table and one hits question at a time, and a new job
    cancels its last of that kind only."""
    job = jobs.start(f"{owner}:poker-{kind}", work)
    return answer(request, job.view(), status_code=202)


@router.get("/poker", response_class=HTMLResponse)
async def page(request: Request) -> Response:
    """The calculator and the comparison (the same for every browser: rendered once,
    then served from memory, on the event loop)."""
    return render_static(request, "poker.html", title="Poker", state=_page_state())


@functools.cache
def _page_state() -> dict[str, Any]:
    """What the poker page's script starts from: the calculator's limits, the card
    notation and the games (the same for every browser: built once)."""
    return {
        "max_players": MAX_PLAYERS,
        "max_trials": MAX_TRIALS,
        "min_precision": MIN_PRECISION,
        "max_precision": MAX_PRECISION,
        "cards": card_notation(),
        "order": DEFAULT_ORDER.description,
        "games": [
            {
                "name": str(game),
                "label": variant.label,
                "hole_cards": variant.hole_cards,
                "lowest_rank": variant.lowest_rank,
                "two_card": variant.two_card,
                "rules": variant.rules,
            }
            for game, variant in VARIANTS.items()
        ],
    }


@router.post(
    "/api/poker/equity",
    status_code=202,
    dependencies=[NAMES],
    response_model=EquityJobAnswer,
    responses=answers(*CHANGES),
)
def start_equity(
    request: Request, body: EquityRequest, jobs: JobsService, owner: Owner
) -> Response:
    """Start a calculation; poll ``/api/poker/jobs/<job>`` for its progress and result."""
    question, plan, work = plan_equity(body)
    job = functools.partial(equity_job, question, plan, work)
    return start_job(request, jobs, owner, "equity", job)


@router.post(
    "/api/poker/next",
    status_code=202,
    dependencies=[NAMES],
    response_model=NextCardJobAnswer,
    responses=answers(*CHANGES),
)
def start_next(request: Request, body: EquityRequest, jobs: JobsService, owner: Owner) -> Response:
    """Start the next-card table of the question (a board of 3 or 4 cards), in its game,
    by the calculator's method (:func:`plan_next`); poll ``/api/poker/jobs/<job>`` for it."""
    question, plan = plan_next(body)
    return start_job(request, jobs, owner, "next", functools.partial(next_job, question, plan))


@router.post(
    "/api/poker/hits",
    status_code=202,
    dependencies=[NAMES],
    response_model=HitsJobAnswer,
    responses=answers(*CHANGES),
)
def start_hits(request: Request, body: HitsRequest, jobs: JobsService, owner: Owner) -> Response:
    """Start what the range (empty: random; the game's range syntax) makes in its game
    on the board (3 to 5 cards), combo by combo, or over every flop when there is no
    board (or over the flops of a ``texture`` and a ``high`` card); poll
    ``/api/poker/jobs/<job>`` for it. The question is checked first (a bad range or
    card, a board of 2 cards, no live combo, a bad texture: a one-line 422; work the
    library estimates over :data:`HITS_SECONDS`: a 413, :func:`check_hits_work`); a
    browser's new question cancels its last one."""
    text = body.range if body.range.strip() else "random"
    question = HitsQuestion.parse(
        text,
        body.board.strip() or None,
        body.dead.strip() or None,
        body.game,
        FlopTexture.parse(body.texture, body.high.strip() or None),
    )
    check_hits_work(question)
    return start_job(request, jobs, owner, "hits", functools.partial(hits_job, question))


def check_hits_work(question: HitsQuestion) -> None:
    """Refuse (413, one line saying how long and what to do) a hits question the library
    estimates over :data:`HITS_SECONDS` here: a wide Omaha range over every flop.

    >>> check_hits_work(HitsQuestion.parse("QQ+, AK"))
    >>> try:
    ...     check_hits_work(HitsQuestion.parse("random", game="omaha5"))
    ... except ApiError as exc:
    ...     print(exc.status_code, exc.detail[:60])
    413 what this range hits over every flop would take at least 9 m
    """
    work = hits_work(question, limit=HITS_SECONDS)
    if work.over(HITS_SECONDS):
        where = "on this board" if question.board else "over every flop"
        about = "at least" if work.at_least else "about"
        raise ApiError(
            413,
            f"what this range hits {where} would take {about} {duration(work.seconds)} on "
            f"this server (limit {HITS_SECONDS:.0f} seconds): give a smaller range, a "
            "board or a texture, or run croupier poker hits in a terminal (no limit there)",
        )


@router.post(
    "/api/poker/narrow",
    status_code=202,
    response_model=NarrowJobAnswer,
    responses=answers(*CHANGES),
    dependencies=[NAMES],
)
def start_narrow(
    request: Request, body: NarrowRequest, jobs: JobsService, owner: Owner
) -> Response:
    """Start narrowing the range (empty: random) on the board (3 to 5 cards) by what it
    hits in its game: the combos whose made hand or any draw is a category of ``keep``
    (every combo when ``keep`` is empty), less those with one of ``drop``, each at its
    weight; poll ``/api/poker/jobs/<job>`` for the narrowed range's text, counts and
    grid. The question and the category names are checked first (a one-line 422
    naming a bad category and the valid ones)."""
    text = body.range if body.range.strip() else "random"
    question = HitsQuestion.parse(text, body.board, body.dead.strip() or None, body.game)
    if not question.board:
        raise ApiError(422, "a range is narrowed on a board: give 3, 4 or 5 cards")
    keep = tuple(parse_category(name, question.game) for name in body.keep)
    drop = tuple(parse_category(name, question.game) for name in body.drop)
    if not keep and not drop:
        raise ApiError(422, "nothing to narrow by: tick a category to keep or to drop")
    work = functools.partial(narrow_job, question, keep, drop)
    return start_job(request, jobs, owner, "narrow", work)


add_job_routes(router, "/api/poker/jobs/{job_id}", PokerJobAnswer, "a calculation")


@router.post(
    "/api/poker/range",
    response_model=RangeAnswer,
    responses=answers(*SENDS),
    dependencies=[NAMES],
)
def read_range(body: RangeRequest) -> RangeAnswer:
    """Range text read by the library: its normalised text, its combos and its 13x13 grid
    (aces first; pairs on the diagonal, suited above, offsuit below; each cell the
    weighted share of the class's combos in the range); each combo's weight, and the
    combos the cards ``out`` (the board and the dead cards) or the game's deck leave
    out (short-deck: every combo with a card below 6). An empty text is a random hand,
    as in the calculator, and the answer says so (``random``).

    >>> read_range(RangeRequest(text="AKs, QQ+"))["range"]
    'QQ+, AKs'
    >>> empty = read_range(RangeRequest(text=" "))
    >>> empty["range"], empty["random"], empty["combos"]
    ('', True, 1326)
    >>> read = read_range(RangeRequest(text="AKs, AhKh@0, AsKs@50", out="Kd 2c"))
    >>> read["range"], read["weights"], len(read["out"])
    ('AsKs@50, AdKd, AcKc', {'AcKc': 1.0, 'AdKd': 1.0, 'AsKs': 0.5}, 101)
    """
    empty = not body.text.strip()
    parsed = Range.parse("random" if empty else resolve(body.text, body.game), game=body.game)
    try:
        gone = parse_cards(body.out)
    except CroupierError as error:
        raise prefixed(error, "board and dead cards") from None
    lowest = variant_of(body.game).lowest_card  # short-deck: the cards below 6 are out
    dead = np.zeros(52, dtype=bool)
    dead[:lowest] = True
    dead[[card.index for card in gone]] = True
    out = np.flatnonzero(dead[COMBO_CARDS].any(axis=1))
    weights = parsed.weights
    grid = [[round(float(w), 4) for w in row] for row in parsed.matrix()]
    return {
        "range": "" if empty else str(parsed),
        "random": empty,
        "combos": len(parsed),
        "grid": grid,
        "weights": {
            combo_text(c): round(float(weights[c]), 4) for c in range(COMBO_COUNT) if weights[c] > 0
        },
        "out": [combo_text(c) for c in out.tolist()],
    }


@router.post("/api/poker/compare", response_model=CompareAnswer, responses=answers(*SENDS))
def compare(body: CompareRequest) -> CompareAnswer:
    """Which of two hands wins: ``hand1 ; hand2``, in the game asked for."""
    matchup = parse_matchup(body.line, game=body.game)
    return {
        "hands": [ranking_view(matchup.first), ranking_view(matchup.second)],
        "winner": matchup.winner,
        "verdict": matchup.verdict,
    }
