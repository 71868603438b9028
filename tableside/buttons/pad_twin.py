"""The dealer pad beside the server, and its twin on the dealer's console.

:func:`start_pad` builds the :class:`~tableside.buttons.pad.DealerPad` on the Pi's GPIO, or
says why there is none (no GPIO on this machine, a pin in use): the table runs either way,
since the console has every button's twin. :class:`ConsolePad` is that twin: a press from
the console goes through the pad when there is one (its LEDs follow, one press at a time
with its buttons), otherwise the same way the pad would send it
(:func:`~tableside.buttons.actions.commands_for`, CONFIRM taking the current proposal).
"""

from __future__ import annotations

import threading
import warnings
from pathlib import Path
from typing import Any

from tableside.buttons.actions import ACTIONS, commands_for
from tableside.buttons.proposals import Proposals
from tableside.table.errors import TableError

_NO_PAD = {
    "en": "Dealer pad: not started ({why}); the dealer's console has every button's twin",
    "de": "Geber-Tastenfeld: nicht gestartet ({why}); die Geberkonsole hat jede Taste als "
          "Zwilling",
}


def start_pad(service: Any, proposals: Proposals,
              config_path: Path | None = None) -> tuple[Any | None, dict[str, str] | None]:
    """The dealer pad on this machine's GPIO (pins from ``config_path``'s ``[buttons]``
    table, else hardware/pins.toml), or None and why not, in English and German. A bad
    configuration file raises (ValueError, OSError): that is the dealer's to fix."""
    from gpiozero.exc import GPIOZeroError, PinFactoryFallback

    from tableside.buttons.config import PadConfig
    from tableside.buttons.pad import DealerPad

    config = PadConfig.from_toml(config_path) if config_path else PadConfig()
    try:
        with warnings.catch_warnings():
            # gpiozero warns for each pin factory it tries on its way to the one that works
            # (or to none): the line below says what came of it.
            warnings.simplefilter("ignore", PinFactoryFallback)
            return DealerPad(service, config=config, proposals=proposals), None
    except (GPIOZeroError, OSError, RuntimeError) as error:  # BadPinFactory, pins in use...
        why = f"{type(error).__name__}: {error}"
        return None, {lang: text.format(why=why) for lang, text in _NO_PAD.items()}


class ConsolePad:
    """The pad's buttons as the console presses them."""

    def __init__(self, service: Any, proposals: Proposals, pad: Any | None = None):
        self.service = service
        self.proposals = proposals
        self.pad = pad
        self._lock = threading.Lock()  # one press at a time, as on the pad

    def press(self, action: str) -> dict[str, Any]:
        """Press ``action`` (``fold``, ``check_call``, ``confirm``, ``next``, ``undo``):
        ``{"action", "accepted", "rule", "message": {"en", "de"}, "commands"}``."""
        if action not in ACTIONS:
            raise KeyError(action)
        if self.pad is not None:
            report = self.pad.press(action)
            return {"action": action, "accepted": report.accepted, "rule": report.rule,
                    "message": dict(report.texts), "commands": list(report.commands)}
        with self._lock:
            proposal = self.proposals.current if action == "confirm" else None
            try:
                commands = commands_for(action, self.service.public_state(), proposal)
                done = [self.service.execute(command).command for command in commands]
            except TableError as refusal:
                return {"action": action, "accepted": False, "rule": refusal.rule,
                        "message": dict(refusal.texts), "commands": []}
            if proposal is not None:
                self.proposals.withdraw(proposal)
        cap = ACTIONS[action].cap
        return {"action": action, "accepted": True, "rule": None,
                "message": {"en": f"{cap}: done", "de": f"{cap}: erledigt"}, "commands": done}
