"""``python -m croupier``: the same as the ``croupier`` command."""

from __future__ import annotations

from croupier.cli import main

if __name__ == "__main__":
    main()
