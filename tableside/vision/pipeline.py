"""The live loop the camera command and the dealer's console run: frames in, stable cards out.

:class:`CameraPipeline` reads a frame from a source, recognises its cards, feeds them to the
temporal fusion and hands a :class:`FrameReport` (this frame's readings for the preview, the
cards that now count, what appeared or vanished, open alerts) to ``on_report``. ``step()`` does
one frame, for tests and for callers with their own loop; ``run(stop)`` loops in the calling
thread until ``stop`` is set or a finite source ends. A camera that goes away only makes
``step()`` return None until it is back (the sources reopen themselves).
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

# How long run() waits before asking a source without a frame again.
IDLE_WAIT = 0.05


@dataclass(frozen=True)
class FrameReport:
    frame: np.ndarray
    recognition: Recognition
    update: FusionUpdate
    stable: tuple[StableCard, ...]

    def to_json(self) -> dict:
        return {"frame": self.update.frame,
                **self.recognition.to_json(unsure=True),
                "stable": [card.to_json() for card in self.stable],
                "appeared": [card.to_json() for card in self.update.appeared],
                "vanished": [card.to_json() for card in self.update.vanished],
                "alerts": [alert.to_json() for alert in self.update.alerts]}


class CameraPipeline:
    def __init__(self, source: FrameSource, *, recognizer: CardRecognizer | None = None,
                 fusion: CardFusion | None = None,
                 on_report: Callable[[FrameReport], None] | None = None) -> None:
        self.source = source
        self.recognizer = recognizer or CardRecognizer()
        self.fusion = fusion or CardFusion()
        self.on_report = on_report

    def step(self) -> FrameReport | None:
        """Read and judge one frame; None when the source has no frame now."""
        frame = self.source.read()
        if frame is None:
            return None
        recognition = self.recognizer.recognize(frame)
        update = self.fusion.update(recognition.cards, recognition.unsure)
        report = FrameReport(frame, recognition, update, tuple(self.fusion.stable_cards()))
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
