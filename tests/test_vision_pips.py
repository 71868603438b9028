"""Pips: a whole number card's pips are counted and their ink tells its suit's colour; an ace
counts its one pip, court cards and covered cards count nothing, and the count settles a small
index's doubt."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableside.cards import Card
from tableside.vision.assembly import CONFIDENT, assemble
from tableside.vision.decks import load_deck
from tableside.vision.marks import find_marks
from tableside.vision.pip_shapes import PipReader
from tableside.vision.pips import Pips, pip_counts
from tableside.vision.whole_cards import card_sides, whole_cards

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "decks"
NUMBER_CARDS = ("2c", "3d", "4h", "5s", "6d", "7c", "8h", "9s", "Td")


def on_felt(face: np.ndarray, width: float, turn: float, seed: int = 3) -> np.ndarray:
    """A BGRA card face ``width`` px wide, turned ``turn`` degrees, on green felt, blurred
    and noisy as a camera sees it."""
    return placed_on_felt(face, width, turn, seed)[0]


def placed_on_felt(face: np.ndarray, width: float, turn: float, seed: int = 3
                   ) -> tuple[np.ndarray, np.ndarray]:
    """on_felt's frame, and the 2 x 3 map from the face's pixels to the frame's."""
    generator = np.random.default_rng(seed)
    frame = np.empty((360, 480, 3), np.float32)
    frame[:] = (60, 110, 40)
    scale = width / face.shape[1]
    matrix = cv2.getRotationMatrix2D((face.shape[1] / 2, face.shape[0] / 2), turn, scale)
    matrix[:, 2] += np.array([240, 180]) - np.array([face.shape[1], face.shape[0]]) / 2
    warped = cv2.warpAffine(face.astype(np.float32), matrix, (480, 360),
                            flags=cv2.INTER_AREA)
    alpha = warped[..., 3:] / 255
    frame = frame * (1 - alpha) + warped[..., :3] * alpha
    frame = cv2.GaussianBlur(frame, (0, 0), 0.8) + generator.normal(0, 4, frame.shape)
    return np.clip(frame, 0, 255).astype(np.uint8), matrix


@cache
def deck_faces(deck: str) -> dict:
    return load_deck(DECKS / deck).faces


def pips_in_frame(deck: str, name: str, width: float = 80, turn: float = 20
                  ) -> list[Pips | None]:
    """The pips counted per card outline in a frame showing this one card."""
    face = deck_faces(deck)[name].image
    return pip_counts(find_marks(on_felt(face, width, turn)))


def pips_of_card(deck: str, name: str, width: float = 80, turn: float = 20) -> Pips | None:
    counts = pips_in_frame(deck, name, width, turn)
    assert len(counts) == 1
    return counts[0]


@pytest.mark.parametrize("deck", ["gnome-tango", "gnome-neoclassical_4_color"])
def test_number_cards_on_a_table_are_counted_with_their_suit_colour(deck):
    for n, name in enumerate(NUMBER_CARDS):
        pips = pips_of_card(deck, name, width=70 + 10 * (n % 3), turn=35 * n)
        assert pips is not None, name
        assert pips.count == "23456789T".index(name[0]) + 2, name
        assert name[1] in pips.suits, name


def test_ink_colours_name_the_suits_they_may_be():
    # The tango deck prints two colours: red says hearts or diamonds, black spades or clubs.
    assert pips_of_card("gnome-tango", "4h").suits == "dh"
    assert pips_of_card("gnome-tango", "4s").suits == "cs"
    # The four-colour deck's yellow says diamonds alone; its green clubs say clubs or
    # spades (German tournament decks print spades green); its blue spades say nothing.
    assert pips_of_card("gnome-neoclassical_4_color", "4d").suits == "d"
    assert pips_of_card("gnome-neoclassical_4_color", "4c").suits == "cs"
    assert pips_of_card("gnome-neoclassical_4_color", "4s").suits == "cdhs"


def test_ink_colours_under_a_dim_lamp_name_the_suits_they_would_in_good_light():
    # A dim room darkens every ink: at 0.45 of the light, yellow diamonds fell under the
    # bound that says black, and a 4d's pips ruled its own suit out.
    for deck, name, suits in (("gnome-neoclassical_4_color", "4d", "d"),
                              ("gnome-tango", "7d", "dh"), ("gnome-tango", "4s", "cs")):
        frame = on_felt(deck_faces(deck)[name].image, 90, 25)
        for light in (0.45, 0.35):
            dim = np.clip(frame.astype(np.float32) * light, 0, 255).astype(np.uint8)
            assert pip_counts(find_marks(dim)) == [Pips(int(name[0]), suits)], (name, light)


