"""The poker page (``/poker``): the equity calculator and the ``hand1 ; hand2`` comparison.

The calculator asks a Texas hold'em question: 2 to 10 players, each holding a range
(range text as :meth:`croupier.poker.Range.parse` reads it: a hand ``AhKh``, a range
``TT+, AQs+``, ``random``, ``15%``, weights; an empty box is ``random``); a board of 0, 3,
4 or 5 known cards; dead cards out of play. :func:`croupier.poker.calculate` answers it,
exactly or by Monte Carlo, as a background job the page watches with a progress bar.
:func:`equity_question` turns the request into the library's question and
:func:`plan_equity` into the library call: the only two places that know how the request
maps onto :mod:`croupier.poker.calc`.

Three methods: ``auto`` (the library's choice: exact when that takes a few seconds,
else Monte Carlo to a standard error of 0.1 percentage point), ``exact`` (refused with a
413 when the enumeration would take over :data:`EXACT_SECONDS` on this server) and
``monte-carlo`` (a number of trials, or a precision).
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Final

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from croupier.cards import Card, Rank, Suit, card_spellings
from croupier.poker import (
    CalcResult,
    EquityQuestion,
    HandRanking,
    Range,
    calculate,
    evaluate,
    exact_seconds,
)
from croupier.poker.calc import MAX_PLAYERS
from croupier.poker.matchup import parse_matchup
from croupier.poker.starting_hands import CLASS_LABELS
from croupier.web.errors import ApiError
from croupier.web.jobs import Progress
from croupier.web.pages import GamePage, card_view, cards_view, render_static
from croupier.web.schemas import CHANGES, READS, SENDS, answers
from croupier.web.schemas.poker import (
    MAX_PRECISION,
    MAX_TRIALS,
    MIN_PRECISION,
    CompareAnswer,
    CompareRequest,
    EquityJobAnswer,
    EquityRequest,
    RangeAnswer,
    RangeRequest,
)

__all__ = ["PAGE", "EquityRequest", "equity_question", "plan_equity"]

router = APIRouter()

#: Longest exact enumeration the server runs, as the library estimates it (seconds).
EXACT_SECONDS: Final = 30.0


def equity_question(request: EquityRequest) -> EquityQuestion:
    """The request as the library's question: each player's text read as a range (an
    empty box is ``random``; a text over :data:`MAX_RANGE_TEXT` characters is refused),
    the board and the dead cards. :class:`~croupier.poker.EquityQuestion` checks it
    (a card named twice, a range left empty...) here, before any job.

    >>> question = equity_question(EquityRequest(players=["As Ks", "TT+, AQs+"], board="2c 7d Jh"))
    >>> [str(r) for r in question.ranges], len(question.ranges[1])
    (['AsKs', 'TT+, AQs+'], 38)
    """
    ranges = [text if text.strip() else "random" for text in request.players]
    return EquityQuestion.parse(ranges, request.board, request.dead)


@dataclass(frozen=True, slots=True)
class EquityPlan:
    """How a question is answered: the method chosen and the Monte Carlo seed."""

    method: str
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
    """The library's calculation for a planned question (picklable, for a worker)."""
    return calculate(
        question,
        exact=exact,
        trials=trials,
        precision=precision,
        rng=seed,
        progress=progress,
    )


def equity_job(
    question: EquityQuestion,
    plan: EquityPlan,
    work: Callable[[Progress], CalcResult],
    progress: Progress,
) -> dict[str, Any]:
    """A calculation job's work: the calculation, then its view (in a worker)."""
    return equity_view(question, plan, work(progress))


def equity_view(question: EquityQuestion, plan: EquityPlan, result: CalcResult) -> dict[str, Any]:
    """The calculation's answer, one row per player."""
    rows = []
    for i, (player, asked) in enumerate(zip(result.players, question.ranges, strict=True)):
        hand = asked.combos[0] if len(asked) == 1 else ()
        made = None
        if hand and len(question.board) >= 3:
            made = evaluate((*hand, *question.board)).description
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
            }
        )
    return {
        "players": rows,
        "board": cards_view(question.board),
        "dead": cards_view(question.dead),
        "games": result.games,
        "exact": result.exact,
        "method": plan.method,
        "seed": None if result.exact else plan.seed,
    }


