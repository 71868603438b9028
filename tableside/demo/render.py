"""Frames of the simulated overhead camera: the table as it stands, drawn with a deck
tableside draws itself (:func:`tableside.vision.drawn.drawn_deck`, nothing from outside).

Each frame is the same felt with the cards where the dealer put them (face up or showing
their backs, each at its own slight angle), the chips in the betting zones and the pot,
under light that wavers a little from frame to frame, with sensor noise and JPEG
compression as a webcam sends it.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import replace

import cv2
import numpy as np

from tableside.cards import Card
from tableside.demo.chipbox import DENOMINATIONS, change
from tableside.demo.layout import CARD_ASPECT, CARD_WIDTH, FRAME, TableLayout
from tableside.demo.tabletop import TableTop
from tableside.vision.decks import Deck
from tableside.vision.drawn import DrawnStyle, drawn_deck, hershey_painter

# BGR colours of the chips by denomination (the colour names of chipbox.DENOMINATIONS).
CHIP_COLOURS = {"yellow": (40, 200, 230), "purple": (140, 40, 120), "black": (35, 35, 35),
                "green": (50, 140, 40), "red": (40, 40, 190), "white": (235, 235, 235)}
CHIP_RADIUS = 0.2 * CARD_WIDTH
# The demo deck: clubs and spades black, hearts and diamonds red (BGR), a plain sans font.
CLASSIC_COLOURS = {"c": (30, 30, 30), "d": (30, 30, 200), "h": (30, 30, 200),
                   "s": (30, 30, 30)}
CLASSIC_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX)


class TableRenderer:
    def __init__(self, layout: TableLayout, seed: int):
        self.layout = layout
        self.seed = seed
        self.deck: Deck = classic_deck(random.Random(seed))
        face = next(iter(self.deck.faces.values()))
        self.back = _card_back(face.size)
        self.joker = _joker(face.size)
        self.felt = _felt(random.Random(seed))
        self.noise = _noise(random.Random(seed + 1))
        self._angles: dict[tuple, float] = {}  # each card keeps its angle while it lies
        self._composed: tuple[tuple, np.ndarray] | None = None

    def frame(self, top: TableTop, rng: random.Random) -> np.ndarray:
        """One camera frame (BGR) of ``top``."""
        return _camera(self.compose(top), self.noise, rng)

    def compose(self, top: TableTop) -> np.ndarray:
        """The table as it lies, before the camera's light and noise (kept while nothing
        moves: frames of a still table differ only by the camera)."""
        key = _state_key(top)
        if self._composed is not None and self._composed[0] == key:
            return self._composed[1]
        image = self.felt.copy()
        self._chips(image, top)
        layout = self.layout
        for index, card in enumerate(top.board):
            self._card(image, card, True, layout.board_slot(index), ("board", index))
        for seat, held in sorted(top.seats.items()):
            count = len(held.cards)
            for index, (card, up) in enumerate(zip(held.cards, held.up, strict=True)):
                centre = layout.seat_slot(seat, index, count)
                self._card(image, card, up or held.shown, centre, ("seat", seat, index, card))
        for index in range(min(len(top.muck), 6)):  # the muck: a few backs askew
            x, y = layout.muck
            self._card(image, None, False, (x + 3 * index, y - 2 * index), ("muck", index))
        self._composed = (key, image)
        return image

    def _card(self, image: np.ndarray, card: Card | None, face_up: bool,
              centre: tuple[float, float], key: tuple) -> None:
        angle = self._angles.get(key)
        if angle is None:  # the same every run of a seed (str hashes are not)
            angle = random.Random(zlib.crc32(repr((self.seed, key)).encode())).uniform(-6, 6)
            self._angles[key] = angle
        if not face_up or card is None:
            face = self.back
        elif card.is_joker:
            face = self.joker
        else:
            face = self.deck.faces[str(card)].image
        _paste(image, face, centre, angle, CARD_WIDTH / face.shape[1])

    def _chips(self, image: np.ndarray, top: TableTop) -> None:
        for seat, amount in top.bets.items():
            if amount and seat in self.layout.seats:
                _stacks(image, amount, self.layout.seats[seat].bet)
        if top.pot:
            _stacks(image, top.pot, self.layout.pot)


def classic_deck(rng: random.Random) -> Deck:
    """A deck drawn in a plain home-game design (two colours, standard indices, one of
    OpenCV's fonts), its details varied by ``rng``. Nothing is printed right beside the
    index and strokes keep the font's weight, so that every corner reads clearly."""
    style = replace(DrawnStyle.random(rng), colours=dict(CLASSIC_COLOURS), aspect=CARD_ASPECT,
                    rank_height=0.17, suit_height=0.12, rank_stretch=1.0, four_indices=False,
                    beside=0.0, weight=0.0, outlined=False)
    painter = hershey_painter(rng.choice(CLASSIC_FONTS), 0.11)
    return drawn_deck(rng, painter, style, name="tableside classic")


def _state_key(top: TableTop) -> tuple:
    seats = tuple((seat, tuple(held.cards), tuple(held.up), held.shown)
                  for seat, held in sorted(top.seats.items()))
    return (id(top), tuple(top.board), seats, len(top.muck), tuple(sorted(top.bets.items())),
            top.pot)


def _stacks(image: np.ndarray, amount: int, centre: tuple[float, float]) -> None:
    """Chips worth ``amount`` as stacks of one colour each, side by side."""
    colours = dict(DENOMINATIONS)
    stacks = list(change(amount).items())
    for index, (value, count) in enumerate(stacks):
        x = centre[0] + (index - (len(stacks) - 1) / 2) * 2.3 * CHIP_RADIUS
        for level in range(min(count, 8)):
            y = centre[1] - level * 3
            colour = CHIP_COLOURS[colours[value]]
            cv2.circle(image, (round(x), round(y)), round(CHIP_RADIUS), (20, 20, 20), -1,
                       cv2.LINE_AA)
            cv2.circle(image, (round(x), round(y)), round(CHIP_RADIUS) - 2, colour, -1,
                       cv2.LINE_AA)
            stripe = (240, 240, 240) if sum(colour) < 500 else (60, 60, 60)
            cv2.circle(image, (round(x), round(y)), round(CHIP_RADIUS * 0.6), stripe, 2,
                       cv2.LINE_AA)


def _paste(image: np.ndarray, bgra: np.ndarray, centre: tuple[float, float], angle: float,
           scale: float) -> None:
    """Draw a BGRA picture scaled and turned about its centre, blended by its alpha."""
    height, width = bgra.shape[:2]
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, scale)
    matrix[:, 2] += (centre[0] - width / 2, centre[1] - height / 2)
    half = math.hypot(width, height) * scale / 2 + 2
    x0, y0 = max(0, int(centre[0] - half)), max(0, int(centre[1] - half))
    x1 = min(image.shape[1], int(centre[0] + half) + 1)
    y1 = min(image.shape[0], int(centre[1] + half) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    matrix[:, 2] -= (x0, y0)
    warped = cv2.warpAffine(bgra, matrix, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    region = image[y0:y1, x0:x1].astype(np.float32)
    shadow = cv2.GaussianBlur(alpha, (0, 0), 2.0)[:, :, None] * 0.35
    region = region * (1 - np.roll(shadow, (2, 2), axis=(0, 1)))
    image[y0:y1, x0:x1] = (warped[:, :, :3] * alpha + region * (1 - alpha)).astype(np.uint8)


def _camera(image: np.ndarray, noise: list[tuple[np.ndarray, np.ndarray]],
            rng: random.Random) -> np.ndarray:
    """Light that wavers a little, sensor noise, and the webcam's JPEG (OpenCV's saturating
    arithmetic on 8 bits: a frame costs milliseconds, not a float copy of the picture)."""
    gain = rng.uniform(0.9, 1.08)
    light = np.diag([gain * rng.uniform(0.96, 1.04), gain, gain * rng.uniform(0.96, 1.04)])
    frame = cv2.transform(image, light)
    brighter, darker = noise[rng.randrange(len(noise))]
    frame = cv2.subtract(cv2.add(frame, brighter), darker)
    _, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(80, 92)])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR)


