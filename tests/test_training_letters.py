"""scripts/train_card_reader.py --german-letters-share: drawn decks lettered B and D."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import train_card_reader
from train_card_reader import random_drawn_deck


def test_a_share_of_the_drawn_decks_letters_jacks_and_queens_b_and_d(monkeypatch):
    # The same random deck, once lettered the German way (share 1) and once not (a share so
    # small it never is, drawing as many random numbers): its jacks and queens differ, and
    # they are still taught as the jacks and queens (the faces' names). (Faces after them may
    # differ too: a wider letter moves what is drawn at random after it.)
    monkeypatch.setattr(train_card_reader, "_WORKER", {"fonts": [], "suit_fonts": []})
    decks = {}
    for share in (1.0, 1e-12):
        train_card_reader._WORKER["german_letters_share"] = share
        decks[share] = random_drawn_deck(random.Random(8))  # (not the demo's deck)
    german, english = decks[1.0], decks[1e-12]
    assert sorted(german.faces) == sorted(english.faces)
    for name, face in german.faces.items():
        if name[0] in "JQ":
            assert not np.array_equal(face.image, english.faces[name].image), name
    assert np.array_equal(german.faces["2c"].image, english.faces["2c"].image)
