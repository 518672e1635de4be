"""croupier: casino card games and their exact maths.

Baccarat (a round engine, a betting table, exact odds), poker hand evaluation, and the
capture game Casino. The shared card model lives in :mod:`croupier.cards`.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
