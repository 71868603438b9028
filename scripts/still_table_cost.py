#!/usr/bin/env python3
"""What the camera loop spends on a table where nothing moves: every frame read, against the
still table left alone once the fusion has settled (tableside/vision/stillness.py).

The frames are one drawn table scene as a camera gives it again and again: fresh noise and JPEG
ripples each time. The loop's CPU time (process time) and the frames read are printed for both,
with the cards the fusion counts at the end, which must be the same.

    .venv/bin/python scripts/still_table_cost.py            # about 20 s
"""

from __future__ import annotations

import argparse
import random
import time

import cv2
import numpy as np

from tableside.vision.drawn import drawn_deck
from tableside.vision.pipeline import CameraPipeline
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import SceneOptions, draw_scene
from tableside.vision.sources import FrameListSource
from tableside.vision.stillness import StillTable


def as_camera_gives_it(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The frame with fresh noise (sigma 6) and a JPEG encoding of quality 70-95."""
    noise = rng.normal(0.0, 6.0, image.shape)
    frame = np.clip(image.astype(np.float64) + noise, 0, 255).astype(np.uint8)
    quality = int(rng.integers(70, 95))
    return cv2.imdecode(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--seed", type=int, default=905)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    decks = [drawn_deck(random.Random(seed)) for seed in range(3)]
    scene = draw_scene(random.Random(args.seed), decks, SceneOptions())
    rng = np.random.default_rng(args.seed)
    frames = [as_camera_gives_it(scene.image, rng) for _ in range(args.frames)]
    recognizer = CardRecognizer()
    recognizer.recognize(frames[0])  # loaded and warm before the clock
    for label, still in (("every frame read", StillTable(settle_reads=len(frames))),
                         ("still table left alone", StillTable())):
        pipeline = CameraPipeline(FrameListSource(frames), recognizer=recognizer, still=still)
        started, read = time.process_time(), 0
        for _ in frames:
            read += pipeline.step().read
        cpu = time.process_time() - started
        cards = sorted(str(card.card) for card in pipeline.fusion.stable_cards())
        print(f"{label}: {read} of {len(frames)} frames read, CPU {cpu:.2f} s "
              f"({cpu / len(frames) * 1000:.1f} ms a frame); cards counted: {' '.join(cards)}")


if __name__ == "__main__":
    main()
