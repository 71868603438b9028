"""Ink marks on card paper: card outlines hug the cards, not the light felt around them."""

from __future__ import annotations

import cv2
import numpy as np

from tableside.vision.marks import (
    LINE_PASS,
    InkBox,
    area_means,
    byte_percentile,
    find_marks,
    white_balance,
)


def table(felt: int, noise: float = 8.0, seed: int = 1) -> np.ndarray:
    """A grey felt with sensor noise, and one white card (100 x 140 px) at (200, 150)."""
    generator = np.random.default_rng(seed)
    image = np.full((400, 600, 3), felt, np.float32)
    image[150:290, 200:300] = 235
    image += generator.normal(0, noise, image.shape)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_light_felt_next_to_a_card_stays_out_of_its_outline():
    # Felt about half as bright as the paper: bright next to its dull surroundings, but no
    # paper. The card's outline must stay the card, not grow into the felt around it.
    marks = find_marks(table(felt=125))
    assert len(marks.outlines) == 1
    area = cv2.contourArea(marks.outlines[0].astype(np.float32))
    assert 0.9 * 100 * 140 <= area <= 1.05 * 100 * 140
    # ...and so the felt makes no marks.
    assert all(len(marks_pass) == 0 for marks_pass in marks.passes)



def test_a_card_on_a_light_table_is_paper_too():
    # A light grey cloth at 80 % of the paper's brightness: paper cannot be 1.45 times as
    # bright as that, yet the card is paper, its outline the card, and its rank a mark; the
    # cloth is no paper.
    generator = np.random.default_rng(4)
    image = np.full((400, 600, 3), 200, np.float32)
    image[150:290, 200:300] = 250
    image[160:180, 210:218] = 30
    image += generator.normal(0, 3, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    assert len(marks.outlines) == 1
    area = cv2.contourArea(marks.outlines[0].astype(np.float32))
    assert 0.9 * 100 * 140 <= area <= 1.05 * 100 * 140
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 100]
    assert [(round(x), round(y)) for x, y in strokes] == [(214, 170)]


def test_a_card_in_the_dim_part_of_the_table_is_paper_too():
    # A lamp lights the left of the table: the card there is bright, the card at the far
    # right reaches only 40 % of its brightness, darker than the lit felt beside the lamp.
    generator = np.random.default_rng(2)
    light = np.linspace(1.0, 0.4, 900, dtype=np.float32)[None, :, None]
    image = np.full((400, 900, 3), 100, np.float32)
    for left in (100, 700):
        image[130:270, left:left + 100] = 235
        image[150:170, left + 15:left + 25] = 30  # a rank's stroke, to be a mark
    image = image * light + generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    centres = sorted(float(outline[:, 0].mean()) for outline in marks.outlines)
    assert len(centres) == 2 and abs(centres[0] - 150) < 10 and abs(centres[1] - 750) < 10
    areas = [cv2.contourArea(outline.astype(np.float32)) for outline in marks.outlines]
    assert all(0.9 * 100 * 140 <= area <= 1.05 * 100 * 140 for area in areas)
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 100]
    assert sorted(round(x / 10) for x, _ in strokes) == [12, 72]


def test_a_rank_in_a_hard_shadow_on_a_card_is_a_mark():
    # A hand (or a lamp's edge) casts a hard shadow over the table's left, and with it over
    # the left half of a card: paper there is half as bright as in the light, and the rank
    # printed in the shadowed half must still be a mark on card paper. (The shadow's edge
    # itself, darker than the lit paper beside it, parts the card's paper in two outlines.)
    generator = np.random.default_rng(3)
    image = np.full((400, 600, 3), 70, np.float32)
    image[150:290, 200:300] = 235
    image[160:180, 210:218] = 30  # a rank's stroke, in the shadow
    image[:, :250] *= 0.5
    image += generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 100]
    assert [(round(x), round(y)) for x, y in strokes] == [(213, 169)]
    shadowed = [outline for outline in marks.outlines if outline[:, 0].max() < 250]
    assert len(shadowed) == 1 and shadowed[0][:, 0].min() <= 202


