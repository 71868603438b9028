"""The closer look at small cards (tableside/vision/closer_look.py): where it looks, and what it
adds of what it reads there. The reading itself is the recogniser's; here a stand-in gives the
cut's cards, so that each rule is shown on its own."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from tableside.cards import Card
from tableside.vision.assembly import CardSighting
from tableside.vision.closer_look import (
    DOUBTFUL,
    ENLARGE,
    ENLARGE_BIG,
    LARGEST_REGION,
    Cut,
    _taken,
    closer_cuts,
    look_closer,
)

FRAME = (720, 1280)


def card_at(x: float, y: float, width: float = 60.0) -> np.ndarray:
    """An upright card's corners (top-left first), its top-left corner at (x, y)."""
    height = 1.4 * width
    return np.float32([[x, y], [x + width, y], [x + width, y + height], [x, y + height]])


def mask_with(*cards: np.ndarray) -> np.ndarray:
    mask = np.zeros(FRAME, np.uint8)
    for corners in cards:
        cv2.fillPoly(mask, [np.int32(corners)], 255)
    return mask


def sighting(card: str, corners: np.ndarray, confidence: float = 0.99, indices: int = 1,
             problem: str | None = None) -> CardSighting:
    return CardSighting(Card(card), np.float32(corners), confidence, indices, problem)


class Cuts:
    """A stand-in for the recogniser: gives, for each cut, the cards placed in frame pixels
    (turned into the enlarged cut's pixels), and the cut's paper as the mask of the frame."""

    def __init__(self, cards: list[CardSighting], paper: np.ndarray) -> None:
        self.cards, self.paper, self.cuts, self.enlargements = cards, paper, [], []

    def __call__(self, enlarged: np.ndarray) -> tuple[list[CardSighting], np.ndarray]:
        cut = self.pending.pop(0)
        self.cuts.append(cut)
        origin = np.float32([cut.x0, cut.y0])
        inside = [c for c in self.cards
                  if cut.x0 <= c.corners[:, 0].mean() <= cut.x1
                  and cut.y0 <= c.corners[:, 1].mean() <= cut.y1]
        paper = cv2.resize(self.paper[cut.y0:cut.y1, cut.x0:cut.x1],
                           (enlarged.shape[1], enlarged.shape[0]),
                           interpolation=cv2.INTER_NEAREST)
        enlarge = enlarged.shape[1] / (cut.x1 - cut.x0)
        self.enlargements.append(enlarge)
        return [CardSighting(c.card, (c.corners - origin) * enlarge, c.confidence, c.indices)
                for c in inside], paper


def looked(first: list[CardSighting], read_closer: list[CardSighting],
           paper: np.ndarray) -> list[CardSighting]:
    frame = np.zeros((*FRAME, 3), np.uint8)
    cuts = Cuts(read_closer, paper)
    sure = [s for s in first if s.problem is None and s.confidence >= 0.8]
    cuts.pending = list(closer_cuts(paper, sure))
    # The frame's marks as the closer look uses them: the card outlines (no ink levels, so that
    # every region is looked at).
    marks = SimpleNamespace(cards=paper, darkness=None, level=None)
    added = look_closer(cuts, frame, 1.0, marks, first, 0.8)
    assert all(e == pytest.approx(ENLARGE, abs=0.01) for e in cuts.enlargements)
    return added


def test_only_paper_no_sure_card_covers_is_looked_at_again():
    read, unread = card_at(100, 100), card_at(400, 300)
    cuts = closer_cuts(mask_with(read, unread), [sighting("Ah", read)])
    assert len(cuts) == 1
    cut = cuts[0]
    assert cut.x0 < 400 and cut.x1 > 460 and cut.y0 < 300 and cut.y1 > 384
    assert cut.x0 > 160  # the read card is not cut again


def test_frames_of_big_cards_and_big_regions_are_not_looked_at_again():
    big = card_at(100, 100, width=120)
    assert closer_cuts(mask_with(big, card_at(400, 300)), [sighting("Ah", big)]) == []
    wide = np.float32([[10, 10], [30 + LARGEST_REGION, 10], [30 + LARGEST_REGION, 100],
                       [10, 100]])
    assert closer_cuts(mask_with(wide), []) == []


def test_in_frames_of_big_cards_only_the_paper_under_doubtful_readings_is_looked_at_again():
    big, doubted, unread = (card_at(100, 100, width=120), card_at(400, 300, width=120),
                            card_at(800, 300, width=120))
    paper = mask_with(big, doubted, unread)
    sure = [sighting("Ah", big)]
    assert closer_cuts(paper, sure) == []
    cuts = closer_cuts(paper, sure, doubtful=[sighting("Kc", doubted, confidence=0.7)])
    assert len(cuts) == 1
    cut = cuts[0]
    assert cut.x0 < 400 and cut.x1 > 520 and cut.y0 < 300 and cut.y1 > 468
    assert cut.x1 < 800 and cut.x0 > 220  # neither the unread nor the sure card


