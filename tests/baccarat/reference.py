"""An independent, deliberately plain statement of the punto banco drawing rules.

Written from the published rules (not from croupier's tableau) so that tests can compare
the engine against it: if-chains, no tables.
"""

from __future__ import annotations

from collections.abc import Sequence


def reference_points(rank: int) -> int:
    """Points of a rank 2..14 (ace 14)."""
    if rank == 14:
        return 1
    if rank >= 10:
        return 0
    return rank


def reference_banker_draws_after_player_drew(banker_total: int, third: int) -> bool:
    """The banker's decision once the player has drawn a card worth ``third`` points."""
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return third != 8
    if banker_total == 4:
        return 2 <= third <= 7
    if banker_total == 5:
        return 4 <= third <= 7
    if banker_total == 6:
        return third in (6, 7)
    return False


def reference_round(points: Sequence[int]) -> tuple[list[int], list[int]]:
    """Deal one round from card points in shoe order; returns (player, banker) points."""
    player = [points[0], points[1]]
    banker = [points[2], points[3]]
    position = 4
    player_total = sum(player) % 10
    banker_total = sum(banker) % 10
    if player_total >= 8 or banker_total >= 8:
        return player, banker
    if player_total <= 5:
        player.append(points[position])
        position += 1
        if reference_banker_draws_after_player_drew(banker_total, player[2]):
            banker.append(points[position])
    elif banker_total <= 5:
        banker.append(points[position])
    return player, banker
