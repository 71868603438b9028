"""Pips: the suit symbols in a number card's middle, a second witness of its rank and suit.

A small card's corner index is a few pixels high, and blur can leave it illegible while the
pips in the card's middle stay clear: a dealer glancing at a far card counts them. On a whole
card (its paper region one four-sided card, square on or at a slant, not cut by the frame's
edge) the marks in the middle are counted when they look like a number card's pips: alike in
size, none as large as a court card's picture, and laid out as pips are, each with a partner
turned half round the card's centre (but the seven's odd one) or, on designs that print their
pips upright, mirrored across the card's long middle line. One mark alone at the middle's
centre is an ace's pip (counted one). Anything else (a picture, an ace's large ornament, pips
joined by blur, a chip on the card, pips too small to count beside big marks, a two's "pips"
near the middle) counts nothing. Their ink says which suits they may be, by what decks print,
and their shape (tableside/vision/pip_shapes.py), when the pip reader is given, which one of
those. Positions are taken in the card's own coordinates
through the perspective of its four corners, so a card seen at a slant counts too.

Measured on drawn scenes (240: seeds 5000, 6000, 20000 and 21000, 60 each, all ten decks):
583 outlines holding one card were counted, none wrong, no court card or ace among them (19
more held two cards' centres, one on the other, and were not judged); the suits told by the
ink always held the card's suit. With whole cards taken only as rectangles (before slanted
cards counted), 373. On the shared photographs, 100 cards counted, none wrong (one labelled a
nine has ten pips: it is a ten); a nine cut by the photograph's edge was counted four before
cut cards were left out. Decks drawn by code are harder (scripts/score_pip_counts.py, which
also scores the shared decks' scenes: 328 right, none wrong): 175 right and 9 wrong, such as
pips laid in one column, or a court card's picture in alike pieces.

Aces, counted since (scenes of seeds 5000, 6000, 20000 and 21000, 60 each, and 60 of decks
drawn by code from 77000): 141 whole aces (48 of them drawn) counted one pip, the pip reader
naming their own suit alone on every one; a drawn king (a lone letter in its middle) counted
one too, which only doubts the aces of other suits on it. The two-colour decks' clubs and
spades, alike in a small index, are where that pays: a 64 px ace of clubs read as the ace of
spades at 0.96 is read right.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.marks import MarkPass, Marks
from tableside.vision.pip_shapes import SUITS as PIP_SUITS
from tableside.vision.pip_shapes import PipReader, cut_pips
from tableside.vision.whole_cards import CardFrame, whole_cards

# One pip's area as a share of the card's: smaller marks are specks or index strokes, larger
# ones a picture or an ornament.
PIP_AREA = (0.004, 0.04)
# A middle that also holds SMALL_PIPS or more marks smaller than a pip but larger than this
# share of the card counts nothing: small pips were left out of the count (a drawn deck with
# small pips and a big suit beside each index counted its two big suits: an eight as a two).
# Whole cards of drawn scenes counted (scripts/score_pip_counts.py): shared decks 328 right,
# 0 wrong, before and after; decks drawn by code 175 right, 19 wrong -> 175 right, 9 wrong.
SMALL_PIP = 0.0015
SMALL_PIPS = 2
# The pips' shapes (tableside/vision/pip_shapes.py) name their suit when the pip reader gives
# it at least this much on average over the card's pips. Measured on drawn scenes
# (scripts/score_drawn_scenes.py) against no shape: shared decks 7,113 -> 7,116 of 7,216 read,
# wrong 6 -> 6; decks drawn by code 2,216 -> 2,218 of 2,275, wrong 11 -> 9; 0.75 read the same.
SHAPE_SURE = 0.9
# One card's pips are of one suit: where two suits are each named surely (SHAPE_SURE) by this
# many of the pips, or where the pips' inks allow no suit in common (red beside black), the
# outline is not one number card but two cards whose seam the camera lost, and nothing is
# counted. A frame saved at a low JPEG quality smooths the shadow between two pale cards away:
# a 6h half under a 6d showed three hearts and six diamonds, counted as a 9d, and both its
# sixes were reported as nines (scene 61000+125 of the dev groups at quality 25-50). One pip
# alone may be named otherwise (a glare or a shadow over a 5d's pip read as a club, 0.95).
TWO_SUITS = 2
# The inks' bounds (suits_of_ink) hold for pips on paper at least this bright (the paper level
# under a pip, after white balance): in the scenes they were set on, paper lay at 160 to 255 (the
# hundredth of the pips of scripts/score_drawn_scenes.py's dev groups at 157-173). Under a
# dimmer lamp (the dev groups with the light's gain 0.35-0.6 instead of 0.65-1.15: paper at
# 84-191) every ink's value fell under the black bound: an orange diamond's pips (value 86 on
# paper at 91) said clubs or spades, and the 4d whose index read 4d was reported a sure 4c.
# There a pip's colour is taken as if its paper were this bright.
DIM_PAPER = 160.0
# Pips are counted on the stricter ink pass, which parts pips that blur has joined.
PIP_PASS = 1
# The middle of the card, where pips are and indices are not (shares of width and height).
MIDDLE_ACROSS = (0.17, 0.83)
MIDDLE_ALONG = (0.08, 0.92)
# A mark in the middle larger than this share of the card, at the looser ink threshold, is a
# picture (the stricter one breaks a picture into pieces, which, the picture being turned half
# round too, can look like pips).
PICTURE = 0.1
# The largest pip over the smallest (blur and perspective vary them a little). Less than two:
# two pips joined by blur are twice as large and count one, and so does a big suit printed
# beside the index together with the pips it touches (a drawn 5h counted 3 at 2.1, its 3h
# reading of 0.14 then made sure). scripts/score_pip_counts.py against 2.2: decks drawn by code
# 175 right, 9 wrong -> 175 right, 7 wrong; shared decks 328 right, none wrong, either way
# (1.8: 174 right, 7 wrong; 1.6: a shared deck's count lost too).
ALIKE = 2.0
# A pip's partner, turned half round the card's centre, lies at most this far (card widths)
# from where it should; a pip at the middle (a three's, a five's, a nine's) is its own partner
# when it lies at most this far from the centre (its turned point is twice that away). Measured
# against twice the offset, a three of npm-svg-cards, its middle pip printed at 0.53 of its
# length, counted nothing. Whole number cards counted (scripts/score_pip_counts.py --outside,
# the twelve outside designs): 1,583 right -> 1,635, 2 wrong either way (npm-svg-cards 117 ->
# 134, gnome-bellot 103 -> 125); without --outside: shared decks 328 -> 329 right, decks drawn
# by code 175 right and 5 wrong, before and after. The middle pip's offset is taken in shares
# of the card, along its length as across, times its width (session 84; it was in pixels, so an
# offset along the length weighed 1.45 times or more as much): an npm-svg-cards 3h seen at a
# slant, its middle pip 0.051 of the length off the centre (6.1 px against 5.6), counted
# nothing. score_pip_counts.py --outside 1,683 -> 1,686 right, 2 wrong; without --outside 508
# right, 5 wrong, the same; score_drawn_scenes.py --every-set --outside every group the same,
# at the study seeds (--outside-seed 180000) 13,384 -> 13,385 read, wrong 63 -> 62
# (npm-svg-cards); the photographs the same.
PARTNER = 0.09
# ...or mirrored across the card's long middle line, where the pips' rows reach as near its top
# as its bottom (the ends of their span, in shares of its length, sum to 1 within MIRRORED_SPAN)
# and a pip on that line is its own partner when it lies at most half PARTNER off it. Some
# designs print their pips upright and their rows off the middle: kde-ancient-egyptians' 6
# has rows at 0.21, 0.47 and 0.79 of its length and its 9 a middle pip at 0.28; others lay
# rows unevenly (npm-svg-cards, gnome-bellot). The span keeps out an ace whose big suit is
# drawn in small pips (npm-kennard-four-colour's Ah, a heart of nine pips from 0.16 to 0.68,
# counted nine), the half PARTNER a column of three pips 0.08 of the width off the line (an
# npm-letele-kennard 6s under another card, counted three). scripts/score_pip_counts.py
# --outside: 1,686 -> 1,784 right (npm-svg-cards 140 -> 183, gnome-bellot 126 -> 158,
# kde-ancient-egyptians 95 -> 112), 2 wrong as before; without --outside 508 -> 511 right
# (the shared decks), 5 wrong as before.
MIRRORED_SPAN = 0.1
# An ace: one mark alone in the middle, this near its centre (shares of width and height), at
# most ACE_AREA of the card (an ace of spades' ornament is large; a court card's picture
# larger, see PICTURE).
ACE_CENTRE = 0.1
ACE_AREA = 0.08
# A two's or a three's pips run in one column from near the card's top to near its bottom: at
# least this share of its length apart. Two marks closer together are a court card's picture
# in pieces (a drawn deck's two heads). On drawn scenes (120 of the shared decks, 80 of decks
# drawn by code) every two and three counted spread 0.49 or more; of the eight court cards
# counted two, five spread 0.00-0.34 (the rest 0.47-0.56). scripts/score_pip_counts.py, with
# SMALL_PIP's rule: decks drawn by code 175 right, 11 wrong -> 175 right, 9 wrong, shared decks
# 328 right, none wrong, either way. scripts/score_drawn_scenes.py: decks drawn by code 2,255
# -> 2,256 of 2,275 at 0.9 (a jack read at 0.98 and 0.90 from its corners was doubted by its
# "two pips"), the shared decks and the photographs the same.
LEAST_SPREAD = 0.45
# ...and in the card's middle column: no more than this share of its width off its centre.
# An ace (or a court card) with a big suit beside each index, in opposite corners, lines up
# three alike marks across the card (a drawn ace of clubs counted three). scripts/
# score_pip_counts.py: decks drawn by code 175 right, 7 wrong -> 175 right, 5 wrong (that ace,
# and a queen counted two); shared decks 328 right, none wrong, either way.
# scripts/score_drawn_scenes.py read every group and the photographs as before, scene by scene.
COLUMN = 0.15


@dataclass(frozen=True)
class Pips:
    """The pips on one whole number card (or an ace: one): how many, and which suits (of
    "cdhs") their ink and shape may be."""

    count: int
    suits: str


def pip_counts(marks: Marks, wholes: list[np.ndarray | None] | None = None,
               shapes: PipReader | None = None) -> list[Pips | None]:
    """Per card outline of the frame: its pips when it is one whole number card, else None.
    ``wholes`` is the frame's whole_cards(marks), when already worked out; with ``shapes``
    the pips' shape narrows their suits too."""
    if wholes is None:
        wholes = whole_cards(marks)
    return [None if corners is None else pips_of(marks, corners, shapes) for corners in wholes]


