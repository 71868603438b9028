"""The dealer pad of the demo: the real :class:`~tableside.buttons.pad.DealerPad` on
gpiozero's mock pins, pressed by the simulated dealer as a finger would press a button: the
pin is pulled low and let go, and gpiozero's Button does the rest.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from gpiozero.pins.mock import MockFactory

from tableside.buttons.config import PadConfig
from tableside.buttons.pad import DealerPad, Report
from tableside.buttons.proposals import Proposals
from tableside.demo.summary import Tally


class SimulatedPad:
    def __init__(self, target: Any, proposals: Proposals, tally: Tally,
                 config: PadConfig | None = None):
        self.factory = MockFactory()
        self.tally = tally
        self.pad = DealerPad(target, config=config, proposals=proposals,
                             pin_factory=self.factory)
        self._reports = 0  # reports so far
        self._last_report: Report | None = None
        self._reported = threading.Condition()
        self.pad.when_reported = self._report
        # The button of each action (the pin map may give an action to any button).
        self._button = {action: button for button, action in self.pad.config.actions.items()}
        self._last_press: dict[str, float] = {}

    def press(self, action: str) -> Report:
        """Press and let go the button of ``action``; the pad's report of what it did. A
        button that acts on a hold (UNDO) is held past its hold time."""
        button = self._button[action]
        config = self.pad.config
        # gpiozero ignores a second press within the bounce time: a finger is never faster.
        if config.bounce_time:
            wait = self._last_press.get(button, 0.0) + 1.5 * config.bounce_time - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        pin = self.factory.pin(config.pins[button])
        with self._reported:
            seen = self._reports
        pin.drive_low()
        if action in config.hold:
            time.sleep(config.hold_time * 1.2)
        pin.drive_high()
        self._last_press[button] = time.monotonic()
        with self._reported:
            self._reported.wait_for(lambda: self._reports > seen, timeout=5.0)
            report = self._last_report if self._reports > seen else None
        if report is None:
            raise RuntimeError(f"the dealer pad did not answer {action}")
        self.tally.button_presses[action] += 1
        return report

    def _report(self, report: Report) -> None:
        with self._reported:
            self._reports += 1
            self._last_report = report
            self._reported.notify_all()

    def close(self) -> None:
        self.pad.close()
        self.factory.reset()
