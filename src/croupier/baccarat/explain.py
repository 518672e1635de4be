"""Why each side drew or stood in a round: the drawing rule that applied, in words.

>>> from croupier.baccarat.round import Coup
>>> from croupier.cards import parse_cards
>>> for line in drawing_reasons(Coup(parse_cards("4h Ac 4d"), parse_cards("Ah 3s 3c"))):
...     print(line)
Player has 5: the player draws on 0 to 5.
Banker has 4 and the player's third card counts 4: the banker draws (third-card chart).
>>> drawing_reasons(Coup(parse_cards("2h 3d"), parse_cards("9s Kc")))
('Banker has a natural 9: nobody draws.',)
"""

from __future__ import annotations

from croupier.baccarat.round import Coup
from croupier.baccarat.rules import hand_total, points
from croupier.errors import check_type

__all__ = ["drawing_reasons"]


def drawing_reasons(coup: Coup) -> tuple[str, ...]:
    """One sentence per decision of the round: a natural, or the player's then the banker's."""
    check_type(coup, Coup, "coup")
    player = hand_total(coup.player_cards[:2])
    banker = hand_total(coup.banker_cards[:2])
    if coup.natural:
        if player >= 8 and banker >= 8:
            return (f"Player has a natural {player} and banker a natural {banker}: nobody draws.",)
        side, total = ("Player", player) if player >= 8 else ("Banker", banker)
        return (f"{side} has a natural {total}: nobody draws.",)
    if coup.player_third is None:
        lines = [f"Player has {player}: the player stands on 6 and 7."]
        verb = "draws on 0 to 5" if coup.banker_third is not None else "stands on 6 and 7"
        lines.append(f"Banker has {banker} and the player stood: the banker {verb}.")
        return tuple(lines)
    verb = "draws" if coup.banker_third is not None else "stands"
    return (
        f"Player has {player}: the player draws on 0 to 5.",
        f"Banker has {banker} and the player's third card counts {points(coup.player_third)}: "
        f"the banker {verb} (third-card chart).",
    )
