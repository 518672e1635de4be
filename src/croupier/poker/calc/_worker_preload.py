"""Imported once by the worker server of equity calculations: imports the engines and
reads (or builds) the evaluation tables there, so every worker process forked from the
server starts with them."""

from __future__ import annotations

from croupier.poker.calc import exact, montecarlo  # noqa: F401 (imported for the workers)
from croupier.poker.evaluation.tables import flush_table, rank_table

rank_table(7)
flush_table()