def pips_of(marks: Marks, corners: np.ndarray, shapes: PipReader | None = None) -> Pips | None:
    """The pips of the whole card with this outline (4 x 2 corners in order round it), or None
    when its middle does not look like a number card's, or its pips are of two suits
    (TWO_SUITS)."""
    card = CardFrame.of(corners)
    found = _number_card_pips(marks, corners, card)
    if found is None:
        return None
    strict = marks.passes[PIP_PASS]
    sums = _pip_sums(marks, strict, found)
    # (One card's pips are of one suit: some suit every pip's own ink allows, see TWO_SUITS.)
    if not set.intersection(*(set(suits_of_ink(*_colour(row))) for row in sums)):
        return None
    suits = suits_of_ink(*_colour(sums.sum(axis=0)))
    if shapes is not None:
        named = shapes.suits(cut_pips(marks, strict, found, corners, card))
        sure = named[named.max(axis=1) >= SHAPE_SURE].argmax(axis=1)
        if (np.bincount(sure, minlength=len(PIP_SUITS)) >= TWO_SUITS).sum() > 1:
            return None
        suits = narrowed_suits(suits, named)
    return Pips(len(found), suits)


def each_ink_suits(marks: Marks, marks_pass: MarkPass, pips: np.ndarray) -> list[str]:
    """Per mark of a pass, the suits (of "cdhs") its own ink may be (suits_of_ink)."""
    return [suits_of_ink(*_colour(row)) for row in _pip_sums(marks, marks_pass, pips)]


