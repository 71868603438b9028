"""Ink marks on card paper: every dark or coloured shape printed on the cards in a frame.

A card's paper is the brightest, least coloured thing on a table, whatever the felt. After a
white balance taken from the brightest part of the frame, each pixel's least bright colour
channel says how much ink is on it: black, red, green, blue and yellow print all come out dark,
while paper stays bright. Paper is what is bright compared with the paper nearby (so a gradient
of light or glare moves the threshold with it); the cards are the convex outlines of paper
regions, so that a rank printed close to the card's edge stays inside its card even when blur
joins it to the felt. Marks are the connected non-paper shapes inside those outlines, or inside
the outline of a scrap of paper too small to be a card's: a card mostly under others shows
its index between such scraps.

Card paper must also be bright for its part of the table and stand out from the table around
it: a lamp over the table lights its middle far better than its edges, so a card in the dim
part can be darker than the light felt beside the lamp, and on a light table (a kitchen table,
white felt) the table itself is nearly as bright as paper.

Marks are found six times: at the ink threshold; at a stricter one that keeps only the
darkest ink, which parts a rank from a light picture frame or a pip that blur has joined to it;
at the first threshold with every stroke thinner than three pixels wiped out, which parts a
court card's suit or rank from the thin dark frame of its picture; at the first threshold
with the thick bodies of marks that thinner strokes stick out of cut away, which parts a rank
from a chip or a big suit lying against it (the rank's strokes are the thin parts); at the
first threshold cut where red ink meets black, which parts a red index from a court card's dark
picture frame, a card's dark rim or the shadowed edge of the card lying over it; and as the
first pass's marks with those too big or too sparse for an index cut along their long straight
lines, which parts an index from a card's thin rim or a picture's frame line that blur has
joined it to. Only the marks so parted make candidates on the last three passes: their other
marks are the first pass's (and, on the cut pass, the parts of a cut body much thinner than its
thickest, an index suit printed against a big pip, itself too thick to be a stroke, which the
parted rank pairs with).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

# Per pass: a pixel is ink when darker than this share of the paper level around it, and what
# is done to that ink: kept AS_IS, THIN strokes wiped out (an opening by a 3 x 3 square),
# BODIES_CUT or COLOURS_PARTED (see below; both at the first pass's threshold, whose marks they
# part). The first pass is loose so that small indices, thin and pale once blurred, still make
# marks; the others part what it joins. Measured on drawn scenes (40 per group at the tests'
# seeds): of the readable cards, 97-99 % had a candidate on an index with the first three
# passes, 96-98 % with the first two, and 92-96 % with the two passes before (0.65 and 0.5).
AS_IS, THIN, BODIES_CUT, COLOURS_PARTED = "as is", "thin wiped", "bodies cut", "colours parted"
LINES_CUT = "lines cut"
INK_PASSES = ((0.8, AS_IS), (0.6, AS_IS), (0.8, THIN), (0.8, BODIES_CUT), (0.8, COLOURS_PARTED),
              (0.8, LINES_CUT))
CUT_PASS = next(n for n, (_, way) in enumerate(INK_PASSES) if way == BODIES_CUT)
THIN_PASS = next(n for n, (_, way) in enumerate(INK_PASSES) if way == THIN)
COLOUR_PASS = next(n for n, (_, way) in enumerate(INK_PASSES) if way == COLOURS_PARTED)
LINE_PASS = next(n for n, (_, way) in enumerate(INK_PASSES) if way == LINES_CUT)
# LINES_CUT: a first-pass mark of LINE_AREA to LINE_MOST pixels that is too big (its box's
# diagonal over LINE_SIZE, candidates.py's MAX_MARK) or too sparse (filling under LINE_FILL of
# its box, candidates.py's MIN_FILL) to be an index is art, a card's rim or a picture's frame:
# its straight segments at least LINE_SHARE of its box's shorter side long (LINE_LEAST pixels
# at least, longer than a rank at the cards' sizes; LINE_VOTES of that length in pixels on the
# line, gaps of LINE_GAP) are cut out of it, grown by a pixel, and its pieces are the pass's
# parted marks: an index that blur joined to such a line (gnome-bellot's thin rim, which runs
# close to the corner indices; a court card's picture) stands alone. An opening by a line
# along the mark's least rectangle parted nothing: a rim's L shape gives that rectangle no side
# of the card. Session 93, scripts/score_drawn_scenes.py --every-set --outside, read (wrong)
# without -> with the pass, shared / drawn decks: ten 7,192 (4) -> 7,194 (3) / 2,271 (3);
# fresh 2,361 (0) / 2,332 -> 2,335 (2); dev 2,428 -> 2,429 (2) / 2,283 -> 2,284 (2); studied
# 2,401 (3) / 2,318 -> 2,319 (1); untouched 2,291 (1) -> 2,290 (2) / 2,373 (3); unseen 2,250
# (1) / 2,349 (3): 32,849 -> 32,856 read, wrong 25 either way. The twelve outside designs
# 13,391 of 13,527 either way (wrong 23; gnome-bellot 948 -> 949, npm-svg-cards 1,193 ->
# 1,192); scripts/score_photos.py as before (143 of 143, 524 of 527). Cost: scripts/ab_vision.py
# +2.58 ms a frame (median; mean +2.85) and, the trees the other way round, +2.45 (mean
# +3.08), the bench's frames read the same. Without LINE_MOST: 32,858 read (untouched shared
# 2,291, wrong 2), the outside designs and the study seeds (--outside-seed 190000: 13,181 ->
# 13,184 of 13,298, bellot 968 -> 971, wrong 32) alike, but +2.75 ms (mean +6.1) and +3.3
# (mean +5.9): the Hough transform of a big dense mark (a card's back, a chip) takes 4-10 ms.
# The sparse marks alone (0.27 ms a find_marks where all took 2.7) kept none of the six sets'
# gain (32,850 read, wrong 25; outside 13,390): the cards gained are mostly indices joined to
# a court card's picture.
LINE_AREA = 40
LINE_MOST = 8000
LINE_SIZE = 110.0
LINE_FILL = 0.1
LINE_SHARE = 0.25
LINE_LEAST = 20
LINE_VOTES = 0.8
LINE_GAP = 2
# COLOURS_PARTED: after the white balance, ink is red where its red channel exceeds the others
# by more than RED_INK, black (or grey) where its channels lie within NEUTRAL_INK of each other;
# the seam is the ink that both come within a pixel of. A first-pass mark the seam cuts into two
# pieces of PIECE_AREA pixels or more, or whose largest piece keeps less than KEPT_SHARE of it,
# is parted (a seam along a red glyph's edge alone, where JPEG's colours bleed, parts nothing).
# scripts/score_drawn_scenes.py, read of the dev and studied groups' decks drawn by code
# (shared decks the same throughout): 2,281 and 2,313 without the pass; RED_INK and NEUTRAL_INK
# 30 and 40, 40 and 40: 2,282 and 2,316; 20 and 50: 2,280 and 2,315 (every mark the seam
# touches parted; with the two bars on parting, the same). Session 73, --every-set --outside,
# read (wrong) without -> with the pass, shared decks / drawn decks: ten 7,191 (5) / 2,270 (3)
# -> 2,271 (3); fresh 2,362 (0) / 2,332 -> 2,331 (3); dev 2,428 (2) / 2,281 -> 2,282 (2);
# studied 2,400 (2) / 2,313 -> 2,316 (2); untouched 2,290 (1) / 2,372, wrong 1 -> 2 (a chip's
# red print parted from its grey, read 9d beside a diamond); unseen 2,248 -> 2,249 (2) / 2,347
# (3); the eight outside designs 8,808 -> 8,810 of 9,002 (kde-penguins, whose red kings touch
# the card's dark rim, 978 -> 981), wrong 54; cards 55-75 px wide (--dev --card-width 55 75)
# shared 2,918 -> 2,920 of 2,955, drawn 2,804 of 2,857 (wrong 5 and 17 as before); the
# photographs as before (scripts/score_photos.py: 143 of 143, 524 of 527). Cost: about 1.1 ms
# a frame for the pass and 27 candidates more a frame (5 %) on the bench's frames;
# scripts/ab_vision.py +2.0 ms a frame (mean; median of the differences +2.6), the same outputs.
RED_INK = 40
NEUTRAL_INK = 40
PIECE_AREA = 8
KEPT_SHARE = 0.9
_THIN = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
# A body is what survives an opening by a disc BODY pixels across (a rank's strokes are
# thinner, a chip or a big suit is not); a first-pass mark with a stroke sticking out of its body
# (left by the opening, at least STUCK_AREA pixels and STUCK_SIZE across its box) has its
# body cut away. scripts/score_drawn_scenes.py at 0.9, against no such pass: shared decks
# 7,150 -> 7,159 of 7,216, decks drawn by code 2,251 -> 2,255 of 2,275, wrong the same (1 and 4);
# with the recognizer's NEAR_SURE at 0.5 and STUCK_SIZE 8, discs of 5, 7, 9 and 11 px read
# 7,152, 7,155, 7,157 and 7,155 (drawn 2,252, 2,254, 2,255, 2,256); STUCK_SIZE 12 read as 8.
# Mostly indices touching a chip or a drawn deck's big suit printed beside the index.
BODY = 9
_BODY = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (BODY, BODY))
STUCK_AREA = 8
STUCK_SIZE = 12.0
# A cut body can be two: on a large card an index suit is thick enough to be a body, and
# printed against a big pip (or a chip) it went with the pip's body, leaving the parted rank no
# suit to pair with. The thick part is the opening of the body by discs SPLIT_DEPTH of the
# widest that fits in it (SPLIT_MARGIN pixels wider); what is left of the body, grown back
# over that margin up to the opening, is a mark of its own where it covers SMALL_BODY_AREA
# pixels. Bodies too small to hold both are not looked at (SPLIT_LEAST_AREA).
# scripts/score_drawn_scenes.py, decks drawn by code (many print a big suit beside the index):
# the ten groups 2,264 -> 2,266 of 2,275 (wrong 4 -> 5: a 5h read 3h, its new weaker view
# left to a miscounted pip count; pips.py's ALIKE took it back), dev 2,276 -> 2,279 of 2,293,
# studied 2,308 -> 2,311 of 2,325, untouched 2,365 -> 2,367 of 2,381, unseen 2,337 -> 2,339
# of 2,356, fresh the same; the shared decks the same but the ten groups' 7,185 -> 7,186; the
# photographs the same.
# The bench's frames: candidates 21,574 -> 21,862, scripts/ab_vision.py +0.1 and +1.1 ms.
# (Without growing the parts back over the margin: the same, but for the unseen 2,338.)
SPLIT_DEPTH = 0.7
SPLIT_MARGIN = 2
_MARGIN_SQUARE = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * SPLIT_MARGIN + 3,) * 2)
SMALL_BODY_AREA = 50
SPLIT_LEAST_AREA = int(np.pi * (BODY / 2 / SPLIT_DEPTH) ** 2) + SMALL_BODY_AREA
# Paper level around a pixel, and the pixel itself, must reach this share of the brightest
# paper in its region of the frame (a square REGION of the frame's width across) to count as
# card paper at all: felt is darker, the far felt has no paper near it, and light felt close to
# the cards, bright only against its own dull surroundings, must not join the cards' outlines
# (its ink would swallow indices near the card's edge). Regions whose brightest is less than
# DIM_REGION of the frame's brightest paper are held to DIM_REGION: there is no card paper.
# Low enough for paper in a hard shadow (a hand's, a lamp's edge: half as bright as the lit
# paper beside it), since the table-contrast test below keeps felt out. Measured against 0.6:
# shared photos 140 -> 141 of 143 (test) and 503 -> 506 of 527 (train), the gains webcam shots
# lit from one side and an ace half in sunlight; drawn test and tune scenes and scenes on a
# light grey table read the same; 3 % more candidates on the bench's frames, 14 % on the
# photos. At 0.45 one photo more read, but glare halos on the felt and the light squares of a
# card's back became paper too (17 % more candidates on the bench's frames, one frame 7 times
# as many).
PAPER_SHARE = 0.5
REGION = 0.25
DIM_REGION = 0.4
# Paper is also this much brighter than the darkest of the table around it (a square
# TABLE_REGION of the frame's width across): felt, wood and cloth, lit however, are not.
# Measured on the shared photographs (train split, 527 indices; webcam shots lit from one
# side): 495 read with the frame's brightest paper as the only bar, 503 with these; drawn
# scenes on the tests' felts read the same, scenes on a light grey table 131 -> 134 of 143.
TABLE_CONTRAST = 1.45
TABLE_REGION = 0.1
# ...but never more than this share of the frame's brightest paper: on a light table (a white
# cloth, light wood; brighter than 64 % of the paper) the contrast asked above would be brighter
# than paper can be, and no card would be paper at all. Shared photographs: train 519 -> 520 of
# 527 (a nine on a light grey table); drawn scenes read the same. (Capped by the brightest in the
# pixel's region instead, light felt far from any card became paper.)
PAPER_TOP = 0.93
# In a shadow: a shadow's edge across the table (a lamp's, a player leaning over it) leaves
# the cards in it under half as bright as lit paper a few hundred pixels away, which REGION
# takes in. Paper also counts when it reaches PAPER_SHARE of the brightest in a nearer square
# (SHADOW_REGION of the frame's width across) and is SHADOW_CONTRAST times as bright as the
# darkest of the table around (TABLE_REGION): paper in a shadow on felt is three times as bright
# as the felt beside it; the light squares of a card's back, which the nearer square alone let
# in as paper (a frame of the bench's 369 -> 2,048 candidates), 1.6-2.1 times. Drawn scenes of
# the shared decks with a shadow's edge at 45 % of the light (40 of seed 123000, the tests'
# in_a_shadow): 313 -> 325 of 333 cards read, none wrong (the nearer square alone, 0.15: 325;
# 0.2: 320; 0.1: 327). The shared photographs' train split 521 -> 523 of 527 (an ace whose
# corner lies in a jacket's shadow, a jack in the unlit half of a light table), test 143 of 143.
# scripts/score_drawn_scenes.py read every group as before, scene by scene (ten, dev, studied,
# untouched, fresh, unseen); the bench's frames hold 21,905 -> 21,574 candidates, and
# scripts/ab_vision.py gave -0.73 ms a frame (median, 4 passes).
SHADOW_REGION = 0.15
SHADOW_CONTRAST = 2.5
# Beside a glare spot: in a dim frame (a camera held to a short exposure under one strong lamp)
# a lamp's reflection is far brighter than the paper, which is under half of it and was not
# paper at all (whole cards beside a glare read nothing). Paper also counts where it is
# GLARE_CONTRAST times as bright as the darkest of the table around (TABLE_REGION) and over
# GLARE_FLOOR of the frame's brightest (the glare itself, in such a frame): paper in a dim frame
# is 3-50 times as bright as its felt, the light squares of a card's back 1.6-2.1 times (as in
# a shadow, SHADOW_CONTRAST). scripts/score_drawn_scenes.py --dev --light 0.35 0.6 (read of
# 2,437 shared / 2,293 drawn cards, wrong): 2,412 (2) / 2,266 (9) -> 2,423 (2) / 2,272 (8) (at
# 3.0: 2,425 / 2,271; with a floor of 0.4 3 and 2 fewer, cards with no candidate 31 -> 18;
# 0.2 as 0.3); the twelve outside designs so (--outside, four folders) 13,259 -> 13,323 of
# 13,527 (wrong 40 either way). At the tests' light every set and the photographs read as
# many cards with as many wrong reports as before, the outside designs one card more (13,370),
# and light tables (--felt-brightness 0.85 0.97) as before: 2.5 times the felt is more than
# paper can be. The bench's frames read alike (scripts/ab_vision.py, -0.2 ms: noise). In a
# real photograph (cam_image46, tests/test_vision_photos.py) a king lying in the dim half of a
# table lit from one side is now paper at the first look.
GLARE_CONTRAST = 2.5
GLARE_FLOOR = 0.3
# Patches are cut from a halved part of the frame rather than the whole frame halved while
# the part is at most this share of it (Marks.sampled_over).
WHOLE_SHARE = 0.5
# The ink box (InkBox) is this much wider than the paper: more than the 9 px disc's reach, so
# that openings within it are as over the whole frame.
INK_MARGIN = 8
# Paper is looked for this far around what is near enough to paper (see find_marks): beyond
# the ink box's margin and its rounding to even pixels, so that the ink box lies within.
NEAR_MARGIN = INK_MARGIN + 4
# Smallest paper region (pixels) that may be (part of) a card.
MIN_PAPER_AREA = 300
# A card's paper in a shadow is paper only at a looser threshold than the first ink pass's:
# the strip beside a court card's index, between its picture's frame and its edge, may be none
# at 0.8 of the paper level, and its index no mark (a penguins king's red K, a paris queen's Q).
# So the convex outlines of the regions paper at SHADOWED_SHARE join the cards' mask (not their
# outlines) and the paper the looser ink pass looks for ink on (the first pass would take the
# whole strip for ink), but for those lying SHADOWED_WITHIN or more in the mask already: there
# the looser paper is mostly the cards' own, and where it reaches beyond them it bridges the
# shadowed seam between two cards (a kde-standard 8c's pips and the Kd beside it were joined
# into one mark). scripts/score_drawn_scenes.py, bar 0.8, session 87: the twelve outside
# designs 13,354 -> 13,369 of 13,527, wrong 37 -> 31 (penguins +4, bellot +5, paris +3, svg
# +3); at the study seeds (--outside-seed 180000) 13,447 -> 13,457 of 13,614, wrong 45 -> 43;
# the six sets' groups read as many cards (ten groups' held 9000 +1, 31000 -1; studied drawn
# +1), wrong as before; the photographs as before. Tried, with the shadowed paper on every
# pass: every region at 0.7 joined, outside 13,366 with 30 wrong but the six sets 4 cards
# fewer and 4 wrong more; at 0.6, 13,353; at 0.75 and 0.65 (within 0.9), 13,360 and 13,369;
# within 0.5, 13,357. scripts/ab_vision.py: +1.1 to +1.3 ms a frame (median; 0.9 ms of it
# finding the shadowed paper), one bench frame 120 ms slower (its closer look cut more).
SHADOWED_SHARE = 0.7
SHADOWED_WITHIN = 0.9
# Smaller scraps of paper, down to this, hold marks too (their convex outlines), but are not
# cards: the strip of a card mostly under others, beside its index and its picture's frame, is
# cut in such scraps by the index itself (a kde-standard king). scripts/score_drawn_scenes.py
# at 0.9, against marks only in the cards' outlines: shared decks 7,159 -> 7,162 of 7,216 (at
# 0.8: 7,171 -> 7,174), decks drawn by code and the photographs the same; scraps from 100 px:
# 7,160, from 40: 7,161, from 8: as from 20.
SCRAP_AREA = 20
# A paper region is one whole card when it fills its best rectangle this well and the
# rectangle's sides are in a card's proportions.
RECTANGLE_FILL = 0.93
CARD_ASPECTS = (1.25, 1.7)
# Ink between two paper regions that come within SEAM pixels of it from either side is no mark:
# it is the line parting them, a card's printed rim or the shadowed edge of the card lying over
# the other, which a convex outline takes in where the paper under it is no rectangle (a fan's
# under card) and which joins every index touching it into one long mark (KDE's penguins
# deck, whose cards have a dark rim: a fan's 3, 5 and 10 ran into the rim of the card over
# them). It takes the middle of such a line (up to about twice SEAM wide), which parts the
# index from the rest of it. scripts/score_drawn_scenes.py, outside designs at study seeds
# 130000 + 1000 k (scripts/render_outside_decks.py; dondorf, penguins, svg-cards), read at
# SEAM 0 (none) / 2 / 3 / 4 / 6: 3,222 / 3,234 / 3,232 / 3,240 / 3,232 of 3,305 (wrong 17 / 17
# / 18 / 16 / 13); with the line's whole width cut (the middle grown by SEAM) 3,217 at 4, and
# with the middle grown by 1 px 3,233 at 4 and 3,237 at 3. At 4 on the reported outside groups
# (--outside): 4,406 -> 4,420 of 4,591 (svg-cards 1,172 -> 1,185, penguins 975 -> 977,
# dondorf 1,129 -> 1,128), wrong 141 as before; the six sets of --every-set read the same cards
# but one of the ten's shared decks (7,189 -> 7,188), with one wrong fewer (untouched). Cost:
# scripts/ab_vision.py +0.74 ms a frame (median; mean +0.55), seams() alone about 1.2 ms.
SEAM = 4
_SEAM_SQUARE = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * SEAM + 1,) * 2)


@dataclass(frozen=True)
class MarkPass:
    """The marks found at one ink threshold: per mark its box, area and centroid."""

    # uint16 (int32 where a frame has more marks than that holds): the mark each pixel
    # belongs to, plus one (0: none).
    labels: np.ndarray
    boxes: np.ndarray  # int32 N x 4: x, y, width, height
    areas: np.ndarray  # int32 N
    centroids: np.ndarray  # float64 N x 2
    # On the pass that cuts bodies away: per mark, the first-pass mark it is a stroke parted
    # from (only those make candidates there), or -1 (the rest are the first pass's marks
    # again, or the thinner bodies cut from such a mark's body, and the marks strokes were
    # parted from are left empty: area 0, box 0). None elsewhere.
    parted_from: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.areas)

    @property
    def parted(self) -> np.ndarray | None:
        """Which marks are strokes parted from a body (see parted_from); None but on the pass
        that cuts bodies away."""
        return None if self.parted_from is None else self.parted_from >= 0

    def marks_at(self, points: np.ndarray) -> np.ndarray:
        """The mark under each point (N x 2), or -1 where there is none."""
        height, width = self.labels.shape
        return self.labels[_pixels(points[:, 1], height), _pixels(points[:, 0], width)].astype(
            np.int64) - 1


@dataclass(frozen=True)
class Marks:
    """The images of a frame the reader needs, and its marks at each ink threshold."""

    channels: tuple[np.ndarray, ...]  # uint8 blue, green, red after white balance
    gains: tuple[float, float, float]  # the white balance's gains on blue, green, red
    # uint8, two planes: the frame's brightness (luma), and the same brightness as it is seen at
    # half resolution, as the camera keeps colour (tableside/vision/patches.py).
    brightness: np.ndarray
    darkness: np.ndarray  # uint8: least colour channel after white balance (ink is low)
    level: np.ndarray  # uint8: the paper's brightness around each pixel
    cards: np.ndarray  # uint8 mask of the card outlines
    outlines: tuple[np.ndarray, ...]  # the convex outlines, each K x 2 int32 points
    passes: tuple[MarkPass, ...]
    # The paper regions' own outer contours (K x 2 int32 points, not made convex) at each ink
    # threshold: a card partly under another shows its corners there
    # (tableside/vision/corner_indices.py).
    papers: tuple[np.ndarray, ...] = ()

    @cached_property
    def _sampled(self) -> dict[tuple[str, int], np.ndarray]:
        return {}

    def sampled(self, view: str, depth: int) -> np.ndarray:
        """The image patches are cut from, halved ``depth`` times: ``"reading"`` (blue, green,
        red, level), ``"brightness"`` (see Marks.brightness) or ``"glance"`` (darkness, level).
        Kept: every batch of patches of the frame (the first look, the second, the moved views,
        the placed ones) is cut from the same few."""
        key = (view, depth)
        if key not in self._sampled:
            if depth and view == "glance":
                # Each plane halved alone, then merged: cv2.pyrDown halves one plane in about
                # two thirds of the time a plane that it takes halving two together (the same
                # values). An in-process A/B of the patch cutting on the bench's frames: -0.24 ms
                # a frame (median -0.16).
                image = cv2.merge([self._halved("darkness", depth), self._halved("level", depth)])
            elif depth:
                image = cv2.pyrDown(self.sampled(view, depth - 1))
            elif view == "reading":
                image = cv2.merge([*self.channels, self.level])
            elif view == "brightness":
                # Apart from "reading": cv2.remap interpolates images of more than four
                # channels otherwise (up to 6 levels apart), and the readers learnt these.
                image = self.brightness
            else:
                image = cv2.merge([self.darkness, self.level])
            self._sampled[key] = image
        return self._sampled[key]

    def _halved(self, plane: str, depth: int) -> np.ndarray:
        """One plane of the frame (``"darkness"``, ``"level"``) halved ``depth`` times."""
        if not depth:
            return getattr(self, plane)
        key = (plane, depth)
        if key not in self._sampled:
            self._sampled[key] = cv2.pyrDown(self._halved(plane, depth - 1))
        return self._sampled[key]

    @cached_property
    def _outline_numbers(self) -> np.ndarray:
        """Per pixel: the number of the outline it lies in, plus one (0: none); uint8 where
        the numbers fit (a quarter of the memory to zero of int32: some 0.3 ms a frame of the
        bench's), int32 past 255 outlines."""
        numbers = np.zeros(self.cards.shape,
                           np.uint8 if len(self.outlines) <= 255 else np.int32)
        for number, outline in enumerate(self.outlines):
            cv2.fillConvexPoly(numbers, outline, number + 1)
        return numbers

    def sampled_over(self, view: str, depth: int, left: int, top: int, right: int,
                     bottom: int) -> tuple[np.ndarray, int, int]:
        """``sampled(view, depth)`` over at least its pixels ``left`` to ``right`` and ``top``
        to ``bottom`` (inclusive; those in the image), and the column and row of the frame
        image's corner: the whole image where it is made already or the part is much of it
        (WHOLE_SHARE), else the part alone, halved from the part of the image above that it
        takes in. Exactly the whole image's pixels: halving the whole frame for the few large
        patches of a batch cost about 2 ms a frame."""
        # (The frame itself is taken whole: one merge of its planes serves every batch.)
        if depth == 0 or (view, depth) in self._sampled:
            return self.sampled(view, depth), 0, 0
        height, width = self._size_at(depth)
        left, top, right, bottom = max(0, left), max(0, top), min(width - 1, right), min(
            height - 1, bottom)
        if (right - left + 1) * (bottom - top + 1) > WHOLE_SHARE * width * height:
            return self.sampled(view, depth), 0, 0
        # A halved pixel x is the blur of the pixels 2x - 2 to 2x + 2 above it: from an even
        # column and row, so that the part's pixels are the whole image's.
        above_height, above_width = self._size_at(depth - 1)
        x0, y0 = max(0, 2 * left - 2), max(0, 2 * top - 2)
        x1, y1 = min(above_width - 1, 2 * right + 2), min(above_height - 1, 2 * bottom + 2)
        above, above_left, above_top = self.sampled_over(view, depth - 1, x0, y0, x1, y1)
        part = above[y0 - above_top:y1 - above_top + 1, x0 - above_left:x1 - above_left + 1]
        return cv2.pyrDown(part), x0 // 2, y0 // 2

    def _size_at(self, depth: int) -> tuple[int, int]:
        """Height and width of the images halved ``depth`` times (as cv2.pyrDown rounds)."""
        height, width = self.darkness.shape
        for _ in range(depth):
            height, width = (height + 1) // 2, (width + 1) // 2
        return height, width

    def outline_of(self, points: np.ndarray) -> np.ndarray:
        """Per point (N x 2): the number of the outline it lies in, or -1."""
        numbers = self._outline_numbers
        height, width = numbers.shape
        return numbers[_pixels(points[:, 1], height), _pixels(points[:, 0], width)].astype(
            np.int32) - 1


def _pixels(coordinates: np.ndarray, size: int) -> np.ndarray:
    """The nearest pixel (int64) to each coordinate along a side of ``size`` pixels, held to
    the image: np.clip(np.round(coordinates).astype(int), 0, size - 1) in under half the time
    (np.round is rint at no decimals; np.clip's checks cost more than its two comparisons on
    the few dozen points a call; some 20 calls a frame)."""
    return np.minimum(np.maximum(np.rint(coordinates).astype(np.int64), 0), size - 1)


def find_marks(frame: np.ndarray) -> Marks:
    """The ink marks on card paper in a BGR frame."""
    gains = white_gains(frame)
    blue, green, red = channels = white_balance(frame, gains)
    least = cv2.min(blue, green)
    darkness = cv2.min(least, red, dst=least)
    quarter, sixteenth = area_means(darkness, (4, 16))
    level = paper_level(quarter, darkness.shape)
    least_level, least_darkness = paper_bars(level, sixteenth)
    # (Into the bars' own memory: no fresh frame-sized images to fault in.)
    near_paper = cv2.bitwise_and(
        cv2.compare(level, least_level, cv2.CMP_GT, dst=least_level),
        cv2.compare(darkness, least_darkness, cv2.CMP_GT, dst=least_darkness), dst=least_level)
    # Paper is found only near paper: within the box around it, NEAR_MARGIN wider (so that its
    # contours are as over the whole frame, and the ink box lies within it).
    x, y, width, height = cv2.boundingRect(near_paper)
    top, left = max(0, y - NEAR_MARGIN), max(0, x - NEAR_MARGIN)
    bottom = min(darkness.shape[0], y + height + NEAR_MARGIN)
    right = min(darkness.shape[1], x + width + NEAR_MARGIN)
    near = (slice(top, bottom), slice(left, right))
    passes = []
    cards = outlines = on_paper = shadowed = box = box_in_near = None
    papers: list[np.ndarray] = []
    inks: dict[float, np.ndarray] = {}
    for share, way in INK_PASSES:
        if share not in inks:
            paper = _paper(darkness, level, share, near)
            contours, scraps = paper_contours(cv2.bitwise_and(paper, near_paper[near]),
                                              (left, top))
            # The cards' outlines are the first pass's paper; the paper's corners are taken
            # at every threshold (a card's margin in a shadow is paper only at the looser one).
            papers.extend(contour.reshape(-1, 2).astype(np.int32) for contour in contours)
            if cards is None:
                # The outlines' masks are made over the box near paper alone, which holds the
                # paper NEAR_MARGIN from its sides (the frame's edges aside), so that their
                # erosion is as over the whole frame.
                near_shape = (bottom - top, right - left)
                near_cards, outlines = card_outlines(contours, near_shape, (left, top))
                shadowed, shadowed_hulls = shadowed_paper(
                    near_cards, _paper(darkness, level, SHADOWED_SHARE, near),
                    near_paper[near], (left, top))
                on_paper = cv2.bitwise_or(
                    near_cards, card_outlines(scraps, near_shape, (left, top))[0])
                cards = _whole_frame(near_cards if shadowed is None
                                     else cv2.bitwise_or(near_cards, shadowed),
                                     near, darkness.shape)
                cut = seams(contours, near_shape, (left, top))
                on_paper = cv2.subtract(on_paper, cut, dst=on_paper)
                shapes = outlines + tuple(contour.reshape(-1, 2) for contour in scraps)
                if shadowed is not None:
                    # (Ink on shadowed paper only where the pass's paper takes it in.)
                    shadowed = cv2.subtract(cv2.bitwise_or(on_paper, shadowed), cut)
                    shapes += shadowed_hulls
                box = InkBox.around(on_paper if shadowed is None else shadowed, shapes,
                                    (left, top), darkness.shape)
                # The ink box's rows and columns in the part near paper; None where it does
                # not lie there (no paper: the ink box is the whole frame).
                box_in_near = None
                if (box.top >= top and box.left >= left and box.bottom <= bottom
                        and box.right <= right):
                    box_in_near = (slice(box.top - top, box.bottom - top),
                                   slice(box.left - left, box.right - left))
                if box_in_near is not None:
                    on_paper = on_paper[box_in_near]
                    shadowed = None if shadowed is None else shadowed[box_in_near]
                else:
                    on_paper = _whole_frame(on_paper, near, darkness.shape)
                    shadowed = (None if shadowed is None
                                else _whole_frame(shadowed, near, darkness.shape))
            if box_in_near is not None:
                paper = paper[box_in_near]
            else:
                paper = _paper(darkness, level, share, (box.rows, box.columns))
            # (Masks of 0 and 255: the paper taken from its part of the cards leaves their ink.)
            within = on_paper if shadowed is None or share > SHADOWED_SHARE else shadowed
            inks[share] = cv2.subtract(within, paper, dst=paper)
        if way == BODIES_CUT:
            # It parts the first pass's marks, so it cuts the first pass's ink.
            passes.append(_bodies_cut(inks[INK_PASSES[0][0]], passes[0], box))
        elif way == THIN:
            passes.append(_mark_pass(box.opened(inks[share], _THIN), box))
        elif way == LINES_CUT:
            passes.append(_lines_cut(passes[0], box))
        elif way == COLOURS_PARTED:
            passes.append(_colours_parted(inks[INK_PASSES[0][0]], channels, darkness, passes[0],
                                          box))
        else:
            passes.append(_mark_pass(inks[share], box))
    return Marks(channels, gains, brightness_pair(frame), darkness, level, cards, outlines,
                 tuple(passes), tuple(papers))


def shadowed_paper(cards: np.ndarray, paper: np.ndarray, near_paper: np.ndarray,
                   corner: tuple[int, int]) -> tuple[np.ndarray | None, tuple[np.ndarray, ...]]:
    """The cards' paper in a shadow (see SHADOWED_SHARE), over the part of the frame from
    ``corner`` (column, row) that the masks ``cards``, ``paper`` (paper at SHADOWED_SHARE) and
    ``near_paper`` cover: the convex outlines of the regions of such paper (near paper too)
    lying less than SHADOWED_WITHIN in the cards' mask, as a mask filled one pixel in as
    card_outlines fills them (None where there are none), and those outlines (K x 2, frame
    pixels)."""
    contours, _ = paper_contours(cv2.bitwise_and(paper, near_paper, dst=paper), corner)
    shift = np.array(corner, np.int32)
    kept = []
    for contour in contours:
        hull = cv2.convexHull(contour) - shift
        x, y, width, height = cv2.boundingRect(hull)
        piece = np.zeros((height, width), np.uint8)
        cv2.fillConvexPoly(piece, hull - np.array([x, y], np.int32), 255)
        within = cv2.countNonZero(cv2.bitwise_and(piece, cards[y:y + height, x:x + width]))
        if within < SHADOWED_WITHIN * cv2.countNonZero(piece):
            kept.append(contour)
    if not kept:
        return None, ()
    return card_outlines(kept, cards.shape, corner)


def _whole_frame(part: np.ndarray, near: tuple[slice, slice], shape: tuple[int, ...]
                 ) -> np.ndarray:
    """A mask of the part of the frame near paper, as a mask of the whole frame."""
    whole = np.zeros(shape[:2], np.uint8)
    whole[near] = part
    return whole


def _paper(darkness: np.ndarray, level: np.ndarray, share: float,
           within: tuple[slice, slice]) -> np.ndarray:
    """Where the frame is paper at an ink pass's share of the paper level, within a box."""
    # (convertScaleAbs scales as multiply does, saturated and rounded, in a third of the time.)
    scaled = cv2.convertScaleAbs(level[within], alpha=share)
    return cv2.compare(darkness[within], scaled, cv2.CMP_GE, dst=scaled)


@dataclass(frozen=True)
class InkBox:
    """The part of a frame that can hold ink: the box around the paper, INK_MARGIN wider
    (openings and dilations within it are as over the whole frame, whose ink outside is none),
    its corner on even pixels. Marks are found within it alone: on the bench's frames the
    paper's box is about three fifths of the frame.

    Within it, marks are labelled and bodies opened part by part: the boxes around the paper's
    clusters (each outline's box, INK_MARGIN wider, boxes that overlap made one), which hold
    all the ink and are apart, so that what is found in each is as over the whole frame. On the
    bench's frames they cover two fifths of the box: the table between the hands and the board
    is not scanned four times over."""

    top: int
    left: int
    bottom: int
    right: int
    frame_shape: tuple[int, int]
    # Each part's top, left, bottom and right (frame pixels; corner and sides even, as OpenCV
    # labels an odd number of rows or columns at twice the cost), within the box.
    parts: tuple[tuple[int, int, int, int], ...]

    @classmethod
    def around(cls, paper: np.ndarray, shapes: Sequence[np.ndarray] = (),
               corner: tuple[int, int] = (0, 0),
               frame_shape: tuple[int, int] | None = None) -> InkBox:
        """The box around ``paper`` (a mask of the frame, or of its part from ``corner``,
        column and row, in a frame of ``frame_shape``), in parts around the ``shapes`` (point
        sets, K x 2, frame pixels) that cover all of it; one part, the box, without them."""
        height, width = paper.shape if frame_shape is None else frame_shape
        x, y, box_width, box_height = cv2.boundingRect(paper)
        x, y = x + corner[0], y + corner[1]
        if box_width == 0:
            return cls(0, 0, height, width, (height, width), ((0, 0, height, width),))
        top, left, bottom, right = _grown(y, x, y + box_height, x + box_width, (height, width))
        box = (top, left, bottom, right)
        parts = [_grown(y, x, y + h, x + w, (height, width), box)
                 for x, y, w, h in (cv2.boundingRect(shape) for shape in shapes)]
        # A shape wholly outside the box holds none of the paper (a scrap whose outline's mask
        # came out empty): its part, cut to the box, is empty, and labelling it would fail.
        parts = [part for part in parts if part[0] < part[2] and part[1] < part[3]] or [box]
        return cls(top, left, bottom, right, (height, width), _apart(parts))

    @property
    def rows(self) -> slice:
        return slice(self.top, self.bottom)

    @property
    def columns(self) -> slice:
        return slice(self.left, self.right)

    def within(self, part: tuple[int, int, int, int]) -> tuple[slice, slice]:
        """A part's rows and columns in an image of the box."""
        top, left, bottom, right = part
        return (slice(top - self.top, bottom - self.top),
                slice(left - self.left, right - self.left))

    def opened(self, ink: np.ndarray, element: np.ndarray) -> np.ndarray:
        """The opening of the box's ink by a structuring element, part by part: as over the
        whole frame, as an opening reaches twice the element's radius (at most INK_MARGIN)."""
        opened = np.zeros_like(ink)
        for part in self.parts:
            within = self.within(part)
            # (Straight into the result where OpenCV takes the part as it lies.)
            into = opened[within]
            found = cv2.morphologyEx(ink[within], cv2.MORPH_OPEN, element, dst=into)
            if not np.shares_memory(found, into):
                into[...] = found
        return opened

    def labelled(self, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The connected shapes of the box's ink (8-connected), as over the whole frame but
        numbered part by part: the frame's labels (0 outside the parts; uint16, int32 where
        there are more shapes than uint16 holds), and per shape but the background its box
        (x, y, width, height), area and centroid in frame pixels."""
        # uint16 where the numbers fit (always on the bench's frames): half the memory to zero,
        # copy and sample, with the very same numbers.
        try:
            return self._labelled(ink, np.uint16)
        except OverflowError:
            return self._labelled(ink, np.int32)

    def _labelled(self, ink: np.ndarray, dtype: type
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """InkBox.labelled with labels of ``dtype``; OverflowError where they do not fit."""
        labels = np.zeros(self.frame_shape, dtype)
        most = np.iinfo(dtype).max
        label_type = cv2.CV_16U if dtype == np.uint16 else cv2.CV_32S
        boxes, areas, centroids = [np.zeros((0, 4), np.int32)], [np.zeros(0, np.int32)], [
            np.zeros((0, 2))]
        # Each part's corner, and how many shapes it holds.
        corners: list[tuple[int, int]] = []
        counts: list[int] = []
        count = 0
        for part in self.parts:
            top, left, bottom, right = part
            part_ink, part_labels = ink[self.within(part)], labels[top:bottom, left:right]
            # Grana's algorithm labels exactly as the default one, in half the time here.
            try:
                found_count, found, stats, found_centroids = (
                    cv2.connectedComponentsWithStatsWithAlgorithm(
                        part_ink, 8, label_type, cv2.CCL_GRANA, labels=part_labels))
            except cv2.error as error:  # (more labels than the type holds)
                raise OverflowError(str(error)) from error
            if count + found_count - 1 > most:
                raise OverflowError("more marks than the label type holds")
            if not np.shares_memory(found, labels):
                part_labels[...] = found
            if found_count < 2:
                continue
            if count:
                # Numbered after the parts before (the ink is where the labels are).
                moved = cv2.add(part_labels, count, dst=part_labels, mask=part_ink)
                if not np.shares_memory(moved, labels):
                    part_labels[...] = moved
            stats = stats[1:].astype(np.int32)
            boxes.append(stats[:, :4] + np.array([left, top, 0, 0], np.int32))
            areas.append(stats[:, 4])
            centroids.append(found_centroids[1:])
            corners.append((left, top))
            counts.append(found_count - 1)
            count += found_count - 1
        areas = np.concatenate(areas)
        # (Moved to the frame's corner all at once: the same arithmetic, row by row. Each
        # shape's corner by np.repeat, not a np.broadcast_to a part.)
        return labels, np.concatenate(boxes), areas, _moved(
            np.concatenate(centroids), areas,
            np.repeat(np.array(corners, np.float64).reshape(-1, 2), np.array(counts, np.int64),
                      axis=0))


def _grown(top: int, left: int, bottom: int, right: int, shape: tuple[int, int],
           within: tuple[int, int, int, int] | None = None) -> tuple[int, int, int, int]:
    """A box INK_MARGIN wider, its corner and sides even, within the frame (and ``within``)."""
    height, width = shape
    top, left = max(0, top - INK_MARGIN) & ~1, max(0, left - INK_MARGIN) & ~1
    bottom = min(height, top + ((bottom + INK_MARGIN - top + 1) & ~1))
    right = min(width, left + ((right + INK_MARGIN - left + 1) & ~1))
    if within is not None:
        top, left = max(top, within[0]), max(left, within[1])
        bottom, right = min(bottom, within[2]), min(right, within[3])
    return top, left, bottom, right


def _apart(boxes: list[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """Boxes (top, left, bottom, right), those that overlap joined into one: none overlap."""
    apart: list[tuple[int, int, int, int]] = []
    for box in boxes:
        # The box takes in every box apart so far that it overlaps, growing as it does.
        overlapping = True
        while overlapping:
            overlapping = False
            for number, other in enumerate(apart):
                if (box[0] < other[2] and other[0] < box[2] and box[1] < other[3]
                        and other[1] < box[3]):
                    box = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                           max(box[3], other[3]))
                    del apart[number]
                    overlapping = True
                    break
        apart.append(box)
    return tuple(sorted(apart))


def _moved(centroids: np.ndarray, areas: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Centroids (N x 2) of shapes of these areas, measured from a corner ``shift`` (column,
    row; or one a shape, N x 2) nearer: exactly as labelling from there gives them. OpenCV
    divides a whole sum of coordinates by the area, so the centroid times the area, rounded, is
    that sum."""
    areas = np.asarray(areas, np.float64)[:, None]
    return (np.round(centroids * areas) + areas * shift) / areas


def _mark_pass(ink: np.ndarray, box: InkBox) -> MarkPass:
    """The marks of an ink mask (of the ink box): its connected shapes."""
    labels, boxes, areas, centroids = box.labelled(ink)
    return MarkPass(labels, boxes, areas, centroids)


def _relabelling(first: MarkPass, owners: np.ndarray) -> tuple[
        np.ndarray, np.ndarray, np.ndarray, list[np.ndarray], list[np.ndarray], list[np.ndarray],
        list[np.ndarray]]:
    """What a pass that parts some of the first pass's marks (``owners``: their numbers, from
    0) starts from: the first pass's labels, boxes and areas copied, and the lists its marks'
    boxes, areas, centroids and owners are gathered in, the first pass's marks first (owned by
    none: -1)."""
    labels = first.labels.copy()
    # An owner's pieces are apart sets of its pixels: no more of them than its area.
    if len(first) + int(first.areas[owners].sum()) > np.iinfo(labels.dtype).max:
        labels = labels.astype(np.int32)
    boxes, areas = first.boxes.copy(), first.areas.copy()
    return (labels, boxes, areas, [boxes], [areas], [first.centroids],
            [np.full(len(first), -1, np.int64)])


def _colours_parted(ink: np.ndarray, channels: tuple[np.ndarray, ...], darkness: np.ndarray,
                    first: MarkPass, box: InkBox) -> MarkPass:
    """The first pass's marks with those where red ink meets black ink (a red index against a
    court card's dark picture frame or the shadowed edge of the card over it) cut along that
    seam: their pieces are the pass's parted marks, the other marks the first pass's.
    ``darkness`` is the frame's least channel (find_marks'), the channels' least."""
    seam = np.zeros_like(ink)
    for part in box.parts:
        top, left, bottom, right = part
        blue, green, red = (channel[top:bottom, left:right] for channel in channels)
        within = box.within(part)
        part_ink = ink[within]
        others = cv2.max(blue, green)
        reddish = cv2.compare(cv2.subtract(red, others), RED_INK, cv2.CMP_GT)
        spread = cv2.subtract(cv2.max(others, red), darkness[top:bottom, left:right])
        neutral = cv2.compare(spread, NEUTRAL_INK, cv2.CMP_LT)
        # Where both inks come within a pixel: the seam.
        found = cv2.bitwise_and(
            cv2.dilate(cv2.bitwise_and(reddish, part_ink), _THIN),
            cv2.dilate(cv2.bitwise_and(neutral, part_ink), _THIN))
        seam[within] = cv2.bitwise_and(found, part_ink, dst=found)
    first_inside = first.labels[box.rows, box.columns]
    points = cv2.findNonZero(seam)
    points = np.zeros((0, 2), np.int32) if points is None else points.reshape(-1, 2)
    owners = np.flatnonzero(np.bincount(first_inside[points[:, 1], points[:, 0]],
                                        minlength=len(first) + 1)[1:]) + 1
    numbers = owners.astype(np.int64) - 1

    def parts(stats: np.ndarray, area: int) -> bool:
        # (A seam along a red glyph's edge alone parts nothing.)
        return (np.count_nonzero(stats[1:, 4] >= PIECE_AREA) >= 2
                or (len(stats) >= 2 and stats[1:, 4].max() < KEPT_SHARE * area))

    return _parted_pass(first, box, numbers, lambda within, mine: seam[within] != 0, parts)


def _lines_cut(first: MarkPass, box: InkBox) -> MarkPass:
    """The first pass's marks with those too big or too sparse for an index (LINE_SIZE,
    LINE_FILL) cut along their long straight strokes (a card's rim, a picture's frame), found
    by a probabilistic Hough transform: their pieces are the pass's parted marks."""
    sizes = np.hypot(first.boxes[:, 2], first.boxes[:, 3])
    fill = first.areas / np.maximum(1, first.boxes[:, 2] * first.boxes[:, 3])
    numbers = np.nonzero((first.areas >= LINE_AREA) & (first.areas <= LINE_MOST)
                         & ((sizes > LINE_SIZE) | (fill < LINE_FILL)))[0]

    def lines(within: tuple[slice, slice], mine: np.ndarray) -> np.ndarray | None:
        mask = mine.view(np.uint8)
        height, width = mask.shape
        length = max(LINE_LEAST, int(LINE_SHARE * min(width, height)))
        found = cv2.HoughLinesP(mask, 1, math.pi / 180, int(LINE_VOTES * length),
                                minLineLength=length, maxLineGap=LINE_GAP)
        if found is None:
            return None
        drawn = np.zeros_like(mask)
        for x1, y1, x2, y2 in found.reshape(-1, 4).tolist():
            cv2.line(drawn, (x1, y1), (x2, y2), 1, 1)
        return cv2.dilate(drawn, _THIN) != 0

    return _parted_pass(first, box, numbers, lines,
                        lambda stats, area: np.count_nonzero(stats[1:, 4] >= PIECE_AREA) >= 1)


def _parted_pass(first: MarkPass, box: InkBox, numbers: np.ndarray,
                 seam_of: Callable[[tuple[slice, slice], np.ndarray], np.ndarray | None],
                 parts: Callable[[np.ndarray, int], bool]) -> MarkPass:
    """A pass that parts some of the first pass's marks: each mark of ``numbers`` is cut where
    ``seam_of(within, mine)`` says (``within``: the mark's box in the ink box's rows and columns,
    ``mine``: its pixels there; None: no seam), and where ``parts(stats, area)`` says its pieces
    (connectedComponentsWithStats' stats, the mark's area) part it, they are the pass's parted
    marks and it is left empty; every other mark is the first pass's."""
    labels, boxes, areas, more_boxes, more_areas, more_centroids, parted_from = _relabelling(
        first, numbers)
    first_inside = first.labels[box.rows, box.columns]
    labels_inside = labels[box.rows, box.columns]
    count = len(first)
    parted: list[int] = []
    for number, (x, y, width, height) in zip(numbers.tolist(), first.boxes[numbers].tolist(),
                                             strict=True):
        within = (slice(y - box.top, y - box.top + height),
                  slice(x - box.left, x - box.left + width))
        mine = first_inside[within] == number + 1
        seam = seam_of(within, mine)
        if seam is None:
            continue
        _, pieces, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
            (mine & ~seam).view(np.uint8), 8, cv2.CV_32S, cv2.CCL_GRANA)
        if not parts(stats, int(first.areas[number])):
            continue
        parted.append(number)
        region = labels_inside[within]
        mine_pieces = pieces[mine]
        region[mine] = np.where(mine_pieces > 0, mine_pieces + count, 0)
        more_boxes.append(stats[1:, :4] + np.array([x, y, 0, 0], np.int32))
        more_areas.append(stats[1:, 4])
        more_centroids.append(centroids[1:] + np.array([x, y], np.float64))
        parted_from.append(np.full(len(stats) - 1, number, np.int64))
        count += len(stats) - 1
    boxes[parted] = 0
    areas[parted] = 0
    return MarkPass(labels, np.concatenate(more_boxes).astype(np.int32),
                    np.concatenate(more_areas).astype(np.int32),
                    np.concatenate(more_centroids), np.concatenate(parted_from))


