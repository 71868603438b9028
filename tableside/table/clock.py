"""The tournament clock: a blind structure, a clock folded from start/pause/resume events, and
the payouts by place at the end.

A :class:`BlindStructure` is a list of stages: :class:`Level` (small blind, big blind, ante,
minutes) and :class:`Break`. The clock is a pure fold, like a hand: :meth:`Clock.replay` of the
stored events (:class:`ClockStarted`, :class:`ClockPaused`, :class:`ClockResumed` and the
dealer's :class:`ClockMoved`) gives the same clock after a restart, and
:meth:`Clock.reading` at a time ``now`` (seconds since the epoch, passed in: no clock is read
here) says the level, the time left in it, the next level and the time to the next break.

Level changes take effect at the next hand: the table asks :meth:`Clock.level_for_hand` when
a hand starts and plays the whole hand at that level, even if the clock moves on meanwhile.

After the last stage the last level stays (there is no time left to show, and no next level).

Payouts: :func:`payout_percentages` (the usual home-game splits by number of entrants),
:func:`prizes` (integer amounts that add up to the pool exactly), :func:`finishing_order`
(the reverse of the eliminations; two players out in the same hand finish in the order of
their stacks at the start of that hand, the TDA rule; equal stacks share the places) and
:func:`payouts` (shared places split their prizes).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from tableside.table.errors import TableError

LANGUAGES = ("en", "de")


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def _chips(amount: int, lang: str) -> str:
    text = f"{amount:,}"
    return text.replace(",", ".") if lang == "de" else text


def clock_text(seconds: float) -> str:
    """Seconds as a clock shows them, rounded up (a level with 0.4 s left is not over):
    "12:05", or "1:02:05" from an hour."""
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# ----------------------------------------------------------------------------- structure
@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: the forced bets (the ante is per player) and how long it lasts."""

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: float = 15

    def __post_init__(self) -> None:
        if not (0 <= self.small_blind <= self.big_blind and self.big_blind > 0
                and self.ante >= 0 and self.minutes > 0):
            raise ValueError(f"a level needs 0 <= small blind <= big blind, big blind > 0, "
                             f"ante >= 0 and minutes > 0, got {self}")

    @property
    def seconds(self) -> float:
        return self.minutes * 60

    def stakes(self, lang: str = "en") -> str:
        """"25/50" or "25/50, ante 5" ("25/50, Ante 5")."""
        _check_lang(lang)
        text = f"{_chips(self.small_blind, lang)}/{_chips(self.big_blind, lang)}"
        if self.ante:
            text += f", {'ante' if lang == 'en' else 'Ante'} {_chips(self.ante, lang)}"
        return text


@dataclass(frozen=True, slots=True)
class Break:
    """A pause in the tournament; the clock runs through it."""

    minutes: float = 10

    def __post_init__(self) -> None:
        if self.minutes <= 0:
            raise ValueError(f"a break needs minutes > 0, got {self.minutes}")

    @property
    def seconds(self) -> float:
        return self.minutes * 60


Stage = Level | Break


@dataclass(frozen=True, slots=True)
class BlindStructure:
    """The stages of a tournament, in order; at least one level."""

    stages: tuple[Stage, ...]

    def __post_init__(self) -> None:
        if not any(isinstance(s, Level) for s in self.stages):
            raise ValueError("a blind structure needs at least one level")

    def level_number(self, index: int) -> int:
        """The number players call the level at stage ``index`` (breaks are not counted; a
        break has the number of the level before it)."""
        return sum(isinstance(s, Level) for s in self.stages[:index + 1])

    def starts(self) -> list[float]:
        """When each stage begins, in seconds of running clock."""
        starts, total = [], 0.0
        for stage in self.stages:
            starts.append(total)
            total += stage.seconds
        return starts


# Blinds rise about half a big blind at a time at first, then by a third to a half; a
# 10,000-chip start lasts around four hours with eight players.
_STANDARD_BLINDS = (
    (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 0),
    (150, 300, 25), (200, 400, 50), (300, 600, 75), (400, 800, 100),
    (500, 1_000, 100), (700, 1_400, 200), (1_000, 2_000, 300), (1_500, 3_000, 400),
    (2_000, 4_000, 500), (3_000, 6_000, 1_000), (5_000, 10_000, 1_000),
)


