"""Imported once by the simulation's worker server: reads (or builds) the enumeration's
table of round classes there, so every worker process forked from the server starts with
it instead of reading it again."""

from __future__ import annotations

from croupier.baccarat.enumeration import sequence_tables

sequence_tables().class_of  # noqa: B018  # read now, in the server, not in each worker