def _bodies_cut(ink: np.ndarray, first: MarkPass, box: InkBox) -> MarkPass:
    """The marks of the first pass's ink (of the ink box) with the thick bodies (a chip, a big
    suit) of marks that thinner strokes stick out of cut away, so that the strokes (a rank
    touching the chip) are marks of their own: those are the pass's parted marks. A body's
    parts much thinner than its thickest (_thinner_bodies) are marks too, not parted."""
    bodies = box.opened(ink, _BODY)
    first_inside = first.labels[box.rows, box.columns]
    owners = set()
    owners_parts = []  # the parts that hold owners (rows and columns in the box)
    # Part by part (InkBox): labelling the whole box costs about twice as much.
    for part in box.parts:
        within = box.within(part)
        # (An opening lies within what it opens: the ink less its bodies is the ink's other
        # pixels. Taken part by part, where it is looked at.)
        _, strokes, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
            cv2.subtract(ink[within], bodies[within]), 8, cv2.CV_32S, cv2.CCL_GRANA)
        sizes = np.hypot(stats[1:, 2], stats[1:, 3])
        big = np.nonzero((stats[1:, 4] >= STUCK_AREA) & (sizes >= STUCK_SIZE))[0] + 1
        if len(big) == 0:
            continue
        # A stroke's top row holds a pixel of it; the first pass's mark there owns it. (The
        # top rows of all strokes at once: every pixel of each, then the first of the stroke.)
        x, y, width = stats[big, 0], stats[big, 1], stats[big, 2]
        starts = np.cumsum(width) - width
        columns = np.repeat(x - starts, width) + np.arange(int(width.sum()))
        rows = np.repeat(y, width)
        found = np.flatnonzero(strokes[rows, columns] == np.repeat(big, width))
        on = columns[found[np.searchsorted(found, starts)]]
        owners.update(first_inside[within][y, on].tolist())
        owners_parts.append(within)
    # The bodies grown by a pixel, in the parts that hold owners alone: only the owners' boxes,
    # each within its part, are looked at, and the box's ink outside the parts is none. Growing
    # the whole box's took some 0.3 ms a frame; each owner's box alone cost as much (a call an
    # owner, a few dozen a frame).
    thick = np.zeros_like(bodies)
    for within in owners_parts:
        into = thick[within]
        found = cv2.dilate(bodies[within], _THIN, dst=into)
        if not np.shares_memory(found, into):
            into[...] = found
    # Only the owners' marks change: the other marks are the first pass's, so only the owners'
    # boxes are labelled again (labelling the whole frame again cost 1.6 ms). An owner keeps
    # its number, emptied; its pieces are numbered after the first pass's marks.
    owner_numbers = np.array(sorted(owners), np.int64) - 1
    labels, boxes, areas, more_boxes, more_areas, more_centroids, parted_from = _relabelling(
        first, owner_numbers)
    labels_inside = labels[box.rows, box.columns]
    count = len(first)
    whole_marks = []  # owners with no body: the place of their centroid, number, corner
    # (The owners' boxes as Python numbers, taken at once, and their marks emptied at once
    # after the loop: the same numbers, fewer numpy calls an owner.)
    for number, (x, y, width, height) in zip(owner_numbers.tolist(),
                                             first.boxes[owner_numbers].tolist(), strict=True):
        owner = number + 1
        within = (slice(y - box.top, y - box.top + height),
                  slice(x - box.left, x - box.left + width))
        mine = first_inside[within] == owner
        region = labels_inside[within]
        on_body = mine & (thick[within] != 0)
        if on_body.any():
            _, pieces, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
                (mine & ~on_body).view(np.uint8), 8, cv2.CV_32S, cv2.CCL_GRANA)
            mine_pieces = pieces[mine]
            region[mine] = np.where(mine_pieces > 0, mine_pieces + count, 0)
            piece_boxes, piece_areas, centroids = stats[1:, :4], stats[1:, 4], centroids[1:]
            owned = np.full(len(piece_areas), number, np.int64)
            # A thinner body against the thick one (a suit against a big pip) is a mark too.
            small = _thinner_bodies(mine & (bodies[within] != 0))
            if small is not None:
                small_labels, small_stats, small_centroids = small
                on_small = small_labels > 0
                region[on_small] = small_labels[on_small] + count + len(piece_areas)
                piece_boxes = np.concatenate([piece_boxes, small_stats[:, :4]])
                piece_areas = np.concatenate([piece_areas, small_stats[:, 4]])
                centroids = np.concatenate([centroids, small_centroids])
                # Suits for the strokes, not strokes.
                owned = np.concatenate([owned, np.full(len(small_stats), -1, np.int64)])
            more_boxes.append(piece_boxes + np.array([x, y, 0, 0], np.int32))
            more_centroids.append(centroids + np.array([x, y], np.float64))
        else:
            # A mark with no body is all stroke: its one piece is the whole mark, as
            # labelling its box alone finds it, without labelling it (19 of 31 owners a frame
            # on the bench's).
            region[mine] = count + 1
            piece_areas = first.areas[number:number + 1]
            # (Its centroid is moved below, with the other such marks'.)
            whole_marks.append((len(more_centroids), number, x, y))
            owned = np.full(1, number, np.int64)
            # Its box is the mark's own.
            more_boxes.append(first.boxes[number:number + 1])
            more_centroids.append(None)
        more_areas.append(piece_areas)
        parted_from.append(owned)
        count += len(piece_areas)
    boxes[owner_numbers] = 0
    areas[owner_numbers] = 0
    if whole_marks:
        # As labelling each one's box would number it, and moved back to the frame's corner
        # (the same arithmetic as one at a time).
        places, numbers, x, y = (list(column) for column in zip(*whole_marks, strict=True))
        corners = np.array([x, y], np.float64).T
        moved = _moved(first.centroids[numbers], first.areas[numbers], -corners) + corners
        for place, centroid in zip(places, moved, strict=True):
            more_centroids[place] = centroid[None]
    return MarkPass(labels, np.concatenate(more_boxes).astype(np.int32),
                    np.concatenate(more_areas).astype(np.int32),
                    np.concatenate(more_centroids), np.concatenate(parted_from))


