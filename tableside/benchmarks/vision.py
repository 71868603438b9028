"""Time card recognition per 1280 x 720 frame on one core, beside a classic OpenCV reader.

The same seeded table scenes (board rows, fanned hands, face-down cards, chips, perspective,
glare, blur, noise, JPEG) are read by tableside's recogniser and by a plain OpenCV baseline in
the manner of the well-known hobby card detectors (EdjeElectronics' OpenCV-Playing-Card-
Detector): threshold, four-cornered contours taken as cards, each card flattened, its top-left
corner split into rank and suit and template-matched. The baseline is given templates cut from
the very deck in the scenes, an advantage tableside does not have. OpenCV runs on one thread
(``cv2.setNumThreads(1)``), and so do tableside's networks (ONNX Runtime, or with ``--backend
opencv`` cv2.dnn as where ONNX Runtime is missing). Each frame's time is its wall-clock time;
the median, the 90th percentile, the median CPU time (of all the process's threads: more than
the wall time would mean more than one core), the scores (read and wrong rates, as the tests
count them) and the memory are reported. Memory is each reader's own: a fresh process loads the
reader and reads the frames sent to it one at a time, as the camera's process does on the Pi;
its resident size once loaded and its peak are reported (the bench's own process holds every
scene at once, so its peak, reported apart, says little of a reader's). The Python/numpy peak of
reading a frame comes from tracemalloc, in a pass of its own over a few frames (tracing slows
allocation). Scenes come from decks drawn by code, or from ``--decks`` (a deck folder, or a
folder of deck folders).

Drawn scenes flatter: their felt is plain. ``--photos FOLDER`` also times tableside alone (the
baseline has no templates of a photographed deck) on the photographs in FOLDER, as they are
(frames wider than 1280 px are shrunk by the recogniser, as the camera's are), so that a real
table's surface is measured too: on the shared webcam photographs of cards on a wood-grain
table (edje-real-photos, cam_image*, 960 x 540) the light streaks of the wood pass for card
paper and their grain for marks, and big court cards' pictures make marks too: some
1,800-7,500 candidates a frame where the drawn frames have about 550, and a frame takes two to
three times as long (session 62: median 121.5 ms of the test split's seven, 149.8 ms of the
training split's 45, one core).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import statistics
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from tableside.benchmarks.common import machine_info, positive
from tableside.cards import Card
from tableside.vision.assembly import CardSighting
from tableside.vision.decks import Deck, load_deck
from tableside.vision.drawn import drawn_deck
from tableside.vision.networks import BACKENDS
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import Scene, SceneOptions, draw_scene
from tableside.vision.scoring import Score, score_scene
from tableside.vision.sources import IMAGE_SUFFIXES

GOAL_MS = 60.0
TRACED_FRAMES = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=positive, default=40,
                        help="scenes to read (default 40)")
    parser.add_argument("--decks", type=Path, default=None,
                        help="a deck folder or a folder of deck folders (default: decks "
                             "drawn by code)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the scenes (default 11)")
    parser.add_argument("--photos", type=Path, default=None,
                        help="also time tableside on the photographs (JPEG, PNG, ...) in this "
                             "folder / auch die Fotos (JPEG, PNG, ...) in diesem Ordner messen")
    parser.add_argument("--backend", choices=BACKENDS, default=None,
                        help="what runs the networks (default: the fastest installed)")


def run(args: argparse.Namespace) -> dict[str, Any]:
    cv2.setNumThreads(1)
    decks, scenes = bench_scenes(args.frames, args.seed, args.decks)
    recognizer = CardRecognizer(backend=args.backend)
    recognizer.recognize(scenes[0].image)  # load and warm up outside the clock

    ours = time_reading(lambda frame: recognizer.recognize(frame).cards, scenes, trace=True)
    ours.update(process_memory(scenes, backend=args.backend))
    baselines = {deck.name: TemplateBaseline(deck) for deck in decks}
    peer = time_reading(lambda frame, scene: baselines[scene.deck].read(frame), scenes,
                    pass_scene=True)
    peer.update(process_memory(scenes, baselines=baselines))
    photographs = {} if args.photos is None else {
        "photographs": time_photographs(recognizer, args.photos)}
    return {
        "benchmark": "vision",
        "machine": machine_info("opencv-python", "onnxruntime"),
        "opencv_threads": cv2.getNumThreads(),
        "networks_backend": recognizer.reader.backend,
        "frames": len(scenes),
        "frame_size": list(SceneOptions().size),
        "decks": [deck.name for deck in decks],
        "results": {"tableside": ours, "opencv_template_baseline": peer, **photographs},
        "ratios": {"baseline_ms_over_tableside_ms": round(
            peer["median_ms"] / ours["median_ms"], 3)},
        # (This process holds every scene and both readers at once.)
        "bench_peak_rss_mb": _peak_rss_mb(),
        "goals": {"median_ms_at_most": GOAL_MS, "median_ms": ours["median_ms"],
                  "met": ours["median_ms"] <= GOAL_MS},
    }


def time_photographs(recognizer: CardRecognizer, folder: Path) -> dict[str, Any]:
    """Time ``recognizer`` on each photograph in ``folder`` (wall clock, as the scenes are),
    with what it reads: no labels, so cards read, not scored."""
    paths = sorted(path for path in folder.iterdir() if path.suffix.lower() in IMAGE_SUFFIXES)
    frames = [(path, cv2.imread(str(path), cv2.IMREAD_COLOR)) for path in paths]
    frames = [(path, frame) for path, frame in frames if frame is not None]
    if not frames:
        raise SystemExit(f"no photographs ({', '.join(IMAGE_SUFFIXES)}) in {folder}")
    times, cards = [], 0
    for _, frame in frames:
        started = time.perf_counter()
        cards += len(recognizer.recognize(frame).cards)
        times.append((time.perf_counter() - started) * 1000)
    sizes = Counter(f"{frame.shape[1]}x{frame.shape[0]}" for _, frame in frames)
    slowest = max(range(len(frames)), key=times.__getitem__)
    return {"folder": str(folder), "photographs": len(frames), "sizes": dict(sizes),
            "median_ms": round(statistics.median(times), 2),
            "p90_ms": round(float(np.percentile(times, 90)), 2),
            "max_ms": round(max(times), 2), "slowest": frames[slowest][0].name,
            "cards_read": cards}


def bench_scenes(frames: int = 40, seed: int = 11, folder: Path | None = None
                 ) -> tuple[list[Deck], list[Scene]]:
    """The bench's decks (drawn by code from ``seed``, or those of ``folder``) and the scenes
    it reads, drawn from them."""
    decks = _decks(folder, seed)
    rng = random.Random(seed)
    return decks, [draw_scene(rng, [rng.choice(decks)], SceneOptions()) for _ in range(frames)]


def _decks(folder: Path | None, seed: int) -> list[Deck]:
    if folder is None:
        return [drawn_deck(random.Random(seed + n), name=f"drawn-{n}") for n in range(3)]
    if (folder / "As.png").exists():
        return [load_deck(folder)]
    return [load_deck(sub) for sub in sorted(folder.iterdir()) if (sub / "As.png").exists()]


def time_reading(read, scenes: list[Scene], *, trace: bool = False,
                 pass_scene: bool = False) -> dict[str, Any]:
    """Time each frame (nothing else running in the process), score the answers; then, when
    ``trace``, read the frames again under tracemalloc for the peak of Python/numpy memory
    (tracing slows allocations, so it has a pass of its own)."""
    times, cpu_times = [], []
    total = Score()
    for n, scene in enumerate(scenes):
        started, cpu_started = time.perf_counter(), time.process_time()
        cards = read(scene.image, scene) if pass_scene else read(scene.image)
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.process_time() - cpu_started) * 1000)
        total.add(score_scene(scene, cards, f"#{n}"))
    # The CPU time of every thread of the process: above the wall time, a frame took more
    # than the one core it is allowed.
    result = {"median_ms": round(statistics.median(times), 2),
              "p90_ms": round(float(np.percentile(times, 90)), 2),
              "mean_ms": round(statistics.fmean(times), 2),
              "cpu_median_ms": round(statistics.median(cpu_times), 2), **total.to_json()}
    if trace:
        peak = 0
        for scene in scenes[:TRACED_FRAMES]:
            tracemalloc.start()
            read(scene.image)
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        result["traced_peak_mb"] = round(peak / 2 ** 20, 1)
    return result


def process_memory(scenes: list[Scene], *, backend: str | None = None,
                   baselines: dict[str, TemplateBaseline] | None = None) -> dict[str, float]:
    """The resident memory (MB) of a fresh process that loads a reader, tableside's recogniser
    (on ``backend``) or, given ``baselines`` (per deck name), the template baseline, and then
    reads the scenes' frames, sent to it one at a time: its size once loaded, and its peak."""
    # (spawn: a forked child would start with this process's pages, every scene among them.)
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=_read_sent_frames, args=(theirs, backend, baselines),
                              daemon=True)
    process.start()
    theirs.close()
    try:
        loaded = ours.recv()
        for scene in scenes:
            ours.send((scene.image, scene.deck))
            ours.recv()
        ours.send(None)
        peak = ours.recv()
    finally:
        ours.close()
        process.join(timeout=30)
    return {"process_loaded_rss_mb": loaded, "process_peak_rss_mb": peak}


