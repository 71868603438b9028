"""Where a corner index might be: a rank mark with a suit mark next to it, or one mark that is both.

A corner index is a rank with its suit printed just under it, so the way from the rank to the
suit says which way is "down" on that card, whatever the card's turn on the table. Every pair
of nearby marks of fitting sizes is a candidate, in both orders (the reader rejects the wrong
one, which shows an index upside down); so is every elongated single mark, in both directions
along its long axis, for indices whose rank and suit run together under blur. Each candidate is
two points, "rank" and "suit"; the reader looks at the patch they define.

A mark shaped like a rank alone can be a candidate too ("lone ranks"), its suit point where
an index's suit would be (either way along its long axis), for indices whose suit ran into
something else (on small court cards the suit often touches the picture's frame, making one
mark too big or too thin to pair). Recognition asks only for those whose suit point lies on
such a mark: where it lies on a mark that fits as a suit, that pair is a candidate already,
and on bare paper there is no suit. Training takes them all, as extra views of indices; all
of them at run time would add half again as many candidates (about 10 ms a frame), and on
one drawn deck they made a sure misreading (a spade read as a club).

On the pass that cuts bodies away, a suit that ran into a chip or a big suit went with the
body: a parted rank's suit point on no mark of that pass but within the box of the mark it
was parted from counts as on such a mark. scripts/score_drawn_scenes.py --fresh: drawn groups
2,328 -> 2,330 of 2,343, wrong 5; the ten groups' shared decks wrong 3 -> 2 (a held-out 5d
read 6d is doubted), all else the same; 3.4 % more candidates on the bench's frames (on the
mark itself rather than in its box: 2,329 read, 1.6 % more).

Candidates come from every pass of marks (see :mod:`tableside.vision.marks`); one from a
later pass that repeats one from an earlier pass (the same points, near enough) is left out:
the cut pass's, which are read apart (tableside/vision/recognizer.py), only those that repeat
the first pass's. scripts/score_drawn_scenes.py, against repeats of the first pass's alone
(the bench's frames: 28 candidates fewer a frame, of 547; the thin-wiped pass repeating the
stricter one): every group's wrong reports the same; read the same but the studied groups'
shared decks 2,399 -> 2,398 of 2,411, the untouched 2,283 -> 2,284 of 2,298, the unseen
2,243 -> 2,244 of 2,256 and drawn 2,342 -> 2,341 of 2,356, the fresh drawn 2,330 -> 2,331 of
2,343; the photographs the same. scripts/ab_vision.py: median -1.09 ms a frame.

Marks of a pattern (a card back's lattice: very many marks of one size on one outline) make no
candidates: no index looks like that, and they would make thousands.

Tried in session 64 and not kept: dropping candidates by their marks' shapes alone, before any
glance is cut (30 numbers a candidate from the marks' boxes: its span, each mark's extent along
and across it, sizes, fills, areas and offsets from the points, its pass, how many candidates
share each of its marks, the distance from its points to the paper's edge; a perceptron with two
hidden layers of 32, trained on the candidates of 1,200 of scripts/train_card_reader.py's
scenes, 899,316, to keep the indices the quick look keeps). On 300 other such scenes (214,745
candidates, 6,371 such indices) it could drop only 11-23 % of the candidates keeping every one of
those indices (31-52 % losing 1 in 2,000), varying from one training to the next: cutting and
glancing at a candidate costs about 20 us, so at most some 2.5 ms of a frame of the bench's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from tableside.vision.geometry import norms
from tableside.vision.marks import CUT_PASS, MarkPass, Marks

# Sizes are the diagonal of a mark's box, in pixels (cards 60 to about 300 pixels wide).
MIN_MARK = 5.0
MAX_MARK = 110.0
MIN_AREA = 8
MIN_FILL = 0.1  # share of its box a mark covers (long thin lines are card edges and art)
# Distance between rank and suit centres, in mean mark sizes.
PAIR_DISTANCE = (0.45, 2.1)
# Suit size over rank size.
PAIR_SIZES = (0.3, 2.5)
# A single mark is both rank and suit when this much longer than wide.
MIN_ELONGATION = 1.4
MAX_SINGLE = 160.0
# A lone rank: a mark this much longer than wide whose suit has run into something else (a
# court card's picture frame, a pip, a neighbouring card) is a candidate with its suit point
# this many of its lengths along its long axis (either way), where an index's suit would be
# (rank centre to suit centre is 0.8 to 1.4 rank heights on the shared decks, mostly 1.0-1.1).
# Marks smaller than LONE_MIN show too few pixels to tell their long axis.
LONE_RANKS = ("none", "unpaired", "all")
LONE_ELONGATION = 1.15
LONE_SPAN = 1.05
LONE_MIN = 8.0
# A later-pass candidate repeats an earlier one when both its points are this close (share
# of its span).
SAME_POINTS = 0.12
# An outline holding more usable marks than this alike in size (areas within this share of
# their median) is a printed pattern.
PATTERN_MARKS = 80
PATTERN_LIKENESS = 0.4


@dataclass(frozen=True)
class Candidates:
    """N candidate indices: the rank point and the suit point of each, and the marks used."""

    rank_points: np.ndarray  # float32 N x 2
    suit_points: np.ndarray  # float32 N x 2
    rank_marks: np.ndarray  # int32 N: index into its pass's marks
    suit_marks: np.ndarray  # int32 N: the same as rank_marks for a single mark
    passes: np.ndarray  # int32 N: which pass of marks

    def __len__(self) -> int:
        return len(self.rank_marks)

    def subset(self, chosen: np.ndarray) -> Candidates:
        return Candidates(self.rank_points[chosen], self.suit_points[chosen],
                          self.rank_marks[chosen], self.suit_marks[chosen], self.passes[chosen])

    @staticmethod
    def join(parts: list[Candidates]) -> Candidates:
        return Candidates(*(np.concatenate([getattr(p, name) for p in parts]) for name in (
            "rank_points", "suit_points", "rank_marks", "suit_marks", "passes")))

    def moved(self, scale: float, sideways: float, turn: float = 0.0) -> Candidates:
        """The same candidates with both points turned by ``turn`` radians and scaled by
        ``scale`` about their middle, and shifted sideways (to the index's right) by
        ``sideways`` spans."""
        middle = (self.rank_points + self.suit_points) / 2
        down = self.suit_points - self.rank_points
        right = np.stack([down[:, 1], -down[:, 0]], axis=1)
        cos, sin = np.cos(turn), np.sin(turn)
        turned = np.array([[cos, sin], [-sin, cos]]) * scale  # row vectors: v @ turned
        rank = middle + (self.rank_points - middle) @ turned + sideways * right
        suit = middle + (self.suit_points - middle) @ turned + sideways * right
        return Candidates(rank.astype(np.float32), suit.astype(np.float32), self.rank_marks,
                          self.suit_marks, self.passes)

    @property
    def spans(self) -> np.ndarray:
        """Distance from rank point to suit point, the candidate's scale."""
        return norms(self.suit_points - self.rank_points)

    def mates(self) -> np.ndarray:
        """Per candidate: the candidate of the same pass with its two points swapped (the
        same marks read the other way round), or -1. Pairs of marks and single marks come in
        both orders (see the module's docstring); lone ranks have no mate."""
        count = len(self)
        result = np.full(count, -1, np.int64)
        if count < 2:
            return result
        # Mates share the unordered pair of points: each candidate's points in a fixed order
        # (the smaller by x, then y, first), with its pass. Their points are the same float32
        # numbers swapped, so the keys are equal exactly.
        rank, suit = self.rank_points, self.suit_points
        rank_first = (rank[:, 0] < suit[:, 0]) | ((rank[:, 0] == suit[:, 0])
                                                  & (rank[:, 1] <= suit[:, 1]))
        low = np.where(rank_first[:, None], rank, suit)
        high = np.where(rank_first[:, None], suit, rank)
        columns = (high[:, 1], high[:, 0], low[:, 1], low[:, 0], self.passes)
        order = np.lexsort(columns)
        # Neighbours in that order with equal keys; three alike (never seen) make no mates.
        same = np.ones(count - 1, bool)
        for column in columns:
            ordered = column[order]
            same &= ordered[1:] == ordered[:-1]
        first, second = order[:-1][same], order[1:][same]
        alone = np.ones(len(first), bool)
        alone[1:] &= first[1:] != second[:-1]
        alone[:-1] &= second[:-1] != first[1:]
        # (Two candidates of one order on the same points are repeats, not mates.)
        alone &= rank_first[first] != rank_first[second]
        first, second = first[alone], second[alone]
        result[first], result[second] = second, first
        return result


def find_candidates(marks: Marks, *, lone_ranks: str = "unpaired") -> Candidates:
    """Every candidate of a frame, with the lone-rank ones (see the module's docstring):
    ``"all"`` of them (for training), only ``"unpaired"`` ones, or ``"none"``."""
    if lone_ranks not in LONE_RANKS:
        raise ValueError(f"lone_ranks must be one of {', '.join(LONE_RANKS)}, not {lone_ranks!r}")
    parts = [_candidates_of(marks, marks_pass, n, lone_ranks)
             for n, marks_pass in enumerate(marks.passes)]
    for n in range(1, len(parts)):
        earlier = parts[0] if n == CUT_PASS else Candidates.join(parts[:n])
        parts[n] = parts[n].subset(np.nonzero(~_repeats(parts[n], earlier))[0])
    return Candidates.join(parts)


def _repeats(later: Candidates, earlier: Candidates) -> np.ndarray:
    """Per candidate of ``later``: does ``earlier`` hold one with nearly the same points?"""
    result = np.zeros(len(later), bool)
    if len(later) == 0 or len(earlier) == 0:
        return result
    reach = SAME_POINTS * later.spans
    # The earlier rank points sorted by x: each later candidate compares only those in
    # reach along x (a few), not all.
    order = np.argsort(earlier.rank_points[:, 0], kind="stable")
    xs = earlier.rank_points[order, 0]
    low = np.searchsorted(xs, later.rank_points[:, 0] - reach, side="left")
    high = np.searchsorted(xs, later.rank_points[:, 0] + reach, side="right")
    counts = high - low
    rows = np.repeat(np.arange(len(later)), counts)
    columns = order[np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
                    + np.repeat(low, counts)]
    rank = norms(later.rank_points[rows] - earlier.rank_points[columns])
    # (The suit points only of pairs whose rank points are near: the same distances, of
    # a few of the pairs.)
    near = np.nonzero(rank <= reach[rows])[0]
    rows, columns = rows[near], columns[near]
    suit = norms(later.suit_points[rows] - earlier.suit_points[columns])
    result[rows[suit <= reach[rows]]] = True
    return result


def _candidates_of(frame: Marks, marks: MarkPass, pass_number: int,
                    lone_ranks: str) -> Candidates:
    sizes = np.hypot(marks.boxes[:, 2], marks.boxes[:, 3]).astype(np.float32)
    fill = marks.areas / np.maximum(1, marks.boxes[:, 2] * marks.boxes[:, 3])
    usable = (sizes >= MIN_MARK) & (fill >= MIN_FILL) & (marks.areas >= MIN_AREA)
    usable &= ~_patterned(frame, marks, usable)
    paired = np.nonzero(usable & (sizes <= MAX_MARK))[0]
    rank_list, suit_list = _pairs(marks.centroids[paired].astype(np.float32), sizes[paired])
    if marks.parted is not None:
        keep = marks.parted[paired[rank_list]]
        rank_list, suit_list = rank_list[keep], suit_list[keep]
    rank_marks = [paired[rank_list]]
    suit_marks = [paired[suit_list]]
    rank_points = [marks.centroids[rank_marks[0]].astype(np.float32)]
    suit_points = [marks.centroids[suit_marks[0]].astype(np.float32)]

    least = 2 * MIN_MARK if lone_ranks == "none" else LONE_MIN
    shaped = np.nonzero(usable & (sizes >= least) & (sizes <= MAX_SINGLE))[0]
    if marks.parted is not None:
        shaped = shaped[marks.parted[shaped]]
    directions, lengths, elongations = _long_axes(marks, shaped)
    kept = np.nonzero(lengths > 0)[0]
    if len(kept):
        shaped, directions = shaped[kept], directions[kept]
        centres = marks.centroids[shaped].astype(np.float32)
        lengths = lengths[kept].astype(np.float32)[:, None]
        elongations = elongations[kept]
        single = (elongations >= MIN_ELONGATION) & (sizes[shaped] >= 2 * MIN_MARK)
        lone = ((elongations >= LONE_ELONGATION) & (sizes[shaped] <= MAX_MARK)
                & (lone_ranks != "none"))
        for way in (1.0, -1.0):
            # A rank and suit run together: points a quarter of its length either side.
            reach = way * lengths / 4 * directions
            rank_marks.append(shaped[single])
            suit_marks.append(shaped[single])
            rank_points.append((centres - reach)[single])
            suit_points.append((centres + reach)[single])
            # A lone rank: its suit where an index's suit would be.
            suits = (centres + way * LONE_SPAN * lengths * directions)[lone]
            ranks, rank_centres = shaped[lone], centres[lone]
            under = marks.marks_at(suits)
            if lone_ranks == "unpaired":
                keep = _unpaired(under, ranks, usable, sizes)
                if marks.parted is not None:
                    keep |= _on_cut_body(frame.passes[0], marks, ranks, suits, under)
                ranks, rank_centres, suits, under = (ranks[keep], rank_centres[keep],
                                                     suits[keep], under[keep])
            rank_marks.append(ranks)
            suit_marks.append(np.where(under >= 0, under, ranks))
            rank_points.append(rank_centres)
            suit_points.append(suits)
    rank_marks_all = np.concatenate(rank_marks).astype(np.int32)
    return Candidates(np.concatenate(rank_points).astype(np.float32).reshape(-1, 2),
                      np.concatenate(suit_points).astype(np.float32).reshape(-1, 2),
                      rank_marks_all, np.concatenate(suit_marks).astype(np.int32),
                      np.full(len(rank_marks_all), pass_number, np.int32))


def _patterned(frame: Marks, marks: MarkPass, usable: np.ndarray) -> np.ndarray:
    """Marks that belong to a printed pattern (see PATTERN_MARKS)."""
    result = np.zeros(len(marks), bool)
    if usable.sum() <= PATTERN_MARKS:
        return result
    outlines = frame.outline_of(marks.centroids)
    # (Only outlines holding more than PATTERN_MARKS usable marks are looked at: counted at
    # once, not gathered one outline at a time, some 13 a frame of the bench's.)
    counts = np.bincount(outlines[usable] + 1)
    for outline in np.nonzero(counts > PATTERN_MARKS)[0] - 1:
        members = np.nonzero(usable & (outlines == outline))[0]
        if len(members) > PATTERN_MARKS:
            areas = marks.areas[members].astype(np.float64)
            typical = np.median(areas)
            alike = members[np.abs(areas - typical) < PATTERN_LIKENESS * typical]
            if len(alike) > PATTERN_MARKS:
                result[alike] = True
    return result


def _pairs(centres: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ordered pairs (rank, suit) of marks close enough and alike enough in size."""
    count = len(centres)
    if count < 2:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    firsts, seconds = [], []
    # In blocks, so that a frame full of marks needs no huge distance matrix.
    block = 512
    for start in range(0, count, block):
        part = slice(start, min(count, start + block))
        # (Per axis: the same float32 sums as squaring an N x N x 2 array of differences and
        # adding along its last axis, which took ten times as long for 300 marks.
        # scripts/ab_vision.py: median -0.6 and -0.51 ms a frame, same outputs.)
        x_apart = centres[part, None, 0] - centres[None, :, 0]
        y_apart = centres[part, None, 1] - centres[None, :, 1]
        distance = np.sqrt(x_apart * x_apart + y_apart * y_apart)
        mean_size = (sizes[part, None] + sizes[None, :]) / 2
        ratio = sizes[None, :] / sizes[part, None]
        near = ((distance >= PAIR_DISTANCE[0] * mean_size)
                & (distance <= PAIR_DISTANCE[1] * mean_size)
                & (ratio >= PAIR_SIZES[0]) & (ratio <= PAIR_SIZES[1]))
        rows, columns = np.nonzero(near)
        firsts.append(rows + start)
        seconds.append(columns)
    return np.concatenate(firsts), np.concatenate(seconds)


def _unpaired(under: np.ndarray, ranks: np.ndarray, usable: np.ndarray,
              sizes: np.ndarray) -> np.ndarray:
    """Lone ranks whose suit point lies on a mark that cannot be their suit (too big, or
    a frame's thin line): where it lies on a fitting mark, that pair is a candidate already,
    and where it lies on no mark at all, there is no suit to have run into anything."""
    on_mark = under >= 0
    mark = np.where(on_mark, under, 0)
    ratio = sizes[mark] / sizes[ranks]
    fitting = (usable[mark] & (sizes[mark] <= MAX_MARK) & (ratio >= PAIR_SIZES[0])
               & (ratio <= PAIR_SIZES[1]))
    return on_mark & ~fitting


def _on_cut_body(first: MarkPass, marks: MarkPass, ranks: np.ndarray, suits: np.ndarray,
                 under: np.ndarray) -> np.ndarray:
    """On the pass that cuts bodies away: lone ranks whose suit point lies on no mark of the
    pass but within the box of the first-pass mark the rank was parted from, its body cut away
    (a suit that ran into a big suit or a picture beside it went with the body; the point is
    an estimate, so it may miss the suit's own pixels)."""
    x, y, width, height = first.boxes[marks.parted_from[ranks]].T
    return ((under < 0) & (x <= suits[:, 0]) & (suits[:, 0] < x + width)
            & (y <= suits[:, 1]) & (suits[:, 1] < y + height))


def _long_axes(marks: MarkPass, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per chosen mark: the unit direction of its long axis (float32 N x 2), its length along
    that axis and how much longer than wide it is (length 0: an empty mark, or a lone pixel,
    which has no axis)."""
    m00, mu20, mu02, mu11 = _central_moments(marks, chosen)
    area = m00
    empty = area == 0
    mu20, mu02, mu11 = (np.stack([mu20, mu02, mu11]) / np.where(empty, 1.0, area))
    spread = np.sqrt(((mu20 - mu02) / 2) ** 2 + mu11 ** 2)
    major = (mu20 + mu02) / 2 + spread
    minor = np.maximum((mu20 + mu02) / 2 - spread, 1e-6)
    angle = 0.5 * np.arctan2(2 * mu11, mu20 - mu02)
    directions = np.stack([np.cos(angle), np.sin(angle)], axis=1).astype(np.float32)
    # For an even bar, the length is sqrt(12 * variance).
    lengths = np.where(empty, 0.0, np.sqrt(12 * major))
    return directions, lengths, np.where(empty, 0.0, np.sqrt(major / minor))


def _central_moments(marks: MarkPass, chosen: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per chosen mark: m00, mu20, mu02 and mu11 of its pixels in its box, bitwise as
    cv2.moments(mask, binaryImage=True) gives them.

    The raw moments are whole sums (exact in float64 whatever the order of adding), so they
    are taken row by row, a mask times its columns' powers, and the rows added up for all
    marks at once; the central ones follow as OpenCV works them out (m20 - m10 * (m10 *
    (1 / m00)), ...). One cv2.moments a mark (some 225 marks a frame) took 2.2 ms a frame of
    the bench's against 1.5 so (timed alone); scripts/ab_vision.py: median -0.37, -0.05 and
    -1.52 ms a frame (three runs of 3-4 passes on a busy machine), same outputs."""
    count = len(chosen)
    labels = marks.labels
    boxes = marks.boxes[chosen]
    # Per row of every chosen mark's box: its pixels of the mark, and their x and x^2 summed.
    # (np.dot, not @: the same whole sums, exact in any order, in about two thirds of the
    # time a box. scripts/ab_vision.py, with its commit's other two:
    # median -0.79, -0.23, -0.53, -0.12, -0.56, -0.56 ms a frame together, same outputs.)
    rows = [np.dot(labels[y:y + height, x:x + width] == mark + 1, _powers(width))
            for mark, (x, y, width, height) in zip(chosen.tolist(), boxes.tolist(), strict=True)]
    sums = np.concatenate(rows) if rows else np.zeros((0, 3))
    heights = boxes[:, 3].astype(np.int64)
    owners = np.repeat(np.arange(count), heights)
    row = (np.arange(len(owners)) - np.repeat(np.cumsum(heights) - heights, heights)).astype(
        np.float64)
    m00 = np.bincount(owners, sums[:, 0], count)
    m10 = np.bincount(owners, sums[:, 1], count)
    m20 = np.bincount(owners, sums[:, 2], count)
    m01 = np.bincount(owners, sums[:, 0] * row, count)
    m11 = np.bincount(owners, sums[:, 1] * row, count)
    m02 = np.bincount(owners, sums[:, 0] * row * row, count)
    # (OpenCV leaves the centre at 0 for an empty mask.)
    inverse = np.where(m00 == 0, 0.0, 1.0 / np.where(m00 == 0, 1.0, m00))
    x_centre, y_centre = m10 * inverse, m01 * inverse
    return m00, m20 - m10 * x_centre, m02 - m01 * y_centre, m11 - m10 * y_centre


@functools.cache
def _powers(width: int) -> np.ndarray:
    """width x 3: 1, x and x^2 for each column x of a box."""
    columns = np.arange(width, dtype=np.float64)
    powers = np.stack([np.ones(width), columns, columns * columns], axis=1)
    powers.flags.writeable = False
    return powers
