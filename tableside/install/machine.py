"""What machine this is: the Raspberry Pi model, and where its reader board is plugged in."""

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
