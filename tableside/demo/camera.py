"""The simulated overhead camera and the real recognition behind it.

:class:`SimulatedCameraSource` is a frame source like a webcam
(:class:`~tableside.vision.sources.FrameSource`): each ``read()`` is a frame of the table as it
lies now (:mod:`tableside.demo.render`). :class:`SimulatedCamera` runs it through the vision
package's own live loop (:class:`~tableside.vision.pipeline.CameraPipeline`: the recognizer,
then temporal fusion with the calibration's zones) and hands each frame's report to the same
:class:`~tableside.vision.table_feed.TableFeed` a real camera feeds: what the table waits for,
read from the stable cards, is proposed for the dealer's CONFIRM. The dealer waits for that
proposal a few frames at most, and compares it with what was put down. Nothing but the frames
is simulated.
"""

from __future__ import annotations

import logging
import random
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from tableside.buttons.proposals import Proposal, Proposals
from tableside.cards import Card
from tableside.demo.layout import TableLayout
from tableside.demo.render import TableRenderer
from tableside.demo.tabletop import TableTop
from tableside.vision import table_feed
from tableside.vision.fusion import APPEAR_AFTER
from tableside.vision.table_camera import TableCamera

# Frames the dealer waits for the camera's proposal at most: enough for a card to become
# stable (APPEAR_AFTER) and a few more for one misread frame (a camera at 10 fps: under a
# second).
MAX_FRAMES = APPEAR_AFTER + 3
# How often the demo's dealer looks whether a real camera has proposed the cards (seconds).
LIVE_POLL = 0.1


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
    """The simulated source behind a real :class:`~tableside.vision.table_camera.TableCamera`
    (the one ``tableside serve --camera`` runs), stepped by the dealer instead of its own
    thread: a frame each time the dealer looks, so that an evening is the same at any speed.
    The table keeps the demo's calibration, so the console's Camera tab shows what it reads."""

    live = False

    def __init__(self, seed: int, seats: int, table: Any, proposals: Proposals):
        self.layout = TableLayout(seats)
        self.source = SimulatedCameraSource(TableRenderer(self.layout, seed), seed)
        # The recognition keeps to one core, as on the Pi: the rest is the table's.
        cv2.setNumThreads(1)
        self.camera = TableCamera(self.source, table, proposals, when_alerts=self._alerted)
        # The demo's alerts go to its summary; the terminal shows the evening, not a log.
        logging.getLogger(table_feed.__name__).setLevel(logging.ERROR)
        self.milliseconds: list[float] = []  # recognition time of each frame
        self.alerts = 0  # alerts the camera raised for the dealer

    def new_hand(self) -> None:
        """The table was cleared: forget every card seen."""
        self.camera.pipeline.fusion.reset()

    def proposal(self, top: TableTop, wanted: Callable[[dict[str, Any]], bool]) -> Proposal | None:
        """Frames of ``top`` through the recognition and the table feed until the feed
        proposes a command ``wanted`` accepts (the camera's proposal, waiting for CONFIRM), or
        the frames run out (None)."""
        self.source.top = top
        for _ in range(MAX_FRAMES):
            report = self.camera.step()
            if report is None:
                continue
            if report.read:
                self.milliseconds.append(report.recognition.milliseconds)
            offered = self.camera.feed.offered
            if offered is not None and wanted(offered.command):
                return offered
        return None

    def seen_in(self, zone: object) -> list[Card]:
        """The stable cards in a zone ("board" or a seat number) now, left to right."""
        name = "board" if zone == "board" else f"seat {zone}"
        return [stable.card for stable in
                sorted(self.camera.pipeline.fusion.cards_in_zone(name),
                       key=lambda s: s.centre[0])]

    def _alerted(self, alerts: tuple) -> None:
        self.alerts += len(alerts)

    def figures(self) -> dict[str, float | int]:
        """Frames recognised, the median milliseconds of recognition per frame, and the
        alerts raised for the dealer."""
        times = self.milliseconds
        return {"frames": len(times),
                "median_ms_per_frame": round(statistics.median(times), 1) if times else 0.0,
                "alerts": self.alerts}


class LiveCamera:
    """A real camera at the demo table (``tableside demo --camera SPEC`` with the camera not
    simulated): a person deals real cards under it, the simulated players bet with simulated
    chips, and the cards the table waits for come from the camera's own
    :class:`~tableside.vision.table_camera.TableCamera` and its feed. The demo cannot know
    what the real cards are, so it reads nothing against them: it waits for the camera's
    proposal and confirms it, as a dealer would who trusts the preview."""

    live = True

    def __init__(self, camera: Any, wait_seconds: float | None):
        self.camera = camera  # a started TableCamera
        self.wait_seconds = wait_seconds  # None: as long as it takes (served)
        self.cards = 0  # cards the camera put into the game

    def new_hand(self) -> None:
        """The real table is cleared by the person dealing; the fusion follows the felt."""

    def wait_for(self, wanted: Callable[[dict[str, Any]], bool],
                 stop: threading.Event) -> Proposal | None:
        """The camera's proposal that ``wanted`` accepts, once it makes one; None when
        ``stop`` is set or the wait runs out."""
        deadline = None if self.wait_seconds is None else time.monotonic() + self.wait_seconds
        while not stop.is_set():
            offered = self.camera.feed.offered
            if offered is not None and wanted(offered.command):
                return offered
            if deadline is not None and time.monotonic() > deadline:
                return None
            stop.wait(LIVE_POLL)
        return None

    def figures(self) -> dict[str, float | int]:
        return {"frames": self.camera.frames, "live": True, "cards_from_camera": self.cards}
