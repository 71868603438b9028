"""The corner-index reader: small networks that name the card a candidate shows, or none.

A quick look first: a small network glances at each candidate at half size (its ink, and which
marks it takes for rank and suit) and drops what is plainly no index (pips next to pips,
pictures, chips), most candidates of a frame. A second look at the same glances (the sifter, a
network of twice the quick look's weights trained only on what the quick look keeps, so on
the hard cases) drops about a quarter of what is left. The closer look reads the rest from
the full patch with its colour and mark planes: a rank (or "no index") and a suit. A patch's card
probabilities are rank times suit probability, so an unsure rank or an unsure suit both make
an unsure card. Four readers trained apart (on other scenes, from other seeds; all but the first
with twice the channels) read each patch and their readings are averaged: a reader's sure
misreading is seldom the others'. (Their geometric mean, normalised, which sharpens where they
agree, read cards of 60-75 px more but reported more wrongly: session 61's dev groups, shared
decks 2,915 -> 2,919 of 2,945, wrong 3 -> 4; drawn 2,791 -> 2,805 of 2,847, wrong 20 -> 26.)
The first, the smallest, screens: what it calls "no index" surely (two fifths of what the quick
look keeps: 775 of 1,910 on 40 drawn scenes of seed 77000, a third at its former bar of 0.02)
the others do not read; where the first two name the same card surely (or both surely no
index), the last two are not asked. The few doubtful readings of a frame are read again from a
few slightly moved views and averaged with them. The networks
(tableside/vision/models/card_finder.onnx, card_sifter.onnx, card_reader.onnx,
card_reader_second.onnx, card_reader_third.onnx and card_reader_fourth.onnx, built by
scripts/train_card_reader.py) run on ONNX Runtime, or on OpenCV's dnn module where that is
missing (tableside/vision/networks.py).
The readers' convolutions but the first run on 8-bit integers (scripts/quantize_readers.py):
the readers' time on the bench's frames about halves (a wide reader 174 -> 88 us a patch), and
tableside bench vision alternated with the float readers ran 71.7 / 73.3 / 75.6 against
82.2 / 80.0 / 86.4 ms. scripts/score_drawn_scenes.py read the same but for the fresh drawn
decks' 2,323 -> 2,324 of 2,343, with the ten groups' drawn decks' wrong reports 4 -> 6 of
2,270 (both new ones at 0.81 and 0.84, near the bar); the photographs read alike.

Measured with scripts/score_drawn_scenes.py, reports at 0.95: two readers on every patch,
against the second reading only the doubtful patches and checking the sure ones no other
corner backs, read the shared decks' 7,216 cards 7,125 -> 7,132, wrong 6 -> 4, and the 2,275
of decks drawn by code 2,233 -> 2,236, wrong 6 -> 4; the third reader then 7,133 (wrong 2) and
2,238 (wrong 3). At the report bar of 0.9, the fourth: 7,143 -> 7,145 (wrong 2 either way) and
2,247 -> 2,250 (wrong 4); the three wide readers without the first made 6 wrong reports of
the shared decks. Each wide reader costs about 5-6 ms a frame and 25 MB (tableside bench
vision: two readers 38-40 ms, three 42-45, four 49-53). The screening read the drawn scenes
the same, group by group, and the bench's frames ~7 % faster (alternated with reading every
patch by all four, beside a training run: 62.8 / 59.7 against 69.9 / 64.6 ms).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tableside.cards import RANK_CHARS, SUIT_CHARS
from tableside.vision.assembly import CONFLICT_SURE, VIEWS_NEAR
from tableside.vision.candidates import Candidates
from tableside.vision.geometry import norms
from tableside.vision.marks import Marks
from tableside.vision.networks import Network, softmax
from tableside.vision.patches import colourless, cut_glances, cut_patches, green_inked

MODELS = Path(__file__).resolve().parent / "models"
MODEL_PATH = MODELS / "card_reader.onnx"
FINDER_PATH = MODELS / "card_finder.onnx"
SECOND_PATH = MODELS / "card_reader_second.onnx"
THIRD_PATH = MODELS / "card_reader_third.onnx"
FOURTH_PATH = MODELS / "card_reader_fourth.onnx"
SIFTER_PATH = MODELS / "card_sifter.onnx"
LETTERS_PATH = MODELS / "card_letters.onnx"
LETTERS_FIRST_PATH = MODELS / "card_letters_first.onnx"
# The readers whose readings are averaged: trained apart (other scenes, other seeds), so a sure
# misreading by one is seldom shared by the others.
READER_PATHS = (MODEL_PATH, SECOND_PATH, THIRD_PATH, FOURTH_PATH)
# The readers fine-tuned with German letters too (card_reader.json "letters_readers"; the
# second is the letters' witness below; since session 80 also on GNOME's three designs lettered
# so, whose serif D they had read as a 10) read a B as the jack and a D as the queen, English
# decks a little worse than READER_PATHS: they read only frames of a deck that showed a B or a
# D, or said to be German (tableside/vision/recognizer.py). They read a J as the jack too:
# ENGLISH_PATH, a reader of J and Q alone, tells the two apart (it reads a B as an 8).
# Session 79, scripts/score_drawn_scenes.py --german-letters (bar 0.8), the dev groups 67000
# and 68000: frame by frame 2,201 -> 2,214 of 2,293 read, wrong 17 -> 15 (only frames with a
# sure B are read again); remembering the deck as a camera does, or said German, 2,263 read,
# 8 wrong (remembering before: 2,242, 14). --every-set as before, the outside designs 8,811
# -> 8,809 of 9,002, wrong 56 -> 53. Said German, the studied groups 117000 and 118000
# read 2,311 of 2,325, 6 wrong, and printed J and Q 2,316 with 3 wrong (with the English
# readers 2,316 and 2). The first two alone in their place: 2,264 and 7 on the dev groups, but
# 2,307 and 9 on the studied, and their J and Q 2,313 with 5 wrong. Tried and not kept: also
# reading again frames where the witness doubts an 8 (a jack LETTERS_DOUBT or more; 14 of the
# 300 German frames more, 7 of the dev groups' 600 English): German 2,221 read, 13 wrong frame
# by frame, but --every-set 2 cards fewer and a wrong report more (the untouched drawn groups
# 2 more, the fresh 1 fewer), the outside designs 2 cards fewer.
# Session 80: the first two taught readers alone (the third and fourth, 1.17 MB each, no longer
# shipped) read GNOME's three German designs frame by frame 3,472 of 3,501 with 4 wrong (all
# four: 3,474 / 5), said German 3,486 / 4 (3,490 / 5); the dev groups lettered by code 2,228 /
# 12 (2,230 / 11), said German 2,264 / 9 (2,266 / 8).
LETTERS_READER_PATHS = (LETTERS_FIRST_PATH, LETTERS_PATH)
ENGLISH_PATH = MODEL_PATH
NO_INDEX = 52
# German decks of French suits letter the jack B (Bube), the queen D (Dame); the four readers
# learnt J and Q only and read a B as a sure 8, a D as a 6, 10, king or jack. A wide reader
# taught both letterings (LETTERS_PATH: the second fine-tuned with German letters,
# card_reader.json "letters_witness") witnesses every reading of an 8: where it gives a jack at
# least LETTERS_DOUBT, the reading becomes the mean of the two (the card mostly left to the
# dealer); where it gives a jack of one suit LETTERS_SURE, its own reading stands, unless the
# frame has shown a jack read surely (ENGLISH_JACK: no German deck prints a J; a few English 8s
# look like a B to the witness). Such a sure B says the frame holds a German deck: from then on the
# frame's readings of QUEEN_ALIKES are witnessed for a D in the same way (on every frame they
# would be some 20 patches, 3 ms, and English decks' 10s and 6s taken for Ds: --every-set 2
# wrong reports more, the outside designs 5).
# Session 77 (the mean alone): scripts/score_drawn_scenes.py --dev --groups 67000 68000
# --german-letters 2,008 of 2,293 read, 147 wrong reports -> 2,022 read, 49 wrong (at a chance
# of 0.5: 56 wrong; the fine-tuned first reader as the witness, at 0.5: 83); --every-set as
# before but the fresh drawn decks +1 card and the studied shared decks -1 card, +1 wrong
# report; the outside designs 8,810 -> 8,812 of 9,002 (wrong 54); scripts/score_photos.py the
# same; scripts/ab_vision.py median +0.31 ms a frame (mean -0.07); tableside bench vision's
# peak memory 402 -> 406-409 MB (the one more wide network loaded). The four readers fine-tuned
# so instead (the --german-letters-share of scripts/train_card_reader.py) read the German
# letters (2,263, 8 wrong) but lost what tests/test_vision_recognition.py asks of English decks.
# Session 78 (the sure word and the Ds): the German letters 2,022 -> 2,201 read, 49 -> 17 wrong
# (the sure word alone, 8s only: 2,161 and 24); --every-set as before but the fresh and the
# studied drawn decks' wrong reports 2 -> 3 each (an English 8 the witness was sure is a B, and
# in the studied frame a 10 then taken for a D); the outside designs 8,812 -> 8,811, wrong 54
# -> 56 (gnome-ornamental). With a sure J overruling (the same session): the German letters
# the same, the fresh and the studied drawn decks' wrong reports back to 2 (both frames showed
# a jack), gnome-ornamental's 2 stay (frames without a jack). LETTERS_SURE 0.97: the German
# letters 19 wrong, gnome-ornamental 1; 0.99: 21 and 1.
EIGHT, JACK, QUEEN = (RANK_CHARS.index(rank) for rank in "8JQ")
QUEEN_ALIKES = tuple(RANK_CHARS.index(rank) for rank in "6TKJ")
LETTERS_DOUBT = 0.2
LETTERS_SURE = 0.9
# Real German designs print a serif D whose thin strokes fade at the tests' sizes: the English
# readers read it as a sure 10 (its stem and bowl a 1 and a 0), now and then a sure jack or 8.
# Until a frame's deck is told, the witness reads its sure QUEEN_ALIKES (LETTERS_SURE) as well
# as its 8s, and a queen it is sure of (its suit too) is a sure D: it says the deck is German
# as a sure B does (and such a jack is no word for English). Session 80, GNOME's berlin,
# lattmann and rheinland (render_training_decks.py --german; score_drawn_scenes.py --outside,
# seeds 200000-202000), frame by frame: 3,276 of 3,501 read with 99 wrong reports (2.9 %),
# nearly all Ds read as 10s and jacks -> 3,474 read, 5 wrong, with the letters' readers taught
# those three designs (taught them but without this: 3,338 read, 86 wrong); said German 3,338
# / 37 -> 3,490 / 5. The dev groups lettered B and D by code (--dev --groups 67000 68000
# --german-letters, designs no reader learnt): frame by frame 2,214 / 15 -> 2,230 / 11 (sure
# 10s and jacks only: 2,228 / 13), said German 2,263 / 8 -> 2,266 / 8. --every-set as before
# but the studied shared decks 2,399 -> 2,400 of 2,411 (wrong 3 -> 2); the ten outside designs
# 10,974 -> 10,975 of 11,205 (wrong 59 -> 60); scripts/ab_vision.py the same outputs, about
# +0.5 ms a frame (both ways round: noise).
# A reading of a jack this sure that the witness (if asked) does not take for a D says the deck
# letters its jacks J (recognizer.py's remember_letters).
ENGLISH_JACK = 0.95
# The quick look keeps a patch when its chance of being an index reaches this (low: it must
# not lose indices, only spare the closer look the obvious rest). It is least sure of the
# held-out tango deck, whose suit is as big as the rank: glances of 0.006-0.017 that the
# readers read at 1.00. scripts/score_drawn_scenes.py, 0.02 -> 0.01: the fresh groups' shared
# decks 2,354 -> 2,356 of 2,367 read, none wrong, the drawn decks and the ten groups the same;
# the photographs' train split 520 -> 521. 0.01 -> 0.005 (session 38): the ten groups' shared
# decks 7,186 -> 7,187 of 7,216 and the fresh groups' 2,357 -> 2,358 of 2,367 (two tango
# aces), the unseen groups' drawn decks 2,341 -> 2,342 of 2,356; every other group, the wrong
# reports and the photographs the same. At 0.003 an 8d of a trained deck (anglo_modern,
# 50000+15) was reported Kh at 1.00: the untouched groups' shared decks 2,283 -> 2,282 of
# 2,298, wrong 3 -> 4.
# On the bench's frames 0.005 keeps 63 of 547 glances a frame where 0.01 kept 52 (0.003: 72),
# and scripts/ab_vision.py gave +0.54 ms a frame (median).
FINDER_KEEPS = 0.005
# The sifter takes a second look at the glances the quick look keeps: a network of twice its
# weights (card_sifter.onnx) trained only on what the quick look lets through, so on the hard
# cases (a pip beside a pip, pieces of a picture). A patch goes on to the readers when the
# sifter too gives it this chance of being an index: the quick look's own bar, for the same
# reason (held-out tango indices, whose suit is as big as the rank, are what both doubt most).
# On the bench's frames it keeps 45.7 of the 60.4 glances a frame the quick look keeps (0.01:
# 40.4); it costs about 30 us a glance (1.8 ms for 60) where a patch cut and read by the first
# reader costs about 170. scripts/ab_vision.py: median -1.86 and -2.76 ms a frame (two runs of
# 4 passes, at 91.8 ms). scripts/score_drawn_scenes.py: read and wrong the same, group by group
# (all six sets), and the photographs. At 0.01 the unseen groups' shared decks read 2,244 ->
# 2,243 of 2,256 (a tango 6h sifted at 0.0094: the bar went down to 0.005 after that was seen),
# at 0.05 the ten groups' 7,187 -> 7,186 (a tango 4h at 0.075); all else the same at 0.01
# (ab_vision -2.30 ms). A sifter trained from the same examples with another torch seed lost a
# tango Td (0.0037) and a drawn Js (0.0065) at 0.01; one trained with --big-suit-share 0.3
# kept as much and gave that 6h 0.0070 and that Js 0.0087.
SIFTER_KEEPS = 0.005
# Patches at least this likely an index, and this sure (but not more) of their card, are read
# again from views moved by these (span scale, sideways shift in spans, turn in radians) and
# averaged. Two views are turned (about 9 degrees either way): a small index's way from rank to
# suit can be that far off its card's (assembly.py). scripts/score_drawn_scenes.py against the
# four other moves alone: the ten groups the same (7,184 / 3 wrong, 2,264 / 4); the fresh groups
# shared 2,353 -> 2,354 (none wrong), drawn 2,323 -> 2,322, wrong 11 -> 9. Four turns (0.1 and 0.2
# either way) read alike (fresh drawn wrong 9, shared 7,183). RECHECK_BELOW 0.95 -> 0.99: a view
# read at 0.95-0.99 is still a strong rival in assembly.py (STRONG_VIEW) that leaves a sure
# index unsure, so it gets the second look too: a held-out neoclassical Qh (1.00) was left at
# 0.51 by a Th read at 0.96 from another pairing of its marks, which the moved views doubt. The
# fresh groups' shared decks 2,356 -> 2,357 of 2,367 (0.98 and 0.999 the same), all else the
# same (the ten groups, the fresh drawn decks, the photographs); tableside bench vision
# alternated with 0.95: 81.4 / 82.6 / 84.8 against 80.3 / 81.4 / 82.7 ms on a busy machine.
# Measured and not kept (session 32; the rechecks are about a tenth of a frame's time): without
# the two scaled views, scripts/ab_vision.py -1.65 ms a frame (median; mean -3.85), but the ten
# groups' shared decks read 7,185 -> 7,183 with 2 -> 3 wrong (drawn 2,264 either way, wrong
# 6 -> 5); with no rechecks at all, the first four of the ten groups alone read 2 cards fewer
# with 2 wrong reports more.
# Session 57: the moved views read by the first two readers only (the wide third and fourth
# left out, the bulk of a recheck's time), timed alternately in one process on the bench's 40
# frames (best of three each): -2.9 ms a frame (median of the differences; mean -4.0; with no
# rechecks at all -5.3 and -7.4). scripts/score_drawn_scenes.py --every-set read the shared
# decks 4 cards fewer over the six sets (the unseen groups' 2,248 -> 2,246 of 2,256) with wrong
# reports 9 -> 13, the drawn decks 8 fewer with wrong reports 15 -> 21, and --outside 4,419 ->
# 4,410 of 4,591 (wrong 137 either way): the wide readers' say on the moved views is what
# keeps the wrong reports down. Not kept.
RECHECK_INDEX = 0.3
RECHECK_FROM = 0.3
RECHECK_BELOW = 0.99
# ...but a patch read from RIVALS_FROM up is read again only when it may be a rival: when
# another candidate whose rank point lies within VIEWS_NEAR of the larger span of its own names
# another card at least CONFLICT_SURE (as assembly.py's rivals do). That is only the first of
# assembly.py's tests for views of one index (not whether they are turned alike or share a
# mark): looser, so it reads again rather more than the rivals assembly will find, never
# fewer. Only as a rival can such a reading still change what is reported
# (the Qh above, which the fresh groups' shared decks still read: 2,357 of 2,367); on the
# bench's 40 frames 24 of the 29 patches read at 0.95-0.99 have none, and all 29 stayed at 0.8
# or more when read again. Rechecked patches 2.05 -> 1.33 a frame; scripts/ab_vision.py
# against rechecking them all: -2.59 and -2.33 ms a frame (median, two runs of 4 passes).
# scripts/score_drawn_scenes.py: the ten groups' drawn decks wrong 6 -> 5 (2,264 of 2,275
# read either way), the dev groups' drawn decks 2,274 -> 2,275 of 2,293; everything else read
# and wrong the same, group by group (the ten groups' shared decks 7,185 of 7,216, the fresh
# groups, the dev groups' shared decks, the untouched groups), and the photographs (test 143
# of 143, train 521 of 527, 1 wrong).
RIVALS_FROM = 0.95
# Session 90, measured and not kept: views widened across the index about its rank point (the
# patch's columns stretched, for condensed faces such as David Bellot's serif figures) read
# the outside designs at the study seeds (scripts/score_drawn_scenes.py --outside
# --outside-seed 190000) 13,172 -> 13,180 of 13,298 with wrong 36 -> 33 (by 1.15 and 1.35),
# but the decks drawn by code worse: --every-set's ten groups 2,271 -> 2,269 (wrong 3 -> 5)
# and the fresh groups 2,332 -> 2,330 (wrong 2 -> 4); by 1.15 alone 2,270 (wrong 4) and
# 2,331 (wrong 3; 99.49 %). More moves of the kinds below (scales 1.15 and 0.87, turns 0.07
# either way, two mixed) read the outside designs as before (13,172, wrong 35).
# Session 93, measured and not kept: the patch's own view counted three times in the mean
# with the six moved ones (a bellot 8h that all four readers read at 0.89-0.99 came out at 0.66
# after its moved views) read the outside designs at the study seeds 13,181 -> 13,184 of 13,298
# (wrong 32 -> 31) and at the reported seeds as before (13,391, wrong 23), but --every-set 1
# card fewer (32,849 -> 32,848) with 3 wrong reports more, on decks drawn by code (ten 2,271 ->
# 2,270, dev 2,283 -> 2,282 with wrong 2 -> 3, studied 2,318 -> 2,317, fresh wrong 2 -> 3,
# unseen 2,349 -> 2,350 with wrong 3 -> 4; the untouched groups' shared decks 2,291 -> 2,292).
RECHECK_MOVES = ((1.08, 0.0, 0.0), (0.92, 0.0, 0.0), (1.0, 0.1, 0.0), (1.0, -0.1, 0.0),
                 (1.0, 0.0, 0.15), (1.0, 0.0, -0.15))
# The first reader (the smallest) screens: a patch it gives "no index" at least this is not
# shown to the others. 0.99 -> 0.95 (session 59): on 210 scenes of the shared, drawn and outside
# decks 876 more of 11,370 judged patches screened (7.7 %), 12 of which the four readers' mean
# gave a card 0.5-0.8, none more. scripts/score_drawn_scenes.py --every-set --outside: every
# group read and wrong the same, line for line (four missed cards' unsure readings a little
# lower); scripts/score_photos.py the same; scripts/ab_vision.py -1.45 and (the other way round)
# -0.53 ms a frame, median, the bench's frames read bitwise the same.
SCREENED = 0.95
# The first two readers naming the same card, each at least this sure, settle it (their mean):
# the other two are not asked. On the bench's 40 frames that is 516 of the 1,516 patches the
# screening passes on; the four readers' mean of those differs from the two's by 5e-6 at the
# median, by more than 0.01 on 8 (at most 0.065: the four read 0.93), and tableside bench
# vision alternated with asking all four ran 70.4 / 69.5 / 70.4 against 72.4 / 72.3 / 72.7 ms.
# scripts/score_drawn_scenes.py read the same within two cards a group (small changes move
# assembly's choices): the ten groups' shared decks 7,184 -> 7,185 of 7,216 and drawn 2,264 ->
# 2,263 of 2,275 (wrong 2 and 6 either way), the fresh groups' drawn 2,331 -> 2,329 (wrong
# 4 -> 5), the untouched groups' 2,280 -> 2,279 and 2,364 -> 2,363, the dev groups and the
# photographs the same. That was at 0.999; 0.995 (593 settled) read every group and the
# photographs as 0.999 did (with AGREED_NONE), the last two readers' patches 21.4 -> 19.7 a
# frame, their time 5.9 -> 5.6 ms (two alternated runs each). At 0.99 it settles 634 (18.6 a
# frame) and read the groups alike, but reported a photograph's king as a 7 (the training
# photographs' wrong reports 1 -> 2).
AGREED = 0.995
# Alike for "no index", from this sureness: 125 more of the bench's 1,516. The four readers' mean
# of those gives no card more than 0.33 (the report bar is 0.8); 2 would have been read again
# from moved views. scripts/score_drawn_scenes.py read every group as before (ten, fresh, dev,
# untouched), and the photographs. The last two readers read 24.6 -> 21.4 patches a frame of
# the bench's, their time 7.1 -> 6.0 ms a frame (two runs each, alternated). 0.95 -> 0.8
# (session 32): two readers at 0.8 or more that it is no index leave at most 0.2 each to any
# card, so the four's mean could give a card at most 0.6, under the report bar. The last two
# readers' patches of the bench's frames 15.7 -> 13.4 a frame (all callers); the bench's
# frames read bitwise the same, and scripts/ab_vision.py gave -0.67 and -1.56 ms a frame
# (median, two runs of 4 passes; A/A noise about 0.5). scripts/score_drawn_scenes.py: read
# and wrong the same, group by group (ten, fresh, dev, untouched), and the photographs.
AGREED_NONE = 0.8
# Session 93, measured and not kept: the letters' witness (LETTERS_PATH) as a fifth voice in
# the mean where the four readers read a card at 0.3-0.95 (at the outside designs' misses it
# often reads right what the four split on: a condensed serif 3 that two read as a sure J).
# scripts/score_drawn_scenes.py: the outside designs at the study seeds 13,181 -> 13,188 of
# 13,298 (wrong 32 -> 24), at the reported ones 13,391 -> 13,392 (wrong 23 -> 20), but
# --every-set 9 cards fewer with 3 wrong reports more (the fresh groups' drawn decks 2,332 ->
# 2,330 of 2,343, wrong 2 -> 4: 99.45 %); at 0.3-0.8 only, the study seeds 13,188 (wrong 26),
# the reported 13,393 (wrong 20), --every-set 3 fewer and 4 more wrong; only where the four's
# likeliest two ranks are a J and a 3 or 5, the study seeds 13,183 (wrong 31), too little to
# go on with. The witness reads the decks drawn by code worse than the four do.
# Session 94, measured and not kept: a J the four read at 0.5 or more, which the witness reads
# as a 3 or a 5 at 0.9 or more, doubted (its reading the mean of theirs and the witness's),
# for the J reported on a condensed serif 3 or 5 (a third of the outside designs' wrong
# reports): the outside designs at the reported seeds 13,407 -> 13,406 of 13,527, wrong
# 20 -> 19. And the four readers' median (the mean of the middle two, per card) for their
# mean: the outside designs 13,429 with 38 wrong at the bar 0.8, 13,416 with 32 at 0.85,
# 13,398 with 28 at 0.9, where the mean reads 13,421 with 39 at 0.65, 13,419 with 31 at 0.7
# and 13,407 with 20 at 0.8: the same trade between cards read and wrong reports as moving the
# bar, no better.
_RANKS = 13


@dataclass(frozen=True)
class IndexReadings:
    """Per patch: probabilities of the 52 cards and of "no index" (N x 53)."""

    probabilities: np.ndarray

    def __len__(self) -> int:
        return len(self.probabilities)

    @property
    def cards(self) -> np.ndarray:
        """The likeliest card number per patch, or NO_INDEX."""
        return self.probabilities.argmax(axis=1)

    @property
    def confidence(self) -> np.ndarray:
        return self.probabilities.max(axis=1)


class IndexReader:
    """Loads the networks once; :meth:`read` judges a batch of patches."""

    def __init__(self, reader_paths: Sequence[str | Path] = READER_PATHS,
                 finder_path: str | Path | None = FINDER_PATH, *,
                 sifter_path: str | Path | None = SIFTER_PATH,
                 letters_path: str | Path | None = LETTERS_PATH,
                 english_path: str | Path | None = None,
                 backend: str | None = None) -> None:
        if not reader_paths:
            raise ValueError("IndexReader needs at least one reader network")
        self._readers = [Network(path, backend) for path in reader_paths]
        self._finder = Network(finder_path, backend) if finder_path is not None else None
        self._sifter = Network(sifter_path, backend) \
            if sifter_path is not None and self._finder is not None else None
        self._letters = Network(letters_path, backend) if letters_path is not None else None
        # For readers that read a J and a B alike (LETTERS_READER_PATHS): one that does not.
        self._english = Network(english_path, backend) if english_path is not None else None
        # Whether the frame's 6s, 10s, kings and jacks are witnessed for a D: set by a B or D
        # the letters' witness is sure of (a German deck); the recogniser sets it at each frame.
        self.letters_seen = False
        # What the frame read so far says of its deck's letters: True a sure B or D, False a sure J
        # (no German deck prints one), None nothing; the recogniser clears it at each frame.
        self.letters_said: bool | None = None

    @property
    def backend(self) -> str:
        """What runs the networks (tableside/vision/networks.py)."""
        return self._readers[0].backend

    def read(self, marks: Marks, candidates: Candidates) -> IndexReadings:
        """Judge every candidate of a frame."""
        probabilities = np.zeros((len(candidates), NO_INDEX + 1), np.float32)
        probabilities[:, NO_INDEX] = 1.0
        keep = np.arange(len(candidates))
        if self._finder is not None:
            keep, glances = self.kept(marks, candidates)
            if self._sifter is not None:
                keep = keep[self.sift(glances) >= SIFTER_KEEPS]
        # (Empty batches are judged as nothing: a frame without candidates needs no guard.)
        probabilities[keep] = self.judge(cut_patches(marks, candidates.subset(keep)))
        self._recheck(marks, candidates, probabilities)
        return IndexReadings(probabilities)

    def kept(self, marks: Marks, candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
        """The candidates the quick look keeps, and their glances."""
        glances = cut_glances(marks, candidates)
        keep = np.nonzero(self.glance(glances) >= FINDER_KEEPS)[0]
        return keep, glances[keep]

    def _recheck(self, marks: Marks, candidates: Candidates, probabilities: np.ndarray) -> None:
        """Read doubtful indices again from slightly moved and scaled views, and average.

        A candidate's points come from blurred marks and can sit a little off; a reading that
        hesitates there often firms up (or stays doubtful) when judged over a few nearby cuts.
        Only the few doubtful patches of a frame are read again, and those nearly sure only
        where they rival another view of their index (RIVALS_FROM)."""
        index_chance = 1.0 - probabilities[:, NO_INDEX]
        confidence = probabilities[:, :NO_INDEX].max(axis=1)
        likely = index_chance >= RECHECK_INDEX
        doubtful = likely & (confidence >= RECHECK_FROM) & (confidence < RIVALS_FROM)
        nearly_sure = np.nonzero(likely & (confidence >= RIVALS_FROM)
                                 & (confidence < RECHECK_BELOW))[0]
        doubtful[nearly_sure] = _rivalled(candidates, probabilities, nearly_sure)
        doubtful = np.nonzero(doubtful)[0]
        if len(doubtful) == 0 or not RECHECK_MOVES:
            return
        chosen = candidates.subset(doubtful)
        # All moved views in one batch: each call of a network has a cost of its own.
        moved = Candidates.join([chosen.moved(scale, sideways, turn)
                                 for scale, sideways, turn in RECHECK_MOVES])
        total = probabilities[doubtful] + self.judge(cut_patches(marks, moved)).reshape(
            len(RECHECK_MOVES), len(doubtful), -1).sum(axis=0)
        probabilities[doubtful] = total / (len(RECHECK_MOVES) + 1)

    def glance(self, glances: np.ndarray) -> np.ndarray:
        """The quick look: each glance's chance of showing an index."""
        return _index_chances(self._finder, glances)

    def sift(self, glances: np.ndarray) -> np.ndarray:
        """The second look at what the quick look keeps: each glance's chance of showing an
        index."""
        return _index_chances(self._sifter, glances)

    def judge(self, patches: np.ndarray) -> np.ndarray:
        """The closer look: N x 53 probabilities (52 cards, then no index), the readers'
        mean (see _judge_as_printed); a green index's is the mean of its reading as printed
        and as if printed black.

        Four-colour decks do not agree on which suit is green: English ones print clubs
        green (as do the shared decks' four-colour designs and the four-colour decks drawn by
        code, which the readers learnt from), German tournament decks spades, their clubs
        black. The readers learnt green as a club's colour, and on a small index colour can
        outweigh shape: a German deck's green spade was read a sure club. Read as if black,
        the same index is judged by its shape alone, as a two-colour deck's are; where the
        two readings disagree, their mean is doubtful, not wrong. Measured
        (scripts/score_drawn_scenes.py, bar 0.8, session 75): --every-set and the eight
        outside designs read as before but for the fresh drawn groups' wrong reports 3 -> 2;
        the eight outside designs reprinted in German colours (--german,
        tableside/vision/german_colours.py) 8,795 of 9,002 either way, wrong 67 -> 51
        (gnome-dondorf, whose suit signs are small, 13 -> 5), with cards 55-75 px wide 10,501
        -> 10,544 of 11,001, wrong 131 -> 98; --dev --german 2,423 of 2,437 shared cards
        either way (wrong 4), 2,278 -> 2,277 of 2,293 drawn (wrong 4). scripts/ab_vision.py:
        1.5-2 ms a frame more (mean) on the bench's frames (two of its three decks print clubs
        green; a two-colour deck's frames have nothing to read twice). Read as if black alone
        (no mean), five designs reprinted German made 2 wrong reports instead of 7, but
        English green clubs were read as spades: 3 wrong reports more over the six sets; read
        twice only where the printed reading names a club or a spade, 9 wrong reports more
        of the eight designs reprinted German, no faster."""
        green = np.nonzero(green_inked(patches))[0]
        if not len(green):
            return self._witnessed(patches, self._judge_as_printed(patches))
        # (One batch: each call of a network has a cost of its own.)
        judged = self._judge_as_printed(np.concatenate([patches, colourless(patches[green])]))
        probabilities = judged[:len(patches)]
        probabilities[green] = (probabilities[green] + judged[len(patches):]) / 2
        return self._witnessed(patches, probabilities)

    def _witnessed(self, patches: np.ndarray, probabilities: np.ndarray) -> np.ndarray:
        """The readings with every 8 witnessed by the reader of German letters for a B (its
        sure word not taken where the frame has shown a sure J), and once the frame has shown
        a sure B or D (or letters_seen says so) its 6s, 10s, kings and jacks for a D
        (LETTERS_DOUBT, LETTERS_SURE; before, its 8s and sure 6s, 10s, kings and jacks only for a
        sure D); letters_said told."""
        if self._english is not None and len(patches):
            self._tell_jacks(patches, probabilities)
        if self._letters is None or not len(patches):
            return probabilities
        ranks = probabilities[:, :NO_INDEX].argmax(axis=1) // len(SUIT_CHARS)
        english = _sure_jacks(probabilities)
        eights = np.nonzero(ranks == EIGHT)[0]
        queen_alikes = np.nonzero(np.isin(ranks, QUEEN_ALIKES))[0]
        alike = queen_alikes if self.letters_seen else queen_alikes[:0]
        # Until the frame's deck is told, its sure 6s, 10s, kings and jacks are witnessed for
        # a sure D.
        telling = not self.letters_seen and self.letters_said is not False
        sure = probabilities[:, :NO_INDEX].max(axis=1) >= LETTERS_SURE
        suspects = np.nonzero(np.isin(ranks, QUEEN_ALIKES) & sure)[0] if telling else eights[:0]
        # (One batch: each call of a network has a cost of its own.)
        witness = _judged(self._letters, patches[np.concatenate([eights, alike, suspects])])
        # (Telling, no 6s, 10s, kings nor jacks are witnessed for a doubt: the witness's first
        # rows are the 8s', then the suspects'.)
        witnessed = np.concatenate([eights, suspects]) if telling else eights[:0]
        suits = len(SUIT_CHARS)
        d_chances = witness[:len(witnessed), QUEEN * suits:(QUEEN + 1) * suits].max(axis=1)
        sure_ds = witnessed[d_chances >= LETTERS_SURE]
        english[sure_ds] = False
        # (A jack read surely where Ds are looked for may be a D: the witness tells below.)
        told_english = self.letters_said is False or (english.any() and not self.letters_seen)
        _, sure_jacks = _letter_witnessed(probabilities, eights, witness[:len(eights)], JACK,
                                          np.inf if told_english else LETTERS_SURE)
        queens, _ = _letter_witnessed(probabilities, alike,
                                      witness[len(eights):len(eights) + len(alike)], QUEEN)
        english[alike[queens >= LETTERS_DOUBT]] = False
        if not told_english and (sure_jacks.any() or len(sure_ds)):
            self.letters_said = True
            if not self.letters_seen:
                self.letters_seen = True
                queens, _ = _letter_witnessed(
                    probabilities, queen_alikes, _judged(self._letters, patches[queen_alikes]),
                    QUEEN)
                english[queen_alikes[queens >= LETTERS_DOUBT]] = False
        if english.any() and self.letters_said is None:
            self.letters_said = False
        return probabilities

    def _judge_as_printed(self, patches: np.ndarray) -> np.ndarray:
        """N x 53 probabilities: the readers' mean; a patch the first reader is sure shows no
        index is left at its word, and one the first two agree on surely (AGREED,
        AGREED_NONE) is their mean."""
        first, others = self._readers[0], self._readers[1:]
        probabilities = _judged(first, patches)
        doubted = np.nonzero(probabilities[:, NO_INDEX] < SCREENED)[0] if others else []
        if not len(doubted):
            return probabilities
        firsts = probabilities[doubted]
        seconds = _judged(others[0], patches[doubted])
        named = firsts.argmax(axis=1)
        bar = np.where(named == NO_INDEX, AGREED_NONE, AGREED)
        agreed = ((seconds.argmax(axis=1) == named)
                  & (firsts.max(axis=1) >= bar) & (seconds.max(axis=1) >= bar))
        totals = firsts + seconds
        rest = np.nonzero(~agreed)[0] if others[1:] else []
        if len(rest):
            chosen = patches[doubted[rest]]
            totals[rest] += sum(_judged(reader, chosen) for reader in others[1:])
        counts = np.where(agreed, 2, len(self._readers))
        probabilities[doubted] = totals / counts[:, None]
        return probabilities

    def _tell_jacks(self, patches: np.ndarray, probabilities: np.ndarray) -> None:
        """letters_said by the English reader's word on the jacks read surely (ENGLISH_JACK):
        a J it reads as surely says English, a B it reads as an 8 German."""
        if self.letters_said is not None:
            return
        jacks = np.nonzero(_sure_jacks(probabilities))[0]
        if not len(jacks):
            return
        english = _judged(self._english, patches[jacks])
        if _sure_jacks(english).any():
            self.letters_said = False
        elif (english[:, :NO_INDEX].argmax(axis=1) // len(SUIT_CHARS) == EIGHT).any():
            self.letters_said = True


def _sure_jacks(probabilities: np.ndarray) -> np.ndarray:
    """Per reading (N x 53): is it a jack read at ENGLISH_JACK or more?"""
    cards = probabilities[:, :NO_INDEX]
    return ((cards.argmax(axis=1) // len(SUIT_CHARS) == JACK)
            & (cards.max(axis=1) >= ENGLISH_JACK))


def _rivalled(candidates: Candidates, probabilities: np.ndarray,
              rows: np.ndarray) -> np.ndarray:
    """Per candidate of ``rows``: does another candidate near its rank point (within
    VIEWS_NEAR of the larger span, the first of assembly.py's tests for views of one index)
    name another card at least CONFLICT_SURE?"""
    named = probabilities[:, :NO_INDEX].argmax(axis=1)
    sure = np.nonzero(probabilities[:, :NO_INDEX].max(axis=1) >= CONFLICT_SURE)[0]
    if len(rows) == 0 or len(sure) == 0:
        return np.zeros(len(rows), bool)
    spans = candidates.spans
    apart = norms(candidates.rank_points[rows][:, None] - candidates.rank_points[sure][None])
    near = apart < VIEWS_NEAR * np.maximum(spans[rows][:, None], spans[sure][None])
    return (near & (named[rows][:, None] != named[sure][None])).any(axis=1)


def _index_chances(network: Network, glances: np.ndarray) -> np.ndarray:
    """A glancing network's (the quick look's, the sifter's) chance per glance of an index."""
    if len(glances) == 0:
        return np.zeros(0, np.float32)
    return _sigmoid(network(glances)[:, 0])


def _letter_witnessed(probabilities: np.ndarray, rows: np.ndarray, witness: np.ndarray,
                      letter: int, sure_from: float = LETTERS_SURE
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The readings ``rows`` of ``probabilities`` witnessed in place for the rank ``letter``
    (the witness's readings ``witness``, one a row): where the witness gives the rank
    LETTERS_DOUBT, the mean of the two; where it gives one card of the rank ``sure_from``
    (its suit too), the witness's own. The witness's chances of the rank, and whether it was
    sure so."""
    suits = len(SUIT_CHARS)
    cards = witness[:, letter * suits:(letter + 1) * suits]
    chances = cards.sum(axis=1)
    doubted = chances >= LETTERS_DOUBT
    probabilities[rows[doubted]] = (probabilities[rows[doubted]] + witness[doubted]) / 2
    # (Of the rank alone, an English 8 in a drawn frame was taken for a sure B: a jack 0.93,
    # but no suit over 0.67. A German deck's Bs the witness was sure of gave their jack of one
    # suit 0.90 or more.)
    sure = cards.max(axis=1) >= sure_from
    probabilities[rows[sure]] = witness[sure]
    return chances, sure


def _judged(network: Network, patches: np.ndarray) -> np.ndarray:
    """A reader network's N x 53 probabilities for a batch of patches."""
    if len(patches) == 0:
        return np.zeros((0, NO_INDEX + 1), np.float32)
    logits = network(patches)
    rank_p = softmax(logits[:, :_RANKS + 1])
    suit_p = softmax(logits[:, _RANKS + 1:])
    probabilities = np.empty((len(patches), NO_INDEX + 1), np.float32)
    probabilities[:, :NO_INDEX] = (rank_p[:, :_RANKS, None] * suit_p[:, None, :]).reshape(
        len(patches), NO_INDEX)
    probabilities[:, NO_INDEX] = rank_p[:, _RANKS]
    return probabilities


def _sigmoid(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-values))
