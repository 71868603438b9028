"""Score card recognition on groups of drawn table scenes, as the tests do but on more scenes.

The tests (tests/test_vision_recognition.py) score 70 scenes of the trained and of the held-out
decks; a change to recognition is judged here on ten groups (10,000 scenes would take hours):

    trained  5000  70   held  6000  70    (the tests' own scenes)
    trained  8000 120   held  9000 120
    trained 20000 150   held 21000 150
    trained 30000 120   held 31000 120
    drawn   77000 150   drawn 78000 150   (decks drawn by code: designs no reader saw)

These groups have chosen many parameters over the sessions, so their figures flatter. --fresh
scores four groups kept apart, never used to choose anything: check a choice made on the ten
there, and report both.

    trained 40000 150   held 41000 150   drawn 87000 150   drawn 88000 150   (--fresh)

Session 26 found five of its fixes by studying the fresh groups' misses, so those flatter a
little now too; --untouched scores four groups first scored after that session's changes.
Score them to report a figure, never to choose or to find what to fix (then draw new ones).

    trained 50000 150   held 51000 150   drawn 97000 150   drawn 98000 150   (--untouched)

Session 34 found three fixes by studying the untouched groups' misses; --unseen scores four
groups drawn after that, to report a figure in their stead, on the same terms.

    trained 100000 150   held 101000 150   drawn 107000 150   drawn 108000 150   (--unseen)

Session 35 studied four new groups (--studied) rather than the unseen ones, which stay for
reporting; a fix found there is checked on the ten, the fresh, the dev and the untouched.

    held 111000 150   drawn 117000 150   drawn 118000 150   held 112000 150   (--studied)

Session 27 drew four development groups to study misses on (--dev), since the ten and the
fresh ones had been studied already; a fix found there is checked on the ten and the fresh.

    trained 60000 150   held 61000 150   drawn 67000 150   drawn 68000 150   (--dev)

All of these have steered choices for many sessions, the held-out shared designs and the drawn
decks too. --outside FOLDER scores real designs that nothing was trained or tuned on
(scripts/render_outside_decks.py renders five), each design in a group of its own from seed
140000 (the k-th by name from 140000 + 1000 k), 150 scenes: report them, never tune on them.
Session 52, the shipped readers: gnome-dondorf 1,129 of 1,137 (7 wrong), kde-penguins 975 of
995 (0 wrong), npm-svg-cards 1,172 of 1,216 (8 wrong: its condensed serif 3 and 5 read as a J),
kde-ancient-egyptians 1,130 of 1,243 (126 wrong: its bottom index is not turned half round, so
a lone one reads 9 as 6 and a spade as a heart). Session 53, the line between two papers no ink
(marks.SEAM): dondorf 1,128 (8 wrong), penguins 977 (0), svg-cards 1,185 (7), egyptians the
same. Session 59 (suit_colours.py's inks every deck prints: a red spade, a black heart
doubted): egyptians 1,129 -> 1,158 (wrong 123 -> 82), the other three the same. To study
misses, draw other scenes of these designs: --outside-seed 130000 (session 53's), with
--groups to pick designs by their groups' seeds (130000 + 1000 k, k by name). A second folder
after the first (render_outside_decks.py --later) has its designs' groups follow the first's:
session 67, gnome-guyenne-classic 912 of 913 (1 wrong), gnome-ornamental 1,151 of 1,153 (0),
gnome-paris 1,108 of 1,119 (1), the first folder's five as before.
A third folder (render_outside_decks.py --third), scored first in session 80 with the shipped
recogniser of 7896dfe: gnome-bellot 942 of 976 (5 wrong; the condensed serif 3 and 5 of
svg-cards, a black rim the index runs into), npm-letele-kennard 1,223 of 1,227 (1 wrong).

"trained" and "held" are the shared decks (../shared/data/decks) the shipped reader was trained
on or held out from (card_reader.json); "drawn" decks come from tableside/vision/drawn.py with
seeds 500-511. Scene n of a group is draw_scene(random.Random(seed + n), decks).

The drawn decks' indices are drawn with cv2.putText, whose anti-aliased pixels changed in
opencv-python 5.1.0: their scenes, and so their figures, depend on OpenCV's version (the shared
decks' do not). Figures in comments up to session 47 were measured with 5.0.0. Session 48, the
shipped readers, bar 0.8, drawn decks read with 5.0.0 / 5.1.0: ten 2,266/2,275 / 2,269/2,277,
fresh 2,332 / 2,328 of 2,343, dev 2,280 / 2,278 of 2,293, studied 2,313 / 2,310 of 2,325,
untouched 2,369 / 2,368 of 2,381, unseen 2,345 / 2,346 of 2,356; the shared decks' figures
and the photographs' the same with both. Compare figures measured with one version.

    .venv/bin/python scripts/score_drawn_scenes.py                  # ~2 min on 2 cores
    .venv/bin/python scripts/score_drawn_scenes.py --bars 0.8 0.9 0.95 --missed
    .venv/bin/python scripts/score_drawn_scenes.py --readers A.onnx B.onnx --groups 5000 6000
    .venv/bin/python scripts/score_drawn_scenes.py --fresh
    .venv/bin/python scripts/score_drawn_scenes.py --untouched
    .venv/bin/python scripts/score_drawn_scenes.py --unseen
    .venv/bin/python scripts/score_drawn_scenes.py --dev --missed
    .venv/bin/python scripts/score_drawn_scenes.py --dev --why       # and what became of them
    .venv/bin/python scripts/score_drawn_scenes.py --every-set        # all six sets: ~13 min
    .venv/bin/python scripts/score_drawn_scenes.py --dev --german     # decks in German colours
    .venv/bin/python scripts/score_drawn_scenes.py --dev --four-corners   # indices in 4 corners
    .venv/bin/python scripts/score_drawn_scenes.py --outside /work/outside-decks   # ~1.5 min
    .venv/bin/python scripts/score_drawn_scenes.py --outside /work/outside-decks \
        /work/outside-later /work/outside-third /work/outside-fourth   # and the later sets
    .venv/bin/python scripts/score_drawn_scenes.py --outside /work/outside-decks \
        --outside-seed 130000 --groups 132000 --why     # study one design's misses
    .venv/bin/python scripts/score_drawn_scenes.py --dev --perspective 0.2 [--table-plane]
    .venv/bin/python scripts/score_drawn_scenes.py --dev --card-width 60 75 --why
    .venv/bin/python scripts/score_drawn_scenes.py --dev --blur 1.6
    .venv/bin/python scripts/score_drawn_scenes.py --dev --jpeg 25 50 [--noise 12]
    .venv/bin/python scripts/score_drawn_scenes.py --dev --light 0.35 0.6   # a dim room

--perspective draws the scenes at another slant than the tests' (the table's corners moved by
up to that share of the frame; 0.1 by default), and --table-plane reads each with its own
table plane, as a calibrated camera does (tableside/vision/straight_view.py). Session 60, the
dev groups at 0.2: shared decks 2,300 of 2,359 read (wrong 10), drawn 2,139 of 2,243 (wrong
13); with the table plane 2,335 (wrong 1) and 2,213 (wrong 2). Of the indices of the cards
missed without it (--why), 115 had candidates read as the right card at 0.3 or more but not
surely, 75 read as another card or none, 31 no candidate, 13 dropped by the quick look: the
readers, trained on the tests' slant, are what a stronger one defeats.

--card-width and --blur draw them with cards of other sizes and more blur than the tests'
(60 to 150 px, sigma up to 1.0), for the issue's edge cases alone. Session 61, the dev groups
(shared decks / drawn decks read, wrong): as the tests draw them 2,428 / 2,437 (1) and 2,281 /
2,293 (2); cards 60 to 75 px 2,915 / 2,945 (3) and 2,791 / 2,847 (20, most a club read as a
spade or back at 0.80-0.99: a small index's suit is a few pixels); blur up to 1.6 2,396 / 2,437
(5) and 2,224 / 2,293 (7); both 2,796 / 2,945 (6) and 2,552 / 2,847 (23).

--frame-size draws larger frames (a camera's full resolution, a still from a phone), which the
recogniser reads shrunk to its MAX_WIDTH (1280 px), the closer look cutting small cards from the
frame as given (tableside/vision/closer_look.py). Session 73, the dev groups at 2560 x 1440
with cards 100 to 200 px wide there (50 to 100 once shrunk): shared decks 2,821 of 2,830 read
(wrong 0), drawn 2,760 of 2,770 (wrong 2); the same frames read whole (MAX_WIDTH 2560) 2,826
(0) and 2,765 (2).

With several --bars every card the recogniser saw (sure or unsure, without a problem) is
reported when its confidence reaches the bar: what a lower or higher CONFIDENT would give
(duplicates are still settled at the shipped bar). --missed lists each missed card (its
scene, deck, width and what was read on it) and each wrong report at the shipped bar. --why
adds, per readable corner index of each missed card, what became of it on the way: how many
candidates the marks gave on it (a rank point on its rank and a suit point on its suit, as
scripts/train_card_reader.py labels them), the quick look's best chance for them, and the
readers' surest reading of the card there:

    [no candidate]                 the marks gave none (joined or broken marks)
    [2 cand, look 0.004]           the quick look dropped them (below FINDER_KEEPS)
    [1 cand, look 1.000, 0.57 6c]  read; the card's best probability, and what was read there

(Session 31 on the development groups' 32 misses: 13 had no candidate on any index, 17 were
read unsure, as another card or as no index, 2 were read surely and lost in assembly; the quick
look dropped none.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np
from train_card_reader import GROW, inside_quad

from tableside.cards import Card
from tableside.vision.assembly import CONFIDENT
from tableside.vision.candidates import Candidates
from tableside.vision.decks import load_deck
from tableside.vision.drawn import GERMAN_LETTERS, drawn_deck
from tableside.vision.four_corners import in_four_corners
from tableside.vision.german_colours import in_german_colours
from tableside.vision.marks import Marks
from tableside.vision.patches import cut_glances
from tableside.vision.pip_shapes import PipReader
from tableside.vision.reader import (
    FINDER_KEEPS,
    FINDER_PATH,
    MODEL_PATH,
    NO_INDEX,
    READER_PATHS,
    IndexReader,
    IndexReadings,
)
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.scoring import lies_on, score_scene

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"
GROUPS = (("trained", 5000, 70), ("held", 6000, 70), ("trained", 8000, 120),
          ("held", 9000, 120), ("trained", 20000, 150), ("held", 21000, 150),
          ("trained", 30000, 120), ("held", 31000, 120), ("drawn", 77000, 150),
          ("drawn", 78000, 150))
FRESH_GROUPS = (("trained", 40000, 150), ("held", 41000, 150), ("drawn", 87000, 150),
                ("drawn", 88000, 150))
UNTOUCHED_GROUPS = (("trained", 50000, 150), ("held", 51000, 150), ("drawn", 97000, 150),
                    ("drawn", 98000, 150))
UNSEEN_GROUPS = (("trained", 100000, 150), ("held", 101000, 150), ("drawn", 107000, 150),
                 ("drawn", 108000, 150))
STUDIED_GROUPS = (("held", 111000, 150), ("drawn", 117000, 150), ("drawn", 118000, 150),
                  ("held", 112000, 150))
DEV_GROUPS = (("trained", 60000, 150), ("held", 61000, 150), ("drawn", 67000, 150),
              ("drawn", 68000, 150))
DRAWN_DECK_SEEDS = range(500, 512)
# --outside FOLDER: each design of the folder (scripts/render_outside_decks.py) in a group of
# its own, the k-th (by name) from seed OUTSIDE_SEED + 1000 k.
OUTSIDE_SEED = 140000
OUTSIDE_SCENES = 150
# The sets of groups, in the order --every-set scores them (a closing note's table).
SETS = {"ten": GROUPS, "fresh": FRESH_GROUPS, "dev": DEV_GROUPS, "studied": STUDIED_GROUPS,
        "untouched": UNTOUCHED_GROUPS, "unseen": UNSEEN_GROUPS}

_recognizer: CardRecognizer
_decks: list
_options: SceneOptions = SceneOptions()
_with_plane = False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", type=int, nargs="*", help="the groups' seeds (all)")
    parser.add_argument("--fresh", action="store_true",
                        help="score the groups kept apart from tuning instead")
    parser.add_argument("--untouched", action="store_true",
                        help="score the groups used for reporting only instead")
    parser.add_argument("--unseen", action="store_true",
                        help="score the groups drawn to report on after session 34 instead")
    parser.add_argument("--studied", action="store_true",
                        help="score the groups session 35 studied misses on instead")
    parser.add_argument("--dev", action="store_true",
                        help="score the groups drawn to study misses on instead")
    parser.add_argument("--every-set", action="store_true",
                        help="score every set of groups in turn (the ten, then --fresh, --dev, "
                             "--studied, --untouched, --unseen), each set's totals apart")
    parser.add_argument("--outside", type=Path, nargs="+", metavar="FOLDER",
                        help="score the designs in FOLDER (and the next folders' after them), "
                             "one group each, instead (with --every-set: after the six sets)")
    parser.add_argument("--outside-seed", type=int, default=OUTSIDE_SEED, metavar="SEED",
                        help="draw --outside's groups from this seed (the k-th design's from "
                             "SEED + 1000 k): other scenes than the reported ones, to study "
                             f"misses on (default {OUTSIDE_SEED}, the reported groups)")
    parser.add_argument("--bars", type=float, nargs="*", default=[CONFIDENT])
    parser.add_argument("--readers", type=Path, nargs="+", default=list(READER_PATHS),
                        help="the reader networks whose readings are averaged (the shipped)")
    parser.add_argument("--pip-reader", help="the pip reader (ONNX), or none (the shipped)")
    parser.add_argument("--scenes", type=int, help="at most this many scenes per group")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--decks", type=Path, default=DECKS)
    parser.add_argument("--missed", action="store_true", help="list the missed cards")
    parser.add_argument("--why", action="store_true",
                        help="with each missed card, what its indices' candidates got "
                             "(implies --missed)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--perspective", type=float, metavar="SHARE",
                        help="draw the scenes with the table's corners moved by up to this "
                             "share of the frame (default: as the tests draw them, "
                             f"{SceneOptions().perspective})")
    parser.add_argument("--card-width", type=float, nargs=2, metavar=("LEAST", "MOST"),
                        help="draw the scenes' cards this many pixels wide (default: as the "
                             f"tests draw them, {SceneOptions().card_width[0]:.0f} to "
                             f"{SceneOptions().card_width[1]:.0f})")
    parser.add_argument("--blur", type=float, metavar="SIGMA",
                        help="blur the scenes with Gaussian sigmas up to this (default: as the "
                             f"tests blur them, {SceneOptions().blur})")
    parser.add_argument("--noise", type=float, metavar="SIGMA",
                        help="add camera noise with sigmas up to this (default: as the tests "
                             f"add it, {SceneOptions().noise})")
    parser.add_argument("--jpeg", type=int, nargs=2, metavar=("LEAST", "MOST"),
                        help="save the scenes at JPEG qualities in this range (default: as the "
                             f"tests save them, {SceneOptions().jpeg[0]} to "
                             f"{SceneOptions().jpeg[1]})")
    parser.add_argument("--light", type=float, nargs=2, metavar=("LEAST", "MOST"),
                        help="light the scenes this bright, a gain on every pixel (default: as "
                             f"the tests light them, {SceneOptions().light[0]} to "
                             f"{SceneOptions().light[1]}): a dim room")
    parser.add_argument("--felt-brightness", type=float, nargs=2, metavar=("LEAST", "MOST"),
                        help="draw the felt this bright (HSV value, 0-1; default: as the tests "
                             f"draw it, {SceneOptions().felt_brightness[0]} to "
                             f"{SceneOptions().felt_brightness[1]}): a light cloth")
    parser.add_argument("--frame-size", type=int, nargs=2, metavar=("WIDTH", "HEIGHT"),
                        help="draw frames this large (default: as the tests draw them, "
                             f"{SceneOptions().size[0]} x {SceneOptions().size[1]}); frames "
                             "wider than the recogniser's MAX_WIDTH are read shrunk to it")
    parser.add_argument("--table-plane", action="store_true",
                        help="read each scene with its own table plane, as a calibrated "
                             "camera gives it (tableside/vision/straight_view.py)")
    parser.add_argument("--german", action="store_true",
                        help="reprint every deck in German tournament colours (clubs black, "
                             "spades green, diamonds yellow-orange: "
                             "tableside/vision/german_colours.py)")
    parser.add_argument("--four-corners", action="store_true",
                        help="reprint every deck with indices in all four corners, as many "
                             "European decks print them (tableside/vision/four_corners.py)")
    parser.add_argument("--german-letters", action="store_true",
                        help="letter the decks drawn by code as German decks of French suits "
                             "are: B (Bube) for the jack, D (Dame) for the queen")
    args = parser.parse_args(argv)
    outside = [] if args.outside is None else [
        ("outside", outside_groups(args.outside, args.outside_seed))]
    if args.every_set:
        sets = list(SETS.items()) + outside
    elif outside:
        sets = outside
    else:
        name = ("untouched" if args.untouched else "unseen" if args.unseen
                else "fresh" if args.fresh else "dev" if args.dev
                else "studied" if args.studied else "ten")
        sets = [(name, SETS[name])]
    figures = []
    for name, chosen in sets:
        groups = [g for g in chosen if not args.groups or g[1] in args.groups]
        if not groups:
            continue
        if args.every_set:
            print(f"--- {name}", flush=True)
        figures += [{"set": name, **row} for row in _score_groups(groups, args)]
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0


def outside_groups(folders: list[Path], seed: int = OUTSIDE_SEED
                    ) -> list[tuple[str, int, int, str, Path]]:
    """Each design of the folders a group: a folder's by name, each folder's after the last's
    (so that a later set of designs leaves the groups of the first as they were)."""
    designs = [(path.name, folder) for folder in folders
               for path in sorted(folder.iterdir(), key=lambda path: path.name)
               if path.is_dir()]
    return [("outside", seed + 1000 * k, OUTSIDE_SCENES, name, folder)
            for k, (name, folder) in enumerate(designs)]


def _score_groups(groups: list[tuple], args: argparse.Namespace) -> list[dict]:
    """Score the groups, printing each group's figures (and its missed cards, when asked) and
    the shared, the drawn and the outside decks' totals; the groups' figures."""
    meta = json.loads(MODEL_PATH.with_suffix(".json").read_text())
    totals: dict[str, list[list[int]]] = {}
    figures = []
    for kind, seed, count, *design in groups:
        count = min(count, args.scenes or count)
        names = {"trained": meta["trained_on"], "held": meta["held_out"]}.get(kind, design[:1])
        started = time.perf_counter()
        with Pool(args.processes, initializer=_start,
                  initargs=(design[1] if design else args.decks, names, args.readers,
                            args.pip_reader, args.why, _scene_options(args),
                            args.table_plane, args.german, args.german_letters,
                            args.four_corners)) as pool:
            rows = pool.starmap(_score, [(seed + n, args.bars, args.missed or args.why,
                                          args.why)
                                         for n in range(count)], chunksize=4)
        seconds = time.perf_counter() - started
        kept = totals.setdefault(kind if kind in ("drawn", "outside") else "shared",
                                 [[0, 0, 0] for _ in args.bars])
        for b, bar in enumerate(args.bars):
            asked, read, wrong = (sum(row[0][b][k] for row in rows) for k in range(3))
            kept[b] = [kept[b][0] + asked, kept[b][1] + read, kept[b][2] + wrong]
            figures.append({"kind": kind, "seed": seed, "scenes": count, "bar": bar,
                            "asked": asked, "read": read, "wrong": wrong,
                            **({"design": design[0]} if design else {})})
            print(f"{kind:7s} {seed:5d} bar {bar:.2f}: read {read}/{asked}, wrong {wrong}"
                  f"{f' ({design[0]})' if design else ''}  ({seconds:.0f} s)", flush=True)
        for n, row in enumerate(rows):
            for line in row[1]:
                print(f"  scene {seed}+{n}: {line}")
    for kind, per_bar in totals.items():
        for bar, (asked, read, wrong) in zip(args.bars, per_bar, strict=True):
            print(f"{kind:7s} bar {bar:.2f}: read {read}/{asked} ({100 * read / asked:.2f} %),"
                  f" wrong {wrong} ({100 * wrong / max(read + wrong, 1):.2f} % of reported)")
    return figures


def _scene_options(args: argparse.Namespace) -> SceneOptions:
    """The tests' scene options, with what --perspective, --card-width, --blur, --noise,
    --jpeg, --light, --felt-brightness and --frame-size ask."""
    asked = {"perspective": args.perspective, "blur": args.blur, "noise": args.noise,
             "jpeg": None if args.jpeg is None else tuple(args.jpeg),
             "light": None if args.light is None else tuple(args.light),
             "size": None if args.frame_size is None else tuple(args.frame_size),
             "card_width": None if args.card_width is None else tuple(args.card_width),
             "felt_brightness": None if args.felt_brightness is None
             else tuple(args.felt_brightness)}
    return replace(SceneOptions(), **{k: v for k, v in asked.items() if v is not None})


def _start(decks: Path, names: list[str], readers: list[Path], pip_reader: str | None,
           why: bool = False, options: SceneOptions | None = None,
           with_plane: bool = False, german: bool = False,
           german_letters: bool = False, four_corners: bool = False) -> None:
    global _recognizer, _decks, _options, _with_plane
    cv2.setNumThreads(1)
    if options is not None:
        _options = options
    _with_plane = with_plane
    _recognizer = CardRecognizer()
    _recognizer.reader = (_RecordingReader if why else IndexReader)(readers, FINDER_PATH)
    if pip_reader is not None:
        _recognizer.pip_reader = None if pip_reader == "none" else PipReader(pip_reader)
    if names:
        _decks = [load_deck(decks / name) for name in names]
    else:
        _decks = [drawn_deck(random.Random(seed),
                             letters=GERMAN_LETTERS if german_letters else None)
                  for seed in DRAWN_DECK_SEEDS]
    if german:
        _decks = [in_german_colours(deck) for deck in _decks]
    if four_corners:
        _decks = [in_four_corners(deck) for deck in _decks]


class _RecordingReader(IndexReader):
    """An IndexReader that keeps, per call of :meth:`read` (the candidates of the frame's
    marks), the candidates, the quick look's chances and the readings."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.calls: list[tuple[Candidates, np.ndarray, np.ndarray]] = []

    def read(self, marks: Marks, candidates: Candidates) -> IndexReadings:
        readings = super().read(marks, candidates)
        chances = self.glance(cut_glances(marks, candidates)) if len(candidates) else \
            np.zeros(0, np.float32)
        self.calls.append((candidates, chances, readings.probabilities))
        return readings


