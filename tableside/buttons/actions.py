"""What each dealer pad action means at the table: the commands it sends, given the public
state, or the reason it cannot be done now (in English and German).

This is the only place that turns a press into table commands; the physical buttons
(:class:`~tableside.buttons.pad.DealerPad`) and their console twin
(:class:`~tableside.buttons.console.ConsoleTwin`) both come here. Whether an action is
legal is the table's business: the commands go to the table service, which refuses illegal
ones with its own reason. Only what the table cannot know is refused here (nothing was
proposed to confirm; the board is still to be read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tableside.buttons.proposals import Proposal
from tableside.table.errors import TableError

UNREAD = "??"  # a card dealt face down that nobody read (tableside.table.codec.UNKNOWN)


@dataclass(frozen=True)
class Action:
    name: str
    cap: str  # what the button's cap says
    texts: dict[str, str]  # what it does, for the console and the README
    words: tuple[str, ...]  # what to type on the console twin (English and German)


ACTIONS: dict[str, Action] = {a.name: a for a in (
    Action("fold", "FOLD",
           {"en": "the player to act folds", "de": "der Spieler am Zug passt (Fold)"},
           ("fold", "f", "passen")),
    Action("check_call", "CHECK/CALL",
           {"en": "the player to act checks or calls",
            "de": "der Spieler am Zug checkt oder geht mit (Call)"},
           ("check", "call", "c", "mitgehen", "schieben")),
    Action("confirm", "CONFIRM",
           {"en": "take what the chips, the camera or the console propose",
            "de": "übernehmen, was die Chips, die Kamera oder die Konsole vorschlagen"},
           ("confirm", "ok", "y", "bestätigen", "ja")),
    Action("next", "NEXT",
           {"en": "deal the next cards face down, or start the next hand",
            "de": "die nächsten Karten verdeckt geben oder die nächste Hand beginnen"},
           ("next", "n", "deal", "weiter", "geben")),
    Action("undo", "UNDO",
           {"en": "hold for a second: take back the last action",
            "de": "eine Sekunde halten: die letzte Aktion zurücknehmen"},
           ("undo", "u", "zurück")),
)}


def commands_for(action: str, state: dict[str, Any],
                 proposal: Proposal | None = None) -> list[dict[str, Any]]:
    """The table commands ``action`` sends in the public ``state``; TableError (nothing
    sent) when the pad can tell it cannot be done now."""
    if action == "fold":
        return [{"type": "fold"}]
    if action == "check_call":
        return [{"type": "check_call"}]
    if action == "undo":
        return [{"type": "undo", "count": 1, "reason": "UNDO button"}]
    if action == "confirm":
        if proposal is None:
            raise TableError("nothing_proposed",
                             "nothing to confirm: put the chips in the zone or enter the bet "
                             "on the console",
                             "nichts zu bestätigen: Chips in die Zone legen oder den Einsatz "
                             "in der Konsole eingeben")
        return [dict(proposal.command)]
    if action == "next":
        return _next(state)
    raise ValueError(f"unknown dealer pad action {action!r}")


def _next(state: dict[str, Any]) -> list[dict[str, Any]]:
    hand = state.get("hand")
    if hand is None or hand["finished"] or hand["voided"]:
        return [{"type": "start_hand"}]
    needs = hand["needs_cards"]
    if needs["seats"]:
        # Hole cards (and draw replacements) go out face down: nobody reads them, and they
        # are named only when shown.
        return [{"type": "deal", "seat": int(seat), "cards": UNREAD * count}
                for seat, count in sorted(needs["seats"].items(), key=lambda i: int(i[0]))]
    waiting = hand["waiting_for"]
    if waiting == "deal_board":
        count = needs["board"]
        raise TableError("board_not_read",
                         f"the board is not read yet ({count} cards): lay them under the camera "
                         "or enter them on the console",
                         f"das Board ist noch nicht gelesen ({count} Karten): unter die Kamera "
                         "legen oder in der Konsole eingeben")
    if waiting == "betting":
        legal = hand.get("legal") or {}
        text = legal.get("text") or {"en": "", "de": ""}
        seat = hand["actor"]
        raise TableError("betting",
                         f"the betting round is not over: seat {seat} to act ({text['en']})",
                         f"die Setzrunde ist nicht vorbei: Platz {seat} ist am Zug "
                         f"({text['de']})")
    if waiting == "draw":
        raise TableError("draw", "the draw is not over: each player discards or stands pat "
                         "on the console", "das Tauschen ist nicht vorbei: jeder Spieler "
                         "tauscht oder bleibt stehen (Konsole)")
    raise TableError("showdown", "waiting for the showdown: show the hands under the camera or "
                     "on the console", "Warten auf den Showdown: die Hände unter der Kamera "
                     "oder in der Konsole zeigen")