def standard_structure(minutes: float = 15, break_every: int = 4,
                       break_minutes: float = 10) -> BlindStructure:
    """The seed's dealer clock: the blinds go up every ``minutes`` (10 to 15 at home), with a
    break after every ``break_every`` levels (0: no breaks)."""
    stages: list[Stage] = []
    for number, (small, big, ante) in enumerate(_STANDARD_BLINDS, start=1):
        stages.append(Level(small, big, ante, minutes))
        if break_every and number % break_every == 0 and number < len(_STANDARD_BLINDS):
            stages.append(Break(break_minutes))
    return BlindStructure(tuple(stages))


DEFAULT_STRUCTURE = standard_structure()


# ----------------------------------------------------------------------------- clock events
@dataclass(frozen=True, slots=True)
class ClockStarted:
    at: float


@dataclass(frozen=True, slots=True)
class ClockPaused:
    at: float


@dataclass(frozen=True, slots=True)
class ClockResumed:
    at: float


@dataclass(frozen=True, slots=True)
class ClockMoved:
    """The dealer sets the clock to the start of stage ``stage`` (skip ahead, or back after a
    mistake); running or paused, it stays so."""

    at: float
    stage: int


ClockEvent = ClockStarted | ClockPaused | ClockResumed | ClockMoved


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the clock shows at one moment. Times are seconds; None where nothing is left
    (no next level, no break to come, no end to the last level)."""

    structure: BlindStructure
    stage_index: int
    started: bool
    paused: bool
    remaining: float | None  # in this stage; None in the last level (it has no end)
    to_next_level: float | None  # until the next level starts (through a break)
    to_break: float | None  # until the next break starts

    @property
    def stage(self) -> Stage:
        return self.structure.stages[self.stage_index]

    @property
    def on_break(self) -> bool:
        return isinstance(self.stage, Break)

    @property
    def level_number(self) -> int:
        return self.structure.level_number(self.stage_index)

    @property
    def level(self) -> Level:
        """The level being played; on a break, the one that comes after it (or the last)."""
        return _level_from(self.structure, self.stage_index)

    @property
    def next_level(self) -> Level | None:
        stages = self.structure.stages
        if self.on_break:
            return next((s for s in stages[self.stage_index:] if isinstance(s, Level)), None)
        return next((s for s in stages[self.stage_index + 1:] if isinstance(s, Level)), None)

    def describe(self, lang: str = "en") -> str:
        """One line for the display, e.g. "Level 3: 75/150 - 12:05 left - next 100/200 -
        break in 27:05" / "Stufe 3: 75/150 - noch 12:05 - danach 100/200 - Pause in 27:05"."""
        _check_lang(lang)
        en = lang == "en"
        if not self.started:
            first = self.level.stakes(lang)
            return (f"Clock not started - level 1: {first}" if en
                    else f"Uhr nicht gestartet - Stufe 1: {first}")
        parts = []
        if self.on_break:
            parts.append("Break" if en else "Pause")
        else:
            parts.append(f"{'Level' if en else 'Stufe'} {self.level_number}: "
                         f"{self.level.stakes(lang)}")
        if self.remaining is not None:
            left = clock_text(self.remaining)
            parts.append(f"{left} left" if en else f"noch {left}")
        upcoming = self.next_level
        if upcoming is not None:
            parts.append(f"{'next' if en else 'danach'} {upcoming.stakes(lang)}")
        if self.to_break is not None and not self.on_break:
            when = clock_text(self.to_break)
            parts.append(f"break in {when}" if en else f"Pause in {when}")
        line = " - ".join(parts)
        if self.paused:
            line = f"{'PAUSED' if en else 'ANGEHALTEN'} - {line}"
        return line


def _level_from(structure: BlindStructure, index: int) -> Level:
    """The level at ``index``, or for a break the next level (the last one after the end)."""
    stages = structure.stages
    following = next((s for s in stages[index:] if isinstance(s, Level)), None)
    if following is not None:
        return following
    return next(s for s in reversed(stages) if isinstance(s, Level))


