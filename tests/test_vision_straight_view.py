"""A camera at a slant, its table plane known: frames read as seen from straight above."""

from __future__ import annotations

import json
import random

import cv2
import numpy as np
import pytest

from tableside.cli import main
from tableside.vision.calibration import Calibration
from tableside.vision.drawn import drawn_deck
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.scoring import Score, score_scene
from tableside.vision.straight_view import StraightView

FRAME = (1280, 720)


@pytest.fixture(scope="module")
def slanted():
    # A camera at twice the tests' slant (table corners moved by up to 25 % of the frame):
    # scenes 8 and 10 of a deck drawn by code, whose cards it misses as they are.
    deck = drawn_deck(random.Random(3), name="drawn")
    return [draw_scene(random.Random(seed), [deck], SceneOptions(perspective=0.25))
            for seed in (8, 10)]


@pytest.fixture(scope="module")
def recognizer():
    return CardRecognizer()


def _calibration(scene) -> Calibration:
    """What the dealer marks: the table's corners as the camera sees them, its size."""
    width, height = FRAME
    corners = cv2.perspectiveTransform(
        np.float64([[[0, 0]], [[width, 0]], [[width, height]], [[0, height]]]), scene.table)
    return Calibration(tuple(map(tuple, corners.reshape(-1, 2))), (float(width), float(height)))


def _score(recognizer, scenes, planes) -> Score:
    total = Score()
    for scene, plane in zip(scenes, planes, strict=True):
        recognizer.plane = plane
        total.add(score_scene(scene, recognizer.recognize(scene.image).cards))
    recognizer.plane = None
    return total


def test_a_slanted_camera_reads_more_cards_with_its_table_plane(slanted, recognizer):
    recognizer.guess_slant = False
    as_seen = _score(recognizer, slanted, [None, None])
    recognizer.guess_slant = True
    straight = _score(recognizer, slanted,
                      [_calibration(scene).homography for scene in slanted])
    # Measured: 12 of 16 as seen, all 16 from straight above; none wrong either way.
    assert straight.read >= as_seen.read + 3
    assert straight.wrong == 0
    # (score_scene counts a card read only where it lies: the corners came back.)
    assert straight.read == straight.asked


def test_a_slanted_camera_nobody_calibrated_reads_more_by_its_whole_cards(recognizer):
    # Scenes 8 and 11 of the same deck and slant: the whole cards' corners give the plane
    # (slant.py), and the frame is read straightened too.
    deck = drawn_deck(random.Random(3), name="drawn")
    scenes = [draw_scene(random.Random(seed), [deck], SceneOptions(perspective=0.25))
              for seed in (8, 11)]
    recognizer.guess_slant = False
    as_seen = _score(recognizer, scenes, [None, None])
    recognizer.guess_slant = True
    guessed = _score(recognizer, scenes, [None, None])
    # Measured: 8 of 19 as seen, 15 with the guess; none wrong either way.
    assert guessed.read >= as_seen.read + 5
    assert guessed.wrong == 0


def test_a_camera_straight_above_is_not_warped():
    turned = np.array([[0.0, -0.5, 400.0], [0.5, 0.0, 10.0], [0.0, 0.0, 1.0]])
    assert StraightView.of(turned, FRAME) is None


def test_a_horizon_inside_the_frame_is_not_warped():
    # Past the middle of the frame the plane flips: no view of it holds the whole frame.
    plane = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -1 / 360, 1.0]])
    assert StraightView.of(plane, FRAME) is None


def test_points_of_the_view_map_back_to_the_frame(slanted):
    view = StraightView.of(_calibration(slanted[0]).homography, FRAME)
    assert view is not None
    assert view.size[0] * view.size[1] <= 2.0 * FRAME[0] * FRAME[1] + view.size[0] + view.size[1]
    points = np.array([[10.0, 20.0], [640.0, 360.0], [1270.0, 700.0]])
    there = cv2.perspectiveTransform(points.reshape(-1, 1, 2), view.to_view).reshape(-1, 2)
    assert np.allclose(view.back(there), points, atol=1e-6)


def test_a_frame_reaching_towards_the_horizon_is_cut_not_shrunk():
    # The table's corners as a camera far to one side sees them (a drawn scene's at 25 %): the
    # frame's top-left corner lies near the plane's horizon, where one frame pixel spreads
    # over hundreds of the view's. Shrunk to hold all of that, the whole view took a twelfth
    # of the frame's scale (cards 115 px wide became 9) and read nothing.
    corners = ((238.5, 168.1), (1067.0, -92.3), (1278.9, 813.0), (-46.7, 542.0))
    view = StraightView.of(Calibration(corners, (1280.0, 720.0)).homography, FRAME)
    assert view is not None
    assert view.size[0] * view.size[1] <= 2.0 * FRAME[0] * FRAME[1] + view.size[0] + view.size[1]
    # A square of 100 frame pixels in the frame's middle keeps about its area.
    square = np.array([[590.0, 310.0], [690.0, 310.0], [690.0, 410.0], [590.0, 410.0]])
    mapped = cv2.perspectiveTransform(square.reshape(-1, 1, 2), view.to_view).reshape(-1, 2)
    assert 0.8 * 100 ** 2 <= cv2.contourArea(mapped.astype(np.float32)) <= 1.25 * 100 ** 2


def test_recognize_takes_the_calibration_file(tmp_path, capsys, slanted):
    scene = slanted[1]
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), scene.image)
    calibration = tmp_path / "calibration.json"
    calibration.write_text(json.dumps(_calibration(scene).to_dict()))
    assert main(["recognize", str(image), "--json", "--calibration", str(calibration)]) == 0
    read = {card["card"] for card in json.loads(capsys.readouterr().out)["cards"]}
    assert read == {card.name for card in scene.cards if card.readable}


def test_recognize_names_an_unusable_calibration(tmp_path, capsys):
    calibration = tmp_path / "calibration.json"
    calibration.write_text(json.dumps({"image_corners": [[0, 0], [10, 0], [10, 10]],
                                       "size_mm": [900, 600]}))
    assert main(["recognize", "table.png", "--calibration", str(calibration)]) == 2
    error = capsys.readouterr().err
    assert "mark exactly four table corners, not 3" in error
    assert "genau vier Tischecken markieren, nicht 3" in error