def test_a_card_in_a_deep_shadow_beside_a_lit_card_is_paper():
    # A player leaning over the table shades it from a lamp: a card in the shadow, 150 px from
    # a lit one, is a third as bright as that card's paper. It is still paper, as three times
    # as bright as the felt beside it in the shadow (marks.py's SHADOW_CONTRAST), and the rank
    # printed on it is a mark.
    generator = np.random.default_rng(6)
    image = np.full((720, 1280, 3), 70, np.float32)
    image[300:440, 200:300] = 235  # the lit card
    image[300:440, 450:550] = 235  # the card in the shadow
    image[315:335, 462:470] = 30  # its rank's stroke
    image[:, 390:] *= 0.35
    image += generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 100]
    assert [(round(x), round(y)) for x, y in strokes] == [(465, 324)]
    assert any(abs(outline[:, 0].mean() - 500) < 10 for outline in marks.outlines)


def test_a_card_beside_a_glare_spot_in_a_dim_room_is_paper():
    # A camera held to a short exposure under one lamp: the paper reaches 70, the felt 15, and
    # the lamp's reflection on the table beside the card (a soft spot 200 brighter at its
    # middle, 70 px right of the card's edge) is far brighter than the paper. The card is still
    # paper, its outline the whole card, as over four times as bright as its felt (marks.py's
    # GLARE_CONTRAST), and the rank printed on it a mark.
    generator = np.random.default_rng(8)
    image = np.full((720, 1280, 3), 15, np.float32)
    image[300:440, 500:600] = 70  # the card
    image[315:335, 512:520] = 10  # its rank's stroke
    rows, columns = np.mgrid[0:720, 0:1280]
    glare = 200 * np.exp(-((columns - 670) ** 2 + (rows - 300) ** 2) / (2 * 40.0 ** 2))
    image += glare[..., None]
    image += generator.normal(0, 3, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 100]
    assert [(round(x), round(y)) for x, y in strokes] == [(516, 325)]
    spans = [(*outline.min(axis=0), *outline.max(axis=0)) for outline in marks.outlines]
    assert any(left <= 505 and top <= 305 and right >= 595 and bottom >= 435
               for left, top, right, bottom in spans)


def test_a_rank_on_a_strip_of_paper_in_a_cards_shadow_is_a_mark():
    # The strip of a card showing beside the rim of the card over it, in that card's shadow: a
    # little under 0.8 of the paper's brightness around it, so no paper to the first ink pass,
    # but paper at SHADOWED_SHARE, and the rank printed on it a mark (of the looser pass, in
    # whose paper the strip lies).
    generator = np.random.default_rng(7)
    image = np.full((400, 600, 3), 70, np.float32)
    image[150:290, 200:300] = 235  # the card over it
    image[150:290, 300:303] = 60  # that card's rim
    image[150:290, 303:316] = 170  # the strip of the card under it, shadowed
    image[160:174, 306:312] = 30  # its rank's stroke
    image += generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    assert marks.level[167, 309] * 0.7 < 170 < marks.level[167, 309] * 0.8
    assert marks.cards[167, 309] == 255
    strokes = marks.passes[1].centroids[marks.passes[1].areas >= 40]
    assert [(round(x), round(y)) for x, y in strokes] == [(309, 167)]
    # The strip is no card's outline of its own: only the card over it is.
    assert len(marks.outlines) == 1


def test_a_rank_in_a_scrap_of_paper_too_small_for_a_card_is_a_mark():
    # A card mostly under others may show no more paper than a scrap around its index, too
    # small to be taken for a card (MIN_PAPER_AREA): the rank in it is a mark all the same,
    # while the scrap is no card's outline.
    generator = np.random.default_rng(5)
    image = np.full((400, 600, 3), 70, np.float32)
    image[150:290, 200:300] = 235  # a whole card, for the paper's brightness
    image[100:118, 400:417] = 235  # the scrap: 17 x 18 px
    image[104:114, 406:411] = 30  # a rank's stroke in it
    image += generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    assert len(marks.outlines) == 1
    strokes = marks.passes[0].centroids[marks.passes[0].areas >= 20]
    assert [(round(x), round(y)) for x, y in strokes] == [(408, 108)]


