"""Where frames come from, behind one interface: ``read()`` gives a BGR frame or None.

* :class:`PiCameraSource`: the Raspberry Pi camera through picamera2 (on Raspberry Pi OS it
  comes from apt: ``sudo apt install python3-picamera2`` and a virtual environment made with
  ``--system-site-packages``).
* :class:`WebcamSource`: a USB webcam through ``cv2.VideoCapture``, best named by its stable
  ``/dev/v4l/by-id/...`` path, asked for MJPG at 1280 x 720.
* :class:`VideoFileSource`, :class:`ImageFolderSource`: recordings and folders of stills, to
  replay a game.
* :class:`FrameListSource`: frames given in code, for tests and demonstrations.
* :class:`TestSceneSource` (``test``): drawn table scenes, to try the camera path without one.

Live cameras are wrapped so that a camera that disappears (unplugged, driver hiccup) is
reported through ``on_status(False, reason)`` and reopened every ``retry_every`` seconds;
``read()`` meanwhile returns None and never raises. ``finished`` is True only for sources that
can end (files, folders, lists) once they have.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

log = logging.getLogger(__name__)

FRAME_SIZE = (1280, 720)
RETRY_EVERY = 1.0
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".mjpeg", ".mjpg", ".h264")

StatusCallback = Callable[[bool, str], None]


class FrameSource(Protocol):
    name: str

    @property
    def finished(self) -> bool: ...

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


class CameraLost(RuntimeError):
    """A device that stopped giving frames."""


class _Device(Protocol):
    def grab_frame(self) -> np.ndarray: ...

    def release(self) -> None: ...


class ReopeningCamera:
    """A live camera that is reopened after it fails; ``open_device`` opens it once.

    ``clock`` is injectable so that tests can step through retries without sleeping.
    """

    def __init__(self, name: str, open_device: Callable[[], _Device], *,
                 on_status: StatusCallback | None = None, retry_every: float = RETRY_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self._open_device = open_device
        self._on_status = on_status
        self._retry_every = retry_every
        self._clock = clock
        self._device: _Device | None = None
        self._next_attempt = float("-inf")
        self.online: bool | None = None  # None until the first attempt
        self.failures = 0

    @property
    def finished(self) -> bool:
        return False

    def read(self) -> np.ndarray | None:
        if self._device is None:
            if self._clock() < self._next_attempt:
                return None
            try:
                self._device = self._open_device()
            except Exception as error:  # any driver failure: report, retry later
                self._went_offline(f"cannot open: {error}")
                return None
        try:
            frame = self._device.grab_frame()
        except Exception as error:
            self._went_offline(f"stopped: {error}")
            return None
        self._set_online(True, "frames arriving")
        return frame

    def close(self) -> None:
        self._release()

    def _went_offline(self, reason: str) -> None:
        self.failures += 1
        self._release()
        self._next_attempt = self._clock() + self._retry_every
        self._set_online(False, reason)

    def _release(self) -> None:
        if self._device is not None:
            try:
                self._device.release()
            except Exception:  # releasing a vanished device may fail; it is gone anyway
                log.debug("releasing %s failed", self.name, exc_info=True)
            self._device = None

    def _set_online(self, online: bool, reason: str) -> None:
        if self.online == online:
            return
        self.online = online
        (log.info if online else log.warning)("camera %s %s: %s", self.name,
                                                "online" if online else "offline", reason)
        if self._on_status is not None:
            self._on_status(online, reason)


class _CaptureDevice:
    """One opened ``cv2.VideoCapture``."""

    def __init__(self, target: str | int, size: tuple[int, int], fps: int) -> None:
        backend = cv2.CAP_V4L2 if _is_v4l_device(target) else cv2.CAP_ANY
        if isinstance(target, str) and target.startswith("/dev/"):
            # by-id names are links; the number behind them changes when replugged.
            target = os.path.realpath(target)
        self.capture = cv2.VideoCapture(target, backend)
        if not self.capture.isOpened():
            self.capture.release()
            raise CameraLost(f"{target} did not open")
        if backend == cv2.CAP_V4L2:
            self.capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
            self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            self.capture.set(cv2.CAP_PROP_FPS, fps)
            self.capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not a backlog

    def grab_frame(self) -> np.ndarray:
        ok, frame = self.capture.read()
        if not ok or frame is None:
            raise CameraLost("no frame")
        return frame

    def release(self) -> None:
        self.capture.release()


def _is_v4l_device(target: str | int) -> bool:
    return isinstance(target, int) or str(target).startswith("/dev/")


class WebcamSource(ReopeningCamera):
    """A USB webcam (``/dev/v4l/by-id/...``, ``/dev/video0`` or a camera number)."""

    def __init__(self, device: str | int, *, size: tuple[int, int] = FRAME_SIZE, fps: int = 30,
                 on_status: StatusCallback | None = None, retry_every: float = RETRY_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(str(device), lambda: _CaptureDevice(device, size, fps),
                         on_status=on_status, retry_every=retry_every, clock=clock)


class _PiCameraDevice:
    def __init__(self, size: tuple[int, int]) -> None:
        from picamera2 import Picamera2  # only on a Raspberry Pi, from apt

        self.camera = Picamera2()
        # "RGB888" is stored blue, green, red: what OpenCV calls BGR.
        config = self.camera.create_video_configuration(main={"size": size, "format": "RGB888"})
        self.camera.configure(config)
        self.camera.start()

    def grab_frame(self) -> np.ndarray:
        return self.camera.capture_array()

    def release(self) -> None:
        self.camera.stop()
        self.camera.close()


class PiCameraSource(ReopeningCamera):
    def __init__(self, *, size: tuple[int, int] = FRAME_SIZE,
                 on_status: StatusCallback | None = None, retry_every: float = RETRY_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__("picamera", lambda: _PiCameraDevice(size), on_status=on_status,
                         retry_every=retry_every, clock=clock)


def picamera_available() -> bool:
    try:
        import picamera2  # noqa: F401
    except ImportError:
        return False
    return True


class VideoFileSource:
    """A recorded video, frame by frame; ``loop`` starts it over at the end."""

    def __init__(self, path: str | Path, *, loop: bool = False) -> None:
        self.name = str(path)
        self.loop = loop
        self._capture = cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise FileNotFoundError(f"cannot open video {path}")
        self._finished = False

    @property
    def finished(self) -> bool:
        return self._finished

    def read(self) -> np.ndarray | None:
        if self._finished:
            return None
        ok, frame = self._capture.read()
        if not ok and self.loop:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._capture.read()
        if not ok:
            self._finished = True
            return None
        return frame

    def close(self) -> None:
        self._capture.release()


class FrameListSource:
    """Frames given in code, in order (``loop`` repeats them)."""

    def __init__(self, frames: Iterable[np.ndarray], *, loop: bool = False,
                 name: str = "frames") -> None:
        self.name = name
        self._frames: Sequence[np.ndarray] = list(frames)
        self._next = 0
        self.loop = loop

    @property
    def finished(self) -> bool:
        return not self.loop and self._next >= len(self._frames)

    def read(self) -> np.ndarray | None:
        if not self._frames or self.finished:
            return None
        frame = self._frames[self._next % len(self._frames)]
        self._next += 1
        return frame

    def close(self) -> None:
        self._next = len(self._frames)
        self.loop = False


class ImageFolderSource(FrameListSource):
    """The images of a folder in name order, read one at a time as they are asked for."""

    def __init__(self, folder: str | Path, *, loop: bool = False) -> None:
        paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not paths:
            raise FileNotFoundError(f"no images in {folder}")
        super().__init__(paths, loop=loop, name=str(folder))

    def read(self) -> np.ndarray | None:
        path = super().read()
        if path is None:
            return None
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            log.warning("skipping %s: not an image", path)
        return frame


class TestSceneSource:
    """A camera for trying things without one: table scenes drawn with a deck tableside draws
    itself (:mod:`tableside.vision.scenes`), a new scene every ``hold`` frames, so the same
    cards stay long enough to become stable. Endless; ``seed`` makes it repeatable."""

    name = "test scenes"
    finished = False

    def __init__(self, *, seed: int = 1, hold: int = 30) -> None:
        # Imported here: drawing scenes is for this source only, not for every camera.
        from tableside.vision.drawn import drawn_deck
        from tableside.vision.scenes import draw_scene

        self._draw = draw_scene
        self._rng = random.Random(seed)
        self._deck = drawn_deck(random.Random(seed), name="test deck")
        self._hold = max(1, hold)
        self._shown = 0
        self._frame: np.ndarray | None = None

    def read(self) -> np.ndarray | None:
        if self._frame is None or self._shown >= self._hold:
            self._frame = self._draw(self._rng, [self._deck]).image
            self._shown = 0
        self._shown += 1
        return self._frame

    def close(self) -> None:
        self._frame = None


def open_source(spec: str, *, on_status: StatusCallback | None = None,
                loop: bool = False) -> FrameSource:
    """A source from a command-line name: ``picamera``, a camera device or number, a video
    file, a folder of images, or ``test`` (drawn table scenes)."""
    if spec == "test":
        return TestSceneSource()
    if spec in ("picamera", "pi", "picamera2"):
        return PiCameraSource(on_status=on_status)
    if spec.isdigit() or spec.startswith("/dev/"):
        return WebcamSource(int(spec) if spec.isdigit() else spec, on_status=on_status)
    path = Path(spec)
    if path.is_dir():
        return ImageFolderSource(path, loop=loop)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return FrameListSource([_read_image(path)], loop=loop, name=spec)
    if path.suffix.lower() in VIDEO_SUFFIXES or path.exists():
        return VideoFileSource(path, loop=loop)
    raise FileNotFoundError(f"no camera, video or folder called {spec}")


def _read_image(path: Path) -> np.ndarray:
    frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if frame is None:
        raise FileNotFoundError(f"cannot read image {path}")
    return frame
