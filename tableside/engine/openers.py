"""Jacks or better: which pair opens the next deal.

Every deal passed out (nobody could open) leaves its pot for the next one. With the house
option of progressive openers the requirement climbs with each passed-out deal - queens, then
kings, then aces - and then comes back down the same way (kings, queens, jacks); once a pot
is won the next deal needs jacks again. Pure: the table service counts the passed-out deals.
"""

from __future__ import annotations

from tableside.cards import ACE, JACK, KING, QUEEN

# Up to aces and back down: the requirement after 0, 1, 2, ... passed-out deals in a row.
PROGRESSIVE = (JACK, QUEEN, KING, ACE, KING, QUEEN)


def openers_for(passed_out_in_a_row: int, *, progressive: bool = False,
                lowest: int = JACK) -> int:
    """The rank of the pair needed to open, after that many passed-out deals in a row."""
    if passed_out_in_a_row < 0:
        raise ValueError("a count of passed-out deals cannot be negative")
    if not progressive:
        return lowest
    return PROGRESSIVE[passed_out_in_a_row % len(PROGRESSIVE)]
