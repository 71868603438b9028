"""How high the camera hangs over the felt: computed from its field of view and the size
a card must have in the frame (CPython 3.11+, on a computer; used by generate.py).

    python hardware/camera.py      print the table that hardware/README.md shows

The recognition reads cards at least 60 pixels wide in a 1280x720 frame (issue 7), and more of
them surely from 80 pixels on (tableside/vision/card_size.py: cards 55-75 px wide read 98.8 %
of the tests' decks, 60-150 px 99.6 %). A card of width ``card_mm`` at ``p`` pixels needs at
most ``card_mm / p`` millimetres per pixel, so the frame covers at most ``1280 * card_mm / p``
by ``720 * card_mm / p`` millimetres of felt. A
camera looking straight down with horizontal and vertical fields of view ``h`` and ``v``
covers ``2 * height * tan(h / 2)`` by ``2 * height * tan(v / 2)``; the highest mount is the
lower of the two heights at which either side reaches its limit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FRAME = (1280, 720)  # pixels, as the recognition reads them
MIN_CARD_PIXELS = 60
GOOD_CARD_PIXELS = 80  # read more surely (tableside/vision/card_size.py's GOOD_PX)
# A 10-seat oval poker table, 96 x 48 inches: the size cards could lie anywhere on.
TABLE_MM = (2440, 1220)


@dataclass(frozen=True)
class Lens:
    name: str
    horizontal_deg: float
    vertical_deg: float


# Raspberry Pi Camera Module 3 (IMX708, 16:9 sensor). 1280x720 is scaled from the binned
# 2304x1296 mode, which keeps the whole field of view.
LENSES = (
    Lens("Camera Module 3 (standard, 75° diagonal)", 66.0, 41.0),
    Lens("Camera Module 3 Wide (120° diagonal)", 102.0, 67.0),
)
CARDS = (("poker size, 63 mm", 63.0), ("bridge size, 57 mm", 57.0))


@dataclass(frozen=True)
class Mount:
    lens: Lens
    card: str
    field_mm: tuple[float, float]  # width, depth of felt the frame covers at that height
    height_mm: float  # lens above the felt


def mount(lens: Lens, card: str, card_mm: float, card_pixels: int = MIN_CARD_PIXELS) -> Mount:
    mm_per_pixel = card_mm / card_pixels
    limit = (FRAME[0] * mm_per_pixel, FRAME[1] * mm_per_pixel)
    heights = (limit[0] / 2 / math.tan(math.radians(lens.horizontal_deg / 2)),
               limit[1] / 2 / math.tan(math.radians(lens.vertical_deg / 2)))
    height = min(heights)
    field = (2 * height * math.tan(math.radians(lens.horizontal_deg / 2)),
             2 * height * math.tan(math.radians(lens.vertical_deg / 2)))
    return Mount(lens, card, field, height)


def whole_table_pixels(card_mm: float) -> int:
    """Pixels across the frame for the whole table at MIN_CARD_PIXELS per card."""
    return math.ceil(TABLE_MM[0] / (card_mm / MIN_CARD_PIXELS))


def render_table() -> str:
    rows = ["| lens | card | highest mount (lens above felt) | felt in view at that height "
            f"| for cards {GOOD_CARD_PIXELS} px wide (read more surely) |",
            "| --- | --- | --- | --- | --- |"]
    for lens in LENSES:
        for card, card_mm in CARDS:
            m = mount(lens, card, card_mm)
            good = mount(lens, card, card_mm, GOOD_CARD_PIXELS)
            rows.append(f"| {lens.name} | {card} | {m.height_mm / 1000:.2f} m | "
                        f"{m.field_mm[0] / 1000:.2f} m x {m.field_mm[1] / 1000:.2f} m | "
                        f"{good.height_mm / 1000:.2f} m, "
                        f"{good.field_mm[0] / 1000:.2f} m x {good.field_mm[1] / 1000:.2f} m |")
    rows.append("")
    rows.append(f"The whole {TABLE_MM[0] / 1000:.2f} m x {TABLE_MM[1] / 1000:.2f} m table at "
                f"{MIN_CARD_PIXELS} px per card would need {whole_table_pixels(63.0)} px "
                f"across (poker cards), {whole_table_pixels(57.0)} px (bridge cards): "
                f"more than {FRAME[0]}.")
    return "\n".join(rows)


if __name__ == "__main__":
    print(render_table())
