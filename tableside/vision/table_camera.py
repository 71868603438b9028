"""The overhead camera at work for a table: frames in its own thread, cards into the game.

:class:`TableCamera` runs a :class:`~tableside.vision.pipeline.CameraPipeline` on a frame
source in a thread of its own (one OpenCV thread: the other cores are the table's and the
web's), hands every report to a :class:`~tableside.vision.table_feed.TableFeed`, and keeps
the newest report for the dealer's preview. The calibration is the table's: it is read from
the table's settings (``camera_calibration``) and followed when the dealer marks it anew; so
is what the table's deck letters its court cards (``deck_letters``: a German deck's B and D).

A camera that goes away is said in English and German (:attr:`TableCamera.status`) and
reopened by its source; a frame that fails to be recognised is logged and skipped. Neither
ends the thread.

    camera = TableCamera.open("picamera", service, proposals).start()
    ...
    camera.close()
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from tableside.buttons.proposals import Proposals
from tableside.vision.calibration import Calibration, CalibrationError
from tableside.vision.card_size import card_size, card_size_of_cards
from tableside.vision.fusion import CardFusion
from tableside.vision.pipeline import CameraPipeline, FrameReport
from tableside.vision.preview import draw_preview
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.sources import FrameSource, open_source
from tableside.vision.table_feed import FeedAlert, TableFeed

log = logging.getLogger(__name__)

IDLE_WAIT = 0.05  # seconds before asking a source without a frame again
ERROR_WAIT = 0.5  # seconds after a frame that failed
# Frames recognised per second at most: cards lie still for seconds, and a camera (or a
# video) faster than this would only keep a core busy for nothing.
MAX_FPS = 10.0

_STATUS = {
    "starting": {"en": "Camera {name}: starting", "de": "Kamera {name}: startet"},
    "online": {"en": "Camera {name}: frames arriving", "de": "Kamera {name}: Bilder kommen an"},
    "offline": {"en": "Camera {name} is gone ({reason}): trying to reopen it",
                "de": "Kamera {name} ist weg ({reason}): sie wird wieder geöffnet"},
    "failed": {"en": "Camera {name}: a frame could not be read ({reason})",
               "de": "Kamera {name}: ein Bild konnte nicht gelesen werden ({reason})"},
    "ended": {"en": "Camera {name}: the recording has ended",
              "de": "Kamera {name}: die Aufnahme ist zu Ende"},
    "no_calibration": {"en": "The table's camera calibration cannot be used: {reason}",
                       "de": "Die Kamerakalibrierung des Tisches ist unbrauchbar: {reason}"},
}


class TableCamera:
    def __init__(self, source: FrameSource, service: Any, proposals: Proposals, *,
                 recognizer: CardRecognizer | None = None, max_fps: float = MAX_FPS,
                 when_status: Callable[[dict[str, str]], None] | None = None,
                 when_alerts: Callable[[tuple[FeedAlert, ...]], None] | None = None) -> None:
        self.source = source
        self.service = service
        self.max_fps = max_fps
        self.when_status = when_status
        self.feed = TableFeed(service, proposals, when_alerts=when_alerts)
        # Called with each report once the feed has judged it (the headless command prints).
        self.when_report: Callable[[FrameReport], None] | None = None
        self.pipeline = CameraPipeline(source, recognizer=recognizer, fusion=CardFusion(),
                                       on_report=self._reported)
        self._lock = threading.Lock()
        self._report: FrameReport | None = None
        self._calibration_data: dict[str, Any] | None = None
        self._calibration_version = -1
        self.calibration_problem: dict[str, str] | None = None
        self.status: dict[str, str] = self._words("starting")
        self.online: bool | None = None
        self.frames = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.follow_calibration()

    @classmethod
    def open(cls, spec: str, service: Any, proposals: Proposals, *, loop: bool = False,
             **options: Any) -> TableCamera:
        """A camera on the source named ``spec`` (see :func:`open_source`)."""
        holder: list[TableCamera] = []

        def status(online: bool, reason: str) -> None:
            if holder:
                holder[0].source_status(online, reason)
        camera = cls(open_source(spec, on_status=status, loop=loop), service, proposals,
                     **options)
        holder.append(camera)
        return camera

    # ------------------------------------------------------------------ life cycle
    def start(self) -> TableCamera:
        self._thread = threading.Thread(target=self.run, name="camera", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        self.source.close()

    def run(self, frames: int | None = None) -> None:
        """Recognise frames until closed, the source ends or ``frames`` were read."""
        cv2.setNumThreads(1)  # leave the other cores to the table service and the web page
        interval = 1 / self.max_fps if self.max_fps > 0 else 0.0
        while not self._stop.is_set() and (frames is None or self.frames < frames):
            started = time.monotonic()
            if self.step() is None:
                if self.source.finished:
                    self._set_status(self._words("ended"))
                    return
                self._stop.wait(IDLE_WAIT)
                continue
            self._stop.wait(max(0.0, interval - (time.monotonic() - started)))

    def step(self) -> FrameReport | None:
        """One frame through the recognition and into the game; None without a frame."""
        self.follow_calibration()
        try:
            return self.pipeline.step()
        except Exception as error:  # a bad frame or a driver's hiccup: next frame
            log.exception("camera frame failed")
            self._set_status(self._words("failed", reason=f"{type(error).__name__}: {error}"))
            self._stop.wait(ERROR_WAIT)
            return None

    # ------------------------------------------------------------------ what it sees
    @property
    def report(self) -> FrameReport | None:
        with self._lock:
            return self._report

    @property
    def calibration(self) -> Calibration | None:
        return self.feed.calibration

    def preview(self) -> np.ndarray | None:
        """The newest frame with every card's outline and reading (BGR), or None."""
        report = self.report
        if report is None:
            return None
        return draw_preview(report.frame, report.recognition.cards, report.recognition.unsure,
                            report.stable)

    def still(self) -> np.ndarray | None:
        """The newest frame as the camera gave it (for marking the calibration)."""
        report = self.report
        return None if report is None else report.frame

    def to_json(self) -> dict[str, Any]:
        """The readings, the cards that count, the alerts, the proposal and the status."""
        report = self.report
        offered = self.feed.offered
        calibration = self.calibration
        return {
            "online": self.online, "status": dict(self.status), "frames": self.frames,
            "size": None if report is None else [int(report.frame.shape[1]),
                                                 int(report.frame.shape[0])],
            "readings": None if report is None else report.to_json(),
            "alerts": [alert.to_json() for alert in self.feed.alerts],
            "proposal": None if offered is None else {"command": dict(offered.command),
                                                      "texts": dict(offered.texts)},
            "calibration": None if calibration is None else calibration.to_dict(),
            "calibration_problem": self.calibration_problem,
            "card_size": self._card_size(report),
        }

    def _card_size(self, report: FrameReport | None) -> dict[str, Any] | None:
        """How wide cards look to recognition, with advice on the camera's height: anywhere on
        the calibrated table, or (not calibrated) the cards the newest frame read."""
        if report is None:
            return None
        width, max_width = int(report.frame.shape[1]), self.pipeline.recognizer.max_width
        calibration = self.calibration
        size = (card_size(calibration, width, max_width) if calibration is not None
                else card_size_of_cards(report.recognition.cards, width, max_width))
        return None if size is None else size.to_json()

    # ------------------------------------------------------------------ the calibration
    def follow_calibration(self) -> None:
        """Take the table's calibration, and what its deck letters its court cards, when the
        table changed (cheap otherwise)."""
        version = self.service.version
        if version == self._calibration_version:
            return
        self._calibration_version = version
        self.pipeline.recognizer.letters = self.service.read(stored_letters)
        data = self.service.read(stored_calibration)
        if data == self._calibration_data:
            return
        self._calibration_data = data
        calibration = None
        self.calibration_problem = None
        if data is not None:
            try:
                calibration = Calibration.from_dict(data)
            except CalibrationError as error:
                self.calibration_problem = {
                    lang: _STATUS["no_calibration"][lang].format(reason=error.message(lang))
                    for lang in ("en", "de")}
            except (KeyError, TypeError, ValueError) as error:
                self.calibration_problem = {
                    lang: _STATUS["no_calibration"][lang].format(reason=error)
                    for lang in ("en", "de")}
        self.feed.calibration = calibration
        # The fusion names each stable card's zone from the same calibration.
        self.pipeline.fusion.calibration = calibration
        # ...and a camera at a slant is read as seen from straight above (straight_view.py).
        self.pipeline.recognizer.plane = None if calibration is None else calibration.homography

    # ------------------------------------------------------------------ callbacks
    def _reported(self, report: FrameReport) -> None:
        with self._lock:
            self._report = report
            self.frames += 1
        if self.online is not True:
            self.online = True
            self._set_status(self._words("online"))
        self.feed.consider(report)
        if self.when_report is not None:
            self.when_report(report)

    def source_status(self, online: bool, reason: str) -> None:
        """A live source's ``on_status``: the camera went away or came back."""
        self.online = online
        self._set_status(self._words("online" if online else "offline", reason=reason))

    def _set_status(self, texts: dict[str, str]) -> None:
        if texts == self.status:
            return
        self.status = texts
        if self.when_status is not None:
            self.when_status(texts)

    def _words(self, key: str, **values: object) -> dict[str, str]:
        return {lang: text.format(name=self.source.name, **values)
                for lang, text in _STATUS[key].items()}


def stored_calibration(state: Any) -> dict[str, Any] | None:
    """The calibration a table keeps in its settings (a TableState, read through the
    service), as plain data; None before the dealer marked one."""
    return state.settings.camera_calibration if state.settings is not None else None


def stored_letters(state: Any) -> str:
    """What a table's deck letters its court cards, as its settings say (see
    TableSettings.deck_letters)."""
    return state.settings.deck_letters if state.settings is not None else "auto"


def encode_jpeg(image: np.ndarray, quality: int = 80) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("the picture could not be encoded as JPEG")
    return data.tobytes()
