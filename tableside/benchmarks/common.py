"""What every benchmark reports the same way: the machine it ran on, and counts it is given."""

from __future__ import annotations

import argparse
import os
import platform
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

# The CPU features that decide how fast the recogniser's networks run: 8-bit dot products
# (AVX-512 VNNI, AVX-VNNI; on ARM the dot-product extension, which a Pi 5 has and a Pi 4 has
# not) and vector width. Session 54's machine (AVX2 alone) ran the 8-bit readers at about
# half the speed earlier sessions' machines did, while OpenCV's template baseline took the same
# time: a benchmark's figure means little without these.
SPEED_FEATURES = ("avx2", "fma", "avx512f", "avx512bw", "avx512_vnni", "avx_vnni", "neon",
                  "asimd", "asimddp", "i8mm")


def machine_info(*packages: str) -> dict[str, Any]:
    """The machine and the versions of ``packages`` (the peers measured beside us)."""
    info: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "system": platform.system(),
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        **cpu_info(),
    }
    for package in ("numpy", *packages):
        info[package] = version(package)
    return info


def cpu_info(cpuinfo: Path = Path("/proc/cpuinfo")) -> dict[str, Any]:
    """The CPU's model and which of SPEED_FEATURES it has, from Linux's /proc/cpuinfo (empty
    where there is none)."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return {}
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, colon, value = line.partition(":")
        if colon:
            fields.setdefault(key.strip().lower(), value.strip())
    # x86 names its model and flags so; ARM its features, and a Raspberry Pi its board.
    model = fields.get("model name") or fields.get("model") or fields.get("cpu model")
    flags = set((fields.get("flags") or fields.get("features") or "").split())
    return {"cpu_model": model or None,
            "cpu_features": [name for name in SPEED_FEATURES if name in flags]}


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
