"""Imported once by the simulation's worker server: builds the enumeration there, so every
worker process forked from the server starts with the tables instead of rebuilding them."""

from __future__ import annotations

from croupier.baccarat.enumeration import sequence_tables

sequence_tables()
