#!/usr/bin/env python3
"""Render more deck designs for training the card reader, from KDE's and GNOME's card decks.

The ten shared decks hold only seven designs to train on; the reader learns unseen designs
better from more. This script downloads KDE's and GNOME's card data (Debian packages
`kdegames-card-data-kf5`, `gnome-cards-data`) and librsvg's `rsvg-convert` with
`apt-get download` (no root needed), renders every card of the designs below to a 250 px wide
PNG, transparent outside the card, named like the shared decks (``Qs.png``), in one folder per
design:

    .venv/bin/python scripts/render_training_decks.py /work/training-decks \
        --german /work/training-german-letters
    .venv/bin/python scripts/train_card_reader.py --extra-decks /work/training-decks

KDE's decks hold one SVG per design with an element per card (``queen_spade``, ``10_heart``);
GNOME's (AisleRiot's) lay the cards out on a grid, 13 columns (ace to king) by 5 rows (clubs,
diamonds, hearts, spades, then jokers and backs).

KDE designs left out: kde-standard (already among the shared decks), oxygen and future (no
paper card: light marks on dark or machine-like faces), ancient-egyptians (its bottom index is
not turned half round, which would teach an upside-down rank), dondorf (indices in all four
corners, where training labels only two), penguins (indices run into the picture frame),
konqi-modern and xskat-french (no per-card elements), xskat-german (German suits).

GNOME designs left out: the eight among the shared decks (three of them held out to test the
reader on unseen designs); tango_nuevo (tango's sibling, too near the held-out gnome-tango);
paris, ornamental and tigullio (the same art as KDE's gm-paris, nicu-ornamental and
tigullio-international); guyenne-classic (no index on court cards); bellot (its court cards'
top index touches the picture's frame, so it is not found and would be taught as no index);
berlin, lattmann and rheinland (German court letters B and D; rendered apart with --german,
below), ancient_french and tarocco (French and Italian court letters, "1" for the ace),
slavic_costumes (Cyrillic), swiss-xvii and atlasnye_skat (other suits), Атласные (atlasnye
again), dondorf (indices in all four corners) and the bitmap variants.

With --german FOLDER GNOME's three designs lettered as German decks of French suits are, B
(Bube) on the jacks and D (Dame) on the queens, are rendered into FOLDER too, named by the
card (the D of hearts is Qh.png: the readers learn it as the queen). The readers of German
letters (tableside/vision/reader.py's LETTERS_READER_PATHS) learnt from them: their serif D,
whose thin strokes fade at the tests' sizes, was read as a sure 10 by every reader that had
seen only drawn German letters (session 80). Their --extra-decks folder held links to the nine
designs above and two to each of the three (one named with "-again"), so that a German
design's scenes came twice as often (card_reader.json "letters_readers"):

    mkdir /work/training-german && cd /work/training-german
    for d in /work/training-decks/* /work/training-german-letters/*; do ln -s $d .; done
    for d in /work/training-german-letters/*; do ln -s $d $(basename $d)-again; done
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

KDE_DESIGNS = ("gm-paris", "jolly-royal", "nicu-ornamental", "nicu-white",
               "tigullio-international")
GNOME_DESIGNS = ("anglo_poker", "atlasnye", "gnomangelo", "orell")
GERMAN_GNOME_DESIGNS = ("berlin", "lattmann", "rheinland")
PACKAGES = ("kdegames-card-data-kf5", "gnome-cards-data", "librsvg2-bin")
RANK_IDS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king",
            **{str(n): str(n) for n in range(2, 10)}}
SUIT_IDS = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
# GNOME's grid: columns ace to king, rows clubs, diamonds, hearts, spades (and a fifth row).
GRID_RANKS = "A23456789TJQK"
GRID_SUITS = "cdhs"
GRID_ROWS = 5
WIDTH = 250
# Rendered this wide first: an element's box may hold more than its card, so the card itself
# is cut out of a large rendering and then scaled down.
RENDER_WIDTH = 1600
# A GNOME grid is rendered whole, each card this wide (twice the final width, as sharp).
GRID_CARD_WIDTH = 500


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to make the deck folders in")
    parser.add_argument("--german", type=Path, metavar="FOLDER",
                        help="also render the designs lettered B and D, into this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        files = unpacked_packages(PACKAGES, root)
        render_designs(files, root, args.out, KDE_DESIGNS, GNOME_DESIGNS)
        if args.german is not None:
            render_designs(files, root, args.german, (), GERMAN_GNOME_DESIGNS)


def render_designs(files: Path, root: Path, out: Path, kde_designs: tuple[str, ...],
                   gnome_designs: tuple[str, ...]) -> None:
    """Render KDE's and GNOME's designs from the unpacked packages (unpacked_packages) into
    a folder each under ``out``, working in ``root``."""
    rsvg = files / "usr" / "bin" / "rsvg-convert"
    share = files / "usr" / "share"
    for design in kde_designs:
        svg = _unpacked(next((share / "carddecks" / f"svg-{design}").glob("*.svg*")),
                        root / f"{design}.svg")
        save_deck(out / f"kde-{design}",
                  {rank + suit: render_card(rsvg, svg, f"{rank_id}_{suit_id}", root / "card.png")
                   for rank, rank_id in RANK_IDS.items() for suit, suit_id in SUIT_IDS.items()})
    for design in gnome_designs:
        svg = _unpacked(share / "aisleriot" / "cards" / f"{design}.svgz", root / f"{design}.svg")
        save_deck(out / f"gnome-{design}", render_grid(rsvg, svg, root / "grid.png"))


def save_deck(target: Path, cards: dict[str, np.ndarray]) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for name, card in cards.items():
        cv2.imwrite(str(target / f"{name}.png"), card)
    print(f"{target}: {len(cards)} cards", flush=True)


def unpacked_packages(packages: tuple[str, ...], root: Path) -> Path:
    """Debian's packages fetched with `apt-get download` (no root needed) into ``root`` and
    unpacked into one tree; its folder (root/files, the files' /)."""
    for package in packages:
        subprocess.run(["apt-get", "download", package], cwd=root, check=True,
                       capture_output=True)
    for deb in root.glob("*.deb"):
        subprocess.run(["dpkg", "-x", str(deb), str(root / "files")], check=True)
    return root / "files"


def _unpacked(source: Path, svg: Path) -> Path:
    data = source.read_bytes()
    svg.write_bytes(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    return svg


def render_grid(rsvg: Path, svg: Path, scratch: Path) -> dict[str, np.ndarray]:
    """The 52 cards of a GNOME design, cut from its grid rendered whole."""
    subprocess.run([str(rsvg), "-w", str(len(GRID_RANKS) * GRID_CARD_WIDTH), str(svg), "-o",
                    str(scratch)], check=True, capture_output=True)
    image = cv2.imread(str(scratch), cv2.IMREAD_UNCHANGED)
    cell_height = image.shape[0] / GRID_ROWS
    cell_width = image.shape[1] / len(GRID_RANKS)
    cards = {}
    for row, suit in enumerate(GRID_SUITS):
        for column, rank in enumerate(GRID_RANKS):
            cell = image[round(row * cell_height):round((row + 1) * cell_height),
                         round(column * cell_width):round((column + 1) * cell_width)]
            cards[rank + suit] = _largest_opaque(cell)
    return cards


def render_card(rsvg: Path, svg: Path, element: str | None, scratch: Path) -> np.ndarray:
    """One card (the SVG's element ``element``, or the whole SVG when None), cut to its own
    opaque region (the largest) and scaled to WIDTH."""
    chosen = [] if element is None else ["-i", element]
    subprocess.run([str(rsvg), *chosen, "-w", str(RENDER_WIDTH), str(svg), "-o",
                    str(scratch)], check=True, capture_output=True)
    return _largest_opaque(cv2.imread(str(scratch), cv2.IMREAD_UNCHANGED))


def _largest_opaque(image: np.ndarray) -> np.ndarray:
    """The image's largest opaque region (the card), scaled to WIDTH."""
    opaque = (image[..., 3] > 0).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(opaque)
    x, y, width, height = stats[1 + int(np.argmax(stats[1:, 4])), :4]
    card = image[y:y + height, x:x + width]
    return cv2.resize(card, (WIDTH, round(height * WIDTH / width)), interpolation=cv2.INTER_AREA)


if __name__ == "__main__":
    sys.exit(main())
