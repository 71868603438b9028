"""Joining index readings into cards: corners of one card, stacked cards, conflicts.

The readings are made by hand (probabilities per candidate, rank and suit points, paper
outlines), so that each rule of tableside/vision/assembly.py is checked on its own.
"""

from __future__ import annotations

import numpy as np

from tableside.cards import Card
from tableside.vision.assembly import (
    CONFIDENT,
    SAME_PLACE,
    STANDS_ALONE,
    CardSighting,
    _one_per_place,
    assemble,
)


def reading(card: str, sureness: float = 0.99) -> np.ndarray:
    """One candidate's probabilities: ``card`` with ``sureness``, the rest spread evenly."""
    probabilities = np.full(53, (1.0 - sureness) / 52, np.float32)
    probabilities[int(Card(card))] = sureness
    return probabilities


def rectangle(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.int32)


def test_two_corners_of_a_card_with_small_indices_are_one_card():
    # A card 140 px wide whose index spans only 14 px (ten spans per card width, more than
    # common decks have), lying in a fan (no whole-card outline): upright top-left index,
    # the bottom-right one turned half round.
    probabilities = np.stack([reading("Ah"), reading("Ah")])
    rank_points = np.array([[110.0, 112.0], [240.0, 292.0]], np.float32)
    suit_points = np.array([[110.0, 126.0], [240.0, 278.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("Ah", 2, None)]
    # The outline spans both corners, so its centre is the card's.
    assert np.allclose(sightings[0].centre, [175.0, 202.0], atol=12)


def test_two_corners_of_a_card_foreshortened_by_a_slant_span_its_outline():
    # A camera's slant makes a card 2.1 times as high as wide in the frame (a 1.45 card):
    # its two opposite corners still span the outline, centred between them, rather than an
    # outline of common proportions drawn from one index.
    probabilities = np.stack([reading("Ah"), reading("Ah")])
    rank_points = np.array([[110.0, 112.0], [174.6, 256.2]], np.float32)
    suit_points = np.array([[110.0, 126.0], [174.6, 242.2]], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, ())
    assert sighting.indices == 2
    assert np.allclose(sighting.centre, [142.3, 184.1], atol=1.0)


def test_one_mark_read_both_ways_spans_no_card_over_the_card_it_lies_on():
    # A Qc read from two opposite corners, and a mark of its picture read as Js both ways (each
    # reading the other turned half round, 22 px apart): as corners those two would span a card
    # a span wide in the Qc's place, and two cards so placed would be a conflict. They span no
    # card, and the Qc stands.
    probabilities = np.stack([reading("Qc"), reading("Qc"), reading("Js", 0.7),
                              reading("Js", 0.7)])
    rank_points = np.array([[110.0, 112.0], [240.0, 292.0], [176.0, 191.0], [175.0, 213.0]],
                           np.float32)
    suit_points = rank_points + np.array([[0, 20], [0, -20], [0, 36], [0, -36]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert ("Qc", 2, None) in [(str(s.card), s.indices, s.problem) for s in sightings]


def test_a_lone_corner_reading_another_suit_on_a_card_read_from_two_corners_is_a_conflict():
    # An 8c of a four-corner deck, read from its top-left and bottom-right indices (which
    # span its outline), and its bottom-left index, turned half round, read surely as 8s:
    # that index lies on the 8c, so it is the 8c's corner read in the wrong suit.
    probabilities = np.stack([reading("8c"), reading("8c"), reading("8s", 0.998)])
    rank_points = np.array([[110.0, 112.0], [240.0, 292.0], [110.0, 292.0]], np.float32)
    suit_points = np.array([[110.0, 126.0], [240.0, 278.0], [110.0, 278.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("8c", 2, None), ("8s", 1, "conflict")]
    # Turned as the 8c's top-left index is, it is a neighbour's index lying on the 8c (a fan),
    # and stands.
    suit_points[2] = [110.0, 306.0]
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("8c", 2, None), ("8s", 1, None)]


def test_two_corners_reading_another_suit_on_a_card_read_from_three_are_a_conflict():
    # An 8c of a four-corner deck read from three corners, and two indices on it, each turned
    # as the 8c's own there, read surely as 8s (an 8c's corners, or a card square under it).
    probabilities = np.stack([reading("8c"), reading("8c"), reading("8c"),
                              reading("8s", 0.998), reading("8s", 0.998)])
    rank_points = np.array([[110.0, 112.0], [240.0, 112.0], [240.0, 292.0], [110.0, 292.0],
                            [175.0, 250.0]], np.float32)
    suit_points = rank_points + np.array([[0, 14], [0, 14], [0, -14], [0, -14], [0, -14]],
                                         np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("8c", 3, None), ("8s", 2, "conflict")]


def rows_of_8c_and_8s(aside: float) -> list[tuple[str, int, str | None]]:
    """A four-corner deck's top row of indices read 8c and a bottom row, turned half round,
    read 8s, ``aside`` pixels to the right of square under it."""
    probabilities = np.stack([reading("8c"), reading("8c"), reading("8s"), reading("8s")])
    rank_points = np.array([[110.0, 112.0], [240.0, 112.0], [110.0 + aside, 292.0],
                            [240.0 + aside, 292.0]], np.float32)
    suit_points = rank_points + np.array([[0, 14], [0, 14], [0, -14], [0, -14]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    return sorted((str(s.card), s.indices, s.problem) for s in sightings)


def test_a_cards_top_corners_and_bottom_corners_reading_two_suits_are_a_conflict():
    # Square under each other, the rows are one card's corners, split between a club and a
    # spade: which it is they do not tell.
    assert rows_of_8c_and_8s(0.0) == [("8c", 2, "conflict"), ("8s", 2, "conflict")]
    # A fan's step aside, they are two cards (two eights), and both stand.
    assert rows_of_8c_and_8s(40.0) == [("8c", 2, None), ("8s", 2, None)]


def four_corners_reading(cards: list[np.ndarray], aside: float = 0.0
                         ) -> list[tuple[str, int, str | None]]:
    """A card of a four-corner deck 130 x 180 px (indices 20 px from rank to suit), its
    corners top-left, top-right, bottom-right and bottom-left read as ``cards`` say, the last
    two ``aside`` pixels to the right; on paper, so the frame's deck is seen to have four."""
    rank_points = np.array([[110.0, 112.0], [240.0, 112.0], [240.0 + aside, 292.0],
                            [110.0 + aside, 292.0]], np.float32)
    suit_points = rank_points + np.array([[0, 20], [0, 20], [0, -20], [0, -20]], np.float32)
    paper = np.zeros((480, 640), np.uint8)
    paper[95:310, 95:255 + int(aside)] = 255
    sightings = assemble(np.stack(cards), rank_points, suit_points, (), paper=paper)
    return sorted((str(s.card), s.indices, s.problem) for s in sightings)


def test_a_cards_diagonal_corners_reading_two_cards_are_a_conflict():
    # Top-left and bottom-right read 8s, top-right and bottom-left 8c (a drawn 4c read so at
    # 52 px): each pair spans the same outline, and two cards cannot both show two corners in
    # one place, so which it is they do not tell.
    assert four_corners_reading([reading("8s"), reading("8c"), reading("8s"), reading("8c")]) \
        == [("8c", 2, "conflict"), ("8s", 2, "conflict")]
    # A card's width aside, the bottom corners are another card's: no card is read from two
    # corners in one place, and nothing is doubted.
    assert all(problem is None for _, _, problem in four_corners_reading(
        [reading("8s"), reading("8c"), reading("8s"), reading("8c")], aside=130.0))


def test_a_lone_fourth_corner_reading_another_suit_of_a_card_read_from_three_is_a_conflict():
    # Three corners read 8c (the top-right one torn, 0.69 against 8s 0.3, so no two opposite
    # corners span the outline surely) and the bottom-right one 8s at 0.96: it lies as a corner
    # of the 8c beside its bottom-left one and under its top-right one, so it is the 8c's.
    torn = reading("8c", 0.69)
    torn[int(Card("8s"))] = 0.3
    assert four_corners_reading([reading("8c"), torn, reading("8s", 0.96), reading("8c")]) == [
        ("8c", 3, None), ("8s", 1, "conflict")]


def test_a_lone_index_beside_a_card_read_from_all_four_corners_is_another_card():
    # An 8c read at all four corners, and an 8s index just beyond its bottom-right one: an 8s
    # lying under it nearly square (a dondorf 4c under a 4s), which stands. Were the 8c's
    # bottom-right index not read, the 8s would lie where it is, and be doubted.
    rank_points = np.array([[110.0, 112.0], [240.0, 112.0], [240.0, 292.0], [110.0, 292.0],
                            [256.0, 300.0]], np.float32)
    suit_points = rank_points + np.array([[0, 20], [0, 20], [0, -20], [0, -20], [0, -20]],
                                         np.float32)
    paper = np.zeros((480, 640), np.uint8)
    paper[95:320, 95:275] = 255
    cards = [reading("8c"), reading("8c"), reading("8c"), reading("8c"), reading("8s", 0.96)]

    def read(kept: list[int]) -> list[tuple[str, int, str | None]]:
        sightings = assemble(np.stack([cards[n] for n in kept]), rank_points[kept],
                             suit_points[kept], (), paper=paper)
        return sorted((str(s.card), s.indices, s.problem) for s in sightings)

    assert read([0, 1, 2, 3, 4]) == [("8c", 4, None), ("8s", 1, None)]
    assert read([0, 1, 3, 4]) == [("8c", 3, None), ("8s", 1, "conflict")]


def test_two_corners_each_barely_sure_of_a_card_leave_it_unsure():
    # Both corners of one print read a jack of spades at 0.6 (a small club and spade alike):
    # they share that doubt, so together they are not sure (as independent witnesses they
    # would be 0.84).
    probabilities = np.stack([reading("Js", 0.6), reading("Js", 0.6)])
    rank_points = np.array([[110.0, 112.0], [240.0, 292.0]], np.float32)
    suit_points = np.array([[110.0, 126.0], [240.0, 278.0]], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, ())
    assert (str(sighting.card), sighting.indices) == ("Js", 2)
    assert 0.6 < sighting.confidence < CONFIDENT


def test_a_card_with_indices_in_all_four_corners_lies_right_of_its_top_left_one():
    # Decks with four indices show two upright ones side by side along the top (here the
    # top-right one read the surer). The card lies down and to the right of the top-left
    # one, not of the top-right one: its centre between them, not past the right one.
    probabilities = np.stack([reading("8c", 0.97), reading("8c", 0.999)])
    rank_points = np.array([[110.0, 112.0], [210.0, 112.0]], np.float32)
    suit_points = rank_points + np.array([0.0, 17.0], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("8c", 2, None)]
    assert 110.0 < sightings[0].centre[0] < 210.0


def test_a_cards_top_two_indices_side_by_side_span_its_width():
    # A four-corner card whose indices are small for it (17 px from rank to suit, 140 px
    # apart): an outline estimated from one index would be 99 px wide, half off the card's
    # middle. The two span it: from 0.55 spans left of the left one to as far right of the
    # right one, and down from both.
    probabilities = np.stack([reading("8c"), reading("8c", 0.9)])
    rank_points = np.array([[110.0, 112.0], [250.0, 112.0]], np.float32)
    suit_points = rank_points + np.array([0.0, 17.0], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, ())
    assert (str(sighting.card), sighting.indices, sighting.problem) == ("8c", 2, None)
    corners = sighting.corners
    assert np.allclose(corners[0], [100.65, 97.55], atol=0.5)
    assert np.allclose(corners[1], [259.35, 97.55], atol=0.5)
    assert corners[3][1] > corners[0][1] + 150.0  # down from the row, a card's height
    assert abs(sighting.centre[0] - 180.0) < 1.0


def test_a_card_seen_along_one_side_by_two_indices_in_a_column_is_centred_on_them():
    # The same deck in a fan that shows only the cards' right edges: the top-right index
    # upright, the bottom-right one turned half round straight below it. Whether the card
    # lies left or right of them they do not tell; either way its centre is near their
    # column, so the outline is centred there, not a card's width off to the right.
    probabilities = np.stack([reading("8c"), reading("8c")])
    rank_points = np.array([[210.0, 112.0], [210.0, 262.0]], np.float32)
    suit_points = np.array([[210.0, 129.0], [210.0, 245.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("8c", 2, None)]
    x, y = sightings[0].centre
    assert abs(x - 210.0) < 5.0 and abs(y - 187.0) < 5.0


def test_a_column_of_small_indices_far_apart_is_one_card_not_a_duplicate():
    # A four-corner deck with tiny indices (7 px from rank to suit) in a fan: a card's left
    # side shows its top-left index and, a card's height (14 spans) straight below, its
    # bottom-left one turned half round: farther apart than two widths estimated from such an
    # index, yet one card (a drawn 2c was two duplicates so).
    probabilities = np.stack([reading("2c"), reading("2c")])
    rank_points = np.array([[210.0, 112.0], [210.0, 210.0]], np.float32)
    suit_points = np.array([[210.0, 119.0], [210.0, 203.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("2c", 2, None)]
    # A fan's step to the left (more than ROW_SLOPE of the way down), they are no column nor
    # opposite corners: the same card in two places is a duplicate.
    rank_points[1, 0] = suit_points[1, 0] = 170.0
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [
        ("2c", 1, "duplicate"), ("2c", 1, "duplicate")]


def test_a_column_of_indices_turned_off_their_card_is_centred_on_the_column():
    # The same column, the two indices each reading their way from rank to suit 15 degrees
    # off the card's (as a small "10" can): the outline follows the column, so its centre
    # stays on it rather than swinging a card's half height times sin(15 degrees) aside.
    probabilities = np.stack([reading("Tc"), reading("Tc")])
    rank_points = np.array([[210.0, 112.0], [210.0, 262.0]], np.float32)
    turn = np.radians(15.0)
    way = 17.0 * np.array([np.sin(turn), np.cos(turn)], np.float32)
    suit_points = np.stack([rank_points[0] + way, rank_points[1] - way])
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("Tc", 2, None)]
    x, y = sightings[0].centre
    assert abs(x - 210.0) < 5.0 and abs(y - 187.0) < 5.0


def column_of_8c(paper: np.ndarray) -> np.ndarray:
    """The centre of the 8c read from a column of two indices (as above) over this paper."""
    probabilities = np.stack([reading("8c"), reading("8c")])
    rank_points = np.array([[210.0, 112.0], [210.0, 262.0]], np.float32)
    suit_points = np.array([[210.0, 129.0], [210.0, 245.0]], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, (), paper=paper)
    return sighting.centre


def test_a_card_seen_along_one_side_lies_on_the_paper_side_of_its_column():
    # The first card of a fan seen along its left side: paper (this card and the fan under
    # it) right of the column, bare table left of it. The card lies on the paper.
    paper = np.zeros((400, 500), np.uint8)
    paper[80:300, 200:480] = 255
    x, y = column_of_8c(paper)
    assert 240.0 < x < 300.0 and abs(y - 187.0) < 5.0
    # ...and on the left when the paper is there (the last card of a fan, seen on its right).
    paper = np.zeros((400, 500), np.uint8)
    paper[80:300, 0:220] = 255
    x, _ = column_of_8c(paper)
    assert 120.0 < x < 180.0


def test_a_column_with_paper_on_both_sides_stays_centred():
    # In the middle of a heap both sides are paper: the indices still do not tell the side.
    paper = np.zeros((400, 500), np.uint8)
    paper[60:320, 60:420] = 255
    x, _ = column_of_8c(paper)
    assert abs(x - 210.0) < 5.0


def test_a_column_peeking_out_of_a_fan_stays_centred_beside_the_card_over_it():
    # A queen lies over the left of the 8c's column (her bottom-right index inside the outline
    # centred on it), as a fan of a four-corner deck shows each card's right edge beside the
    # card on top. Cut to "the part in view", the outline would lie right of the queen, which
    # is the side the column does not tell (in a fan, the next card's): it stays centred.
    probabilities = np.stack([reading("8c"), reading("8c"), reading("Qc"), reading("Qc")])
    rank_points = np.array([[210.0, 112.0], [210.0, 262.0], [95.0, 105.0], [195.0, 252.0]],
                           np.float32)
    suit_points = rank_points + np.array([[0.0, 17.0], [0.0, -17.0], [0.0, 17.0],
                                          [0.0, -17.0]], np.float32)
    sightings = {str(s.card): s for s in assemble(probabilities, rank_points, suit_points, ())}
    assert set(sightings) == {"8c", "Qc"} and sightings["Qc"].indices == 2
    x, y = sightings["8c"].centre
    assert abs(x - 210.0) < 5.0 and abs(y - 187.0) < 5.0


def lone_2h(*, four_corner_deck: bool, left_edge: int = 300) -> np.ndarray:
    """The centre of a 2h read from one upright index at (400, 112) whose card lies to its
    left (its top-right index) from left_edge, beside an 8c showing its top two indices or
    only one."""
    paper = np.zeros((400, 600), np.uint8)
    paper[90:250, left_edge:410] = 255  # the 2h
    paper[95:260, 95:235] = 255  # the 8c
    cards = [reading("2h"), reading("8c")] + ([reading("8c")] if four_corner_deck else [])
    rank_points = np.array([[400.0, 112.0], [110.0, 112.0], [210.0, 112.0]][:len(cards)],
                           np.float32)
    suit_points = rank_points + np.array([0.0, 17.0], np.float32)
    sightings = assemble(np.stack(cards), rank_points, suit_points, (), paper=paper)
    return next(s for s in sightings if str(s.card) == "2h").centre


def test_on_a_deck_with_four_corner_indices_a_lone_index_may_be_the_top_right_one():
    # Down and to the right of the index (as from a top-left one) is mostly bare table; to its
    # left is paper, and the frame's deck shows indices in all four corners: the card is there.
    x, _ = lone_2h(four_corner_deck=True)
    assert 340.0 < x < 380.0
    # A deck with two corner indices has its index at the top left only: the card stays where
    # that puts it, even over bare table (the paper to the left is another card's).
    x, _ = lone_2h(four_corner_deck=False)
    assert 420.0 < x < 460.0


def lone_2h_beside_a_corner(point: tuple[float, float], across: tuple[float, float],
                            down: tuple[float, float]) -> np.ndarray:
    """The centre of the 2h of lone_2h (four-corner deck) with paper all round it, so paper
    alone does not tell its side, and a square paper corner at ``point`` with these sides."""
    return lone_2h_on(np.full((400, 600), 255, np.uint8),
                      np.array([[point, across, down]], np.float64))


def test_a_paper_corner_at_a_lone_index_tells_which_corner_of_its_card_it_is():
    # The corner up and to the right of the index (0.55 spans right, 0.85 up), its sides down
    # and to the left: the index is its card's top-right one, and the card lies to its left.
    x, _ = lone_2h_beside_a_corner((409.35, 97.55), (0.0, 1.0), (-1.0, 0.0))
    assert 340.0 < x < 380.0
    # Up and to the left, its sides right and down: the top-left one; the card lies right.
    x, _ = lone_2h_beside_a_corner((390.65, 97.55), (1.0, 0.0), (0.0, 1.0))
    assert 420.0 < x < 460.0


def test_a_paper_corner_at_a_lone_index_tells_its_corner_whichever_way_its_sides_run():
    # A card's corner is also a corner of the paper of the card beside it, whose sides run the
    # other way where the two papers join (a four-corner dondorf Ks in a fan was put on the
    # card beside it). Up and to the left of the index, its sides down and to the left: still
    # the top-left one, the card lies right; up and to the right, its sides right and down:
    # the top-right one, the card lies left.
    x, _ = lone_2h_beside_a_corner((390.65, 97.55), (0.0, 1.0), (-1.0, 0.0))
    assert 420.0 < x < 460.0
    x, _ = lone_2h_beside_a_corner((409.35, 97.55), (1.0, 0.0), (0.0, 1.0))
    assert 340.0 < x < 380.0


def test_a_lone_index_of_a_four_corner_deck_with_paper_both_ways_is_centred_on_it():
    # In a fan of a four-corner deck the card over this one may cover either of its top
    # corners: with paper both ways and no square corner to tell, the index is as likely its
    # top-right one as its top-left one, so its outline is centred on its column, where the
    # card's middle lies either way (not a card's width off to one side).
    x, _ = lone_2h_on(np.full((400, 600), 255, np.uint8))
    assert abs(x - 400.0) < 2.0


def test_a_lone_top_right_index_over_bare_table_turns_to_a_smaller_card_beside_it():
    # The card is narrower than its index suggests: the outline to the index's left is only
    # 0.86 paper (under ON_PAPER), but the one to its right is 0.2 paper, bare table. The card
    # lies on the paper side, as for a column of two indices (OFF_PAPER, BARE_TABLE).
    x, _ = lone_2h(four_corner_deck=True, left_edge=325)
    assert 340.0 < x < 380.0


def lone_2h_on(paper: np.ndarray, corners: np.ndarray | None = None) -> np.ndarray:
    """The centre of lone_2h's card (four-corner deck) on the given paper: its outline read as
    from a top-left index spans x 391-489, y 98-241; as from a top-right one x 311-409."""
    cards = [reading("2h"), reading("8c"), reading("8c")]
    rank_points = np.array([[400.0, 112.0], [110.0, 112.0], [210.0, 112.0]], np.float32)
    suit_points = rank_points + np.array([0.0, 17.0], np.float32)
    sightings = assemble(np.stack(cards), rank_points, suit_points, (), paper=paper,
                         corners=corners)
    return next(s for s in sightings if str(s.card) == "2h").centre


def test_a_lone_index_off_paper_turns_to_a_side_clearly_more_paper():
    # Neither side is bare table nor wholly paper (0.55 to the right, 0.78 to the left: a
    # four-corner card's turned index in a fan, the gap between two cards to one side), but
    # the left is clearly more paper (MORE_PAPER): the card lies there.
    paper = np.zeros((400, 600), np.uint8)
    paper[95:260, 95:235] = 255  # the 8c
    paper[98:210, 300:410] = 255  # the 2h, partly under something dark
    paper[98:170, 410:489] = 255  # a card beside it, ending short of the estimate
    x, _ = lone_2h_on(paper)
    assert 340.0 < x < 380.0


def test_a_paper_corner_does_not_turn_a_card_onto_bare_table():
    # A square corner up and to the right of the index says top right, but to the index's
    # left is bare table (0.14 paper) and to its right 0.70 paper: the corner is likelier
    # the card's beside it (a dondorf 7s at the frame's edge was put on the felt beside its
    # fan), and the card stays right of its index.
    paper = np.zeros((400, 600), np.uint8)
    paper[95:260, 95:235] = 255
    paper[98:200, 391:489] = 255
    corners = np.array([[(409.35, 97.55), (0.0, 1.0), (-1.0, 0.0)]], np.float64)
    x, _ = lone_2h_on(paper, corners)
    assert 420.0 < x < 460.0


def test_a_card_partly_under_another_is_outlined_by_the_part_in_view():
    # A queen lies over the left of a nine, whose bottom-right index alone is in view (as in
    # a photograph of the shared set). The nine's outline estimated from that index reaches
    # under the queen (whose own bottom-right index lies inside it); the nine is outlined by
    # the strip right of the queen, where one sees it.
    probabilities = np.stack([reading("Qc"), reading("Qc"), reading("9s")])
    rank_points = np.array([[28.0, 71.0], [118.0, 187.0], [157.0, 189.0]], np.float32)
    suit_points = rank_points + np.array([[0.0, 13.0], [0.0, -13.0], [0.0, -13.0]], np.float32)
    sightings = {str(s.card): s for s in assemble(probabilities, rank_points, suit_points, ())}
    assert set(sightings) == {"Qc", "9s"}
    queen, nine = sightings["Qc"], sightings["9s"]
    assert queen.corners[:, 0].max() + 10.0 < nine.centre[0] < 172.0
    assert 60.0 < nine.centre[1] < 200.0


def test_a_card_cut_by_the_frames_edge_is_outlined_by_its_part_in_the_frame():
    # An ace at the right edge of a 150 x 200 frame, its top-left index in view: the outline
    # estimated from the index (about 70 px wide) runs 40 px out of the frame. It is cut to the
    # frame, so that its centre lies on what the camera sees of it (as a photograph's box of
    # that card is drawn); with no frame given, it is the estimate.
    probabilities = reading("Ac")[None]
    rank_points = np.array([[118.0, 60.0]], np.float32)
    suit_points = np.array([[118.0, 72.0]], np.float32)
    estimated, = assemble(probabilities, rank_points, suit_points, ())
    assert estimated.corners[:, 0].max() > 170.0
    paper = np.zeros((200, 150), np.uint8)
    cut, = assemble(probabilities, rank_points, suit_points, (), paper=paper)
    assert str(cut.card) == "Ac" and cut.confidence == estimated.confidence
    assert cut.corners[:, 0].max() <= 150.0 and cut.corners[:, 1].max() <= 200.0
    assert 118.0 < cut.centre[0] < 150.0 and cut.centre[0] < estimated.centre[0] - 10.0
    assert np.allclose(cut.corners[0], estimated.corners[0], atol=1.0)  # its top-left stays


def test_a_faint_sighting_over_a_card_cuts_nothing_off_it():
    # The same, but the "queen" is a faint reading (of the nine's own pips, say): it claims
    # no card, so the nine keeps the outline estimated from its index.
    probabilities = np.stack([reading("Qc", 0.2), reading("Qc", 0.2), reading("9s")])
    rank_points = np.array([[28.0, 71.0], [118.0, 187.0], [157.0, 189.0]], np.float32)
    suit_points = rank_points + np.array([[0.0, 13.0], [0.0, -13.0], [0.0, -13.0]], np.float32)
    nine = next(s for s in assemble(probabilities, rank_points, suit_points, ())
                if str(s.card) == "9s")
    assert nine.centre[0] < 130.0


def tilted_corners(bottom_right: tuple[float, float]) -> list:
    """Ah read at a small top-left index (span 8, as on a 77 px card of a deck with tiny
    indices, in a fan) whose suit sits a little right of under the rank, so that the way from
    rank to suit is 13 degrees off the card's; and again, turned half round, at
    ``bottom_right``. The sightings."""
    probabilities = np.stack([reading("Ah"), reading("Ah")])
    tilt = np.array([1.8, 7.8], np.float32)
    rank_points = np.array([[108.0, 112.0], bottom_right], np.float32)
    suit_points = np.array([rank_points[0] + tilt, rank_points[1] - tilt])
    return assemble(probabilities, rank_points, suit_points, ())


def test_two_corners_of_a_card_with_tilted_small_indices_are_one_card():
    sightings = tilted_corners((169.0, 200.0))
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("Ah", 2, None)]


def test_two_corners_of_a_ten_read_from_its_zero_are_one_card():
    # A drawn deck's Td (93 px wide, span 10, lying on its side): each corner's rank point is
    # on the "0", off to the side of the "1", so the ways from rank to suit are 30 degrees off
    # the card's and meet at 120 degrees, not 180. Both read at 1.00: one card, not two
    # duplicates. (The points are those of scene 77000+98 of scripts/score_drawn_scenes.py.)
    probabilities = np.stack([reading("Td", 0.9999), reading("Td", 0.9999)])
    rank_points = np.array([[523.7, 61.2], [646.6, 67.3]], np.float32)
    suit_points = np.array([[533.1, 62.4], [642.0, 58.1]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("Td", 2, None)]


def test_a_turned_sighting_up_and_left_of_an_index_is_no_corner_of_its_card():
    # As far away, but where no corner of the first index's card can be.
    sightings = tilted_corners((47.0, 24.0))
    assert [s.problem for s in sightings] == ["duplicate", "duplicate"]


def test_stacked_cards_in_one_rectangle_are_two_cards():
    # Two cards lying almost on top of each other make one paper region shaped like a card;
    # their upright indices name different cards and neither is a conflict of the other.
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("2h"), reading("4d")])
    rank_points = np.array([[115.0, 118.0], [115.0, 163.0]], np.float32)
    suit_points = np.array([[115.0, 142.0], [115.0, 187.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert sorted((str(s.card), s.problem) for s in sightings) == [("2h", None), ("4d", None)]
    assert all(s.confidence >= CONFIDENT for s in sightings)


def test_corners_of_one_whole_card_naming_two_cards_are_a_conflict():
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("7c"), reading("7s")])
    rank_points = np.array([[112.0, 115.0], [228.0, 295.0]], np.float32)
    suit_points = np.array([[112.0, 135.0], [228.0, 275.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert len(sightings) == 1
    assert sightings[0].problem == "conflict"


def whole_card_and_a_far_corner(near: float, far: float) -> list[tuple[str, str | None]]:
    """A whole 3c read at ``near`` from its top-left index, and its bottom-right index (turned
    half round) read at ``far`` as a Jc from a view too small to fit the card (an unseen font's
    3: npm-svg-cards, scene 143000+10), so not joined to it."""
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("3c", near), reading("Jc", far)])
    rank_points = np.array([[112.0, 115.0], [228.0, 295.0]], np.float32)
    suit_points = np.array([[112.0, 135.0], [228.0, 283.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    return sorted((str(s.card), s.problem) for s in sightings)


def test_a_whole_cards_far_corner_read_as_another_card_is_a_conflict():
    # The near corner far surer: it stands.
    assert whole_card_and_a_far_corner(0.999, 0.97) == [("3c", None), ("Jc", "conflict")]
    # Alike sure: either may be the misreading.
    assert whole_card_and_a_far_corner(0.97, 0.96) == [("3c", "conflict"), ("Jc", "conflict")]


def test_a_whole_card_and_one_beside_it_each_read_from_two_corners_are_two_cards():
    # A whole 3c (its paper one card) and, edge to edge right of it, a 5h whose paper is not
    # (a deck with indices in all four corners). The 5h's turned bottom-left index lies near
    # where the 3c's far corner is, which joins it to the 3c as the 3c's misread corner; but
    # each card is read by two corners or more, so they are two cards, not one in conflict.
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("5h"), reading("5h"), reading("5h"), reading("3c"),
                              reading("3c")])
    rank_points = np.array([[254.0, 115.0], [370.0, 295.0], [254.0, 295.0], [112.0, 115.0],
                            [228.0, 295.0]], np.float32)
    suit_points = rank_points + np.array([[0, 20], [0, -20], [0, -20], [0, 20], [0, -20]],
                                         np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("3c", 2, None), ("5h", 3, None)]


def test_a_corner_barely_sure_of_another_card_is_no_conflict():
    # The turned corner of a whole 5c reads 4c at 0.55: that names no card clearly, and the
    # upright corner's sure 5c stands.
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("5c"), reading("4c", 0.55)])
    rank_points = np.array([[112.0, 115.0], [228.0, 295.0]], np.float32)
    suit_points = np.array([[112.0, 135.0], [228.0, 275.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("5c", 2, None)]
    assert sightings[0].confidence >= CONFIDENT


def test_a_corner_cut_by_the_frames_edge_is_no_witness_against_its_card():
    # The same card with its lower edge at the frame's: its turned corner, partly out of the
    # frame, reads as another card. What the whole index in view says stands.
    outline = rectangle(100, 100, 240, 310)
    probabilities = np.stack([reading("7c", 0.999), reading("7s", 0.9)])
    rank_points = np.array([[112.0, 115.0], [228.0, 295.0]], np.float32)
    suit_points = np.array([[112.0, 135.0], [228.0, 275.0]], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, (outline,),
                          paper=np.zeros((305, 400), np.uint8))
    assert (str(sighting.card), sighting.problem) == ("7c", None)
    # In a larger frame the same corner is wholly in view: a conflict.
    [sighting] = assemble(probabilities, rank_points, suit_points, (outline,),
                          paper=np.zeros((400, 400), np.uint8))
    assert sighting.problem == "conflict"


def jack_with_a_piece_read_as_an_ace(piece_x: float, *, far_ace: bool = True) -> list:
    """A jack lying alone (a whole card, 140 px wide at x 100-240), both corners read; a piece
    of its picture at ``piece_x``, turned across the card, read as Ah at 0.97; and, with
    ``far_ace``, the real Ah read surely far away on no card."""
    outline = rectangle(100, 100, 240, 310)
    readings = [reading("Js"), reading("Js"), reading("Ah", 0.97), reading("Ah")]
    rank_points = [[112.0, 115.0], [228.0, 295.0], [piece_x, 200.0], [600.0, 115.0]]
    suit_points = [[112.0, 135.0], [228.0, 275.0], [piece_x + 20.0, 200.0], [600.0, 135.0]]
    count = 4 if far_ace else 3
    return assemble(np.stack(readings[:count]), np.array(rank_points[:count], np.float32),
                    np.array(suit_points[:count], np.float32), (outline,))


def test_a_piece_of_a_whole_cards_picture_read_as_an_index_is_no_card():
    # The piece lies in the jack's middle. Nothing lies on a whole card (its paper would not
    # be whole): the ace there is the jack's own printing, not a second card (nor a duplicate
    # of the real ace elsewhere).
    sightings = jack_with_a_piece_read_as_an_ace(160.0)
    assert sorted((str(s.card), s.problem) for s in sightings) == [("Ah", None), ("Js", None)]
    ace = next(s for s in sightings if str(s.card) == "Ah")
    assert ace.centre[0] > 500


def test_a_piece_of_a_pictures_edge_read_as_a_card_seen_elsewhere_is_the_duplicate():
    # The jack's picture begins close to its side: a piece of it read surely as an ace lies
    # too near the edge (0.1 card widths) to be dropped as printing, since a real card's
    # corner can lie over the edge of a region taken for whole. But the ace also lies far
    # away on no card: that one stands, and the piece on the jack is the duplicate.
    sightings = jack_with_a_piece_read_as_an_ace(114.0)
    problems = sorted((str(s.card), bool(s.centre[0] > 500), s.problem) for s in sightings)
    assert problems == [("Ah", False, "duplicate"), ("Ah", True, None), ("Js", False, None)]
    # Without the far ace, the piece near the edge stays a card (it may be one).
    alone = jack_with_a_piece_read_as_an_ace(114.0, far_ace=False)
    assert sorted((str(s.card), s.problem) for s in alone) == [("Ah", None), ("Js", None)]


def test_a_card_over_anothers_corner_in_one_rectangle_shares_it():
    # A ten lying over a nine, shifted along its length: the two make one paper rectangle
    # with the nine's index in one corner, the ten's turned index in the opposite one and the
    # ten's upright index right beside the nine's. Not one card with corners naming two cards
    # (a conflict): both are cards.
    outline = rectangle(100, 100, 240, 330)
    probabilities = np.stack([reading("9c"), reading("Tc"), reading("Tc")])
    # (The ten's upright index, read from a smaller view, seems too small for the region.)
    rank_points = np.array([[112.0, 315.0], [112.0, 275.0], [228.0, 115.0]], np.float32)
    suit_points = np.array([[112.0, 295.0], [112.0, 258.0], [228.0, 135.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert sorted((str(s.card), s.problem) for s in sightings) == [("9c", None), ("Tc", None)]


def kh_in_two_far_places(second_sureness: float) -> list:
    """Kh read surely near the top left and with ``second_sureness`` far away; the sightings,
    surest first."""
    probabilities = np.stack([reading("Kh"), reading("Kh", sureness=second_sureness)])
    rank_points = np.array([[110.0, 112.0], [900.0, 500.0]], np.float32)
    suit_points = np.array([[110.0, 130.0], [900.0, 518.0]], np.float32)
    return sorted(assemble(probabilities, rank_points, suit_points, ()),
                  key=lambda s: -s.confidence)


def test_one_card_in_two_far_places_is_a_duplicate():
    sightings = kh_in_two_far_places(0.99)
    assert [s.problem for s in sightings] == ["duplicate", "duplicate"]


def test_a_faint_sighting_elsewhere_leaves_a_sure_card_alone():
    # The reader's faint best guess at a poor index names a card read surely elsewhere: the
    # sure card stands, and the faint one stays unsure by its own confidence, no duplicate.
    sightings = kh_in_two_far_places(0.3)
    assert [(str(s.card), s.problem) for s in sightings] == [("Kh", None), ("Kh", None)]
    assert sightings[0].confidence >= CONFIDENT > sightings[1].confidence


def test_one_sure_sighting_stands_and_a_doubtful_one_elsewhere_is_the_duplicate():
    # Kh read surely in one place and half surely in another: a deck holds one Kh, so the
    # doubtful place is flagged (and shown to the dealer), while the sure one stands.
    sightings = kh_in_two_far_places(0.7)
    assert [(str(s.card), s.problem) for s in sightings] == [("Kh", None), ("Kh", "duplicate")]


def test_a_misreading_sure_enough_to_report_does_not_unseat_a_surer_sighting():
    # A small index read Kh at 0.93 (enough to report) beside the real Kh read at 0.99: the
    # surer one stands, the other is the duplicate (not both, losing the real card).
    sightings = kh_in_two_far_places(0.93)
    assert CONFIDENT <= sightings[1].confidence < STANDS_ALONE <= sightings[0].confidence
    assert [(str(s.card), s.problem) for s in sightings] == [("Kh", None), ("Kh", "duplicate")]


def test_a_card_sure_only_by_joining_doubtful_corners_does_not_unseat_one_each_corner_reads():
    # The 5s read at 0.999 from both its corners; far away, two corners of a 5c (a drawn
    # deck's small clubs look like spades) read 5s at 0.9 and 0.85: together sure (JOINT), but
    # neither corner alone. The first stands; the second is the duplicate, not both.
    probabilities = np.stack([reading("5s", 0.999), reading("5s", 0.999), reading("5s", 0.9),
                              reading("5s", 0.85)])
    rank_points = np.array([[110.0, 112.0], [240.0, 292.0], [710.0, 112.0], [840.0, 292.0]],
                           np.float32)
    suit_points = rank_points + np.array([[0.0, 14.0], [0.0, -14.0], [0.0, 14.0],
                                          [0.0, -14.0]], np.float32)
    sightings = sorted(assemble(probabilities, rank_points, suit_points, ()),
                       key=lambda s: s.centre[0])
    assert [(str(s.card), s.indices) for s in sightings] == [("5s", 2), ("5s", 2)]
    assert sightings[1].confidence >= STANDS_ALONE
    assert [s.problem for s in sightings] == [None, "duplicate"]


def one_index_seen_twice(second_rank: tuple[float, float], second_sureness: float = 0.96) -> list:
    """5s read surely from its whole index (rank at (100, 100), suit 24 px below), and as 3s
    (``second_sureness``) by a second view of it with its rank at ``second_rank``, suit the
    same."""
    probabilities = np.stack([reading("5s", 0.999), reading("3s", second_sureness)])
    rank_points = np.array([[100.0, 100.0], second_rank], np.float32)
    suit_points = np.array([[100.0, 124.0], [100.0, 124.0]], np.float32)
    return assemble(probabilities, rank_points, suit_points, ())


def test_a_view_as_sure_of_another_card_leaves_the_index_unsure():
    # The second view sees a rank as big a little beside it: the index may be either card.
    sightings = one_index_seen_twice((104.0, 101.0))
    assert len(sightings) == 1 and sightings[0].confidence < CONFIDENT


def test_a_view_far_less_sure_of_another_card_is_no_rival():
    # The second view pairs the suit with a speck or a piece of a picture beside the rank and
    # reads another card, but only two to one: the sure view of the whole index stands (a
    # queen's index read 1.0, a view of it as a ten 0.67, in a held-out deck's fan).
    sightings = one_index_seen_twice((108.0, 96.0), second_sureness=0.7)
    assert [str(s.card) for s in sightings] == ["5s"]
    assert sightings[0].confidence >= CONFIDENT


def test_the_same_marks_read_as_another_card_in_another_pass_leave_the_index_unsure():
    # The same rank and suit marks, seen through another pass, read as another card (a three)
    # even two to one: a real doubt (on drawn decks, a ten of clubs read 0.99 as spades in
    # one pass and 0.85 as clubs in another).
    sightings = one_index_seen_twice((101.0, 100.0), second_sureness=0.7)
    assert len(sightings) == 1 and sightings[0].confidence < CONFIDENT


def test_a_view_of_a_piece_of_the_rank_is_no_rival():
    # The second view's rank is the lower part of the "5" only (a pass that wipes thin
    # strokes cut the 5 in two, and its lower bowl with the suit looks like a 3's).
    sightings = one_index_seen_twice((98.0, 109.0))
    assert [str(s.card) for s in sightings] == ["5s"]
    assert sightings[0].confidence >= CONFIDENT


def test_two_alike_whole_cards_side_by_side_are_a_duplicate():
    # Two nines of spades lying apart, each a whole card read at both corners: the left one's
    # top-left index and the right one's bottom-right index face each other as one card's
    # would, but two whole cards are two cards, and a deck holds the card once.
    outlines, rank_points, suit_points = [], [], []
    for left in (100, 412):
        outlines.append(rectangle(left, 100, left + 130, 280))
        rank_points += [[left + 12.0, 118.0], [left + 118.0, 262.0]]
        suit_points += [[left + 12.0, 140.0], [left + 118.0, 240.0]]
    probabilities = np.stack([reading("9s")] * 4)
    sightings = assemble(probabilities, np.array(rank_points, np.float32),
                         np.array(suit_points, np.float32), tuple(outlines))
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == \
        [("9s", 2, "duplicate"), ("9s", 2, "duplicate")]


def test_neighbours_in_a_fan_are_two_indices_not_two_views_of_one():
    # A fanned hand: the two of clubs' index (rank at (100, 100), suit 36 px below) and, 27 px
    # to its left, the next card's index read as a queen. Their ranks lie within 0.75 spans,
    # but neither their ranks nor their suits are the same marks: two cards, both read.
    probabilities = np.stack([reading("2c", 0.999), reading("Qc", 0.999)])
    rank_points = np.array([[100.0, 100.0], [73.0, 100.0]], np.float32)
    suit_points = np.array([[102.0, 136.0], [70.0, 130.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert sorted((str(s.card), s.confidence >= CONFIDENT) for s in sightings) == [
        ("2c", True), ("Qc", True)]


def test_one_card_read_surely_twice_in_one_place_is_one_card():
    # Its two corners not joined (their outlines estimated apart): one place, not a duplicate.
    # The sighting from more indices stands for it.
    card = Card("Td")
    box = rectangle(500, 10, 600, 150).astype(np.float64)
    sightings = [CardSighting(card, box + np.array([20.0, 15.0]), 0.999, 1),
                 CardSighting(card, box, 0.999, 3),
                 CardSighting(Card("9c"), box + np.array([300.0, 0.0]), 0.99, 1)]
    assert _one_per_place(sightings) == [1, 2]
    # Neighbours in a fan lie farther apart: those stay two (and are a duplicate).
    sightings[0] = CardSighting(card, box + np.array([SAME_PLACE * 100 + 5, 0.0]), 0.999, 1)
    assert _one_per_place(sightings) == [0, 1, 2]
    # An unsure sighting in the same place is no card read twice: left to the duplicate rule.
    sightings[0] = CardSighting(card, box + np.array([20.0, 15.0]), 0.6, 1)
    assert _one_per_place(sightings) == [0, 1, 2]


def test_an_index_between_two_corners_of_its_card_joins_them_whatever_is_surer():
    # Three corner indices of one small As in a fan (fresh drawn scene 88097): the outer two
    # lie too far apart to be joined directly, the middle one is a corner of the card with
    # each. Indices join in order of sureness; were the outer two surer, each would start a
    # card of its own and the middle one join one of them: one card seen twice, a duplicate.
    rank_points = np.array([[125.0, 231.0], [234.0, 219.0], [204.0, 179.0]], np.float32)
    suit_points = np.array([[133.0, 226.0], [226.0, 224.0], [196.0, 184.0]], np.float32)
    for outer, middle in ((0.999, 0.99), (0.99, 0.999)):
        probabilities = np.stack([reading("As", outer), reading("As", outer),
                                  reading("As", middle)])
        sightings = assemble(probabilities, rank_points, suit_points, ())
        assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("As", 3, None)]


def test_a_card_read_from_two_corners_keeps_an_index_outside_them_apart():
    # A 3c and, over its lower right, a 6h make one paper region shaped like a whole card
    # (180 x 230 px), which only the 3c's upright index is sized for. Its far corner from
    # that index lies at the 6h's turned index, which joins the 6h to the 3c as its misread
    # corner (the 6h read first, being the surer). But the 3c's own two corners span it, and
    # the 6h's index lies outside that: two cards, neither in conflict, the 3c outlined by its
    # corners (not by the paper of both).
    outline = rectangle(100, 100, 280, 330)
    probabilities = np.stack([reading("3c", 0.99), reading("3c"), reading("6h", 0.999)])
    rank_points = np.array([[113.75, 121.25], [227.35, 283.45], [267.35, 310.45]], np.float32)
    suit_points = rank_points + np.array([[0, 25], [0, -23], [0, -23]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, (outline,))
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("3c", 2, None), ("6h", 1, None)]
    three = next(s for s in sightings if str(s.card) == "3c")
    assert np.allclose(three.centre, [170.0, 201.5], atol=5)


def test_a_view_pairing_a_piece_of_a_rank_with_the_rank_is_a_view_of_that_index():
    # A 6h's index (span 20) and a short view of it that takes the top of the "6" for a rank
    # and the rank itself for the suit (its suit point on the 6h's rank point), read as a Qh
    # at 0.49: one index, the 6h's, not a faint Qh beside it (which two corners of a fan
    # could join with a real Qh elsewhere, placing it between them).
    probabilities = np.stack([reading("6h"), reading("Qh", 0.49)])
    rank_points = np.array([[200.0, 200.0], [200.0, 191.0]], np.float32)
    suit_points = np.array([[200.0, 220.0], [200.0, 201.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices) for s in sightings] == [("6h", 1)]


def test_of_two_sure_places_of_a_card_the_one_on_another_sure_card_is_the_duplicate():
    # A Td read surely from its upright corner, its turned far corner read as a 9d (a washed-out
    # "10" read as a nine), and the real 9d elsewhere read from both corners, all at 0.99: the
    # 9d on the Td is the misreading, and the 9d read elsewhere stands.
    probabilities = np.stack([reading("Td"), reading("9d"), reading("9d"), reading("9d")])
    rank_points = np.array([[112.0, 115.0], [205.0, 250.0], [500.0, 115.0], [605.0, 280.0]],
                           np.float32)
    suit_points = rank_points + np.array([[0, 20], [0, -20], [0, 20], [0, -20]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert sorted((str(s.card), s.indices, s.problem) for s in sightings) == [
        ("9d", 1, "duplicate"), ("9d", 2, None), ("Td", 1, None)]


def test_two_lone_corners_of_one_suit_on_one_diagonal_are_one_card_read_two_ways():
    # A card whose bottom index is printed upright (kde-ancient-egyptians), lying under others:
    # its top index read 6d, its bottom one taken turned half round and read 9d, both at
    # 0.9999, no whole card under them. The outlines worked out from the two indices lie on
    # the line through both: one card's two corners, both conflicts.
    def read(second: str, second_point: list[float]) -> list[tuple[str, str | None]]:
        probabilities = np.stack([reading("6d", 0.9999), reading(second, 0.9999)])
        rank_points = np.array([[112.0, 115.0], second_point], np.float32)
        suit_points = rank_points + np.array([[0, 20], [0, -20]], np.float32)
        sightings = assemble(probabilities, rank_points, suit_points, ())
        return sorted((str(s.card), s.problem) for s in sightings)

    assert read("9d", [205.0, 250.0]) == [("6d", "conflict"), ("9d", "conflict")]
    # Two cards of one suit lying nearly square over each other, turned half round: the second
    # index as near the first's far corner, but off that line. Both stand.
    assert read("9d", [190.0, 262.0]) == [("6d", None), ("9d", None)]
    # Cards of two suits so placed are two cards (a suit is not misread so with its rank).
    assert read("9c", [205.0, 250.0]) == [("6d", None), ("9c", None)]


def test_a_faint_reading_beside_a_sure_index_does_not_move_its_card():
    # A fan of a four-corner drawn deck (scene 118000+23 of scripts/score_drawn_scenes.py): an
    # 8s's top-left index read at 1.00, and beside it, in a row, the 8c's under it read as 8s
    # at 0.66 (a small club taken for a spade). The two join, but the faint one is no witness
    # of where the card's top-left corner is: the 8s lies down and to the right of its sure
    # index, not of the faint one on its neighbour.
    probabilities = np.stack([reading("8s", 0.9999), reading("8s", 0.663)])
    rank_points = np.array([[641.0, 560.0], [606.0, 537.0]], np.float32)
    downs = np.array([[-0.72, 0.69], [-0.58, 0.82]], np.float32)
    suit_points = rank_points + 6.7 * downs
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("8s", 2, None)]
    assert np.linalg.norm(sightings[0].corners[0] - rank_points[0]) < 2 * 6.7



def test_a_four_corner_cards_top_right_and_bottom_left_indices_are_one_card():
    # A drawn four-corner deck's Ad, 154 px wide, seen from its top-right index and its
    # bottom-left one (turned half round): each lies down and to the left of the other as it
    # reads, and they are farther apart than the card its small indices suggest (scene
    # 117000+123). One card, not two duplicates.
    probabilities = np.stack([reading("Ad", 0.9999), reading("Ad", 0.9999)])
    rank_points = np.array([[39.0, 483.0], [49.0, 688.0]], np.float32)
    downs = np.array([[0.66, 0.75], [-0.66, -0.75]], np.float32)
    suit_points = rank_points + 15.5 * downs
    sightings = assemble(probabilities, rank_points, suit_points, ())
    assert [(str(s.card), s.indices, s.problem) for s in sightings] == [("Ad", 2, None)]


def test_a_faint_reading_down_and_left_of_a_sure_index_is_no_top_right_corner_of_its_card():
    # A 2h's top-left index read at 1.00 and, down and to its left, a piece of its picture
    # turned half round read 2h at 0.18 (scene 61000+144): as a four-corner deck's top-right
    # and bottom-left corners they would put the 2h on its neighbours. The 2h lies down and to
    # the right of its sure index.
    probabilities = np.stack([reading("2h", 0.9999), reading("2h", 0.181)])
    rank_points = np.array([[1163.0, 264.0], [1145.0, 386.0]], np.float32)
    downs = np.array([[0.21, 0.98], [-0.42, -0.91]], np.float32)
    suit_points = rank_points + np.array([[15.4], [33.0]], np.float32) * downs
    sightings = assemble(probabilities, rank_points, suit_points, ())
    sure = [s for s in sightings if s.confidence >= CONFIDENT]
    assert [str(s.card) for s in sure] == ["2h"]
    assert np.linalg.norm(sure[0].corners[0] - rank_points[0]) < 2 * 15.4


def test_a_lone_top_right_index_at_the_frames_edge_has_its_card_out_of_the_frame():
    # A four-corner deck's card mostly out of the frame, its top-right index in view at the
    # frame's left edge (scene 68000+55 had it at the top edge): the card to the index's left
    # is mostly outside the frame, which neither shows nor contradicts it, while a card down
    # and to the right of it (as from a top-left index) would lie mostly on bare table.
    paper = np.zeros((400, 600), np.uint8)
    paper[90:250, 0:18] = 255  # the strip of the 2h in view
    paper[95:260, 195:340] = 255  # an 8c showing its top two indices
    cards = [reading("2h"), reading("8c"), reading("8c")]
    rank_points = np.array([[8.0, 112.0], [210.0, 112.0], [310.0, 112.0]], np.float32)
    suit_points = rank_points + np.array([0.0, 17.0], np.float32)
    sightings = assemble(np.stack(cards), rank_points, suit_points, (), paper=paper)
    (two,) = [s for s in sightings if str(s.card) == "2h"]
    # Outlined by its part in the frame: the strip left of the index's right edge.
    assert two.corners[:, 0].max() < 8.0 + 17.0


def two_lone_eights(second: str, second_point: tuple[float, float],
                    second_turned: bool) -> list[tuple[str, str | None]]:
    """The cards read from a frame of a four-corner deck (a 9d showing its top two indices)
    with two lone indices more: an 8s at (310, 300), upright and read at 0.9, and ``second``
    at ``second_point``, read at 0.85, upright or turned half round."""
    cards = [reading("9d"), reading("9d"), reading("8s", 0.9), reading(second, 0.85)]
    rank_points = np.array([[110.0, 112.0], [210.0, 112.0], [310.0, 300.0], second_point],
                           np.float32)
    way = np.array([[0.0, 17.0], [0.0, 17.0], [0.0, 17.0],
                    [0.0, -17.0 if second_turned else 17.0]], np.float32)
    paper = np.full((600, 600), 255, np.uint8)
    sightings = assemble(np.stack(cards), rank_points, rank_points + way, (), paper=paper)
    return sorted((str(s.card), s.problem) for s in sightings)


def test_two_lone_indices_of_one_rank_where_one_cards_corners_lie_are_a_conflict():
    # Side by side a card's width apart (100 px, six spans), turned alike: an 8c's top two
    # indices, one read as a spade (small clubs and spades look alike), not two cards. Drawn
    # scene 118000+36: an 8c under an 8d, its bottom two indices read 8s (0.86) and 8c (0.80).
    assert two_lone_eights("8c", (410.0, 300.0), False) == [
        ("8c", "conflict"), ("8s", "conflict"), ("9d", None)]
    # ...and one above the other, facing each other a card's height apart: one side's two.
    assert two_lone_eights("8c", (310.0, 450.0), True) == [
        ("8c", "conflict"), ("8s", "conflict"), ("9d", None)]
    # A nearly sure one beside one too unsure to report stands (as a duplicate's would).
    cards = [reading("9d"), reading("9d"), reading("8s", 0.97), reading("8c", 0.6)]
    rank_points = np.array([[110.0, 112.0], [210.0, 112.0], [310.0, 300.0], [410.0, 300.0]],
                           np.float32)
    sightings = assemble(np.stack(cards), rank_points, rank_points + np.float32([0.0, 17.0]), (),
                         paper=np.full((600, 600), 255, np.uint8))
    assert sorted((str(s.card), s.problem) for s in sightings) == [
        ("8c", "conflict"), ("8s", None), ("9d", None)]
    # Suits of two colours are not so confused: an 8h beside the 8s is a card of its own.
    assert two_lone_eights("8h", (410.0, 300.0), False) == [
        ("8h", None), ("8s", None), ("9d", None)]
    # Nor are indices back to back (two cards lying head to head), or too near for one card.
    assert two_lone_eights("8c", (310.0, 150.0), True) == [
        ("8c", None), ("8s", None), ("9d", None)]
    assert two_lone_eights("8c", (330.0, 300.0), False) == [
        ("8c", None), ("8s", None), ("9d", None)]


def three_of_spades_and_a_corner(frame_height: int) -> list[tuple[str, str | None]]:
    """The cards read from a 3s's top-left index (upright at (300, 112), 0.99) and its
    bottom-right one (turned half round at (368, 234), near where the card a common deck's
    index of this size spans would have it, read as a Js at 0.97), in a frame this high.
    (Placed just so, the outlines worked out from the two would have their centres on the line
    through both: one card read two ways wherever it lies, both conflicts.)"""
    cards = [reading("3s"), reading("Js", 0.97)]
    rank_points = np.array([[300.0, 112.0], [368.0, 234.0]], np.float32)
    suit_points = rank_points + np.float32([[0.0, 17.0], [0.0, -17.0]])
    paper = np.full((frame_height, 600), 255, np.uint8)
    return sorted((str(s.card), s.problem)
                  for s in assemble(np.stack(cards), rank_points, suit_points, (), paper=paper))


def test_a_corner_the_frames_edge_may_cut_reading_another_rank_of_its_cards_suit_is_a_conflict():
    # The 3s's bottom-right index lies at the frame's bottom edge, part of it maybe cut off: the
    # part of a 3 left read as a J (drawn scene 118000+46; held-out 111000+115 the other way).
    assert three_of_spades_and_a_corner(235) == [("3s", None), ("Js", "conflict")]
    # Well inside the frame it is a card's index of its own.
    assert three_of_spades_and_a_corner(600) == [("3s", None), ("Js", None)]


def test_a_whole_card_with_a_jumbo_index_is_outlined_by_its_paper():
    # A card 100 px wide whose index spans 33 px (three spans per width, a jumbo index; common
    # decks have 4 to 6.5) lying whole: its paper's rectangle is its outline. Estimated from
    # the index at a common deck's proportions it would be 191 px wide, its centre off the card.
    outline = rectangle(100, 100, 200, 245)
    probabilities = np.stack([reading("7d")])
    rank_points = np.array([[118.0, 125.0]], np.float32)
    suit_points = np.array([[118.0, 158.0]], np.float32)
    [sighting] = assemble(probabilities, rank_points, suit_points, (outline,))
    assert str(sighting.card) == "7d"
    assert np.allclose(sighting.centre, [150.0, 172.5], atol=1.0)


def test_a_lone_jumbo_index_is_outlined_as_wide_as_the_slanted_whole_cards_beside_it():
    # A camera's slant makes the cards trapezia 1.9 times as high as wide, which marks.py's
    # whole_card refuses. A board card 82 px wide at a slant with its jumbo index (30 px span),
    # and a lone 7d index (no whole card of its own, in a fan) beside it: the slanted whole
    # card says the deck's indices are large, so the 7d's outline is about 2.7 of its spans
    # wide, not WIDTH_PER_SPAN's 5.8 (174 px: centred on the card beside it), and as high for
    # its width as the slanted card.
    board = np.array([[370, 283], [454, 284], [472, 440], [386, 438]], np.float64)
    probabilities = np.stack([reading("2c"), reading("7d")])
    rank_points = np.array([[385.0, 305.0], [230.0, 490.0]], np.float32)
    suit_points = np.array([[385.0, 335.0], [230.0, 520.0]], np.float32)
    outline = board.astype(np.int32)
    plain = assemble(probabilities, rank_points, suit_points, (outline,))
    slanted = assemble(probabilities, rank_points, suit_points, (outline,), slanted=(board,))
    width = {str(s.card): float(np.linalg.norm(s.corners[1] - s.corners[0])) for s in slanted}
    assert round({str(s.card): float(np.linalg.norm(s.corners[1] - s.corners[0]))
                  for s in plain}["7d"]) == 174
    assert 75 <= width["7d"] <= 95 and 75 <= width["2c"] <= 95
    [lone] = [s for s in slanted if str(s.card) == "7d"]
    height = float(np.linalg.norm(lone.corners[3] - lone.corners[0]))
    assert 1.7 <= height / width["7d"] <= 2.0


def test_slanted_whole_cards_of_common_indices_leave_the_common_proportions():
    # The same board card with a common index (14 px span: 6 spans per width): outlines worked
    # out from a lone index keep WIDTH_PER_SPAN.
    board = np.array([[370, 283], [454, 284], [472, 440], [386, 438]], np.float64)
    probabilities = np.stack([reading("2c"), reading("7d")])
    rank_points = np.array([[380.0, 297.0], [230.0, 490.0]], np.float32)
    suit_points = np.array([[380.0, 311.0], [230.0, 504.0]], np.float32)
    sightings = assemble(probabilities, rank_points, suit_points,
                         (board.astype(np.int32),), slanted=(board,))
    [lone] = [s for s in sightings if str(s.card) == "7d"]
    assert np.isclose(np.linalg.norm(lone.corners[1] - lone.corners[0]), 5.8 * 14)
