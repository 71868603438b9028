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

Where no pips say it (a lone index in a fan shows none), the index's own suit does, read as
the pips are: on the top index it stands, on an upright bottom one (whose rank reads upside
down as the other of 6 and 9) it lies upside down as read. A heart leans toward its lobes on
every deck, so a lone 6 or 9 of hearts is settled so in any frame that says its bottom index
stands; a club or a spade only as the frame's standing pips of that suit lean (a drawn deck's
spades lean toward their point, ancient-egyptians' toward their foot: taken for the common
lean, the drawn decks below had 6 of 7 spades so settled wrong), a diamond never
(index_leans). Measured (scripts/score_drawn_scenes.py, bar 0.8, session 94):
kde-ancient-egyptians 1,192 -> 1,199 of 1,243 at the reported seeds, 1,165 -> 1,170 of 1,224
at the study seeds (190000), wrong 11 and 16 either way; every other design and every group
of the six sets as before. The drawn decks above (now 120 scenes of each kind, as the tree
reads them today): pips standing 862 -> 864 of 930, asked 10 -> 8; pips turned below 869 ->
872, asked 11 -> 8; wrong 34 either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from tableside.vision.assembly import CardSighting
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import length, lies_on, unit
from tableside.vision.marks import Marks
from tableside.vision.pip_shapes import SUITS as PIP_SUITS
from tableside.vision.pip_shapes import PipReader, cut_pips_turned
from tableside.vision.pips import PIP_PASS, SHAPE_SURE, each_ink_suits
from tableside.vision.reader import NO_INDEX
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
# Where no pips say it, the suit of a lone 6's or 9's own index does, as it stands on the top
# index (turned half round on an upright bottom one, whose glyphs read upside down as a pair):
# a heart leans toward its lobes on every deck; a club or a spade as the frame's standing pips
# of that suit lean (standing_leans), not as SUIT_LEANS has it: a drawn deck's spades lean
# toward their point, where ancient-egyptians' lean toward their foot. One reading that leans
# (INDEX_LEANS_SAY) says it, of a suit mark whose area is INDEX_SUIT_AREA square spans (rank
# point to suit point): not a speck, nor a suit joined to more (ancient-egyptians' index suits
# 0.2-0.5, 1.1 at most; a 6c's cut 0.03 and joined 20 leaned wrong).
INDEX_SUIT_LEANS = {"h": 1}
INDEX_LEANS_SAY = 1
INDEX_SUIT_AREA = (0.1, 1.2)
# Those indices' rank points lie in the sighting's corner: from its top-left this far across
# and down (shares of its height; a common index's rank point about 0.07 across and 0.1 down),
# the first of the three the least either way.
INDEX_CORNER = (-0.07, 0.25, 0.2)


def settle_turned(sightings: Sequence[CardSighting], marks: Marks, shapes: PipReader,
                  standing: dict[str, int], candidates: Candidates | None = None,
                  probabilities: np.ndarray | None = None, confident: float = 1.0
                  ) -> list[CardSighting]:
    """The sightings with each "turned" lone 6 or 9 settled where its card's pips, of a suit
    whose lean the frame shows (``standing``: standing_leans), say which way it lies, or else
    the suit of its own index (the frame's ``candidates`` read as ``probabilities``, surely at
    ``confident``: index_leans): read as it is, or as its turned partner; the rest as they
    were."""
    # Where the frame's suits lean the common ways (SUIT_LEANS), a suit its cards leave unshown
    # leans so too.
    common = all(SUIT_LEANS.get(suit, way) == way for suit, way in standing.items())
    pip_ways = {**SUIT_LEANS, **standing} if standing and common else standing
    # (A diamond leans neither way, whatever a frame's few pips seem to say.)
    index_ways = INDEX_SUIT_LEANS | {suit: way for suit, way in standing.items() if suit != "d"}
    settled = []
    for sighting in sightings:
        way = None
        suit = str(sighting.card)[1]
        if sighting.problem == "turned" and str(sighting.card)[0] in TURNING_RANKS:
            if suit in pip_ways:
                way = _way(pip_leans(marks, sighting, shapes)[0] * pip_ways[suit])
            if way is None and suit in index_ways and candidates is not None:
                way = _way(index_leans(marks, candidates, probabilities, sighting, confident)
                           * index_ways[suit], INDEX_LEANS_SAY)
        if way is None:
            settled.append(sighting)
        else:
            card = sighting.card if way > 0 else turned_partner(sighting.card)
            settled.append(replace(sighting, card=card, problem=None))
    return settled


