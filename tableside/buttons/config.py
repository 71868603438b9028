"""The dealer pad's configuration: pins, which action each button does, debounce, hold time
and the error blink. Defaults come from the pin map (:mod:`tableside.buttons.pins`,
generated from hardware/pins.toml); a ``[buttons]`` table in a TOML file overrides them::

    [buttons]
    bounce_time = 0.05          # seconds a contact must stay put to count (debounce)
    hold_time = 1.0             # seconds a hold-action button is held before it acts
    hold = ["undo"]             # actions done on a hold, not on a press
    error_blink = {on = 0.15, off = 0.15, times = 3}

    [buttons.actions]           # button -> action (swap caps without rewiring)
    fold = "fold"

    [buttons.pins]              # button -> GPIO, for a build wired differently
    fold = 5
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tableside.buttons import pins as pin_map
from tableside.buttons.actions import ACTIONS


@dataclass(frozen=True)
class Blink:
    on: float = 0.15
    off: float = 0.15
    times: int = 3


@dataclass(frozen=True)
class PadConfig:
    pins: Mapping[str, int] = field(default_factory=lambda: dict(pin_map.BUTTONS))
    actions: Mapping[str, str] = field(default_factory=lambda: {b: b for b in pin_map.BUTTONS})
    bounce_time: float | None = 0.05
    hold_time: float = 1.0
    hold: frozenset[str] = frozenset({"undo"})
    error_led: int = pin_map.ERROR_LED
    confirm_led: int = pin_map.CONFIRM_LED
    seat_leds: tuple[int, ...] = pin_map.SEAT_LEDS
    error_blink: Blink = Blink()

    def __post_init__(self) -> None:
        problems = []
        for button, action in self.actions.items():
            if button not in self.pins:
                problems.append(f"button {button!r} has no pin")
            if action not in ACTIONS:
                problems.append(f"button {button!r}: unknown action {action!r} "
                                f"(known: {', '.join(ACTIONS)})")
        for action in self.hold:
            if action not in ACTIONS:
                problems.append(f"hold: unknown action {action!r}")
        if self.bounce_time is not None and self.bounce_time < 0:
            problems.append("bounce_time must be 0 or more")
        if self.hold_time <= 0:
            problems.append("hold_time must be more than 0")
        if self.error_blink.times < 1:
            problems.append("error_blink.times must be 1 or more")
        if problems:
            raise ValueError("dealer pad configuration: " + "; ".join(problems))

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any]) -> PadConfig:
        """The defaults changed by a ``[buttons]`` table (as parsed from TOML)."""
        known = {"pins", "actions", "bounce_time", "hold_time", "hold", "error_blink"}
        unknown = sorted(set(table) - known)
        if unknown:
            raise ValueError(f"dealer pad configuration: unknown keys {', '.join(unknown)}")
        config = cls()
        changes: dict[str, Any] = {}
        if "pins" in table:
            changes["pins"] = {**config.pins, **table["pins"]}
        if "actions" in table:
            changes["actions"] = {**config.actions, **table["actions"]}
        for name in ("bounce_time", "hold_time"):
            if name in table:
                changes[name] = table[name]
        if "hold" in table:
            changes["hold"] = frozenset(table["hold"])
        if "error_blink" in table:
            changes["error_blink"] = Blink(**table["error_blink"])
        return replace(config, **changes)

    @classmethod
    def from_toml(cls, path: str | Path) -> PadConfig:
        """The ``[buttons]`` table of a TOML file (defaults if it has none)."""
        with Path(path).open("rb") as file:
            return cls.from_mapping(tomllib.load(file).get("buttons", {}))
