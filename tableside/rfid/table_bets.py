"""A bet the chips propose, as the table command the dealer's CONFIRM sends.

The bet watcher (:mod:`tableside.rfid.watch`) speaks of the engine's players; the table service
and the dealer speak of seats. Both places that put the chips in front of a table (the server
and the demo) turn a :class:`~tableside.rfid.bets.Proposal` into a command here, with its texts
naming the seat, in English and German.
"""

from __future__ import annotations

from typing import Any

from tableside.engine import BetRaise, BringIn, CheckCall
from tableside.engine.errors import player_label
from tableside.rfid.bets import Proposal

SEAT_WORDS = {"en": "seat {seat}", "de": "Platz {seat}"}


def table_command(proposal: Proposal, seat: int) -> tuple[dict[str, Any], dict[str, str]]:
    """The table command for ``proposal`` made at ``seat``, and what it means per language."""
    event = proposal.event
    if isinstance(event, BetRaise):
        command: dict[str, Any] = {"type": "bet_raise", "seat": seat, "to": event.to}
    elif isinstance(event, BringIn):
        command = {"type": "bring_in", "seat": seat}
    elif isinstance(event, CheckCall):
        command = {"type": "check_call", "seat": seat}
    else:
        raise TypeError(f"the chips propose no {type(event).__name__}")
    texts = {lang: proposal.describe(lang).replace(player_label(proposal.player, lang),
                                                   words.format(seat=seat))
             for lang, words in SEAT_WORDS.items()}
    return command, texts
