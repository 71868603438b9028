"""Card recognition scored on drawn table scenes from the shared decks.

Scenes: board rows, fanned and spread showdown hands, face-down cards, chips (some dropped on
cards), perspective, warm to cold light with a gradient, glare, mild blur, noise and JPEG on
felt of any colour, cards 60 to 150 pixels wide in 1280 x 720 frames. Every face-up card with
an index wholly in view must be read (at least 99.5 %), and at most 0.3 % of the cards reported
may be wrong. The decks the reader was trained on and the decks it never saw are scored apart,
with the same bars.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_vision_pips import on_felt

from tableside.cards import Card
from tableside.vision import recognizer as recognizer_module
from tableside.vision.candidates import Candidates
from tableside.vision.decks import load_deck
from tableside.vision.four_corners import in_four_corners
from tableside.vision.marks import COLOUR_PASS, CUT_PASS, THIN_PASS, find_marks
from tableside.vision.reader import MODEL_PATH, NO_INDEX, IndexReadings
from tableside.vision.recognizer import (
    NEAR,
    NEAR_SURE,
    CardRecognizer,
    _large_paper,
    _near_a_card,
)
from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.scoring import Score, lies_on, score_scene

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "decks"
TRAINING = json.loads(MODEL_PATH.with_suffix(".json").read_text())
SCENES = 70  # per group: about 550 cards to read
SEED = 5_000  # far from the training scenes' seeds
# Issue 7's goal is at least 99.5 % read and at most 0.3 % wrong, on both groups. The reader
# does not reach it yet (issue 7 is open): these bars are just under what it measured on
# these scenes (trained decks 98.4 % read, held-out 98.9 %, none wrong),
# so that a change that reads worse fails; the share wrong is held to the goal itself. Raise
# the share read with every better reader. (The wide second reader, averaged with the first
# on every patch, read 3 cards fewer of the trained group's 556 here, 543 -> 540, and 7 more
# of the 7,216 of scripts/score_drawn_scenes.py's eight groups of shared decks, which these
# 70 scenes are too few to show: the trained bar went down from 0.975 with it. Four readers
# and CONFIDENT 0.9 then read 543 and 551 of 556 and 558; with the pass of marks that cuts
# bodies away, 547 and 552: the trained bar went up from 0.97. With colour at full resolution
# in the reading view and CONFIDENT 0.8: 551 and 554, one wrong of the held-out group's 555
# reports; both bars went up. With the quick look keeping glances from 0.01 (reader.py) the
# same 551 and 554: the trained bar went up from 0.985 to 0.988, one card under 551 of 556.
# In session 50 they read 551 of 556 and 555 of 558 (none wrong): the held-out bar went up from
# 0.99 to 0.992, one card under.)
BARS = {"trained": (0.988, 0.003), "held out": (0.992, 0.003)}
# The held-out decks reprinted with indices in all four corners (tableside/vision/
# four_corners.py), their own scenes: session 82 read 560 of 561 cards, none wrong (before its
# change to lone indices of such decks, 559 with one wrong: a lone index put on the card
# beside its own).
FOUR_CORNERS_BARS = (0.996, 0.003)


@pytest.fixture(scope="module")
def recognizer() -> CardRecognizer:
    cv2.setNumThreads(1)
    return CardRecognizer()


def load_group(names: list[str]):
    if not DECKS.is_dir():
        pytest.fail(f"the shared decks are missing: expected {DECKS} (shared/ beside the "
                    f"checkout)")
    return [load_deck(DECKS / name) for name in names]


def score_group(recognizer: CardRecognizer, names: list[str], seed: int,
                four_corners: bool = False) -> Score:
    decks = load_group(names)
    if four_corners:
        decks = [in_four_corners(deck) for deck in decks]
    total = Score()
    for n in range(SCENES):
        scene = draw_scene(random.Random(seed + n), decks)
        total.add(score_scene(scene, recognizer.recognize(scene.image).cards, f"scene {n}"))
    return total


def check(score: Score, group: str) -> None:
    report = f"{score.to_json()}; mistakes: {score.mistakes[:20]}"
    read_at_least, wrong_at_most = BARS[group]
    assert score.asked > 500, report
    assert score.read_rate >= read_at_least, report
    assert score.wrong_rate <= wrong_at_most, report


def test_the_held_out_decks_are_never_trained_on():
    assert set(TRAINING["held_out"]).isdisjoint(TRAINING["trained_on"])
    assert len(TRAINING["held_out"]) >= 3
    all_decks = sorted(p.name for p in DECKS.iterdir() if p.is_dir())
    assert sorted(TRAINING["held_out"] + TRAINING["trained_on"]) == all_decks
    # ...nor by the other readers, which held out the same ones.
    for other in (TRAINING[f"{n}_reader"] for n in ("second", "third", "fourth")):
        assert (other["trained_on"], other["held_out"]) == (TRAINING["trained_on"],
                                                            TRAINING["held_out"])
        assert set(other["also_trained_on"]).isdisjoint(all_decks)


def test_decks_trained_on_are_read(recognizer):
    check(score_group(recognizer, TRAINING["trained_on"], SEED), "trained")


def test_decks_never_seen_are_read_as_well(recognizer):
    check(score_group(recognizer, TRAINING["held_out"], SEED + 1_000), "held out")


def test_decks_never_seen_printing_indices_in_all_four_corners_are_read(recognizer):
    score = score_group(recognizer, TRAINING["held_out"], SEED + 2_000, four_corners=True)
    report = f"{score.to_json()}; mistakes: {score.mistakes[:20]}"
    assert score.asked > 500, report
    assert score.read_rate >= FOUR_CORNERS_BARS[0], report
    assert score.wrong_rate <= FOUR_CORNERS_BARS[1], report


def test_cards_lying_alone_of_decks_never_seen_are_read(recognizer):
    # The board: each card alone on the felt, 60 to 110 px wide, turned any way. Measured:
    # all 156 read, none wrong (the ten shared decks: 519 of 520).
    read, wrong = 0, []
    for deck in load_group(TRAINING["held_out"]):
        for n, (name, face) in enumerate(sorted(deck.faces.items())):
            frame = on_felt(face.image, (60, 75, 90, 110)[n % 4], 13 + 11 * n, seed=100 + n)
            seen = [str(card.card) for card in recognizer.recognize(frame).cards]
            read += seen == [name]
            wrong += [(deck.name, name, other) for other in seen if other != name]
    assert read >= 153 and wrong == [], (read, wrong)


def test_cards_far_larger_than_a_table_cameras_are_read(recognizer):
    # A photograph taken close: cards 420 to 600 px wide in a 1280 x 720 frame, of decks never
    # seen. Read only at the frame's own size, 10 of these 22 cards were read (the marks are
    # made for a camera over the table); read shrunk as well, all 22.
    decks = load_group(TRAINING["held_out"])
    total = Score()
    for n in range(16):
        scene = draw_scene(random.Random(170_000 + n), decks, SceneOptions(card_width=(420, 600)))
        total.add(score_scene(scene, recognizer.recognize(scene.image).cards, f"scene {n}"))
    assert total.asked == 22 and total.read == 22 and total.wrong == 0, total.mistakes


def test_a_light_table_is_not_taken_for_large_cards(recognizer, monkeypatch):
    # A light table is paper as large as a card close up, but the cards read on it are small:
    # the frame is read once, at its own size.
    decks = load_group(TRAINING["held_out"])
    scene = draw_scene(random.Random(171_001), decks, SceneOptions(felt_brightness=(0.8, 0.9)))
    assert _large_paper(find_marks(scene.image))
    widths = []
    read = recognizer._recognize

    def counted(frame, *, closer):
        if closer:
            widths.append(frame.shape[1])
        return read(frame, closer=closer)

    monkeypatch.setattr(recognizer, "_recognize", counted)
    score = score_scene(scene, recognizer.recognize(scene.image).cards)
    assert widths == [1280] and score.read == score.asked == 7 and score.wrong == 0


def score_blurred(recognizer: CardRecognizer, across: float, down: float) -> Score:
    """30 scenes of the held-out decks, drawn sharp and blurred by these sigmas."""
    decks = load_group(TRAINING["held_out"])
    total = Score()
    for n in range(30):
        scene = draw_scene(random.Random(172_000 + n), decks, SceneOptions(blur=0.0))
        blurred = cv2.GaussianBlur(scene.image, (0, 0), sigmaX=across, sigmaY=down)
        total.add(score_scene(scene, recognizer.recognize(blurred).cards, f"scene {n}"))
    return total


def test_a_blurred_frame_is_sharpened_before_it_is_read(recognizer):
    # A camera out of focus: blurred by sigma 2.0 (the tests' scenes by 1.0 at most). Read as
    # they are, 196 of these 229 cards were read; sharpened, 213.
    total = score_blurred(recognizer, 2.0, 2.0)
    assert total.asked == 229 and total.read >= 208 and total.wrong == 0, total.mistakes


def test_a_frame_blurred_one_way_is_sharpened_that_way(recognizer):
    # A camera shaken up and down: read as they are, 207 of these 229 cards were read and 4
    # misread (and so with the blur measured along rows alone, which missed it); sharpened
    # down only, 224, none misread.
    total = score_blurred(recognizer, 0.01, 2.0)
    assert total.asked == 229 and total.read >= 220 and total.wrong == 0, total.mistakes


def test_the_cut_pass_is_read_only_where_no_other_pass_read_a_card_nearby():
    # Two candidates of the other passes, 20 px from rank to suit: one read as a card, one as
    # no index. A cut-pass candidate beside the first is not read (it would only add a rival
    # view); beside the second, or far from both, it is.
    def candidates(ranks: list[tuple[float, float]]) -> Candidates:
        ranks_array = np.array(ranks, np.float32)
        zeros = np.zeros(len(ranks), np.int32)
        return Candidates(ranks_array, ranks_array + np.float32([0, 20]), zeros, zeros, zeros)

    first = candidates([(100, 100), (300, 300)])
    probabilities = np.zeros((2, NO_INDEX + 1), np.float32)
    probabilities[0, int(Card("Ks"))] = NEAR_SURE + 0.1
    probabilities[0, NO_INDEX] = 0.4 - NEAR_SURE
    probabilities[1, NO_INDEX] = 1.0
    later = candidates([(105, 110), (100 + NEAR * 20 + 2, 100), (305, 305), (500, 500)])
    assert _near_a_card(later, first, probabilities).tolist() == [True, False, False, False]



def test_the_thin_wiped_cut_and_colour_passes_are_read_only_where_the_others_read_no_card(
        monkeypatch):
    # One candidate of the first pass, read as a card; beside it a thin-wiped, a cut-pass and a
    # colour-parted candidate, and far from it one of each. The first read asks the first
    # passes' alone, the second only the far ones of the later passes.
    ranks = np.float32([(100, 100), (104, 108), (106, 104), (103, 106), (400, 400), (600, 300),
                        (200, 500)])
    passes = np.int32([0, THIN_PASS, CUT_PASS, COLOUR_PASS, THIN_PASS, CUT_PASS, COLOUR_PASS])
    marks_numbers = np.arange(len(ranks), dtype=np.int32)
    found = Candidates(ranks, ranks + np.float32([0, 20]), marks_numbers, marks_numbers, passes)
    monkeypatch.setattr(recognizer_module, "find_candidates", lambda marks: found)
    asked = []

    class Reader:
        def read(self, marks, candidates):
            asked.append(candidates.rank_points.tolist())
            probabilities = np.zeros((len(candidates), NO_INDEX + 1), np.float32)
            probabilities[:, NO_INDEX] = 1.0
            probabilities[candidates.passes == 0] = 0.0
            probabilities[candidates.passes == 0, int(Card("Ks"))] = 1.0
            return IndexReadings(probabilities)

    reading = CardRecognizer.__new__(CardRecognizer)
    # (The reader reading the frame in hand: the recogniser's own here.)
    reading.reader = reading._reading = Reader()
    candidates, probabilities = reading._read_candidates(marks=None)
    assert asked == [[[100, 100]], [[400, 400], [600, 300], [200, 500]]]
    assert candidates.passes.tolist() == [0, THIN_PASS, CUT_PASS, COLOUR_PASS]
    assert probabilities[0, int(Card("Ks"))] == 1.0

def in_a_shadow(image: np.ndarray, rng: random.Random, depth: float) -> np.ndarray:
    """The frame with one side of a straight, soft edge (a lamp's, or a player leaning over
    the table) darkened to ``depth`` of its light, as a camera would encode it."""
    height, width = image.shape[:2]
    angle = rng.uniform(0, math.pi)
    x, y = rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height
    rows, columns = np.mgrid[0:height, 0:width].astype(np.float32)
    across = (columns - x) * math.cos(angle) + (rows - y) * math.sin(angle)
    shade = 1 / (1 + np.exp(np.clip(-across / rng.uniform(2, 15), -50, 50)))
    shadowed = image.astype(np.float32) * (1 - (1 - depth) * shade)[:, :, None]
    _, encoded = cv2.imencode(".jpg", np.clip(shadowed, 0, 255).astype(np.uint8),
                              [cv2.IMWRITE_JPEG_QUALITY, 90])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR)


def test_cards_in_a_deep_shadow_beside_lit_cards_are_read(recognizer):
    # A shadow's edge across the table, its side at 45 % of the light: the board row and a hand
    # in it lie a few hundred pixels from lit cards, whose paper is more than twice as bright.
    # 4 of these 16 cards were missed before paper in a shadow was measured against a nearer
    # square of the table (marks.py's SHADOW_REGION).
    decks = load_group(TRAINING["trained_on"] + TRAINING["held_out"])
    rng = random.Random(123_003)
    scene = draw_scene(rng, [rng.choice(decks)])
    score = score_scene(scene, recognizer.recognize(in_a_shadow(scene.image, rng, 0.45)).cards)
    assert score.asked == 16 and score.read == 16 and score.wrong == 0, score.mistakes


def test_a_fanned_card_read_from_an_index_beside_the_card_over_it_lies_where_it_is(recognizer):
    # A held-out deck with indices in all four corners: the Qc of a fan, its index just left of
    # the 8c lying over it. Where the 8c's edge cuts the Qc's top edge, the Qc's paper has a
    # square corner where a top-right card corner would be; taken for one, it put the queen to
    # the left of her index, on the 4s under her (a miss and a wrong report). The paper says
    # otherwise: to the right of the index is card, to the left partly bare table.
    scene = draw_scene(random.Random(112_000 + 107), load_group(TRAINING["held_out"]))
    queen = next(card for card in scene.cards if card.name == "Qc")
    reported = [card for card in recognizer.recognize(scene.image).cards
                if str(card.card) == "Qc"]
    assert len(reported) == 1 and lies_on(reported[0].centre, queen.corners)