def test_a_rank_touching_the_rim_of_the_card_over_it_is_a_mark_of_its_own():
    # A card (columns 200-400, rows 150-290) under another whose corner covers its top right
    # (from column 302, down to row 248) and whose printed rim, 2 px wide, runs down its edge
    # (columns 300-301). The under card's paper is an L whose convex outline takes in the rim,
    # and its rank's stroke touches the rim: the rim between the two cards' paper is no ink,
    # so the stroke is a mark of its own rather than one with the rim.
    generator = np.random.default_rng(7)
    image = np.full((400, 600, 3), 70, np.float32)
    image[150:290, 200:400] = 235
    image[100:248, 300:302] = 25  # the top card's rim, down its left side...
    image[246:248, 300:460] = 25  # ...and along its bottom
    image[100:246, 302:460] = 235  # the top card's paper
    image[200:214, 292:300] = 30  # the rank's stroke (8 x 14 px), against the rim
    image += generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    first = marks.passes[0]
    stroke = first.marks_at(np.array([[295.0, 207.0]]))[0]
    assert stroke >= 0
    width, height = first.boxes[stroke][2:]
    assert width <= 14 and height <= 18  # (not 105 x 95: the rim's two sides)


def test_a_rank_touching_the_cards_rim_is_parted_from_it_on_the_line_cut_pass():
    # A card (200 x 280 px) with a thin dark rim 5 px inside its edge, as David Bellot's decks
    # print one, and a rank whose stroke touches the rim: blur joins the two into one mark of
    # the card's size, which makes no candidate; the pass that cuts long straight lines out of
    # such marks leaves the rank a mark of its own, parted from the rim's.
    generator = np.random.default_rng(3)
    image = np.full((400, 600, 3), 70, np.uint8)
    image[60:340, 200:400] = 235
    cv2.rectangle(image, (205, 65), (394, 334), (40, 40, 40), 2)
    cv2.putText(image, "6", (207, 90), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 30), 2)
    image = image.astype(np.float32) + generator.normal(0, 4, image.shape)
    marks = find_marks(np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8))
    rank = np.array([[215.0, 80.0]])
    first = marks.passes[0]
    joined = first.marks_at(rank)[0]
    assert joined >= 0 and min(first.boxes[joined][2:]) > 150  # the rim's
    lines_cut = marks.passes[LINE_PASS]
    alone = lines_cut.marks_at(rank)[0]
    assert alone >= 0 and lines_cut.parted_from[alone] == joined
    width, height = lines_cut.boxes[alone][2:]
    assert 8 <= width <= 20 and 12 <= height <= 24


def test_white_balance_scales_each_channel_rounded_and_saturated():
    frame = np.random.default_rng(5).integers(0, 256, (37, 53, 3), dtype=np.uint8)
    gains = (1.0, 1.37, 2.61)  # the red gain pushes bright pixels past 255
    for channel, gain, balanced in zip(cv2.split(frame), gains, white_balance(frame, gains),
                                       strict=True):
        expected = np.clip(np.rint(channel * gain), 0, 255).astype(np.uint8)
        assert np.array_equal(balanced, expected)


