#!/usr/bin/env python3
"""Render more deck designs for training the card reader, from KDE's card decks.

The ten shared decks hold only seven designs to train on; the reader learns unseen designs
better from more. KDE's card data (Debian package `kdegames-card-data-kf5`) holds one SVG per
design with an element per card (``queen_spade``, ``10_heart``); this script downloads the
package and librsvg's `rsvg-convert` with `apt-get download` (no root needed), renders every
card of the designs below to a 250 px wide PNG, transparent outside the card, named like the
shared decks (``Qs.png``), in one folder per design:

    .venv/bin/python scripts/render_kde_decks.py /work/training-decks
    .venv/bin/python scripts/train_card_reader.py --extra-decks /work/training-decks

Designs left out: kde-standard (already among the shared decks), oxygen and future (no paper
card: light marks on dark or machine-like faces), ancient-egyptians (its bottom index is not
turned half round, which would teach an upside-down rank), dondorf (indices in all four
corners, where training labels only two), penguins (indices run into the picture frame),
konqi-modern and xskat-french (no per-card elements), xskat-german (German suits).
"""

from __future__ import annotations

import argparse
import gzip
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

DESIGNS = ("gm-paris", "jolly-royal", "nicu-ornamental", "nicu-white", "tigullio-international")
PACKAGES = ("kdegames-card-data-kf5", "librsvg2-bin")
RANK_IDS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king",
            **{str(n): str(n) for n in range(2, 10)}}
SUIT_IDS = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
WIDTH = 250
# Rendered this wide first: an element's box may hold more than its card, so the card itself
# is cut out of a large rendering and then scaled down.
RENDER_WIDTH = 1600


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to make the deck folders in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        for package in PACKAGES:
            subprocess.run(["apt-get", "download", package], cwd=root, check=True)
        for deb in root.glob("*.deb"):
            subprocess.run(["dpkg", "-x", str(deb), str(root / "files")], check=True)
        rsvg = root / "files" / "usr" / "bin" / "rsvg-convert"
        for design in DESIGNS:
            folder = root / "files" / "usr" / "share" / "carddecks" / f"svg-{design}"
            svg = root / f"{design}.svg"
            data = next(folder.glob("*.svg*")).read_bytes()
            svg.write_bytes(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
            target = args.out / f"kde-{design}"
            target.mkdir(parents=True, exist_ok=True)
            for rank, rank_id in RANK_IDS.items():
                for suit, suit_id in SUIT_IDS.items():
                    card = render_card(rsvg, svg, f"{rank_id}_{suit_id}", root / "card.png")
                    cv2.imwrite(str(target / f"{rank}{suit}.png"), card)
            print(f"{target}: 52 cards", flush=True)


def render_card(rsvg: Path, svg: Path, element: str, scratch: Path) -> np.ndarray:
    """One card, cut to its own opaque region (the largest) and scaled to WIDTH."""
    subprocess.run([str(rsvg), "-i", element, "-w", str(RENDER_WIDTH), str(svg), "-o",
                    str(scratch)], check=True, capture_output=True)
    image = cv2.imread(str(scratch), cv2.IMREAD_UNCHANGED)
    opaque = (image[..., 3] > 0).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(opaque)
    x, y, width, height = stats[1 + int(np.argmax(stats[1:, 4])), :4]
    card = image[y:y + height, x:x + width]
    return cv2.resize(card, (WIDTH, round(height * WIDTH / width)), interpolation=cv2.INTER_AREA)


if __name__ == "__main__":
    sys.exit(main())