@pytest.mark.parametrize("name", ["Jh", "Qs", "Kd"])
def test_court_cards_count_nothing(name):
    # (A picture can part the paper of its card in two outlines: neither counts.)
    for deck in ("gnome-tango", "kde-standard"):
        assert set(pips_in_frame(deck, name)) == {None}, deck


@pytest.mark.parametrize("deck", ["gnome-anglo_modern", "kde-standard", "npm-aguilar-responsive"])
def test_an_ace_counts_its_one_pip_and_its_shape_names_the_suit(deck):
    shapes = PipReader()
    for n, name in enumerate(("Ac", "As", "Ad", "Ah")):
        if deck == "kde-standard" and name == "As":
            continue  # its ornament is a picture: counts nothing
        face = deck_faces(deck)[name].image
        counted = pip_counts(find_marks(on_felt(face, 60 + 15 * n, 40 * n)), None, shapes)
        assert counted == [Pips(1, name[1])], name
    # An ace of spades printed as a large ornament is no pip (nor a picture's frame).
    assert pips_in_frame("kde-standard", "As") == [None]


@pytest.mark.parametrize("name", ["5d", "8s", "Th"])
def test_a_card_seen_at_a_slant_is_counted_too(name):
    # A camera not straight above the table sees a card as a trapezium, not a rectangle;
    # its pips still count (in the card's own coordinates, through the perspective).
    frame = on_felt(deck_faces("gnome-tango")[name].image, 90, 0)
    slant = cv2.getPerspectiveTransform(
        np.float32([[0, 0], [480, 0], [480, 360], [0, 360]]),
        np.float32([[90, 0], [390, 0], [480, 360], [0, 360]]))
    marks = find_marks(cv2.warpPerspective(frame, slant, (480, 360)))
    assert len(marks.outlines) == 1
    pips = pip_counts(marks)[0]
    assert pips is not None and pips.count == "23456789T".index(name[0]) + 2
    assert name[1] in pips.suits


def test_a_card_foreshortened_across_is_whole_and_counted():
    # A camera low beside the table shortens a card across: at 0.74 of its width a card
    # (1.45 long over wide) looks 1.96 long over wide, and is still one whole card.
    frame = on_felt(deck_faces("gnome-tango")["5d"].image, 90, 0)
    squash = np.float32([[0.74, 0, 240 * 0.26], [0, 1, 0]])
    marks = find_marks(cv2.warpAffine(frame, squash, (480, 360)))
    (corners,) = whole_cards(marks)
    width, height = card_sides(corners)
    assert 1.9 < height / width < 2.0
    (pips,) = pip_counts(marks)
    assert pips is not None and pips.count == 5 and "d" in pips.suits


def plain_face(marks_along: list[float]) -> np.ndarray:
    """A BGRA card face, 200 x 290, with a round black mark at each share of its length (in
    the middle column, a little to either side by turns, as a picture's pieces would be)."""
    face = np.full((290, 200, 4), 255, np.uint8)
    for n, along in enumerate(marks_along):
        cv2.circle(face, (92 + 16 * (n % 2), round(290 * along)), 16, (20, 20, 20, 255), -1)
    return face


def test_two_marks_near_the_middle_are_a_picture_not_a_two():
    # A two's pips sit near the card's top and bottom; two alike marks close to its middle
    # (a drawn deck's court card, its two heads) count nothing.
    assert pip_counts(find_marks(on_felt(plain_face([0.2, 0.8]), 80, 20)))[0].count == 2
    assert pip_counts(find_marks(on_felt(plain_face([0.38, 0.62]), 80, 20))) == [None]


def test_small_pips_left_out_of_the_count_make_it_count_nothing():
    # A deck with small pips and a big suit beside each index (in the middle's reach): the
    # two big suits alone would count two on an eight. The small pips beside them say the
    # middle holds more than its pips as counted.
    face = np.full((290, 200, 4), 255, np.uint8)
    for x, y, radius in ((55, 60, 20), (70, 105, 7), (100, 115, 7), (130, 105, 7)):
        for point in ((x, y), (200 - x, 290 - y)):  # each with its partner turned half round
            cv2.circle(face, point, radius, (20, 20, 200, 255), -1)
    assert pip_counts(find_marks(on_felt(face, 80, 20))) == [None]


