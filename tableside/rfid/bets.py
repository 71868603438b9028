"""Bets read from chips: what the chips in the actor's zone mean, by the rules.

Pure arithmetic on the engine's :class:`~tableside.engine.Legal` for the player to act, what
the player already has in front (``hand.bets``) and behind (``hand.stacks``), and the value
of the chips now in the zone (the player's whole bet for the street). The answer is an action
to propose to the engine, a :class:`Mismatch` to show the dealer instead of guessing, or None
when nothing new lies in the zone.

House rules as implemented: a single oversized chip put in facing a bet is a call unless a
raise was declared; with a declared raise in fixed limit any single chip of at least the
raise is the raise (the dealer gives change); in the other structures the chips are the
amount, and an amount between a call and the smallest raise is a mismatch, not a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tableside.engine import BetRaise, BringIn, CheckCall, Legal
from tableside.engine.errors import chips, player_label

_MESSAGES = {
    "chips_removed": {
        "en": "{player}'s zone holds {zone}, less than the {in_front} already bet",
        "de": "im Feld von {player} liegen {zone}, weniger als die schon gesetzten {in_front}"},
    "more_than_stack": {
        "en": "{player}'s zone holds {zone}, more than {player} has ({reach})",
        "de": "im Feld von {player} liegen {zone}, mehr als {player} hat ({reach})"},
    "too_little": {
        "en": "{zone} is too little: calling takes {call_to} in all",
        "de": "{zone} ist zu wenig: zum Callen braucht es insgesamt {call_to}"},
    "declared_raise_short": {
        "en": "a raise was declared but {zone} only calls: a raise is at least {min_to}",
        "de": "Raise angesagt, aber {zone} ist nur ein Call: ein Raise ist mindestens {min_to}"},
    "raise_not_allowed": {
        "en": "{player} may not raise now, only call ({call_to} in all) or fold",
        "de": "{player} darf jetzt nicht erhöhen, nur callen (insgesamt {call_to}) oder passen"},
    "raise_too_small": {
        "en": "{zone} is not a legal raise: the smallest is to {min_to}",
        "de": "{zone} ist kein gültiger Raise: der kleinste geht auf {min_to}"},
    "raise_too_big": {
        "en": "{zone} is above the largest raise, to {max_to}",
        "de": "{zone} liegt über dem größten Raise, auf {max_to}"},
    "fixed_amount": {
        "en": "in fixed limit the bet goes to exactly {amounts}, not {zone}",
        "de": "im Limit geht der Einsatz genau auf {amounts_de}, nicht auf {zone}"},
    "pot_mismatch": {
        "en": "the pot zone holds {counted}, the pot is {expected}",
        "de": "im Pot-Feld liegen {counted}, der Pot beträgt {expected}"},
    "unknown_chips": {
        "en": "{count} chip(s) in zone {zone_id} are not enrolled and not counted",
        "de": "{count} Chip(s) im Feld {zone_id} sind nicht registriert und zählen nicht"},
}

_ACTIONS = {
    "call": {"en": "call {amount}", "de": "Call {amount}"},
    "bet": {"en": "bet {to}", "de": "Bet {to}"},
    "raise": {"en": "raise to {to}", "de": "Raise auf {to}"},
    "all_in": {"en": "all-in for {to}", "de": "All-in mit {to}"},
    "bring_in": {"en": "bring-in {amount}", "de": "Bring-in {amount}"},
}


@dataclass(frozen=True, slots=True)
class Proposal:
    """An action the chips say, ready for the engine as :attr:`event`."""

    action: str  # call, bet, raise, all_in or bring_in
    player: int
    to: int  # the player's total on this street after the action
    amount: int  # chips added by the action
    event: CheckCall | BetRaise | BringIn

    def describe(self, lang: str = "en") -> str:
        text = _ACTIONS[self.action][lang].format(amount=chips(self.amount, lang),
                                                  to=chips(self.to, lang))
        return f"{player_label(self.player, lang)}: {text}"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Chips that do not make a legal action (or a pot that does not add up), with why."""

    reason: str
    player: int | None = None
    params: dict[str, int | str] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        values: dict[str, str] = {}
        for key, value in self.params.items():
            values[key] = chips(value, lang) if isinstance(value, int) and key not in (
                "count", "zone_id") else str(value)
        if self.player is not None:
            values["player"] = player_label(self.player, lang)
        return _MESSAGES[self.reason][lang].format(**values)


def propose_bet(legal: Legal, *, in_front: int, stack: int, zone_total: int,
                single_chip: bool = False,
                raise_declared: bool = False) -> Proposal | Mismatch | None:
    """What ``zone_total`` chips in the actor's zone mean (``single_chip``: they differ from
    what lay there when the turn began by one chip added)."""
    player = legal.player
    reach = in_front + stack
    call_to = in_front + legal.call

    def mismatch(reason: str, **params: int | str) -> Mismatch:
        return Mismatch(reason, player, {"zone": zone_total, **params})

    def call() -> Proposal:
        action = "all_in" if legal.call_is_all_in else "call"
        return Proposal(action, player, call_to, legal.call, CheckCall(player))

    if zone_total == in_front:
        return None  # nothing new: the player is thinking, checking or folding
    if zone_total < in_front:
        return mismatch("chips_removed", in_front=in_front)
    if zone_total > reach:
        return mismatch("more_than_stack", reach=reach)
    if (legal.bring_in is not None and not raise_declared
            and zone_total == in_front + legal.bring_in):
        return Proposal("bring_in", player, zone_total, legal.bring_in, BringIn(player))
    if zone_total < call_to:
        return mismatch("too_little", call_to=call_to)
    if zone_total == call_to:
        if raise_declared and legal.min_to is not None:
            return mismatch("declared_raise_short", min_to=legal.min_to)
        return call()
    if single_chip and legal.call > 0 and not raise_declared:
        return call()  # one oversized chip facing a bet: a call, the dealer gives change
    if legal.min_to is None:
        return mismatch("raise_not_allowed", call_to=call_to)
    if legal.fixed:
        if zone_total in (legal.min_to, legal.max_to):
            to = zone_total
        elif raise_declared and single_chip and zone_total > legal.min_to:
            to = legal.min_to
        else:
            amounts = sorted({legal.min_to, legal.max_to})
            return mismatch("fixed_amount",
                            amounts=" or ".join(chips(a) for a in amounts),
                            amounts_de=" oder ".join(chips(a, "de") for a in amounts))
    else:
        if zone_total < legal.min_to:
            return mismatch("raise_too_small", min_to=legal.min_to)
        if zone_total > legal.max_to:
            return mismatch("raise_too_big", max_to=legal.max_to)
        to = zone_total
    action = "all_in" if to == reach else ("raise" if legal.facing_bet else "bet")
    return Proposal(action, player, to, to - in_front, BetRaise(player, to))


def check_pot(counted: int, expected: int) -> Mismatch | None:
    """The chips swept into the pot zone at the end of a street against the engine's pot."""
    if counted == expected:
        return None
    return Mismatch("pot_mismatch", None, {"counted": counted, "expected": expected})


def unknown_chips(zone: int, count: int) -> Mismatch:
    return Mismatch("unknown_chips", None, {"count": count, "zone_id": zone})
