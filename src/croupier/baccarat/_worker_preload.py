"""Imported once by the worker server of simulations and studies: reads (or builds) the
enumeration's tables there, so every worker process forked from the server starts with
them instead of reading them again."""

from __future__ import annotations

from croupier.baccarat.enumeration import SequenceTables, sequence_tables

for _field in SequenceTables.FIELDS:
    getattr(sequence_tables(), _field)  # read now, in the server, not in each worker
