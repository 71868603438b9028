"""The live loop: frames from a source, recognised, fused; the preview picture; stopping."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableside.vision.calibration import Calibration
from tableside.vision.drawn import drawn_deck
from tableside.vision.fusion import CardFusion
from tableside.vision.pipeline import CameraPipeline
from tableside.vision.preview import PROBLEM, SURE, draw_preview
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.sources import FrameListSource
from tableside.vision.stillness import (
    REREAD_SECONDS,
    SETTLE_READS,
    StillTable,
    changed,
    thumbnail_of,
)

# The camera's noise is the one scripts/still_table_cost.py measures the still table with.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from still_table_cost import as_camera_gives_it


@pytest.fixture(scope="module")
def recognizer() -> CardRecognizer:
    cv2.setNumThreads(1)
    return CardRecognizer()


@pytest.fixture(scope="module")
def scene():
    deck = drawn_deck(random.Random(21), name="drawn")
    options = SceneOptions(card_width=(100, 120), blur=0.0, noise=2.0, jpeg=(90, 90),
                           glare=0.0, chips=False)
    return draw_scene(random.Random(13), [deck], options)


def test_cards_count_after_steady_frames_and_land_in_their_zones(recognizer, scene):
    reports = []
    whole = Calibration(((0, 0), (1280, 0), (1280, 720), (0, 720)), (1280, 720))
    left = whole.with_zone("left", "seat", [(0, 0), (640, 0), (640, 720), (0, 720)], seat=1)
    pipeline = CameraPipeline(FrameListSource([scene.image] * 4), recognizer=recognizer,
                              fusion=CardFusion(left), on_report=reports.append)
    stop = threading.Event()
    pipeline.run(stop)  # a finite source: returns when it ends
    assert len(reports) == 4
    assert [r.update.appeared for r in reports[:2]] == [(), ()]
    truth = {card.name for card in scene.cards if card.readable}
    stable = {str(card.card) for card in reports[-1].stable}
    assert stable <= {card.name for card in scene.cards if card.face_up}
    assert len(stable & truth) >= len(truth) - 1
    assert {str(c.card) for c in reports[2].update.appeared} == stable
    for card in reports[-1].stable:
        assert card.zone == ("left" if card.centre[0] < 640 else None)
    data = reports[-1].to_json()
    assert data["frame"] == 4 and data["alerts"] == []
    assert {c["card"] for c in data["stable"]} == stable


def test_a_source_without_frames_only_idles(recognizer):
    pipeline = CameraPipeline(FrameListSource([]), recognizer=recognizer)
    assert pipeline.step() is None


def test_the_preview_outlines_cards_in_their_colours(recognizer, scene):
    recognition = recognizer.recognize(scene.image)
    assert recognition.cards
    unsure = [recognition.cards[0].__class__(recognition.cards[0].card,
                                             recognition.cards[0].corners + 300, 0.5, 1,
                                             "duplicate")]
    picture = draw_preview(scene.image, recognition.cards, unsure)
    assert picture.shape == scene.image.shape
    assert not np.shares_memory(picture, scene.image)
    assert (picture == SURE).all(axis=2).any()
    assert (picture == PROBLEM).all(axis=2).any()


class CountingRecognizer(CardRecognizer):
    """The real recogniser, counting the frames it reads."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = 0

    def recognize(self, frame):
        self.frames += 1
        return super().recognize(frame)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def noisy(image: np.ndarray, seed: int) -> np.ndarray:
    """The frame again as a camera gives it twice: other noise, other JPEG ripples."""
    return as_camera_gives_it(image, np.random.default_rng(seed))


def without_a_card(scene) -> np.ndarray:
    """The scene with its first face-up card taken away (felt where it lay)."""
    card = next(card for card in scene.cards if card.face_up)
    image = scene.image.copy()
    felt = np.median(image[:8, :8].reshape(-1, 3), axis=0)
    cv2.fillConvexPoly(image, card.corners.astype(np.int32), felt.tolist())
    return image


def test_a_still_table_is_read_until_the_fusion_settles_then_left_alone(scene):
    recognizer, clock = CountingRecognizer(), Clock()
    frames = [noisy(scene.image, n) for n in range(12)]
    pipeline = CameraPipeline(FrameListSource(frames), recognizer=recognizer,
                              still=StillTable(clock=clock))
    reports = []
    for _ in frames:
        reports.append(pipeline.step())
        clock.now += 0.1
    # Read: the first frame and SETTLE_READS alike after it; then the camera's noise and
    # JPEG ripples alone do not make the table change.
    assert [r.read for r in reports] == [True] * (SETTLE_READS + 1) + [False] * (
        len(frames) - SETTLE_READS - 1)
    assert recognizer.frames == SETTLE_READS + 1
    # Every frame is reported, the cards that count standing as the last frame read left them.
    settled = reports[SETTLE_READS]
    assert settled.stable
    for report in reports[SETTLE_READS + 1:]:
        assert report.stable == settled.stable
        assert report.recognition is settled.recognition
        assert report.update.frame == settled.update.frame
        assert report.update.appeared == report.update.vanished == ()
        assert report.to_json()["read"] is False
    assert reports[0].to_json()["read"] is True


def test_a_card_taken_away_a_new_hand_or_time_passing_are_read_at_once(scene):
    recognizer, clock = CountingRecognizer(), Clock()
    fusion = CardFusion()
    still_frames = [noisy(scene.image, n) for n in range(20)]
    pipeline = CameraPipeline(FrameListSource(still_frames + [without_a_card(scene)] * 2),
                              recognizer=recognizer, fusion=fusion,
                              still=StillTable(clock=clock))
    steps = []

    def step() -> bool:
        clock.now += 0.1
        steps.append(pipeline.step().read)
        return steps[-1]

    assert all(step() for _ in range(SETTLE_READS + 1))
    assert not step()
    # A new hand: the fusion forgot the table, so it is read again until it settles.
    fusion.reset()
    assert all(step() for _ in range(SETTLE_READS + 1)) and not step()
    # However still, the table is read again every REREAD_SECONDS.
    clock.now += REREAD_SECONDS
    assert step() and not step()
    while len(steps) < len(still_frames):
        assert not step()
    # One card taken away changes the table: read at once, and the next alike frame too
    # (the fusion has not settled on the change yet).
    assert step() and step()
    assert recognizer.frames == steps.count(True)


def test_the_thumbnails_see_a_card_but_not_the_cameras_noise(scene):
    base = thumbnail_of(scene.image)
    assert not any(changed(base, thumbnail_of(noisy(scene.image, n))) for n in range(10))
    assert changed(base, thumbnail_of(without_a_card(scene)))
    assert changed(base, thumbnail_of(cv2.resize(scene.image, (640, 360))))