def test_marks_found_within_the_ink_box_are_those_of_the_whole_frame():
    # Random ink on a box-sized part of an odd-placed frame: labelled within the box (its
    # corner and sides even, whatever the ink's), the marks are numbered, placed and centred
    # exactly as labelling the whole frame numbers, places and centres them.
    generator = np.random.default_rng(5)
    ink = np.zeros((301, 417), np.uint8)
    ink[37:250, 61:390] = (generator.random((213, 329)) < 0.35) * 255
    box = InkBox.around(ink)
    assert (box.top, box.left) == (28, 52) and (box.bottom - box.top) % 2 == 0
    assert (box.right - box.left) % 2 == 0
    labels, boxes, areas, centroids = box.labelled(ink[box.rows, box.columns])
    count, whole, stats, whole_centroids = cv2.connectedComponentsWithStats(ink, 8, cv2.CV_32S)
    assert count > 1000
    assert np.array_equal(labels, whole)
    assert np.array_equal(boxes, stats[1:, :4]) and np.array_equal(areas, stats[1:, 4])
    assert np.array_equal(centroids, whole_centroids[1:])


def test_marks_found_part_by_part_are_those_of_the_whole_frame():
    # Random ink in three clusters of paper, two of whose boxes overlap (one part), the third
    # apart and against the frame's edge: labelled part by part, the marks are the whole
    # frame's (boxes, areas, centroids, and the pixels of each), numbered part by part.
    generator = np.random.default_rng(7)
    ink = np.zeros((300, 420), np.uint8)
    shapes = [np.array([[40, 30], [150, 30], [150, 120], [40, 120]], np.int32),
              np.array([[140, 100], [230, 100], [230, 180], [140, 180]], np.int32),
              np.array([[330, 200], [419, 200], [419, 299], [330, 299]], np.int32)]
    for shape in shapes:
        (left, top), (right, bottom) = shape.min(axis=0), shape.max(axis=0)
        ink[top:bottom + 1, left:right + 1] = (
            generator.random((bottom - top + 1, right - left + 1)) < 0.35) * 255
    box = InkBox.around(ink, shapes)
    assert len(box.parts) == 2
    assert sum((bottom - top) * (right - left) for top, left, bottom, right in box.parts) < (
        (box.bottom - box.top) * (box.right - box.left))
    labels, boxes, areas, centroids = box.labelled(ink[box.rows, box.columns])
    count, whole, stats, whole_centroids = cv2.connectedComponentsWithStats(ink, 8, cv2.CV_32S)
    assert count > 500 and len(areas) == count - 1
    # The same marks, in another order: each mark's pixels are one whole-frame mark's.
    numbers = whole[labels > 0]
    order = np.zeros(count - 1, np.int64)
    order[labels[labels > 0] - 1] = numbers - 1
    assert np.array_equal(np.sort(order), np.arange(count - 1))
    assert np.array_equal(whole > 0, labels > 0)
    assert np.array_equal(order[labels[labels > 0] - 1], numbers - 1)
    assert np.array_equal(boxes, stats[1:, :4][order])
    assert np.array_equal(areas, stats[1:, 4][order])
    assert np.array_equal(centroids, whole_centroids[1:][order])


def test_a_shape_outside_the_paper_makes_no_part():
    # A scrap of paper whose outline's mask came out empty lies outside the box around the
    # paper: cut to the box, its part would be empty (bottom above top), and labelling it
    # failed. Found on a shared photograph shrunk so its cards are 90 px wide (IMG_2518.JPG).
    ink = np.zeros((470, 352), np.uint8)
    ink[60:300, 60:300:3] = 255
    paper_shape = np.array([[50, 50], [310, 50], [310, 310], [50, 310]], np.int32)
    scrap = np.array([[210, 430], [240, 430], [240, 460], [210, 460]], np.int32)
    box = InkBox.around(ink, [paper_shape, scrap])
    assert len(box.parts) == 1
    assert all(top < bottom and left < right for top, left, bottom, right in box.parts)
    areas = box.labelled(ink[box.rows, box.columns])[2]
    assert len(areas) == cv2.connectedComponents(ink, connectivity=8)[0] - 1 == 80
    # With no shape inside, the part is the box.
    assert InkBox.around(ink, [scrap]).parts == ((box.top, box.left, box.bottom, box.right),)


