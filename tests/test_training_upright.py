"""scripts/train_card_reader.py --upright-bottom-share: how a standing bottom index is taught."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import pytest
from train_card_reader import GROW, IGNORE, NO_INDEX, inside_quad, label_candidates

from tableside.cards import RANK_CHARS, SUIT_CHARS
from tableside.vision.candidates import find_candidates
from tableside.vision.drawn import DrawnStyle, drawn_deck
from tableside.vision.marks import find_marks
from tableside.vision.scenes import SceneOptions, draw_scene


@pytest.mark.parametrize("taught", ["card", "none"])
def test_a_standing_bottom_index_is_taught_as_asked_but_a_diamond_is_left_out(taught):
    # Seen turned, a standing 9c shows a 6 over an upside-down club: that is a 9c, or (asked
    # to) no index a reader should vouch for. A standing 9d seen turned is a 6d in every way a
    # patch can show, so it teaches nothing.
    rng = random.Random(11)
    style = replace(DrawnStyle.random(rng), upright_bottom=True, four_indices=False)
    deck = drawn_deck(rng, style=style)
    seen = {"standing": 0, "left out": 0}
    for seed in range(6):
        scene = draw_scene(random.Random(seed), [deck], SceneOptions(card_width=(110.0, 150.0)))
        candidates = find_candidates(find_marks(scene.image), lone_ranks="all")
        labels = label_candidates(scene, candidates, taught)
        for card in scene.cards:
            for index in card.indices:
                if not (index.upright and index.readable):
                    continue
                on_it = (inside_quad(candidates.rank_points, index.rank, GROW)
                         & inside_quad(candidates.suit_points, index.suit, GROW))
                if not on_it.any():
                    continue
                number = RANK_CHARS.index(card.name[0]) * 4 + SUIT_CHARS.index(card.name[1])
                if card.name[1] == "d":
                    assert set(labels[on_it]) == {IGNORE}, card.name
                    seen["left out"] += 1
                else:
                    expected = number if taught == "card" else NO_INDEX
                    assert set(labels[on_it]) == {expected}, card.name
                    seen["standing"] += 1
    assert seen["standing"] >= 5 and seen["left out"] >= 1, seen