@dataclass(frozen=True, slots=True)
class Clock:
    """The clock as a value: the structure and the running time accumulated so far.

    ``banked`` is the running time (seconds) up to ``running_since``, or up to now when the
    clock is paused or not started (``running_since`` None).
    """

    structure: BlindStructure = DEFAULT_STRUCTURE
    started: bool = False
    banked: float = 0.0
    running_since: float | None = None
    last_at: float = -math.inf

    @classmethod
    def replay(cls, structure: BlindStructure, events: Iterable[ClockEvent]) -> Clock:
        """The clock after ``events``; raises TableError at the first impossible one."""
        clock = cls(structure)
        for event in events:
            clock = clock.apply(event)
        return clock

    def apply(self, event: ClockEvent) -> Clock:
        """The clock after ``event`` (this one is left as it was), or TableError."""
        if event.at < self.last_at:
            raise TableError("clock_time_backwards",
                             "clock events must come in the order of their times",
                             "Uhr-Ereignisse müssen in zeitlicher Reihenfolge kommen")
        if isinstance(event, ClockStarted):
            if self.started:
                raise TableError("clock_started", "the clock is already started",
                                 "die Uhr läuft schon")
            return replace(self, started=True, running_since=event.at, last_at=event.at)
        if not self.started:
            raise TableError("clock_not_started", "the clock has not been started",
                             "die Uhr wurde noch nicht gestartet")
        if isinstance(event, ClockPaused):
            if self.running_since is None:
                raise TableError("clock_paused", "the clock is already paused",
                                 "die Uhr ist schon angehalten")
            return replace(self, banked=self.elapsed(event.at), running_since=None,
                           last_at=event.at)
        if isinstance(event, ClockResumed):
            if self.running_since is not None:
                raise TableError("clock_running", "the clock is running, not paused",
                                 "die Uhr läuft, sie ist nicht angehalten")
            return replace(self, running_since=event.at, last_at=event.at)
        if isinstance(event, ClockMoved):
            if not 0 <= event.stage < len(self.structure.stages):
                raise TableError("clock_no_stage",
                                 f"there is no stage {event.stage + 1} in this structure",
                                 f"diese Struktur hat keine Stufe {event.stage + 1}")
            start = self.structure.starts()[event.stage]
            running = event.at if self.running_since is not None else None
            return replace(self, banked=start, running_since=running, last_at=event.at)
        raise TypeError(f"not a clock event: {event!r}")

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def elapsed(self, now: float) -> float:
        """Running time at ``now`` (a ``now`` before the last event counts as that event)."""
        if self.running_since is None:
            return self.banked
        return self.banked + max(0.0, now - self.running_since)

    def reading(self, now: float) -> ClockReading:
        """What the clock shows at ``now``."""
        stages = self.structure.stages
        starts = self.structure.starts()
        elapsed = self.elapsed(now)
        index = 0
        for i, start in enumerate(starts):
            if start <= elapsed:
                index = i
        last_level = max(i for i, s in enumerate(stages) if isinstance(s, Level))
        to_next_level = to_break = None
        if elapsed >= starts[-1] + stages[-1].seconds or (
                index == last_level == len(stages) - 1):
            # Past the end, or in the last stage when it is a level: that level stays.
            index, remaining = last_level, None
        else:
            remaining = starts[index] + stages[index].seconds - elapsed
            for i in range(index + 1, len(stages)):
                if to_next_level is None and isinstance(stages[i], Level):
                    to_next_level = starts[i] - elapsed
                if to_break is None and isinstance(stages[i], Break):
                    to_break = starts[i] - elapsed
        return ClockReading(self.structure, index, self.started,
                            self.started and not self.running, remaining, to_next_level,
                            to_break)

    def level_for_hand(self, now: float) -> Level:
        """The level a hand starting at ``now`` is played at, to the end of the hand. On a
        break (no hand should start then) it is the level after the break."""
        return self.reading(now).level


# ----------------------------------------------------------------------------- payouts
# (most entrants, percentages by place); None: any number
PAYOUT_TABLE: tuple[tuple[int | None, tuple[int, ...]], ...] = (
    (5, (100,)),
    (10, (65, 35)),
    (None, (50, 30, 20)),
)


def payout_percentages(entrants: int,
                       table: Sequence[tuple[int | None, tuple[int, ...]]] = PAYOUT_TABLE,
                       ) -> tuple[int, ...]:
    """The percentage of the pool each place wins, first place first: one place up to five
    entrants, 65/35 for six to ten, 50/30/20 from eleven (a common home-game split)."""
    if entrants < 1:
        raise ValueError("a tournament needs at least one entrant")
    for most, split in table:
        if most is None or entrants <= most:
            return split[:entrants]
    raise ValueError(f"the payout table has no row for {entrants} entrants")


