"""What machine this is: the Raspberry Pi model, where its reader board is plugged in, and
which camera it has."""

from __future__ import annotations

import glob
from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")


def pi_model(model_file: Path = MODEL_FILE) -> str | None:
    """``Raspberry Pi 5 Model B Rev 1.0`` and the like; None on anything else."""
    try:
        model = model_file.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def is_pi5(model: str | None) -> bool:
    """A Pi 5 (or a board built on it, like the Compute Module 5): its GPIOs sit behind
    the RP1 chip, which only the lgpio pin factory drives among gpiozero's."""
    return model is not None and ("Raspberry Pi 5" in model or "Compute Module 5" in model)


def find_board(pattern: str) -> list[str]:
    """Serial devices matching ``pattern`` (a path or a glob), sorted."""
    return sorted(glob.glob(pattern))


def v4l_cameras(by_id: Path = Path("/dev/v4l/by-id"), dev: Path = Path("/dev")) -> list[str]:
    """Video devices, by their stable ``/dev/v4l/by-id`` names when there are any (a USB
    webcam keeps that name whichever port it is in), else the first ``/dev/videoN``."""
    stable = sorted(str(p) for p in by_id.glob("*-video-index0"))
    return stable or sorted(str(p) for p in dev.glob("video[0-9]*"))[:1]


def pi_camera_present() -> bool:
    """picamera2 (from apt, on a Pi only) is importable and sees a camera."""
    try:
        from picamera2 import Picamera2
    except ImportError:
        return False
    try:
        return bool(Picamera2.global_camera_info())
    except Exception:  # libcamera without a camera fails in many ways: no camera, then
        return False


def find_camera() -> str | None:
    """The camera this machine has, as a ``--camera`` name: the Pi camera first, then a
    video device; None without one."""
    if pi_camera_present():
        return "picamera"
    devices = v4l_cameras()
    return devices[0] if devices else None
