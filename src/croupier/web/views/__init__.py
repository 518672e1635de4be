"""The JSON the pages draw, built from the library's values: each function returns its
answer's TypedDict (:mod:`croupier.web.schemas`), checked by mypy where it is built.

- ``cards.py``: a card;
- ``casino.py``: a Casino position, moves, events, the table against the computer, a
  game's review, a puzzle (and the work the worker processes do for them);
- ``baccarat.py``: a Baccarat table's rules, rounds, roads, odds and seat.
"""
