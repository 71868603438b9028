"""Pips printed standing: which way up a card lies, and so which of 6 and 9 its lone index is.

A deck that prints its bottom index upright (tableside/vision/turned_indices.py) leaves a lone
6 or 9 either: its index reads the other rank turned half round, and the dealer is asked. Such
decks are made to be seen one way up, and some print every pip standing that way too
(ancient-egyptians does); common decks turn their lower half's pips. A pip's shape leans: more
of a heart's or a club's ink lies toward its top (the lobes) than toward its point or stem, more
of a spade's toward its foot. On such a deck any index reads as its card stands (the bottom one
too), so the frame's surely read cards say which way each suit's pips lean standing, and whether
their lower half's pips lean as their upper half's do (the deck prints them standing). Where
they do, the pips round a lone 6 or 9 say which way its card stands: leaning as standing pips
lean seen from its index, the index reads right; leaning the other way, it is the other rank
turned half round. Where they do not say (a diamond leans neither way; too few pips in view;
a deck that turns its lower pips; a frame whose cards show nothing of it), the dealer is still
asked.

A suit's lean is the frame's to show, not taken for granted: decks drawn by code
(tableside/vision/drawn.py) lean their clubs either way. Only where the frame's cards show the
common leans (SUIT_LEANS) does a suit they leave unshown lean so too.

Measured (scripts/score_drawn_scenes.py --outside, bar 0.8): kde-ancient-egyptians 1,155 ->
1,176 of 1,243 read, wrong 18 either way; at the study seeds (--outside-seed 180000) 1,100 ->
1,128 of 1,192, wrong 23 either way, lone sixes and nines asked about 49 -> 21 (those left:
diamonds, and frames that show no pips standing); every other design and every group of the
six sets as before (no frame of theirs says its bottom index stands). On 120 drawn scenes
(seeds 920000 on) of nine decks drawn by code (seeds 900-908) printing the bottom index
upright: pips standing 860 -> 865 of 930 read, asked 15 -> 10, wrong 43 either way; pips
turned below 863 either way (wrong 45, asked 16: none settled).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from tableside.vision.assembly import CardSighting
from tableside.vision.geometry import lies_on
from tableside.vision.marks import Marks
from tableside.vision.pip_shapes import SUITS as PIP_SUITS
from tableside.vision.pip_shapes import PipReader, cut_pips_turned
from tableside.vision.pips import PIP_PASS, SHAPE_SURE, each_ink_suits
from tableside.vision.turned_indices import TURNING_RANKS, turned_partner

# The pips' columns, across the card from its left side as the index reads (shares of its
# width): off the index columns, whose suit stands as its rank does on any deck.
COLUMNS = (0.17, 0.83)
# A pip's area as a share of the card's outline: wider than pips.py's PIP_AREA, as a lone
# index's outline is a guess, often 10-30 % off.
AREAS = (0.002, 0.06)
# A pip leans when this share of its pixels more lies on one side of its middle (along the
# card) than on the other: ancient-egyptians' hearts 0.15-0.2 in drawn scenes, clubs 0.1-0.15,
# spades 0.05-0.1; a diamond's lean is noise about 0.
LEAN = 0.05
# Which way a standing pip of a suit leans on most designs, ancient-egyptians too (+1: toward
# its top).
SUIT_LEANS = {"c": 1, "h": 1, "s": -1}
# Pips say a way when at least LEANS_SAY of them lean it and LEANS_OVER times as many lean it as
# the other way.
LEANS_SAY = 2
LEANS_OVER = 3
# A frame's pips stand when those of its cards read at two corners say so in both halves, one
# pip a half being enough (a two's or a three's): a deck that turns its lower half's pips has
# them lean the other way, as surely as the upper half's lean theirs.
FRAME_LEANS_SAY = 1
# On a card read at two corners, the upper half's pips lie before this far down it, the lower
# half's after 1 - UPPER; on a card read at one, whose outline is a guess, LONE_UPPER.
UPPER = 0.45
LONE_UPPER = 0.35


def settle_turned(sightings: Sequence[CardSighting], marks: Marks, shapes: PipReader,
                  standing: dict[str, int]) -> list[CardSighting]:
    """The sightings with each "turned" lone 6 or 9 settled where its card's pips, of a suit
    whose ``standing`` lean is known (standing_leans), say which way it lies: read as it is,
    or as its turned partner; the rest as they were."""
    settled = []
    for sighting in sightings:
        way = None
        suit = str(sighting.card)[1]
        if (sighting.problem == "turned" and str(sighting.card)[0] in TURNING_RANKS
                and suit in standing):
            way = _way(pip_leans(marks, sighting, shapes)[0] * standing[suit])
        if way is None:
            settled.append(sighting)
        else:
            card = sighting.card if way > 0 else turned_partner(sighting.card)
            settled.append(replace(sighting, card=card, problem=None))
    return settled


def standing_leans(marks: Marks, sightings: Sequence[CardSighting], shapes: PipReader,
                   confident: float) -> dict[str, int]:
    """Per suit, which way (+1 toward the top of the card as its index reads, -1 toward its
    foot) its pips lean standing, where the frame's surely read cards (not sixes and nines,
    whose way up is the question) show their lower half's pips leaning as their upper half's
    do; empty where they show none so, or any turned. (Only asked of a frame whose deck prints
    its bottom index upright: on a common deck a lone index may be its card's bottom one,
    which reads the card turned half round.)"""
    upper: dict[str, list[np.ndarray]] = {}
    lower: dict[str, list[np.ndarray]] = {}
    for sighting in sightings:
        if (sighting.problem is not None
                or sighting.confidence < confident or str(sighting.card)[0] in TURNING_RANKS):
            continue
        leans, downs = pip_leans(marks, sighting, shapes)
        suit = str(sighting.card)[1]
        half = UPPER if sighting.indices >= 2 else LONE_UPPER
        upper.setdefault(suit, []).append(leans[downs < half])
        lower.setdefault(suit, []).append(leans[downs > 1 - half])
    tops = {suit: _way(np.concatenate(found), FRAME_LEANS_SAY) for suit, found in upper.items()}
    bottoms = {suit: _way(np.concatenate(found), FRAME_LEANS_SAY)
               for suit, found in lower.items()}
    if any(None is not tops[suit] != bottoms[suit] is not None for suit in tops):
        return {}
    ways = {suit: tops[suit] if tops[suit] is not None else bottoms[suit] for suit in tops
            if tops[suit] is not None or bottoms[suit] is not None}
    # Where the suits' leans are the common ones (SUIT_LEANS; a diamond's may be either), a
    # suit the frame's cards leave unshown leans so too, and one suit's upper pips and another's
    # lower ones show the pips standing.
    common = all(SUIT_LEANS.get(suit, way) == way for suit, way in ways.items())
    shown = any(tops[suit] is not None and bottoms[suit] is not None for suit in tops) or (
        common and any(way is not None for way in tops.values())
        and any(way is not None for way in bottoms.values()))
    if not shown:
        return {}
    return {**SUIT_LEANS, **ways} if common else ways


def pip_leans(marks: Marks, sighting: CardSighting, shapes: PipReader
              ) -> tuple[np.ndarray, np.ndarray]:
    """The lean of each pip on the sighting's card, +1 where more of its ink lies toward the
    card's top as the index reads, -1 toward its foot, 0 neither (LEAN), and how far down the
    card it lies (0 its top, 1 its bottom): the marks in its pip columns of the sighting's suit
    by ink and by shape (none where more name another suit surely)."""
    suit = str(sighting.card)[1]
    none = np.zeros(0), np.zeros(0)
    marks_pass = marks.passes[PIP_PASS]
    corners = sighting.corners.astype(np.float64)
    across_side, down_side = corners[1] - corners[0], corners[3] - corners[0]
    area = abs(float(across_side[0] * down_side[1] - across_side[1] * down_side[0]))
    if area < 1.0:
        return none
    offsets = marks_pass.centroids - corners[0]
    across = offsets @ across_side / float(across_side @ across_side)
    down = offsets @ down_side / float(down_side @ down_side)
    sizes = marks_pass.areas
    chosen = np.nonzero((across > COLUMNS[0]) & (across < COLUMNS[1]) & (down > 0) & (down < 1)
                        & (sizes >= AREAS[0] * area) & (sizes <= AREAS[1] * area))[0]
    chosen = np.array([n for n in chosen.tolist() if lies_on(marks_pass.centroids[n], corners)],
                      np.int64)
    chosen = chosen[[suit in suits for suits in each_ink_suits(marks, marks_pass, chosen)]]
    if len(chosen) == 0:
        return none
    up = -down_side / float(np.linalg.norm(down_side))
    named = shapes.suits(cut_pips_turned(marks, marks_pass, chosen,
                                         np.repeat(-up[None], len(chosen), axis=0)))
    # Each pip's shape names its suit surely, or it is no pip of the card (a speck, a stroke of
    # a neighbour's index); where more name another suit than the sighting's, its suit is in
    # doubt and its pips say nothing.
    sure = named.max(axis=1) >= SHAPE_SURE
    own = sure & (named[:, PIP_SUITS.index(suit)] >= SHAPE_SURE)
    if int(own.sum()) <= int((sure & ~own).sum()):
        return none
    chosen = chosen[own]
    leans = np.array([_lean(marks_pass.labels, marks_pass.boxes[n], n, up) for n in chosen])
    return np.sign(leans) * (np.abs(leans) >= LEAN), down[chosen]


def _lean(labels: np.ndarray, box: np.ndarray, number: int, up: np.ndarray) -> float:
    """How much more of a mark's pixels lie above its middle along ``up`` than below it, as a
    share of them all."""
    x, y, width, height = (int(v) for v in box)
    rows, columns = np.nonzero(labels[y:y + height, x:x + width] == number + 1)
    along = (columns + x) * up[0] + (rows + y) * up[1]
    middle = (along.max() + along.min()) / 2
    return float(((along > middle).sum() - (along < middle).sum()) / len(along))


def _way(leans: np.ndarray, least: int = LEANS_SAY) -> int | None:
    """+1 or -1 where at least ``least`` of the pips' leans (+1, -1, 0 each) say that way,
    LEANS_OVER times as many as the other way, else None."""
    ups, downs = int((leans > 0).sum()), int((leans < 0).sum())
    if ups >= least and ups >= LEANS_OVER * downs:
        return 1
    if downs >= least and downs >= LEANS_OVER * ups:
        return -1
    return None
