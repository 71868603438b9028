#!/usr/bin/env python3
"""Fetch more fonts to letter the reader's drawn training decks with (train_card_reader.py --fonts).

Real decks print their indices in many faces: condensed serifs set close to the pips, bold
grotesques, rounded and slab faces. The development machine has DejaVu alone (21 usable
files), so without more the drawn decks teach the reader DejaVu's and the Hershey fonts' shapes
of a 3, a 5 or a J, and a condensed serif 5 (npm-svg-cards, scripts/render_outside_decks.py)
reads as a J. This downloads free font packages from Debian with `apt-get download` (no root
needed) and copies into one folder every upright face whose digits and letters A, J, Q, K are
real glyphs: about 270 files, 62 MB (kept out of the repository; nothing here ships).

Italic, oblique and slanted faces are left out (an index is upright), and so are decorative
and novelty faces, Latin Modern's optical sizes but one, and scripts without Latin glyphs.

    .venv/bin/python scripts/fetch_training_fonts.py /work/training-fonts
    .venv/bin/python scripts/train_card_reader.py ... --fonts /work/training-fonts
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

from render_training_decks import unpacked_packages
from train_card_reader import draws_all

PACKAGES = (
    "fonts-urw-base35", "fonts-liberation2", "fonts-freefont-ttf", "fonts-linuxlibertine",
    "fonts-roboto-unhinted", "fonts-open-sans", "fonts-crosextra-carlito",
    "fonts-crosextra-caladea", "fonts-texgyre", "fonts-ebgaramond", "fonts-lato",
    "fonts-cantarell", "fonts-adf-accanthis", "fonts-adf-berenis", "fonts-adf-gillius",
    "fonts-adf-universalis", "fonts-adf-baskervald", "fonts-adf-libris", "fonts-adf-romande",
    "fonts-adf-tribun", "fonts-adf-verana", "fonts-sil-gentium", "fonts-sil-charis",
    "fonts-sil-andika", "fonts-go", "fonts-comfortaa", "fonts-quicksand",
    "fonts-league-spartan", "fonts-firacode", "fonts-hack", "fonts-stix", "fonts-lmodern",
    "fonts-junicode", "fonts-noto-core", "fonts-bebas-neue", "fonts-fantasque-sans",
    "fonts-inter", "fonts-jura", "fonts-yanone-kaffeesatz", "fonts-dosis", "fonts-averia-gwf",
    "fonts-averia-sans-gwf", "fonts-averia-serif-gwf", "fonts-cabin", "fonts-prociono",
    "fonts-dustin", "fonts-radisnoir",
)
# Noto: only its Latin families (the rest are other scripts).
NOTO_LATIN = re.compile(r"^Noto(Sans|Serif)(Display|Mono)?-[A-Za-z]*\.ttf$")
LEFT_OUT = re.compile(
    r"italic|oblique|slant|cursor|chorus|math|hairline|thin|emoji|symbol|radisnoir"
    # fonts-dustin's novelty faces (its Dustismo families are kept)
    r"|penguinattack|flatline|wargames|swift|it_wasn|junkyard|markedfool|progenisis|domestic"
    r"|balker|winks|abogado"
    # Latin Modern: one optical size of each
    r"|lmmono(?!10-regular)|lmroman(?!10-)|lmsans(?!10-)|unsl|dunh|caps|quot|prop|demicond",
    re.IGNORECASE)
GLYPHS = "23456789AJQK10"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to copy the fonts into")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        files = unpacked_packages(PACKAGES, Path(work))
        chosen: dict[str, Path] = {}
        for path in sorted(files.rglob("*")):
            if (path.suffix.lower() not in (".ttf", ".otf") or path.name in chosen
                    or LEFT_OUT.search(path.name)
                    or (path.name.startswith("Noto") and not NOTO_LATIN.match(path.name))):
                continue
            if draws_all(str(path), GLYPHS):
                chosen[path.name] = path
        for name, path in chosen.items():
            shutil.copy(path, args.out / name)
    print(f"{args.out}: {len(chosen)} fonts")


if __name__ == "__main__":
    sys.exit(main())
