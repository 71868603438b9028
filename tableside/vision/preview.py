"""The preview picture for the dealer: the frame with every card's outline and reading.

Cards read with confidence are outlined green with their name, unsure ones orange with a
question mark, conflicts and duplicates red with an exclamation mark; cards that count (stable
over several frames) get a thicker line. The web console encodes the picture as JPEG.
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

from tableside.vision.assembly import CardSighting
from tableside.vision.fusion import StableCard

SURE = (60, 200, 60)
UNSURE = (0, 160, 255)
PROBLEM = (40, 40, 230)


def draw_preview(frame: np.ndarray, sure: Iterable[CardSighting],
                 unsure: Iterable[CardSighting] = (),
                 stable: Iterable[StableCard] = ()) -> np.ndarray:
    picture = frame.copy()
    counted = {(str(card.card), round(card.centre[0]), round(card.centre[1])) for card in stable}
    for sighting in sure:
        key = (str(sighting.card), round(sighting.centre[0]), round(sighting.centre[1]))
        _outline(picture, sighting, SURE, str(sighting.card), 3 if key in counted else 1)
    for sighting in unsure:
        colour, mark = (PROBLEM, "!") if sighting.problem else (UNSURE, "?")
        _outline(picture, sighting, colour, f"{sighting.card}{mark}", 1)
    return picture


def _outline(picture: np.ndarray, sighting: CardSighting, colour: tuple[int, int, int],
             text: str, thickness: int) -> None:
    corners = np.round(sighting.corners).astype(np.int32)
    cv2.polylines(picture, [corners], True, colour, thickness, cv2.LINE_AA)
    x, y = corners[0]
    cv2.putText(picture, text, (int(x) + 2, int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                (0, 0, 0), 3, cv2.LINE_AA)
    cv2.putText(picture, text, (int(x) + 2, int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour,
                1, cv2.LINE_AA)
