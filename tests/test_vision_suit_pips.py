"""Pips beside an index: the first pip next to a black number card's index is found, read on
decks the witness reader never saw, and settles a club read as a spade; nothing else changes."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_vision_pips import deck_faces, placed_on_felt

from tableside.cards import Card
from tableside.vision.candidates import Candidates
from tableside.vision.drawn import drawn_deck
from tableside.vision.marks import find_marks
from tableside.vision.pip_shapes import PIP_PATCH, PipReader, cut_pips_turned
from tableside.vision.pips import PIP_PASS
from tableside.vision.suit_pips import CLASSES, WitnessReader, judged_by_pips, witness_marks


@pytest.fixture(scope="module")
def witness_reader() -> WitnessReader:
    return WitnessReader()


def on_felt(face, width: float, turn: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """tests/test_vision_pips.py's frame of one card, and its top-left index's rank and suit
    centres in it."""
    frame, matrix = placed_on_felt(face.image, width, turn)
    [index] = [i for i in face.indices if not i.turned]
    rank, suit = (matrix @ np.array([[*index.rank.centre, 1.0], [*index.suit.centre, 1.0]]).T).T
    return frame, rank, suit


def witnesses(face, width: float, turn: float) -> tuple[np.ndarray, object, np.ndarray,
                                                        np.ndarray]:
    frame, rank, suit = on_felt(face, width, turn)
    marks = find_marks(frame)
    return marks, witness_marks(marks, rank[None], suit[None]), rank, suit


def test_the_first_pip_beside_the_index_is_the_one_witness():
    face = deck_faces("kde-standard")["7c"]
    for turn in (0, 90, 200):
        marks, (rows, pips, downs), rank, suit = witnesses(face, 100, turn)
        assert len(pips) == 1 and rows.tolist() == [0], turn
        # It lies right of the index and a little below its rank, as its card stands.
        down = (suit - rank) / np.linalg.norm(suit - rank)
        way = marks.passes[PIP_PASS].centroids[pips[0]] - rank
        span = np.linalg.norm(suit - rank)
        across = (way @ np.array([down[1], -down[0]])) / span
        assert 0.8 < across < 1.6 and 0.2 < (way @ down) / span < 1.2, turn
        assert np.allclose(downs[0], down)
        patch = cut_pips_turned(marks, marks.passes[PIP_PASS], pips, downs)
        assert patch.shape == (1, 1, PIP_PATCH, PIP_PATCH) and patch.max() == pytest.approx(1.0)


def test_an_ace_and_a_court_card_have_no_pip_beside_their_index():
    for name in ("Ac", "Ks"):
        _, (_, pips, _), _, _ = witnesses(deck_faces("kde-standard")[name], 100, 30)
        assert len(pips) == 0, name


@pytest.mark.parametrize("deck", ["gnome-neoclassical", "drawn"])
def test_witnesses_name_clubs_and_spades_on_decks_never_seen(deck, witness_reader):
    faces = drawn_deck(random.Random(503)).faces if deck == "drawn" else deck_faces(deck)
    named = 0
    cards = ("4c", "5s", "6c", "7s", "8c", "9s", "Tc")
    for n, name in enumerate(cards):
        marks, (_, pips, downs), _, _ = witnesses(faces[name], 85 + 10 * (n % 3), 40 * n)
        said = witness_reader.classes(cut_pips_turned(marks, marks.passes[PIP_PASS], pips,
                                                      downs))
        sure = said.max(axis=1) >= 0.9
        # Never the other black suit surely.
        other = CLASSES.index("s" if name[1] == "c" else "c")
        assert not (sure & (said.argmax(axis=1) == other)).any(), name
        named += bool((sure & (said.argmax(axis=1) == CLASSES.index(name[1]))).any())
    assert named >= 5


def test_a_club_read_as_a_spade_is_settled_by_its_pips(witness_reader):
    face = deck_faces("gnome-neoclassical")["9c"]
    frame, rank, suit = on_felt(face, 90, 25)
    marks = find_marks(frame)
    candidates = Candidates(np.float32([rank]), np.float32([suit]), np.int32([0]),
                            np.int32([0]), np.int32([0]))
    torn = np.zeros((1, 53))
    torn[0, int(Card("9s"))], torn[0, int(Card("9c"))], torn[0, 52] = 0.6, 0.35, 0.05
    judged = judged_by_pips(marks, candidates, torn, witness_reader, PipReader())
    assert judged[0, :52].argmax() == int(Card("9c")) and judged[0, int(Card("9s"))] < 0.01
    # ("No index" stays as it was.)
    assert judged[0, 52] == pytest.approx(torn[0, 52] / (1 - 0.6 * (1 - 0.002)))
    # A red reading, or a court card's, is not the witnesses' to judge.
    for card in ("9h", "Ks"):
        other = np.zeros((1, 53))
        other[0, int(Card(card))], other[0, 52] = 0.9, 0.1
        assert np.array_equal(judged_by_pips(marks, candidates, other, witness_reader,
                                             PipReader()), other)
