"""Hands face to face in files: ``hand1 ; hand2`` lines in any game, and equity files with
unknown cards.

- :mod:`~croupier.poker.matchups.lines`: the lines of ``croupier poker compare`` read,
  ranked and written, in any game;
- :mod:`~croupier.poker.matchups.scan` and :mod:`~croupier.poker.matchups.render`:
  hold'em's fast path, a million lines read and written with NumPy;
- :mod:`~croupier.poker.matchups.equity`: the equity of hands with unknown cards
  ``?0``, ``?1``... (``croupier poker equity``).
"""
