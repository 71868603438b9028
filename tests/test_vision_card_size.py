"""How wide the calibrated table's cards look to recognition, and the advice the dealer gets."""

from __future__ import annotations

import numpy as np
import pytest

from tableside.cards import Card
from tableside.vision.assembly import CardSighting
from tableside.vision.calibration import Calibration
from tableside.vision.card_size import (
    GOOD_PX,
    READABLE_PX,
    CardSize,
    card_size,
    card_size_of_cards,
)

# A 1200 x 800 mm table seen in perspective in a 1280 x 720 frame (the far side shorter).
CORNERS = ((200.0, 120.0), (1080.0, 140.0), (1200.0, 690.0), (90.0, 660.0))
SIZE = (1200.0, 800.0)


def test_the_narrowest_card_lies_on_the_far_side_and_the_widest_on_the_near_one():
    plane = Calibration(CORNERS, SIZE)
    least, most = plane.card_widths_px()
    far = min(plane.card_width_px(CORNERS[0]), plane.card_width_px(CORNERS[1]))
    near = max(plane.card_width_px(CORNERS[2]), plane.card_width_px(CORNERS[3]))
    assert least == pytest.approx(far) and most == pytest.approx(near)
    assert 35 < least < most < 75


def test_a_whole_table_in_a_1280_frame_shows_cards_too_small_and_says_so_in_both_languages():
    size = card_size(Calibration(CORNERS, SIZE), 1280)
    assert size.least_px < READABLE_PX and size.verdict == "too_small"
    data = size.to_json()
    assert data["verdict"] == "too_small"
    assert f"{round(size.least_px)}-{round(size.most_px)} px" in data["advice"]["en"]
    assert "under 60 px" in data["advice"]["en"] and "unter 60 px" in data["advice"]["de"]


def test_a_wider_frame_is_measured_as_recognition_shrinks_it():
    # The same view at 1920 x 1080: every pixel count half as large again, then shrunk to 1280.
    wide = Calibration(tuple((x * 1.5, y * 1.5) for x, y in CORNERS), SIZE)
    at_1280, at_1920 = card_size(Calibration(CORNERS, SIZE), 1280), card_size(wide, 1920)
    assert at_1920.least_px == pytest.approx(at_1280.least_px)
    assert at_1920.most_px == pytest.approx(at_1280.most_px)
    # Read whole (no shrinking), the wider frame's cards are wider.
    assert card_size(wide, 1920, max_width=1920).least_px == pytest.approx(
        1.5 * at_1280.least_px)


@pytest.mark.parametrize(("least", "verdict"), [
    (READABLE_PX - 1, "too_small"), (READABLE_PX, "small"), (GOOD_PX - 1, "small"),
    (GOOD_PX, "good"), (240.0, "good")])
def test_the_verdict_goes_by_the_narrowest_card(least, verdict):
    size = CardSize(least, 300.0)
    assert size.verdict == verdict
    assert {"en", "de"} == set(size.to_json()["advice"])


def sighting(name: str, left: float, width: float) -> CardSighting:
    corners = np.array([[left, 100], [left + width, 100], [left + width, 100 + 1.45 * width],
                        [left, 100 + 1.45 * width]], np.float64)
    return CardSighting(Card(name), corners, 0.99, 2)


def test_without_a_calibration_the_cards_read_tell_their_size():
    cards = [sighting("Ah", 100, 90), sighting("Kd", 300, 96)]
    size = card_size_of_cards(cards, 1280)
    assert (size.least_px, size.most_px) == pytest.approx((90, 96))
    assert size.verdict == "good" and size.to_json()["source"] == "cards"
    # The same cards in a 1920-pixel frame: shrunk to 1280 as recognition reads it.
    assert card_size_of_cards(cards, 1920).least_px == pytest.approx(60)
    assert card_size_of_cards([], 1280) is None


def test_a_camera_giving_small_frames_is_told_a_higher_resolution_helps():
    # A 640 x 360 webcam frame over the same table: cards half as wide, and the frame under the
    # 1280 px recognition would read.
    small = Calibration(tuple((x / 2, y / 2) for x, y in CORNERS), SIZE)
    size = card_size(small, 640)
    assert size.verdict == "too_small"
    assert "640 px wide; up to 1280" in size.advice("en")
    assert "höhere Auflösung" in size.advice("de")
    # A frame as wide as recognition reads gets no such word, nor cards wide enough already.
    assert "resolution" not in card_size(Calibration(CORNERS, SIZE), 1280).advice("en")
    assert "resolution" not in CardSize(90, 120, "cards", 640, 1280).advice("en")