def test_pips_twice_the_size_of_the_others_count_nothing():
    # Two marks as large as two joined pips (or a big suit beside the index with the pips it
    # touches) with a smaller one between them: counted, they would call a five a three.
    def face(outer: int) -> np.ndarray:
        drawn = np.full((290, 200, 4), 255, np.uint8)
        for along, radius in ((0.2, outer), (0.5, 13), (0.8, outer)):
            cv2.circle(drawn, (100, round(290 * along)), radius, (20, 20, 200, 255), -1)
        return drawn

    assert pip_counts(find_marks(on_felt(face(15), 100, 20)))[0].count == 3  # 1.3 times
    assert pip_counts(find_marks(on_felt(face(19), 100, 20))) == [None]  # 2.1 times


def test_three_marks_across_the_card_are_not_a_three():
    # A two's or a three's pips run down the card's middle column. An ace with a big suit
    # beside each index, in opposite corners, lines its three marks up across the card.
    def face(sideways: float) -> np.ndarray:
        drawn = np.full((290, 200, 4), 255, np.uint8)
        for along, across in ((0.2, 0.5 + sideways), (0.5, 0.5), (0.8, 0.5 - sideways)):
            cv2.circle(drawn, (round(200 * across), round(290 * along)), 15,
                       (20, 20, 20, 255), -1)
        return drawn

    assert pip_counts(find_marks(on_felt(face(0), 100, 20)))[0].count == 3
    assert pip_counts(find_marks(on_felt(face(0.27), 100, 20))) == [None]


def test_a_three_whose_middle_pip_sits_a_little_off_the_middle_is_counted():
    # A pip at the card's middle is its own partner turned half round: its turned point lies
    # twice its offset away. npm-svg-cards prints a three's middle pip at 0.53 of the card's
    # length, which measured against the partner's reach as twice its offset counted nothing.
    def face(middle: float) -> np.ndarray:
        drawn = np.full((290, 200, 4), 255, np.uint8)
        for along in (0.15, middle, 0.85):
            cv2.circle(drawn, (100, round(290 * along)), 12, (20, 20, 200, 255), -1)
        return drawn

    assert pip_counts(find_marks(on_felt(face(0.535), 100, 20)))[0].count == 3
    # Its offset along the card's length counts the share of the card it is, as one across
    # would: 0.07 of the length is 0.07 of the width's reach, not 0.1 (the card is 1.45 long).
    assert pip_counts(find_marks(on_felt(face(0.57), 100, 20)))[0].count == 3
    # ...but not a pip a partner's reach off the middle: no number card prints one there.
    assert pip_counts(find_marks(on_felt(face(0.6), 100, 20))) == [None]


def pips_face(points: list[tuple[float, float]]) -> np.ndarray:
    """A BGRA card face, 200 x 290, with a round black pip at each (across, along), shares of
    its width and length."""
    face = np.full((290, 200, 4), 255, np.uint8)
    for across, along in points:
        cv2.circle(face, (round(200 * across), round(290 * along)), 12, (20, 20, 20, 255), -1)
    return face


def test_pips_printed_upright_off_the_middle_are_counted_by_their_mirror_partners():
    # kde-ancient-egyptians prints its pips upright, its six's rows at 0.21, 0.47 and 0.79 of
    # the card's length and its nine's middle pip at 0.28: turned half round, the middle row
    # and that pip have no partner; mirrored across the card's long middle line, each has.
    six = [(across, along) for across in (0.3, 0.7) for along in (0.21, 0.47, 0.79)]
    assert pip_counts(find_marks(on_felt(pips_face(six), 100, 20)))[0].count == 6
    nine = [(across, along) for across in (0.3, 0.7) for along in (0.2, 0.4, 0.6, 0.8)]
    assert pip_counts(find_marks(on_felt(pips_face([*nine, (0.5, 0.28)]), 100, 20)))[
        0].count == 9
    # ...but not marks mirrored that keep to one part of the card's length (an ace's big suit
    # drawn in small pips), nor a column of marks off the middle line.
    heart = [(0.2, 0.16), (0.8, 0.16), (0.35, 0.3), (0.65, 0.3), (0.2, 0.45), (0.8, 0.45),
             (0.5, 0.16), (0.5, 0.45), (0.5, 0.68)]
    assert pip_counts(find_marks(on_felt(pips_face(heart), 100, 20))) == [None]
    column = [(0.57, 0.2), (0.57, 0.5), (0.57, 0.8)]
    assert pip_counts(find_marks(on_felt(pips_face(column), 100, 20))) == [None]