def narrowed_suits(suits: str, shapes: np.ndarray) -> str:
    """The suits the ink allows narrowed to the one the pips' shapes (N x 4 probabilities)
    name, when they name one surely on average and the ink allows it (a shape the ink rules out
    says something is amiss: the ink's suits stand)."""
    mean = shapes.mean(axis=0)
    named = PIP_SUITS[int(mean.argmax())]
    return named if mean.max() >= SHAPE_SURE and named in suits else suits


def number_card_pips(marks: Marks, corners: np.ndarray) -> np.ndarray | None:
    """The numbers of the marks (of pass PIP_PASS) that are the pips of the whole card with
    this outline (an ace's one), or None when its middle does not look like a number card's
    or an ace's."""
    return _number_card_pips(marks, corners, CardFrame.of(corners))


def _number_card_pips(marks: Marks, corners: np.ndarray, card: CardFrame
                      ) -> np.ndarray | None:
    found = pip_marks(marks.passes[PIP_PASS], corners, card)
    if found is None or _picture(marks.passes[0], corners, card):
        return None
    return found


def pip_marks(marks: MarkPass, corners: np.ndarray, card: CardFrame | None = None
              ) -> np.ndarray | None:
    """The numbers of the marks that are the card's pips, or None. (``card``: the card's
    CardFrame, when already worked out.)"""
    card = CardFrame.of(corners) if card is None else card
    across, along, area = _card_coordinates(marks, corners, card)
    in_middle = _in_middle(across, along)
    middle = in_middle & (marks.areas >= PIP_AREA[0] * area)
    small = in_middle & (marks.areas >= SMALL_PIP * area) & (marks.areas < PIP_AREA[0] * area)
    if small.sum() >= SMALL_PIPS:
        return None
    sizes = marks.areas[middle]
    if len(sizes) == 1:
        found = np.nonzero(middle)[0]
        centred = max(abs(across[found[0]] - 0.5), abs(along[found[0]] - 0.5)) <= ACE_CENTRE
        return found if centred and sizes[0] <= ACE_AREA * area else None
    if not 2 <= len(sizes) <= 10 or sizes.max() > PIP_AREA[1] * area \
            or sizes.max() > ALIKE * sizes.min():
        return None
    across, along = across[middle], along[middle]
    if not (_paired(across, along, card, turned=True)
            or _paired(across, along, card, turned=False)):
        return None
    if len(sizes) <= 3 and (np.ptp(along) < LEAST_SPREAD
                            or np.abs(across - 0.5).max() > COLUMN):
        return None
    return np.nonzero(middle)[0]


