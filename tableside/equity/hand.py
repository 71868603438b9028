"""One player's cards as far as anyone knows them."""

from __future__ import annotations

from dataclasses import dataclass

from tableside.cards import Card


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's cards as far as known.

    ``known``: cards anyone has seen. ``unknown``: cards the player holds that nobody has
    seen, or None for "all the rest" (an unknown hand). ``draws``: draw games only, how many
    cards the player draws (None: up to five).
    """

    known: tuple[Card, ...] = ()
    unknown: int | None = 0
    draws: int | None = None
