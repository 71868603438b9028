"""Decks drawn by code: random designs of card faces, for training and for demonstrations.

A real deck teaches a reader one font and one layout; designs it has never seen are what it
must also read. :func:`drawn_deck` draws a whole deck in a random style: paper tint, corner
radius, outline, two or four suit colours, index size (up to jumbo), index place, rank lettering
(the Hershey fonts OpenCV draws, or any :class:`GlyphPainter`, such as TrueType fonts the
training script renders), suit shapes with varied proportions, pips, and made-up court pictures.
Each face comes with the boxes of its indices, like :func:`tableside.vision.decks.load_deck`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from tableside.cards import COURT_LETTERS, RANK_CHARS, SUIT_CHARS
from tableside.vision.decks import CARD_NAMES, Box, CardFace, CornerIndex, Deck

# A glyph painter draws text white on black, cropped tight: ``painter(text, height) -> mask``.
GlyphPainter = Callable[[str, int], np.ndarray]

RANK_TEXT = {rank: ("10" if rank == "T" else rank) for rank in RANK_CHARS}
# German decks of French suits (Skat, Rommé) letter their courts Bube, Dame, König: B, D, K.
GERMAN_LETTERS = {english: german for english, german in zip(
    COURT_LETTERS["english"], COURT_LETTERS["german"], strict=True) if english != german}

HERSHEY_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                 cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN)

# Pip places on number cards, in the pip area's units (x 0..1, y 0..1); True: printed upside down.
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((0.5, 0.0), (0.5, 1.0)),
    "3": ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    "4": ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    "5": ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    "6": ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    "7": ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    "8": ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0),
          (1.0, 1.0)),
    "9": ((0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3),
          (1.0, 2 / 3), (0.0, 1.0), (1.0, 1.0)),
    "T": ((0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3),
          (1.0, 2 / 3), (0.5, 5 / 6), (0.0, 1.0), (1.0, 1.0)),
}


def hershey_painter(font: int, thickness_share: float, italic: bool = False) -> GlyphPainter:
    """A painter for one of OpenCV's Hershey fonts; strokes ``thickness_share`` of the height."""

    def paint(text: str, height: int) -> np.ndarray:
        scale = 4.0
        face = font | (cv2.FONT_ITALIC if italic else 0)
        (width, text_height), baseline = cv2.getTextSize(text, face, scale, 1)
        thickness = max(1, round(thickness_share * text_height))
        canvas = np.zeros((text_height + baseline + 4 * thickness + 8,
                           width + 4 * thickness + 8), np.uint8)
        cv2.putText(canvas, text, (2 * thickness + 4, text_height + 2 * thickness + 4), face,
                    scale, 255, thickness, cv2.LINE_AA)
        return fit_height(crop(canvas), height)

    return paint


def crop(mask: np.ndarray) -> np.ndarray:
    """The mask cut to the box around its lit pixels."""
    ys, xs = np.nonzero(mask > 32)
    if len(xs) == 0:
        return mask
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def fit_height(mask: np.ndarray, height: int, stretch: float = 1.0) -> np.ndarray:
    width = max(1, round(mask.shape[1] * height / mask.shape[0] * stretch))
    return cv2.resize(mask, (width, max(1, height)), interpolation=cv2.INTER_AREA)