def test_a_doubtful_reading_in_a_frame_of_big_cards_is_read_again():
    big, doubted = card_at(100, 100, width=120), card_at(400, 300, width=120)
    first = [sighting("Ah", big), sighting("Kc", doubted, confidence=0.7)]
    paper = mask_with(big, doubted)
    cuts = Cuts([sighting("Kc", doubted, confidence=0.99)], paper)
    cuts.pending = list(closer_cuts(paper, first[:1], doubtful=first[1:]))
    marks = SimpleNamespace(cards=paper, darkness=None, level=None)
    added = look_closer(cuts, np.zeros((*FRAME, 3), np.uint8), 1.0, marks, first, 0.8)
    assert sorted((str(s.card), s.confidence) for s in added) == [("Ah", 0.99), ("Kc", 0.99)]
    assert cuts.enlargements == [pytest.approx(ENLARGE_BIG, abs=0.01)]
    # Too doubtful to be worth a look, it is left as it was.
    first[1] = sighting("Kc", doubted, confidence=DOUBTFUL / 2)
    assert look_closer(cuts, np.zeros((*FRAME, 3), np.uint8), 1.0, marks, first, 0.8) == first


def test_overlapping_cuts_are_joined():
    assert Cut(0, 0, 10, 10).overlaps(Cut(5, 5, 20, 20))
    cuts = closer_cuts(mask_with(card_at(400, 300), card_at(470, 300)), [])
    assert len(cuts) == 1


def test_a_card_read_closer_is_added_and_replaces_a_doubtful_first_reading():
    corners = card_at(400, 300)
    doubtful = sighting("Kc", corners, confidence=0.4)
    added = looked([doubtful], [sighting("Kc", corners, confidence=0.99)], mask_with(corners))
    assert [(str(s.card), s.confidence, s.problem) for s in added] == [("Kc", 0.99, None)]


def test_what_lies_on_a_first_looks_conflict_is_not_added():
    corners = card_at(400, 300)
    conflict = sighting("9c", corners, confidence=0.9, problem="conflict")
    added = looked([conflict], [sighting("9s", corners)], mask_with(corners))
    assert added == [conflict]


def test_a_card_whose_index_lies_near_the_cuts_edge_is_not_added():
    # A card read with its index just inside the cut's edge may be one the cut halved; at the
    # frame's own edge nothing was cut.
    cut = Cut(360, 260, 500, 424)
    upside_down = card_at(440, 330)[[2, 3, 0, 1]]  # its index at the bottom right
    assert not _taken(upside_down, 1, cut, FRAME, [])
    assert _taken(upside_down - np.float32([15, 0]), 1, cut, FRAME, [])
    assert _taken(upside_down, 1, cut, (FRAME[0], cut.x1), [])


def test_a_card_read_closer_mostly_off_the_paper_is_not_added():
    paper = card_at(400, 300)
    off = card_at(430, 360)  # its index on the paper, the rest over the felt
    only_index = mask_with(paper)
    assert looked([], [sighting("7d", off)], only_index) == []
    assert len(looked([], [sighting("7d", off)], mask_with(paper, off))) == 1


def test_a_card_too_small_to_read_is_a_pattern_not_a_card():
    paper = card_at(400, 300)
    assert looked([], [sighting("4d", card_at(410, 320, width=20))], mask_with(paper)) == []


def test_a_sure_card_read_again_is_not_added_but_read_elsewhere_is_a_duplicate():
    # Paper beside a sure card is cut with a margin that takes in the sure card too.
    here = card_at(500, 300)
    beside = np.float32([[570, 250], [690, 250], [690, 450], [570, 450]])
    first = [sighting("Ah", here)]
    paper = mask_with(here, beside)
    assert looked(first, [sighting("Ah", here)], paper) == first
    added = looked(first, [sighting("Ah", card_at(600, 300))], paper)
    assert [(str(s.card), s.problem) for s in added] == [("Ah", None), ("Ah", "duplicate")]


def test_a_card_read_closer_lying_on_a_sure_card_of_its_rank_or_suit_is_that_card_misread():
    # A drawn deck's Td read surely at first, read Ts on the closer look (the frame's other
    # yellow diamonds were not in the cut); a fanned Qh lying mostly on a sure 6d is another card.
    sure_card = card_at(400, 300)
    beside = np.float32([[470, 250], [590, 250], [590, 450], [470, 450]])
    paper = mask_with(sure_card, beside)
    first = [sighting("Td", sure_card)]
    shifted = card_at(408, 306)
    assert looked(first, [sighting("Ts", shifted)], paper) == first
    assert [str(s.card) for s in looked(first, [sighting("Qh", shifted)], paper)] == ["Td", "Qh"]


def test_regions_without_ink_or_all_ink_are_not_looked_at():
    # A glint on the felt is paper with nothing printed; a card's back is paper all ink.
    glint, back, card = card_at(100, 100), card_at(400, 100), card_at(700, 100)
    level = np.full(FRAME, 200, np.uint8)
    darkness = np.full(FRAME, 200, np.uint8)
    darkness[103:182, 403:458] = 40  # the back's pattern, inside its white border
    darkness[105:120, 705:712] = 40  # the card's index
    cuts = closer_cuts(mask_with(glint, back, card), [], darkness, level)
    assert len(cuts) == 1 and cuts[0].x0 < 700 < cuts[0].x1
