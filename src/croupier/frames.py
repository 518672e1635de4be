"""Results as pandas DataFrames: what every ``to_frame()`` is built with.

pandas is an optional extra (``notebook``); importing croupier never imports it. A
``to_frame()`` without pandas raises :class:`~croupier.errors.CroupierError` saying in
one line what to install. Columns are given with their dtypes, so a frame's columns and
types are the same whatever the rows (an empty result included) and whatever pandas
version: whole numbers ``int64``, figures ``float64`` (NaN where there is none), flags
``bool``, text ``string``, and a word from a fixed list ``category`` with its
categories in a fixed order. The columns of each result are listed in the docs'
reference page of the frames (made from each :class:`FrameSchema`), and a test checks
them.

>>> schema = FrameSchema("an example", "a card", (
...     FrameColumn("card", "string", "the card"),
...     FrameColumn("equity", "float64", "its equity (NaN: none)"),
... ))
>>> frame = build_frame(schema, {"card": ["Ah", "Kd"], "equity": [0.52, None]})
>>> list(frame.columns), [str(t) for t in frame.dtypes], frame["equity"].isna().tolist()
(['card', 'equity'], ['string', 'float64'], [False, True])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from croupier.errors import CroupierError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "INSTALL_NOTEBOOK",
    "FrameColumn",
    "FrameSchema",
    "build_frame",
    "require_pandas",
]

#: What to install for DataFrames (and the rest of croupier in a notebook).
INSTALL_NOTEBOOK: Final = "pip install 'croupier[notebook]'"


@dataclass(frozen=True, slots=True)
class FrameColumn:
    """A column of a frame: its name, its dtype (``int64``, ``float64``, ``bool``,
    ``string``, or a tuple of categories for a ``category`` column) and what it holds."""

    name: str
    dtype: str | tuple[str, ...]
    meaning: str

    @property
    def dtype_name(self) -> str:
        """The dtype as pandas names it (``category`` for a tuple of categories)."""
        return "category" if isinstance(self.dtype, tuple) else self.dtype


@dataclass(frozen=True, slots=True)
class FrameSchema:
    """The columns of one kind of frame, what makes it, and what a row is."""

    #: Where the frame comes from, as the docs name it: ``OddsReport.to_frame()``.
    source: str
    #: What one row stands for.
    row: str
    columns: tuple[FrameColumn, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The columns' names, in order."""
        return tuple(column.name for column in self.columns)


def require_pandas() -> Any:
    """The pandas module, or a :class:`CroupierError` saying what to install."""
    try:
        import pandas
    except ImportError:
        raise CroupierError(f"tables as DataFrames need pandas: {INSTALL_NOTEBOOK}") from None
    return pandas


def build_frame(schema: FrameSchema, values: Mapping[str, Sequence[Any]]) -> pd.DataFrame:
    """A DataFrame of ``schema``'s columns in order, each of its declared dtype, filled
    from ``values`` by column name (``None`` in a ``float64`` column is NaN; a category
    column's categories are fixed, in order)."""
    pandas = require_pandas()
    if set(values) != set(schema.names):
        raise CroupierError(
            f"the values of {schema.source} do not match its columns: {sorted(values)}"
        )
    data: dict[str, Any] = {}
    for column in schema.columns:
        items = list(values[column.name])
        if isinstance(column.dtype, tuple):
            kind = pandas.CategoricalDtype(categories=list(column.dtype), ordered=False)
            data[column.name] = pandas.Series(items, dtype=kind)
        elif column.dtype == "float64":
            data[column.name] = pandas.Series(
                [float("nan") if v is None else float(v) for v in items], dtype="float64"
            )
        else:
            data[column.name] = pandas.Series(items, dtype=column.dtype)
    frame: pd.DataFrame = pandas.DataFrame(data)
    return frame
