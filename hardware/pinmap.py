"""The pin map of hardware/pins.toml as the hardware scripts use it: the Raspberry Pi's and
the Pico's 40-pin headers, what is wired to each used pin, and what would make the [pi]
section unbuildable (CPython 3.11+, on a computer; used by generate.py and draw_wiring.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

HARDWARE = Path(__file__).resolve().parent
TOML = HARDWARE / "pins.toml"

# The Raspberry Pi's 40-pin header (the same on the Pi 4 and Pi 5): physical pin -> name.
PI_HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND",
    21: "GPIO9", 22: "GPIO25", 23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7",
    27: "GPIO0", 28: "GPIO1", 29: "GPIO5", 30: "GND", 31: "GPIO6", 32: "GPIO12",
    33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16", 37: "GPIO26", 38: "GPIO20",
    39: "GND", 40: "GPIO21",
}
PI_GPIO_PIN = {int(name[4:]): pin for pin, name in PI_HEADER.items() if name.startswith("GPIO")}
PI_GND_PINS = tuple(pin for pin, name in PI_HEADER.items() if name == "GND")
# GPIO0/1 carry the HAT's ID EEPROM bus: never for buttons or LEDs.
PI_USABLE = set(range(2, 28))

# The Pico's (and Pico 2's) 40 pins: physical pin -> name.
PICO_HEADER = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17",
    23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22",
    30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28", 35: "ADC_VREF",
    36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
PICO_GPIO_PIN = {int(name[2:]): pin for pin, name in PICO_HEADER.items()
                 if name.startswith("GP")}

LED_RESISTOR = "470 ohm"


@dataclass(frozen=True)
class Wire:
    """One thing wired to one header pin."""

    part: str  # what the wire goes to
    pin: int  # physical header pin
    signal: str
    notes: str


def load(path: Path = TOML) -> dict:
    with path.open("rb") as file:
        return tomllib.load(file)


def button_label(name: str) -> str:
    """``check_call`` -> ``CHECK/CALL``: the word printed on the button cap."""
    return name.replace("_", "/").upper()


def pi_wires(pi: dict) -> list[Wire]:
    """Everything on the Pi's header, buttons first, then LEDs, then ground."""
    wires = []
    for name, gpio in pi["buttons"].items():
        wires.append(Wire(f"{button_label(name)} button", PI_GPIO_PIN[gpio],
                          f"GPIO{gpio} in, pull-up", "pressed = low; other contact to GND"))
    leds = pi["leds"]
    wires.append(Wire("error LED (red)", PI_GPIO_PIN[leds["error"]],
                      f"GPIO{leds['error']} out", f"anode via {LED_RESISTOR}; blinks on a "
                      "refused press"))
    wires.append(Wire("CONFIRM lamp (yellow)", PI_GPIO_PIN[leds["confirm"]],
                      f"GPIO{leds['confirm']} out", f"anode via {LED_RESISTOR}; lit while a "
                      "bet waits"))
    for seat, gpio in enumerate(leds["seats"], start=1):
        wires.append(Wire(f"seat {seat} LED (green)", PI_GPIO_PIN[gpio], f"GPIO{gpio} out",
                          f"anode via {LED_RESISTOR}; lit: seat {seat} to act"))
    return wires


def pi_problems(pi: dict, pico: dict) -> list[str]:
    """Everything wrong with the [pi] section; empty when it can be built."""
    found = []
    used: dict[int, str] = {}
    reserved = set(pi.get("reserved", []))

    def claim(gpio: object, what: str) -> None:
        if not isinstance(gpio, int) or gpio not in PI_USABLE:
            found.append(f"{what}: {gpio!r} is not a header GPIO (2-27)")
            return
        if gpio in reserved:
            found.append(f"{what}: GPIO{gpio} is reserved")
        if gpio in used:
            found.append(f"{what}: GPIO{gpio} is already {used[gpio]}")
        used[gpio] = what

    if not pi.get("buttons"):
        found.append("the dealer pad needs buttons")
    for name, gpio in pi.get("buttons", {}).items():
        claim(gpio, f"button {name}")
    leds = pi.get("leds", {})
    for name in ("error", "confirm"):
        if name not in leds:
            found.append(f"leds.{name} is missing")
        else:
            claim(leds[name], f"{name} LED")
    seats = [z["seat"] for z in pico.get("zones", []) if z["role"] == "seat"]
    if len(leds.get("seats", [])) != len(seats):
        found.append(f"one seat LED per seat zone: {len(seats)} seats, "
                     f"{len(leds.get('seats', []))} LEDs")
    for seat, gpio in enumerate(leds.get("seats", []), start=1):
        claim(gpio, f"seat {seat} LED")
    return found
