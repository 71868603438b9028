"""One hand at the table: an engine :class:`~tableside.engine.Hand` with its seats and history.

The engine numbers players by position (0 left of the button, the button last); the table
numbers seats from 1. A :class:`TableHand` keeps the map between them, the stakes and level
it was dealt at, when it started, and its history: every command that touched it, the
corrections (undo, corrected cards, misdeal) included, each with its log number and time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tableside.engine import BetRaise, BringIn, CheckCall, Discard, Fold, Hand, HandConfig
from tableside.table.blinds import Marks, Positions
from tableside.table.codec import config_from_json, config_to_json, event_from_json, event_to_json
from tableside.table.stakes import Stakes

# What counts as a player having acted, for the misdeal rule.
PLAYER_ACTIONS = (Fold, CheckCall, BetRaise, BringIn, Discard)


@dataclass
class TableHand:
    number: int
    started_at: float
    game: str
    level: int | None  # tournament level (from 1) the hand was dealt at
    stakes: Stakes
    positions: Positions
    names: tuple[str, ...]  # the players, in position order
    straddles: int
    hand: Hand
    # What a misdeal restores: the blind marks, the rotation's turn and the seats' flags.
    before: dict[str, Any]
    history: list[dict[str, Any]] = field(default_factory=list)
    event_seqs: list[int] = field(default_factory=list)  # the command behind each event
    voided: bool = False
    # A redeal of a passed-out deal: why, and who plays it (tableside.table.redeal, as JSON).
    redeal: dict[str, Any] | None = None

    @property
    def config(self) -> HandConfig:
        return self.hand.config

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats in position order: the seat of engine player ``i`` is ``seats[i]``."""
        return self.positions.order

    def player_of(self, seat: int) -> int | None:
        try:
            return self.positions.order.index(seat)
        except ValueError:
            return None

    def seat_of(self, player: int) -> int:
        return self.positions.order[player]

    @property
    def in_progress(self) -> bool:
        return not self.voided and not self.hand.is_over

    @property
    def finished(self) -> bool:
        return not self.voided and self.hand.is_over

    def actions_taken(self) -> int:
        """How many times players have acted (bet, called, folded, drawn) in this hand."""
        return sum(isinstance(e, PLAYER_ACTIONS) for e in self.hand.events)

    def stacks_now(self) -> tuple[int, ...]:
        """Each player's chips behind: the start stacks until the hand is over (or if it
        was voided), then the stacks after the hand."""
        if self.voided or not self.hand.is_over:
            return self.config.stacks
        return tuple(self.hand.stacks)

    # ------------------------------------------------------------------ snapshots
    def to_snapshot(self) -> dict[str, Any]:
        p = self.positions
        return {
            "number": self.number, "started_at": self.started_at, "game": self.game,
            "level": self.level, "stakes": self.stakes.to_json(),
            "positions": [p.button, p.small_blind, p.big_blind, list(p.order), list(p.missed),
                          p.marks.to_json(), p.fresh],
            "names": list(self.names), "straddles": self.straddles,
            "config": config_to_json(self.config),
            "events": [event_to_json(e) for e in self.hand.events],
            "before": self.before, "history": list(self.history),
            "event_seqs": list(self.event_seqs),
            "voided": self.voided, "redeal": self.redeal,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> TableHand:
        button, small, big, order, missed, marks, fresh = data["positions"]
        stakes = dict(data["stakes"])
        stakes["code"] = stakes.pop("game")
        hand = Hand.replay(config_from_json(data["config"]),
                           [event_from_json(e) for e in data["events"]])
        return cls(
            number=data["number"], started_at=data["started_at"], game=data["game"],
            level=data["level"], stakes=Stakes(**stakes),
            positions=Positions(button, small, big, tuple(order), tuple(missed),
                                Marks.from_json(marks), fresh),
            names=tuple(data["names"]), straddles=data["straddles"], hand=hand,
            before=data["before"], history=list(data["history"]),
            event_seqs=list(data["event_seqs"]),
            voided=data["voided"], redeal=data["redeal"])
