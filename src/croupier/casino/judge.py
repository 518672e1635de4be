"""The judge: the one evaluation of a position that the hint, the review, the puzzles and
the computer's explanations all read.

A verdict values every legal move of the player to move, from what that player sees, by
the expert's search (:meth:`~.strategies.ExpertStrategy.analyse`) at a fixed amount of
work, so that it depends on the position and on nothing else: not on the clock, not on
the machine, not on what was asked before.

- **In the last deal** (an empty deck) the unseen cards are exactly the opponent's hand,
  and the search goes to the end of the round: every move's value is exact (the round
  points the player finishes ahead by, and the tournament when the round decides it).
- **Earlier**, the unseen cards are dealt at random, consistently with what the player
  sees, and each deal is searched to the end of the current deal of 4 + 4 cards, as an
  open game. Every move is valued on the *same* deals (common random numbers), so the
  difference between two moves is measured deal by deal, and the luck of a deal, which
  moves every move's value alike, cancels out of it. The deals are drawn from a
  generator seeded by the position itself (:func:`~.strategies.base.observation_rng`):
  the same position gets the same deals, and the same verdict, anywhere.

  The judge searches :attr:`JudgeSettings.deals` deals (128), then doubles them, up to
  :attr:`JudgeSettings.max_deals` (1,024), while a move's loss (the best move's value
  minus its own) is within :data:`SURE` standard errors of a marking threshold
  (:data:`INACCURACY` or :data:`BLUNDER`) with a standard error over
  :attr:`JudgeSettings.target_error` (0.1 points). The standard error of a loss is
  that of the mean of its deal-by-deal differences.

A loss is reported with its standard error (:class:`Loss`), and a move is *clearly*
past a threshold only when its loss minus :data:`SURE` standard errors is
(:meth:`Loss.clearly_past`): a review marks only such moves. The best move (the hint)
loses nothing, exactly: a game played by the hints alone reviews at 100% with no mark.

The work is bounded on any table, in steps (see :class:`~.strategies.base.WorkBudget`):
the listing of the legal moves by :attr:`JudgeSettings.listing_steps`, the search by a
plan that depends on the number of legal moves (:meth:`JudgeSettings.plan`: on a table
of many moves each step costs more, and the search looks less far ahead), so that on an
extreme table the listing or the deals stop at the same place on every machine, within
a second or two, and the verdict says so. Nothing here prints or reads the clock.

>>> from croupier.casino import Move, Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=1)
>>> verdict = Judge().position(state)
>>> str(verdict.best), verdict.deals, verdict.exact
('build H3 S2', 512, False)
>>> loss = verdict.loss(Move.parse("capture S9 H9"))
>>> round(loss.points, 2), round(loss.error, 2), loss.clearly_past(INACCURACY)
(1.15, 0.08, True)
>>> print(verdict.reason)  # doctest: +NORMALIZE_WHITESPACE
builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): looking
ahead, you can expect 1.1 (± 0.1) more points than if you capture 9♥ with 9♠
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from croupier.arguments import checked
from croupier.cards import CardStyle
from croupier.casino.errors import CasinoError
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies.base import WorkBudget, list_moves_to_decide, observation_rng
from croupier.casino.strategies.expert import Analysis, ExpertSettings, ExpertStrategy
from croupier.casino.strategies.explain import explain, plural
from croupier.casino.strategies.search import TOURNAMENT_BONUS
from croupier.casino.strategies.values import gain, move_kind

__all__ = [
    "BEST_WITHIN",
    "BLUNDER",
    "INACCURACY",
    "JUDGE_SETTINGS",
    "MAX_DEALS",
    "MAX_WORK",
    "SURE",
    "Judge",
    "JudgeSettings",
    "Loss",
    "Verdict",
    "error_json",
    "format_error",
    "format_loss",
]

#: Expected round points lost from which a move is an inaccuracy.
INACCURACY: Final = 0.5
#: Expected round points lost from which a move is a blunder.
BLUNDER: Final = 1.5
#: A move that loses less than this is as good as the best.
BEST_WITHIN: Final = 0.1
#: Standard errors by which a loss must pass a threshold to be clearly past it: a move
#: whose true loss is at the threshold is marked in about 2.3% of the positions (the
#: normal distribution's tail beyond 2 standard deviations).
SURE: Final = 2.0

#: Plies in a deal of 4 + 4 cards: searched this deep, a deal is searched to its end.
_DEAL_PLIES: Final = 8
#: Legal moves a plain table has at most (see :attr:`JudgeSettings.plain_moves`).
_PLAIN: Final = 32
#: The most sampled deals a verdict may search (:attr:`JudgeSettings.max_deals`): 64
#: times the default, more than any budget of steps reaches.
MAX_DEALS: Final = 65_536
#: The most steps of work (or positions) any of :class:`JudgeSettings`' budgets may
#: allow: hours of search, far beyond a verdict's needs.
MAX_WORK: Final = 10**12


@checked
@dataclass(frozen=True, slots=True)
class JudgeSettings:
    """How much work the judge does on a position (the same on any machine).

    Each field is checked: a wrong type is a :class:`TypeError`, a value out of its
    range (given with each field) a :class:`~croupier.casino.errors.CasinoError`.

    >>> JudgeSettings(deals=1)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad deals 1: expected 2 to max_deals (1,024), a standard ...
    """

    #: Sampled deals searched at first (before the last deal): 2 (a standard error needs
    #: two) to :attr:`max_deals`.
    deals: int = 128
    #: Sampled deals searched at most: the deals double up to this many while a move's
    #: mark is in doubt (see the module's documentation); at most :data:`MAX_DEALS`.
    max_deals: int = 1024
    #: Plies searched ahead in each sampled deal on a plain table, 1 to 8 (8: to the end
    #: of the deal; a search never goes further).
    depth: int = _DEAL_PLIES
    #: Positions the last deal's search to the end of the round may visit before it
    #: looks only ``depth`` plies ahead instead (0: never to the end of the round; at
    #: most :data:`MAX_WORK`, as the budgets below).
    exact_nodes: int = 1_000_000
    #: Steps of work (see :class:`~.strategies.base.WorkBudget`) the listing of the legal
    #: moves may take (all of them on any table but an extreme one, 20 low loose cards),
    #: and a search of 1 or 2 plies on a large table: about a second or two.
    listing_steps: int = 60_000
    #: Steps of work the search of a plain table may take in all: far more than a real
    #: position needs (a few thousand a deal), a bound for the largest.
    steps: int = 5_000_000
    #: Legal moves a plain table has at most (every position of real games measured had
    #: 16 or fewer). On a larger table every position searched has more moves, and each
    #: step of the search costs more: the search then looks less far ahead and takes
    #: fewer steps (see :meth:`plan`).
    plain_moves: int = _PLAIN
    #: The standard error of a loss below which more deals are not searched, even when
    #: the loss is within :data:`SURE` standard errors of a threshold (a finite number,
    #: 0 or more).
    target_error: float = 0.1

    def __post_init__(self) -> None:
        if not 2 <= self.max_deals <= MAX_DEALS:
            raise CasinoError(f"bad max_deals {self.max_deals}: expected 2 to {MAX_DEALS:,}")
        if not 2 <= self.deals <= self.max_deals:
            raise CasinoError(
                f"bad deals {self.deals}: expected 2 to max_deals ({self.max_deals:,}), a "
                "standard error needs two"
            )
        if not 1 <= self.depth <= _DEAL_PLIES:
            raise CasinoError(
                f"bad depth {self.depth}: expected 1 to {_DEAL_PLIES} plies "
                f"({_DEAL_PLIES}: to the end of the deal)"
            )
        for name, least in (("exact_nodes", 0), ("listing_steps", 1), ("steps", 1)):
            value = getattr(self, name)
            if not least <= value <= MAX_WORK:
                raise CasinoError(f"bad {name} {value}: expected {least} to {MAX_WORK:,}")
        if self.plain_moves < 1:
            raise CasinoError(f"bad plain_moves {self.plain_moves}: expected 1 or more")
        if not 0 <= self.target_error <= MAX_WORK:  # a finite number (nan, inf and 10**400 fail)
            raise CasinoError(
                f"bad target_error {self.target_error}: expected a finite number of points, "
                f"0 to {MAX_WORK:,}"
            )

    def plan(self, moves: int, complete: bool = True) -> tuple[int, int]:
        """How far ahead each deal is searched, and the steps the search may take, on a
        table of ``moves`` legal moves (``complete``: all of them were listed).

        On a plain table, ``depth`` and ``steps``. Beyond it every position searched has
        more moves, and a step costs more: the plies are halved for each doubling of the
        moves (at least 1); 4 plies get the steps divided by the square of the ratio to a
        plain table, and 1 or 2 plies, where each step is a call of the search of its
        own (about 30 µs), :attr:`listing_steps` as the listing does. A listing the
        budget stopped means a larger table still, planned as 1 ply.

        >>> [JUDGE_SETTINGS.plan(moves) for moves in (10, 50, 100, 2000)]
        [(8, 5000000), (4, 2048000), (2, 60000), (1, 60000)]
        >>> JUDGE_SETTINGS.plan(14, complete=False)
        (1, 60000)
        """
        plain = self.plain_moves
        if not complete:
            moves = max(moves, 16 * plain)
        if moves <= plain:
            return self.depth, self.steps
        depth, size = self.depth, plain
        while moves > size and depth > 1:
            depth, size = max(1, depth // 2), size * 2
        if depth > 2:
            return depth, self.steps * plain * plain // (moves * moves)
        return depth, self.listing_steps

    def expert(self, depth: int) -> ExpertSettings:
        """The expert's settings for one deal's search: one deal, ``depth`` plies, no
        time to spare (a fixed amount of work)."""
        return ExpertSettings(
            samples=1,
            depth=depth,
            min_samples=1,
            node_budget=0,
            max_samples=1,
            exact_nodes=self.exact_nodes,
            shallow_samples=0,
        )


#: The judge's settings unless told otherwise.
JUDGE_SETTINGS: Final = JudgeSettings()


@dataclass(frozen=True, slots=True)
class Loss:
    """What a move gives away against the best: the expected round ``points`` (0 for the
    best), the standard ``error`` of that estimate (0 when it is exact, infinite when
    the judge's budget left it unknown), and whether it ``costs_tournament`` (then
    ``points`` counts the round points only).

    >>> Loss(0.7, 0.05).clearly_past(INACCURACY), Loss(0.7, 0.15).clearly_past(INACCURACY)
    (True, False)
    """

    points: float
    error: float = 0.0
    costs_tournament: bool = False

    def clearly_past(self, threshold: float) -> bool:
        """Whether the loss is past ``threshold`` by more than :data:`SURE` standard
        errors (a loss that costs the tournament is past every threshold)."""
        return self.costs_tournament or self.points - SURE * self.error >= threshold

    @property
    def is_best(self) -> bool:
        """Whether the move is as good as the best: not clearly :data:`BEST_WITHIN`
        behind it."""
        return not self.clearly_past(BEST_WITHIN)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's look at a position, from what its player to move sees: every move
    valued (``moves``, all the legal moves unless the budget stopped their listing,
    ``complete`` then false), the best of them, how many sampled deals were searched (0
    in the last deal, where the search is exact, and for a forced move), how far ahead,
    and whether the budget stopped the search (``cut``).

    ``values`` are the moves' values: the round points the player can expect to finish
    ahead by after the move (the tournament counts
    :data:`~.strategies.search.TOURNAMENT_BONUS` more when the round decides it)."""

    observation: Observation
    moves: tuple[Move, ...]
    values: tuple[float, ...]
    best: Move
    deals: int
    depth: int
    exact: bool
    forced: bool = False
    complete: bool = True
    cut: bool = False
    #: Steps of the budget, for the notes when it stopped the work.
    steps: int = 0
    #: Steps of work the verdict took (see :class:`~.strategies.base.WorkBudget`).
    work: int = 0
    #: The moves listed (valued or not).
    listed: int = 0
    #: Each move's kind, as an index into each deal's row (moves of a kind are worth the same).
    kinds: tuple[int, ...] = field(default=(), repr=False)
    #: The value of each kind in each deal searched (one row when the deal is known).
    rows: tuple[tuple[float, ...], ...] = field(default=(), repr=False, compare=False)

    @property
    def player(self) -> Player:
        """The player the verdict is for: the player to move."""
        return self.observation.player

    def valued(self, move: Move) -> bool:
        """Whether ``move`` has a value in this verdict (every legal move does, unless the
        budget stopped the work on an extreme table)."""
        return move in self._index

    @property
    def _index(self) -> dict[Move, int]:
        return {move: i for i, move in enumerate(self.moves)}

    def value_of(self, move: Move) -> float:
        """The value of ``move`` (one of :attr:`moves`)."""
        return self.values[self._at(move)]

    def _at(self, move: Move) -> int:
        try:
            return self.moves.index(move)
        except ValueError:
            raise KeyError(f"{move} has no value in this verdict") from None

    def difference(self, move: Move, other: Move) -> tuple[float, float]:
        """``move``'s value minus ``other``'s, and the standard error of that difference
        over the deals searched (0 if exact; infinite if unknown: one deal searched)."""
        a, b = self.kinds[self._at(move)], self.kinds[self._at(other)]
        mean = self.values[self._at(move)] - self.values[self._at(other)]
        if a == b or self.observation.deck_size == 0:  # the same kind, or the deal known
            return mean, 0.0
        if len(self.rows) < 2:
            return mean, math.inf
        diffs = [row[a] - row[b] for row in self.rows]
        centre = math.fsum(diffs) / len(diffs)
        variance = math.fsum((d - centre) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(variance / len(diffs))

    def loss(self, move: Move) -> Loss:
        """What ``move`` (one of :attr:`moves`) gives away against :attr:`best`."""
        return _loss(*self.difference(self.best, move))

    @property
    def reason(self) -> str:
        """Why :attr:`best` is best, in plain words, for the player to move."""
        return self.explain(self.best)

    def explain(self, move: Move) -> str:
        """Why ``move`` (one of :attr:`moves`) is played, in plain words for the player to
        move: what it takes or builds, and what the look-ahead says of it against the
        biggest capture."""
        notes = (self._lookahead(move), self._cut_note())
        note = "; ".join(text for text in notes if text)
        return explain(self.observation, move, self.moves, note or None)

    def _lookahead(self, move: Move) -> str | None:
        """What the look-ahead says of ``move`` when a bigger capture was there."""
        if self.forced or (self.deals == 0 and self.observation.deck_size):
            return None  # no look-ahead: the budget stopped even the first deal's search
        greedy = max(self.moves, key=gain)
        if gain(greedy)[:2] <= gain(move)[:2]:
            return None
        better, error = self.difference(move, greedy)
        if better >= TOURNAMENT_BONUS / 2:
            return "playing to the end of the round, this decides the tournament"
        if self.player is Player.COMPUTER:
            instead, expects = "from its biggest capture", "it expects"
        else:
            instead, expects = f"if you {greedy.describe(CardStyle.PRETTY)}", "you can expect"
        if abs(better) < 0.05:
            return f"looking ahead, {expects} as much as {instead}"
        more = "more" if better > 0 else "fewer"
        points = f"{abs(better):.1f}{_pm(error)} {more} points"
        return f"looking ahead, {expects} {points} than {instead}"

    def _cut_note(self) -> str | None:
        """What the verdict must admit when the budget stopped its work."""
        notes = []
        if not self.complete:
            notes.append(
                f"the judge's budget stopped the listing of the legal moves at {self.listed:,}"
            )
        if len(self.moves) < self.listed:
            notes.append(f"it valued {len(self.moves):,} of the {self.listed:,} moves listed")
        budget = f"the judge's budget of {self.steps:,} steps"
        if self.cut and self.deals:
            notes.append(f"{budget} stopped the search after {plural(self.deals, 'sampled deal')}")
        elif self.cut:
            notes.append(f"{budget} stopped the search: the moves are valued one move ahead")
        elif self.deals and self.depth < _DEAL_PLIES and self.listed > _PLAIN:
            notes.append(
                f"with {self.listed:,} legal moves, each deal was searched only "
                f"{plural(self.depth, 'move')} ahead"
            )
        return "; ".join(notes) or None

    def ranked(self) -> list[tuple[Move, Loss]]:
        """One move of each kind with its loss, the best first."""
        seen: set[int] = set()
        kinds = []
        for move, kind in zip(self.moves, self.kinds, strict=True):
            if kind not in seen:
                seen.add(kind)
                kinds.append(move)
        losses = [(move, self.loss(move)) for move in kinds]
        losses.sort(key=lambda pair: (pair[1].costs_tournament, pair[1].points))
        return losses

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data: the best move with its reason, the work done,
        and one move of each kind with its value and loss (the error ``null`` when
        unknown)."""
        return {
            "player": self.player.key,
            "best": str(self.best),
            "best_text": self.best.describe("pretty"),
            "reason": self.reason,
            "deals": self.deals,
            "depth": self.depth,
            "exact": self.exact,
            "forced": self.forced,
            "complete": self.complete,
            "cut": self.cut,
            "work": self.work,
            "moves": [
                {
                    "move": str(move),
                    "value": round(self.value_of(move), 3),
                    "loss": round(loss.points, 3),
                    "error": error_json(loss.error),
                    "costs_tournament": loss.costs_tournament,
                }
                for move, loss in self.ranked()
            ],
        }


def _loss(raw: float, error: float) -> Loss:
    """The loss of a move worth ``raw`` less than the best (with that standard error): a
    difference of :data:`~.strategies.search.TOURNAMENT_BONUS` or more is the
    tournament given up, and the loss counts the round points only."""
    swings = max(0, round(raw / TOURNAMENT_BONUS))
    points = max(0.0, raw - swings * TOURNAMENT_BONUS)
    return Loss(points, error if not swings else 0.0, swings > 0)


def error_json(error: float) -> float | None:
    """A standard error as JSON: rounded, ``None`` when unknown (infinite)."""
    return round(error, 3) if math.isfinite(error) else None


def format_error(error: float) -> str:
    """A standard error after a figure: `` ± 0.08``, `` ± <0.01``, `` ± ?`` (unknown), or
    nothing (exact).

    >>> format_error(0.076), format_error(0.001), format_error(math.inf), format_error(0.0)
    (' ± 0.08', ' ± <0.01', ' ± ?', '')
    """
    if error == 0:
        return ""
    if not math.isfinite(error):
        return " ± ?"
    return f" ± {error:.2f}" if error >= 0.005 else " ± <0.01"


def format_loss(points: float, error: float) -> str:
    """A loss (or any difference of values) with its standard error, to the hundredth.

    >>> format_loss(1.148, 0.076), format_loss(2.0, 0.0), format_loss(0.6, math.inf)
    ('1.15 ± 0.08', '2.00', '0.60 ± ?')
    """
    return f"{points:.2f}{format_error(error)}"


def _pm(error: float) -> str:
    """`` (± 0.1)`` after an estimate; nothing when it is exact."""
    if error == 0:
        return ""
    return f" (± {error:.1f})" if math.isfinite(error) else " (± ?)"


class Judge:
    """The judge (see the module's documentation): :meth:`verdict` values every move of
    a position at ``settings``' fixed work. It remembers its last ``remember`` verdicts,
    so that asking again (the hint, then the review of the move played) costs nothing.
    """

    @checked
    def __init__(self, settings: JudgeSettings = JUDGE_SETTINGS, *, remember: int = 128) -> None:
        if remember < 0:
            raise CasinoError(f"bad remember {remember}: expected 0 or more verdicts")
        self.settings = settings
        self.remember = remember
        self._verdicts: OrderedDict[Observation, Verdict] = OrderedDict()

    def __repr__(self) -> str:
        return f"Judge({self.settings!r})"

    @checked
    def position(self, state: State) -> Verdict:
        """The verdict on ``state`` for its player to move."""
        return self.verdict(state.observe(state.next_player))

    @property
    def remembered(self) -> int:
        """How many verdicts the judge remembers now (at most ``remember``)."""
        return len(self._verdicts)

    @checked
    def verdict(self, observation: Observation) -> Verdict:
        """The verdict on the position ``observation`` shows its player (who must be to
        move: else a :class:`~croupier.casino.errors.CasinoError`)."""
        known = self._verdicts.get(observation)
        if known is not None:
            self._verdicts.move_to_end(observation)
            return known
        listing = WorkBudget(2 * self.settings.listing_steps)  # the listing takes half
        moves, complete = list_moves_to_decide(observation, listing)
        verdict = self._judge(observation, moves, complete)
        verdict = replace(verdict, work=verdict.work + int(listing.clock()))
        self._verdicts[observation] = verdict
        while len(self._verdicts) > self.remember:
            self._verdicts.popitem(last=False)
        return verdict

    @checked
    def reason(self, observation: Observation, move: Move) -> str | None:
        """Why the player who sees ``observation`` plays ``move`` (one of its legal
        moves), in plain words: the look-ahead is the judge's only when a bigger capture
        was there (what :meth:`Verdict.explain` would add); a move that takes the most
        needs no verdict, and none is computed. ``None`` when the judge's budget left
        ``move`` unvalued."""
        words, needs_verdict = self.first_reason(observation, move)
        if not needs_verdict:
            return words
        verdict = self.verdict(observation)
        return verdict.explain(move) if verdict.valued(move) else None

    @checked
    def first_reason(self, observation: Observation, move: Move) -> tuple[str, bool]:
        """Why the player who sees ``observation`` plays ``move``, at once (no verdict):
        the plain words of :meth:`reason` without the look-ahead, and whether the
        look-ahead would add to them (a bigger capture was there: :meth:`reason` then
        needs the verdict, which a front end in a hurry may ask for later).

        >>> from croupier.casino import Move, Player, new_tournament
        >>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
        >>> Judge().first_reason(seen, Move.parse("capture S9 H9"))
        ('captures the 9 of hearts', False)
        >>> words, later = Judge().first_reason(seen, Move.parse("build H3 S2"))
        >>> later, Judge().reason(seen, Move.parse("build H3 S2")).startswith(words)
        (True, True)
        """
        listing = WorkBudget(2 * self.settings.listing_steps)
        moves, _ = list_moves_to_decide(observation, listing)
        takes_most = move in moves and gain(max(moves, key=gain))[:2] <= gain(move)[:2]
        return explain(observation, move, moves, None), not takes_most

    @checked
    def loss(self, state: State, move: Move) -> tuple[Verdict, Loss]:
        """The verdict on ``state`` and what ``move`` (legal there, played by the player to
        move) gives away. On an extreme table where the budget left ``move`` unvalued,
        the best move and ``move`` are judged again, the two alone."""
        verdict = self.position(state)
        if not verdict.valued(move):
            pair = [verdict.best, move]
            narrow = self._judge(verdict.observation, pair, verdict.complete, verdict.listed)
            if narrow.valued(move) and narrow.valued(verdict.best):
                return verdict, _loss(*narrow.difference(verdict.best, move))
            return verdict, Loss(0.0, math.inf)
        return verdict, verdict.loss(move)

    def _judge(
        self,
        observation: Observation,
        moves: list[Move],
        complete: bool,
        listed: int | None = None,
    ) -> Verdict:
        """The verdict on ``moves`` (all the legal moves if ``complete``) on a table of
        ``listed`` legal moves (by default, ``moves``), with the work it plans."""
        settings = self.settings
        listed = len(moves) if listed is None else listed
        depth, steps = settings.plan(listed, complete)
        budget = WorkBudget(steps)
        verdict = self._search(observation, moves, complete, budget, depth)
        return replace(verdict, work=int(budget.clock()), listed=listed)

    def _search(
        self,
        observation: Observation,
        moves: list[Move],
        complete: bool,
        budget: WorkBudget,
        depth: int,
    ) -> Verdict:
        """The verdict on ``moves`` searched ``depth`` plies ahead within ``budget``."""
        settings = self.settings
        steps = int(budget.seconds)
        kinds, searched = _kinds(moves)
        if len(moves) == 1 and complete:
            only = moves[0]
            return Verdict(
                observation,
                (only,),
                (0.0,),
                only,
                0,
                0,
                False,
                forced=True,
                steps=steps,
                listed=1,
                kinds=(0,),
                rows=((0.0,),),
            )
        # A new expert for each verdict: the last deal's table of positions is not carried
        # from one verdict to the next, so a verdict never depends on what came before.
        expert = ExpertStrategy(settings.expert(depth), exact_values=True)
        if observation.deck_size == 0:
            analysis = expert.analyse(observation, searched, observation_rng(observation), budget)
            return _verdict(observation, moves, kinds, searched, analysis, complete, steps)
        rows: list[tuple[float, ...]] = []
        cut: Analysis | None = None
        target = settings.deals
        while True:
            while len(rows) < target:
                rng = observation_rng(observation, f"judge deal {len(rows)}")
                analysis = expert.analyse(observation, searched, rng, budget)
                if analysis.search_cut or len(analysis.moves) < len(searched):
                    cut = analysis
                    break
                rows.append(analysis.values)
            if cut is not None or target >= settings.max_deals or _settled(rows, settings):
                break
            target = min(2 * target, settings.max_deals)
        if not rows:  # the budget stopped even the first deal: what it valued, one ply ahead
            assert cut is not None
            return _verdict(observation, moves, kinds, searched, cut, complete, steps)
        means = tuple(math.fsum(column) / len(rows) for column in zip(*rows, strict=True))
        values = tuple(means[kind] for kind in kinds)
        best = Analysis(tuple(moves), values, len(rows), 0, False).best
        return Verdict(
            observation,
            tuple(moves),
            values,
            best,
            len(rows),
            depth,
            False,
            complete=complete,
            cut=cut is not None,
            steps=steps,
            listed=len(moves),
            kinds=kinds,
            rows=tuple(rows),
        )


def _kinds(moves: Sequence[Move]) -> tuple[tuple[int, ...], list[Move]]:
    """Each move's kind as an index, and the first move of each kind (the one searched)."""
    index: dict[tuple[object, ...], int] = {}
    searched: list[Move] = []
    kinds = []
    for move in moves:
        kind = move_kind(move)
        if kind not in index:
            index[kind] = len(searched)
            searched.append(move)
        kinds.append(index[kind])
    return tuple(kinds), searched


def _verdict(
    observation: Observation,
    moves: list[Move],
    kinds: tuple[int, ...],
    searched: list[Move],
    analysis: Analysis,
    complete: bool,
    steps: int,
) -> Verdict:
    """The verdict of one analysis: the last deal's (one known deal, no sampling), or the
    first sampled deal's that the budget stopped (the moves it valued, one ply ahead)."""
    valued = {move: i for i, move in enumerate(analysis.moves)}
    kept = [k for k, move in enumerate(searched) if move in valued]
    renumber = {k: j for j, k in enumerate(kept)}
    pairs = [
        (move, renumber[kind]) for move, kind in zip(moves, kinds, strict=True) if kind in renumber
    ]
    row = tuple(analysis.values[valued[searched[k]]] for k in kept)
    values = tuple(row[kind] for _, kind in pairs)
    chosen = tuple(move for move, _ in pairs)
    best = Analysis(chosen, values, 1, 0, False).best
    return Verdict(
        observation,
        chosen,
        values,
        best,
        0,
        analysis.depth,
        analysis.exact,
        complete=complete,
        cut=analysis.search_cut,
        steps=steps,
        listed=len(moves),
        kinds=tuple(kind for _, kind in pairs),
        rows=(row,),
    )


def _settled(rows: list[tuple[float, ...]], settings: JudgeSettings) -> bool:
    """Whether every kind's mark is settled: its loss (against the best mean) is at least
    :data:`SURE` standard errors from each marking threshold, or its standard error is
    within ``settings.target_error``."""
    count = len(rows)
    columns = list(zip(*rows, strict=True))
    means = [math.fsum(column) / count for column in columns]
    best = max(range(len(means)), key=means.__getitem__)
    for kind, column in enumerate(columns):
        if kind == best:
            continue
        diffs = [b - a for a, b in zip(column, columns[best], strict=True)]
        loss = math.fsum(diffs) / count
        variance = math.fsum((d - loss) ** 2 for d in diffs) / (count - 1)
        error = math.sqrt(variance / count)
        if error <= settings.target_error:
            continue
        if any(abs(loss - threshold) < SURE * error for threshold in (INACCURACY, BLUNDER)):
            return False
    return True
