"""The live loop the camera command and the dealer's console run: frames in, stable cards out.

:class:`CameraPipeline` reads a frame from a source, recognises its cards, feeds them to the
temporal fusion and hands a :class:`FrameReport` (this frame's readings for the preview, the
cards that now count, what appeared or vanished, open alerts) to ``on_report``. ``step()`` does
one frame, for tests and for callers with their own loop; ``run(stop)`` loops in the calling
thread until ``stop`` is set or a finite source ends. A camera that goes away only makes
``step()`` return None until it is back (the sources reopen themselves).

A frame of a table where nothing moved since the fusion settled is not read again
(tableside/vision/stillness.py): its report carries the last frame's readings, with ``read``
False, and the fusion's cards as they stand, so that what waits on them (the table feed, whose
need changes as the hand goes on) still hears of every frame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from tableside.vision.fusion import CardFusion, FusionUpdate, StableCard
from tableside.vision.recognizer import CardRecognizer, Recognition
from tableside.vision.sources import FrameSource
from tableside.vision.stillness import StillTable

# How long run() waits before asking a source without a frame again.
IDLE_WAIT = 0.05


@dataclass(frozen=True)
class FrameReport:
    frame: np.ndarray
    recognition: Recognition
    update: FusionUpdate
    stable: tuple[StableCard, ...]
    read: bool = True  # False: the table was still, the last frame's readings stand

    def to_json(self) -> dict:
        return {"frame": self.update.frame, "read": self.read,
                **self.recognition.to_json(unsure=True),
                "stable": [card.to_json() for card in self.stable],
                "appeared": [card.to_json() for card in self.update.appeared],
                "vanished": [card.to_json() for card in self.update.vanished],
                "alerts": [alert.to_json() for alert in self.update.alerts]}


class CameraPipeline:
    def __init__(self, source: FrameSource, *, recognizer: CardRecognizer | None = None,
                 fusion: CardFusion | None = None,
                 on_report: Callable[[FrameReport], None] | None = None,
                 still: StillTable | None = None) -> None:
        self.source = source
        self.recognizer = recognizer or CardRecognizer()
        # One table's deck, frame after frame: what its bottom indices are, and whether it
        # letters its court cards B and D, is remembered.
        self.recognizer.remember_bottoms = True
        self.recognizer.remember_letters = True
        self.fusion = fusion or CardFusion()
        self.on_report = on_report
        self.still = still or StillTable()
        self._recognition: Recognition | None = None  # the last frame read's
        self._resets = self.fusion.resets

    def step(self) -> FrameReport | None:
        """Read and judge one frame (or, the table being still, take the last frame's
        readings); None when the source has no frame now."""
        frame = self.source.read()
        if frame is None:
            return None
        if self.fusion.resets != self._resets:  # a new hand: the fusion must see the table
            self._resets = self.fusion.resets
            self.still.forget()
        if self.still.needs_reading(frame) or self._recognition is None:
            recognition = self._recognition = self.recognizer.recognize(frame)
            update = self.fusion.update(recognition.cards, recognition.unsure)
            read = True
        else:
            recognition, read = self._recognition, False
            update = FusionUpdate(self.fusion.frame, (), (), self.fusion.alerts)
        report = FrameReport(frame, recognition, update, tuple(self.fusion.stable_cards()),
                             read)
        if self.on_report is not None:
            self.on_report(report)
        return report

    def run(self, stop: threading.Event) -> None:
        cv2.setNumThreads(1)  # leave the other cores to the table service and the web page
        while not stop.is_set():
            if self.step() is None:
                if self.source.finished:
                    return
                stop.wait(IDLE_WAIT)