def _thinner_bodies(body: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The parts of a mark's body (bool: its pixels that survive the opening) markedly thinner
    than its thickest part (see SPLIT_DEPTH), or None: their labels (0 elsewhere), and
    per part its stats and centroid, as connected components gives them (numbered from 1)."""
    if np.count_nonzero(body) < SPLIT_LEAST_AREA:
        return None
    padded = cv2.copyMakeBorder(body.view(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    depth = cv2.distanceTransform(padded, cv2.DIST_L2, 3)
    reach = SPLIT_DEPTH * float(depth.max())
    if reach < BODY / 2:
        return None
    # The thickest part: every disc of radius `reach` that fits in the body (an opening),
    # and SPLIT_MARGIN around it.
    from_core = cv2.distanceTransform((depth < reach).view(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    outside = body & (from_core > reach)
    # (The parts lie outside the thick part's opening: too few pixels there, none is big.)
    if np.count_nonzero(outside) < SMALL_BODY_AREA:
        return None
    apart = body & (from_core > reach + SPLIT_MARGIN)
    # ...each part grown back over the margin, up to the thick part's own opening.
    grown = cv2.dilate(apart.view(np.uint8), _MARGIN_SQUARE)
    rest = (outside & (grown != 0)).view(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
        rest, 8, cv2.CV_32S, cv2.CCL_GRANA)
    keep = np.nonzero(stats[1:, 4] >= SMALL_BODY_AREA)[0] + 1
    if len(keep) == 0:
        return None
    renumber = np.zeros(count, np.int32)
    renumber[keep] = np.arange(1, len(keep) + 1)
    return renumber[labels], stats[keep], centroids[keep]


def white_gains(frame: np.ndarray) -> tuple[float, float, float]:
    """The gains on blue, green and red that make the frame's brightest paper grey.

    The balance comes from the brightest pixels of a small copy (paper, or glare, which is white
    anyway), so that under warm or cold light paper is as bright in every channel, and each
    pixel's least bright channel says how much ink is on it, whatever the ink's colour.
    """
    height, width = frame.shape[:2]
    small = cv2.resize(frame, (max(1, width // 8), max(1, height // 8)),
                       interpolation=cv2.INTER_AREA)
    # (The planes' cv2.min: numpy's least over the last axis took ten times as long.)
    blue, green, red = cv2.split(small)
    least = cv2.min(cv2.min(blue, green), red)
    brightest = small[least >= byte_percentile(least, 99)].reshape(-1, 3).astype(np.float64)
    mean = brightest.mean(axis=0)
    blue, green, red = (float(gain) for gain in mean.max() / np.maximum(mean, 1.0))
    return blue, green, red


def byte_percentile(values: np.ndarray, share: float) -> float:
    """np.percentile(values, share) of uint8 values, the very same number (its linear method),
    from their histogram: numpy partitions the values, six times slower on a frame's copies."""
    count = values.size
    if count < 1 << 24:  # (counted exactly in float32: OpenCV's histogram, in half the time)
        counts = cv2.calcHist([np.ascontiguousarray(values).reshape(-1)], [0], None, [256],
                              [0, 256])
        ends = np.cumsum(counts.ravel().astype(np.int64))
    else:
        ends = np.cumsum(np.bincount(values.ravel(), minlength=256))
    # Where the share falls among the sorted values, and the two values either side of it.
    place = (count - 1) * (share / 100)
    below = min(math.floor(place), count - 1)
    low, high = (int(np.searchsorted(ends, index, side="right"))
                 for index in (below, min(below + 1, count - 1)))
    # numpy's interpolation (_lerp), from the nearer end; at the top its weight is 1.
    weight = place - below if place < count - 1 else 1.0
    return low + (high - low) * weight if weight < 0.5 else high - (high - low) * (1 - weight)


def area_means(image: np.ndarray, factors: Sequence[int]) -> list[np.ndarray]:
    """A plane (uint8) shrunk by each factor, exactly as cv2.resize(..., INTER_AREA) shrinks it
    to (width // factor, height // factor), at least one pixel.

    Where the factor is a power of two from 4 up that divides both sides, that is the rounded
    mean of each factor x factor block, its sum taken here from the sums of the smaller blocks:
    OpenCV's own loop took about twice as long (a frame's darkness by 4 and 16 and its level by
    16: 1.8 -> 1.0 ms with a table of sums, cv2.integral; 0.71 -> 0.37 ms with the blocks').
    Other factors and sizes are left to cv2.resize (by 2 it is quick, and rounds halves up)."""
    height, width = image.shape[:2]
    summed = sorted({factor for factor in factors
                     if factor >= 4 and not factor & (factor - 1) and height // factor
                     and height % factor == 0 and width % factor == 0})
    block_sums: dict[int, np.ndarray] = {}
    sums, size = None, 1
    for factor in summed:
        if sums is None:
            # The first block's rows summed at once by numpy (one pass over the plane), its
            # columns pairwise: numpy sums short runs of a row slowly (0.45 -> 1.05 ms).
            sums = image.reshape(height // factor, factor, width).sum(axis=1, dtype=np.uint16)
            size = factor
            sums = _doubled(sums, factor, columns_only=True)
        while size < factor:
            sums = _doubled(sums, 2 * size)
            size *= 2
        block_sums[factor] = sums
    shrunk = []
    for factor in factors:
        if factor in block_sums:
            # OpenCV rounds the block's whole sum times 1 / factor^2 (a float, exact here) as
            # convertScaleAbs does.
            shrunk.append(cv2.convertScaleAbs(block_sums[factor], alpha=1.0 / (factor * factor)))
        else:
            shrunk.append(cv2.resize(image, (max(1, width // factor), max(1, height // factor)),
                                     interpolation=cv2.INTER_AREA))
    return shrunk


def _doubled(sums: np.ndarray, factor: int, columns_only: bool = False) -> np.ndarray:
    """Sums of blocks twice as high and wide, for blocks of ``factor`` (``columns_only``: sums
    of single rows of blocks ``factor`` high, summed over ``factor`` columns), in uint16 while
    the sums of factor x factor blocks of 255 fit."""
    if sums.dtype == np.uint16 and 255 * factor * factor > np.iinfo(np.uint16).max:
        sums = sums.astype(np.int32)
    if columns_only:
        step = 1
        while step < factor:
            sums = sums[:, 0::2] + sums[:, 1::2]
            step *= 2
        return sums
    sums = sums[0::2] + sums[1::2]
    return sums[:, 0::2] + sums[:, 1::2]


def white_balance(frame: np.ndarray, gains: tuple[float, float, float]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The frame's blue, green and red, scaled by ``gains`` (see white_gains)."""
    # One pass over the frame: cv2.transform rounds and saturates as convertScaleAbs on each
    # channel did (the same pixels), in two thirds of the time with the split.
    blue, green, red = cv2.split(cv2.transform(frame, np.diag(np.asarray(gains, np.float64))))
    return blue, green, red


def brightness_pair(frame: np.ndarray) -> np.ndarray:
    """The frame's brightness, and the same brightness halved (each 2 x 2 block averaged) and
    brought back by straight interpolation: what a JPEG decoder (libjpeg's fancy upsampling),
    MJPG or YUV420 give the colour planes, aligned as they align them."""
    brightness = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    height, width = brightness.shape
    if height < 2 or width < 2:
        return cv2.merge([brightness, brightness])
    halved = cv2.resize(brightness, (width // 2, height // 2), interpolation=cv2.INTER_AREA)
    as_colour = cv2.resize(halved, (width, height), interpolation=cv2.INTER_LINEAR)
    return cv2.merge([brightness, as_colour])


def paper_bars(level: np.ndarray, small_darkness: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """What the paper level around each pixel, and the pixel itself, must exceed to be card
    paper: PAPER_SHARE of the brightest paper in its region (held to DIM_REGION of the frame's
    brightest), and for the pixel also TABLE_CONTRAST times the darkest of the table around
    (but at most PAPER_TOP of the frame's brightest paper); or, in a shadow, PAPER_SHARE of the
    brightest in a nearer square and SHADOW_CONTRAST times the darkest of the table around;
    or, beside a glare spot in a dim frame, GLARE_CONTRAST times the darkest of the table around
    (and GLARE_FLOOR of the frame's brightest).

    Regions are large, so both are worked out on copies a sixteenth the size and scaled up:
    ``small_darkness`` is the frame's darkness so shrunk (area_means)."""
    height, width = level.shape
    (small_level,) = area_means(level, (16,))
    overall = byte_percentile(level[::4, ::4], 99.5)
    dim = np.uint8(min(255, round(DIM_REGION * overall)))
    brightest = np.maximum(_regional(small_level, REGION, cv2.MORPH_DILATE), dim)
    least_level = cv2.convertScaleAbs(brightest, alpha=PAPER_SHARE)
    darkest = _regional(small_darkness, TABLE_REGION, cv2.MORPH_ERODE)
    table = cv2.convertScaleAbs(darkest, alpha=TABLE_CONTRAST)
    table = np.minimum(table, np.uint8(min(255, round(PAPER_TOP * overall))))
    bars = (least_level, cv2.max(least_level, table))
    near_brightest = np.maximum(_regional(small_level, SHADOW_REGION, cv2.MORPH_DILATE), dim)
    near_level = cv2.convertScaleAbs(near_brightest, alpha=PAPER_SHARE)
    near_darkness = cv2.max(near_level, cv2.convertScaleAbs(darkest, alpha=SHADOW_CONTRAST))
    bars = _looser(bars, (near_level, near_darkness))
    glare_floor = np.uint8(min(255, round(GLARE_FLOOR * overall)))
    glare_bar = np.maximum(cv2.convertScaleAbs(darkest, alpha=GLARE_CONTRAST), glare_floor)
    bars = _looser(bars, (glare_bar, glare_bar))
    return tuple(cv2.resize(bar, (width, height), interpolation=cv2.INTER_LINEAR)
                 for bar in bars)


def _looser(bars: tuple[np.ndarray, np.ndarray], other: tuple[np.ndarray, np.ndarray]
            ) -> tuple[np.ndarray, np.ndarray]:
    """Paper bars (the paper level's, the pixel's), ``other``'s where both of those are looser.
    A pair holds whole or not at all: paper passing the level's bar of one pair and the
    pixel's of another would pass what neither lets in (the light squares of a card's back
    did)."""
    looser = (other[0] <= bars[0]) & (other[1] <= bars[1])
    return np.where(looser, other[0], bars[0]), np.where(looser, other[1], bars[1])


def _regional(small: np.ndarray, share: float, operation: int) -> np.ndarray:
    """The brightest or darkest (a dilation or an erosion) over squares ``share`` of the
    image's width across, smoothed over as much."""
    size = max(3, int(share * small.shape[1]) | 1)
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    return cv2.blur(cv2.morphologyEx(small, operation, square), (size, size))


def paper_level(small_darkness: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The brightness of the paper around each pixel of a frame of ``shape``: the brightest
    value within about 20 pixels (wider than any index glyph, so the inside of a printed suit
    still sees paper), smoothed, computed on a quarter-size copy for speed (``small_darkness``:
    the frame's darkness so shrunk, area_means)."""
    height, width = shape[:2]
    level = cv2.dilate(small_darkness, cv2.getStructuringElement(cv2.MORPH_RECT, (11, 11)))
    level = cv2.blur(level, (5, 5))
    return cv2.resize(level, (width, height), interpolation=cv2.INTER_LINEAR)


def paper_contours(paper: np.ndarray, corner: tuple[int, int] = (0, 0)
                   ) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The outer contours of the paper regions large enough to be (part of) a card, and of
    the scraps (SCRAP_AREA up to MIN_PAPER_AREA) that are not; ``paper`` is the part of the
    frame from ``corner`` (column, row) on."""
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                                   offset=corner)
    cards, scraps = [], []
    for contour in contours:
        if len(contour) < 3:  # (a point or a line encloses nothing: two in five of them)
            continue
        area = cv2.contourArea(contour)
        if area >= MIN_PAPER_AREA:
            cards.append(contour)
        elif area >= SCRAP_AREA:
            scraps.append(contour)
    return cards, scraps


def seams(contours: list[np.ndarray], shape: tuple[int, ...], corner: tuple[int, int] = (0, 0)
          ) -> np.ndarray:
    """A mask of the pixels that two paper regions (their contours, in frame pixels) both come
    within SEAM of (see SEAM), over the part of the frame of ``shape`` from ``corner`` (column,
    row)."""
    seam = np.zeros(shape[:2], np.uint8)
    if len(contours) < 2:
        return seam
    # Each region numbered twice, n and its complement 65535 - n: a square's greatest number
    # and greatest complement are one region's (they sum to 65535) unless it meets two.
    numbers = np.zeros(shape[:2], np.uint16)
    complements = np.zeros(shape[:2], np.uint16)
    shift = (-corner[0], -corner[1])
    for number, contour in enumerate(contours, start=1):
        cv2.drawContours(numbers, [contour], -1, number, cv2.FILLED, offset=shift)
        cv2.drawContours(complements, [contour], -1, 65535 - number, cv2.FILLED, offset=shift)
    greatest = cv2.dilate(numbers, _SEAM_SQUARE, dst=numbers)
    complement = cv2.dilate(complements, _SEAM_SQUARE, dst=complements)
    return cv2.compare(complement, cv2.bitwise_not(greatest, dst=greatest), cv2.CMP_GT, dst=seam)


def card_outlines(contours: list[np.ndarray], shape: tuple[int, ...],
                  corner: tuple[int, int] = (0, 0)) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """The convex outlines of the paper regions (their contours, in frame pixels), and a mask
    of them filled, one pixel in: of the part of the frame of ``shape`` from ``corner``
    (column, row), which must hold the contours a pixel from its sides but where they are the
    frame's."""
    cards = np.zeros(shape[:2], np.uint8)
    outlines = []
    shift = np.array(corner, np.int32)
    for contour in contours:
        hull = cv2.convexHull(contour)
        cv2.fillConvexPoly(cards, hull - shift if corner != (0, 0) else hull, 255)
        outlines.append(hull.reshape(-1, 2).astype(np.int32))
    return cv2.erode(cards, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))), tuple(outlines)


def whole_card(outline: np.ndarray) -> np.ndarray | None:
    """The outline's rectangle (4 x 2) if the paper region is one whole card, else None."""
    area = cv2.contourArea(outline.astype(np.float32))
    (cx, cy), (w, h), angle = cv2.minAreaRect(outline.astype(np.float32))
    if w < 1 or h < 1:
        return None
    ratio = max(w, h) / min(w, h)
    if area < RECTANGLE_FILL * w * h or not CARD_ASPECTS[0] <= ratio <= CARD_ASPECTS[1]:
        return None
    return cv2.boxPoints(((cx, cy), (w, h), angle)).astype(np.float64)