def test_a_card_with_a_chip_on_it_counts_nothing():
    face = deck_faces("gnome-tango")["8s"].image
    frame = on_felt(face, 90, 10)
    cv2.circle(frame, (245, 175), 14, (30, 30, 200), -1)
    marks = find_marks(frame)
    assert len(marks.outlines) == 1
    assert pip_counts(marks) == [None]



@pytest.mark.parametrize(("deck", "first", "second"), [
    ("gnome-tango", "9h", "9s"),  # red beside black: the inks share no suit
    ("gnome-tango", "9h", "9d"),  # red beside red: the pips' shapes differ
    ("gnome-neoclassical_4_color", "9h", "9d"),  # red hearts beside yellow diamonds
])
def test_pips_of_two_suits_on_one_outline_count_nothing(deck, first, second):
    # Two cards lying one over the other whose seam the camera lost (a low JPEG quality
    # smooths the shadow between two pale papers away) are one outline: a 6h half under a 6d
    # showed three hearts and six diamonds, counted as a 9d, and both sixes read as nines.
    # Here the left part of one card's face is another's: its pips are no one card's.
    shapes = PipReader()
    faces = deck_faces(deck)
    joined = faces[second].image.copy()
    cut = int(0.45 * joined.shape[1])
    joined[:, :cut] = faces[first].image[:, :cut]
    for width, turn in ((80, 20), (100, 60), (120, -30)):
        assert pip_counts(find_marks(on_felt(joined, width, turn)), None, shapes) == [None]
        assert pip_counts(find_marks(on_felt(faces[first].image, width, turn)), None,
                          shapes) == [Pips(9, first[1])]

def reading(card: str, sureness: float) -> np.ndarray:
    probabilities = np.full(53, (1.0 - sureness) / 52, np.float32)
    probabilities[int(Card(card))] = sureness
    return probabilities


def test_pips_settle_a_small_index_read_between_two_suits():
    # A 70 px whole card whose blurred index the reader takes for a 2h (0.6) or a 2d (0.35):
    # unsure. Its two yellow pips (diamonds alone) make it a sure 2d.
    outline = np.array([[100, 100], [170, 100], [170, 200], [100, 200]], np.int32)
    probabilities = np.full(53, 0.018 / 51, np.float32)
    probabilities[int(Card("2h"))] = 0.6
    probabilities[int(Card("2d"))] = 0.38
    probabilities[52] = 0.002
    rank_points = np.array([[107.0, 110.0]], np.float32)
    suit_points = np.array([[107.0, 121.0]], np.float32)
    plain = assemble(probabilities[None], rank_points, suit_points, (outline,))
    assert [(str(s.card), s.confidence < CONFIDENT) for s in plain] == [("2h", True)]
    counted = assemble(probabilities[None], rank_points, suit_points, (outline,),
                       [Pips(2, "d")])
    assert [str(s.card) for s in counted] == ["2d"]
    assert counted[0].confidence >= CONFIDENT


def test_an_aces_pip_overrules_a_sure_reading_of_another_suits_ace():
    # A small two-colour ace of clubs whose index the readers take for the ace of spades
    # (0.92, clubs 0.079): sure enough to report, and wrong. Its one big club in the middle
    # says otherwise. Other ranks are not ruled out by one pip (a number card's other pips
    # may lie outside the middle).
    outline = np.array([[100, 100], [164, 100], [164, 193], [100, 193]], np.int32)
    rank_points = np.array([[106.0, 109.0]], np.float32)
    suit_points = np.array([[106.0, 119.0]], np.float32)
    probabilities = np.full(53, 0.001 / 51, np.float32)
    probabilities[int(Card("As"))] = 0.92
    probabilities[int(Card("Ac"))] = 0.079
    plain = assemble(probabilities[None], rank_points, suit_points, (outline,))
    assert [(str(s.card), s.confidence >= CONFIDENT) for s in plain] == [("As", True)]
    counted = assemble(probabilities[None], rank_points, suit_points, (outline,),
                       [Pips(1, "c")])
    assert [str(s.card) for s in counted] == ["Ac"]
    assert counted[0].confidence >= CONFIDENT
    three = assemble(reading("3c", 0.97)[None], rank_points, suit_points, (outline,),
                     [Pips(1, "c")])
    assert [(str(s.card), s.confidence >= CONFIDENT) for s in three] == [("3c", True)]


