"""Draw docs/images/baccarat-advantage-dragon-7.png through `croupier baccarat count --plot`.

The picture of docs/how-to/baccarat-advantage.md: the study of its example session, drawn
by the command's own --plot code path. Run from the repository root:

    .venv/bin/python scripts/advantage_picture.py
"""

from __future__ import annotations

from pathlib import Path

from croupier.cli import app

PICTURE = (
    Path(__file__).resolve().parents[1] / "docs" / "images" / "baccarat-advantage-dragon-7.png"
)
STUDY = [
    "baccarat",
    "count",
    "--bet",
    "dragon-7",
    "--tags",
    "dragon-7",
    "--true-count",
    "--threshold",
    "4",
    "--shoes",
    "100000",
    "--seed",
    "2026",
]


if __name__ == "__main__":
    app([*STUDY, "--json", "--plot", str(PICTURE)], standalone_mode=False)
    print(f"wrote {PICTURE}")
