"""Suit colours: in one frame, all cards come from one deck, which prints each suit in one ink.

A two-colour deck prints hearts and diamonds red, clubs and spades black; a four-colour deck
gives each suit its own (diamonds blue or yellow, clubs green). The reader reads a suit from
its shape, and on a small index a green club and a red heart, or a yellow diamond and a blue
spade, can look alike. Their inks do not: where a card of a suit was read surely in the frame
(and all its sure readings agree on its ink), an index whose ink is far from it is not that
suit.

Some inks are the same in every deck, so they are judged even where the frame knows no suit's
ink: hearts are red, and spades and clubs never are (black or, in four-colour decks, green;
German four-colour decks print spades green, English ones clubs). An index that takes little
red from the paper, next to what it takes of blue and green, is red (or orange, pink, yellow);
read as a spade or a club it is doubted, and so is a heart that takes red as much as the
other two. (Diamonds are red, blue or yellow to orange, never black nor green, but a dark
blue comes too near black: see the note after NOT_RED_FROM.)
A design that breaks the convention elsewhere is caught there too: one whose bottom index
stands upright (kde-ancient-egyptians) shows a lone bottom heart to the reader upside down,
where it looks like a spade.

An index's ink is told by how much of each colour channel its marks take from the paper
around (the white-balanced channels under the paper's level), as shares of the three: a faint
or small index mixes its ink with paper, which changes how much it takes, not the shares.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableside.vision.assembly import MIN_INDEX
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import length
from tableside.vision.marks import MarkPass, Marks

SUITS = "cdhs"
# Least ink (summed over the marks' pixels, in channel levels) an index must take from the
# paper for its shares to count.
LEAST_INK = 200.0
# Readings at least this sure make the frame's suit inks; a suit's ink is known when at least
# KNOWN_FROM different cards of it were read so, all within SAME_INK of their mean.
# An index whose ink lies farther than OTHER_INK from a suit's known ink reads that suit's cards
# INK_DOUBT as likely (as tableside/vision/assembly.py's PIP_DOUBT does for pips). On the drawn
# scenes of scripts/score_drawn_scenes.py the indices of one suit lay at most 0.08 from their suit's
# mean, the four-colour decks' suits 0.17 and more apart. Measured there against no such judging
# (reports at 0.95): KNOWN_FROM 2 and OTHER_INK 0.15 read 5 cards more of the shared decks (7,216),
# the same of decks drawn by code; KNOWN_FROM 1 one more and 5 more; OTHER_INK 0.12 two more again
# (0.10 the same). No wrong report more or fewer in any. SURE went 0.95 -> 0.9 with the report bar
# (assembly.py's CONFIDENT): four readers' mean is sure less often; there (reports at 0.9) the
# shared decks read 7,145 -> 7,148, drawn decks 2,250 -> 2,251, the wrong reports the same (2 and
# 4); 0.85 read the same as 0.9. (It stayed 0.9 when the report bar went to 0.8; not measured
# again there.)
SURE = 0.9
KNOWN_FROM = 1
SAME_INK = 0.08
OTHER_INK = 0.12
INK_DOUBT = 0.005
# Red's share of what an index takes from the paper: below RED_BELOW its ink is red (or
# another warm ink), no spade's or club's; from NOT_RED_FROM up it is no heart's. Sure
# readings (0.9) of 80 scenes of the ten shared decks and 80 of decks drawn by code (scene
# seeds 300000 on, session 59): hearts 0.005-0.274 (99 % below 0.25),
# spades 0.280-0.460, clubs 0.257-0.537; red diamonds as hearts, blue ones above 0.5.
RED_BELOW = 0.2
NOT_RED_FROM = 0.3
# A reading of a suit the ink of every deck rules out keeps at most this chance after the
# doubt, where its rank's mark and its suit's each rule the suit out on their own; the rest
# goes to "no index". INK_DOUBT's odds leave a reader surer than 1 - 1/200 sure (on
# kde-ancient-egyptians, whose bottom index stands upright, a lone bottom 9h seen upside down
# read 6s at 0.99999, red share 0.17), and a sure reading against a sure ink is evidence
# against itself, not for another card. Below assembly.py's CONFLICTING (0.7), such a corner
# does not put the card's other corner in doubt either. scripts/score_drawn_scenes.py
# --every-set --outside, session 64: the reported outside groups 5,675 -> 5,695 of 5,817 read,
# wrong 94 -> 76 (all of it kde-ancient-egyptians: 1,158 -> 1,178 of 1,243, wrong 82 -> 64);
# the six sets and the photographs read the same in sum. Capped on the index's ink alone, the
# shared decks lost 2 cards over the six sets (18,913 -> 18,911), each read surely with one mark run
# into another ink: an aguilar 6c whose suit mark took red (red share 0.17, its rank's 0.33;
# fresh 40000+95) and an anglo Qh whose Q took its picture's black frame (0.33, its suit's
# 0.13; unseen 100000+134); and a test's Qh in a deep shadow (0.30, its rank's 0.25).
RULED_OUT_MOST = 0.5
# Tried and not kept (session 59): diamonds ruled out where the three shares lie within 0.08
# (black) or green is taken less than the lower of blue and red by 0.05 (green). Sure readings
# as above: diamonds' spread 0.127-0.565, their green less the lower at least 0.008 (a yellow
# ink takes green and red alike), green clubs' -0.06 to -0.32. scripts/score_drawn_scenes.py
# --every-set: a held-out four-colour 3d (its blue dark) reported 3c (the ten groups' shared
# decks 7,188 -> 7,187, wrong 4 -> 5); the drawn decks read and wrong the same in sum (a green
# 2c no longer reported 2d, a 9c read but a 9s reported beside it, a 6d lost); outside the
# same.


def judged_by_ink(marks: Marks, candidates: Candidates,
                  probabilities: np.ndarray) -> np.ndarray:
    """A frame's readings (N x 53) with suits whose ink in this frame is far from the index's
    own doubted; only candidates likely to be an index at all (assembly's MIN_INDEX) are
    looked at."""
    chosen = np.nonzero(1.0 - probabilities[:, 52] >= MIN_INDEX)[0]
    taken = _taken_by_marks(marks, candidates, chosen)
    inks = _shares(taken.sum(axis=1))
    result = probabilities.copy()
    # The inks every deck prints first: a sure misreading they doubt does not then make the
    # frame's ink of its suit.
    judged = with_inks_of_every_deck(probabilities[chosen], inks,
                                     _each_mark(taken, _single(candidates, chosen)))
    result[chosen] = with_suit_inks(judged, inks, suit_inks(judged, inks))
    return result


def with_inks_of_every_deck(probabilities: np.ndarray, inks: np.ndarray,
                            each_mark: np.ndarray | None = None) -> np.ndarray:
    """The probabilities (N x 53) with the cards of the suits that the index's ink (N x 3,
    shares of blue, green and red; NaN: unknown) rules out (:func:`inks_ruling_out`) INK_DOUBT
    as likely, when the likeliest card is of such a suit ("no index" stays as it was); and,
    given the inks of its rank's and its suit's marks each on its own (N x 2 x 3, as
    :func:`mark_inks` gives), none left above RULED_OUT_MOST where both rule the suit out.

    Only then: a reading that names a suit its ink allows, doubting a rival of another suit,
    would give that card the rival's share and may make a doubtful misreading sure
    (scripts/score_drawn_scenes.py --every-set, all rows judged: a four-colour 5d, blue, read
    8d 0.64 beside a heart, reported 8d at 0.96; a drawn Jd reported 2d at 0.99)."""
    named = probabilities[:, :52].argmax(axis=1) % 4
    ruled_out = inks_ruling_out(inks)
    # Every suit the ink rules out, not only the named one: a red index read as a spade is no
    # club either.
    doubted = ruled_out & ruled_out[np.arange(len(named)), named][:, None]
    weights = np.ones(probabilities.shape)
    # (A card's number is its rank times four plus its suit's.)
    weights[:, :52] = np.where(np.tile(doubted, 13), INK_DOUBT, 1.0)
    result = _weighted(probabilities, weights)
    if each_mark is None:
        return result
    # Only where both marks bear the ink out on their own: a rank or a suit mark run into
    # something of another ink (a picture's black frame in a red queen's Q, a red pip of the
    # card beside a club) mismeasures the index's.
    firm = doubted & inks_ruling_out(each_mark[:, 0]) & inks_ruling_out(each_mark[:, 1])
    # (At most one card of a row is above a half.)
    rows, columns = np.nonzero(np.tile(firm, 13) & (result[:, :52] > RULED_OUT_MOST))
    result[rows, 52] += result[rows, columns] - RULED_OUT_MOST
    result[rows, columns] = RULED_OUT_MOST
    return result


def inks_ruling_out(inks: np.ndarray) -> np.ndarray:
    """N x 4 (suits in SUITS' order), per ink (N x 3 shares of blue, green and red): is it an
    ink no deck prints that suit in? (False where the ink is unknown: NaN compares false.)"""
    red = inks[:, 2]
    warm = red < RED_BELOW
    return np.stack([warm, np.zeros(len(inks), bool), red >= NOT_RED_FROM, warm], axis=1)


def index_inks(marks: Marks, candidates: Candidates, chosen: np.ndarray) -> np.ndarray:
    """Per chosen candidate, its ink as shares of blue, green and red taken from the paper
    (N x 3), NaN where its marks are unknown or take too little."""
    return _shares(_taken_by_marks(marks, candidates, chosen).sum(axis=1))


def mark_inks(marks: Marks, candidates: Candidates, chosen: np.ndarray) -> np.ndarray:
    """Per chosen candidate, the inks of its rank's mark and of its suit's, each on its own
    (N x 2 x 3; a single mark's twice), NaN as :func:`index_inks` has it."""
    return _each_mark(_taken_by_marks(marks, candidates, chosen), _single(candidates, chosen))


def _single(candidates: Candidates, chosen: np.ndarray) -> np.ndarray:
    """Per chosen candidate: is one mark both its rank and its suit?"""
    return candidates.rank_marks[chosen] == candidates.suit_marks[chosen]


def _each_mark(taken: np.ndarray, single: np.ndarray) -> np.ndarray:
    """The rank's and the suit's inks from what :func:`_taken_by_marks` gives (a single
    mark's, ``single``, for both)."""
    return np.stack([_shares(taken[:, 0]),
                     _shares(np.where(single[:, None], taken[:, 0], taken[:, 1]))], axis=1)


def _shares(taken: np.ndarray) -> np.ndarray:
    """Inks (N x 3) from what marks take of each channel (N x 3): NaN where too little."""
    inks = np.full(taken.shape, np.nan)
    # Whole numbers again: a row's sum, and its division by it, are the same in one array.
    sums = taken.sum(axis=1)
    enough = sums >= LEAST_INK
    inks[enough] = taken[enough] / sums[enough, None]
    return inks


def _taken_by_marks(marks: Marks, candidates: Candidates, chosen: np.ndarray) -> np.ndarray:
    """Per chosen candidate, how much of blue, green and red its rank's mark and its suit's
    take from the paper (N x 2 x 3; the suit's nothing where one mark is both, or none)."""
    # Per mark once (a rank is most candidates' own): sums of whole channel levels, exact in
    # float64 in any order.
    taken_by: dict[tuple[int, int], np.ndarray] = {}
    # The reading view's four levels of a pixel as one 32-bit word: picking a mark's pixels
    # out of it takes a fraction of the time of picking them out of four planes.
    reading = marks.sampled("reading", 0)
    pixels = reading.view(np.uint32).reshape(reading.shape[:2])
    taken = np.zeros((len(chosen), 2, 3))
    passes = candidates.passes[chosen].tolist()
    for row, (number, rank, suit) in enumerate(zip(
            passes, candidates.rank_marks[chosen].tolist(),
            candidates.suit_marks[chosen].tolist(), strict=True)):
        for side, mark in enumerate((rank, suit)):
            if mark < 0 or (side and mark == rank):
                continue
            if (number, mark) not in taken_by:
                taken_by[number, mark] = _taken(marks.passes[number], pixels, mark)
            taken[row, side] = taken_by[number, mark]
    return taken


def _taken(marks_pass: MarkPass, pixels: np.ndarray, mark: int) -> np.ndarray:
    """How much of blue, green and red a mark of a pass takes from the paper's level, summed
    over its pixels (``pixels``: the reading view, blue, green, red and the paper's level, as
    one uint32 a pixel).

    In whole numbers, the same in float64 as float64 sums of the same levels: a level under a
    channel takes nothing, so the larger of the two less the channel is what it takes (in
    uint8, without overflow), and cv2.sumElems adds up bytes in whole numbers. On the bench's
    frames (some 25 marks a frame, timed alone) 0.36 ms a frame against 0.75-0.95 so in
    float64 from the four planes."""
    x, y, w, h = marks_pass.boxes[mark].tolist()
    inside = marks_pass.labels[y:y + h, x:x + w] == mark + 1
    words = pixels[y:y + h, x:x + w][inside]
    if len(words) == 0:
        return np.zeros(3)
    # What a channel takes is the level less the channel saturated at 0: the level copied
    # into the three channels' bytes of its word (0 in its own) and cv2.subtract byte by byte
    # (13 -> 10.5 us a mark on the bench's frames' marks, the same sums).
    level = (words >> 24) * np.uint32(0x010101)
    taken = cv2.subtract(level.view(np.uint8).reshape(-1, 1, 4),
                         words.view(np.uint8).reshape(-1, 1, 4))
    return np.array(cv2.sumElems(taken)[:3])


def suit_inks(probabilities: np.ndarray, inks: np.ndarray) -> dict[str, np.ndarray]:
    """The frame's known suit inks, from its sure readings (probabilities N x 53 and their
    inks N x 3, as :func:`index_inks` gives)."""
    cards = probabilities[:, :52].argmax(axis=1)
    sure = (probabilities[:, :52].max(axis=1) >= SURE) & ~np.isnan(inks).any(axis=1)
    known = {}
    for s, suit in enumerate(SUITS):
        of_suit = np.nonzero(sure & (cards % 4 == s))[0]
        if len(set(cards[of_suit].tolist())) < KNOWN_FROM:
            continue
        mean = inks[of_suit].mean(axis=0)
        if np.linalg.norm(inks[of_suit] - mean, axis=1).max() <= SAME_INK:
            known[suit] = mean
    return known


def with_suit_inks(probabilities: np.ndarray, inks: np.ndarray,
                   known: dict[str, np.ndarray]) -> np.ndarray:
    """The probabilities (N x 53) with cards of a suit whose known ink is far from the index's
    own INK_DOUBT as likely ("no index" stays as it was)."""
    weights = np.ones(probabilities.shape)
    # (length() a pair at a time: numpy's dot of a 2-vector, which rows of squares added
    # would not always match.)
    for row in np.nonzero(~np.isnan(inks).any(axis=1))[0].tolist():
        ink = inks[row]
        for suit, known_ink in known.items():
            if length(ink - known_ink) > OTHER_INK:
                weights[row, SUITS.index(suit):52:4] = INK_DOUBT
    return _weighted(probabilities, weights)


def _weighted(probabilities: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The rows of probabilities some weight doubts, weighted and summing to 1 again."""
    result = probabilities.copy()
    # The rows weighted all at once: a row's sum along the last axis is the same pairwise sum
    # as the row's alone.
    doubted = np.nonzero((weights < 1).any(axis=1))[0]
    weighted = result[doubted] * weights[doubted]
    result[doubted] = weighted / weighted.sum(axis=1, keepdims=True)
    return result