def test_marks_past_what_uint16_labels_hold_are_labelled_in_int32():
    # Labels are uint16 where the numbers fit; past 65,535 marks (a part's labelling, or the
    # parts' numbers together) they are int32, the same numbers as over the whole frame.
    ink = np.zeros((700, 600), np.uint8)
    ink[1:-1:2, 1:-1:2] = 255
    box = InkBox.around(ink)
    labels, boxes, areas, _ = box.labelled(ink[box.rows, box.columns])
    count, whole, stats, _ = cv2.connectedComponentsWithStats(ink, 8, cv2.CV_32S)
    assert count - 1 > 65535 and labels.dtype == np.int32 and np.array_equal(areas, stats[1:, 4])
    assert np.array_equal(labels, whole) and np.array_equal(boxes, stats[1:, :4])
    few = np.zeros_like(ink)
    few[1:100:2, 1:100:2] = 255
    box = InkBox.around(few)
    assert box.labelled(few[box.rows, box.columns])[0].dtype == np.uint16


def test_card_masks_made_near_paper_are_those_of_the_whole_frame():
    # The outlines' masks are made over the box near paper only: with cards inside the frame
    # and cards cut by its edges, the mask is the outlines filled over the whole frame and
    # eroded there.
    for corner in ((200, 150), (-40, 150), (520, -60), (530, 290)):
        image = np.full((400, 600, 3), 60, np.float32)
        x, y = corner
        image[max(0, y):max(0, y + 140), max(0, x):max(0, x + 100)] = 235
        image[max(0, y + 30):max(0, y + 50), max(0, x + 40):max(0, x + 46)] = 20
        frame = np.clip(cv2.GaussianBlur(image, (0, 0), 1.0), 0, 255).astype(np.uint8)
        marks = find_marks(frame)
        assert marks.outlines
        whole = np.zeros(frame.shape[:2], np.uint8)
        for outline in marks.outlines:
            cv2.fillConvexPoly(whole, outline, 255)
        whole = cv2.erode(whole, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))
        assert np.array_equal(marks.cards, whole)


def test_a_black_frame_has_no_outlines_and_no_marks():
    # A covered camera: nothing is near paper, the ink box is the whole frame, and no pass
    # finds a mark (odd sides too).
    marks = find_marks(np.zeros((101, 99, 3), np.uint8))
    assert marks.outlines == () and marks.papers == ()
    assert all(len(marks_pass) == 0 for marks_pass in marks.passes)
    assert marks.passes[0].labels.shape == (101, 99) and not marks.passes[0].labels.any()


def test_byte_percentile_is_numpys_percentile_to_the_last_bit():
    # Any count of bytes, any spread, shares at the ends and between: the very same float.
    generator = np.random.default_rng(11)
    for _ in range(2000):
        low, high = sorted(generator.integers(0, 256, 2))
        values = generator.integers(low, high + 1, (int(generator.integers(1, 40)),
                                                    int(generator.integers(1, 90))), np.uint8)
        for share in (0.0, 1.0, 50.0, 99.0, 99.5, 100.0, float(generator.uniform(0, 100))):
            assert byte_percentile(values, share) == float(np.percentile(values, share))


def test_area_means_shrink_as_opencvs_area_resize_to_the_last_bit():
    # Sides the factors divide (the sums) and sides they do not (OpenCV's own), smooth images
    # and noise, and a plane smaller than a block.
    generator = np.random.default_rng(12)
    for height, width in ((720, 1280), (96, 160), (100, 131), (48, 64), (7, 5), (16, 48)):
        noise = generator.integers(0, 256, (height, width), np.uint8)
        for image in (noise, cv2.GaussianBlur(noise, (0, 0), 3)):
            shrunk = area_means(image, (4, 16, 8, 2, 3))
            for factor, mine in zip((4, 16, 8, 2, 3), shrunk, strict=True):
                size = (max(1, width // factor), max(1, height // factor))
                assert np.array_equal(
                    mine, cv2.resize(image, size, interpolation=cv2.INTER_AREA)), (
                    height, width, factor)
