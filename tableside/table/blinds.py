"""Who gets the button and posts the blinds: the dead button rule, as a pure function.

The rule (Robert's Rules of Poker, the usual rule of card rooms), used for every blind game:

- The big blind moves forward one player each hand: to the next seat clockwise after last
  hand's big blind whose player is in the game (seated, not sitting out, with chips). Nobody
  skips the big blind and nobody posts it twice in a row.
- The small blind is posted by last hand's big blind, if that player is dealt in now;
  otherwise there is no small blind this hand (a dead small blind).
- The button goes to the seat of last hand's small blind. If nobody plays from that seat (the
  player left, or the small blind was dead) the button is dead: it marks that seat and the
  player to its right acts last. Where that seat cannot hold the button (a player dealt in
  would sit between it and the small blind, as when a heads-up game grows), the button goes to
  the seat right before the small blind.
- Heads-up, the big blind moves forward the same way and the other player has the button and
  posts the small blind.
- Missed blinds: a player who sits down, or who was sitting out while the big blind passed
  their seat, waits for the big blind: they are dealt in when it reaches them (there is no
  posting to come in early). A player who sat out without the big blind passing comes back at
  once.
- The blinds start afresh (everyone in the game dealt in, even those waiting) for the first
  hand, and whenever fewer than two players could be dealt in otherwise. The button then goes
  to the seat the dealer names, else the next player after the last button, else the lowest
  seat; heads-up the button posts the small blind, otherwise the next two players post.

Games without blinds (stud, with antes and a bring-in) deal everyone in the game, and the
button moves to the next of them; the blind marks wait for the next blind game.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the last hand's button and blinds were (seats): what the next hand follows from.
    ``small_blind`` is the seat of the small blind position, even when nobody posted it."""

    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None

    def to_json(self) -> list[int | None]:
        return [self.button, self.small_blind, self.big_blind]

    @classmethod
    def from_json(cls, data: Sequence[int | None]) -> Marks:
        return cls(*data)


@dataclass(frozen=True, slots=True)
class Positions:
    """One hand's seats: the button, who posts the blinds, and who is dealt in."""

    button: int
    small_blind: int | None  # the seat posting it; None: dead or no blinds
    big_blind: int | None
    order: tuple[int, ...]  # seats dealt in: left of the button first, the button last
    missed: tuple[int, ...]  # seats of players out of the game whom the big blind passed
    marks: Marks  # for the next hand
    fresh: bool  # the blinds started afresh

    @property
    def dead_button(self) -> bool:
        return self.button not in self.order

    def to_json(self) -> dict[str, Any]:
        return {"button": self.button, "small_blind": self.small_blind,
                "big_blind": self.big_blind, "dead_button": self.dead_button,
                "order": list(self.order)}


def plan_hand(seats: int, in_game: Collection[int], waiting: Collection[int],
              out: Collection[int], last: Marks, *, blinds: bool,
              button: int | None = None) -> Positions | None:
    """The positions of the next hand, or None when fewer than two players are in the game.

    ``in_game``: seats whose players may play (waiting ones included); ``waiting``: those
    waiting for the big blind; ``out``: seats with a player who is not in the game (sitting
    out, no chips). ``button``: the dealer's choice of button, used only when the blinds
    start afresh.
    """
    players = sorted(in_game)
    if len(players) < 2:
        return None
    if not blinds:
        start = button if button in players else (
            _after(last.button, players, seats) if last.button is not None else players[0])
        return Positions(start, None, None, _clockwise_after(start, players, seats), (),
                         Marks(start, last.small_blind, last.big_blind), fresh=False)
    if last.big_blind is not None:
        planned = _moving(seats, players, set(waiting), set(out), last)
        if planned is not None:
            return planned
    return _fresh(seats, players, set(out), last, button)


def _moving(seats: int, players: list[int], waiting: set[int], out: set[int],
            last: Marks) -> Positions | None:
    big = _after(last.big_blind, players, seats)
    dealt = sorted({p for p in players if p not in waiting} | {big})
    if len(dealt) < 2:
        return None
    missed = tuple(s for s in _between(last.big_blind, big, seats) if s in out)
    if len(dealt) == 2:
        other = dealt[0] if dealt[1] == big else dealt[1]
        return Positions(other, other, big, (big, other), missed, Marks(other, other, big),
                         fresh=False)
    small_seat = last.big_blind
    small = small_seat if small_seat in dealt and small_seat != big else None
    wanted = last.small_blind
    if wanted is None or wanted in (small_seat, big) or any(
            s in dealt for s in _between(wanted, small_seat, seats)):
        wanted = (small_seat - 2) % seats + 1  # the seat right before the small blind
    order = _clockwise_after(wanted, dealt, seats)
    return Positions(wanted, small, big, order, missed, Marks(wanted, small_seat, big),
                     fresh=False)


def _fresh(seats: int, players: list[int], out: set[int], last: Marks,
           button: int | None) -> Positions:
    if button not in players:
        button = _after(last.button, players, seats) if last.button is not None else players[0]
    order = _clockwise_after(button, players, seats)
    if len(players) == 2:
        small, big = button, order[0]
    else:
        small, big = order[0], order[1]
    missed = tuple(s for s in _between(button, big, seats) if s in out)
    return Positions(button, small, big, order, missed, Marks(button, small, big), fresh=True)


def _after(seat: int, players: Sequence[int], seats: int) -> int:
    """The first of ``players`` clockwise after ``seat`` (``seat`` itself if alone)."""
    for step in range(1, seats + 1):
        candidate = (seat + step - 1) % seats + 1
        if candidate in players:
            return candidate
    raise ValueError("no players")


def _between(start: int, end: int, seats: int) -> list[int]:
    """The seats strictly between ``start`` and ``end``, going clockwise."""
    result = []
    seat = start % seats + 1
    while seat != end and len(result) < seats:
        result.append(seat)
        seat = seat % seats + 1
    return result


def _clockwise_after(button: int, players: Sequence[int], seats: int) -> tuple[int, ...]:
    """``players`` in order from the first seat left of ``button``; the button seat last."""
    return tuple(sorted(players, key=lambda s: (s - button - 1) % seats))