def _paired(across: np.ndarray, along: np.ndarray, card: CardFrame, *, turned: bool) -> bool:
    """Whether the marks (their centres across and along the card, 0 to 1) lie as pips do,
    each with a partner: turned half round the card's centre (``turned``), or mirrored across
    its long middle line (four pips or more); a seven's odd pip may lie alone when turned."""
    width, height = sorted(card.sides)
    points = np.stack([across * width, along * height], axis=1)
    if turned:
        partners = np.array([width, height]) - points
        # A middle pip is its own partner: its offset from the centre, in shares of the card
        # across and along alike, times the width (PARTNER).
        offsets = np.linalg.norm(np.stack([across, along], axis=1) - 0.5, axis=1) * width
    else:
        # (A two's or a three's pips lie on the middle line, each its own mirror partner
        # wherever along it: they must be partners turned half round.)
        if len(points) < 4 or abs(float(along.min() + along.max()) - 1) > MIRRORED_SPAN:
            return False
        partners = np.stack([width - points[:, 0], points[:, 1]], axis=1)
        offsets = 2 * np.abs(across - 0.5) * width
    distances = np.linalg.norm(points[:, None] - partners[None], axis=2)
    np.fill_diagonal(distances, offsets)
    alone = int((distances.min(axis=1) > PARTNER * width).sum())
    return alone <= (1 if turned and len(points) == 7 else 0)


