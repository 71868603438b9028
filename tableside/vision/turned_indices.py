"""Decks whose bottom index is printed upright: a lone 6 or 9 there is either.

Nearly every deck prints its bottom-right index turned half round, so a card reads the same
from either corner. A few designs print it upright, suit above rank (of the outside designs
scripts/render_outside_decks.py renders, ancient-egyptians): read turned half round like any
index, it shows every glyph upside down, and an upside-down 6 is a 9. Alone in view (a card in
a fan, or under another), such an index names the other rank as surely as the right one, and
nothing on the index tells which (a diamond is the same either way up).

Such a deck shows itself on any card read at both corners: turned half round as the reader
sees them, the two indices' glyphs are alike on a common deck, and each the other turned half
round about its own middle on these. A frame whose cards so seen say the latter has its sure
lone sixes and nines flagged "turned" (the dealer is asked which it is: fusion.py's alert), not
reported as sure cards. The live camera remembers what the last frame that told said
(recognizer.py's remember_bottoms), for frames with no card at both corners. A lone 6 or 9 on a
whole card whose pips were counted as its rank (tableside/vision/pips.py) is not asked about:
the pips say which it is (scripts/score_drawn_scenes.py --outside at the study seeds, 180000:
kde-ancient-egyptians 1,070 -> 1,089 of 1,192 read, wrong 33 either way; every other group
the same). Nor, on any deck, are two corners of one card read as two number cards (a 6's as a
6 and a 9, a 7's as a 7 and a 4): the pips counted in the outline they span or the card's own
say which (counted_pairs, counted_conflicts).

Measured on drawn scenes that are no reported group, per frame: of 300 scenes of
ancient-egyptians (seed 150000), 204 show a card read at both corners and 158 are told
"upright" (179 at a bar of 0.1, 141 at 0.25); of 1,500 scenes of common decks (150 of each of
the trained, held and drawn groups from 62000 and of the seven other outside designs from
141000) none at 0.1 or more, nor any of the 363 shared photographs. Before the corners were
held to reading the card's rank (or the other of 6 and 9), 230 and 183 egyptian frames but 3
common ones, and a photograph: a card's corner often shows the index of the card lying under
it. Tried besides: each mark's own pixels instead of the crop (the pips beside it left out),
180 egyptian and 7 common frames at 0.15; the rank or the suit alone, 130 and 111 egyptian
frames; court cards left out, 171 and 6; 10s left in, a Bicycle 10 of the photographs said
"upright" (its rank point is its "1" at one corner, its "0" at the other); crops compared
unshifted, ancient-egyptians' cards voted as much "as they are" as "turned" (a glyph's point
is not its middle); the corners held to the card itself (or its 6-9 partner), 154 egyptian
frames (an upside-down heart reads as a spade).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from tableside.cards import RANK_CHARS, Card
from tableside.vision.assembly import CardSighting, outline_width
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import length, lies_on, norms, unit
from tableside.vision.marks import Marks
from tableside.vision.pip_shapes import PipReader
from tableside.vision.pips import Pips, pips_of

# Glyphs are compared in square crops this many pixels across, each CROP_SPANS of its index's
# span (rank point to suit point) wide, centred on the glyph's point.
CROP = 24
CROP_SPANS = 0.9
# Crops are compared shifted by up to this many pixels either way.
SHIFT = 4
# An index counts as one corner of a card read from two when its rank point lies within
# NEAR_CORNER card widths of that outline corner, it reads down along the card's side (cosine
# ALONG), the reader gives it INDEX_CHANCE of being an index, and reads it as the card's rank
# (or as its turned partner, 6 for 9): a card lying beside it shows its own index there too.
NEAR_CORNER = 0.35
ALONG = 0.8
INDEX_CHANCE = 0.5
# ...and the two indices' spans are within this ratio of each other (one index's rank paired
# with a speck or joined to a neighbour's edge is not the same index).
ALIKE_SPANS = 1.25
# A frame's deck prints its bottom index upright when its cards' corners match turned half
# round by this much more on average (normalised cross-correlation, rank and suit summed) than
# as they are, and turns it half round when they match as they are by as much more.
TURNED_BY = 0.2
# Ranks that tell nothing: an 8 reads the same upside down, and a 10's rank point may be its
# "1" at one corner and its "0" at the other (a Bicycle 10 in the shared photographs told
# "upright" so).
SAME_TURNED = frozenset({"8", "T"})
# The ranks a lone upright bottom index confuses.
TURNING_RANKS = frozenset({"6", "9"})
# Two lone indices read as two number cards are one card's opposite corners when each reads
# down against the other (the cosine of their downs at most -OPPOSITE) and the top-left corner
# of the outline one works out lies within OPPOSITE_REACH card widths of the far corner of the
# other's (outlines from a lone index are guesses, often 10-30 % off).
OPPOSITE = 0.8
OPPOSITE_REACH = 0.5


def turn_votes(marks: Marks, candidates: Candidates, probabilities: np.ndarray,
               sightings: Sequence[CardSighting]) -> list[float]:
    """Per card read from two opposite corners (in the marks' pixels): how much better its
    corners' glyphs match with one turned half round than as they are."""
    if len(candidates) == 0:
        return []
    chance = 1.0 - probabilities[:, 52]
    read = probabilities[:, :52].argmax(axis=1)
    spans = candidates.spans
    down = (candidates.suit_points - candidates.rank_points) / np.maximum(spans, 1e-6)[:, None]
    votes = []
    for sighting in sightings:
        if sighting.indices < 2 or str(sighting.card)[0] in SAME_TURNED:
            continue
        corners = sighting.corners.astype(np.float64)
        width = outline_width(corners)
        side = corners[3] - corners[0]
        side /= max(float(length(side)), 1e-6)
        cards, own = _read_as(sighting.card), _read_as(sighting.card, turned=False)
        ends = [_index_at(corner, way, width, candidates, down, chance, read, cards, own)
                for corner, way in ((corners[0], side), (corners[2], -side))]
        if None in ends:
            continue
        top, bottom = ends
        if not 1 / ALIKE_SPANS <= spans[top] / spans[bottom] <= ALIKE_SPANS:
            continue
        vote = 0.0
        for points in (candidates.rank_points, candidates.suit_points):
            one, other = (_crop(marks.darkness, points[n], down[n], spans[n]) for n in ends)
            vote += _likeness(one, other[::-1, ::-1]) - _likeness(one, other)
        votes.append(vote)
    return votes


def bottoms_upright(votes: Sequence[float]) -> bool | None:
    """What a frame's cards (their turn_votes) say of its deck: True where it prints the bottom
    index upright, False where it turns it half round, None where they say neither (no card
    seen at both corners, or too little either way)."""
    if len(votes) == 0:
        return None
    mean = float(np.mean(votes))
    return True if mean >= TURNED_BY else False if mean <= -TURNED_BY else None


def doubt_turning_ranks(sightings: Sequence[CardSighting], confident: float,
                        outlines: Sequence[np.ndarray] = (),
                        pips: Sequence[Pips | None] = ()) -> list[CardSighting]:
    """Sure lone sixes and nines (``confident`` or more, no problem yet), which an upright
    bottom index of the other rank reads as, with the problem "turned": the dealer is asked.
    Not those lying on a whole card whose pips (per outline, tableside/vision/pips.py) were
    counted as their rank: six pips or nine say which it is, as they say it to a dealer."""
    return [replace(s, problem="turned") if _turning(s, confident, outlines, pips) else s
            for s in sightings]


def any_turning(sightings: Sequence[CardSighting], confident: float,
                outlines: Sequence[np.ndarray] = (),
                pips: Sequence[Pips | None] = ()) -> bool:
    """Whether doubt_turning_ranks would doubt any of the sightings."""
    return any(_turning(s, confident, outlines, pips) for s in sightings)


def _turning(sighting: CardSighting, confident: float, outlines: Sequence[np.ndarray],
             pips: Sequence[Pips | None]) -> bool:
    rank = str(sighting.card)[0]
    if not (sighting.indices == 1 and sighting.problem is None
            and sighting.confidence >= confident and rank in TURNING_RANKS):
        return False
    return not any(counted is not None and counted.count == int(rank)
                   and lies_on(sighting.centre, outline)
                   for outline, counted in zip(outlines, pips, strict=True))


def counted_pairs(sightings: Sequence[CardSighting], marks: Marks, confident: float,
                  shapes: PipReader | None = None) -> list[CardSighting]:
    """The sightings with each pair of lone indices read as two number cards at one card's
    opposite corners (OPPOSITE) made one card where its pips, counted in the outline the two
    span (tableside/vision/pips.py), say which: the one whose rank they count and whose suit
    their ink and shape allow, read from two corners, as sure as the surer. Not where another
    sighting is that card already. A deck printing its bottom index upright (ancient-egyptians)
    reads a 6's two corners as a 6 and a 9 either way up, a 7's as a 7 and a 4, a heart's as a
    heart and a spade (an upright heart turned half round); elsewhere one corner is misread.

    Measured (scripts/score_drawn_scenes.py --every-set --outside, the twelve outside designs,
    bar 0.8): kde-ancient-egyptians 1,176 -> 1,186 of 1,243 read, wrong 18 -> 11, gnome-bellot
    wrong 4 -> 3; at the study seeds (--outside-seed 190000) kde-ancient-egyptians 1,156 ->
    1,163 of 1,224, wrong 19 -> 17, npm-kennard-four-colour wrong 1 -> 0; every other design
    and every group of the six sets as before, and the photographs. Sixes and nines of one suit
    alone: ancient-egyptians 1,183 with 15 wrong, 1,160 with 19. Without the sure reading's
    guard below, a held-out 7h read surely at one corner was reported a 4h (four of its pips
    counted beside an unsure 4h). A 9's pips counted in a spanned outline often count nothing
    (the outline is a guess: its rows of pips come out slanted, and the mirrored pairs of
    pips.py's PARTNER miss)."""
    result: list[CardSighting | None] = list(sightings)
    for a, one in enumerate(sightings):
        if result[a] is None:
            continue
        for b in range(a + 1, len(sightings)):
            other = sightings[b]
            if result[b] is None or not _opposite_corners(one, other):
                continue
            # (A sure reading beside an unsure one, neither doubted, is reported as it is.)
            if one.problem is None and other.problem is None and min(
                    one.confidence, other.confidence) < confident:
                continue
            corners = _spanned(one, other)
            counted = None if corners is None else pips_of(marks, corners, shapes)
            if counted is None:
                continue
            fits = [card for card in (one.card, other.card)
                    if _pip_count(card) == counted.count and str(card)[1] in counted.suits]
            if len(fits) != 1 or any(s.card == fits[0] for n, s in enumerate(sightings)
                                     if n not in (a, b)):
                continue
            # (The outline as the corner whose index reads the card places it: top-left there.)
            placed = corners if one.card == fits[0] else np.roll(corners, 2, axis=0)
            result[a] = replace(one, card=fits[0], corners=placed, indices=2, problem=None,
                                confidence=max(one.confidence, other.confidence))
            result[b] = None
            break
    return [s for s in result if s is not None]


def counted_conflicts(sightings: Sequence[CardSighting], marks: Marks,
                      shapes: PipReader | None = None) -> list[CardSighting]:
    """The sightings with each number card read from two corners or more, in conflict (its
    corners named another card too), made sure where its pips, counted in its outline
    (tableside/vision/pips.py), are its rank in a suit their ink and shape allow: the corner
    naming the other card was misread (on ancient-egyptians, a 7's upright bottom index turned
    half round reads as a 4, a 6's as a 9).

    Measured (scripts/score_drawn_scenes.py --every-set --outside, bar 0.8): the twelve outside
    designs 13,383 -> 13,390 of 13,527 read, wrong 24 either way (kde-ancient-egyptians 1,186 ->
    1,192, npm-letele-kennard 1,223 -> 1,224); at the study seeds (--outside-seed 190000)
    kde-ancient-egyptians 1,163 -> 1,166 of 1,224, wrong 17 either way; the photographs and the
    six sets as before, but for one wrong report more in the untouched groups' drawn decks
    (97000+26: a 4d made sure so left the frame as many sure cards read as seen as
    straightened, and the reading as seen, kept on a tie by recognizer.py's
    _surer_straightened, reports a Qs its straightened reading did not)."""
    settled = []
    for sighting in sightings:
        if (sighting.problem == "conflict" and sighting.indices >= 2
                and _pip_count(sighting.card) is not None):
            counted = pips_of(marks, sighting.corners, shapes)
            if (counted is not None and counted.count == _pip_count(sighting.card)
                    and str(sighting.card)[1] in counted.suits):
                sighting = replace(sighting, problem=None)
        settled.append(sighting)
    return settled


def _pip_count(card: Card) -> int | None:
    """The pips a number card shows (an ace one), or None for a court card."""
    rank = str(card)[0]
    return 1 if rank == "A" else None if rank in "JQK" else RANK_CHARS.index(rank) + 2


def _opposite_corners(one: CardSighting, other: CardSighting) -> bool:
    """Whether two lone indices read as two number cards lie as one card's opposite corners
    (OPPOSITE, OPPOSITE_REACH)."""
    if not (one.indices == other.indices == 1 and one.card != other.card
            and _pip_count(one.card) is not None and _pip_count(other.card) is not None):
        return False
    down, other_down = one.corners[3] - one.corners[0], other.corners[3] - other.corners[0]
    cosine = float(down @ other_down) / max(float(length(down) * length(other_down)), 1e-9)
    return (cosine <= -OPPOSITE and length(other.corners[0] - one.corners[2])
            <= OPPOSITE_REACH * outline_width(one.corners))


def _spanned(one: CardSighting, other: CardSighting) -> np.ndarray | None:
    """The outline whose top-left corner is ``one``'s and bottom-right ``other``'s top-left
    (the card whose opposite corners they are), square to the two indices' mean direction."""
    right = unit(unit(one.corners[1] - one.corners[0])
                  - unit(other.corners[1] - other.corners[0]))
    down = np.array([-right[1], right[0]])
    if float(down @ (one.corners[3] - one.corners[0])) < 0:
        down = -down
    diagonal = other.corners[0] - one.corners[0]
    width, height = float(diagonal @ right), float(diagonal @ down)
    if width <= 0 or height <= 0:
        return None
    top_left = one.corners[0]
    return np.array([top_left, top_left + width * right,
                     top_left + width * right + height * down, top_left + height * down])


def turned_partner(card: Card) -> Card:
    """The card an upright bottom index of ``card`` reads as turned half round (6 and 9)."""
    rank = str(card)[0]
    return Card({"6": "9", "9": "6"}.get(rank, rank) + str(card)[1])


def _read_as(card: Card, *, turned: bool = True) -> np.ndarray:
    """Per card number (52 booleans), whether either corner of ``card`` may read as it: its
    rank or, upright on such a deck (when ``turned``), the other of 6 and 9, in any suit (a
    heart upside down reads as a spade)."""
    ranks = {str(card)[0]}
    if turned:
        ranks.add(str(turned_partner(card))[0])
    may = np.zeros(52, bool)
    may[[int(Card(rank + suit)) for rank in ranks for suit in "cdhs"]] = True
    return may


def _index_at(corner: np.ndarray, side: np.ndarray, width: float, candidates: Candidates,
              down: np.ndarray, chance: np.ndarray, read: np.ndarray, cards: np.ndarray,
              own: np.ndarray) -> int | None:
    """The surest index near a card's corner reading down along its side and read as one of
    ``cards`` (not the index of a card lying beside it), if any; of those, one read as the
    card's ``own`` rank where there is one. (The other of 6 and 9 may be a neighbour's index:
    a 6 lying beside a 9's corner, compared with the 9's other corner turned half round,
    votes "upright"; a younestouati 9s and a paris 9c so said their common decks upright in
    session 84, and a lone 6 beside each was asked about. An upright bottom index, read as
    the other rank, has no index read as the card's own at its corner.)"""
    # (cards and own are looked up by card number: np.isin's own setting up cost more than all
    # the rest of a frame's votes.)
    near = ((norms(candidates.rank_points - corner) <= NEAR_CORNER * width)
            & (down @ side >= ALONG) & (chance >= INDEX_CHANCE) & cards[read])
    found = np.nonzero(near)[0]
    if len(found) == 0:
        return None
    own_rank = own[read[found]]
    if own_rank.any():
        found = found[own_rank]
    return int(found[np.argmax(chance[found])])


def _crop(image: np.ndarray, point: np.ndarray, down: np.ndarray, span: float) -> np.ndarray:
    """A CROP x CROP square of ``image`` centred on ``point``, its columns along the index's
    right and its rows along its down."""
    step = CROP_SPANS * span / CROP
    right = np.array([down[1], -down[0]])
    origin = point - step * CROP / 2 * (right + down)
    to_image = np.array([[step * right[0], step * down[0], origin[0]],
                         [step * right[1], step * down[1], origin[1]]], np.float64)
    return cv2.warpAffine(image, to_image, (CROP, CROP),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


def _likeness(one: np.ndarray, other: np.ndarray) -> float:
    """The best normalised cross-correlation of the middle of one crop over the other, shifted
    by up to SHIFT pixels either way (a glyph's point is not exactly its middle)."""
    middle = one[SHIFT:-SHIFT, SHIFT:-SHIFT]
    # (OpenCV's deviation of a small crop costs a tenth of numpy's.)
    if float(cv2.meanStdDev(middle)[1][0, 0]) < 1e-3 or float(
            cv2.meanStdDev(other)[1][0, 0]) < 1e-3:
        return 0.0
    return float(cv2.matchTemplate(other, middle, cv2.TM_CCOEFF_NORMED).max())
