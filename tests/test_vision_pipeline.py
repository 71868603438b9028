"""The live loop: frames from a source, recognised, fused; the preview picture; stopping."""

from __future__ import annotations

import random
import threading

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
