"""The README's one picture: a real terminal session, kept in the repository as SVG.

GitHub shows the README without building the site, so this picture is committed;
``tests/test_readme_picture.py`` checks it still matches what the command prints, and
``python -m docsgen.readme_picture`` writes it afresh.
"""

from __future__ import annotations

from pathlib import Path

from docsgen.terminal import Session, session_svg

__all__ = ["PICTURE", "SESSION", "main"]

PICTURE = Path(__file__).resolve().parents[1] / "docs" / "images" / "baccarat-odds.svg"
SESSION = Session(command='croupier baccarat odds --decks 6 --remove "5 5 9 K"', width=72)


def main() -> None:
    """Write the picture from a fresh run of its command."""
    PICTURE.parent.mkdir(parents=True, exist_ok=True)
    PICTURE.write_text(session_svg(SESSION), encoding="utf-8")
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
