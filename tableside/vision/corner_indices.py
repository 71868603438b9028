"""Indices placed by a corner of paper: read where a card partly under others prints its index.

A whole card's corners place its indices (tableside/vision/placed_indices.py), but a card in a
fanned hand or half under another is no whole card: its paper runs into its neighbours'. What
sticks out of such a heap is the corner that holds its index: two straight sides of the paper
region meeting square, the region on the inside. Where a court's index touches its picture's
frame, or blur joins it to the neighbouring card's edge, no mark is its rank, and that corner is
the only thing left that says where the index is.

Where the deck prints its index, measured from such a corner, is learnt from the frame itself:
every index read surely beside a corner gives its rank's place across and down from it and its
span (rank to suit), in spans; a table's cards all come from one deck, at much the same size.
So each corner whose index place holds no index read surely is looked at there (but for a
whole card's two corners beside its long sides, which print none: INWARD), at sizes
around the frame's usual span; the quick look picks the likeliest two, the closer look reads
them, and the surest counts only when it is read surely, names no card read surely elsewhere in
the frame (that is the card's other corner, or a misreading that would put the sure one in
doubt as a duplicate), no other place of the corner reads another card at least half surely,
and no candidate of the marks at that place reads another card at least half surely (a small
club read a spade from a place a little off, where the marks read the club). All readers read
every place (IndexReader.judge gives their mean).

Corners are taken from the paper at every ink threshold (Marks.papers): a card's margin in a
shadow is paper only at the looser one.

Measured against the same tree without the corners (same frames, same readers, reports at
0.95): the tests' scenes (seeds 5000/6000, 70 per group) 540 -> 541 and 546 -> 547 cards read;
seeds 8000/9000 (120 per group) 921 -> 923 and 935 -> 939; seeds 20000/21000 (150) 1171 -> 1177
and 1148 -> 1152; seeds 30000/31000 (120) 940 -> 952 and 886 -> 887, with no wrong report more
on any of them; scenes of twelve decks drawn by code (150 at seeds 77000 and 78000) 1083 -> 1102
and 1093 -> 1114, with two wrong reports more (small clubs read as spades by both readers).
Most of those read are court cards in fans and heaps. The bench's frames read 298 of 301 cards
(was 288) and take about 8 ms more (median 44-47 -> 54-55 ms).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.assembly import CONFIDENT, CONFLICT_SURE
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import norms
from tableside.vision.marks import Marks
from tableside.vision.placed_indices import placed_at, surest_places
from tableside.vision.reader import NO_INDEX, IndexReader

# A paper contour's straight sides: points within STRAIGHT pixels of a line are one side, and
# sides of at least SIDE pixels count (a 60 px card's sides are 60 and 85).
STRAIGHT = 1.5
SIDE = 10.0
# Two sides meet square when the cosine of their angle is at most SQUARE (70 to 110 degrees: a
# camera's slant skews a card's corners a little); the short sides between them, a card's
# rounded corner, may add up to ROUNDING of the shorter one.
SQUARE = 0.35
ROUNDING = 0.4
# Corners this close to the frame's edge are where the frame cuts the paper, not a card's.
FRAME_EDGE = 2
# Two corners this close (pixels), their sides turned alike (the cosine at least SAME_TURN),
# are one corner seen at two thresholds of paper (Marks.papers).
SAME_CORNER = 3.0
SAME_TURN = 0.9
# A corner whose index place holds an index read surely (its rank within this many of its
# spans) needs no more looking.
READ_HERE = 0.5
# An index read surely teaches the deck's place when its suit lies straight down from its rank
# (the cosine at least DOWNWARDS) and its rank lies within these many spans across and down.
DOWNWARDS = 0.9
LEARN_ACROSS = (0.2, 2.0)
LEARN_DOWN = (0.3, 2.0)
# The sizes looked at, as shares of the frame's usual span (the camera's slant and the card's
# turn make cards of a frame differ a little).
SIZES = (0.8, 0.9, 1.0, 1.1, 1.25)
# Per corner, the places the quick look finds likeliest are read closely, if at least this
# likely an index.
READ_CLOSELY = 2
LIKELY = 0.2
# A candidate of the marks within this many spans of a corner's reading is the same index.
SAME_PLACE = 0.6
# A whole card prints its indices at the two corners its short sides leave clockwise (its top
# and, turned half round, its bottom): from the other two the deck's place lies beside a long
# side, turned a quarter from any index, so those are not looked at where an index read surely
# on the card runs along its long sides (the part of a card another card leaves can look whole,
# its long sides the card's short ones: without that test the ten groups' drawn decks read
# 2,264 -> 2,261 of 2,275 and the fresh groups' shared decks 2,357 -> 2,356). A corner's card is
# the outline under the point INWARD pixels along both its sides (past a rounded corner).
# scripts/score_drawn_scenes.py read and wrong the same, group by group (ten, fresh, dev,
# untouched), and the photographs; scripts/ab_vision.py -2.06 ms a frame (median; same outputs).
INWARD = 3.0


@dataclass(frozen=True)
class PaperCorner:
    """A square convex corner of a paper region: the point where its two sides' lines meet,
    and unit directions into the paper along them: ``across`` the side that leaves the corner
    clockwise (a card's top side, were this its top-left corner) and ``down`` the other."""

    point: np.ndarray
    across: np.ndarray
    down: np.ndarray


@dataclass(frozen=True)
class IndexPlace:
    """Where the frame's deck prints its index from a corner: the rank's place across and
    down, in spans, and the frame's usual span in pixels."""

    across: float
    down: float
    span: float

    def rank_of(self, corners: np.ndarray, size: float | np.ndarray = 1.0) -> np.ndarray:
        """Where the rank of each corner's index is (``corners`` as corner_array gives them),
        for an index ``size`` times the usual (a number, or one per corner)."""
        points, acrosses, downs = corners.transpose(1, 0, 2)
        return points + np.reshape(size, (-1, 1)) * self.span * (self.across * acrosses
                                                                 + self.down * downs)


def paper_corners(marks: Marks) -> list[PaperCorner]:
    """Every square convex corner of the frame's paper regions (at every threshold of paper,
    each corner once), away from the frame's edge."""
    return [PaperCorner(point, across, down) for point, across, down in paper_corner_array(marks)]


def paper_corner_array(marks: Marks) -> np.ndarray:
    """corner_array(paper_corners(marks)), the same numbers, without a PaperCorner a corner
    between (0.09 ms a frame on the bench's frames)."""
    height, width = marks.cards.shape
    points, arriving, leaving = _square_corners(marks.papers)
    inside = ((points[:, 0] >= FRAME_EDGE) & (points[:, 0] <= width - 1 - FRAME_EDGE)
              & (points[:, 1] >= FRAME_EDGE) & (points[:, 1] <= height - 1 - FRAME_EDGE))
    # The same corner at another threshold of paper is looked at once (the first seen).
    close = norms(points[:, None] - points[None]) < SAME_CORNER
    alike = arriving @ arriving.T > SAME_TURN
    repeated = np.tril(close & alike, -1).any(axis=1)
    return np.stack([points, leaving, -arriving], axis=1)[inside & ~repeated]


def _square_corners(contours: Sequence[np.ndarray]
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The contours' square convex corners, contour by contour: their points, and the unit
    directions of the sides arriving at and leaving them, going round clockwise on screen.

    All contours at once (some twenty a frame; one at a time cost about 1 ms a frame), each
    number as working on the contour alone gives it: every step is per point or per side, but
    the sums along a contour, which run contour by contour."""
    nothing = np.zeros((0, 2)), np.zeros((0, 2)), np.zeros((0, 2))
    polygons = [cv2.approxPolyDP(contour.reshape(-1, 1, 2), STRAIGHT, True).reshape(-1, 2)
                for contour in contours]
    if not polygons:
        return nothing
    sizes = np.array([len(polygon) for polygon in polygons])
    starts = np.cumsum(sizes) - sizes
    owner = np.repeat(np.arange(len(polygons)), sizes)
    place = np.arange(int(sizes.sum())) - starts[owner]
    points = np.concatenate(polygons).astype(np.float64)
    ahead = np.where(place + 1 < sizes[owner], np.arange(len(points)) + 1, starts[owner])
    # Clockwise on screen: the polygons that run the other way, backwards. (Their areas are
    # sums of whole numbers, exact in any order.)
    x, y = points[:, 0], points[:, 1]
    backwards = np.bincount(owner, x * y[ahead] - x[ahead] * y, len(polygons)) < 0
    order = np.where(backwards[owner], starts[owner] + sizes[owner] - 1 - place,
                     np.arange(len(points)))
    points = points[order]
    edges = points[ahead] - points
    lengths = np.linalg.norm(edges, axis=1)
    # The long sides, each with the next long side of its polygon (the first after the last),
    # in polygons with two or more.
    a = np.nonzero(lengths >= SIDE)[0]
    counts = np.bincount(owner[a], minlength=len(polygons))
    a = a[counts[owner[a]] >= 2]
    if len(a) == 0:
        return nothing
    first_long = np.searchsorted(a, starts[owner[a]])
    last = np.append(owner[a][1:] != owner[a][:-1], True)
    b = np.where(last, a[first_long], np.append(a[1:], 0))
    # The short sides between two long ones (a card's rounded corner) add up to this. Each
    # polygon's running sums of its sides, from 0, one polygon at a time as alone: polygon k's
    # sum of the sides before its side j is total[starts[k] + k + j].
    # (One cumsum along the rows of the polygons' sides padded to one length, each row's
    # additions in its own order: the same sums, about a tenth of a millisecond a frame less
    # than a cumsum a polygon.)
    padded = np.zeros((len(polygons), int(sizes.max()) + 1))
    padded[owner, place + 1] = lengths
    total = np.cumsum(padded, axis=1)[np.arange(padded.shape[1]) <= sizes[:, None]]
    base = starts[owner[a]] + owner[a]
    through_a, before_b = total[base + place[a] + 1], total[base + place[b]]
    whole = total[base + sizes[owner[a]]]
    between = np.where(b > a, before_b - through_a, whole - through_a + before_b)
    arriving = edges[a] / lengths[a, None]
    leaving = edges[b] / lengths[b, None]
    turn = arriving[:, 0] * leaving[:, 1] - arriving[:, 1] * leaving[:, 0]
    # Square, and the paper on the inside (not a concave corner).
    keep = ((between <= ROUNDING * np.minimum(lengths[a], lengths[b]))
            & (np.abs((arriving * leaving).sum(axis=1)) <= SQUARE) & (turn > 0))
    a, b, arriving, leaving = a[keep], b[keep], arriving[keep], leaving[keep]
    # Where the two sides' lines meet: p_a + u e_a = p_b + v e_b.
    offset = points[b] - points[a]
    cross = edges[a, 0] * -edges[b, 1] - edges[a, 1] * -edges[b, 0]
    u = (offset[:, 0] * -edges[b, 1] - offset[:, 1] * -edges[b, 0]) / cross
    return points[a] + u[:, None] * edges[a], arriving, leaving


def learned_place(corners: np.ndarray, rank_points: np.ndarray,
                  suit_points: np.ndarray) -> IndexPlace | None:
    """The deck's index place, from the indices read surely (their rank and suit points) next
    to the corners (as corner_array gives them); None when none is."""
    if len(rank_points) == 0 or len(corners) == 0:
        return None
    spans = norms(suit_points - rank_points)
    spans = np.maximum(spans, 1e-6)
    points, acrosses, downs = corners.transpose(1, 0, 2)
    # Per corner (row) and index (column), in spans: the rank across and down from the
    # corner, and the way from rank to suit along the corner's down.
    offsets = rank_points[None] - points[:, None]
    across = (offsets @ acrosses[:, :, None])[:, :, 0] / spans
    down = (offsets @ downs[:, :, None])[:, :, 0] / spans
    downwards = ((suit_points - rank_points)[None] @ downs[:, :, None])[:, :, 0] / spans
    fits = ((downwards >= DOWNWARDS) & (across >= LEARN_ACROSS[0])
            & (across <= LEARN_ACROSS[1]) & (down >= LEARN_DOWN[0])
            & (down <= LEARN_DOWN[1]))
    if not fits.any():
        return None
    return IndexPlace(_median(across[fits]), _median(down[fits]), _median(spans))


def _median(values: np.ndarray) -> float:
    """float(np.median(values)) of a 1-D array, the same number: the middle one sorted, or
    the two middle ones' sum halved in their own type, as np.median's mean of them is (NaN
    when any is). np.median's checks cost more than the sort on a frame's few values: 0.27
    -> 0.05 ms a frame for learned_place's three on the bench's frames."""
    ordered = np.sort(values)
    half = len(ordered) // 2
    if np.isnan(ordered[-1]):
        return float("nan")
    if len(ordered) % 2:
        return float(ordered[half])
    return float((ordered[half - 1] + ordered[half]) / 2)


def corner_candidates(marks: Marks, corners: np.ndarray, place: IndexPlace) -> Candidates:
    """Per corner (as corner_array gives them), a candidate at each of SIZES, in that order."""
    repeated = np.repeat(corners, len(SIZES), axis=0)
    sizes = np.tile(SIZES, len(corners))
    ranks = place.rank_of(repeated, sizes)
    return placed_at(marks, ranks, ranks + sizes[:, None] * place.span * repeated[:, 2])


def read_corners(reader: IndexReader, marks: Marks, candidates: Candidates,
                 probabilities: np.ndarray, corners: np.ndarray | None = None,
                 wholes: list[np.ndarray | None] | None = None
                 ) -> tuple[Candidates, np.ndarray]:
    """The sure readings at the paper corners whose index place holds no sure reading yet,
    given the frame's candidates so far and their probabilities (N x 53): per corner read
    surely, its place as a candidate, and its probabilities (the readers' mean). ``corners``
    are the frame's paper_corner_array(marks), when already worked out;
    ``wholes`` its whole_cards(marks), whose corners beside a long side are not looked at
    (INWARD)."""
    nothing = (candidates.subset(np.zeros(0, np.int64)), np.zeros((0, NO_INDEX + 1), np.float32))
    confidence = probabilities[:, :NO_INDEX].max(axis=1)
    sure = confidence >= CONFIDENT
    corners = paper_corner_array(marks) if corners is None else corners
    place = learned_place(corners, candidates.rank_points[sure], candidates.suit_points[sure])
    if place is None:
        return nothing
    sure_points, sure_spans = candidates.rank_points[sure], candidates.spans[sure]
    read_here = (norms(sure_points[None] - place.rank_of(corners)[:, None])
                 <= READ_HERE * sure_spans).any(axis=1)
    corners = corners[~(read_here | _beside_long_sides(marks, corners, wholes, sure_points,
                                                       candidates.suit_points[sure]))]
    if len(corners) == 0:
        return nothing
    places = corner_candidates(marks, corners, place)
    chosen, read, rivals = surest_places(reader, marks, places, len(SIZES), READ_CLOSELY,
                                         LIKELY)
    named = read[:, :NO_INDEX].argmax(axis=1)
    kept = np.nonzero((read[:, :NO_INDEX].max(axis=1) >= CONFIDENT) & ~rivals)[0]
    # A corner read as a card read surely elsewhere in the frame says nothing new (the card's
    # other corner), or is a misreading that would put the sure one in doubt as a duplicate.
    named_by_marks = probabilities[:, :NO_INDEX].argmax(axis=1)
    # (Compared pair by pair: np.isin sorted its few arguments at some 80 us a frame.)
    kept = kept[~(named[kept][:, None] == named_by_marks[sure][None]).any(axis=1)]
    if len(kept) == 0:
        return nothing
    found = places.subset(chosen[kept])
    steady = np.ones(len(kept), bool)
    for n, card in enumerate(named[kept]):
        near = norms(candidates.rank_points - found.rank_points[n])
        if ((near <= SAME_PLACE * found.spans[n]) & (confidence >= CONFLICT_SURE)
                & (named_by_marks != card)).any():
            steady[n] = False
    return found.subset(np.nonzero(steady)[0]), read[kept][steady]


def _beside_long_sides(marks: Marks, corners: np.ndarray,
                       wholes: list[np.ndarray | None] | None, rank_points: np.ndarray,
                       suit_points: np.ndarray) -> np.ndarray:
    """Per corner (``corners`` as corner_array gives them): is it a whole card's (``wholes``,
    per outline) that a long side leaves clockwise, where no index is printed, on a card an
    index read surely (its rank and suit points) shows the long sides are its own (see
    INWARD)?"""
    beside = np.zeros(len(corners), bool)
    if len(corners) == 0 or wholes is None or len(rank_points) == 0:
        return beside
    points, acrosses, corner_downs = corners.transpose(1, 0, 2)
    outlines = marks.outline_of(points + INWARD * (acrosses + corner_downs))
    read_on = marks.outline_of(rank_points)
    chosen = np.array([n for n, outline in enumerate(outlines) if outline >= 0
                       and wholes[outline] is not None], np.int64)
    if len(chosen) == 0:
        return beside
    cards = np.stack([wholes[outlines[n]] for n in chosen])
    sides = np.concatenate([cards[:, 1:], cards[:, :1]], axis=1) - cards
    lengths = np.linalg.norm(sides, axis=2)
    rows = np.arange(len(chosen))
    along = np.argmax(np.abs((sides @ acrosses[chosen][:, :, None])[:, :, 0]) / lengths, axis=1)
    longer = lengths[rows, along] > np.maximum(lengths[rows, along - 1],
                                               lengths[rows, (along + 1) % 4])
    downs = suit_points - rank_points
    downs /= np.maximum(np.linalg.norm(downs, axis=1), 1e-6)[:, None]
    # The card's indices run along its long sides: it is a whole card, not the part of one
    # that another card leaves (whose long sides may be its short ones).
    running = np.abs(downs @ sides[rows, along].T) / lengths[rows, along] >= DOWNWARDS
    beside[chosen] = longer & (running & (read_on[:, None] == outlines[chosen][None])).any(axis=0)
    return beside


def corner_array(corners: list[PaperCorner]) -> np.ndarray:
    """The corners as one K x 3 x 2 array (point, across, down), as assembly.py takes them."""
    if not corners:
        return np.zeros((0, 3, 2))
    # (One array of them all, not a stack a corner: paper_corners and this timed alone on the
    # bench's frames 0.60 -> 0.54 ms a frame.)
    return np.array([(c.point, c.across, c.down) for c in corners], np.float64)
