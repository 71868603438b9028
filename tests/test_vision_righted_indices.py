"""Upright bottom indices read righted: on a deck printing its bottom index standing (suit over
rank), that index read as every index is (rank turned over suit) shows its glyphs upside down
and reads as nothing; cut righted, each glyph turned back about its own point, it reads as the
top index does, and the top index righted reads as nothing."""

from __future__ import annotations

import numpy as np
import pytest
from test_vision_standing_pips import CONFIDENT, read_candidates

from tableside.cards import Card
from tableside.vision.reader import NO_INDEX, IndexReader
from tableside.vision.righted_indices import cut_righted, righted_readings


@pytest.mark.parametrize("name", ["Ac", "4s", "2h", "Qh", "3c"])
def test_an_upright_bottom_index_reads_righted_and_a_top_one_does_not(name):
    marks, _, candidates, probabilities = read_candidates(name, False, -30)
    reader = IndexReader()
    keep, _ = reader.kept(marks, candidates)
    righted = reader.judge(cut_righted(marks, candidates.subset(keep)))
    given = probabilities[keep]
    card = int(Card(name))
    # The top index reads the card as it is, and as nothing righted.
    top = given[:, card] >= CONFIDENT
    assert top.any() and (righted[top, NO_INDEX] >= 0.5).all()
    # The bottom index reads as nothing as it is, and the card righted.
    bottom = (righted[:, card] >= CONFIDENT) & (given[:, :NO_INDEX].max(axis=1) < CONFIDENT)
    assert bottom.any()
    read = righted_readings(reader, marks, candidates, probabilities, CONFIDENT)
    assert read is not None
    assert (read[keep[bottom]].argmax(axis=1) == card).all()
    # What was read surely stays as it was.
    assert np.array_equal(read[keep[top]], probabilities[keep[top]])
