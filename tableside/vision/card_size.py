"""How wide the table's cards look to recognition, and what the dealer should do about it.

How many cards are read surely depends most on how many pixels a card spans in the frame as
recognition reads it (at most MAX_WIDTH wide: a wider camera frame is shrunk first). Measured
with scripts/score_drawn_scenes.py (session 74, bar 0.8): cards 55-75 px wide read 98.82 % of
the dev groups' shared-deck cards (0.17 % wrong), cards of the tests' 60-150 px 99.63 % (0.08 %
wrong), and designs never trained on fall further at the small end (the eight outside designs
96.4 % at 55-75 px). A table 1.2 m wide filling a 1280-pixel frame shows its cards at most 67 px
wide, so the camera's height is worth a word to the dealer: from the calibration (anywhere on
the marked table) or, before the table is calibrated, from the cards a frame read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tableside.vision.assembly import CardSighting, outline_width
from tableside.vision.calibration import Calibration
from tableside.vision.recognizer import MAX_WIDTH

# Narrower than this, a card is under what recognition is made for and many are missed.
READABLE_PX = 60.0
# From this width on, the small-card losses above are behind.
GOOD_PX = 80.0

_ADVICE = {
    "too_small": {
        "en": "Cards look {least}-{most} px wide to recognition; under {readable} px many are "
              "missed: move the camera closer to the table or use a narrower lens.",
        "de": "Karten erscheinen der Erkennung {least}-{most} px breit; unter {readable} px "
              "werden viele übersehen: die Kamera näher an den Tisch bringen oder ein engeres "
              "Objektiv nehmen."},
    "small": {
        "en": "Cards look {least}-{most} px wide to recognition: they are read, but from {good} "
              "px on more of them surely; a lower camera helps.",
        "de": "Karten erscheinen der Erkennung {least}-{most} px breit: sie werden gelesen, ab "
              "{good} px aber mehr davon sicher; eine tiefere Kamera hilft."},
    # Added where the camera gives frames narrower than recognition would read.
    "resolution": {
        "en": " The camera's frames are {width} px wide; up to {max_width} would be read: a "
              "higher resolution helps too.",
        "de": " Die Bilder der Kamera sind {width} px breit; bis {max_width} würden gelesen: "
              "eine höhere Auflösung hilft auch."},
    "good": {
        "en": "Cards look {least}-{most} px wide to recognition: large enough to read well.",
        "de": "Karten erscheinen der Erkennung {least}-{most} px breit: groß genug, um sie gut "
              "zu lesen."},
}


@dataclass(frozen=True)
class CardSize:
    """The narrowest and widest a poker card looks, in pixels of the frame as recognition reads
    it, and the verdict: "too_small", "small" or "good". ``source``: "calibration" (anywhere
    on the marked table) or "cards" (the cards read in a frame, where there is no calibration)."""

    least_px: float
    most_px: float
    source: str = "calibration"
    # The camera's frame width and the most recognition reads (0: not known): a frame narrower
    # than that is worth a word on the camera's resolution.
    frame_width: int = 0
    max_width: int = MAX_WIDTH

    @property
    def verdict(self) -> str:
        if self.least_px < READABLE_PX:
            return "too_small"
        return "small" if self.least_px < GOOD_PX else "good"

    def advice(self, lang: str = "en") -> str:
        text = _ADVICE[self.verdict][lang].format(
            least=round(self.least_px), most=round(self.most_px), readable=round(READABLE_PX),
            good=round(GOOD_PX))
        if 0 < self.frame_width < self.max_width and self.verdict != "good":
            text += _ADVICE["resolution"][lang].format(width=self.frame_width,
                                                       max_width=self.max_width)
        return text

    def to_json(self) -> dict:
        return {"least_px": round(self.least_px, 1), "most_px": round(self.most_px, 1),
                "source": self.source, "verdict": self.verdict,
                "advice": {lang: self.advice(lang) for lang in ("en", "de")}}


def card_size(calibration: Calibration, frame_width: int,
              max_width: int = MAX_WIDTH) -> CardSize:
    """How wide cards look on the calibrated table in frames ``frame_width`` pixels wide, once
    recognition has shrunk them to at most ``max_width``."""
    scale = _read_scale(frame_width, max_width)
    least, most = calibration.card_widths_px()
    return CardSize(least * scale, most * scale, "calibration", frame_width, max_width)


def card_size_of_cards(cards: Sequence[CardSighting], frame_width: int,
                       max_width: int = MAX_WIDTH) -> CardSize | None:
    """How wide the cards read in a frame ``frame_width`` pixels wide look to recognition (their
    outlines are in the frame's pixels), or None when it read none: the measure for a table
    that is not calibrated."""
    if not cards:
        return None
    scale = _read_scale(frame_width, max_width)
    widths = [outline_width(card.corners) * scale for card in cards]
    return CardSize(min(widths), max(widths), "cards", frame_width, max_width)


def _read_scale(frame_width: int, max_width: int) -> float:
    """How recognition scales a frame this wide: shrunk to ``max_width``, never enlarged."""
    return min(1.0, max_width / max(frame_width, 1))
