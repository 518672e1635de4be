"""Imported once by the worker server of a Monte Carlo run before the flop with no dead
card: builds the table of every 5-card board there (a second of work, 42 MB), so every
worker process forked from the server shares it instead of building its own."""

from __future__ import annotations

from croupier.poker.calc.montecarlo import FULL_DECK, _board_table

_board_table(FULL_DECK, 5)
