"""Candidate indices: a later pass's repeats of first-pass candidates are found exactly."""

from __future__ import annotations

import numpy as np

from tableside.vision.candidates import SAME_POINTS, Candidates, _repeats


def test_repeats_of_first_pass_candidates_are_found_as_by_comparing_all_pairs():
    generator = np.random.default_rng(7)

    def candidates(count: int) -> Candidates:
        ranks = generator.uniform(0, 200, (count, 2)).astype(np.float32)
        suits = ranks + generator.uniform(5, 20, (count, 2)).astype(np.float32)
        marks = np.arange(count, dtype=np.int32)
        return Candidates(ranks, suits, marks, marks, np.zeros(count, np.int32))

    first = candidates(400)
    later = candidates(300)
    # Some later candidates repeat first ones, a little moved.
    later.rank_points[:100] = first.rank_points[:100] + 0.5
    later.suit_points[:100] = first.suit_points[:100] - 0.5
    found = _repeats(later, first)

    rank = np.linalg.norm(later.rank_points[:, None] - first.rank_points[None], axis=2)
    suit = np.linalg.norm(later.suit_points[:, None] - first.suit_points[None], axis=2)
    reach = SAME_POINTS * later.spans[:, None]
    expected = ((rank <= reach) & (suit <= reach)).any(axis=1)
    assert expected[:100].all()
    assert (found == expected).all()
