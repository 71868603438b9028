"""What every benchmark reports the same way: the machine it ran on, and counts it is given."""

from __future__ import annotations

import argparse
import os
import platform
import sys
from importlib import metadata
from typing import Any


def machine_info(*packages: str) -> dict[str, Any]:
    """The machine and the versions of ``packages`` (the peers measured beside us)."""
    info: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "system": platform.system(),
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
    }
    for package in ("numpy", *packages):
        info[package] = version(package)
    return info


def version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def positive(text: str) -> int:
    """An argparse type: a count of at least one (``1_000_000`` and ``1,000,000`` allowed)."""
    value = int(text.replace("_", "").replace(",", ""))
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive count")
    return value
