"""The table plane and its zones, as the dealer marks them on a still frame.

The dealer clicks the four corners of a known rectangle on the felt (for instance the playing
area, or a mat of known size) in the order top-left, top-right, bottom-right, bottom-left as
seen from the dealer, and gives its size in millimetres. That fixes a homography from image
pixels to table millimetres, so everything later (zones, card positions, card sizes) is in
table coordinates and survives a camera nudged a little, after marking the corners again.

Zones are polygons in table millimetres: the board, each seat's showdown area, the muck.
:meth:`Calibration.to_dict` and :meth:`Calibration.from_dict` give plain JSON-ready data for
the table service to store with the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.geometry import signed_area

ZONE_KINDS = ("board", "seat", "muck")
# A poker card is 63 x 88 mm (bridge cards are 57 mm wide).
CARD_WIDTH_MM = 63.0

_MESSAGES = {
    "corners": {"en": "mark exactly four table corners, not {count}",
                "de": "genau vier Tischecken markieren, nicht {count}"},
    "not_convex": {"en": "the four corners must form a convex shape, marked in order "
                         "(top-left, top-right, bottom-right, bottom-left)",
                   "de": "die vier Ecken müssen ein konvexes Viereck bilden, der Reihe nach "
                         "markiert (oben links, oben rechts, unten rechts, unten links)"},
    "size": {"en": "the table rectangle needs a positive width and height in millimetres",
             "de": "das Tischrechteck braucht eine positive Breite und Höhe in Millimetern"},
    "kind": {"en": "zone kind must be one of board, seat, muck, not {kind}",
             "de": "die Zonenart muss board, seat oder muck sein, nicht {kind}"},
    "seat": {"en": "a seat zone needs its seat number (1-10)",
             "de": "eine Platzzone braucht ihre Platznummer (1-10)"},
    "polygon": {"en": "zone {name} needs at least three points",
                "de": "Zone {name} braucht mindestens drei Punkte"},
    "duplicate": {"en": "there are two zones named {name}",
                  "de": "es gibt zwei Zonen namens {name}"},
}


class CalibrationError(ValueError):
    """A calibration that cannot be used; ``message(lang)`` says why in English or German."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return _MESSAGES[self.key][lang].format(**self.values)


@dataclass(frozen=True)
class Zone:
    """A named area of the table in millimetres; ``seat`` for seat showdown areas."""

    name: str
    kind: str
    polygon: tuple[tuple[float, float], ...]
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ZONE_KINDS:
            raise CalibrationError("kind", kind=self.kind)
        if self.kind == "seat" and not (isinstance(self.seat, int) and 1 <= self.seat <= 10):
            raise CalibrationError("seat")
        if len(self.polygon) < 3:
            raise CalibrationError("polygon", name=self.name)

    def contains(self, point: Sequence[float]) -> bool:
        contour = np.array(self.polygon, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0

    def to_dict(self) -> dict:
        data = {"name": self.name, "kind": self.kind,
                "polygon": [[float(x), float(y)] for x, y in self.polygon]}
        if self.seat is not None:
            data["seat"] = self.seat
        return data

    @staticmethod
    def from_dict(data: dict) -> Zone:
        return Zone(str(data["name"]), str(data["kind"]),
                    tuple((float(x), float(y)) for x, y in data["polygon"]), data.get("seat"))


@dataclass(frozen=True)
class Calibration:
    """Four marked image corners of a table rectangle of ``size_mm``, and the zones."""

    image_corners: tuple[tuple[float, float], ...]
    size_mm: tuple[float, float]
    zones: tuple[Zone, ...] = ()

    def __post_init__(self) -> None:
        if len(self.image_corners) != 4:
            raise CalibrationError("corners", count=len(self.image_corners))
        if not (self.size_mm[0] > 0 and self.size_mm[1] > 0):
            raise CalibrationError("size")
        contour = np.array(self.image_corners, np.float32)
        if not cv2.isContourConvex(contour.reshape(-1, 1, 2)) or \
                signed_area(contour) <= 0:
            raise CalibrationError("not_convex")
        names = [zone.name for zone in self.zones]
        for name in names:
            if names.count(name) > 1:
                raise CalibrationError("duplicate", name=name)

    @property
    def homography(self) -> np.ndarray:
        """Image pixels to table millimetres."""
        width, height = self.size_mm
        table = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
        return cv2.getPerspectiveTransform(np.float32(self.image_corners), table)

    def to_table(self, points: Iterable[Sequence[float]]) -> np.ndarray:
        """Image points (N x 2) to table millimetres (N x 2)."""
        array = np.asarray(list(points), np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(array, self.homography).reshape(-1, 2)

    def to_image(self, points: Iterable[Sequence[float]]) -> np.ndarray:
        array = np.asarray(list(points), np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(array, np.linalg.inv(self.homography)).reshape(-1, 2)

    def zone_at(self, image_point: Sequence[float]) -> Zone | None:
        """The zone (first marked wins) that an image point lies in, if any."""
        table_point = self.to_table([image_point])[0]
        for zone in self.zones:
            if zone.contains(table_point):
                return zone
        return None

    def with_zone(self, name: str, kind: str, image_polygon: Iterable[Sequence[float]],
                  seat: int | None = None) -> Calibration:
        """A copy with one more zone, marked in image pixels (as the dealer clicks it)."""
        polygon = tuple((float(x), float(y)) for x, y in self.to_table(image_polygon))
        return Calibration(self.image_corners, self.size_mm,
                           (*self.zones, Zone(name, kind, polygon, seat)))

    def card_width_px(self, image_point: Sequence[float]) -> float:
        """How wide a poker card looks at an image point (for sanity checks of sizes)."""
        return self._card_width_at(self.to_table([image_point])[0])

    def card_widths_px(self) -> tuple[float, float]:
        """The narrowest and widest a poker card looks on the marked rectangle (at its corners
        and its centre), in image pixels."""
        width, height = self.size_mm
        widths = [self._card_width_at(np.array(place)) for place in (
            (0.0, 0.0), (width, 0.0), (width, height), (0.0, height), (width / 2, height / 2))]
        return min(widths), max(widths)

    def _card_width_at(self, centre: np.ndarray) -> float:
        """How wide a poker card centred on a table point (millimetres) looks, in pixels."""
        half = np.array([CARD_WIDTH_MM / 2, 0.0])
        ends = self.to_image([centre - half, centre + half])
        return float(np.linalg.norm(ends[1] - ends[0]))

    def to_dict(self) -> dict:
        return {"image_corners": [[float(x), float(y)] for x, y in self.image_corners],
                "size_mm": [float(self.size_mm[0]), float(self.size_mm[1])],
                "zones": [zone.to_dict() for zone in self.zones]}

    @staticmethod
    def from_dict(data: dict) -> Calibration:
        return Calibration(tuple((float(x), float(y)) for x, y in data["image_corners"]),
                           (float(data["size_mm"][0]), float(data["size_mm"][1])),
                           tuple(Zone.from_dict(zone) for zone in data.get("zones", ())))
