"""Draw hardware/wiring.svg from hardware/pins.toml: the Raspberry Pi's header with the
dealer pad and LEDs, and the Pico's header with the reader modules (CPython 3.11+).

    python hardware/draw_wiring.py           write wiring.svg
    python hardware/draw_wiring.py --check   exit 1 if wiring.svg disagrees with pins.toml

Each header is drawn as the board shows it from above (pin 1 top left); every used pin
gets a wire on its own row to what it connects to, so the drawing reads like the pin table.
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # helpers beside this script
from pinmap import (
    HARDWARE,
    PI_GND_PINS,
    PI_HEADER,
    PICO_GPIO_PIN,
    PICO_HEADER,
    button_label,
    load,
    pi_wires,
)

SVG = HARDWARE / "wiring.svg"
WIDTH = 1180
ROW = 22
COLOURS = {"button": "#1f5fbf", "seat": "#1e8a3a", "error": "#c62828", "lamp": "#c78a00",
           "GND": "#000000", "power": "#d84315", "bus": "#6a1b9a", "other": "#455a64"}


def _colour(part: str, signal: str) -> str:
    if signal == "GND":
        return COLOURS["GND"]
    if "button" in part:
        return COLOURS["button"]
    if part.startswith("seat"):
        return COLOURS["seat"]
    if "error" in part:
        return COLOURS["error"]
    if "lamp" in part:
        return COLOURS["lamp"]
    if signal in ("5V", "3V3", "VBUS", "VSYS", "3V3(OUT)"):
        return COLOURS["power"]
    if "NSS" in part or "SPI" in signal or "RST" in part:
        return COLOURS["bus"]
    return COLOURS["other"]


def _header(top: float, title: str, header: dict[int, str], order: list[tuple[int, int]],
            wires: dict[int, tuple[str, str]]) -> list[str]:
    """One 2x20 header; ``order`` gives (left pin, right pin) per row, ``wires`` maps a pin
    to (part, signal name for the colour)."""
    centre = WIDTH / 2
    left_x, right_x = centre - 20, centre + 20
    out = [f'<text x="{centre}" y="{top}" class="title">{escape(title)}</text>',
           f'<rect x="{centre - 40}" y="{top + 12}" width="80" height="{len(order) * ROW + 8}" '
           'class="board"/>']
    for row, (left, right) in enumerate(order):
        y = top + 28 + row * ROW
        for pin, x, side in ((left, left_x, -1), (right, right_x, 1)):
            name = header[pin]
            used = pin in wires
            out.append(f'<circle cx="{x}" cy="{y}" r="7" class="{"used" if used else "pin"}"/>')
            out.append(f'<text x="{x}" y="{y + 3.5}" class="num">{pin}</text>')
            anchor = "end" if side < 0 else "start"
            out.append(f'<text x="{x + side * 30}" y="{y + 4}" class="name" '
                       f'text-anchor="{anchor}">{escape(name)}</text>')
            if used:
                part, signal = wires[pin]
                colour = _colour(part, signal)
                start, end = x + side * 90, x + side * 250
                out.append(f'<line x1="{start}" y1="{y}" x2="{end}" y2="{y}" '
                           f'stroke="{colour}" stroke-width="3"/>')
                out.append(f'<text x="{end + side * 8}" y="{y + 4}" class="part" '
                           f'text-anchor="{anchor}" fill="{colour}">{escape(part)}</text>')
    return out


def pi_panel(pi: dict, top: float) -> list[str]:
    wires = {w.pin: (w.part, w.signal) for w in pi_wires(pi)}
    for pin in PI_GND_PINS:
        wires[pin] = ("GND: button contacts, LED cathodes", "GND")
    order = [(2 * row + 1, 2 * row + 2) for row in range(20)]
    out = _header(top, "Raspberry Pi 40-pin header (seen from above, USB ports down)",
                  PI_HEADER, order, wires)
    y = top + 28 + 20 * ROW + 16
    for line in (f"Camera: {pi['camera']}", f"Reader board: {pi['reader_board']}",
                 "HDMI 0: the TV (Chromium kiosk)"):
        out.append(f'<text x="40" y="{y}" class="note">{escape(line)}</text>')
        y += 18
    return out


def pico_panel(pico: dict, top: float) -> list[str]:
    wires: dict[int, tuple[str, str]] = {}

    def wire(gpio: int, part: str, signal: str = "") -> None:
        wires[PICO_GPIO_PIN[gpio]] = (part, signal)

    wire(pico["spi_sck"], "SCK of every PN5180", "SPI")
    wire(pico["spi_mosi"], "MOSI of every PN5180", "SPI")
    wire(pico["spi_miso"], "MISO of every PN5180", "SPI")
    wire(pico["reset"], "RST of every PN5180", "SPI")
    for bit, gpio in enumerate(pico["busy_mux_select"]):
        wire(gpio, f"CD74HC4067 S{bit}")
    wire(pico["busy_mux_common"], "CD74HC4067 SIG (BUSY of the zone)")
    wire(pico["repl_jumper"], "REPL jumper to GND (open in play)")
    for zone in pico["zones"]:
        wire(zone["nss"], f"NSS of PN5180 '{zone['name']}' (mux ch {zone['busy_channel']})",
             "SPI")
    for pin, name in PICO_HEADER.items():
        if name == "GND":
            wires[pin] = ("GND: modules, multiplexer, hub", "GND")
    wires[36] = ("CD74HC4067 VCC (3.3 V)", "3V3(OUT)")
    order = [(row + 1, 40 - row) for row in range(20)]
    return _header(top, "Raspberry Pi Pico reader board (seen from above, USB up)",
                   PICO_HEADER, order, wires)


def render_svg(pins: dict) -> str:
    pi, pico = pins["pi"], pins["pico"]
    pico_top = 40 + 28 + 20 * ROW + 90
    height = pico_top + 28 + 20 * ROW + 60
    buttons = ", ".join(button_label(name) for name in pi["buttons"])
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
        "<!-- Generated from hardware/pins.toml by hardware/draw_wiring.py: edit the TOML "
        "and run python hardware/generate.py, never this file. -->",
        "<style>.title{font-size:16px;font-weight:bold;text-anchor:middle}"
        ".board{fill:#2e7d32;fill-opacity:0.12;stroke:#2e7d32}"
        ".pin{fill:#ffffff;stroke:#777777}.used{fill:#ffe082;stroke:#333333}"
        ".num{font-size:8px;text-anchor:middle}.name{font-size:11px;fill:#333333}"
        ".part{font-size:12px}.note{font-size:12px;fill:#333333}</style>",
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        *pi_panel(pi, 40),
        *pico_panel(pico, pico_top),
        f'<text x="40" y="{height - 20}" class="note">Dealer pad, left to right: '
        f"{escape(buttons)}. Buttons: momentary switch between the GPIO and GND. LEDs: GPIO "
        f"- 470 ohm - anode, cathode - GND.</text>",
        "</svg>",
    ]
    return "\n".join(body) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that wiring.svg agrees with pins.toml")
    args = parser.parse_args(argv)
    wanted = render_svg(load())
    current = SVG.read_text() if SVG.exists() else None
    if args.check:
        if current != wanted:
            print("wiring.svg disagrees with hardware/pins.toml: run hardware/draw_wiring.py",
                  file=sys.stderr)
            return 1
        return 0
    if current != wanted:
        SVG.write_text(wanted)
        print(f"wrote {SVG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
