"""Bets from the felt for a hand in play: when the chips in the actor's zone have settled,
propose what they mean; when the street's chips have been swept into the pot zone, check
them against the pot.

The dealer's routine this expects: players put their chips for the street in their own
zone; at the end of a street the dealer sweeps every zone into the pot zone. A zone is read
only when it changed during the player's turn, so chips left from an earlier street are
never taken for a new bet.

Whoever changes the hand holds :attr:`BetWatcher.lock` (the link's thread reads the hand
when a report or a tick arrives); callbacks run with the lock held, so ``on_proposal`` may
apply the proposal to the hand at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping

from tableside.engine import Hand
from tableside.rfid.bets import Mismatch, Proposal, check_pot, propose_bet, unknown_chips
from tableside.rfid.felt import Felt
from tableside.rfid.protocol import Role

# Swept chips leave the zones before they reach the pot zone, and a slow reader can report the
# emptied zones settled before the pot: a pot zone that has not changed since the street ended
# is given this long after the zones emptied before it is called wrong (a demo run under load
# counted the last street's pot against the new one).
SWEEP_GRACE = 2.0


class BetWatcher:
    def __init__(self, felt: Felt, *, on_proposal: Callable[[Proposal], None],
                 on_mismatch: Callable[[Mismatch], None],
                 on_pot_checked: Callable[[int], None] | None = None):
        self.felt = felt
        self.on_proposal = on_proposal
        self.on_mismatch = on_mismatch
        self.on_pot_checked = on_pot_checked
        self.lock = threading.RLock()
        self.hand: Hand | None = None
        self.seat_of_player: dict[int, int] = {}
        self._turn: tuple[int, int] | None = None  # (events so far, actor)
        self._baseline: frozenset[str] = frozenset()  # the actor's zone when the turn began
        self._observed: dict[int, frozenset[str]] = {}  # every zone at the last check
        self._raise_declared = False
        self._said: tuple | None = None  # what was last proposed or refused this turn
        self._pot_said: tuple | None = None
        self._street_over: int | None = None  # events when this street's betting was over
        self._street_over_at = float("-inf")  # and when a check first saw it

    def follow(self, hand: Hand, seat_of_player: Mapping[int, int]) -> None:
        """Watch ``hand``; ``seat_of_player`` maps the engine's players (0 = left of the
        button) to the table's seats (1-10, as the board's seat zones are numbered)."""
        with self.lock:
            self.hand = hand
            self.seat_of_player = dict(seat_of_player)
            self._turn = None
            self._pot_said = None
            self._street_over, self._street_over_at = None, float("-inf")
            self._observed = {}

    def declare_raise(self) -> None:
        """The actor said "raise" (button or console): an oversized chip is then a raise."""
        with self.lock:
            self._raise_declared = True
            self._said = None

    def check(self, now: float | None = None) -> None:
        """Look at the felt; call after every zone report and on every tick."""
        with self.lock:
            hand = self.hand
            if hand is not None and not hand.is_over:
                self._check(hand, self.felt.clock() if now is None else now)
            # The zones as this check saw them: a turn that begins before the next check
            # takes its actor's zone from here, before any chips put in since.
            self._observed = {}
            for zone in self.felt.seat_zones():
                state = self.felt.state(zone)
                self._observed[zone] = state.tags if state is not None else frozenset()

    def _check(self, hand: Hand, now: float) -> None:
        legal = hand.legal()
        if legal is None:
            self._turn = None
            if self._street_over != len(hand.events):
                self._street_over, self._street_over_at = len(hand.events), now
            self._check_pot(hand, now)
            return
        player = legal.player
        zone = self.felt.zone_of_seat(self.seat_of_player.get(player, -1))
        if zone is None:
            return
        turn = (len(hand.events), player)
        if turn != self._turn:
            state = self.felt.state(zone)
            self._turn = turn
            self._baseline = self._observed.get(
                zone, state.tags if state is not None else frozenset())
            self._raise_declared = False
            self._said = None
        state = self.felt.stable(zone, now)
        if state is None or state.tags == self._baseline:
            return
        said = (state.tags, self._raise_declared)
        if said == self._said:
            return
        self._said = said
        if state.valued.unknown:
            self.on_mismatch(unknown_chips(zone, len(state.valued.unknown)))
        added = state.tags - self._baseline
        result = propose_bet(
            legal, in_front=hand.bets[player], stack=hand.stacks[player],
            zone_total=state.total,
            single_chip=len(added) == 1 and self._baseline <= state.tags,
            raise_declared=self._raise_declared)
        if isinstance(result, Proposal):
            self.on_proposal(result)
        elif result is not None:
            self.on_mismatch(result)

    def _check_pot(self, hand: Hand, now: float) -> None:
        pot_zone = self.felt.zone_with_role(Role.POT)
        if pot_zone is None:
            return
        seats = [self.felt.stable(zone, now) for zone in self.felt.seat_zones()]
        if any(state is None or state.tags for state in seats):
            return  # chips still in front of someone: the sweep is not done
        pot = self.felt.stable(pot_zone, now)
        if pot is None:
            return
        said = (len(hand.events), pot.tags)
        if said == self._pot_said:
            return
        mismatch = check_pot(pot.total, hand.total_pot() - sum(hand.bets))
        if (mismatch is not None and pot.since < self._street_over_at
                and now - max((state.since for state in seats), default=float("-inf"))
                < SWEEP_GRACE):
            return  # the last street's pot: the swept chips may still be on their way
        self._pot_said = said
        if pot.valued.unknown:
            self.on_mismatch(unknown_chips(pot_zone, len(pot.valued.unknown)))
        if mismatch is not None:
            self.on_mismatch(mismatch)
        elif self.on_pot_checked is not None:
            self.on_pot_checked(pot.total)
