"""The simulated overhead camera and the real recognition behind it.

:class:`SimulatedCameraSource` is a frame source like a webcam
(:class:`~tableside.vision.sources.FrameSource`): each ``read()`` is a frame of the table as it
lies now (:mod:`tableside.demo.render`). :class:`SimulatedCamera` runs it through the vision
package's own live loop (:class:`~tableside.vision.pipeline.CameraPipeline`: the recognizer,
then temporal fusion with the calibration's zones) when the dealer has put cards face up,
until the cards waited for are stable or a few frames have passed. What the fusion holds in
each zone, left to right, is what the camera read; the dealer compares it with what was put
down. Nothing but the frames is simulated.
"""

from __future__ import annotations

import random
import statistics

import cv2
import numpy as np

from tableside.cards import Card
from tableside.demo.layout import TableLayout
from tableside.demo.render import TableRenderer
from tableside.demo.tabletop import TableTop
from tableside.vision.fusion import APPEAR_AFTER, CardFusion
from tableside.vision.pipeline import CameraPipeline
from tableside.vision.recognizer import CardRecognizer

# Frames the camera gives the fusion per look at most: enough for a card to become stable
# (APPEAR_AFTER) and a few more for one misread frame (a camera at 10 fps: under a second).
MAX_FRAMES = APPEAR_AFTER + 3


class SimulatedCameraSource:
    """Frames of whatever :attr:`top` holds, as a camera above the table would give them."""

    name = "simulated camera"

    def __init__(self, renderer: TableRenderer, seed: int):
        self.renderer = renderer
        self.rng = random.Random(seed)
        self.top: TableTop | None = None

    @property
    def finished(self) -> bool:
        return False

    def read(self) -> np.ndarray | None:
        return None if self.top is None else self.renderer.frame(self.top, self.rng)

    def close(self) -> None:
        self.top = None


class SimulatedCamera:
    def __init__(self, seed: int, seats: int):
        self.layout = TableLayout(seats)
        self.source = SimulatedCameraSource(TableRenderer(self.layout, seed), seed)
        # The recognition keeps to one core, as on the Pi: the rest is the table's.
        cv2.setNumThreads(1)
        self.pipeline = CameraPipeline(self.source, recognizer=CardRecognizer(),
                                       fusion=CardFusion(self.layout.calibration()))
        self.milliseconds: list[float] = []  # recognition time of each frame

    def new_hand(self) -> None:
        """The table was cleared: forget every card seen."""
        self.pipeline.fusion.reset()

    def look(self, top: TableTop, wanted: dict[object, int]) -> dict[object, list[Card]]:
        """Frames of ``top`` through the recognition until each zone of ``wanted`` ("board",
        or a seat number) holds the number of stable cards asked for (or the frames run out);
        the stable cards of each zone, left to right."""
        self.source.top = top
        fusion = self.pipeline.fusion
        names = {key: "board" if key == "board" else f"seat {key}" for key in wanted}
        for number in range(1, MAX_FRAMES + 1):
            report = self.pipeline.step()
            self.milliseconds.append(report.recognition.milliseconds)
            if number >= APPEAR_AFTER and all(
                    len(fusion.cards_in_zone(names[key])) >= count
                    for key, count in wanted.items()):
                break
        return {key: [stable.card for stable in sorted(fusion.cards_in_zone(name),
                                                       key=lambda s: s.centre[0])]
                for key, name in names.items()}

    def figures(self) -> dict[str, float | int]:
        """Frames recognised and the median milliseconds of recognition per frame."""
        times = self.milliseconds
        return {"frames": len(times),
                "median_ms_per_frame": round(statistics.median(times), 1) if times else 0.0}
