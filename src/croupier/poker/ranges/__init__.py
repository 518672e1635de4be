"""What a player may hold: range text, the starting hands, the orders of top-percentage
ranges, and Omaha holdings.

- :mod:`~croupier.poker.ranges.holdem`: :class:`Range`, the two-card ranges of hold'em
  (and short-deck) as equity calculators write them;
- :mod:`~croupier.poker.ranges.starting_hands`: the 1,326 two-card combos and their 169
  classes on the 13x13 grid;
- :mod:`~croupier.poker.ranges.orders`: the orders in which ``15%`` takes classes, from
  the tables of :mod:`~croupier.poker.ranges.vs_three_random` and
  :mod:`~croupier.poker.ranges.vs_random`;
- :mod:`~croupier.poker.ranges.holdings`: :class:`HoleRange`, what an Omaha player may
  hold;
- :mod:`~croupier.poker.ranges.generic`: :class:`GenericRange`, Omaha and five-card Omaha
  ranges in ProPokerTools' generic syntax, read by
  :mod:`~croupier.poker.ranges.generic_syntax` into a tree that
  :mod:`~croupier.poker.ranges.generic_match` matches against every holding of
  :mod:`~croupier.poker.ranges.generic_table`; ``15%`` follows the order of
  :mod:`~croupier.poker.ranges.generic_order`;
- :mod:`~croupier.poker.ranges.report`: what a range text holds in any game
  (``croupier poker range``).
"""