def _why(card, calls: list[tuple[Candidates, np.ndarray, np.ndarray]]) -> str:
    """What became of each readable index of a scene's card (see the module's docstring)."""
    number = int(Card(card.name))
    parts = []
    for index in card.indices:
        if not index.readable:
            continue
        count, look, best = 0, 0.0, None
        for candidates, chances, probabilities in calls:
            on = (inside_quad(candidates.rank_points, index.rank, GROW)
                  & inside_quad(candidates.suit_points, index.suit, GROW))
            if not on.any():
                continue
            count += int(on.sum())
            look = max(look, float(chances[on].max()))
            surest = probabilities[on][int(probabilities[on, number].argmax())]
            if best is None or surest[number] > best[number]:
                best = surest
        if count == 0:
            parts.append("[no candidate]")
        elif look < FINDER_KEEPS:
            parts.append(f"[{count} cand, look {look:.3f}]")
        else:
            read = int(best.argmax())
            parts.append(f"[{count} cand, look {look:.3f}, {best[number]:.2f} "
                         f"{Card(read) if read < NO_INDEX else 'none'}]")
    return " ".join(parts)


def _score(seed: int, bars: list[float], missed: bool, why: bool = False
           ) -> tuple[list[tuple[int, int, int]], list[str]]:
    scene = draw_scene(random.Random(seed), _decks, _options)
    if _with_plane:
        _recognizer.plane = np.linalg.inv(scene.table)
    if why:
        _recognizer.reader.calls.clear()
    recognition = _recognizer.recognize(scene.image)
    seen = [s for s in recognition.cards + recognition.unsure if s.problem is None]
    scores = []
    for bar in bars:
        score = score_scene(scene, [s for s in seen if s.confidence >= bar])
        scores.append((score.asked, score.read, score.wrong))
    lines = []
    if missed:
        sure = {id(s) for s in recognition.cards}
        for card in scene.cards:
            if card.readable and not any(str(s.card) == card.name
                                         and lies_on(s.centre, card.corners)
                                         for s in recognition.cards):
                on = [f"{s.card} {s.confidence:.2f}{' reported' if id(s) in sure else ''}"
                      f"{f' ({s.problem})' if s.problem else ''}"
                      for s in recognition.cards + recognition.unsure
                      if lies_on(s.centre, card.corners)]
                lines.append(f"missed {card.name} of {scene.deck} ({card.width:.0f} px): "
                             f"{', '.join(on) or 'nothing read'}"
                             + (f"  {_why(card, _recognizer.reader.calls)}" if why else ""))
        for sighting in recognition.cards:
            under = [card for card in scene.cards if lies_on(sighting.centre, card.corners)]
            if not any(card.name == str(sighting.card) for card in under):
                lines.append(f"wrong {sighting.card} ({sighting.confidence:.3f}, "
                             f"{sighting.indices} indices) on "
                             f"{', '.join(c.name for c in under) or 'no card'} of {scene.deck}")
    return scores, lines


if __name__ == "__main__":
    sys.exit(main())