def ranking_view(ranking: HandRanking) -> dict[str, Any]:
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
    label and its name in the words of the cards' names.

    >>> notation = card_notation()
    >>> notation["spellings"]["10♥"], notation["spellings"]["HX"], notation["picker"][1][4]["name"]
    ('Th', 'Th', '10 of hearts')
    >>> notation["grid"][0][:2]
    [['AA', 'pair of aces'], ['AKs', 'ace-king suited']]
    >>> notation["grid"][4][4], notation["grid"][5][4]
    (['TT', 'pair of 10s'], ['T9o', '10-9 offsuit'])
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
    }


@router.get("/poker", response_class=HTMLResponse)
def page(request: Request) -> Response:
    """The calculator and the comparison."""
    state = {
        "max_players": MAX_PLAYERS,
        "max_trials": MAX_TRIALS,
        "min_precision": MIN_PRECISION,
        "max_precision": MAX_PRECISION,
        "cards": card_notation(),
    }
    return render_static(request, "poker.html", title="Poker", state=state)


@router.post(
    "/api/poker/equity",
    status_code=202,
    response_model=EquityJobAnswer,
    responses=answers(*CHANGES),
)
def start_equity(request: Request, body: EquityRequest) -> JSONResponse:
    """Start a calculation; poll ``/api/poker/jobs/<job>`` for its progress and result."""
    question, plan, work = plan_equity(body)
    owner = request.scope["state"]["session_id"]
    job = request.app.state.jobs.start(owner, functools.partial(equity_job, question, plan, work))
    return JSONResponse(job.view(), status_code=202)


@router.get(
    "/api/poker/jobs/{job_id}", response_model=EquityJobAnswer, responses=answers(*READS, 404)
)
def job_state(request: Request, job_id: Annotated[str, Path(max_length=64)]) -> dict[str, Any]:
    """A calculation's progress, then its result (or its one-line error)."""
    job = request.app.state.jobs.get(request.scope["state"]["session_id"], job_id)
    view: dict[str, Any] = job.view()
    return view


@router.delete(
    "/api/poker/jobs/{job_id}",
    response_model=EquityJobAnswer,
    responses=answers(*SENDS, 404),
)
def cancel_job(request: Request, job_id: Annotated[str, Path(max_length=64)]) -> dict[str, Any]:
    """Stop a calculation."""
    job = request.app.state.jobs.cancel(request.scope["state"]["session_id"], job_id)
    view: dict[str, Any] = job.view()
    return view


@router.post("/api/poker/range", response_model=RangeAnswer, responses=answers(*SENDS))
def read_range(body: RangeRequest) -> dict[str, Any]:
    """Range text read by the library: its normalised text, its combos and its 13x13 grid
    (aces first; pairs on the diagonal, suited above, offsuit below; each cell the
    weighted share of the class's combos in the range). An empty text is an empty grid.

    >>> read_range(RangeRequest(text="AKs, QQ+"))["range"]
    'QQ+, AKs'
    """
    if not body.text.strip():
        return {"range": "", "combos": 0, "grid": [[0.0] * 13 for _ in range(13)]}
    parsed = Range.parse(body.text)
    grid = [[round(float(w), 4) for w in row] for row in parsed.matrix()]
    return {"range": str(parsed), "combos": len(parsed), "grid": grid}


@router.post("/api/poker/compare", response_model=CompareAnswer, responses=answers(*SENDS))
def compare(body: CompareRequest) -> dict[str, Any]:
    """Which of two hands wins: ``hand1 ; hand2``."""
    matchup = parse_matchup(body.line)
    return {
        "hands": [ranking_view(matchup.first), ranking_view(matchup.second)],
        "winner": matchup.winner,
        "verdict": matchup.verdict,
    }


PAGE: Final = GamePage(
    key="poker",
    title="Poker",
    path="/poker",
    summary="Texas hold'em equity of hands and ranges for up to ten players, exact or "
    "Monte Carlo, and which of two hands wins.",
    router=router,
)