def suits_of_ink(hue: float, saturation: float, value: float) -> str:
    """The suits pips of this colour (OpenCV's HSV, after the frame's white balance) may be,
    by what decks print: red (or orange) hearts and diamonds, black spades and clubs, yellow
    diamonds (four-colour decks), green clubs (or spades, on German tournament decks). Blue is
    spades on some four-colour decks and diamonds on others; other inks say nothing. The bounds
    leave a margin around the inks of the ten development decks under the scenes' lights (red
    hue 0-4 or 174-179, yellow 22-32, green 70-80, black value up to 113 but low saturation)."""
    reddish = (hue <= 14 or hue >= 168) and saturation >= 130
    if reddish:
        return "dh" if value >= 110 else "cdhs"
    if value <= 110:
        return "cs"
    if 15 <= hue <= 40 and saturation >= 100:
        return "d"
    if 40 < hue <= 90 and saturation >= 80:
        return "cs"
    return "cdhs"


def _picture(marks: MarkPass, corners: np.ndarray, card: CardFrame | None = None) -> bool:
    across, along, area = _card_coordinates(marks, corners, card)
    return bool((marks.areas[_in_middle(across, along)] > PICTURE * area).any())


def _pip_sums(marks: Marks, marks_pass: MarkPass, pips: np.ndarray) -> np.ndarray:
    """Per mark of a pass (N x 5): its pixels' blue, green, red and paper level summed, and how
    many pixels it has."""
    sums = np.zeros((len(pips), 5))
    # The reading view's blue, green and red (and level) of a pixel as one 32-bit word: a
    # pip's pixels picked out once, their bytes added up by cv2.sumElems in whole numbers
    # (the same sums as the channels' own, exact in float64 in any order).
    reading = marks.sampled("reading", 0)
    pixels = reading.view(np.uint32).reshape(reading.shape[:2])
    for row, n in enumerate(pips.tolist()):
        x, y, w, h = marks_pass.boxes[n].tolist()
        inside = marks_pass.labels[y:y + h, x:x + w] == n + 1
        levels = pixels[y:y + h, x:x + w][inside].view(np.uint8).reshape(-1, 1, 4)
        sums[row, :4] = cv2.sumElems(levels)
        sums[row, 4] = len(levels)
    return sums


def _colour(sums: np.ndarray) -> tuple[float, float, float]:
    """The mean colour of pixels from their sums (a row of _pip_sums, or rows added up), as
    OpenCV's hue, saturation and value; brightened as if their paper were at DIM_PAPER where it
    is dimmer."""
    count = max(1.0, float(sums[4]))
    colour, level = sums[:3] / count, sums[3] / count
    if 0 < level < DIM_PAPER:
        # (Hue and saturation are the same at any brightness; the value is as under the
        # lights the bounds were set under.)
        colour = colour * (DIM_PAPER / level)
    mean = colour.round().clip(0, 255).astype(np.uint8).reshape(1, 1, 3)
    hue, saturation, value = cv2.cvtColor(mean, cv2.COLOR_BGR2HSV)[0, 0]
    return float(hue), float(saturation), float(value)


def _card_coordinates(marks: MarkPass, corners: np.ndarray, card: CardFrame | None = None
                      ) -> tuple[np.ndarray, np.ndarray, float]:
    """Each mark's centroid across (0 to 1) and along (0 to 1) the card, through the
    perspective of its corners, and the card's area."""
    card = CardFrame.of(corners) if card is None else card
    points = cv2.perspectiveTransform(marks.centroids.reshape(-1, 1, 2).astype(np.float64),
                                      card.onto).reshape(-1, 2)
    first, second = card.sides
    across, along = (points[:, 0], points[:, 1]) if first <= second else (points[:, 1],
                                                                         points[:, 0])
    return across, along, card.area


def _in_middle(across: np.ndarray, along: np.ndarray) -> np.ndarray:
    return ((across >= MIDDLE_ACROSS[0]) & (across <= MIDDLE_ACROSS[1])
            & (along >= MIDDLE_ALONG[0]) & (along <= MIDDLE_ALONG[1]))
