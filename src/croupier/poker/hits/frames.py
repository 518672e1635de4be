"""What a range hits, combo by combo, as a pandas DataFrame (the ``notebook`` extra):
the columns of :meth:`HitsResult.to_frame() <croupier.poker.hits.classifier.HitsResult.to_frame>`,
declared once (:data:`HITS` for the two-card games, :data:`OMAHA_HITS` for Omaha and
Omaha-5), and the frame built from them. :mod:`croupier.poker.frames` lists them with
poker's other frames.

>>> HITS.names[:3], OMAHA_HITS.names[3]
(('combo', 'weight', 'made'), 'wrap')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from croupier.frames import FrameColumn, FrameSchema, build_frame
from croupier.poker.games import Game, variant_of
from croupier.poker.hits.categories import Draw, MadeHand, OmahaDraw, OmahaHand

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DRAW_COLUMNS",
    "HITS",
    "MADE",
    "OMAHA_DRAW_COLUMNS",
    "OMAHA_HITS",
    "OMAHA_MADE",
    "hits_frame",
]

#: The made hands, strongest first, and the draws: a ``made`` column's categories and
#: the hits frame's draw columns (spaces and commas as underscores).
MADE: Final = tuple(made.value for made in MadeHand)
DRAW_COLUMNS: Final = {draw: draw.value.replace(" ", "_").replace("-", "_") for draw in Draw}
#: Omaha's made hands, strongest first, and its draws' columns (the draw's name in
#: lower case: ``wrap``, ``straight_draw``, ``nut_flush_blocker``...).
OMAHA_MADE: Final = tuple(made.value for made in OmahaHand)
OMAHA_DRAW_COLUMNS: Final = {draw: draw.name.lower() for draw in OmahaDraw}


def _hits_schema(
    source: str, what: str, combo: str, made: tuple[str, ...], best: str, draws: Mapping[Any, str]
) -> FrameSchema:
    """The columns of one family of games' hits frame: the combo (``what``, described by
    ``combo``), its weight, its made hand (categories ``made``) and a column per draw."""
    return FrameSchema(
        source,
        f"live {what} of the range on the board (none over every flop), strongest made hand first",
        (
            FrameColumn("combo", "string", combo),
            FrameColumn("weight", "float64", "its weight in the range"),
            FrameColumn("made", made, best),
            *(FrameColumn(name, "bool", f"it has a {draw.value}") for draw, name in draws.items()),
        ),
    )


HITS: Final = _hits_schema(
    "HitsResult.to_frame()",
    "combo",
    "the two cards, high card first",
    MADE,
    "its best made hand",
    DRAW_COLUMNS,
)
OMAHA_HITS: Final = _hits_schema(
    "HitsResult.to_frame() (Omaha, Omaha-5)",
    "holding",
    "the four or five hole cards, as the range lists them",
    OMAHA_MADE,
    "its best made hand (two hole cards, three of the board)",
    OMAHA_DRAW_COLUMNS,
)


class _Hits(Protocol):
    @property
    def combos(self) -> Sequence[Any]: ...
    @property
    def game(self) -> Game: ...


def hits_frame(result: _Hits) -> pd.DataFrame:
    """What a range hits on one board, combo by combo (:data:`HITS`; Omaha and Omaha-5
    holdings: :data:`OMAHA_HITS`)."""
    combos = result.combos
    two_card = variant_of(result.game).two_card
    schema, columns = (HITS, DRAW_COLUMNS) if two_card else (OMAHA_HITS, OMAHA_DRAW_COLUMNS)
    return build_frame(
        schema,
        {
            "combo": ["".join(map(str, c.cards)) for c in combos],
            "weight": [c.weight for c in combos],
            "made": [c.made.value for c in combos],
            **{name: [draw in c.draws for c in combos] for draw, name in columns.items()},
        },
    )
