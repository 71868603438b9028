"""Betting limits: what a player may put in, by structure. Pure arithmetic on chip counts."""

from __future__ import annotations

from dataclasses import dataclass, field

from tableside.engine.errors import chips
from tableside.engine.variants import Structure


@dataclass(frozen=True, slots=True)
class Legal:
    """What the player to act may do now.

    ``call`` is what calling costs (0: checking is free; capped by the stack, then all-in).
    ``min_to``/``max_to`` bound a bet or raise as the total in front of the player on this
    street (None: no bet or raise allowed). ``bring_in`` is the stud bring-in amount when that
    is an option.
    """

    player: int
    call: int
    call_is_all_in: bool
    min_to: int | None
    max_to: int | None
    facing_bet: bool
    bring_in: int | None = None
    # Fixed limit: only min_to or max_to, nothing between (follows from the game: not compared).
    fixed: bool = field(default=False, compare=False)

    @property
    def can_check(self) -> bool:
        return self.call == 0

    def describe(self, lang: str = "en") -> str:
        de = lang == "de"
        options = []
        if self.bring_in is not None:
            options.append(f"bring-in {chips(self.bring_in, lang)}")
        if not self.can_check and self.bring_in is None:  # the bring-in is forced
            options.append("Fold" if de else "fold")
        if self.can_check and self.bring_in is None:
            options.append("Check" if de else "check")
        elif not self.can_check:
            all_in = " (all-in)" if self.call_is_all_in else ""
            options.append(f"{'Call' if de else 'call'} {chips(self.call, lang)}{all_in}")
        if self.min_to is not None:
            if self.bring_in is not None:
                verb = "Komplettieren auf" if de else "complete to"
            elif self.facing_bet:
                verb = "Raise auf" if de else "raise to"
            else:
                verb = "Bet" if de else "bet"
            between = (" or " if lang == "en" else " oder ") if self.fixed else "-"
            amount = (chips(self.min_to, lang) if self.min_to == self.max_to
                      else f"{chips(self.min_to, lang)}{between}{chips(self.max_to, lang)}")
            options.append(f"{verb} {amount}")
        return ", ".join(options)


def bet_bounds(structure: Structure, *, stack: int, bet: int, current_bet: int,
               full_raise: int, pot: int, opening_bet: int, small_bet: int,
               big_bet: int) -> tuple[int, int]:
    """The smallest and largest legal bet or raise, as totals for the street (uncapped by the
    stack; the caller applies table stakes).

    ``full_raise`` is the size of the last full bet or raise this round (the minimum raise
    increment); ``pot`` counts every chip in the pots and in front of the players; for fixed
    limit ``small_bet`` is the bet of this street.
    """
    if structure == Structure.FIXED_LIMIT:
        exact = current_bet + small_bet
        return exact, exact
    if structure == Structure.SPREAD_LIMIT:
        # Any bet from the small to the big bet; a raise at least matches the last one.
        low = max(small_bet, full_raise if current_bet else small_bet)
        return current_bet + min(low, big_bet), current_bet + big_bet
    increment = max(full_raise, opening_bet) if current_bet else opening_bet
    low = current_bet + increment
    if structure == Structure.POT_LIMIT:
        call = current_bet - bet
        return low, max(low, current_bet + pot + call)
    return low, bet + stack
