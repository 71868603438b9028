"""Where things lie on the demo table as the overhead camera sees it, and the calibration a
dealer would mark for that camera: the board zone in the middle, a zone for each seat's
cards around an oval, each seat's betting zone between its cards and the board, the pot.

The camera looks straight down on a 1280x720 frame; a poker card (63 mm wide) is
:data:`CARD_WIDTH` pixels wide there, which fixes the millimetres of the calibration.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tableside.vision.calibration import CARD_WIDTH_MM, Calibration, Zone

FRAME = (1280, 720)
CARD_WIDTH = 78.0  # pixels: well above the 60 px the recognizer must read
CARD_ASPECT = 1.4  # height over width of a poker card (88 x 63 mm)
BOARD_STEP = 1.12  # board cards side by side, in card widths
ROW_STEP = 0.52  # a player's cards overlap, indices still in view, in card widths
MAX_ROW = 7  # the most cards in front of one player (seven card stud)
SPREAD_STEP = 1.2  # up to three cards lie side by side, a finger's width apart
MM_PER_PIXEL = CARD_WIDTH_MM / CARD_WIDTH


@dataclass(frozen=True)
class SeatPlace:
    seat: int
    cards: tuple[float, float]  # centre of the player's row of cards, frame pixels
    bet: tuple[float, float]  # centre of the betting zone


class TableLayout:
    def __init__(self, seats: int):
        width, height = FRAME
        self.centre = (width / 2, height / 2 - 10)
        self.board_centre = (width / 2, height / 2 - 20)
        self.pot = (width / 2, height / 2 + 105)
        self.muck = (width / 2 + 3.4 * CARD_WIDTH, height / 2 - 20)
        self.seats: dict[int, SeatPlace] = {}
        # Seats clockwise round an oval, seat 1 at the bottom left, as players sit. A seat's
        # row of cards is centred so that the longest row (stud's seven) stays in the frame.
        longest = _row_width(MAX_ROW) / 2 + 4
        for index in range(seats):
            angle = math.pi / 2 + 2 * math.pi * (index + 0.5) / seats
            x = self.centre[0] + 0.4 * width * math.cos(angle)
            y = self.centre[1] + 0.37 * height * math.sin(angle)
            bet = (x + (self.centre[0] - x) * 0.5, y + (self.centre[1] - y) * 0.48)
            x = min(max(x, longest), width - longest)
            self.seats[index + 1] = SeatPlace(index + 1, (x, y), bet)

    def board_slot(self, index: int, count: int = 5) -> tuple[float, float]:
        """Centre of board card ``index`` (0-4): dealt left to right."""
        x = self.board_centre[0] + (index - (count - 1) / 2) * BOARD_STEP * CARD_WIDTH
        return x, self.board_centre[1]

    def seat_slot(self, seat: int, index: int, count: int) -> tuple[float, float]:
        """Centre of a player's card ``index`` of ``count``, dealt left to right."""
        x, y = self.seats[seat].cards
        return x + (index - (count - 1) / 2) * _step(count) * CARD_WIDTH, y

    def calibration(self) -> Calibration:
        """What the dealer marks: the whole frame as the table rectangle (the camera looks
        straight down), the board zone and each seat's showdown area."""
        width, height = FRAME
        corners = ((0.0, 0.0), (float(width), 0.0), (float(width), float(height)),
                   (0.0, float(height)))
        zones = [Zone("board", "board", _box_mm(self.board_centre, 5.9 * CARD_WIDTH,
                                                 1.6 * CARD_WIDTH * CARD_ASPECT))]
        card_height = CARD_WIDTH * CARD_ASPECT
        for seat, place in self.seats.items():
            # Room round the longest row, but never into the zone of a seat beside, above or
            # below it.
            x, y = place.cards
            others = [other.cards for other in self.seats.values() if other.seat != seat]
            zone_width = min([_row_width(MAX_ROW) + 0.3 * CARD_WIDTH, *(
                abs(x - ox) - 4 for ox, oy in others if abs(y - oy) < card_height)])
            zone_height = min([1.5 * card_height, *(
                abs(y - oy) - 4 for ox, oy in others if abs(x - ox) < zone_width)])
            zones.append(Zone(f"seat {seat}", "seat",
                              _box_mm(place.cards, zone_width, zone_height), seat))
        return Calibration(corners, (width * MM_PER_PIXEL, height * MM_PER_PIXEL), tuple(zones))


def _step(count: int) -> float:
    """Card centres apart in a row, in card widths: side by side, or overlapping when long."""
    return ROW_STEP if count > 3 else SPREAD_STEP


def _row_width(count: int) -> float:
    return ((count - 1) * _step(count) + 1) * CARD_WIDTH


def _box_mm(centre: tuple[float, float], width: float,
            height: float) -> tuple[tuple[float, float], ...]:
    """A rectangle around ``centre`` (frame pixels) in table millimetres."""
    x, y = centre
    return tuple((px * MM_PER_PIXEL, py * MM_PER_PIXEL) for px, py in (
        (x - width / 2, y - height / 2), (x + width / 2, y - height / 2),
        (x + width / 2, y + height / 2), (x - width / 2, y + height / 2)))
