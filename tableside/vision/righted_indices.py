"""Upright bottom indices read righted: each glyph turned back about its own point.

A deck that prints its bottom index upright (tableside/vision/turned_indices.py), suit over
rank, shows that index's glyphs upside down once it is turned so that its rank stands over its
suit, as every index is read (patches.py). Upside down, most ranks read as nothing (an A, a 4,
a 7) and some as another card (a 6 as a 9, a heart as a spade), so a card of such a deck that
shows only its bottom corner was not read. Cut righted, the rank turned half round about its
own point and the suit about its own, the same index reads as a top index does, and a top
index read so reads as nothing. So a frame that says its bottom index stands (asked of every
frame for this, before the closer look) has the unsure indices the quick look keeps read
again righted, and a sure righted reading of no 6 or 9 stands in (recognizer.py
right_bottoms).

Measured (scripts/score_drawn_scenes.py, bar 0.8, session 94): kde-ancient-egyptians 1,199 ->
1,208 of 1,243 read, wrong 11 -> 8; at the study seeds (--outside-seed 190000) 1,170 -> 1,181
of 1,224, wrong 16 -> 15; every other design, every group of --every-set and the photographs
as before (no frame of theirs says its bottom index stands). 120 drawn scenes of nine decks
drawn by code printing the bottom index upright (seeds 900-908, scenes from 920000; pips
standing): 864 -> 866 of 930, wrong 34 -> 35; pips turned below: 872 -> 874, wrong 34 either
way. scripts/ab_vision.py on the bench's frames (common decks): +0.5 and +0.9 ms a frame
(median; the other way round -1.2), the frame asked always; the same outputs (turned_indices.py's
votes made cheaper since: -0.5 ms).
Measured and not kept, where both readings are sure and name different cards, neither a 6 or
9 (an upright bottom 7 read as a 4 as it is, a 7 righted; of 300 scenes' such candidates 22
were read right righted, 3 as they are): their mean, the study seeds 1,181 -> 1,183 (wrong 15
either way), the reported 1,208 -> 1,205 (wrong 8 -> 7); the righted reading, 1,181 (wrong
15 -> 17) and 1,205 (wrong 7); the righted reading where it is the surer, 1,183 (wrong 15)
and 1,207 (wrong 7).
"""

from __future__ import annotations

import numpy as np

from tableside.cards import RANK_CHARS, SUIT_CHARS
from tableside.vision.candidates import Candidates
from tableside.vision.marks import Marks
from tableside.vision.patches import PATCH, RANK_AT, SUIT_AT, cut_patches
from tableside.vision.reader import NO_INDEX, IndexReader
from tableside.vision.turned_indices import TURNING_RANKS

# A righted reading stands in for an unsure one only where it is this sure, and names no 6 or 9
# (a 6 righted reads as a 9: which it is, the suit's lean tells: standing_pips.py). At 0.6
# ancient-egyptians read as at 0.8 (1,208 and, at the study seeds, 1,181), at 0.95 1,204 and
# 1,180. Read righted in the closer look's cuts too (closer_look.py; their frame's word passed
# on), they read as before, card for card.
RIGHTED_SURE = 0.8
# The patch's rows above this one show the rank's surroundings, the rest the suit's.
_SPLIT = int(np.ceil((RANK_AT[1] + SUIT_AT[1]) / 2))
_TURNING = [RANK_CHARS.index(rank) for rank in TURNING_RANKS]


def cut_righted(marks: Marks, candidates: Candidates) -> np.ndarray:
    """Reading views (as cut_patches') of each candidate with its rank turned half round about
    the rank point and its suit about the suit point, the rank still over the suit."""
    rank, suit = candidates.rank_points, candidates.suit_points
    marks_of = (candidates.rank_marks, candidates.suit_marks, candidates.passes)
    # A candidate pointing the other way from the same rank point is the view turned half
    # round about it; likewise about the suit point.
    about_rank = cut_patches(marks, Candidates(rank, 2 * rank - suit, *marks_of))
    about_suit = cut_patches(marks, Candidates(2 * suit - rank, suit, *marks_of))
    return np.concatenate([about_rank[:, :, :_SPLIT], about_suit[:, :, _SPLIT:PATCH]], axis=2)


def righted_readings(reader: IndexReader, marks: Marks, candidates: Candidates,
                     probabilities: np.ndarray, confident: float) -> np.ndarray | None:
    """The readings (N x 53) with each unsure one the quick look keeps read righted, and
    replaced where that is sure (RIGHTED_SURE) of a card that is no 6 or 9; None where none
    is."""
    unsure = probabilities[:, :NO_INDEX].max(axis=1) < confident
    keep, _ = reader.kept(marks, candidates)
    rows = keep[unsure[keep]]
    if not len(rows):
        return None
    righted = reader.judge(cut_righted(marks, candidates.subset(rows)))
    cards = righted[:, :NO_INDEX]
    ranks = cards.argmax(axis=1) // len(SUIT_CHARS)
    sure = (cards.max(axis=1) >= RIGHTED_SURE) & ~np.isin(ranks, _TURNING)
    if not sure.any():
        return None
    probabilities = probabilities.copy()
    probabilities[rows[sure]] = righted[sure]
    return probabilities
