"""Indices placed by a whole card's corners: a whole card whose index no mark shows is read
where decks print the index, also when its picture parts its paper in two; a card's back shows
none; a card whose two corners are read as different cards keeps neither."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_vision_pips import deck_faces, on_felt

from tableside.cards import Card
from tableside.vision.candidates import find_candidates
from tableside.vision.drawn import drawn_deck
from tableside.vision.marks import CUT_PASS, find_marks
from tableside.vision.placed_indices import (
    BACK_INK,
    NO_INDEX,
    PLACES,
    _index_corners,
    _ink_share,
    placed_candidates,
    read_placed,
    unread_cards,
)
from tableside.vision.reader import IndexReader
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import _card_back
from tableside.vision.whole_cards import (
    _near_pairs,
    card_sides,
    parallel_sides,
    parted_cards,
    whole_card_corners,
    whole_cards,
)

# A deck drawn by code whose large pips crowd the index: the rank runs into a pip.
CROWDED_DECK = 502


@pytest.fixture(scope="module")
def reader() -> IndexReader:
    return IndexReader()


def first_reading(reader: IndexReader, frame: np.ndarray):
    # Without the pass that cuts bodies away, which parts some of these ranks from their pips
    # too: the placed reading must stand on its own.
    marks = find_marks(frame)
    candidates = find_candidates(marks)
    candidates = candidates.subset(np.nonzero(candidates.passes != CUT_PASS)[0])
    probabilities = reader.read(marks, candidates).probabilities
    cards = whole_card_corners(marks, whole_cards(marks))
    return marks, unread_cards(marks, cards, candidates, probabilities)


def named(probabilities: np.ndarray) -> list[str]:
    return [str(Card(int(row[:NO_INDEX].argmax()))) for row in probabilities]


@pytest.mark.parametrize("name", ["6h", "Js", "Ac"])
def test_a_whole_card_whose_rank_runs_into_a_pip_is_read_at_its_corners(reader, name):
    face = drawn_deck(random.Random(CROWDED_DECK)).faces[name].image
    frame = on_felt(face, 100, 20)
    marks, unread = first_reading(reader, frame)
    assert len(unread) == 1  # no mark showed its index surely
    placed, probabilities = read_placed(reader, marks, unread)
    assert len(placed) >= 1 and set(named(probabilities)) == {name}
    assert [str(card.card) for card in CardRecognizer().recognize(frame).cards] == [name]


def test_a_card_read_surely_from_its_marks_is_not_looked_at_again(reader):
    frame = on_felt(deck_faces("gnome-tango")["5s"].image, 100, 20)
    _, unread = first_reading(reader, frame)
    assert unread == []


def test_a_card_back_shows_no_index_at_its_corners(reader):
    # A white border: its paper is a whole card. A pattern of dots covers little of it.
    back = _card_back(random.Random(1), 250, 350)
    frame = on_felt(back.image, 100, 20)
    marks, unread = first_reading(reader, frame)
    assert len(unread) == 1
    placed, probabilities = read_placed(reader, marks, unread)
    assert len(placed) == 0 and probabilities.shape == (0, NO_INDEX + 1)


def test_a_card_back_covered_by_its_pattern_is_not_looked_at(reader):
    back = _card_back(random.Random(4), 250, 350)
    frame = on_felt(back.image, 100, 20)
    marks, unread = first_reading(reader, frame)
    cards = whole_card_corners(marks, whole_cards(marks))
    assert len(cards) == 1 and _ink_share(marks, cards[0]) > BACK_INK
    assert unread == []


def test_two_corners_read_surely_as_different_cards_keep_neither(reader):
    faces = deck_faces("gnome-tango")
    face = faces["5s"].image.copy()
    # The bottom-right index of the nine of diamonds printed over the five's.
    turned = next(index for index in faces["9d"].indices if index.turned).box
    x0, y0 = int(turned.x0) - 4, int(turned.y0) - 4
    x1, y1 = int(turned.x1) + 4, int(turned.y1) + 4
    face[y0:y1, x0:x1] = faces["9d"].image[y0:y1, x0:x1]
    frame = on_felt(face, 110, 20)
    marks = find_marks(frame)
    card = [corners for corners in whole_cards(marks) if corners is not None]
    assert len(card) == 1
    placed, probabilities = read_placed(reader, marks, card)
    assert len(placed) == 0

    plain = on_felt(faces["5s"].image, 110, 20)
    marks = find_marks(plain)
    card = [corners for corners in whole_cards(marks) if corners is not None]
    placed, probabilities = read_placed(reader, marks, card)
    assert named(probabilities) == ["5s", "5s"]


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
@pytest.mark.parametrize("backwards", [False, True])
def test_the_index_corners_are_the_top_left_and_the_bottom_right(turn, backwards):
    # An upright card 100 x 150 at (200, 100), its corners given in any order round it: its
    # indices are at the top-left, upright, and at the bottom-right, turned half round (which
    # is which, the outline cannot tell).
    corners = np.array([[200, 100], [300, 100], [300, 250], [200, 250]], np.float64)
    if backwards:
        corners = corners[::-1]
    corners = np.roll(corners, turn, axis=0)

    def at(card_to_frame, x, y):
        point = card_to_frame @ np.array([x, y, 1.0])
        return point[:2] / point[2]

    seen = {}
    for card_to_frame in _index_corners(corners):
        origin = tuple(at(card_to_frame, 0, 0).round(6))
        inwards = 1 if origin == (200, 100) else -1
        # Card widths across the short side and down the long one, into the card.
        assert at(card_to_frame, 0.1, 0.2) == pytest.approx(
            np.array(origin) + inwards * np.array([10, 20]))
        assert at(card_to_frame, 1, 1.5) == pytest.approx(np.array(origin)
                                                          + inwards * np.array([100, 150]))
        seen[origin] = True
    assert set(seen) == {(200, 100), (300, 250)}


def test_each_index_corner_is_looked_at_in_every_place(reader):
    frame = on_felt(deck_faces("gnome-tango")["5s"].image, 100, 20)
    marks = find_marks(frame)
    card = [corners for corners in whole_cards(marks) if corners is not None]
    places = placed_candidates(marks, card)
    assert len(places) == 2 * len(PLACES)
    # Every place's suit lies below its rank, by a span fitting the card's size.
    assert np.all((places.spans > 8) & (places.spans < 30))


@pytest.mark.parametrize("name", ["Jc", "Qh", "Ks"])
def test_a_court_card_whose_picture_parts_its_paper_is_read_at_its_corners(reader, name):
    # kde-standard's pictures run from edge to edge and touch the index: the paper is two
    # pieces, neither of them a whole card, and no mark is the index's rank.
    frame = on_felt(deck_faces("kde-standard")[name].image, 85, 27)
    marks = find_marks(frame)
    wholes = whole_cards(marks)
    # No piece is a card (a triangle either side of a diagonal has four sides, not parallel).
    assert not any(corners is not None and parallel_sides(corners) for corners in wholes)
    parted = parted_cards(marks, wholes)
    assert len(parted) == 1 and len(whole_card_corners(marks, wholes)) == 1
    width, height = card_sides(parted[0])
    assert width == pytest.approx(85, abs=6) and height / width == pytest.approx(1.36, abs=0.1)
    assert [str(card.card) for card in CardRecognizer().recognize(frame).cards] == [name]


def test_two_cards_each_whole_are_not_one_parted_card():
    faces = deck_faces("gnome-tango")
    frame = on_felt(faces["5s"].image, 90, 0)
    second = on_felt(faces["9d"].image, 90, 0)
    # The two cards (each 90 x 122, at x 195-285) side by side, 10 px apart: together the
    # shape of one larger card (190 x 122).
    both = np.concatenate([frame[:, 190:290], second[:, 190:290]], axis=1)
    marks = find_marks(both)
    wholes = whole_cards(marks)
    assert sum(corners is not None for corners in wholes) == 2
    assert parted_cards(marks, wholes) == []


def test_the_pairs_looked_at_as_one_parted_card_are_those_lying_within_reach():
    # Whose boxes lie within a picture's length of each other (the larger side of the two
    # boxes), across and down, in the order of itertools.combinations: the same pairs, found
    # all at once, as one at a time (a patterned tablecloth makes hundreds of outlines).
    generator = np.random.default_rng(3)
    parts = []
    for _ in range(120):
        corner = generator.integers(0, 1200, 2)
        parts.append((corner + generator.integers(0, 90, (6, 2))).astype(np.int32))
    expected = []
    for a in range(len(parts)):
        for b in range(a + 1, len(parts)):
            low_a, high_a = parts[a].min(axis=0), parts[a].max(axis=0)
            low_b, high_b = parts[b].min(axis=0), parts[b].max(axis=0)
            reach = max((high_a - low_a).max(), (high_b - low_b).max())
            if (np.maximum(low_a, low_b) - np.minimum(high_a, high_b) <= reach).all():
                expected.append((a, b))
    assert 50 < len(expected) < 2000
    assert _near_pairs(parts) == expected
    assert _near_pairs(parts[:1]) == []
