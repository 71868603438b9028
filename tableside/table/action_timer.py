"""A player's time to act: the seed's house rule is two minutes, with a warning near the end.

The timer is a value, not a thread: :class:`ActionTimer` holds when the player's turn began
and the dealer's pauses, and :meth:`ActionTimer.reading` at a time ``now`` (seconds since the
epoch, passed in) says the time left, whether the warning is due and whether time is up.
The table service polls it (or schedules a wake-up at :meth:`ActionTimer.expires_at`) and,
when time is up, applies :func:`default_action`: a check when checking is free, otherwise a
fold (in stud, a player due to bring in posts the bring-in: it is forced, folding is not an
option).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tableside.engine import BringIn, CheckCall, Fold, Hand
from tableside.table.clock import clock_text
from tableside.table.errors import TableError

LANGUAGES = ("en", "de")


@dataclass(frozen=True, slots=True)
class TimerSettings:
    """How long a player may think (``seconds``) and when the warning comes (``warn_before``
    seconds before the end)."""

    seconds: float = 120
    warn_before: float = 20

    def __post_init__(self) -> None:
        if self.seconds <= 0 or not 0 <= self.warn_before <= self.seconds:
            raise ValueError(f"a timer needs seconds > 0 and 0 <= warn_before <= seconds, "
                             f"got {self.seconds} and {self.warn_before}")


@dataclass(frozen=True, slots=True)
class Pause:
    """The dealer stopped the timer at ``start`` and restarted it at ``end`` (None: still
    stopped)."""

    start: float
    end: float | None = None


@dataclass(frozen=True, slots=True)
class TimerReading:
    """The timer at one moment: seconds left (0 when up) and what to show."""

    remaining: float
    warned: bool
    expired: bool
    paused: bool

    def describe(self, lang: str = "en") -> str:
        """"1:40 left", "0:15 left - hurry up", "time is up"; German "noch 1:40",
        "noch 0:15 - bitte entscheiden", "Zeit abgelaufen". A paused timer says so."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        en = lang == "en"
        if self.expired:
            text = "time is up" if en else "Zeit abgelaufen"
        else:
            left = clock_text(self.remaining)
            text = f"{left} left" if en else f"noch {left}"
            if self.warned:
                text += " - hurry up" if en else " - bitte entscheiden"
        if self.paused:
            text += " (paused)" if en else " (angehalten)"
        return text


@dataclass(frozen=True, slots=True)
class ActionTimer:
    """The time to act of the player whose turn began at ``started_at``."""

    started_at: float
    pauses: tuple[Pause, ...] = ()
    settings: TimerSettings = TimerSettings()

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1].end is None

    def pause(self, now: float) -> ActionTimer:
        """The timer stopped by the dealer at ``now``."""
        if self.paused:
            raise TableError("timer_paused", "the action timer is already paused",
                             "der Aktions-Timer ist schon angehalten")
        self._check_time(now)
        return replace(self, pauses=(*self.pauses, Pause(now)))

    def resume(self, now: float) -> ActionTimer:
        """The timer running again from ``now``, with the time it had left."""
        if not self.paused:
            raise TableError("timer_running", "the action timer is running, not paused",
                             "der Aktions-Timer läuft, er ist nicht angehalten")
        self._check_time(now)
        return replace(self, pauses=(*self.pauses[:-1], Pause(self.pauses[-1].start, now)))

    def _check_time(self, now: float) -> None:
        last = max([self.started_at, *(t for p in self.pauses for t in (p.start, p.end)
                                       if t is not None)])
        if now < last:
            raise TableError("timer_time_backwards",
                             "timer events must come in the order of their times",
                             "Timer-Ereignisse müssen in zeitlicher Reihenfolge kommen")

    def used(self, now: float) -> float:
        """Seconds the player has used by ``now``: time since the start, less the pauses."""
        end = self.pauses[-1].start if self.paused else now
        stopped = sum(p.end - p.start for p in self.pauses if p.end is not None)
        return max(0.0, end - self.started_at - stopped)

    def reading(self, now: float) -> TimerReading:
        remaining = max(0.0, self.settings.seconds - self.used(now))
        return TimerReading(remaining, remaining <= self.settings.warn_before,
                            remaining <= 0, self.paused)

    def expires_at(self) -> float | None:
        """When time will be up if nobody pauses it (None while paused)."""
        if self.paused:
            return None
        stopped = sum(p.end - p.start for p in self.pauses if p.end is not None)
        return self.started_at + stopped + self.settings.seconds

    def warns_at(self) -> float | None:
        """When the warning becomes due if nobody pauses it (None while paused)."""
        expiry = self.expires_at()
        return None if expiry is None else expiry - self.settings.warn_before


def default_action(hand: Hand) -> CheckCall | Fold | BringIn | None:
    """What the player to act does when time is up: check when checking is free, otherwise
    fold; a stud player due to bring in posts the bring-in. None when nobody is to act."""
    legal = hand.legal()
    if legal is None:
        return None
    if legal.bring_in is not None:
        return BringIn(legal.player)
    if legal.can_check:
        return CheckCall(legal.player)
    return Fold(legal.player)


_DEFAULT_WORDS = {
    "en": {CheckCall: "{name}'s time is up: check", Fold: "{name}'s time is up: fold",
           BringIn: "{name}'s time is up: bring-in"},
    "de": {CheckCall: "Zeit von {name} abgelaufen: Check",
           Fold: "Zeit von {name} abgelaufen: Fold",
           BringIn: "Zeit von {name} abgelaufen: Bring-in"},
}


def describe_default(action: CheckCall | Fold | BringIn, name: str, lang: str = "en") -> str:
    """What the display says when time is up: "Anna's time is up: fold" / "Zeit von Anna
    abgelaufen: Fold"."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    return _DEFAULT_WORDS[lang][type(action)].format(name=name)