def prizes(pool: int, percentages: Sequence[int], unit: int = 1) -> tuple[int, ...]:
    """Each place's prize: whole multiples of ``unit`` (cents, or 100 for whole euros) that
    add up to the pool exactly. Shares are rounded down and the units left over go to the
    largest remainders (the better place on a tie); what is left below one unit goes to first
    place."""
    if sum(percentages) != 100 or any(p < 0 for p in percentages):
        raise ValueError(f"percentages must add up to 100, got {list(percentages)}")
    if pool < 0 or unit < 1:
        raise ValueError("the pool must be >= 0 and the unit >= 1")
    exact = [pool * p for p in percentages]  # in hundredths of the pool's smallest amount
    units = [e // (100 * unit) for e in exact]
    remainders = [e - u * 100 * unit for e, u in zip(exact, units, strict=True)]
    spare_units = (pool - sum(units) * unit) // unit
    by_remainder = sorted(range(len(units)), key=lambda i: (-remainders[i], i))
    for i in by_remainder[:spare_units]:
        units[i] += 1
    amounts = [u * unit for u in units]
    if amounts:
        amounts[0] += pool - sum(amounts)  # less than a unit: first place
    return tuple(amounts)


@dataclass(frozen=True, slots=True)
class Elimination:
    """``player`` was knocked out in hand number ``hand``, having started it with
    ``chips_at_start`` chips."""

    player: str
    hand: int
    chips_at_start: int


@dataclass(frozen=True, slots=True)
class Finish:
    """``players`` finished in place ``place`` (several: they share places ``place`` to
    ``place + len(players) - 1``)."""

    place: int
    players: tuple[str, ...]

    @property
    def last_place(self) -> int:
        return self.place + len(self.players) - 1

    def label(self, lang: str = "en") -> str:
        """"1st", "2nd-3rd" / "1.", "2.-3."."""
        _check_lang(lang)
        first = place_label(self.place, lang)
        if len(self.players) == 1:
            return first
        return f"{first}-{place_label(self.last_place, lang)}"


def place_label(place: int, lang: str = "en") -> str:
    """"1st", "2nd", "3rd", "11th", "22nd" / "1.", "2."."""
    _check_lang(lang)
    if lang == "de":
        return f"{place}."
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        place % 10, "th")
    return f"{place}{suffix}"


def finishing_order(entrants: Sequence[str],
                    eliminations: Sequence[Elimination]) -> list[Finish]:
    """Places from the eliminations (in the order they happened): the last one out finishes
    highest. Players knocked out in the same hand: more chips at the start of the hand
    finishes higher; equal chips share the places. Players not knocked out share the top
    places (one: the winner; several: the tournament is unfinished or was chopped)."""
    out = [e.player for e in eliminations]
    unknown = sorted(set(out) - set(entrants))
    if unknown:
        raise TableError("not_entered", f"not in this tournament: {', '.join(unknown)}",
                         f"nicht in diesem Turnier: {', '.join(unknown)}")
    twice = sorted({p for p in out if out.count(p) > 1})
    if twice:
        raise TableError("eliminated_twice", f"knocked out twice: {', '.join(twice)}",
                         f"zweimal ausgeschieden: {', '.join(twice)}")
    if any(b.hand < a.hand for a, b in pairwise(eliminations)):
        raise TableError("eliminations_out_of_order",
                         "eliminations must be listed in the order of their hands",
                         "Ausscheiden muss in der Reihenfolge der Hände kommen")
    finishes: list[Finish] = []
    place = 1
    survivors = tuple(p for p in entrants if p not in set(out))
    if survivors:
        finishes.append(Finish(1, survivors))
        place += len(survivors)
    hands: dict[int, list[Elimination]] = {}
    for elimination in eliminations:
        hands.setdefault(elimination.hand, []).append(elimination)
    for hand in sorted(hands, reverse=True):
        by_stack: dict[int, list[str]] = {}
        for elimination in hands[hand]:
            by_stack.setdefault(elimination.chips_at_start, []).append(elimination.player)
        for chips in sorted(by_stack, reverse=True):
            finishes.append(Finish(place, tuple(by_stack[chips])))
            place += len(by_stack[chips])
    return finishes


def payouts(finishes: Sequence[Finish], prize_list: Sequence[int]) -> dict[str, int]:
    """Each player's prize: a shared finish splits the prizes of the places it covers evenly,
    the odd amounts one each to the players in the order listed. Players out of the money
    get 0."""
    paid: dict[str, int] = {}
    for finish in finishes:
        covered = sum(prize_list[finish.place - 1:finish.last_place])
        each, odd = divmod(covered, len(finish.players))
        for i, player in enumerate(finish.players):
            paid[player] = each + (1 if i < odd else 0)
    return paid