def _noise(rng: random.Random, count: int = 4,
           sigma: float = 2.5) -> list[tuple[np.ndarray, np.ndarray]]:
    """A few fields of sensor noise, each split into what it adds and what it takes away."""
    width, height = FRAME
    fields = []
    for _ in range(count):
        field = np.random.default_rng(rng.getrandbits(32)).normal(0, sigma, (height, width, 3))
        fields.append((np.clip(field, 0, 255).astype(np.uint8),
                       np.clip(-field, 0, 255).astype(np.uint8)))
    return fields


def _felt(rng: random.Random) -> np.ndarray:
    """Green baize with a faint cloth texture, a little darker towards the edges."""
    width, height = FRAME
    texture = np.random.default_rng(rng.getrandbits(32)).normal(0, 1, (height // 4, width // 4))
    texture = cv2.resize(texture.astype(np.float32), (width, height),
                         interpolation=cv2.INTER_CUBIC)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    vignette = 1 - 0.25 * (((xs - width / 2) / width) ** 2 + ((ys - height / 2) / height) ** 2)
    colour = np.array([50, 105, 35], np.float32)  # BGR
    shade = (1 + 0.05 * texture) * vignette
    return np.clip(colour * shade[:, :, None], 0, 255).astype(np.uint8)


def _card_back(size: tuple[int, int]) -> np.ndarray:
    """A blue patterned back with a white border, BGRA, the size of the faces."""
    width, height = size
    image = np.full((height, width, 4), 255, np.uint8)
    border = round(0.07 * width)
    inner = image[border:height - border, border:width - border]
    inner[:, :, :3] = (150, 60, 30)
    for i in range(-height, width + height, 14):
        cv2.line(inner, (i, 0), (i + height, height), (210, 140, 90, 255), 2, cv2.LINE_AA)
        cv2.line(inner, (i + height, 0), (i, height), (210, 140, 90, 255), 2, cv2.LINE_AA)
    image[:, :, 3] = _rounded_mask(width, height, round(0.06 * width))
    return image


def _joker(size: tuple[int, int]) -> np.ndarray:
    """A joker has no corner index the reader knows: a plain face with a star."""
    width, height = size
    image = np.full((height, width, 4), 250, np.uint8)
    cv2.drawMarker(image, (width // 2, height // 2), (30, 30, 200, 255), cv2.MARKER_STAR,
                   width // 2, 6)
    image[:, :, 3] = _rounded_mask(width, height, round(0.06 * width))
    return image


def _rounded_mask(width: int, height: int, radius: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    cv2.rectangle(mask, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for cx, cy in ((radius, radius), (width - 1 - radius, radius), (radius, height - 1 - radius),
                   (width - 1 - radius, height - 1 - radius)):
        cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return mask
