"""The tournament's blind clock as the display counts it down.

The table folds the clock's start, pauses, resumes and the dealer's moves
(:meth:`tableside.table.state.TableState.tournament_clock`) and publishes the result in the
public state (``tournament.clock_state``: its running time and the schedule of stages). The
display gets that running time as of one moment, with each stage's stakes in words, and
counts on by itself (in step with the server's clock, which the stream's pings carry) until
the next change: no update is needed when a level ends.
"""

from __future__ import annotations

from typing import Any

from tableside.engine.errors import chips


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
    clock = (tournament or {}).get("clock_state")
    if not clock:
        return None
    elapsed = clock["banked"]
    if clock["running"]:
        elapsed += max(0.0, now - clock["running_since"])
    stages = [{**stage, "stakes": None if stage["is_break"] else {
        "en": level_stakes(level, "en"), "de": level_stakes(level, "de")}}
        for stage, level in zip(clock["stages"], tournament["levels"], strict=True)]
    return {"started": clock["started"], "running": clock["running"],
            "elapsed": round(elapsed, 3), "at": round(now, 3), "stages": stages}
