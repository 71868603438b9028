"""Pips printed standing: on a deck that prints every pip (and its bottom index) standing, the
pips round a lone 6 or 9 say which way its card lies; where its pips are turned in the lower
half, they say nothing of it."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pytest
from test_vision_pips import placed_on_felt

from tableside.cards import Card
from tableside.vision.assembly import CardSighting
from tableside.vision.candidates import Candidates, find_candidates
from tableside.vision.decks import Deck
from tableside.vision.drawn import DrawnStyle, drawn_deck
from tableside.vision.marks import Marks, find_marks
from tableside.vision.pip_shapes import PipReader
from tableside.vision.reader import IndexReader
from tableside.vision.standing_pips import index_leans, pip_leans, settle_turned, standing_leans

CONFIDENT = 0.8
# A drawn design whose eights lay their pips apart in two columns (900's join them in one, a big
# heart beside each index).
DESIGN = 901


@cache
def deck(standing: bool) -> Deck:
    """A drawn deck printing its bottom index upright, its pips standing or turned below."""
    rng = random.Random(DESIGN)
    style = replace(DrawnStyle.random(rng), upright_bottom=True, standing_pips=standing)
    return drawn_deck(rng, style=style)


@cache
def shapes() -> PipReader:
    return PipReader()


def seen(name: str, standing: bool, turn: float = 20) -> tuple[Marks, np.ndarray]:
    """The marks of a frame showing one card 110 px wide, and its corners there (top-left,
    top-right, bottom-right, bottom-left as the card stands)."""
    face = deck(standing).faces[name].image
    frame, matrix = placed_on_felt(face, 110, turn)
    height, width = face.shape[:2]
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    return find_marks(frame), cv2.transform(corners[None], matrix)[0]


def sighting(name: str, corners: np.ndarray, indices: int = 2,
             problem: str | None = None) -> CardSighting:
    return CardSighting(Card(name), corners, 0.99, indices, problem)


@pytest.mark.parametrize("standing", [True, False])
def test_a_cards_pips_lean_as_it_stands_above_and_as_printed_below(standing):
    marks, corners = seen("8h", standing)
    leans, downs = pip_leans(marks, sighting("8h", corners), shapes())
    upper, lower = leans[downs < 0.45], leans[downs > 0.55]
    assert len(upper) >= 3 and len(lower) >= 3
    # The upper half's pips all lean one way; the lower half's the same way where they stand,
    # the other where they are turned.
    assert abs(upper.sum()) == len(upper)
    assert lower.sum() == (upper.sum() if standing else -upper.sum())
    # Seen from the card's foot (as an index read upside down sees it), every lean turns.
    turned_leans, _ = pip_leans(marks, sighting("8h", np.roll(corners, 2, axis=0)), shapes())
    assert sorted(turned_leans) == sorted(-leans)


def test_a_frame_tells_standing_pips_and_how_its_suits_lean():
    marks, corners = seen("8h", standing=True)
    standing = standing_leans(marks, [sighting("8h", corners)], shapes(), CONFIDENT)
    assert standing["h"] in (1, -1)
    turned_marks, turned_corners = seen("8h", standing=False)
    assert standing_leans(turned_marks, [sighting("8h", turned_corners)], shapes(),
                          CONFIDENT) == {}
    # A lone 6 or 9 tells nothing of the pips (its way up is the question); nor does a card
    # read unsurely.
    assert standing_leans(marks, [sighting("6h", corners)], shapes(), CONFIDENT) == {}
    assert standing_leans(marks, [replace(sighting("8h", corners), confidence=0.5)], shapes(),
                          CONFIDENT) == {}


def test_a_lone_six_read_upside_down_is_settled_by_its_pips():
    eight, eight_corners = seen("8h", standing=True)
    standing = standing_leans(eight, [sighting("8h", eight_corners)], shapes(), CONFIDENT)
    marks, corners = seen("6h", standing=True, turn=-30)
    # Read from its top index the 6 reads right; read from its foot (its bottom index stands,
    # so seen from there it reads as a 9 with the card's top below it) it is the 6 too.
    right = sighting("6h", corners, indices=1, problem="turned")
    upside_down = sighting("9h", np.roll(corners, 2, axis=0), indices=1, problem="turned")
    settled = settle_turned([right, upside_down], marks, shapes(), standing)
    assert [(str(s.card), s.problem) for s in settled] == [("6h", None), ("6h", None)]
    # Where the frame shows no standing pips (or not the suit's lean), the dealer is asked.
    for unknown in ({}, {"s": standing["h"]}):
        asked = settle_turned([right, upside_down], marks, shapes(), unknown)
        assert [(str(s.card), s.problem) for s in asked] == [("6h", "turned"),
                                                             ("9h", "turned")]


@cache
def read_candidates(name: str, standing: bool, turn: float
                    ) -> tuple[Marks, np.ndarray, Candidates, np.ndarray]:
    """The marks of a frame showing one card, its corners, and the frame's candidates as the
    shipped readers read them."""
    marks, corners = seen(name, standing, turn)
    candidates = find_candidates(marks)
    return marks, corners, candidates, IndexReader().read(marks, candidates).probabilities


def test_a_lone_six_whose_pips_say_nothing_is_settled_by_its_own_heart():
    marks, corners, candidates, probabilities = read_candidates("6h", False, -30)
    # The card's pips are turned below: they show no way up, and the dealer would be asked.
    assert standing_leans(marks, [sighting("6h", corners)], shapes(), CONFIDENT) == {}
    right = sighting("6h", corners, indices=1, problem="turned")
    # Its top index's heart stands, its lobes toward the rank.
    assert (index_leans(marks, candidates, probabilities, right, CONFIDENT) > 0).any()
    settled = settle_turned([right], marks, shapes(), {}, candidates, probabilities, CONFIDENT)
    assert [(str(s.card), s.problem) for s in settled] == [("6h", None)]


def test_a_lone_nine_of_spades_is_settled_by_its_suit_only_as_the_frame_shows_spades_lean():
    marks, corners, candidates, probabilities = read_candidates("9s", False, 25)
    right = sighting("9s", corners, indices=1, problem="turned")
    leans = index_leans(marks, candidates, probabilities, right, CONFIDENT)
    assert len(leans) and abs(leans.sum()) == len(leans)
    way = int(np.sign(leans.sum()))
    # A spade leans toward its foot on most decks, toward its point on some (this drawn one):
    # with no standing pips of spades in the frame, the dealer is asked...
    asked = settle_turned([right], marks, shapes(), {}, candidates, probabilities, CONFIDENT)
    assert [(str(s.card), s.problem) for s in asked] == [("9s", "turned")]
    # ...and where the frame's spades lean as this one does it reads as it is, where they lean
    # the other way as its turned partner.
    for frame_way, read in ((way, "9s"), (-way, "6s")):
        settled = settle_turned([right], marks, shapes(), {"s": frame_way}, candidates,
                                probabilities, CONFIDENT)
        assert [(str(s.card), s.problem) for s in settled] == [(read, None)]
