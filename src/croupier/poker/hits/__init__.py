"""What a range hits on a board (Flopzilla's question).

- :mod:`~croupier.poker.hits.categories`: the made hands and draws counted, as data, each
  with its definition and an example;
- :mod:`~croupier.poker.hits.classifier`: every combo of a range classified on one board
  or over every flop.
"""