def _read_sent_frames(connection, backend: str | None,
                      baselines: dict[str, TemplateBaseline] | None) -> None:
    """The reading process of process_memory: says its peak size once loaded and after the
    last frame, and answers each frame once it is read."""
    cv2.setNumThreads(1)
    if baselines is None:
        recognizer = CardRecognizer(backend=backend)
        read = lambda frame, deck: recognizer.recognize(frame)  # noqa: E731
    else:
        read = lambda frame, deck: baselines[deck].read(frame)  # noqa: E731
    connection.send(_own_peak_mb())
    while (sent := connection.recv()) is not None:
        read(*sent)
        connection.send(True)
    connection.send(_own_peak_mb())
    connection.close()


def _own_peak_mb() -> float:
    """This process's peak resident size (VmHWM): getrusage's ru_maxrss would not do, as it
    survives exec, so a spawned process starts with its parent's."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return _peak_rss_mb()  # no /proc (not Linux): the rusage figure, an upper bound


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


class TemplateBaseline:
    """The classic reader: cards are bright four-cornered contours; the flattened card's
    top-left corner is split into rank and suit, each matched against the deck's templates."""

    CARD_SIZE = (200, 300)
    CORNER = (0.18, 0.3)  # share of the card's width and height holding the index
    GLYPH = (70, 100)

    def __init__(self, deck: Deck) -> None:
        self.ranks: dict[str, np.ndarray] = {}
        self.suits: dict[str, np.ndarray] = {}
        for name, face in deck.faces.items():
            image = face.image[:, :, :3].copy()
            image[face.image[:, :, 3] < 128] = 0
            glyphs = self._glyphs(cv2.resize(image, self.CARD_SIZE, interpolation=cv2.INTER_AREA))
            if glyphs is None:
                continue
            rank, suit = glyphs
            self.ranks.setdefault(name[0], rank)
            self.suits.setdefault(name[1], suit)

    def read(self, frame: np.ndarray) -> list[CardSighting]:
        grey = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (5, 5), 0)
        level, _ = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        _, binary = cv2.threshold(grey, level, 255, cv2.THRESH_BINARY)
        contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cards = []
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < 2500:
                continue
            corners = cv2.approxPolyDP(contour, 0.02 * cv2.arcLength(contour, True), True)
            if len(corners) != 4:
                continue
            corners = _portrait_order(corners.reshape(4, 2).astype(np.float32))
            target = np.float32([[0, 0], [self.CARD_SIZE[0], 0], self.CARD_SIZE,
                                 [0, self.CARD_SIZE[1]]])
            flat = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(corners, target),
                                       self.CARD_SIZE)
            glyphs = self._glyphs(flat)
            if glyphs is None:
                continue
            rank = _best(glyphs[0], self.ranks)
            suit = _best(glyphs[1], self.suits)
            if rank and suit:
                cards.append(CardSighting(Card(rank + suit), corners.astype(np.float64), 1.0, 1))
        return cards

    def _glyphs(self, card: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        width, height = self.CARD_SIZE
        corner = card[:round(self.CORNER[1] * height), :round(self.CORNER[0] * width)]
        grey = cv2.cvtColor(corner, cv2.COLOR_BGR2GRAY)
        grey = cv2.resize(grey, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
        _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
        half = ink.shape[0] * 11 // 20
        parts = []
        for part in (ink[:half], ink[half:]):
            contours, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if not contours:
                return None
            x, y, w, h = cv2.boundingRect(max(contours, key=cv2.contourArea))
            parts.append(cv2.resize(part[y:y + h, x:x + w], self.GLYPH))
        return parts[0], parts[1]


def _best(glyph: np.ndarray, templates: dict[str, np.ndarray]) -> str | None:
    best, best_difference = None, float("inf")
    for name, template in templates.items():
        difference = int(cv2.absdiff(glyph, template).sum()) // 255
        if difference < best_difference:
            best, best_difference = name, difference
    # The baseline's own acceptance: at most this many differing pixels (of 7000).
    return best if best_difference < 2000 else None


def _portrait_order(points: np.ndarray) -> np.ndarray:
    """Top-left, top-right, bottom-right, bottom-left, with the long side down."""
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    points = points[np.argsort(angles)]  # clockwise on screen, from the left-most upward
    start = int(np.argmin(points.sum(axis=1)))
    points = np.roll(points, -start, axis=0)
    if np.linalg.norm(points[1] - points[0]) > np.linalg.norm(points[3] - points[0]):
        points = np.roll(points, -1, axis=0)
    return points
