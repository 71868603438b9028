"""The tournament's blind clock as the display counts it down.

The table logs the clock's start, pauses and resumes; :class:`tableside.table.clock.Clock`
folds them into the running time. The display gets that running time as of one moment and
the schedule of stages, and counts on by itself (in step with the server's clock, which the
stream's pings carry) until the next change: no update is needed when a level ends.
"""

from __future__ import annotations

from typing import Any

from tableside.engine.errors import chips
from tableside.table.clock import Clock, ClockPaused, ClockResumed, ClockStarted

_EVENTS = {"start": ClockStarted, "pause": ClockPaused, "resume": ClockResumed}


def level_stakes(level: dict[str, Any], lang: str) -> str:
    """"25/50, ante 5" (blinds) or "10/20 limit" (a limit level)."""
    if level.get("big_blind"):
        small = level.get("small_blind") or level["big_blind"] // 2
        text = f"{chips(small, lang)}/{chips(level['big_blind'], lang)}"
    else:
        small_bet = level.get("small_bet") or 0
        big_bet = level.get("big_bet") or 2 * small_bet
        limit = "limit" if lang == "en" else "Limit"
        text = f"{chips(small_bet, lang)}/{chips(big_bet, lang)} {limit}"
    if level.get("ante"):
        text += f", {'ante' if lang == 'en' else 'Ante'} {chips(level['ante'], lang)}"
    return text


def blind_clock(tournament: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """``{"started", "running", "elapsed", "at", "stages": [...]}`` or None (no structure).

    ``elapsed`` is the clock's running time in seconds at ``at`` (server time); each stage
    has ``start`` (running time it begins at), ``seconds``, ``is_break``, ``number`` (the
    level number; a break has the number of the level before it) and ``stakes`` in English
    and German (None for a break)."""
    if not tournament or not tournament.get("levels"):
        return None
    clock = Clock()
    for event in tournament.get("clock") or []:
        clock = clock.apply(_EVENTS[event["action"]](event["at"]))
    stages, start, number = [], 0.0, 0
    for level in tournament["levels"]:
        is_break = bool(level.get("is_break"))
        number += 0 if is_break else 1
        seconds = float(level.get("minutes") or 0) * 60
        stages.append({
            "start": start, "seconds": seconds, "is_break": is_break, "number": number,
            "stakes": None if is_break else {"en": level_stakes(level, "en"),
                                             "de": level_stakes(level, "de")}})
        start += seconds
    return {"started": clock.started, "running": clock.running,
            "elapsed": round(clock.elapsed(now), 3), "at": round(now, 3), "stages": stages}
