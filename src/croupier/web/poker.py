"""The poker page (``/poker``): the equity calculator and the ``hand1 ; hand2`` comparison.

The calculator asks a Texas hold'em question: up to ten players, each with two hole
cards, one or none known; a board of up to five known cards; dead cards out of play.
It is answered exactly (every completion once) or by Monte Carlo, as a background job
the page watches with a progress bar. :func:`equity_question` turns the request into the
library's question and :func:`plan_equity` into the library call: the only two places
that know how the request maps onto :mod:`croupier.poker.equity`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from croupier.cards import Card, parse_cards
from croupier.errors import CroupierError
from croupier.poker import (
    EquityHand,
    EquityResult,
    HandRanking,
    PokerError,
    evaluate,
    exact_completions,
    exact_equity,
    monte_carlo_equity,
    parse_equity_hands,
)
from croupier.poker.matchup import parse_matchup
from croupier.web.errors import ApiError
from croupier.web.jobs import Progress
from croupier.web.pages import GamePage, card_view, cards_view, render

__all__ = ["PAGE", "EquityQuestion", "EquityRequest", "equity_question", "plan_equity"]

router = APIRouter()

#: Players at most.
MAX_PLAYERS: Final = 10
#: Cards each player holds, and on a full board.
HOLE_CARDS: Final = 2
BOARD_CARDS: Final = 5
#: Largest exact enumeration the server runs (completions): some seconds of work.
MAX_EXACT: Final = 30_000_000
#: Largest number of Monte Carlo trials.
MAX_TRIALS: Final = 2_000_000
#: Time limit handed to the exact engine (seconds).
EXACT_SECONDS: Final = 60.0


class EquityRequest(BaseModel):
    """A calculator request: hole cards per player (``""``: unknown), board, dead cards."""

    players: list[str] = Field(min_length=1, max_length=MAX_PLAYERS)
    board: str = Field("", max_length=100)
    dead: str = Field("", max_length=300)
    method: Literal["exact", "monte-carlo"] = "monte-carlo"
    trials: int = 100_000
    seed: int | None = Field(None, ge=0, le=2**63 - 1)


class CompareRequest(BaseModel):
    """A ``hand1 ; hand2`` line."""

    line: str = Field(max_length=200)


@dataclass(frozen=True, slots=True)
class EquityQuestion:
    """The library's question for a request: a hand per player, and the dead cards."""

    hands: tuple[EquityHand, ...]
    dead: tuple[Card, ...]
    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]


def _cards(text: str, where: str, most: int | None = None) -> tuple[Card, ...]:
    try:
        cards = parse_cards(text, distinct=True)
    except CroupierError as exc:
        raise PokerError(f"{where}: {exc}") from None
    if most is not None and len(cards) > most:
        raise PokerError(f"{where}: {len(cards)} cards: expected at most {most}")
    return cards


def equity_question(request: EquityRequest) -> EquityQuestion:
    """The request as an equity question: each player's line is its known hole cards, a
    ``?N`` for each unknown one, and the board (known cards, then ``?0``... for the
    cards still to come, shared by every player).

    >>> question = equity_question(EquityRequest(players=["As Ks", "7c"], board="2c 7d Jh"))
    >>> [str(hand) for hand in question.hands]
    ['As Ks 2c 7d Jh ?0 ?1', '7c 2c 7d Jh ?2 ?0 ?1']
    """
    holes = tuple(
        _cards(text, f"player {i}", HOLE_CARDS) for i, text in enumerate(request.players, 1)
    )
    board = _cards(request.board, "board", BOARD_CARDS)
    dead = _cards(request.dead, "dead cards")
    seen: dict[Card, str] = {}
    places = [*((f"player {i}", h) for i, h in enumerate(holes, 1)), ("the board", board)]
    for place, cards in [*places, ("the dead cards", dead)]:
        for card in cards:
            if card in seen:
                raise PokerError(f"card {card} is in {seen[card]} and in {place}: each card once")
            seen[card] = place
    coming = BOARD_CARDS - len(board)
    board_tokens = [str(c) for c in board] + [f"?{n}" for n in range(coming)]
    lines, next_unknown = [], coming
    for hole in holes:
        own = [f"?{n}" for n in range(next_unknown, next_unknown + HOLE_CARDS - len(hole))]
        next_unknown += len(own)
        lines.append(" ".join([*(str(c) for c in hole), *own, *board_tokens]))
    hands = parse_equity_hands("\n".join(lines), source="the question")
    return EquityQuestion(hands, dead, holes, board)


