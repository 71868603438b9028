"""The pictures the reader judges: each candidate index turned upright and scaled to a fixed size.

Each candidate's rank point goes to one fixed place of a small square patch and its suit point
to another straight below it, so every index arrives upright and the same size, whatever its
card's turn, distance and perspective. Two views are cut:

* the glance (``GLANCE`` pixels square, three planes): the ink share at half the reading size
  and the two mark planes, cut for every candidate, for the quick look that drops most;
* the reading view (``PATCH`` pixels square, five planes): the ink share (0 paper, 1 the
  darkest ink on the candidate's own marks, so that light and glare do not matter, nor felt or
  a picture darker than a pale index beside it: a four-colour deck's yellow diamonds near the
  card's edge were washed out by the felt), two colour planes (red
  against green, yellow against blue, in the same units), which tell red suits from black on
  most decks (the reader also learns four-colour decks, where colour says less), and the two
  mark planes.

The mark planes show which ink the candidate takes for its rank and which for its suit (1 on
those marks, 0 elsewhere), so that a rank is told from a pip or a picture printed next to it.

All patches of a frame are cut by one ``cv2.remap`` per pyramid level and view: a patch that
shrinks the frame a lot samples a halved (or quartered) copy, so that thin strokes are averaged,
not skipped.

Cameras keep colour at half the resolution of brightness (JPEG and MJPG's 4:2:0, the Pi
camera's YUV420): a thin yellow or green stroke, which differs from paper mostly in colour, comes
out smeared and pale where a black one stays sharp. The reading view's colour is brought back to
full resolution by guided upsampling: within every small box of a patch the colour is fitted as
a straight function of the brightness *as subsampled* (halved and brought back as the decoder
brings colour back), where the two were blurred alike, and that function is then applied to the
full-resolution brightness. On one ink on paper colour is such a function of brightness, so the
stroke's colour comes back as sharp as its brightness; the fit's regularisation also smooths
colour noise.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from tableside.vision.candidates import Candidates
from tableside.vision.geometry import norms
from tableside.vision.marks import Marks

PATCH = 32
GLANCE = PATCH // 2
CHANNELS = 5
GLANCE_CHANNELS = 3
RANK_AT = (16.0, 10.0)
SUIT_AT = (16.0, 23.0)
SPAN = SUIT_AT[1] - RANK_AT[1]
# Sample from a halved copy of the frame when the patch shrinks the frame more than this much.
HALVE_BELOW = 0.6
# Least ink share taken as the patch's darkest ink (a blank patch is not stretched to noise).
MIN_CONTRAST = 0.3
_REMAP_PATCHES = 512
# The guided upsampling's box (pixels of the patch) and its regularisation (brightness levels
# squared). scripts/score_drawn_scenes.py at 0.9: shared decks 7,163 -> 7,173 of 7,216, decks
# drawn by code 2,260 -> 2,259 of 2,275, wrong 1 -> 1 and 4 -> 3, against a guided filter fitted
# at full resolution (which smooths colour noise but cannot undo the smear); box 5: 7,171 and
# 2,258, eps 9: 7,168 / 2,259, eps 0.5: 7,172 / 2,259. (The same scenes encoded 4:4:4, colour at
# full resolution, read the shared decks 7,183.)
GUIDE_BOX = 3
GUIDE_EPS = 2.0
# A reading view shows a green index when its marks' inked pixels (ink share over GREEN_INKED)
# are, on the mean, at most GREEN_RED_GREEN red against green and at least GREEN_YELLOW_BLUE
# yellow against blue (blue ink, a four-colour deck's spades or diamonds, is further below).
# Measured on sure readings in drawn scenes of the shared four-colour decks and of kde-standard
# reprinted in German colours (5th to 95th percentile): green clubs -0.42 to -0.19 red against
# green and -0.14 to 0.07 yellow against blue, green spades -0.39 to -0.29 and 0.0 to 0.08;
# blue spades -0.17 to 0.13 and -0.59 to -0.25; black ink -0.04 to 0.03 and -0.06 to 0.11.
GREEN_RED_GREEN = -0.12
GREEN_YELLOW_BLUE = -0.2
GREEN_INKED = 0.5
GREEN_LEAST_PIXELS = 5


def cut_glances(marks: Marks, candidates: Candidates) -> np.ndarray:
    """N x GLANCE_CHANNELS x GLANCE x GLANCE float32: every candidate at half size.

    Most candidates come in both orders (86 % of the bench's glances), and one order's glance
    is nearly the other's turned half round. Tried in session 55 and not kept: cutting one of
    each pair (a row longer) and turning it for the other, whose columns then lie half a glance
    pixel off their grid, took this from 5.7 to 4.6 ms a frame (profiled) but saved 0.2-0.4 ms
    a frame by scripts/ab_vision.py (run both ways round), and the quick look's keep or drop
    changed for 326 of the 1,989 glances it kept on the bench's frames (none read as a card).
    What judging both orders from one glance could save at most (a quick look with two outputs,
    one per order, which would have to be trained): session 57 cut and glanced at one candidate
    of each pair only (99 of 173 a call), and the glance stage of 20 of the bench's frames took
    7.0 instead of 11.0 ms a frame, before the glances the sifter then needs (about 63 a frame,
    some 0.7 ms) are cut."""
    if len(candidates) == 0:
        return np.zeros((0, GLANCE_CHANNELS, GLANCE, GLANCE), np.float32)
    # Half size: glance pixel j covers reading pixels 2j and 2j + 1, centred at 2j + 0.5.
    transforms = patch_transforms(candidates) * 0.5
    transforms[:, :, 2] -= 0.25
    points = _sample_points(transforms, GLANCE)
    (warped,) = _cut(marks, ("glance",), points, transforms, GLANCE)
    ink = _ink(warped[..., 0], warped[..., 1])
    glances = np.empty((len(candidates), GLANCE_CHANNELS, GLANCE, GLANCE), np.float32)
    glances[:, 0] = np.minimum(ink / _top(ink), 1.0)
    glances[:, 1], glances[:, 2] = _mark_planes(marks, candidates, points, GLANCE)
    return glances


def cut_patches(marks: Marks, candidates: Candidates) -> np.ndarray:
    """N x CHANNELS x PATCH x PATCH float32: the reading view of every candidate."""
    if len(candidates) == 0:
        return np.zeros((0, CHANNELS, PATCH, PATCH), np.float32)
    transforms = patch_transforms(candidates)
    points = _sample_points(transforms, PATCH)
    warped, brightness = _cut(marks, ("reading", "brightness"), points, transforms, PATCH)
    blue, green, red = _colours_at_full_resolution(
        [warped[..., k] for k in range(3)], brightness[..., 0], brightness[..., 1],
        marks.gains)
    level = np.maximum(warped[..., 3], 1.0)
    ink = _ink(np.minimum(np.minimum(blue, green), red), level)
    rank_mark, suit_mark = _mark_planes(marks, candidates, points, PATCH)
    top = _top(ink, rank_mark | suit_mark)
    planes = np.empty((len(candidates), CHANNELS, PATCH, PATCH), np.float32)
    # (Each plane worked out in place and put in by out=: the same arithmetic, with fewer
    # new arrays and no copies.)
    np.minimum(np.divide(ink, top, out=ink), 1.0, out=planes[:, 0])
    colour = np.subtract(red, green)
    colour /= level
    colour /= top
    np.clip(colour, -1.0, 1.0, out=planes[:, 1])
    np.add(red, green, out=colour)
    colour /= 2
    colour -= blue
    colour /= level
    colour /= top
    np.clip(colour, -1.0, 1.0, out=planes[:, 2])
    planes[:, 3], planes[:, 4] = rank_mark, suit_mark
    return planes


def green_inked(patches: np.ndarray) -> np.ndarray:
    """Per reading view (cut_patches' planes): is its index printed in green ink?"""
    inked = (patches[:, 3] + patches[:, 4] > 0) & (patches[:, 0] > GREEN_INKED)
    pixels = inked.sum(axis=(1, 2))
    means = [(patches[:, plane] * inked).sum(axis=(1, 2)) / np.maximum(pixels, 1)
             for plane in (1, 2)]
    return ((pixels >= GREEN_LEAST_PIXELS) & (means[0] <= GREEN_RED_GREEN)
            & (means[1] >= GREEN_YELLOW_BLUE))


def colourless(patches: np.ndarray) -> np.ndarray:
    """The reading views as if their ink were black: colour planes zero."""
    grey = patches.copy()
    grey[:, 1:3] = 0.0
    return grey


def _colours_at_full_resolution(colours: list[np.ndarray], brightness: np.ndarray,
                                as_subsampled: np.ndarray, gains: tuple[float, float, float]
                                ) -> tuple[np.ndarray, ...]:
    """The white-balanced blue, green and red planes (N x size x size) with their colour brought
    back to the brightness's resolution (guided upsampling, see the module's docstring).

    A balanced plane is its gain times the frame's brightness plus a colour term; only the
    colour term was subsampled, so only it is fitted and rebuilt."""
    as_subsampled = np.ascontiguousarray(as_subsampled)
    mean = _box(as_subsampled)
    variance = _box(as_subsampled * as_subsampled)
    variance -= mean * mean
    variance += GUIDE_EPS
    rebuilt = []
    # (In place where a value is not needed again: the same arithmetic, fewer new arrays.)
    for plane, gain in zip(colours, gains, strict=True):
        grey = gain * brightness
        colour = plane - grey
        colour_mean = _box(colour)
        colour *= as_subsampled
        slope = _box(colour)
        slope -= mean * colour_mean
        slope /= variance
        colour_mean -= slope * mean  # the offset
        fitted = _box(slope)
        fitted *= brightness
        fitted += grey
        fitted += _box(colour_mean)
        rebuilt.append(np.clip(fitted, 0.0, 255.0, out=fitted))
    return tuple(rebuilt)


def _box(planes: np.ndarray) -> np.ndarray:
    """The mean over a GUIDE_BOX square of every patch at once: the patches are stacked in
    one image, so a patch's top and bottom rows take in its neighbours' (a margin, far from
    the index)."""
    count, height, width = planes.shape
    stacked = np.ascontiguousarray(planes, dtype=np.float32).reshape(count * height, width)
    return cv2.boxFilter(stacked, -1, (GUIDE_BOX, GUIDE_BOX),
                         borderType=cv2.BORDER_REFLECT).reshape(count, height, width)


def _mark_planes(marks: Marks, candidates: Candidates, points: np.ndarray,
                 size: int) -> tuple[np.ndarray, np.ndarray]:
    """Where a patch pixel lies on the candidate's rank (suit) mark (N x size x size bool)."""
    # (Every candidate is of some pass: every row is written. In the passes' own label type,
    # uint16 on the bench's frames, which nearest-pixel remap samples in two thirds of the
    # time of int32.)
    labels = np.empty((len(candidates), size, size),
                      np.result_type(*(marks_pass.labels for marks_pass in marks.passes)))
    # (Each patch's labels are remapped as one row of size * size pixels, from its sample
    # points' planes as they lie after one float32 conversion of a batch's: nearest-pixel
    # remap takes each pixel at its own point, so the same labels, with no copy of a plane
    # to reshape it. Timed alone on the bench's frames, 1.59 -> 1.40 ms a frame; within
    # cut_glances and cut_patches, alternating with main's in one process, -0.02 and -0.05.
    # Converting all the points at once, not a batch's, was slower there: +0.04 to +0.09 in
    # cut_glances, its maps no longer in cache for the remap.)
    flat = labels.reshape(len(candidates), size * size)
    for number, marks_pass in enumerate(marks.passes):
        chosen = np.nonzero(candidates.passes == number)[0]
        if len(chosen) == 0:
            continue
        # (Nearest-pixel remap samples the labels in their own type: a float32 copy cost
        # 0.5-1.4 ms a pass.)
        image = marks_pass.labels
        for start in range(0, len(chosen), _REMAP_PATCHES):
            part = chosen[start:start + _REMAP_PATCHES]
            # (A pass's candidates follow one another: its rows are taken and written as
            # they lie, without copies. scripts/ab_vision.py: median -1.58 and -0.57 ms a
            # frame, same outputs.)
            rows = slice(int(part[0]), int(part[-1]) + 1)
            if rows.stop - rows.start != len(part):
                rows = part
            at = points[rows].astype(np.float32)
            into = flat[rows] if isinstance(rows, slice) else None
            found = cv2.remap(image, at[:, 0], at[:, 1], cv2.INTER_NEAREST, dst=into,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            if into is None or not np.shares_memory(found, labels):
                flat[rows] = found
    rank = labels == _in_type(candidates.rank_marks + 1, labels.dtype)[:, None, None]
    suit = labels == _in_type(candidates.suit_marks + 1, labels.dtype)[:, None, None]
    return rank, suit


def _in_type(numbers: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Whole ``numbers`` in ``dtype`` where they all fit it, else as they are: the same
    comparisons with labels, in under a third of the time of comparing uint16 with int32
    (some 0.45 ms a frame of the bench's)."""
    if len(numbers) and np.can_cast(dtype, numbers.dtype) and dtype != numbers.dtype:
        limits = np.iinfo(dtype)
        if limits.min <= int(numbers.min()) and int(numbers.max()) <= limits.max:
            return numbers.astype(dtype)
    return numbers


def _ink(darkness: np.ndarray, level: np.ndarray) -> np.ndarray:
    # (In place in one new array: the same arithmetic, without three more of the patches'
    # size.)
    ink = np.maximum(level, 1.0)
    np.divide(darkness, ink, out=ink)
    np.subtract(1.0, ink, out=ink)
    return np.clip(ink, 0.0, 1.0, out=ink)


def _top(ink: np.ndarray, on_index: np.ndarray | None = None) -> np.ndarray:
    """The patch's darkest ink, as the darkest 2 x 2 block (one dark speck does not count);
    with ``on_index`` (N x size x size, the candidate's own marks), the darkest block touching
    them, so that felt or a picture darker than a pale index does not wash it out (a patch
    where no mark shows keeps the darkest block anywhere)."""
    blocks = (ink[:, ::2, ::2] + ink[:, 1::2, ::2] + ink[:, ::2, 1::2] + ink[:, 1::2, 1::2]) / 4
    blocks = blocks.reshape(len(ink), -1)
    top = blocks.max(axis=1)
    if on_index is not None:
        touching = (on_index[:, ::2, ::2] | on_index[:, 1::2, ::2] | on_index[:, ::2, 1::2]
                    | on_index[:, 1::2, 1::2]).reshape(len(ink), -1)
        top = np.where(touching.any(axis=1), np.where(touching, blocks, 0.0).max(axis=1), top)
    return np.maximum(top, MIN_CONTRAST)[:, None, None]


def _sample_points(transforms: np.ndarray, size: int) -> np.ndarray:
    """N x 2 x size*size: where each patch pixel comes from in the frame."""
    # (One product of all the maps' rows with the grid, the same numbers as one per map.)
    return (_invert(transforms).reshape(-1, 3) @ _grid(size)).reshape(len(transforms), 2, -1)


@functools.cache
def _grid(size: int) -> np.ndarray:
    """3 x size*size: each patch pixel's column and row, and 1."""
    grid_y, grid_x = np.mgrid[0:size, 0:size].astype(np.float64)
    grid = np.stack([grid_x.ravel(), grid_y.ravel(), np.ones(size * size)])
    grid.flags.writeable = False
    return grid


def _cut(marks: Marks, views: tuple[str, ...], points: np.ndarray, transforms: np.ndarray,
         size: int) -> tuple[np.ndarray, ...]:
    """Per view (see Marks.sampled): N x size x size x channels float32 patches of the frame's
    view at the sample points. (Views cut together share their maps: the reading view and the
    brightness are cut at the same points.)"""
    count = len(transforms)
    scales = np.hypot(transforms[:, 0, 0], transforms[:, 0, 1])
    depths = np.zeros(count, np.int64)
    while True:
        shrinking = (scales * 2.0 ** depths < HALVE_BELOW) & (depths < 3)
        if not shrinking.any():
            break
        depths[shrinking] += 1
    # (Every patch is cut at some depth: every row is written.)
    results = tuple(np.empty((count, size, size, marks.sampled(view, 0).shape[2]), np.float32)
                    for view in views)
    for depth in range(int(depths.max()) + 1):
        everyone = np.nonzero(depths == depth)[0]
        if len(everyone) == 0:
            continue
        # In slices: remap wants maps under 32767 rows.
        for start in range(0, len(everyone), _REMAP_PATCHES):
            chosen = everyone[start:start + _REMAP_PATCHES]
            # Pixel x of a copy halved `depth` times sits at (x + 0.5) / 2^depth - 0.5.
            # (The frame's own points are taken as they are: no copy when they are all.)
            at = points if depth == 0 and len(chosen) == count else points[chosen]
            if depth:
                at += 0.5
                at /= 2.0 ** depth
                at -= 0.5
            # (float32 first: reshaping a plane of the points copies it, in float64.)
            map_x = at[:, 0].astype(np.float32).reshape(-1, size)
            map_y = at[:, 1].astype(np.float32).reshape(-1, size)
            reach = None
            for view, result in zip(views, results, strict=True):
                channels = result.shape[3]
                if view == "glance":
                    # (Glances are cut for every candidate of a frame: their view is made whole.)
                    image, left, top = marks.sampled(view, depth), 0, 0
                else:
                    if reach is None:
                        # The pixels the patches take in (each sample blends a pixel with the
                        # next).
                        reach = (int(np.floor(map_x.min())), int(np.floor(map_y.min())),
                                 int(np.floor(map_x.max())) + 1, int(np.floor(map_y.max())) + 1)
                    image, left, top = marks.sampled_over(view, depth, *reach)
                # (Exact: a float32 less a whole number no larger is a float32.)
                view_x = map_x - np.float32(left) if left or top else map_x
                view_y = map_y - np.float32(top) if left or top else map_y
                # (The views are uint8: remap cannot write into the float32 result, so its
                # patches go in by slice where they are all of them.)
                cut = cv2.remap(image, view_x, view_y, cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
                if len(chosen) == count:
                    result.reshape(-1, size, channels)[...] = cut.reshape(-1, size, channels)
                else:
                    result[chosen] = cut.reshape(len(chosen), size, size, channels)
    return results


def _invert(transforms: np.ndarray) -> np.ndarray:
    """Inverses of N affine maps (N x 2 x 3)."""
    linear = transforms[:, :, :2]
    inverse_linear = np.linalg.inv(linear)
    offset = -(inverse_linear @ transforms[:, :, 2:3])
    return np.concatenate([inverse_linear, offset], axis=2)


def patch_transforms(candidates: Candidates) -> np.ndarray:
    """N x 2 x 3 affine maps from the frame to each candidate's reading patch."""
    rank, suit = candidates.rank_points.astype(np.float64), candidates.suit_points.astype(
        np.float64)
    down = suit - rank
    span = np.maximum(norms(down), 1e-6)
    down /= span[:, None]
    right = np.stack([down[:, 1], -down[:, 0]], axis=1)
    scale = SPAN / span
    transforms = np.zeros((len(rank), 2, 3))
    transforms[:, 0, :2] = right * scale[:, None]
    transforms[:, 1, :2] = down * scale[:, None]
    transforms[:, 0, 2] = RANK_AT[0] - scale * (rank * right).sum(axis=1)
    transforms[:, 1, 2] = RANK_AT[1] - scale * (rank * down).sum(axis=1)
    return transforms
