"""The simulated players: a style each, and what a player in that style does when it is their
turn, from how strong their cards are and what the rules allow.

Styles differ on purpose, so that a demo evening has folds, calls, raises and all-ins with
side pots: a rock folds a lot and raises only good hands, a calling station calls nearly
everything, a maniac raises and shoves, a shover goes all in or folds. Nothing here reads
the table; the dealer passes in the engine's :class:`~tableside.engine.Legal` and a strength
between 0 and 1 (:mod:`tableside.demo.strength`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tableside.engine import Legal


@dataclass(frozen=True)
class Style:
    name: str
    texts: dict[str, str]  # what the style is, in English and German
    plays: float  # strength needed to stay in facing a bet (lower: looser)
    raises: float  # strength from which the player bets or raises
    bluffs: float  # chance of betting or raising with anything
    shoves: float  # chance that a bet or raise is the whole stack (no limit, pot limit)
    sizing: tuple[float, float]  # where a bet lies between the smallest and the largest


STYLES: tuple[Style, ...] = (
    Style("rock", {"en": "rock: folds a lot, raises good hands",
                   "de": "Fels: passt oft, erhöht mit guten Händen"},
          plays=0.55, raises=0.75, bluffs=0.02, shoves=0.05, sizing=(0.0, 0.25)),
    Style("station", {"en": "calling station: calls nearly everything",
                      "de": "Calling Station: geht fast immer mit"},
          plays=0.15, raises=0.9, bluffs=0.03, shoves=0.02, sizing=(0.0, 0.2)),
    Style("maniac", {"en": "maniac: raises often and big",
                     "de": "Maniac: erhöht oft und hoch"},
          plays=0.3, raises=0.5, bluffs=0.25, shoves=0.25, sizing=(0.2, 0.8)),
    Style("shover", {"en": "shover: all in or fold",
                     "de": "Shover: alles oder nichts"},
          plays=0.45, raises=0.6, bluffs=0.1, shoves=1.0, sizing=(1.0, 1.0)),
    Style("regular", {"en": "regular: plays by the cards",
                      "de": "Stammspieler: spielt nach den Karten"},
          plays=0.4, raises=0.68, bluffs=0.08, shoves=0.08, sizing=(0.05, 0.5)),
)

NAMES = ("Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hugo", "Ida", "Jonas")


@dataclass(frozen=True)
class Decision:
    """What a player does: ``fold``, ``check_call``, ``bet_raise`` (to ``to``) or
    ``bring_in``."""

    kind: str
    to: int | None = None


@dataclass(frozen=True)
class SimulatedPlayer:
    seat: int
    name: str
    style: Style

    def decide(self, legal: Legal, strength: float, reach: int, rng: random.Random) -> Decision:
        """This player's action. ``reach``: what the player can have in front in all (the
        bet so far and the stack behind)."""
        style = self.style
        bluffing = rng.random() < style.bluffs
        wants_raise = legal.min_to is not None and (strength >= style.raises or bluffing)
        if legal.bring_in is not None:  # stud: post the bring-in or complete
            if wants_raise:
                return Decision("bet_raise", legal.min_to)
            return Decision("bring_in")
        if wants_raise:
            return Decision("bet_raise", self._size(legal, reach, rng))
        if legal.can_check:
            return Decision("check_call")
        # Facing a bet: stay in with a good enough hand, the more readily the cheaper it is.
        price = legal.call / max(1, reach)
        if strength >= style.plays + price / 2 or rng.random() < style.bluffs / 2:
            return Decision("check_call")
        return Decision("fold")

    def _size(self, legal: Legal, reach: int, rng: random.Random) -> int:
        low, high = legal.min_to, legal.max_to
        if legal.fixed or high <= low:
            return high if legal.fixed and rng.random() < 0.5 else low
        if high >= reach and rng.random() < self.style.shoves:
            return high  # the whole stack: all in
        share = rng.uniform(*self.style.sizing)
        return low + round((high - low) * share * share)  # mostly modest, now and then big


def seat_players(count: int, rng: random.Random) -> list[SimulatedPlayer]:
    """``count`` players (2-10) in seats 1..count, styles dealt round so every style plays."""
    styles = list(STYLES)
    rng.shuffle(styles)
    return [SimulatedPlayer(seat, NAMES[seat - 1], styles[(seat - 1) % len(styles)])
            for seat in range(1, count + 1)]
