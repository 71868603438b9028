"""Candidate indices: a rank whose suit ran into something else still makes a candidate (and
recognition asks for no other lone-rank views), and a later pass's repeats of first-pass
candidates are found exactly."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tableside.vision.candidates import SAME_POINTS, Candidates, _repeats, find_candidates
from tableside.vision.marks import COLOUR_PASS, CUT_PASS, INK_PASSES, find_marks


def card_corner(rank: str, suit: tuple[int, int], suit_radius: int) -> np.ndarray:
    """A white card on green felt with an index in its corner: the rank in black and a round
    suit under it (not yet blurred)."""
    image = np.full((300, 400, 3), (40, 110, 30), np.uint8)
    cv2.rectangle(image, (100, 50), (240, 250), (235, 235, 235), -1)
    cv2.putText(image, rank, (108, 80), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2,
                cv2.LINE_AA)
    cv2.circle(image, suit, suit_radius, (20, 20, 20), -1, cv2.LINE_AA)
    return image


def court_card_corner() -> tuple[np.ndarray, tuple[int, int, int, int], tuple[int, int]]:
    """A white card on green felt with a "K" in its corner and, under it, a suit that touches
    the frame line of the card's picture (as on small court cards): the suit is no mark of
    its own. Gives the image, the K's box (x0, y0, x1, y1) and the suit's centre."""
    suit = (117, 90)
    image = card_corner("K", suit, 5)
    # The picture's frame, touching the suit on its right.
    cv2.rectangle(image, (121, 86), (225, 235), (20, 20, 20), 2)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    return image, (108, 62, 126, 81), suit


@pytest.mark.parametrize("lone_ranks", ["all", "unpaired"])
def test_a_rank_whose_suit_ran_into_the_picture_frame_is_a_candidate(lone_ranks: str):
    # For training ("all") and for recognition ("unpaired", the default).
    image, (x0, y0, x1, y1), suit = court_card_corner()
    candidates = find_candidates(find_marks(image), lone_ranks=lone_ranks)
    on_rank = ((candidates.rank_points[:, 0] >= x0) & (candidates.rank_points[:, 0] <= x1)
               & (candidates.rank_points[:, 1] >= y0) & (candidates.rank_points[:, 1] <= y1))
    near_suit = np.linalg.norm(candidates.suit_points - np.array(suit), axis=1) < 6
    assert (on_rank & near_suit).any()


def test_recognition_makes_no_lone_rank_candidates_where_the_suit_is_a_mark_of_its_own():
    # A clean index: its rank and suit are a pair already; lone-rank views of it (and of
    # marks with no suit at all) are only for training.
    image = card_corner("7", (117, 95), 6)
    marks = find_marks(cv2.GaussianBlur(image, (0, 0), 0.8))
    plain = len(find_candidates(marks, lone_ranks="none"))
    assert len(find_candidates(marks)) == plain
    assert len(find_candidates(marks, lone_ranks="all")) > plain


def test_an_unknown_lone_rank_choice_is_an_error():
    with pytest.raises(ValueError, match="unpaired"):
        find_candidates(find_marks(court_card_corner()[0]), lone_ranks="some")


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


def test_a_rank_touching_a_chip_is_a_candidate_of_the_pass_that_cuts_bodies_away():
    # A chip lying against the "3" of an index joins it into one mark at every threshold, so
    # no pass but the one that cuts thick bodies away pairs the 3 with its suit. There the 3
    # is a mark of its own (parted from the chip), the suit below it is the first pass's
    # mark again, and the chip is gone.
    # (The chip lies a little above the 3's middle: there the cut leaves the 3 whole whatever
    # anti-aliased pixels OpenCV's version draws. Pressed a pixel lower or further in, the cut
    # takes the 3's middle with the chip's rim and parts it in two, which no pass pairs; with
    # opencv-python 5.1, whose putText draws the 3 a little differently, already at (146, 68).)
    suit = (117, 95)
    image = card_corner("3", suit, 6)
    cv2.circle(image, (146, 66), 24, (30, 30, 160), -1, cv2.LINE_AA)  # the chip
    marks = find_marks(cv2.GaussianBlur(image, (0, 0), 0.8))
    cut = marks.passes[CUT_PASS]
    # (The chip's mark keeps its number there, emptied: only the boxes of marks whose bodies
    # were cut are labelled again.)
    shown = sorted((tuple(int(v) for v in cut.boxes[n]), bool(cut.parted[n]))
                   for n in range(len(cut)) if cut.areas[n] > 0)
    assert len(shown) == 2
    (three, three_parted), (suit_box, suit_parted) = shown
    # The whole 3, with at most a pixel or two of the chip's rim left on its right.
    assert three[:2] == (109, 63) and three[3] == 18 and 11 <= three[2] <= 13 and three_parted
    assert suit_box == (110, 88, 15, 15) and not suit_parted
    assert all((cut.labels == n + 1).sum() == 0 for n in range(len(cut)) if cut.areas[n] == 0)
    # The marks are what labelling the whole cut ink would give.
    _, whole = cv2.connectedComponents((cut.labels > 0).astype(np.uint8), connectivity=8)
    inked = cut.labels > 0
    pairs = set(zip(cut.labels[inked].tolist(), whole[inked].tolist(), strict=True))
    assert len(pairs) == len({ours for ours, _ in pairs}) == len({theirs for _, theirs in pairs})
    candidates = find_candidates(marks)
    on_three = np.linalg.norm(candidates.rank_points - (114, 71), axis=1) < 3
    on_suit = np.linalg.norm(candidates.suit_points - np.array(suit), axis=1) < 3
    assert set(candidates.passes[on_three & on_suit]) == {CUT_PASS}


def test_a_rank_whose_suit_ran_into_a_chip_is_a_lone_candidate_of_the_cut_pass():
    # A chip over the suit of an index, touching its "7": one mark at every threshold. The
    # pass that cuts bodies away parts the 7, and its suit went with the chip's body: the
    # suit point lies on no mark of that pass, but on the mark the 7 was parted from.
    image = card_corner("7", (117, 95), 6)
    cv2.circle(image, (121, 94), 15, (30, 30, 160), -1, cv2.LINE_AA)  # the chip
    marks = find_marks(cv2.GaussianBlur(image, (0, 0), 0.8))
    candidates = find_candidates(marks)
    on_seven = np.linalg.norm(candidates.rank_points - (116, 71), axis=1) < 4
    on_chip = np.linalg.norm(candidates.suit_points - (121, 94), axis=1) < 15
    lone = candidates.rank_marks == candidates.suit_marks
    assert set(candidates.passes[on_seven & on_chip & lone]) == {CUT_PASS}


def test_a_thick_suit_against_a_big_pip_is_a_mark_of_the_cut_pass():
    # An index whose suit is thick enough to be a body (a large card's) printed against a big
    # pip that also touches its "2": one mark at every threshold, and the pass that cuts
    # bodies away parts the 2 but took the suit for part of the pip's body. The suit, much
    # thinner than the pip, is a mark of its own there (a suit, not a parted stroke), so the
    # 2 pairs with it.
    suit = (117, 95)
    image = card_corner("2", suit, 7)
    cv2.circle(image, (138, 88), 18, (20, 20, 20), -1, cv2.LINE_AA)  # the big pip
    marks = find_marks(cv2.GaussianBlur(image, (0, 0), 0.8))
    cut = marks.passes[CUT_PASS]
    shown = [n for n in range(len(cut)) if cut.areas[n] > 0]
    on_suit = [n for n in shown if np.linalg.norm(cut.centroids[n] - suit) < 4]
    assert len(on_suit) == 1 and not cut.parted[on_suit[0]]
    assert cut.areas[on_suit[0]] < np.pi * 7 ** 2  # the suit alone, not the pip
    candidates = find_candidates(marks)
    on_two = np.linalg.norm(candidates.rank_points - (115, 71), axis=1) < 3
    paired = np.linalg.norm(candidates.suit_points - np.array(suit), axis=1) < 4
    assert set(candidates.passes[on_two & paired]) == {CUT_PASS}
    assert (candidates.suit_marks[on_two & paired] == on_suit[0]).all()


def test_moved_views_turn_and_scale_about_the_middle_and_shift_to_the_right():
    marks = np.array([3], np.int32)
    candidate = Candidates(np.array([[10.0, 0.0]], np.float32),
                           np.array([[10.0, 20.0]], np.float32), marks, marks, marks)
    turned = candidate.moved(1.0, 0.0, np.pi / 2)
    # A quarter turn about the middle (10, 10): the way from rank to suit now lies across.
    assert turned.rank_points[0] == pytest.approx([20.0, 10.0], abs=1e-4)
    assert turned.suit_points[0] == pytest.approx([0.0, 10.0], abs=1e-4)
    scaled = candidate.moved(1.5, 0.5)
    assert scaled.rank_points[0] == pytest.approx([20.0, -5.0])
    assert scaled.suit_points[0] == pytest.approx([20.0, 25.0])
    assert scaled.spans[0] == pytest.approx(1.5 * candidate.spans[0])


def test_no_candidate_repeats_one_of_an_earlier_pass():
    # Drawn table scenes: a later pass's candidate at the points of an earlier pass's is left
    # out (the cut pass's compared with the first pass's alone, as they are read apart).
    import random

    from tableside.vision.drawn import drawn_deck
    from tableside.vision.scenes import draw_scene

    deck = drawn_deck(random.Random(3))
    later = 0
    for seed in range(3):
        candidates = find_candidates(find_marks(draw_scene(random.Random(seed), [deck]).image))
        passes = [candidates.subset(np.nonzero(candidates.passes == n)[0])
                  for n in range(len(INK_PASSES))]
        later += len(passes[1]) + len(passes[2])
        for n in range(1, len(INK_PASSES)):
            earlier = passes[0] if n == CUT_PASS else Candidates.join(passes[:n])
            assert not _repeats(passes[n], earlier).any()
    assert later > 0


def test_a_red_index_against_a_dark_frame_is_parted_by_its_colours():
    # A red K and its suit touching the thick dark frame of the picture beside them (too thick
    # for the thin-wiped pass, no body for the cut pass): the other passes take all three for
    # one mark; the colour pass cuts it where red ink meets black, and pairs K and suit.
    image = np.full((300, 400, 3), (40, 110, 30), np.uint8)
    cv2.rectangle(image, (100, 50), (240, 250), (235, 235, 235), -1)
    red = (40, 40, 200)
    cv2.putText(image, "K", (108, 80), cv2.FONT_HERSHEY_SIMPLEX, 0.8, red, 2, cv2.LINE_AA)
    cv2.circle(image, (117, 92), 4, red, -1, cv2.LINE_AA)
    cv2.rectangle(image, (124, 60), (225, 235), (25, 25, 25), 4)
    marks = find_marks(cv2.GaussianBlur(image, (0, 0), 0.8))
    k, frame, suit = (114, 72), (124, 150), (117, 92)
    first = marks.passes[0]
    assert first.labels[k[1], k[0]] == first.labels[frame[1], frame[0]] > 0
    parted = marks.passes[COLOUR_PASS]
    numbers = {int(parted.labels[y, x]) for x, y in (k, frame, suit)}
    assert len(numbers) == 3 and 0 not in numbers
    assert parted.parted_from[parted.labels[k[1], k[0]] - 1] == first.labels[k[1], k[0]] - 1
    candidates = find_candidates(marks)
    on_k = ((np.abs(candidates.rank_points[:, 0] - 117) <= 9)
            & (np.abs(candidates.rank_points[:, 1] - 71) <= 10))
    on_suit = np.linalg.norm(candidates.suit_points - np.array(suit), axis=1) < 5
    assert set(candidates.passes[on_k & on_suit].tolist()) == {COLOUR_PASS}


def test_mates_are_the_same_marks_the_other_way_round():
    # A clean index makes its pair of marks in both orders, and a long single mark both ways
    # along its axis: each is the other's mate. Lone ranks (suit point on no mark) have none.
    marks = find_marks(cv2.GaussianBlur(card_corner("7", (117, 95), 6), (0, 0), 0.8))
    candidates = find_candidates(marks, lone_ranks="all")
    mates = candidates.mates()
    mated = np.nonzero(mates >= 0)[0]
    assert len(mated) >= 2 and (mates[mates[mated]] == mated).all()
    assert np.array_equal(candidates.rank_points[mated], candidates.suit_points[mates[mated]])
    assert np.array_equal(candidates.suit_points[mated], candidates.rank_points[mates[mated]])
    assert np.array_equal(candidates.passes[mated], candidates.passes[mates[mated]])
    plain = find_candidates(marks, lone_ranks="none")
    # Every candidate but the lone ranks has its mate.
    assert len(mated) == len(plain) < len(candidates)
    assert (plain.mates() >= 0).all()


def test_candidates_alike_in_order_too_are_no_mates():
    # Two candidates on the same points in the same order are repeats (never made: see
    # _repeats), not one pair's two orders; three on one unordered pair make no mates.
    points = np.array([[10, 10], [20, 30]], np.float32)
    one = Candidates(points[:1], points[1:], np.zeros(1, np.int32), np.ones(1, np.int32),
                     np.zeros(1, np.int32))
    turned = Candidates(points[1:], points[:1], np.ones(1, np.int32), np.zeros(1, np.int32),
                        np.zeros(1, np.int32))
    assert Candidates.join([one, turned]).mates().tolist() == [1, 0]
    assert Candidates.join([one, one]).mates().tolist() == [-1, -1]
    assert Candidates.join([one, turned, one]).mates().tolist() == [-1, -1, -1]
    other_pass = Candidates(turned.rank_points, turned.suit_points, turned.rank_marks,
                            turned.suit_marks, np.ones(1, np.int32))
    assert Candidates.join([one, other_pass]).mates().tolist() == [-1, -1]
