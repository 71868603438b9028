"""Replaying PHH hands through the engine, and writing engine hands as PHH.

PHH lists players from the seat left of the button, as the engine numbers positions, so
seats map one to one. Heads-up, PHH reads the blinds and antes arrays reversed (the button
posts the small blind); the engine takes what each player posts, so they are turned round here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tableside.engine import Hand, HandConfig, IllegalAction, variant
from tableside.engine.variants import Structure
from tableside.phh.actions import NOOP
from tableside.phh.errors import PHHError
from tableside.phh.events import event_of, event_to_action
from tableside.phh.records import PHHRecord

# Half a chip: the Pluribus records split odd pots into halves, the engine pays whole chips.
STACK_TOLERANCE = 0.5


def _whole(values: Sequence[int | float] | None, name: str, record: PHHRecord) -> tuple[int, ...]:
    if values is None:
        return ()
    if set(map(type, values)) <= _INT:
        return tuple(values)
    result = []
    for value in values:
        if isinstance(value, float):
            if not value.is_integer():
                raise PHHError(f"{record.where}: {name} has {value}; the engine plays whole "
                               "chips (scale the record to cents first)")
            value = int(value)
        result.append(value)
    return tuple(result)


def _whole_one(value: int | float | None, name: str, record: PHHRecord) -> int:
    return value if type(value) is int else _whole((value,), name, record)[0]


_INT = {int}
_LIMITS = (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


# PHH histories are played as PokerKit, the format's reference implementation, plays them:
# a short all-in blind is called for what it posted, and every short all-in raise in fixed
# limit counts toward the cap without reopening. tableside's own defaults follow the card
# rooms' rules instead (the full blind; Robert's half-bet rule).
# A hand played in tableside records its own choice in the user-defined fields "_" + name.
PHH_RULES = {"call_full_blind": False, "half_bet_rule": False}


def _rules_of(record: PHHRecord) -> dict[str, bool]:
    extra = record.extra
    if not extra:
        return PHH_RULES
    return {name: bool(extra.get("_" + name, default)) for name, default in PHH_RULES.items()}


def config_from_record(record: PHHRecord, **house_rules) -> HandConfig:
    """The engine's configuration for a PHH hand. ``house_rules`` are further HandConfig fields
    (e.g. ``all_hands_shown=True``); they override :data:`PHH_RULES`."""
    try:
        game = variant(record.variant)
    except ValueError as error:
        raise PHHError(f"{record.where}: {error}") from None
    n = record.player_count
    antes = _whole(record.antes, "antes", record)
    blinds = _whole(record.blinds_or_straddles, "blinds_or_straddles", record)
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    limits = {}
    if game.structure in _LIMITS:
        limits = {"small_bet": _whole_one(record.small_bet, "small_bet", record),
                  "big_bet": _whole_one(record.big_bet, "big_bet", record)}
    elif record.min_bet is not None:
        limits = {"min_bet": _whole_one(record.min_bet, "min_bet", record)}
    bring_in = _whole_one(record.bring_in, "bring_in", record) if record.bring_in else 0
    stacks = _whole(record.starting_stacks, "starting_stacks", record)
    try:
        return HandConfig(game, stacks, antes=antes, blinds=blinds, bring_in=bring_in,
                          **limits, **(_rules_of(record) | house_rules))
    except ValueError as error:
        raise PHHError(f"{record.where}: {error}") from None


def replay_record(record: PHHRecord, **house_rules) -> Hand:
    """Play a recorded hand through the engine; a refused action raises PHHError naming it."""
    hand = Hand(config_from_record(record, **house_rules))
    apply = hand.apply
    for number, action in enumerate(record.actions):
        event = action.event  # made while reading, for nearly every action
        if event is None:
            if action.code == NOOP:
                continue
            # "sm -" shows the cards as dealt: the hand knows them (discards included).
            dealt = tuple(hand.hole[action.actor]) if action.as_dealt else None
            event = event_of(action, dealt=dealt)
        try:
            apply(event)
        except IllegalAction as refusal:
            raise PHHError(f"{record.where}: actions[{number}] {action.text!r} refused: "
                           f"{refusal}") from None
    return hand


@dataclass(frozen=True, slots=True)
class Replayed:
    """The outcome of replaying one record."""

    record: PHHRecord
    hand: Hand

    @property
    def matches_record(self) -> bool | None:
        """Whether the stacks equal the recorded finishing stacks (None: none recorded)."""
        expected = self.record.finishing_stacks
        if expected is None:
            return None
        return self.hand.is_over and all(
            abs(got - want) <= STACK_TOLERANCE
            for got, want in zip(self.hand.stacks, expected, strict=True))

    def to_json(self, lang: str = "en") -> dict:
        result = self.hand.result
        data = {
            "path": self.record.source,
            "hand": self.record.index if self.record.index is not None
            else self.record.extra.get("hand"),
            "variant": self.record.variant,
            "finishing_stacks": list(self.hand.stacks),
            "pots": [p.to_json(lang) for p in result.pots] if result else [],
            "complete": self.hand.is_over,
        }
        if self.record.finishing_stacks is not None:
            data["recorded_finishing_stacks"] = list(self.record.finishing_stacks)
            data["matches_record"] = self.matches_record
        return data


def replay(record: PHHRecord, **house_rules) -> Replayed:
    return Replayed(record, replay_record(record, **house_rules))


def record_from_hand(hand: Hand, **extra) -> PHHRecord:
    """A PHH record of a hand played in tableside (``extra``: players, event, ... fields)."""
    config = hand.config
    antes, blinds = tuple(config.antes or (0,) * config.players), tuple(config.blinds)
    if config.players == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    limits = {}
    if config.variant.structure in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT):
        limits = {"small_bet": config.small_bet, "big_bet": config.big_bet}
    else:
        limits = {"min_bet": config.opening_bet}
    return PHHRecord(
        variant=config.variant.code, antes=antes,
        blinds_or_straddles=blinds or None,
        bring_in=config.bring_in or None, **limits,
        starting_stacks=tuple(config.stacks),
        actions=tuple(event_to_action(e) for e in hand.events),
        finishing_stacks=tuple(hand.stacks) if hand.is_over else None,
        ante_trimming_status=False,
        extra={**{"_" + name: getattr(config, name) for name in PHH_RULES}, **extra})