def test_pips_of_another_rank_leave_a_sure_index_unsure_not_wrong():
    # Pips and index disagree (a miscount, or a card under another): the card is not
    # reported as read, and not as the pips' card either.
    outline = np.array([[100, 100], [170, 100], [170, 200], [100, 200]], np.int32)
    probabilities = reading("9d", 0.99)[None]
    rank_points = np.array([[107.0, 110.0]], np.float32)
    suit_points = np.array([[107.0, 121.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,), [Pips(8, "dh")])
    assert all(s.confidence < CONFIDENT for s in sightings)


def test_pips_that_name_no_suit_leave_a_court_cards_index_alone():
    # A drawn queen's picture in four alike pieces, their ink and shape naming no suit, is
    # counted as four pips: they rule out no court card, and the Qs read surely stays sure.
    # Pips that name a suit still rule a court card out (a five of diamonds read as Qd):
    # it is far less sure.
    outline = np.array([[100, 100], [170, 100], [170, 200], [100, 200]], np.int32)
    rank_points = np.array([[107.0, 110.0]], np.float32)
    suit_points = np.array([[107.0, 121.0]], np.float32)
    queen = assemble(reading("Qs", 0.99)[None], rank_points, suit_points, (outline,),
                     [Pips(4, "cdhs")])
    assert [(str(s.card), s.confidence >= CONFIDENT) for s in queen] == [("Qs", True)]
    five = assemble(reading("Qd", 0.99)[None], rank_points, suit_points, (outline,),
                    [Pips(5, "d")])
    assert [str(s.card) for s in five] == ["Qd"] and five[0].confidence < 0.9


def test_pips_overrule_an_index_read_upside_down_as_a_six_or_a_nine():
    # A deck whose bottom index stands as its top one does (kde-ancient-egyptians): its 6c's
    # lone bottom index, turned to be read, is a 9 over a club, read 9c all but certainly (6c
    # a distant second). Six pips are three short of a nine, more than a miscount: the card is
    # the 6c.
    outline = np.array([[100, 100], [170, 100], [170, 200], [100, 200]], np.int32)
    rank_points = np.array([[163.0, 190.0]], np.float32)
    suit_points = np.array([[163.0, 179.0]], np.float32)
    probabilities = reading("9c", 0.999)
    probabilities[int(Card("6c"))] = 0.0009
    six = assemble(probabilities[None], rank_points, suit_points, (outline,), [Pips(6, "cs")])
    assert [(str(s.card), s.confidence >= CONFIDENT) for s in six] == [("6c", True)]
    # ...however sure the reader is that it is a 9: the 9 read is the 6 turned half round.
    surely_nine = reading("9c", 1.0)
    six = assemble(surely_nine[None], rank_points, suit_points, (outline,), [Pips(6, "cs")])
    assert [(str(s.card), s.confidence >= CONFIDENT) for s in six] == [("6c", True)]


def test_a_whole_cards_two_indices_read_as_a_six_and_a_nine_are_its_pips_rank():
    # Both corners of such a deck's 9c in view: the top index reads 9c, the bottom one, turned
    # to be read, 6c, each all but certainly. Its nine pips say which it is: no conflict.
    outline = np.array([[100, 100], [170, 100], [170, 200], [100, 200]], np.int32)
    rank_points = np.array([[107.0, 110.0], [163.0, 190.0]], np.float32)
    suit_points = np.array([[107.0, 121.0], [163.0, 179.0]], np.float32)
    probabilities = np.stack([reading("9c", 0.9999), reading("6c", 0.9999)])
    plain = assemble(probabilities, rank_points, suit_points, (outline,))
    assert [s.problem for s in plain] == ["conflict"]
    nine = assemble(probabilities, rank_points, suit_points, (outline,), [Pips(9, "cs")])
    assert [(str(s.card), s.indices, s.problem) for s in nine] == [("9c", 2, None)]
