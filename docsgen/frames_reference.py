"""The columns of every ``to_frame()``, for the reference page: made from the schemas each
game's ``frames`` module declares, the same ones that build the frames."""

from __future__ import annotations

from croupier.frames import FrameColumn, FrameSchema

__all__ = ["frame_columns_markdown", "schemas"]


def schemas() -> tuple[FrameSchema, ...]:
    """Every frame croupier makes, game by game."""
    from croupier.baccarat import frames as baccarat
    from croupier.casino import frames as casino
    from croupier.poker import frames as poker

    return (*baccarat.SCHEMAS, *poker.SCHEMAS, *casino.SCHEMAS)


def _dtype(column: FrameColumn) -> str:
    dtype = column.dtype
    if isinstance(dtype, tuple):
        return "category: " + ", ".join(f"`{c}`" for c in dtype)
    return f"`{dtype}`"


def frame_columns_markdown() -> str:
    """A section per frame: where it comes from, what a row is, and a table of its
    columns with their dtypes and meanings."""
    lines: list[str] = []
    for schema in schemas():
        lines += [
            f"### `{schema.source}`",
            "",
            f"One row per {schema.row}.",
            "",
            "| column | dtype | holds |",
            "|---|---|---|",
            *(f"| `{c.name}` | {_dtype(c)} | {c.meaning} |" for c in schema.columns),
            "",
        ]
    return "\n".join(lines)
