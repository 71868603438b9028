"""Pip shapes: a number card's pips are cut upright along the card, and their shape names the
suit on decks the pip reader never saw, where their ink alone leaves two suits (or four)."""

from __future__ import annotations

import numpy as np
import pytest
from test_vision_pips import NUMBER_CARDS, deck_faces, on_felt

from tableside.vision.marks import find_marks
from tableside.vision.pip_shapes import PIP_PATCH, PipReader, cut_pips
from tableside.vision.pips import PIP_PASS, narrowed_suits, number_card_pips, pip_counts
from tableside.vision.whole_cards import whole_cards


@pytest.fixture(scope="module")
def pip_reader() -> PipReader:
    return PipReader()


def cut(deck: str, name: str, width: float, turn: float) -> np.ndarray:
    marks = find_marks(on_felt(deck_faces(deck)[name].image, width, turn))
    [corners] = [c for c in whole_cards(marks) if c is not None]
    found = number_card_pips(marks, corners)
    assert found is not None
    return cut_pips(marks, marks.passes[PIP_PASS], found, corners)


def test_pips_are_cut_centred_and_the_same_however_the_card_lies():
    upright = cut("kde-standard", "2s", 120, 0)
    assert upright.shape == (2, 1, PIP_PATCH, PIP_PATCH)
    for patch in upright[:, 0]:
        assert patch.max() == pytest.approx(1.0)
        rows, columns = np.nonzero(patch > 0.5)
        centre = (PIP_PATCH - 1) / 2
        assert abs(rows.mean() - centre) < 2 and abs(columns.mean() - centre) < 2
    # A two's pips are one upright and one turned half round: turned, they match.
    turned_back = upright[1, 0, ::-1, ::-1]
    assert np.abs(upright[0, 0] - turned_back).mean() < 0.1
    # The card turned a quarter (and at a slant) gives the same pips, in some order.
    for turn in (90, 213):
        other = cut("kde-standard", "2s", 120, turn)[:, 0]
        for patch in other:
            assert min(np.abs(patch - u).mean() for u in upright[:, 0]) < 0.12, turn


@pytest.mark.parametrize("deck", ["gnome-tango", "gnome-neoclassical",
                                  "gnome-neoclassical_4_color"])
def test_pip_shapes_name_the_suit_on_decks_never_seen(deck, pip_reader):
    named = 0
    for n, name in enumerate((*NUMBER_CARDS, "3c", "4s", "5h", "8d", "9c", "6s")):
        frame = on_felt(deck_faces(deck)[name].image, 70 + 10 * (n % 3), 35 * n)
        pips = pip_counts(find_marks(frame), shapes=pip_reader)[0]
        assert pips is not None and name[1] in pips.suits, name
        named += pips.suits == name[1]
    # The shape names the suit of most (measured: all 15 of both neoclassical decks, 9 of
    # the tango deck, whose bevelled spades and some diamonds it leaves to the ink); ink alone
    # names only yellow diamonds.
    assert named >= 9


def test_a_shape_names_a_suit_only_when_sure_and_the_ink_allows_it():
    clubs = np.array([[0.97, 0.01, 0.01, 0.01]] * 3)
    assert narrowed_suits("cs", clubs) == "c"
    assert narrowed_suits("cdhs", clubs) == "c"
    # Red ink and a club's shape: something is amiss (a chip on the card?); the ink stands.
    assert narrowed_suits("dh", clubs) == "dh"
    unsure = np.array([[0.5, 0.0, 0.0, 0.5]] * 3)
    assert narrowed_suits("cs", unsure) == "cs"
