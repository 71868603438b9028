#!/usr/bin/env python3
"""Render deck designs that no reader was trained on and nothing was tuned on: the outside set.

The shared decks' held-out designs and the decks drawn by code have been studied for many
sessions, so their figures flatter; recognition is also judged on designs nobody here has seen.
These four real designs stand in for those, and are used only to report (scripts/
score_drawn_scenes.py --outside FOLDER): never train on them, never tune on their misses.

    npm-svg-cards           npm package svg-cards 4.0.2 (David Bellot's SVG-cards: condensed
                            serif indices set close to the pips), LGPL-2.1
    gnome-dondorf           Debian gnome-cards-data (AisleRiot): indices in all four corners
    kde-penguins            Debian kdegames-card-data-kf5: bold indices, dark card rim
    kde-ancient-egyptians   Debian kdegames-card-data-kf5: its bottom index is not turned half
                            round (upright, the suit above the rank), unlike any common deck,
                            so a lone bottom 9 reads as a 6: reported apart

Left out: GNOME's tango_nuevo (the suit beside the rank: tableside/vision/decks.py finds no
index to score), bellot (svg-cards' art again) and KDE's dondorf (GNOME's again).

Downloads scripts/render_training_decks.py's packages with `apt-get download` and svg-cards
with `npm pack` (no root needed) and renders as that script does, 250 px wide, named like the
shared decks:

    .venv/bin/python scripts/render_outside_decks.py /work/outside-decks
    .venv/bin/python scripts/score_drawn_scenes.py --outside /work/outside-decks
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from render_training_decks import (
    PACKAGES,
    RANK_IDS,
    SUIT_IDS,
    render_card,
    render_designs,
    save_deck,
    unpacked_packages,
)

SVG_CARDS = "svg-cards@4.0.2"
KDE_DESIGNS = ("penguins", "ancient-egyptians")
GNOME_DESIGNS = ("dondorf",)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to make the deck folders in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        files = unpacked_packages(PACKAGES, root)
        subprocess.run(["npm", "pack", SVG_CARDS], cwd=root, check=True, capture_output=True)
        with tarfile.open(next(root.glob("svg-cards-*.tgz"))) as archive:
            archive.extract("package/svg-cards.svg", root, filter="data")
        # svg-cards names its cards suit first ("club_1", "heart_queen"), KDE rank first.
        rsvg = files / "usr" / "bin" / "rsvg-convert"
        save_deck(args.out / "npm-svg-cards",
                  {rank + suit: render_card(rsvg, root / "package" / "svg-cards.svg",
                                            f"{suit_id}_{rank_id}", root / "card.png")
                   for rank, rank_id in RANK_IDS.items() for suit, suit_id in SUIT_IDS.items()})
        render_designs(files, root, args.out, KDE_DESIGNS, GNOME_DESIGNS)


if __name__ == "__main__":
    sys.exit(main())
