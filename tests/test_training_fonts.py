"""scripts/train_card_reader.py --fonts: more faces to letter the drawn training decks with."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from train_card_reader import usable_fonts

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def test_a_font_folder_adds_its_fit_faces_to_the_machines(tmp_path):
    font = DEJAVU  # (scripts/install-system-deps.sh installs it for the web tests)
    shutil.copy(font, tmp_path / "Narrow-Bold.ttf")
    shutil.copy(font, tmp_path / "Pretty-Dingbats.ttf")  # unfit to letter an index
    (tmp_path / "README.txt").write_text("not a font")
    machine = usable_fonts()
    more = usable_fonts(tmp_path)
    assert str(tmp_path / "Narrow-Bold.ttf") in more
    assert not any("Dingbats" in path or path.endswith(".txt") for path in more)
    assert set(machine) <= set(more) and len(more) == len(machine) + 1
