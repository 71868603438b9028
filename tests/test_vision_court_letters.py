"""German court letters: a deck that letters its jacks B (Bube) and its queens D (Dame), as
German decks of French suits do (Skat, Rommé), is not read as the readers learnt (J and Q);
its Bs must not be reported as eights nor its Ds as sixes or tens, most of them are read as
the jacks and queens they are (tableside/vision/reader.py, LETTERS_DOUBT and LETTERS_SURE;
a frame that shows a sure B or D is read again by the readers taught B and D,
LETTERS_READER_PATHS), and its other cards are read as those of a deck lettered J and Q."""

from __future__ import annotations

import random

import cv2
import pytest

from tableside.vision.drawn import GERMAN_LETTERS, DrawnStyle, drawn_deck
from tableside.vision.pipeline import CameraPipeline
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import draw_scene
from tableside.vision.scoring import Score, lies_on, score_scene
from tableside.vision.sources import FrameListSource


def drawn_decks(letters: dict[str, str] | None) -> list:
    """Three decks drawn by code (seeds 610-612: glyphs no test or training uses), the same
    styles whichever letters they print."""
    decks = []
    for seed in range(610, 613):
        rng = random.Random(seed)
        style = DrawnStyle.random(rng)
        decks.append(drawn_deck(rng, style=style, name=f"lettered-{seed}", letters=letters))
    return decks


def test_the_jacks_and_queens_of_a_deck_lettered_b_and_d_are_read_as_such():
    # These 32 scenes: lettered J and Q 241 of 242 cards read, 1 wrong report, its jacks and
    # queens 33 of 34. Lettered B and D, session 79 (frames with a sure B read again by the
    # letters' readers): 233 read, 2 wrong, 25 of 34, as in session 78; session 80 (a sure D
    # too, the letters' readers taught GNOME's German designs): 236 read, 1 wrong, 28 of 34;
    # said German, 240 read, 1 wrong, 32 of 34 (the deck lettered J and Q so: 241, 1 wrong,
    # 33 of 34). With the first two letters' readers alone (session 80, as shipped): lettered
    # J and Q 240 read (one fewer than with all four), B and D 235, said
    # German 239, each 1 wrong, the courts as with four. Session 77 (the witness's mean
    # alone): 212 read, 3 wrong, 4 of 34; without the witness 18 wrong, most of them Bs
    # reported as eights.
    cv2.setNumThreads(1)
    recognizer = CardRecognizer()
    said = CardRecognizer()
    said.letters = "german"
    scores, courts = {}, {}
    for lettering, letters, reader in (("english", None, recognizer),
                                       ("german", GERMAN_LETTERS, recognizer),
                                       ("said german", GERMAN_LETTERS, said)):
        total, jacks_and_queens = Score(), Score()
        decks = drawn_decks(letters)
        for n in range(32):
            scene = draw_scene(random.Random(170000 + n), decks)
            reported = reader.recognize(scene.image).cards
            total.add(score_scene(scene, reported))
            for card in scene.cards:
                if card.readable and card.name[0] in "JQ":
                    jacks_and_queens.asked += 1
                    jacks_and_queens.read += any(
                        str(s.card) == card.name and lies_on(s.centre, card.corners)
                        for s in reported)
        scores[lettering], courts[lettering] = total, jacks_and_queens
    english, german = scores["english"], scores["german"]
    assert german.asked == english.asked >= 200 and courts["german"].asked >= 25
    assert english.read >= 0.99 * english.asked and english.wrong <= 1
    assert german.wrong <= 2
    assert courts["german"].read >= 25
    others = {name: scores[name].read - courts[name].read for name in scores}
    assert others["german"] >= others["english"] - 2
    # Said German, the letters' readers read them from the first frame.
    assert scores["said german"].wrong <= 2 and courts["said german"].read >= 30
    assert others["said german"] >= others["english"] - 2


def queens_read(scene, reported) -> int:
    return sum(any(str(s.card) == card.name and lies_on(s.centre, card.corners)
                   for s in reported)
               for card in scene.cards if card.readable and card.name[0] == "Q")