def plan_equity(
    request: EquityRequest,
) -> tuple[EquityQuestion, Callable[[Progress], EquityResult]]:
    """Check ``request`` now (bad cards, too much work: a croupier error or a 4xx) and
    return its question and the calculation, to run with a progress callback."""
    question = equity_question(request)
    if request.method == "exact":
        total = exact_completions(question.hands, question.dead)
        if total > MAX_EXACT:
            raise ApiError(
                413,
                f"an exact answer needs {total:,} completions, over this server's limit of "
                f"{MAX_EXACT:,}: use Monte Carlo, or name more cards",
            )
        return question, lambda progress: exact_equity(
            question.hands, dead=question.dead, progress=progress, time_limit=EXACT_SECONDS
        )
    if not 1 <= request.trials <= MAX_TRIALS:
        raise ApiError(422, f"bad number of trials {request.trials}: expected 1 to {MAX_TRIALS:,}")
    return question, lambda progress: monte_carlo_equity(
        question.hands,
        request.trials,
        rng=request.seed,
        progress=progress,
        dead=question.dead,
        time_limit=EXACT_SECONDS,
    )


def equity_view(question: EquityQuestion, result: EquityResult) -> dict[str, Any]:
    """The calculation's answer, one row per player."""
    rows = []
    for i, hole in enumerate(question.holes):
        tie_share = float(result.tie_shares[i] / result.trials)
        made = None
        if len(hole) == HOLE_CARDS and len(question.board) >= 3:
            made = evaluate((*hole, *question.board)).description
        rows.append(
            {
                "player": i + 1,
                "cards": cards_view(hole),
                "made": made,
                "unknown": HOLE_CARDS - len(hole),
                "equity": result.equity[i],
                "error95": 1.96 * result.standard_errors[i],
                "win": result.win_rates[i],
                "tie": tie_share,
            }
        )
    return {
        "players": rows,
        "board": cards_view(question.board),
        "dead": cards_view(question.dead),
        "trials": result.trials,
        "exact": result.exact,
        "seed": result.seed,
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


@router.get("/poker", response_class=HTMLResponse)
def page(request: Request) -> Response:
    """The calculator and the comparison."""
    state = {"max_players": MAX_PLAYERS, "max_trials": MAX_TRIALS, "max_exact": MAX_EXACT}
    return render(request, "poker.html", title="Poker", state=state)


@router.post("/api/poker/equity", status_code=202)
def start_equity(request: Request, body: EquityRequest) -> JSONResponse:
    """Start a calculation; poll ``/api/poker/jobs/<job>`` for its progress and result."""
    question, calculate = plan_equity(body)
    owner = request.scope["state"]["session_id"]
    job = request.app.state.jobs.start(
        owner, lambda progress: equity_view(question, calculate(progress))
    )
    return JSONResponse(job.view(), status_code=202)


@router.get("/api/poker/jobs/{job_id}")
def job_state(request: Request, job_id: str) -> dict[str, Any]:
    """A calculation's progress, then its result (or its one-line error)."""
    job = request.app.state.jobs.get(request.scope["state"]["session_id"], job_id)
    view: dict[str, Any] = job.view()
    return view


@router.delete("/api/poker/jobs/{job_id}")
def cancel_job(request: Request, job_id: str) -> dict[str, Any]:
    """Stop a calculation."""
    job = request.app.state.jobs.cancel(request.scope["state"]["session_id"], job_id)
    view: dict[str, Any] = job.view()
    return view


@router.post("/api/poker/compare")
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
    summary="Texas hold'em equity for up to ten players, exact or Monte Carlo, and which of "
    "two hands wins.",
    router=router,
)
