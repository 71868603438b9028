"""scripts/ab_vision.py: two trees timed frame by frame against each other."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "ab_vision.py"


def compare(a: Path, b: Path) -> dict:
    run = subprocess.run([sys.executable, str(SCRIPT), "--a", str(a), "--b", str(b),
                          "--frames", "2", "--passes", "1"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_a_tree_against_itself_reads_the_same():
    figures = compare(ROOT, ROOT)
    assert figures["same_outputs"] is True
    assert (figures["frames"], figures["passes"]) == (2, 1)
    assert figures["a_median_ms"] > 0 and figures["b_median_ms"] > 0


def test_a_tree_that_reads_otherwise_is_told_apart(tmp_path):
    # A copy of the package that shrinks the bench's 1280-wide frames a little before reading.
    shutil.copytree(ROOT / "tableside", tmp_path / "tableside",
                    ignore=shutil.ignore_patterns("__pycache__"))
    recognizer = tmp_path / "tableside" / "vision" / "recognizer.py"
    text = recognizer.read_text()
    assert "\nMAX_WIDTH = 1280\n" in text
    recognizer.write_text(text.replace("\nMAX_WIDTH = 1280\n", "\nMAX_WIDTH = 1200\n"))
    assert compare(ROOT, tmp_path)["same_outputs"] is False