def index_leans(marks: Marks, candidates: Candidates, probabilities: np.ndarray,
                sighting: CardSighting, confident: float) -> np.ndarray:
    """Per index read as the sighting's card or its turned partner (at ``confident``), its rank
    point in the sighting's corner (INDEX_CORNER), what the lean of its suit says of the
    sighting's card: +1 where it leans toward the rank as it reads the card (or away from it
    as it reads the partner), -1 the other way, 0 where it leans neither way (LEAN)."""
    card, partner = int(sighting.card), int(turned_partner(sighting.card))
    cards = probabilities[:, :NO_INDEX]
    read = cards.argmax(axis=1)
    chosen = np.nonzero(np.isin(read, (card, partner)) & (cards.max(axis=1) >= confident)
                        & (candidates.rank_marks != candidates.suit_marks))[0]
    # (In card heights: a lone index's outline in a fan may be the narrow strip in view.)
    corners = sighting.corners.astype(np.float64)
    offsets = (candidates.rank_points[chosen] - corners[0]) / max(
        float(length(corners[3] - corners[0])), 1.0)
    across = offsets @ unit(corners[1] - corners[0])
    down = offsets @ unit(corners[3] - corners[0])
    chosen = chosen[(across >= INDEX_CORNER[0]) & (across <= INDEX_CORNER[1])
                    & (down >= INDEX_CORNER[0]) & (down <= INDEX_CORNER[2])]
    leans = []
    for n in chosen.tolist():
        marks_pass = marks.passes[int(candidates.passes[n])]
        up = unit((candidates.rank_points[n] - candidates.suit_points[n]).astype(np.float64))
        suit_mark = int(candidates.suit_marks[n])
        size = marks_pass.areas[suit_mark] / float(candidates.spans[n]) ** 2
        if not INDEX_SUIT_AREA[0] <= size <= INDEX_SUIT_AREA[1]:
            continue
        lean = _lean(marks_pass.labels, marks_pass.boxes[suit_mark], suit_mark, up)
        leans.append(np.sign(lean) * (abs(lean) >= LEAN) * (1 if read[n] == card else -1))
    return np.array(leans)


def standing_leans(marks: Marks, sightings: Sequence[CardSighting], shapes: PipReader,
                   confident: float) -> dict[str, int]:
    """Per suit, which way (+1 toward the top of the card as its index reads, -1 toward its
    foot) its pips lean standing, where the frame's surely read cards (not sixes and nines,
    whose way up is the question) show their lower half's pips leaning as their upper half's
    do, of the suits they show; empty where they show none so, or any turned. (Only asked of a
    frame whose deck prints its bottom index upright: on a common deck a lone index may be its
    card's bottom one, which reads the card turned half round.)"""
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
    # Where the suits' leans are the common ones (SUIT_LEANS; a diamond's may be either), one
    # suit's upper pips and another's lower ones show the pips standing.
    common = all(SUIT_LEANS.get(suit, way) == way for suit, way in ways.items())
    shown = any(tops[suit] is not None and bottoms[suit] is not None for suit in tops) or (
        common and any(way is not None for way in tops.values())
        and any(way is not None for way in bottoms.values()))
    if not shown:
        return {}
    return ways


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
