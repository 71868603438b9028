"""Table scenes drawn from card faces, with the truth about every card, to train and to score.

A scene is what an overhead camera would see: felt of some colour and texture, board rows,
fanned and spread showdown hands, face-down cards and chips (some lying over cards), the whole
table seen in perspective, under warm to cold light with a gradient, glare, blur, noise and JPEG
compression. Each card placed is recorded with its four corners in the image and, for each
corner index, where its rank and suit are and how much of it is left uncovered and unglared, so
that a score can ask only for cards a person could read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableside.vision.decks import CardFace, CornerIndex, Deck
from tableside.vision.geometry import moved_by

FRAME_SIZE = (1280, 720)


@dataclass(frozen=True)
class SceneIndex:
    """One corner index as it lies in the image: quads of rank and suit, how readable it is."""

    rank: np.ndarray  # 4x2 image points
    suit: np.ndarray
    visible: float  # share of the index's pixels not covered and inside the frame
    glare: float  # the brightness glare added over the index (0 to 255)
    upright: bool = False  # a bottom index printed standing (CornerIndex.upright)

    @property
    def readable(self) -> bool:
        return self.visible >= 0.98 and self.glare < 110


@dataclass(frozen=True)
class SceneCard:
    name: str
    corners: np.ndarray  # 4x2: the face's top-left, top-right, bottom-right, bottom-left
    face_up: bool
    indices: tuple[SceneIndex, ...]

    @property
    def readable(self) -> bool:
        """Face up with at least one index wholly in view and not washed out by glare."""
        return self.face_up and any(index.readable for index in self.indices)

    @property
    def width(self) -> float:
        return float(np.linalg.norm(self.corners[1] - self.corners[0]))


@dataclass
class Scene:
    image: np.ndarray  # BGR
    cards: list[SceneCard] = field(default_factory=list)
    deck: str = ""  # the name of the deck the faces came from
    # The table's plane: table coordinates (the frame before the camera's perspective) to
    # image pixels.
    table: np.ndarray | None = None


@dataclass(frozen=True)
class SceneOptions:
    """How hard scenes are; the defaults are the conditions the issue asks to be read in."""

    size: tuple[int, int] = FRAME_SIZE
    card_width: tuple[float, float] = (60.0, 150.0)  # in image pixels
    perspective: float = 0.1  # how far the table corners move, share of the frame
    blur: float = 1.0  # largest Gaussian blur sigma (mild blur)
    noise: float = 6.0  # largest noise sigma
    jpeg: tuple[int, int] = (55, 95)
    glare: float = 0.7  # chance of glare spots
    light: tuple[float, float] = (0.65, 1.15)  # the lamp's brightness, a gain on the scene
    chips: bool = True
    face_down: bool = True
    # The felt's brightness (HSV value: 0 black, 1 white), darkest to lightest; lighter tables
    # (a grey cloth, a white one) are asked for apart (scripts/score_drawn_scenes.py
    # --felt-brightness).
    felt_brightness: tuple[float, float] = (0.12, 0.6)


def draw_scene(rng: random.Random, decks: Sequence[Deck], options: SceneOptions = SceneOptions(),
               *, backs: int | None = None) -> Scene:
    """One random scene; the face-up cards are all different and come from one deck."""
    width, height = options.size
    deck = rng.choice(list(decks))
    names = list(deck.faces)
    rng.shuffle(names)
    painter = _Painter(rng, options)
    table = _table_homography(rng, options)
    # One card size per scene (one camera height), in table units, with its image size checked.
    scale = rng.uniform(*options.card_width)
    aspect = _face_aspect(deck)
    back = _card_back(rng, 250, round(250 * aspect))
    placer = _Placer(rng, width, height)

    groups = ["board"] + ["hand"] * rng.randint(1, 3)
    if options.face_down:
        groups += ["down"] * rng.randint(0, 2)
    if options.chips:
        groups += ["chips"] * rng.randint(0, 3)
    rng.shuffle(groups)
    for group in groups:
        if group == "chips":
            for _ in range(rng.randint(1, 4)):
                centre = placer.free_point(scale * 0.45)
                if centre is not None:
                    painter.chip(table, centre, scale * rng.uniform(0.28, 0.34))
            continue
        count = {"board": rng.randint(3, 5), "hand": rng.choice([2, 2, 2, 3, 4, 5]),
                 "down": rng.randint(1, 2)}[group]
        angle = rng.uniform(0, 360)
        placements = _arrange(rng, group, count, scale, aspect, angle)
        extent = max(max(abs(x), abs(y)) for x, y, _ in placements) + scale * aspect / 2
        centre = placer.free_point(extent)
        if centre is None:
            continue
        # The cards' size is asked for in the image: undo the perspective's scale here.
        group_scale = scale / _local_scale(table, centre)
        placements = [(dx * group_scale / scale, dy * group_scale / scale, turn)
                      for dx, dy, turn in placements]
        for dx, dy, card_angle in placements:
            face_down = group == "down"
            face = back if face_down else deck.faces[names.pop()]
            painter.card(table, face, (centre[0] + dx, centre[1] + dy), card_angle,
                         group_scale, face_down=face_down, name="" if face_down else face.name)
    # Chips dropped on cards now and then: partly covered cards.
    if options.chips and painter.cards and rng.random() < 0.4:
        target = rng.choice(painter.cards)
        corner = target.corners[rng.randrange(4)]
        painter.chip(None, (float(corner[0]), float(corner[1])), scale * 0.3, in_image=True)
    scene = painter.finish(table)
    scene.deck = deck.name
    scene.table = table
    return scene


def _local_scale(table: np.ndarray, point: tuple[float, float]) -> float:
    """How much the table homography enlarges lengths around a point."""
    x, y = point
    mapped = moved_by(table, np.float32([[x, y], [x + 1, y], [x, y + 1]]))
    (ax, ay), (bx, by) = mapped[1] - mapped[0], mapped[2] - mapped[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))


def _face_aspect(deck: Deck) -> float:
    face = next(iter(deck.faces.values()))
    width, height = face.size
    return height / width


def _arrange(rng: random.Random, group: str, count: int, scale: float, aspect: float,
             angle: float) -> list[tuple[float, float, float]]:
    """Card centres relative to the group's centre, and each card's angle (degrees)."""
    theta = math.radians(angle)
    along = np.array([math.cos(theta), math.sin(theta)])
    across = np.array([-math.sin(theta), math.cos(theta)])
    result = []
    if group == "board":
        step = scale * rng.uniform(1.05, 1.35)
        for i in range(count):
            offset = (i - (count - 1) / 2) * step
            jitter = across * rng.uniform(-0.05, 0.05) * scale
            x, y = along * offset + jitter
            result.append((x, y, angle + rng.uniform(-4, 4)))
    elif group == "hand":
        spread = rng.random() < 0.3
        step = scale * (rng.uniform(1.05, 1.3) if spread else rng.uniform(0.28, 0.55))
        turn = 0.0 if spread else rng.uniform(-12, 12)
        for i in range(count):
            offset = (i - (count - 1) / 2) * step
            lift = across * (rng.uniform(-0.04, 0.04) * scale + abs(i - (count - 1) / 2)
                             * rng.uniform(0, 0.08) * scale)
            x, y = along * offset + lift
            result.append((x, y, angle + turn * (i - (count - 1) / 2) + rng.uniform(-3, 3)))
    else:
        for i in range(count):
            x, y = along * i * scale * rng.uniform(0.2, 1.2)
            result.append((x, y, angle + rng.uniform(-20, 20)))
    return result


class _Placer:
    """Finds free room on the table for each group (no two groups on top of each other)."""

    def __init__(self, rng: random.Random, width: int, height: int) -> None:
        self.rng, self.width, self.height = rng, width, height
        self.taken: list[tuple[float, float, float]] = []

    def free_point(self, radius: float) -> tuple[float, float] | None:
        for attempt in range(80):
            # Mostly wholly inside the frame; late attempts may hang over its edge.
            margin = radius * (0.9 if attempt < 60 else 0.3)
            x = self.rng.uniform(min(margin, self.width / 2), max(self.width - margin,
                                                                  self.width / 2))
            y = self.rng.uniform(min(margin, self.height / 2), max(self.height - margin,
                                                                   self.height / 2))
            if all(math.hypot(x - tx, y - ty) > radius + tr for tx, ty, tr in self.taken):
                self.taken.append((x, y, radius))
                return x, y
        return None


def _table_homography(rng: random.Random, options: SceneOptions) -> np.ndarray:
    """From table coordinates (the frame before perspective) to image coordinates."""
    width, height = options.size
    source = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    move = options.perspective
    target = source + np.float32([[rng.uniform(-move, move) * width,
                                   rng.uniform(-move, move) * height] for _ in range(4)])
    return cv2.getPerspectiveTransform(source, target)


def _card_back(rng: random.Random, width: int, height: int) -> CardFace:
    """A face-down card: a patterned back in one colour, with or without a white border."""
    colour = rng.choice([(150, 40, 30), (30, 30, 170), (40, 120, 40), (30, 30, 30),
                         (120, 40, 120)])
    image = np.full((height, width, 3), 240, np.uint8)
    border = rng.choice([0, round(0.06 * width)])
    inner = image[border:height - border, border:width - border, :3]
    inner[:] = colour
    light = tuple(min(255, c + 90) for c in colour)
    pitch = rng.randint(8, 20)
    kind = rng.random()
    for i in range(-height, width + height, pitch):
        if kind < 0.5:
            cv2.line(inner, (i, 0), (i + height, height), light, 2, cv2.LINE_AA)
            cv2.line(inner, (i + height, 0), (i, height), light, 2, cv2.LINE_AA)
        else:
            for j in range(0, height, pitch):
                cv2.circle(inner, (i, j), pitch // 4, light, -1, cv2.LINE_AA)
    radius = round(0.06 * width)
    alpha = np.zeros((height, width), np.uint8)
    cv2.rectangle(alpha, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(alpha, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for cx, cy in ((radius, radius), (width - 1 - radius, radius), (radius, height - 1 - radius),
                   (width - 1 - radius, height - 1 - radius)):
        cv2.circle(alpha, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return CardFace("back", np.dstack([image, alpha]), ())


@dataclass
class _Placed:
    name: str
    face: CardFace
    homography: np.ndarray  # face pixels -> image
    corners: np.ndarray
    face_up: bool
    object_id: int


class _Painter:
    """Paints objects one over another and keeps, per pixel, which object is on top."""

    def __init__(self, rng: random.Random, options: SceneOptions) -> None:
        self.rng, self.options = rng, options
        width, height = options.size
        self.image = _felt(rng, width, height, options.felt_brightness)
        self.owner = np.zeros((height, width), np.int32)
        self.cards: list[_Placed] = []
        self.next_id = 1

    def card(self, table: np.ndarray, face: CardFace, centre: tuple[float, float], angle: float,
             scale: float, *, face_down: bool, name: str) -> None:
        face_width, face_height = face.size
        k = scale / face_width
        theta = math.radians(angle)
        cos, sin = math.cos(theta) * k, math.sin(theta) * k
        # face pixels -> table: rotate and scale about the face centre, then move to the centre.
        place = np.array([
            [cos, -sin, centre[0] - cos * face_width / 2 + sin * face_height / 2],
            [sin, cos, centre[1] - sin * face_width / 2 - cos * face_height / 2],
            [0, 0, 1]])
        homography = table @ place
        corners = moved_by(homography, np.float32([[0, 0], [face_width, 0],
                                                 [face_width, face_height], [0, face_height]]))
        self._shadow(corners)
        object_id = self._paste(face.image, homography)
        self.cards.append(_Placed(name, face, homography, corners, not face_down, object_id))

    def chip(self, table: np.ndarray | None, centre: tuple[float, float], radius: float,
             *, in_image: bool = False) -> None:
        size = 200
        chip = np.zeros((size, size, 4), np.uint8)
        colour = self.rng.choice([(40, 40, 200), (200, 80, 30), (40, 150, 40), (30, 30, 30),
                                  (230, 230, 230), (40, 170, 230), (150, 50, 150)])
        stripe = (245, 245, 245) if sum(colour) < 600 else (60, 60, 200)
        middle = size // 2
        cv2.circle(chip, (middle, middle), middle - 1, (*colour, 255), -1, cv2.LINE_AA)
        for k in range(self.rng.choice([4, 6, 8])):
            angle = 2 * math.pi * k / 6 + self.rng.uniform(0, 0.3)
            x = middle + math.cos(angle) * (middle - 14)
            y = middle + math.sin(angle) * (middle - 14)
            cv2.circle(chip, (round(x), round(y)), 11, (*stripe, 255), -1, cv2.LINE_AA)
        cv2.circle(chip, (middle, middle), round(middle * 0.62), (*stripe, 255), 3, cv2.LINE_AA)
        if self.rng.random() < 0.6:  # a printed value, a digit that is no card index
            text = self.rng.choice(["1", "5", "10", "25", "50", "100", "500", "1K", "2", "A"])
            font = cv2.FONT_HERSHEY_DUPLEX
            (tw, th), _ = cv2.getTextSize(text, font, 1.6, 3)
            cv2.putText(chip, text, (middle - tw // 2, middle + th // 2), font, 1.6,
                        (*stripe, 255), 3, cv2.LINE_AA)
        k = 2 * radius / size
        theta = self.rng.uniform(0, 2 * math.pi)
        cos, sin = math.cos(theta) * k, math.sin(theta) * k
        place = np.array([[cos, -sin, centre[0] - cos * middle + sin * middle],
                          [sin, cos, centre[1] - sin * middle - cos * middle], [0, 0, 1]])
        homography = place if in_image else table @ place
        corners = moved_by(homography, np.float32([[0, 0], [size, 0], [size, size], [0, size]]))
        self._shadow(corners)
        self._paste(chip, homography)

    def _shadow(self, corners: np.ndarray) -> None:
        """A soft shadow a little offset, as light from above casts under cards and chips."""
        offset = np.float32([self.rng.uniform(0.5, 2.5), self.rng.uniform(0.5, 2.5)])
        x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 8
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 8
        height, width = self.image.shape[:2]
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        if x1 <= x0 or y1 <= y0:
            return
        mask = np.zeros((y1 - y0, x1 - x0), np.float32)
        cv2.fillConvexPoly(mask, np.round(corners + offset - [x0, y0]).astype(np.int32), 1.0,
                           cv2.LINE_AA)
        mask = cv2.GaussianBlur(mask, (0, 0), 1.5) * self.rng.uniform(0.2, 0.45)
        region = self.image[y0:y1, x0:x1].astype(np.float32)
        self.image[y0:y1, x0:x1] = (region * (1 - mask[:, :, None])).astype(np.uint8)

    def _paste(self, bgra: np.ndarray, homography: np.ndarray) -> int:
        height, width = self.image.shape[:2]
        source_h, source_w = bgra.shape[:2]
        corners = moved_by(homography, np.float32([[0, 0], [source_w, 0], [source_w, source_h],
                                                 [0, source_h]]))
        x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        object_id = self.next_id
        self.next_id += 1
        if x1 <= x0 or y1 <= y0:
            return object_id
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
        # Premultiplied colour, so that the edges blend without a dark fringe.
        alpha = bgra[:, :, 3:4].astype(np.float32) / 255
        premultiplied = np.dstack([bgra[:, :, :3].astype(np.float32) * alpha, alpha[:, :, 0]])
        warped = cv2.warpPerspective(premultiplied, shift @ homography, (x1 - x0, y1 - y0),
                                     flags=cv2.INTER_AREA if _shrinks(homography) else
                                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        cover = warped[:, :, 3:4]
        region = self.image[y0:y1, x0:x1].astype(np.float32)
        self.image[y0:y1, x0:x1] = np.clip(warped[:, :, :3] + region * (1 - cover), 0,
                                           255).astype(np.uint8)
        self.owner[y0:y1, x0:x1][cover[:, :, 0] > 0.5] = object_id
        return object_id

    def finish(self, table: np.ndarray) -> Scene:
        rng, options = self.rng, self.options
        image = self.image.astype(np.float32)
        height, width = image.shape[:2]
        # Light: colour from warm to cold, brightness, and a gradient across the table.
        warmth = rng.uniform(-1, 1)
        tint = np.array([1 - 0.22 * warmth, 1.0, 1 + 0.22 * warmth], np.float32)
        gain = rng.uniform(*options.light)
        direction = rng.uniform(0, 2 * math.pi)
        steepness = rng.uniform(0, 0.25) / max(width, height)
        across = (np.arange(width, dtype=np.float32) - width / 2) * math.cos(direction)
        down = (np.arange(height, dtype=np.float32) - height / 2) * math.sin(direction)
        ramp = 1 + steepness * (across[None, :] + down[:, None])
        image *= (tint * gain)[None, None, :] * ramp[:, :, None]
        # Glare: bright soft spots, now and then right on a card's corner.
        glare = np.zeros((height, width), np.float32)
        if rng.random() < options.glare:
            for _ in range(rng.randint(1, 2)):
                if self.cards and rng.random() < 0.6:
                    card = rng.choice(self.cards)
                    cx, cy = card.corners[rng.randrange(4)]
                else:
                    cx, cy = rng.uniform(0, width), rng.uniform(0, height)
                sigma = rng.uniform(10, 45)
                strength = rng.uniform(40, 170)
                # Only where the spot is brighter than a level's hundredth.
                reach = 3.5 * sigma
                x0, x1 = max(0, int(cx - reach)), min(width, int(cx + reach) + 1)
                y0, y1 = max(0, int(cy - reach)), min(height, int(cy + reach) + 1)
                if x1 <= x0 or y1 <= y0:
                    continue
                gx = np.exp(-((np.arange(x0, x1, dtype=np.float32) - cx) ** 2) / (2 * sigma ** 2))
                gy = np.exp(-((np.arange(y0, y1, dtype=np.float32) - cy) ** 2) / (2 * sigma ** 2))
                glare[y0:y1, x0:x1] += strength * gy[:, None] * gx[None, :]
        image += glare[:, :, None]
        image = np.clip(image, 0, 255).astype(np.uint8)
        sigma = rng.uniform(0, options.blur)
        if sigma > 0.3:
            image = cv2.GaussianBlur(image, (0, 0), sigma)
        noise = rng.uniform(0, options.noise)
        if noise > 0.5:
            grain = np.random.default_rng(rng.getrandbits(32)).standard_normal(
                image.shape, dtype=np.float32)
            image = np.clip(image + noise * grain, 0, 255).astype(np.uint8)
        quality = rng.randint(*options.jpeg)
        _, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        image = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
        scene = Scene(image)
        for placed in self.cards:
            indices = tuple(self._index_view(placed, index, glare)
                            for index in placed.face.indices) if placed.face_up else ()
            scene.cards.append(SceneCard(placed.name if placed.face_up else "",
                                         placed.corners, placed.face_up, indices))
        return scene

    def _index_view(self, placed: _Placed, index: CornerIndex,
                    glare: np.ndarray) -> SceneIndex:
        rank = _box_quad(placed.homography, index.rank)
        suit = _box_quad(placed.homography, index.suit)
        whole = _box_quad(placed.homography, index.box)
        height, width = self.owner.shape
        area = max(1.0, cv2.contourArea(whole.astype(np.float32)))
        x0, y0 = np.maximum(np.floor(whole.min(axis=0)).astype(int), 0)
        x1, y1 = np.ceil(whole.max(axis=0)).astype(int) + 1
        x1, y1 = min(x1, width), min(y1, height)
        if x1 <= x0 or y1 <= y0:
            return SceneIndex(rank, suit, 0.0, 0.0, index.upright)
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(mask, np.round(whole - [x0, y0]).astype(np.int32), 1)
        inside = mask > 0
        if not inside.any():
            return SceneIndex(rank, suit, 0.0, 0.0, index.upright)
        own = (self.owner[y0:y1, x0:x1] == placed.object_id) & inside
        visible = min(1.0, own.sum() / area)
        return SceneIndex(rank, suit, visible, float(glare[y0:y1, x0:x1][inside].max()),
                          index.upright)


def _box_quad(homography: np.ndarray, box) -> np.ndarray:
    return moved_by(homography, np.float32([[box.x0, box.y0], [box.x1, box.y0],
                                          [box.x1, box.y1], [box.x0, box.y1]]))


def _shrinks(homography: np.ndarray) -> bool:
    return abs(np.linalg.det(homography[:2, :2])) < 1


def _felt(rng: random.Random, width: int, height: int,
          brightness: tuple[float, float]) -> np.ndarray:
    """Felt of any colour (green, blue, red, black, grey, brown...), with a cloth texture."""
    hue = rng.uniform(0, 180)
    saturation = rng.uniform(0.0, 0.85)
    value = rng.uniform(*brightness)
    hsv = np.uint8([[[hue, saturation * 255, value * 255]]])
    colour = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    coarse = np.random.default_rng(rng.getrandbits(32)).standard_normal(
        (height // 4, width // 4), dtype=np.float32)
    texture = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_CUBIC)
    fine = np.random.default_rng(rng.getrandbits(32)).standard_normal((height, width),
                                                                     dtype=np.float32)
    shade = 1 + 0.06 * texture + 0.04 * fine
    return np.clip(colour[None, None, :] * shade[:, :, None], 0, 255).astype(np.uint8)