@dataclass(frozen=True)
class SuitShape:
    """Proportions of the four suit symbols in one design."""

    lobe: float  # heart and spade lobe radius, share of the symbol's width
    point: float  # how far down the heart's point reaches
    diamond_width: float  # diamond width over height
    club_leaf: float  # club leaf radius, share of the width
    stem: float  # stem width at the bottom, share of the width

    @staticmethod
    def random(rng: random.Random) -> SuitShape:
        return SuitShape(lobe=rng.uniform(0.25, 0.31), point=rng.uniform(0.85, 1.05),
                         diamond_width=rng.uniform(0.6, 0.85), club_leaf=rng.uniform(0.2, 0.26),
                         stem=rng.uniform(0.2, 0.45))

    def mask(self, suit: str) -> np.ndarray:
        """The symbol white on black on a 200-pixel square, cropped tight."""
        size = 200
        canvas = np.zeros((size, size), np.uint8)
        r = round(self.lobe * size)
        if suit == "d":
            half = round(self.diamond_width * size / 2)
            points = np.array([[size // 2, 0], [size // 2 + half, size // 2],
                               [size // 2, size - 1], [size // 2 - half, size // 2]])
            cv2.fillPoly(canvas, [points], 255, cv2.LINE_AA)
        elif suit in "hs":
            # A heart: two lobes and a point; a spade is a heart upside down on a stem.
            top = r
            cv2.circle(canvas, (size // 2 - r + 2, top), r, 255, -1, cv2.LINE_AA)
            cv2.circle(canvas, (size // 2 + r - 2, top), r, 255, -1, cv2.LINE_AA)
            bottom = round(self.point * (size - 1) * (0.78 if suit == "s" else 1.0))
            points = np.array([[size // 2 - 2 * r + 3, top + r // 3],
                               [size // 2 + 2 * r - 3, top + r // 3], [size // 2, bottom]])
            cv2.fillPoly(canvas, [points], 255, cv2.LINE_AA)
            if suit == "s":
                canvas = cv2.flip(crop(canvas), 0)
                canvas = cv2.copyMakeBorder(canvas, 0, size // 3, 20, 20, cv2.BORDER_CONSTANT)
                self._stem(canvas, canvas.shape[0] - size // 3 - r // 2)
        else:
            leaf = round(self.club_leaf * size)
            centre = size // 2
            cv2.circle(canvas, (centre, leaf), leaf, 255, -1, cv2.LINE_AA)
            cv2.circle(canvas, (centre - round(1.05 * leaf), round(2.3 * leaf)), leaf, 255, -1,
                       cv2.LINE_AA)
            cv2.circle(canvas, (centre + round(1.05 * leaf), round(2.3 * leaf)), leaf, 255, -1,
                       cv2.LINE_AA)
            cv2.circle(canvas, (centre, round(1.7 * leaf)), leaf // 2, 255, -1, cv2.LINE_AA)
            self._stem(canvas, round(2.3 * leaf))
        return crop(canvas)

    def _stem(self, canvas: np.ndarray, top: int) -> None:
        height, width = canvas.shape
        centre = width // 2
        bottom = min(height - 1, top + round(0.45 * width))
        half = round(self.stem * width / 2)
        points = np.array([[centre - 4, top], [centre + 4, top], [centre + half, bottom],
                           [centre - half, bottom]])
        cv2.fillPoly(canvas, [points], 255, cv2.LINE_AA)


@dataclass(frozen=True)
class DrawnStyle:
    """Everything that makes one drawn deck look the way it does (sizes in card widths)."""

    width: int
    aspect: float
    corner_radius: float
    outline: int  # outline thickness in pixels, 0 for none
    paper: tuple[int, int, int]
    colours: dict[str, tuple[int, int, int]]
    rank_height: float
    suit_height: float
    index_left: float
    index_top: float
    index_gap: float
    rank_stretch: float
    four_indices: bool
    pip_size: float
    shape: SuitShape
    weight: float = 0.0  # rank strokes made bolder (> 0) or lighter (< 0), share of height
    outlined: bool = False  # ranks printed as a dark outline around a lighter fill
    beside: float = 0.0  # size (card widths) of a big suit printed beside the index; 0: none
    upright_bottom: bool = False  # the bottom indices stand as the top ones (CornerIndex.upright)
    standing_pips: bool = False  # the lower half's pips stand as the upper half's, not turned

    @staticmethod
    def random(rng: random.Random, width: int = 250) -> DrawnStyle:
        red = _jitter(rng, (30, 30, 200))
        black = _jitter(rng, (30, 30, 30))
        if rng.random() < 0.3:  # four colours: clubs green, diamonds blue (or yellow/orange)
            diamonds = rng.choice([(190, 90, 20), (40, 170, 230), (20, 140, 240)])
            colours = {"c": _jitter(rng, (40, 130, 30)), "d": _jitter(rng, diamonds),
                       "h": red, "s": black}
        else:
            colours = {"c": black, "d": red, "h": red, "s": black}
        jumbo = rng.random() < 0.25
        rank_height = rng.uniform(0.22, 0.3) if jumbo else rng.uniform(0.12, 0.2)
        return DrawnStyle(
            width=width,
            aspect=rng.uniform(1.36, 1.56),
            corner_radius=rng.uniform(0.03, 0.09),
            outline=rng.choice([0, 0, 1, 2]),
            paper=_jitter(rng, (245, 248, 250), 12),
            colours=colours,
            rank_height=rank_height,
            suit_height=rng.uniform(0.6, 0.95) * min(rank_height, 0.17),
            index_left=rng.uniform(0.03, 0.09),
            index_top=rng.uniform(0.03, 0.09),
            index_gap=rng.uniform(0.0, 0.04),
            rank_stretch=rng.uniform(0.7, 1.3),
            four_indices=rng.random() < 0.15,
            pip_size=rng.uniform(0.16, 0.24),
            shape=SuitShape.random(rng),
            weight=rng.choice([0.0, 0.0, rng.uniform(-0.04, 0.05)]),
            outlined=rng.random() < 0.12,
            beside=rng.uniform(0.12, 0.28) if rng.random() < 0.5 else 0.0,
        )


def _jitter(rng: random.Random, colour: tuple[int, int, int],
            amount: int = 25) -> tuple[int, int, int]:
    return tuple(int(np.clip(c + rng.randint(-amount, amount), 0, 255)) for c in colour)


def drawn_deck(rng: random.Random, painter: GlyphPainter | None = None,
               style: DrawnStyle | None = None, name: str = "drawn",
               suits: dict[str, np.ndarray] | None = None,
               letters: dict[str, str] | None = None) -> Deck:
    """A whole deck in one random style; ``painter`` letters the ranks (default: Hershey),
    ``suits`` are symbol masks by suit letter (default: shapes drawn in the style);
    ``letters`` prints some ranks otherwise (GERMAN_LETTERS: a German deck's B and D for
    the jack and the queen)."""
    style = style or DrawnStyle.random(rng)
    if painter is None:
        painter = hershey_painter(rng.choice(HERSHEY_FONTS), rng.uniform(0.06, 0.16),
                                  italic=rng.random() < 0.1)
    if suits is None:
        suits = {suit: style.shape.mask(suit) for suit in SUIT_CHARS}
    text = RANK_TEXT | (letters or {})
    ranks = {rank: _reweigh(painter(text[rank], 96), style.weight) for rank in RANK_CHARS}
    faces = {name: _draw_face(name, style, ranks[name[0]], suits, rng) for name in CARD_NAMES}
    return Deck(name, faces)


def _reweigh(mask: np.ndarray, weight: float) -> np.ndarray:
    """Bolder or lighter strokes: grow or shrink the glyph by ``weight`` of its height."""
    steps = round(abs(weight) * mask.shape[0])
    if steps == 0:
        return mask
    padded = cv2.copyMakeBorder(mask, steps, steps, steps, steps, cv2.BORDER_CONSTANT)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    changed = (cv2.dilate if weight > 0 else cv2.erode)(padded, kernel, iterations=steps)
    return crop(changed) if changed.any() else mask


def _draw_face(name: str, style: DrawnStyle, rank_mask: np.ndarray,
               suits: dict[str, np.ndarray], rng: random.Random) -> CardFace:
    width = style.width
    height = round(width * style.aspect)
    image = np.zeros((height, width, 4), np.uint8)
    image[:, :, :3] = style.paper
    alpha = np.zeros((height, width), np.uint8)
    radius = max(2, round(style.corner_radius * width))
    _rounded_rectangle(alpha, (0, 0), (width - 1, height - 1), radius, 255)
    rank, suit = name[0], name[1]
    colour = style.colours[suit]

    # The corner indices.
    rank_height = round(style.rank_height * width)
    suit_height = round(style.suit_height * width)
    rank_glyph = fit_height(rank_mask, rank_height, style.rank_stretch)
    if rank_glyph.shape[1] > 0.32 * width:  # "10" too wide for the corner: squeeze it
        rank_glyph = cv2.resize(rank_glyph, (round(0.32 * width), rank_height),
                                interpolation=cv2.INTER_AREA)
    suit_glyph = fit_height(suits[suit], suit_height)
    column = style.index_left * width + max(rank_glyph.shape[1], suit_glyph.shape[1]) / 2
    rank_centre = (column, style.index_top * width + rank_height / 2)
    suit_centre = (column, rank_centre[1] + rank_height / 2 + style.index_gap * width
                   + suit_height / 2)
    # The middle keeps clear of the index column.
    margin = style.index_left * width + max(rank_glyph.shape[1], suit_glyph.shape[1]) \
        + 0.03 * width

    # A big suit printed right beside the index, as on many court cards and some pips.
    if style.beside and (rank in "JQK" or rng.random() < 0.5):
        big = fit_height(suits[suit], round(style.beside * width))
        x = margin - 0.03 * width + big.shape[1] / 2 + rng.uniform(-0.005, 0.03) * width
        y = style.index_top * width + big.shape[0] / 2
        for turn in (False, True):
            image = cv2.rotate(image, cv2.ROTATE_180) if turn else image
            _paint(image, big, (x, y), colour)
        image = cv2.rotate(image, cv2.ROTATE_180)
        margin = min(x + big.shape[1] / 2 + 0.02 * width, 0.38 * width)

    # Center: pips, a big ace pip, or a made-up court picture.
    if rank in PIP_LAYOUTS:
        _draw_pips(image, PIP_LAYOUTS[rank], suits[suit], colour, style, margin)
    elif rank == "A":
        size = round(width * rng.uniform(0.25, 0.5))
        _paint(image, fit_height(suits[suit], size), (width / 2, height / 2), colour)
    else:
        _draw_court(image, style, suits[suit], rank_glyph, colour, rng, margin)

    # Top-left (and top-right) upright; then the same on the face turned half round, which
    # puts the turned indices in the bottom-right (and bottom-left) corners. Standing bottom
    # indices are painted there with their glyphs turned, so that they stand on the face.
    columns = [column, width - column] if style.four_indices else [column]
    indices = []
    for turned in (False, True):
        standing = turned and style.upright_bottom
        if turned:
            image = cv2.rotate(image, cv2.ROTATE_180)
        for x in columns:
            rank_box = _paint(image, _turned_if(rank_glyph, standing), (x, rank_centre[1]),
                              colour)
            if style.outlined:  # a lighter fill inside the outline
                inner = cv2.erode(rank_glyph, cv2.getStructuringElement(
                    cv2.MORPH_ELLIPSE, (3, 3)), iterations=max(1, rank_height // 12))
                fill = tuple(int(c + 0.6 * (255 - c)) for c in colour)
                _paint(image, _turned_if(inner, standing), (x, rank_centre[1]), fill)
            suit_box = _paint(image, _turned_if(suit_glyph, standing), (x, suit_centre[1]),
                              colour)
            if turned:
                rank_box, suit_box = rank_box.turned(width, height), suit_box.turned(width, height)
            indices.append(CornerIndex(rank_box, suit_box, turned=turned, upright=standing))
    image = cv2.rotate(image, cv2.ROTATE_180)

    if style.outline:
        outline = np.zeros_like(alpha)
        _rounded_rectangle(outline, (0, 0), (width - 1, height - 1), radius, 255,
                           thickness=style.outline)
        image[outline > 0, :3] = (90, 90, 90)
    image[:, :, 3] = alpha
    return CardFace(name, image, tuple(indices))


def _turned_if(glyph: np.ndarray, turn: bool) -> np.ndarray:
    return cv2.rotate(glyph, cv2.ROTATE_180) if turn else glyph


def _box_at(glyph: np.ndarray, centre: tuple[float, float]) -> Box:
    height, width = glyph.shape
    x0 = round(centre[0] - width / 2)
    y0 = round(centre[1] - height / 2)
    return Box(float(x0), float(y0), float(x0 + width), float(y0 + height))


def _paint(image: np.ndarray, glyph: np.ndarray, centre: tuple[float, float],
           colour: tuple[int, int, int]) -> Box:
    """Ink ``glyph`` (a white-on-black mask) centred at ``centre``; returns its box."""
    box = _box_at(glyph, centre)
    x0, y0 = int(box.x0), int(box.y0)
    height, width = glyph.shape
    region = image[y0:y0 + height, x0:x0 + width, :3]
    cover = (glyph[:region.shape[0], :region.shape[1]].astype(np.float32) / 255)[:, :, None]
    region[:] = (region * (1 - cover) + np.array(colour, np.float32) * cover).astype(np.uint8)
    return box


def _draw_pips(image: np.ndarray, layout: tuple[tuple[float, float], ...], suit: np.ndarray,
               colour: tuple[int, int, int], style: DrawnStyle, margin: float) -> None:
    height, width = image.shape[:2]
    pip = fit_height(suit, round(min(style.pip_size * width, 0.9 * (width / 2 - margin))))
    left = max(0.3 * width, margin + pip.shape[1] / 2)
    right = width - left
    top, bottom = 0.2 * height, 0.8 * height
    for x, y in layout:
        centre = (left + x * (right - left), top + y * (bottom - top))
        glyph = cv2.rotate(pip, cv2.ROTATE_180) if y > 0.5 and not style.standing_pips else pip
        _paint(image, glyph, centre, colour)


def _draw_court(image: np.ndarray, style: DrawnStyle, suit: np.ndarray,
                rank_mask: np.ndarray, colour: tuple[int, int, int], rng: random.Random,
                margin: float) -> None:
    """A framed picture of random shapes in several colours, mirrored top to bottom."""
    height, width = image.shape[:2]
    x0 = round(max(0.2 * width, margin))
    x1 = width - x0
    y0, y1 = round(0.13 * height), round(0.87 * height)
    half = np.zeros(((y1 - y0) // 2, x1 - x0, 3), np.uint8)
    half[:] = style.paper
    palette = [colour, _jitter(rng, (40, 160, 220), 40), _jitter(rng, (160, 60, 30), 40),
               _jitter(rng, (40, 40, 40)), _jitter(rng, (60, 160, 60), 40)]
    for _ in range(rng.randint(8, 20)):
        shade = rng.choice(palette)
        p = (rng.randrange(half.shape[1]), rng.randrange(half.shape[0]))
        kind = rng.random()
        if kind < 0.4:
            q = (p[0] + rng.randint(-40, 40), p[1] + rng.randint(-40, 40))
            cv2.rectangle(half, p, q, shade, rng.choice([-1, 1, 2]))
        elif kind < 0.7:
            cv2.circle(half, p, rng.randint(3, 25), shade, rng.choice([-1, 1, 2]), cv2.LINE_AA)
        else:
            q = (rng.randrange(half.shape[1]), rng.randrange(half.shape[0]))
            cv2.line(half, p, q, shade, rng.randint(1, 4), cv2.LINE_AA)
    picture = np.vstack([half, cv2.rotate(half, cv2.ROTATE_180)])
    if rng.random() < 0.5:
        cv2.rectangle(picture, (0, 0), (picture.shape[1] - 1, picture.shape[0] - 1), colour, 2)
    image[y0:y0 + picture.shape[0], x0:x1, :3] = picture
    if rng.random() < 0.2:  # a big letter in the middle, as some modern designs print
        letter = fit_height(rank_mask, round(0.3 * height))
        if letter.shape[1] < x1 - x0:
            _paint(image, letter, (width / 2, height / 2), colour)
    if rng.random() < 0.5:  # a suit beside the picture, as many court designs have
        small = fit_height(suit, round(0.12 * width))
        _paint(image, small, (x0 + small.shape[1] / 2 + 4, y0 + small.shape[0] / 2 + 4), colour)


def _rounded_rectangle(canvas: np.ndarray, top_left: tuple[int, int],
                       bottom_right: tuple[int, int], radius: int, value: int,
                       thickness: int = -1) -> None:
    (x0, y0), (x1, y1) = top_left, bottom_right
    if thickness < 0:
        cv2.rectangle(canvas, (x0 + radius, y0), (x1 - radius, y1), value, -1)
        cv2.rectangle(canvas, (x0, y0 + radius), (x1, y1 - radius), value, -1)
        for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius),
                       (x0 + radius, y1 - radius), (x1 - radius, y1 - radius)):
            cv2.circle(canvas, (cx, cy), radius, value, -1, cv2.LINE_AA)
        return
    inset = thickness // 2
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    cv2.line(canvas, (x0 + radius, y0), (x1 - radius, y0), value, thickness)
    cv2.line(canvas, (x0 + radius, y1), (x1 - radius, y1), value, thickness)
    cv2.line(canvas, (x0, y0 + radius), (x0, y1 - radius), value, thickness)
    cv2.line(canvas, (x1, y0 + radius), (x1, y1 - radius), value, thickness)
    for (cx, cy), angle in (((x0 + radius, y0 + radius), 180), ((x1 - radius, y0 + radius), 270),
                            ((x1 - radius, y1 - radius), 0), ((x0 + radius, y1 - radius), 90)):
        cv2.ellipse(canvas, (cx, cy), (radius, radius), angle, 0, 90, value, thickness)