def test_a_camera_remembers_a_german_deck_for_frames_that_show_no_b():
    # Scene 170000 shows a B the witness is sure of; scene 170014 shows two Ds (a queen of
    # clubs and of hearts) and no B, which read alone are left unsure; the English deck's
    # scene 170000 shows a sure J.
    cv2.setNumThreads(1)
    german, english = drawn_decks(GERMAN_LETTERS), drawn_decks(None)
    with_b = draw_scene(random.Random(170000), german)
    only_ds = draw_scene(random.Random(170014), german)
    with_j = draw_scene(random.Random(170000), english)

    alone = CardRecognizer()
    alone.recognize(with_b.image)
    assert alone.reader.letters_said is True
    assert queens_read(only_ds, alone.recognize(only_ds.image).cards) == 0
    assert alone.reader.letters_said is None

    camera = CardRecognizer()
    camera.remember_letters = True
    camera.recognize(with_b.image)
    assert queens_read(only_ds, camera.recognize(only_ds.image).cards) == 2
    # A frame of a deck lettered J and Q (its J read as a J by the English first reader too)
    # ends what was remembered.
    camera.recognize(with_j.image)
    assert queens_read(only_ds, camera.recognize(only_ds.image).cards) == 0


def test_a_d_taken_for_a_ten_says_the_deck_is_german():
    # Scene 170165 shows two Ds (the queens of clubs and spades) and no B; the readers read
    # the D of spades as a sure 10. Session 79 reported it a 10 of spades (a wrong report) and
    # read neither queen; the witness is sure it is a D, so the frame is read again by the
    # letters' readers (reader.py: a sure D).
    cv2.setNumThreads(1)
    scene = draw_scene(random.Random(170165), drawn_decks(GERMAN_LETTERS))
    recognizer = CardRecognizer()
    reported = recognizer.recognize(scene.image).cards
    assert recognizer.reader.letters_said is True
    assert score_scene(scene, reported).wrong == 0
    assert queens_read(scene, reported) == 2


def test_a_deck_said_to_be_german_or_english_is_read_as_such():
    cv2.setNumThreads(1)
    german = drawn_decks(GERMAN_LETTERS)
    only_ds = draw_scene(random.Random(170014), german)
    with_b = draw_scene(random.Random(170000), german)
    said = CardRecognizer()
    said.letters = "german"
    assert queens_read(only_ds, said.recognize(only_ds.image).cards) == 2
    # Said English, a sure B is no reason to read the frame again.
    said.letters = "english"
    reported = said.recognize(with_b.image).cards
    assert score_scene(with_b, reported).wrong == 0
    assert said.reader.letters_said is False
    said.letters = "french"
    with pytest.raises(ValueError, match="auto, english, german"):
        said.recognize(only_ds.image)


def test_the_camera_pipeline_remembers_a_german_deck():
    cv2.setNumThreads(1)
    german = drawn_decks(GERMAN_LETTERS)
    with_b = draw_scene(random.Random(170000), german)
    only_ds = draw_scene(random.Random(170014), german)
    pipeline = CameraPipeline(FrameListSource([with_b.image, only_ds.image]))
    pipeline.step()
    report = pipeline.step()
    assert report is not None and report.read
    assert queens_read(only_ds, report.recognition.cards) == 2


def test_an_eight_the_witness_takes_for_a_b_stays_an_eight_beside_a_sure_j():
    # Scene 87044 (score_drawn_scenes.py's fresh drawn group, decks seeds 500-511) shows a
    # bold italic 8 of spades that the letters' witness takes for a sure B, and a jack of clubs
    # the readers read surely: no German deck prints a J, so the 8 is not taken for a jack
    # (session 78, before this rule: reported Js at 0.98).
    cv2.setNumThreads(1)
    decks = [drawn_deck(random.Random(seed)) for seed in range(500, 512)]
    scene = draw_scene(random.Random(87044), decks)
    recognizer = CardRecognizer()
    reported = recognizer.recognize(scene.image).cards
    assert score_scene(scene, reported).wrong == 0
    eight = next(card for card in scene.cards if card.name == "8s")
    assert any(str(s.card) == "8s" and lies_on(s.centre, eight.corners) for s in reported)
    assert recognizer.reader.letters_said is False
