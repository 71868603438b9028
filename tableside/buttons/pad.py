"""The dealer pad: five buttons on the table edge, a turn LED per seat, an error LED and a
lamp beside CONFIRM, built from gpiozero devices.

    pad = DealerPad(service)                  # pins from hardware/pins.toml
    pad.when_reported = lambda report: print(report.message("de"))

A press becomes table commands (:func:`~tableside.buttons.actions.commands_for`) sent to
``target.execute(command)``: the table service, or anything with its ``execute`` and
``public_state`` (and, optionally, ``subscribe``). A refused press blinks the error LED and
reports the table's reason; it never changes the game. Pins come from gpiozero's pin
factory: ``Device.pin_factory`` unless one is given (lgpio on a Pi, ``MockFactory`` in tests).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from gpiozero import LED, Button
from gpiozero.pins import Factory

from tableside.buttons.actions import ACTIONS, commands_for
from tableside.buttons.config import PadConfig
from tableside.buttons.proposals import Proposal, Proposals
from tableside.table.errors import TableError

log = logging.getLogger(__name__)


class Target(Protocol):
    """What the pad drives: :class:`tableside.table.service.TableService` has all of it."""

    def execute(self, command: dict[str, Any]) -> Any: ...

    def public_state(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Report:
    """What a press did, or why it did nothing, for the console."""

    action: str
    accepted: bool
    texts: dict[str, str]
    rule: str | None = None  # the rule that refused it
    commands: tuple[dict[str, Any], ...] = field(default=())  # as the table took them

    def message(self, lang: str = "en") -> str:
        return self.texts.get(lang, self.texts["en"])


class DealerPad:
    def __init__(self, target: Target, *, config: PadConfig | None = None,
                 proposals: Proposals | None = None,
                 when_reported: Callable[[Report], None] | None = None,
                 pin_factory: Factory | None = None):
        self.target = target
        self.config = config = config or PadConfig()
        self.proposals = proposals if proposals is not None else Proposals()
        self.when_reported = when_reported
        self.last_report: Report | None = None
        self._lock = threading.RLock()  # one press at a time, from pins or the console
        self._held: dict[str, bool] = {}
        self.buttons: dict[str, Button] = {}
        devices: list[Any] = []
        try:
            for name, gpio in config.pins.items():
                action = config.actions.get(name)
                if action is None:
                    continue  # wired, but given no action
                button = Button(gpio, pull_up=True, bounce_time=config.bounce_time,
                                hold_time=config.hold_time, pin_factory=pin_factory)
                devices.append(button)
                if action in config.hold:
                    button.when_pressed = partial(self._hold_started, name)
                    button.when_held = partial(self._hold_done, name, action)
                    button.when_released = partial(self._hold_released, name, action)
                else:
                    button.when_pressed = partial(self.press, action)
                self.buttons[name] = button
            self.error_led = LED(config.error_led, pin_factory=pin_factory)
            devices.append(self.error_led)
            self.confirm_led = LED(config.confirm_led, pin_factory=pin_factory)
            devices.append(self.confirm_led)
            self.seat_leds = tuple(LED(gpio, pin_factory=pin_factory)
                                   for gpio in config.seat_leds)
            devices.extend(self.seat_leds)
        except BaseException:
            for device in devices:  # release the pins already claimed
                device.close()
            raise
        self.proposals.when_changed = self._show_proposal
        subscribe = getattr(target, "subscribe", None)
        self._unsubscribe = subscribe(self._table_changed) if subscribe else None
        self.refresh()

    # ------------------------------------------------------------------ pressing
    def press(self, action: str) -> Report:
        """Do ``action`` now, as its button does (the console twin calls this too)."""
        with self._lock:
            proposal = self.proposals.current if action == "confirm" else None
            try:
                commands = commands_for(action, self.target.public_state(), proposal)
                done = [self._execute(command) for command in commands]
            except TableError as refusal:
                return self._refused(action, refusal.rule, refusal.texts)
            except Exception as error:  # the table could not take it (e.g. the disk)
                log.exception("dealer pad: %s failed", action)
                return self._refused(action, "failed", {
                    "en": f"{ACTIONS[action].cap} failed: {error}",
                    "de": f"{ACTIONS[action].cap} fehlgeschlagen: {error}"})
            if proposal is not None:
                self.proposals.withdraw(proposal)
            self.refresh()
            return self._report(Report(action, True, _done_texts(action, done), None,
                                       tuple(done)))

    def _execute(self, command: dict[str, Any]) -> dict[str, Any]:
        ack = self.target.execute(command)
        taken = getattr(ack, "command", None)  # the service's acknowledgement says who acted
        return taken if isinstance(taken, dict) else command

    def _refused(self, action: str, rule: str, texts: dict[str, str]) -> Report:
        blink = self.config.error_blink
        self.error_led.blink(on_time=blink.on, off_time=blink.off, n=blink.times,
                             background=True)
        return self._report(Report(action, False, dict(texts), rule))

    def _report(self, report: Report) -> Report:
        self.last_report = report
        if self.when_reported is not None:
            self.when_reported(report)
        return report

    # ------------------------------------------------------------------ holding
    def _hold_started(self, name: str) -> None:
        self._held[name] = False

    def _hold_done(self, name: str, action: str) -> None:
        self._held[name] = True
        self.press(action)

    def _hold_released(self, name: str, action: str) -> None:
        if not self._held.pop(name, True):  # let go before the hold time: nothing happens
            cap, seconds = ACTIONS[action].cap, f"{self.config.hold_time:g}"
            what = {lang: text.split(": ")[-1] for lang, text in ACTIONS[action].texts.items()}
            self._report(Report(action, False, {
                "en": f"hold {cap} for {seconds} s: {what['en']}",
                "de": f"{cap} {seconds} s halten: {what['de']}"}, "hold"))

    # ------------------------------------------------------------------ lights
    def refresh(self) -> None:
        """Light the LED of the seat to act (none between hands)."""
        hand = self.target.public_state().get("hand")
        actor = hand.get("actor") if hand else None
        for seat, led in enumerate(self.seat_leds, start=1):
            if seat == actor:
                led.on()
            else:
                led.off()

    def _table_changed(self, _ack: Any) -> None:
        self.refresh()

    def _show_proposal(self, proposal: Proposal | None) -> None:
        if proposal is None:
            self.confirm_led.off()
        else:
            self.confirm_led.on()

    # ------------------------------------------------------------------ life cycle
    def close(self) -> None:
        """Release every pin and stop following the table."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.proposals.when_changed == self._show_proposal:
            self.proposals.when_changed = None
        for device in (*self.buttons.values(), self.error_led, self.confirm_led,
                       *self.seat_leds):
            device.close()

    def __enter__(self) -> DealerPad:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _done_texts(action: str, commands: list[dict[str, Any]]) -> dict[str, str]:
    cap = ACTIONS[action].cap
    seats = sorted({c["seat"] for c in commands if c.get("seat") is not None})
    if not seats:
        return {"en": f"{cap}: done", "de": f"{cap}: erledigt"}
    listed = ", ".join(map(str, seats))
    return {"en": f"{cap}: seat{'s' if len(seats) > 1 else ''} {listed}",
            "de": f"{cap}: Platz {listed}" if len(seats) == 1 else f"{cap}: Plätze {listed}"}
