"""Pots from contributions, and splitting a pot among winners chip by chip."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot and the players who can win it (main pot first, then side pots)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributed: Sequence[int], live: Sequence[bool], dead: Sequence[int] = (),
               all_in: Sequence[bool] = ()) -> list[Pot]:
    """Main and side pots from each player's total contribution.

    Each distinct contribution of a live (not folded) player closes a level; a pot holds every
    player's chips up to that level, and only live players who reached it can win it. Folded
    chips stay in the pots they went into. ``dead`` money (antes, per player, included in
    ``contributed``) belongs to the main pot and never makes a level of its own (a big-blind
    ante gives its payer no side pot) - unless a player was ``all_in`` on part of the ante:
    then that player can win only as much of each ante as they paid.
    """
    n = len(contributed)
    dead = list(dead) if dead else [0] * n
    all_in = list(all_in) if all_in else [False] * n
    bets = [c - d for c, d in zip(contributed, dead, strict=True)]
    pots: list[Pot] = []
    full_ante = max(dead, default=0)
    short = {i for i in range(n)
             if live[i] and all_in[i] and bets[i] == 0 and 0 < dead[i] < full_ante}
    previous = 0
    for cap in sorted({dead[i] for i in short}):
        amount = sum(min(d, cap) - min(d, previous) for d in dead)
        eligible = tuple(i for i in range(n) if live[i] and (dead[i] >= cap or bets[i] > 0))
        pots.append(Pot(amount, eligible))
        previous = cap
    antes = sum(max(0, d - previous) for d in dead)
    everyone = tuple(i for i in range(n) if live[i] and i not in short)
    levels = sorted({b for b, alive in zip(bets, live, strict=True) if alive and b > 0})
    previous = 0
    for level in levels:
        amount = sum(min(b, level) - min(b, previous) for b in bets)
        eligible = tuple(i for i, b in enumerate(bets) if live[i] and b >= level)
        pots.append(Pot(amount + antes, eligible))
        antes = 0
        previous = level
    above = sum(max(0, b - previous) for b in bets) + antes
    if above:  # dead chips above every live player's level (folded after over-betting)
        if levels:
            last = pots[-1]
            pots[-1] = Pot(last.amount + above, last.eligible)
        else:
            pots.append(Pot(above, everyone))
    return _merged(pots)


def _merged(pots: list[Pot]) -> list[Pot]:
    """Neighbouring pots that the same players can win are one pot."""
    merged: list[Pot] = []
    for pot in pots:
        if merged and merged[-1].eligible == pot.eligible:
            merged[-1] = Pot(merged[-1].amount + pot.amount, pot.eligible)
        else:
            merged.append(pot)
    return merged


def split(amount: int, winners: Sequence[int]) -> tuple[dict[int, int], tuple[int, ...]]:
    """Share ``amount`` among ``winners`` evenly; odd chips go one at a time to the winners
    nearest the button's left (lowest position first). Returns shares and who got odd chips.

    A 14-chip pot split four ways is 4-4-3-3, not 5-3-3-3.
    """
    order = sorted(winners)
    each, odd = divmod(amount, len(order))
    shares = {p: each + (1 if i < odd else 0) for i, p in enumerate(order)}
    return shares, tuple(order[:odd])
