"""Evaluating poker hands in every game: each module one job, each taking the game.

- :mod:`~croupier.poker.evaluation.classes`: the classes of five-card hands of each game,
  numbered from the strongest, and their words;
- :mod:`~croupier.poker.evaluation.keys`: the rank keys whose sums tell rank multisets
  apart;
- :mod:`~croupier.poker.evaluation.tables`: the lookup tables of every game, built once
  and cached, and the compiled kernels given them;
- :mod:`~croupier.poker.evaluation.hand`: one hand (:func:`evaluate_game`, and hold'em's
  fast :func:`evaluate`);
- :mod:`~croupier.poker.evaluation.batch`: many hands at once, as NumPy rows
  (:func:`rank_game_rows`, and hold'em's fast :func:`rank_batch`).
"""
