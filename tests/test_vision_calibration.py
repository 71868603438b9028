"""The table plane and zones: image to millimetres and back, zones, storage, refusals."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tableside.vision.calibration import Calibration, CalibrationError, Zone

# A 1200 x 800 mm rectangle seen in perspective (the far side shorter).
CORNERS = ((200.0, 120.0), (1080.0, 140.0), (1200.0, 690.0), (90.0, 660.0))
SIZE = (1200.0, 800.0)


def calibration() -> Calibration:
    return Calibration(CORNERS, SIZE)


def test_marked_corners_map_to_the_rectangle_corners():
    table = calibration().to_table(CORNERS)
    assert np.allclose(table, [[0, 0], [1200, 0], [1200, 800], [0, 800]], atol=1e-6)


def test_image_to_table_and_back_is_the_identity():
    points = np.array([[300.5, 200.25], [640, 360], [1000, 600]])
    plane = calibration()
    assert np.allclose(plane.to_image(plane.to_table(points)), points, atol=1e-6)


def test_a_zone_marked_in_the_image_finds_points_inside_it():
    plane = calibration().with_zone("board", "board", [(500, 300), (800, 300), (800, 420),
                                                        (500, 420)])
    plane = plane.with_zone("seat 3", "seat", [(900, 500), (1100, 500), (1100, 650),
                                               (900, 650)], seat=3)
    assert plane.zone_at((650, 360)).name == "board"
    assert plane.zone_at((1000, 560)).seat == 3
    assert plane.zone_at((150, 200)) is None


def test_a_card_looks_narrower_on_the_far_side():
    plane = calibration()
    near, far = plane.card_width_px((640, 650)), plane.card_width_px((640, 150))
    assert far < near
    # 63 mm of a table whose 1200 mm span roughly 900-1100 pixels.
    assert 40 < far < near < 70


def test_storage_round_trip_through_json():
    plane = calibration().with_zone("muck", "muck", [(100, 300), (200, 300), (150, 400)])
    stored = json.loads(json.dumps(plane.to_dict()))
    again = Calibration.from_dict(stored)
    assert again == plane
    assert again.zone_at((150, 330)).kind == "muck"


@pytest.mark.parametrize("corners, key", [
    (CORNERS[:3], "corners"),
    ((CORNERS[0], CORNERS[2], CORNERS[1], CORNERS[3]), "not_convex"),  # marked out of order
    (tuple(reversed(CORNERS)), "not_convex"),  # counter-clockwise
])
def test_bad_corners_are_refused_in_both_languages(corners, key):
    with pytest.raises(CalibrationError) as refused:
        Calibration(corners, SIZE)
    assert refused.value.key == key
    assert refused.value.message("en") != refused.value.message("de")
    assert refused.value.message("de")


def test_bad_zones_are_refused():
    with pytest.raises(CalibrationError, match="kind"):
        Zone("x", "table", ((0, 0), (1, 0), (0, 1)))
    with pytest.raises(CalibrationError) as refused:
        Zone("seat", "seat", ((0, 0), (1, 0), (0, 1)))
    assert "Platznummer" in refused.value.message("de")
    with pytest.raises(CalibrationError):
        Zone("board", "board", ((0, 0), (1, 0)))
    zone = Zone("board", "board", ((0, 0), (10, 0), (0, 10)))
    with pytest.raises(CalibrationError, match="two zones"):
        Calibration(CORNERS, SIZE, (zone, zone))
    with pytest.raises(CalibrationError):
        Calibration(CORNERS, (0, 800))
