"""scripts/show_marks.py: a scene's marks drawn around one card, three panels side by side."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "show_marks.py"


def test_a_cards_marks_are_drawn_beside_the_scene_and_the_outline_mask(tmp_path):
    out = tmp_path / "marks.png"
    run = subprocess.run([sys.executable, str(SCRIPT), "--group", "drawn", "--seed", "67010",
                          "--card", "5c", "--out", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "5c 60 px wide" in run.stdout
    picture = cv2.imread(str(out))
    height, width = picture.shape[:2]
    # Three panels of the card's crop (its 60 px plus margins, enlarged alike).
    assert width % 3 == 0 and 600 <= width <= 1800 and height >= 100
    scene, marks, mask = (picture[:, n * width // 3:(n + 1) * width // 3] for n in range(3))
    assert scene.std() > 10 and marks.any() and mask.any()
    # The mask panel is the outlines' mask: black and white only.
    assert set(mask.reshape(-1, 3).max(axis=1).tolist()) <= {0, 255}


def test_a_card_the_scene_does_not_hold_is_named_with_those_it_does(tmp_path):
    run = subprocess.run([sys.executable, str(SCRIPT), "--group", "drawn", "--seed", "67010",
                          "--card", "Zz", "--out", str(tmp_path / "marks.png")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "holds no Zz" in run.stderr and "5c" in run.stderr
