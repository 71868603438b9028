"""Read every face-up card in one frame: marks, candidates, patches, reader, cards.

Whole cards on which no index was read surely are read again where their corners place the
indices (tableside/vision/placed_indices.py), and so are the corners of paper that stick out
of heaps and fans (tableside/vision/corner_indices.py); readings naming a suit printed in this
frame in another ink than the index's, or one no deck prints in it (a red spade, a black
heart), are doubted (tableside/vision/suit_colours.py); all readings are assembled into cards.
Where the cards are small, card paper no sure card explains is cut out, enlarged twice and
read again (tableside/vision/closer_look.py). A frame blurrier than the tests' is sharpened
first (tableside/vision/sharpening.py). A frame of a calibrated table is read as seen from
straight above (tableside/vision/straight_view.py); without a calibration, a frame whose whole
cards show a slant is read straightened too, by the plane they give (tableside/vision/slant.py).
A frame whose cards seen at both corners show a deck printing its bottom index upright has its
lone sixes and nines asked about (tableside/vision/turned_indices.py). A frame that shows a
German deck's B or D (reader.py's letters' witness) is read again by the readers taught the German
letters, B and D (LETTERS_READER_PATHS), and so is every later frame of a camera that remembers
(or every frame, where the deck is said to be German: CardRecognizer.letters).

``CardRecognizer().recognize(frame)`` returns the cards it is confident about and, apart, the
ones it is not (too unsure, or with a problem: two corners naming different cards, one card in
two places, or a lone 6 or 9 of such a deck, "turned"). Frames wider than ``max_width`` are
shrunk first (cards stay far bigger than the smallest readable ones), and corners are given
back in the frame's own pixels.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from tableside.cards import COURT_LETTERS
from tableside.vision.assembly import CONFIDENT, CardSighting, assemble, median_width
from tableside.vision.blas_threads import one_blas_thread
from tableside.vision.candidates import Candidates, find_candidates
from tableside.vision.closer_look import look_closer
from tableside.vision.corner_indices import paper_corner_array, read_corners
from tableside.vision.geometry import lies_on, norms
from tableside.vision.marks import COLOUR_PASS, CUT_PASS, LINE_PASS, THIN_PASS, Marks, find_marks
from tableside.vision.memory import keep_freed_memory
from tableside.vision.pip_shapes import PipReader
from tableside.vision.pips import pip_counts
from tableside.vision.placed_indices import read_placed, unread_cards
from tableside.vision.reader import (
    ENGLISH_PATH,
    LETTERS_READER_PATHS,
    NO_INDEX,
    READER_PATHS,
    IndexReader,
)
from tableside.vision.righted_indices import righted_readings
from tableside.vision.sharpening import sharpened
from tableside.vision.slant import GUESSED_SLANTED, guessed_plane
from tableside.vision.standing_pips import settle_turned, standing_leans
from tableside.vision.straight_view import StraightView
from tableside.vision.suit_colours import judged_by_ink
from tableside.vision.suit_pips import WitnessReader, judged_by_pips
from tableside.vision.turned_indices import (
    any_turning,
    bottoms_upright,
    counted_conflicts,
    counted_pairs,
    doubt_turning_ranks,
    turn_votes,
)
from tableside.vision.whole_cards import squared_wholes, whole_card_corners, whole_cards

MAX_WIDTH = 1280
# Cards far larger than a camera over the table shows them (a photograph taken close) are
# read shrunk as well: the marks' scales (the paper level's reach, the bodies cut, the patches)
# are made for cards of 60 to 200-odd pixels. A frame (as read, at most MAX_WIDTH wide) with
# paper LARGE_PAPER pixels across or more (its outline's narrowest width) whose sure cards are
# LARGE_CARD wide or more (their median), or that has none, is read again at half its size,
# and again while that holds, down to SMALLEST_WIDTH; the reading with the most sure cards
# stands (the larger where they tie). (Paper alone is no sign of large cards: a light table
# is paper too, with a camera's small cards on it.)
LARGE_PAPER = 280.0
LARGE_CARD = 250.0
SMALLEST_WIDTH = 320
# Candidates of the pass that cuts bodies away (tableside/vision/marks.py) are read only where
# no other pass's candidate within NEAR of its spans (rank point to rank point) names a card at
# NEAR_SURE or more: that pass parts what the others could not, and beside a reading it only
# adds rival views. scripts/score_drawn_scenes.py at 0.9 (shared decks / drawn decks read of
# 7,216 / 2,275; wrong 1 / 4 throughout): all read 7,151 / 2,251 (disc of 5 px); NEAR_SURE 0.5:
# 7,157 / 2,255; 0.7 and 0.8: 7,159 / 2,255; 0.9: 7,160 / 2,254. NEAR 1.0 reads as 1.5.
# So are the thin-wiped pass's (session 50), which parts a court card's index from its picture's
# frame, where the first two passes read nothing. scripts/score_drawn_scenes.py --every-set
# against reading them all (read, shared / drawn decks): ten 7,187 / 2,269 the same, fresh
# 2,361 -> 2,360 / 2,329, dev 2,426 / 2,280 -> 2,281, studied 2,401 -> 2,400 / 2,312,
# untouched 2,288 -> 2,289 / 2,369, unseen 2,249 -> 2,246 / 2,347 -> 2,346; wrong reports
# 26 either way. scripts/ab_vision.py: -2.2 ms a frame (median). Without that pass at all
# (-4.5 and -3.6 ms): 10 cards fewer (shared 9, drawn 1; studied shared at 99.50 %).
# So are the colour-parted pass's (session 73; marks.py's COLOURS_PARTED), which parts a red
# index from the dark ink it touches.
# NEAR 1.5 -> 0.75 (session 90): in a fan two cards' indices lie a span or so apart, and a
# later pass's index beside another card's sure one was never read (gnome-bellot's red 4
# touching its card's black rim, parted by the colour pass, beside the next card's sure 6s).
# scripts/score_drawn_scenes.py --outside at the study seeds (--outside-seed 190000): 13,163 ->
# 13,172 of 13,298 read, wrong 36 either way (NEAR 1.0: 13,169; 0.5: 13,172; 0: 13,174 with
# wrong 40); --every-set, read shared / drawn: ten 7,191 -> 7,192 / 2,271, fresh the same,
# dev the same, studied 2,400 -> 2,401 (wrong 2 -> 3) / 2,318, untouched 2,290 -> 2,291 /
# 2,372 -> 2,373, unseen 2,249 -> 2,250 / 2,347 -> 2,349, no other wrong report more; the
# reported outside groups 13,370 -> 13,373 of 13,527 (wrong 31 -> 32: a kennard-jumbo card
# at 0.81); scripts/score_photos.py the same (143 of 143, 524 of 527). Cost: scripts/ab_vision.py
# +1.45 ms a frame (median; mean +3.4) and, the trees the other way round, +1.4 (mean +2.2).
NEAR = 0.75
NEAR_SURE = 0.7
# What a deck letters its court cards (CardRecognizer.letters): "auto" tells from the frames,
# else one of tableside.cards.COURT_LETTERS.
LETTERS = ("auto", *COURT_LETTERS)


@dataclass(frozen=True)
class Recognition:
    cards: list[CardSighting]
    unsure: list[CardSighting] = field(default_factory=list)
    milliseconds: float = 0.0

    def to_json(self, *, unsure: bool = False) -> dict:
        data = {"cards": [c.to_json() for c in self.cards], "ms": round(self.milliseconds, 2)}
        if unsure:
            data["unsure"] = [c.to_json() for c in self.unsure]
        return data


class CardRecognizer:
    """Loads the reader once; call :meth:`recognize` per frame (BGR, as OpenCV reads it)."""

    def __init__(self, reader_paths: Sequence[str | Path] = READER_PATHS, *,
                 confident: float = CONFIDENT, max_width: int = MAX_WIDTH,
                 backend: str | None = None) -> None:
        # backend: what runs the networks (tableside/vision/networks.py; default the fastest
        # installed).
        self.reader = IndexReader(reader_paths, backend=backend)
        self._backend = backend
        # The readers that know a German deck's B and D too, loaded when a frame first needs
        # them (most tables never do).
        self._letters_reader: IndexReader | None = None
        # The reader reading the frame in hand: the recogniser's own, or the letters'.
        self._reading = self.reader
        self.pip_reader: PipReader | None = PipReader(backend=backend)
        # Reads the pips beside a black number card's index (suit_pips.py).
        self.witness_reader: WitnessReader | None = WitnessReader(backend=backend)
        self.confident = confident
        # Whether the frame's suit inks judge its readings' suits (suit_colours.py).
        self.suit_inks = True
        self.max_width = max_width
        # Whether paper no sure card explains is read again enlarged where cards are small
        # (closer_look.py).
        self.closer_look = True
        # Whether a frame blurrier than the tests' is sharpened before it is read
        # (sharpening.py).
        self.sharpen = True
        # The table's plane (3 x 3: frame pixels to table units, Calibration.homography) once
        # the dealer has marked it: a camera's slanted frames are read as seen from straight
        # above (straight_view.py).
        self.plane: np.ndarray | None = None
        # Without it, whether a frame whose whole cards show a slant is read straightened too
        # (slant.py).
        self.guess_slant = True
        # Whether a frame whose deck prints its bottom index upright asks the dealer about its
        # lone sixes and nines (turned_indices.py).
        self.doubt_turned = True
        # Whether such a lone 6 or 9 is settled by its card's pips where the frame's pips are
        # printed standing (standing_pips.py) rather than asked about.
        self.settle_by_pips = True
        # Whether two corners of one card read as two number cards are settled by its pips
        # (turned_indices.py's counted_pairs and counted_conflicts).
        self.count_corners = True
        # Whether a frame whose cards say nothing of that takes the last word of the frames
        # before (a camera reads one table's deck frame after frame; a frame of a hand, or of
        # cards in fans, shows no card at both corners).
        self.remember_bottoms = False
        # Whether such a deck's indices the first look left unsure are read again righted
        # (righted_indices.py: an upright bottom index's glyphs read upside down).
        self.right_bottoms = True
        self._bottoms_upright = False
        # ...and the last word of the frames before on how its pips lean standing.
        self._standing: dict[str, int] = {}
        # Whether a frame whose cards show no sure B, D nor J takes the last word of the frames
        # before on its deck's court letters (German B and D, or J and Q: reader.py's
        # letters_said), so that a German deck's Ds are looked for in frames showing no B.
        self.remember_letters = False
        self._letters_german = False
        # What this table's deck letters its court cards (LETTERS): told by the frames, or said.
        self.letters = "auto"
        self._view_key: tuple | None = None
        self._view: StraightView | None = None
        # Each frame's arrays are freed before the next: have the allocator keep their memory
        # rather than fault it in anew every frame (figures in tableside/vision/memory.py).
        keep_freed_memory()
        # ...and numpy's and OpenCV's BLAS on one thread, as OpenCV and the networks run
        # (figures in tableside/vision/blas_threads.py).
        one_blas_thread()

    def recognize(self, frame: np.ndarray) -> Recognition:
        started = time.perf_counter()
        if self.letters not in LETTERS:
            raise ValueError(f"letters must be one of {', '.join(LETTERS)}, "
                             f"not {self.letters!r}")
        if self.letters == "german" or (self.letters == "auto" and self.remember_letters
                                        and self._letters_german):
            letters = self._letters_readers()
            # (A deck said German needs no telling: its sure jacks are not read again by the
            # English first reader.)
            letters.letters_said = True if self.letters == "german" else None
            seen = self._read_by(letters, frame)
            # A J (not a B) read surely: an English deck after all, from the next frame on.
            if self.letters == "auto" and letters.letters_said is False:
                self._letters_german = False
        else:
            # The letters' witness tells a German deck by a sure B or D (reader.py); a deck said to
            # be English is not asked about (its 8s are still doubted where they look like Bs).
            self.reader.letters_said = False if self.letters == "english" else None
            self.reader.letters_seen = False
            seen = self._read_by(self.reader, frame)
            if self.letters == "auto" and self.reader.letters_said:
                seen = self._read_by(self._letters_readers(), frame)
            if self.letters == "auto" and self.reader.letters_said is not None:
                self._letters_german = self.reader.letters_said
        return replace(seen, milliseconds=(time.perf_counter() - started) * 1000)

    def _read_by(self, reader: IndexReader, frame: np.ndarray) -> Recognition:
        """The frame's reading, its indices judged by ``reader``."""
        self._reading = reader
        try:
            height, width = frame.shape[:2]
            view = self._straight_view(width, height)
            if view is not None:
                return self._recognize_in_view(frame, view)
            seen, marks, cards = self._recognize_at_scales(frame)
            if self.guess_slant:
                seen = self._surer_straightened(frame, seen, marks, cards)
            return seen
        finally:
            self._reading = self.reader

    def _letters_readers(self) -> IndexReader:
        """The readers taught the German letters too (loaded once, when first needed); they
        read a B as the jack and a D as the queen themselves, so no witness asks, but the
        English first reader tells a J from a B for the memory (remember_letters)."""
        if self._letters_reader is None:
            self._letters_reader = IndexReader(LETTERS_READER_PATHS, letters_path=None,
                                               english_path=ENGLISH_PATH, backend=self._backend)
        return self._letters_reader

    def _recognize_in_view(self, frame: np.ndarray, view: StraightView) -> Recognition:
        """The frame's reading in the view, its corners in the frame's pixels."""
        seen, _, _ = self._recognize_at_scales(view.warp(frame))
        return Recognition(*([replace(s, corners=view.back(s.corners)) for s in sightings]
                             for sightings in (seen.cards, seen.unsure)))

    def _surer_straightened(self, frame: np.ndarray, seen: Recognition, marks: Marks,
                            cards: list[np.ndarray]) -> Recognition:
        """A frame read as seen, and read again straightened where its whole cards (their
        corners ``cards`` and its ``marks``, of the frame as read) say it is slanted (slant.py):
        the reading with more sure cards, as seen where they tie."""
        height, width = frame.shape[:2]
        scale = min(1.0, self.max_width / width)
        if not seen.unsure and all(any(lies_on(s.centre, card / scale) for s in seen.cards)
                                   for card in cards):
            # Nothing a straightened view could read better.
            return seen
        plane = guessed_plane(cards, (marks.cards.shape[1], marks.cards.shape[0]))
        if plane is None:
            return seen
        view = StraightView.of(plane @ np.diag([scale, scale, 1.0]), (width, height),
                              GUESSED_SLANTED)
        if view is None:
            return seen
        straightened = self._recognize_in_view(frame, view)
        return straightened if len(straightened.cards) > len(seen.cards) else seen

    def _straight_view(self, width: int, height: int) -> StraightView | None:
        """The view onto the table's plane for frames of this size (kept while the plane and
        the size stay), or None: no plane, or a camera straight above."""
        if self.plane is None:
            return None
        plane = np.asarray(self.plane, np.float64)
        key = (plane.tobytes(), width, height)
        if key != self._view_key:
            self._view_key = key
            self._view = StraightView.of(plane, (width, height))
        return self._view

    def _recognize(self, frame: np.ndarray, *, closer: bool
                   ) -> tuple[Recognition, Marks, list[np.ndarray]]:
        """The frame's reading, marks and whole cards' corners (the frame sharpened first if it
        is blurred and sharpen is on: sharpening.py); with closer, the closer look
        (closer_look.py) too."""
        started = time.perf_counter()
        if frame.ndim == 2:
            frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
        given, scale = frame, 1.0
        if frame.shape[1] > self.max_width:
            scale = self.max_width / frame.shape[1]
            frame = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if self.sharpen:
            # Measured as read (a large frame shrunk is sharper); the closer look cuts from the
            # frame as given only where that is larger.
            frame = sharpened(frame)
            if scale == 1.0:
                given = frame
        marks = find_marks(frame)
        candidates, probabilities = self._read_candidates(marks)
        wholes = whole_cards(marks)
        squared = squared_wholes(wholes)
        cards = whole_card_corners(marks, wholes, squared)
        # Whole cards whose indices no mark showed: read where their corners place them.
        placed, placed_probabilities = read_placed(self._reading, marks, unread_cards(
            marks, cards, candidates, probabilities))
        candidates = Candidates.join([candidates, placed])
        probabilities = np.concatenate([probabilities, placed_probabilities])
        # Cards partly under others whose indices no mark showed: read where a corner of their
        # paper places them.
        corners = paper_corner_array(marks)
        cornered, cornered_probabilities = read_corners(self._reading, marks, candidates,
                                                        probabilities, corners, wholes)
        candidates = Candidates.join([candidates, cornered])
        probabilities = np.concatenate([probabilities, cornered_probabilities])
        if self.suit_inks:
            probabilities = judged_by_ink(marks, candidates, probabilities)
        if self.witness_reader is not None and self.pip_reader is not None:
            probabilities = judged_by_pips(marks, candidates, probabilities,
                                           self.witness_reader, self.pip_reader)
        pips = pip_counts(marks, wholes, self.pip_reader)
        sightings = assemble(probabilities, candidates.rank_points, candidates.suit_points,
                             marks.outlines, pips, marks.cards, corners, squared)
        first = sightings
        # A deck printing its bottom index upright (turned_indices.py) is told by the cards
        # the first look read at two corners (the closer look's cuts see too few); asked before
        # the closer look where its indices are read righted (righted_indices.py), or to
        # remember, else only where a lone 6 or 9 hangs on it.
        asked = closer and self.doubt_turned
        said = None
        if asked and (self.right_bottoms or self.remember_bottoms):
            said = self._bottoms_said(marks, candidates, probabilities, first)
            righted = (righted_readings(self._reading, marks, candidates, probabilities,
                                        self.confident)
                       if said is True and self.right_bottoms else None)
            if righted is not None:
                probabilities = righted
                sightings = assemble(probabilities, candidates.rank_points,
                                     candidates.suit_points, marks.outlines, pips, marks.cards,
                                     corners, squared)
        if closer and self.closer_look:
            # Small cards whose indices the first look could not make out (closer_look.py).
            # A cut, enlarged, measures blurred however sharp the frame: it is sharpened.
            sightings = look_closer(self._read_cut,
                                    given, scale, marks, sightings, self.confident)
        if (asked and not (self.right_bottoms or self.remember_bottoms)
                and any_turning(sightings, self.confident, marks.outlines, pips)):
            said = self._bottoms_said(marks, candidates, probabilities, first)
        if said is True:
            sightings = doubt_turning_ranks(sightings, self.confident, marks.outlines,
                                            pips)
            if self.pip_reader is not None and self.settle_by_pips and any(
                    s.problem == "turned" for s in sightings):
                standing = standing_leans(marks, sightings, self.pip_reader,
                                          self.confident)
                if self.remember_bottoms:
                    standing = self._standing = standing or self._standing
                sightings = settle_turned(sightings, marks, self.pip_reader, standing,
                                          candidates, probabilities, self.confident)
        if closer and self.count_corners:
            sightings = counted_conflicts(counted_pairs(sightings, marks, self.confident,
                                                        self.pip_reader),
                                          marks, self.pip_reader)
        if scale != 1.0:
            sightings = [replace(s, corners=s.corners / scale) for s in sightings]
        sure = [s for s in sightings if s.problem is None and s.confidence >= self.confident]
        unsure = [s for s in sightings if s.problem is not None or s.confidence < self.confident]
        return Recognition(sure, unsure, (time.perf_counter() - started) * 1000), marks, cards

    def _bottoms_said(self, marks: Marks, candidates: Candidates, probabilities: np.ndarray,
                      first: list[CardSighting]) -> bool | None:
        """Whether the frame's deck prints its bottom index upright, as the cards the first
        look read at two corners (``first``) tell it, or None where they do not; remembering,
        the last word of the frames before where they do not."""
        said = bottoms_upright(turn_votes(marks, candidates, probabilities, first))
        if self.remember_bottoms:
            said = self._bottoms_upright = self._bottoms_upright if said is None else said
        return said

    def _recognize_at_scales(self, frame: np.ndarray
                             ) -> tuple[Recognition, Marks, list[np.ndarray]]:
        """The frame's reading, and where it holds large paper (LARGE_PAPER) its reading
        shrunk, whichever has more sure cards; and the marks and whole cards' corners of the
        frame as first read. (recognize times the whole.)"""
        best, marks, cards = self._recognize(frame, closer=True)
        first_marks, first_cards = marks, cards
        grown = 1.0
        read = best
        while (_large_paper(marks) and _large_cards(read, min(1.0, self.max_width / frame.shape[1]))
               and frame.shape[1] // 2 >= SMALLEST_WIDTH):
            frame = cv2.resize(frame, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            grown *= 2.0
            read, marks, _ = self._recognize(frame, closer=True)
            if len(read.cards) <= len(best.cards):
                break
            best = Recognition(*([replace(s, corners=s.corners * grown) for s in sightings]
                                 for sightings in (read.cards, read.unsure)))
        return best, first_marks, first_cards

    def _read_cut(self, cut: np.ndarray) -> tuple[list[CardSighting], np.ndarray]:
        """A cut of the frame's sure cards and its card outlines' mask (for closer_look.py)."""
        recognition, marks, _ = self._recognize(cut, closer=False)
        return recognition.cards, marks.cards

    def _read_candidates(self, marks: Marks) -> tuple[Candidates, np.ndarray]:
        """The frame's candidates and their readings (N x 53); the thin-wiped, the cut, the
        colour-parted and the line-cut pass's only where the other passes read no card nearby."""
        candidates = find_candidates(marks)
        later = np.isin(candidates.passes, (THIN_PASS, CUT_PASS, COLOUR_PASS, LINE_PASS))
        first = candidates.subset(np.nonzero(~later)[0])
        probabilities = self._reading.read(marks, first).probabilities
        later = candidates.subset(np.nonzero(later)[0])
        later = later.subset(np.nonzero(~_near_a_card(later, first, probabilities))[0])
        return (Candidates.join([first, later]),
                np.concatenate([probabilities, self._reading.read(marks, later).probabilities]))


def _near_a_card(later: Candidates, first: Candidates, probabilities: np.ndarray) -> np.ndarray:
    """Per candidate of ``later``: does a candidate of ``first`` read as a card (at NEAR_SURE)
    lie within NEAR of its spans?"""
    sure = probabilities[:, :NO_INDEX].max(axis=1) >= NEAR_SURE
    if len(later) == 0 or not sure.any():
        return np.zeros(len(later), bool)
    distances = norms(later.rank_points[:, None] - first.rank_points[sure][None])
    return (distances <= NEAR * first.spans[sure][None]).any(axis=1)


def _large_cards(recognition: Recognition, scale: float) -> bool:
    """Whether a reading's sure cards are LARGE_CARD wide or more (their median, in a frame
    read at ``scale``), or it has none."""
    return not recognition.cards or median_width(recognition.cards) * scale >= LARGE_CARD


def _large_paper(marks: Marks) -> bool:
    """Whether the frame holds paper LARGE_PAPER pixels across or more (marks' scale)."""
    return any(min(cv2.minAreaRect(outline.astype(np.float32))[1]) >= LARGE_PAPER
               for outline in marks.outlines)
