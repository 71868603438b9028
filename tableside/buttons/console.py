"""The console twin of the dealer pad: every button as a word typed on a terminal.

    ConsoleTwin(pad, lang="de").run(sys.stdin, sys.stdout)

Each line is one press (``fold``, ``call``, ``confirm``, ``next``, ``undo`` or a German or
short word from :data:`~tableside.buttons.actions.ACTIONS`); the pad's report, and every
report of its physical buttons, is printed in the console's language. Typing ``undo`` is a
deliberate act, so it undoes at once (the button needs a hold only against brushing it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from tableside.buttons.actions import ACTIONS
from tableside.buttons.pad import DealerPad, Report

WORDS = {word: action.name for action in ACTIONS.values() for word in action.words}
_HELP = {
    "en": "buttons: " + ", ".join(f"{a.cap} = {a.words[0]}" for a in ACTIONS.values()),
    "de": "Tasten: " + ", ".join(f"{a.cap} = {a.words[-1]}" for a in ACTIONS.values()),
}
_UNKNOWN = {"en": "unknown: {word!r}; {help}", "de": "unbekannt: {word!r}; {help}"}


class ConsoleTwin:
    def __init__(self, pad: DealerPad, lang: str = "en"):
        self.pad = pad
        self.lang = lang
        self.out: TextIO | None = None

    def run(self, lines: Iterable[str], out: TextIO) -> None:
        """Press a button per line of ``lines`` until they end; reports go to ``out``."""
        self.out = out
        previous = self.pad.when_reported
        self.pad.when_reported = self.show
        try:
            print(_HELP[self.lang], file=out, flush=True)
            for line in lines:
                self.type(line)
        finally:
            self.pad.when_reported = previous

    def type(self, line: str) -> Report | None:
        """One typed line: the press it names (None for an empty or unknown line)."""
        word = line.strip().lower()
        if not word:
            return None
        action = WORDS.get(word)
        if action is None:
            self._print(_UNKNOWN[self.lang].format(word=word, help=_HELP[self.lang]))
            return None
        return self.pad.press(action)

    def show(self, report: Report) -> None:
        mark = "ok" if report.accepted else "!!"
        self._print(f"[{mark}] {report.message(self.lang)}")

    def _print(self, text: str) -> None:
        if self.out is not None:
            print(text, file=self.out, flush=True)
