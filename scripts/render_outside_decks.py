#!/usr/bin/env python3
"""Render deck designs that no reader was trained on and nothing was tuned on: the outside set.

The shared decks' held-out designs and the decks drawn by code have been studied for many
sessions, so their figures flatter; recognition is also judged on designs nobody here has seen.
These five real designs stand in for those, and are used only to report (scripts/
score_drawn_scenes.py --outside FOLDER): never train on them, never tune on their misses.

    npm-svg-cards           npm package svg-cards 4.0.2 (David Bellot's SVG-cards: condensed
                            serif indices set close to the pips), LGPL-2.1
    gnome-dondorf           Debian gnome-cards-data (AisleRiot): indices in all four corners
    kde-penguins            Debian kdegames-card-data-kf5: bold indices, dark card rim
    kde-ancient-egyptians   Debian kdegames-card-data-kf5: its bottom index is not turned half
                            round (upright, the suit above the rank), unlike any common deck,
                            so a lone bottom 9 reads as a 6: reported apart
    npm-younestouati        npm package @younestouati/playing-cards-standard-deck 3.0.0 (one
                            SVG per card: a common poker deck's look, narrow sans-serif
                            indices), MIT; added in session 61, named to sort last so that
                            the four before keep their groups' seeds

A later set, rendered into a folder of its own with --later (so that the first set's groups
keep their seeds; score_drawn_scenes.py --outside FIRST LATER scores the two in that order):
three of GNOME's designs nothing here had looked at before session 67 scored them once:

    gnome-guyenne-classic   court cards with a suit but no rank in the corner (not scored)
    gnome-ornamental        jumbo indices on cream paper, a frame line round the pips
    gnome-paris             Bellot's pictures (as svg-cards) with other, upright indices

A third set, rendered with --third into a folder of its own (score_drawn_scenes.py --outside
FIRST LATER THIRD scores it after the other two, so that their groups keep their seeds): two
designs nothing here had looked at before session 80 scored them once:

    gnome-bellot            David Bellot's GNOME design: condensed serif indices (as
                            svg-cards'), a black rim round each card
    npm-letele-kennard      npm package @letele/playing-cards 0.1.0 (CC0-1.0): Adrian
                            Kennard's SVG cards, a common deck's look with tall narrow
                            indices; its cards are React components, rendered to SVG with
                            react-dom/server (needs node and npm)

A fourth set, rendered with --fourth into a folder of its own (after the third on the command
line): two of the variants the issue names, which no design before it had alone, scored once
(session 81) before anything looked at their scenes:

    npm-kennard-four-colour npm package react-free-playing-cards 0.4.2 (MIT; the cards are
                            Adrian Kennard's, CC0, as @letele's): the four-colour deck (green
                            clubs, blue diamonds), the indices as the two-colour one's
    npm-kennard-jumbo       the same package's "big faces" two-colour deck: jumbo indices (a
                            rank about a fifth of the card's height, its suit below it) and
                            small pictures

Left out: GNOME's tango_nuevo (the suit beside the rank: tableside/vision/decks.py finds no
index to score) and KDE's dondorf (GNOME's again); decks whose indices are not the English ones
(GNOME's ancient_french: V, D, R for the courts, 1 for the ace; slavic_costumes: Cyrillic;
swiss-xvii, KDE's future: no French suits); KDE's oxygen designs (the rank alone in one corner,
the suit in another; oxygen-air too); GNOME's tigullio (KDE's tigullio-international, a
training design) and anglo_bitmap (the shared gnome-anglo again). GNOME's berlin, lattmann and
rheinland (German court letters B and D) are training designs of the letters' readers since
session 80 (render_training_decks.py --german). GNOME's bellot, left out of the first set as
svg-cards' art again, is in the third: the same artist's indices, rendered by another package.

Downloads scripts/render_training_decks.py's packages with `apt-get download` and svg-cards
with `npm pack` (no root needed) and renders as that script does, 250 px wide, named like the
shared decks:

    .venv/bin/python scripts/render_outside_decks.py /work/outside-decks \
        --later /work/outside-later --third /work/outside-third --fourth /work/outside-fourth
    .venv/bin/python scripts/score_drawn_scenes.py --outside /work/outside-decks \
        /work/outside-later /work/outside-third /work/outside-fourth
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np
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
STANDARD_DECK = "@younestouati/playing-cards-standard-deck@3.0.0"
# Its files are named rank first, by number: "1s" the ace, "11s" to "13s" jack to king.
STANDARD_RANKS = {rank: ("1" if rank == "A" else "10" if rank == "T" else
                         {"J": "11", "Q": "12", "K": "13"}.get(rank, rank))
                  for rank in RANK_IDS}
KDE_DESIGNS = ("penguins", "ancient-egyptians")
GNOME_DESIGNS = ("dondorf",)
LATER_GNOME_DESIGNS = ("guyenne-classic", "ornamental", "paris")
THIRD_GNOME_DESIGNS = ("bellot",)
KENNARD_DECK = "@letele/playing-cards@0.1.0"
# Its components are named suit first, then rank ("Sq", "H10", "Ca"); it imports React and
# Babel's runtime, which npm installs beside it.
KENNARD_RANKS = {rank: {"A": "a", "T": "10", "J": "j", "Q": "q", "K": "k"}.get(rank, rank)
                 for rank in RANK_IDS}
# The same cards as plain SVG files in another package, in four variants; its files are named
# rank first, then the suit, in capitals ("TC", "QH").
KENNARD_VARIANTS = "react-free-playing-cards@0.4.2"
FOURTH_DESIGNS = {"npm-kennard-four-colour": "4color", "npm-kennard-jumbo": "2color-bf"}
KENNARD_SCRIPT = """
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as deck from './node_modules/@letele/playing-cards/dist/index.esm.js';
import fs from 'fs';
for (const [name, card] of Object.entries(deck)) {
  fs.writeFileSync(`svg/${name}.svg`, renderToStaticMarkup(React.createElement(card)));
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to make the deck folders in")
    parser.add_argument("--later", type=Path, metavar="FOLDER",
                        help="also render the later set's designs, into this folder")
    parser.add_argument("--third", type=Path, metavar="FOLDER",
                        help="also render the third set's designs, into this folder")
    parser.add_argument("--fourth", type=Path, metavar="FOLDER",
                        help="also render the fourth set's designs, into this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        files = unpacked_packages(PACKAGES, root)
        svg_cards = _npm_unpacked(SVG_CARDS, root / "svg-cards") / "svg-cards.svg"
        # svg-cards names its cards suit first ("club_1", "heart_queen"), KDE rank first.
        rsvg = files / "usr" / "bin" / "rsvg-convert"
        save_deck(args.out / "npm-svg-cards",
                  {rank + suit: render_card(rsvg, svg_cards, f"{suit_id}_{rank_id}",
                                            root / "card.png")
                   for rank, rank_id in RANK_IDS.items() for suit, suit_id in SUIT_IDS.items()})
        standard = _npm_unpacked(STANDARD_DECK, root / "standard") / "cards"
        save_deck(args.out / "npm-younestouati",
                  {rank + suit: render_card(rsvg, standard / f"{number}{suit}.svg", None,
                                            root / "card.png")
                   for rank, number in STANDARD_RANKS.items() for suit in SUIT_IDS})
        render_designs(files, root, args.out, KDE_DESIGNS, GNOME_DESIGNS)
        if args.later is not None:
            render_designs(files, root, args.later, (), LATER_GNOME_DESIGNS)
        if args.third is not None:
            render_designs(files, root, args.third, (), THIRD_GNOME_DESIGNS)
            save_deck(args.third / "npm-letele-kennard", kennard_cards(rsvg, root / "kennard"))
        if args.fourth is not None:
            images = _npm_unpacked(KENNARD_VARIANTS, root / "variants") / "src" / "images"
            for name, variant in FOURTH_DESIGNS.items():
                save_deck(args.fourth / name,
                          {rank + suit: render_card(rsvg, images / variant
                                                    / f"{rank}{suit.upper()}.svg", None,
                                                    root / "card.png")
                           for rank in RANK_IDS for suit in SUIT_IDS})


def _npm_unpacked(package: str, folder: Path) -> Path:
    """An npm package fetched with `npm pack` and unpacked into ``folder``; its root."""
    folder.mkdir(parents=True)
    subprocess.run(["npm", "pack", package], cwd=folder, check=True, capture_output=True)
    with tarfile.open(next(folder.glob("*.tgz"))) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def kennard_cards(rsvg: Path, work: Path) -> dict[str, np.ndarray]:
    """Adrian Kennard's cards from @letele/playing-cards: its React components rendered to
    SVG files by node, then each rendered as render_card does."""
    (work / "svg").mkdir(parents=True)
    (work / "package.json").write_text('{"type": "module"}')
    subprocess.run(["npm", "install", "--no-save", "react@18", "react-dom@18",
                    "@babel/runtime", KENNARD_DECK], cwd=work, check=True, capture_output=True)
    (work / "render.mjs").write_text(KENNARD_SCRIPT)
    subprocess.run(["node", "render.mjs"], cwd=work, check=True, capture_output=True)
    return {rank + suit: render_card(rsvg, work / "svg" / f"{suit.upper()}{name}.svg", None,
                                     work / "card.png")
            for rank, name in KENNARD_RANKS.items() for suit in SUIT_IDS}


if __name__ == "__main__":
    sys.exit(main())
