"""Temporal fusion: a card counts once it has been seen in the same place over several frames.

One frame can be wrong (a hand passing over the table, a reflection, a card being dealt), so
:class:`CardFusion` keeps a track per card and place. A track becomes *stable* when the card
was read there in ``appear_after`` of the last ``window`` frames, and stops being stable only
after ``vanish_after`` frames in a row without it (so a hand over the board for a moment does
not take the board away). A card that slides across the table is followed as long as each
frame finds it near where it was.

A card read in two places at once is an error for the dealer, not a guess: both places get an
:class:`Alert`, neither becomes stable, and the alert ends when one place is gone. So is a card
whose two corners name different cards (the recognizer's "conflict"), held for the dealer to
look at, and a lone six or nine of a deck that prints its bottom index upright (the
recognizer's "turned", tableside/vision/turned_indices.py: either rank reads as the other). A
problem is held to the same standard as a card: it is an alert once it was seen in
``appear_after`` of the last ``window`` frames (one frame's misreading, a card's second place
that the next frames no longer show, would otherwise flash an alert at the dealer and take a
stable card off the board for a moment). Alerts carry their text in English and German.

The fusion knows nothing of the game: the table service asks :meth:`CardFusion.stable_cards`
(with zones when a :class:`~tableside.vision.calibration.Calibration` is given) and decides
what the cards mean for the hand in play.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from tableside.cards import Card
from tableside.vision.assembly import CardSighting, outline_width
from tableside.vision.calibration import Calibration
from tableside.vision.turned_indices import turned_partner

APPEAR_AFTER = 3
WINDOW = 4
VANISH_AFTER = 6
# A sighting continues a track if its centre is within this many card widths of the track's.
FOLLOW = 0.6

_ALERTS = {
    "duplicate": {"en": "{card} is seen in two places at once: check the cards",
                  "de": "{card} liegt gleichzeitig an zwei Stellen: bitte die Karten prüfen"},
    "conflict": {"en": "a card's two corners read differently ({cards}): check it",
                 "de": "die zwei Ecken einer Karte lesen sich verschieden ({cards}): "
                       "bitte prüfen"},
    "turned": {"en": "{cards}: this deck prints its bottom index upright, and only one corner "
                     "of this card is in view: check it",
               "de": "{cards}: dieses Blatt druckt den unteren Index aufrecht, und von dieser "
                     "Karte ist nur eine Ecke zu sehen: bitte prüfen"},
}


@dataclass(frozen=True)
class Alert:
    kind: str  # "duplicate", "conflict" or "turned"
    cards: tuple[Card, ...]
    places: tuple[tuple[float, float], ...]  # image points

    def message(self, lang: str = "en") -> str:
        names = " / ".join(str(card) for card in self.cards)
        return _ALERTS[self.kind][lang].format(card=names, cards=names)

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards],
                "places": [[round(x, 1), round(y, 1)] for x, y in self.places],
                "message": {"en": self.message("en"), "de": self.message("de")}}


@dataclass(frozen=True)
class StableCard:
    card: Card
    centre: tuple[float, float]  # image pixels
    corners: np.ndarray
    confidence: float
    zone: str | None  # the calibration zone it lies in, if any
    since: int  # frame number it became stable

    def to_json(self) -> dict:
        return {"card": str(self.card), "centre": [round(c, 1) for c in self.centre],
                "zone": self.zone, "confidence": round(self.confidence, 4),
                "since": self.since}


@dataclass
class _Track:
    card: Card
    sighting: CardSighting
    seen: deque = field(default_factory=lambda: deque(maxlen=WINDOW))
    missing: int = 0
    stable_since: int | None = None


@dataclass(frozen=True)
class FusionUpdate:
    """What changed with one frame: cards that became stable, cards gone, alerts now open."""

    frame: int
    appeared: tuple[StableCard, ...]
    vanished: tuple[StableCard, ...]
    alerts: tuple[Alert, ...]


class CardFusion:
    def __init__(self, calibration: Calibration | None = None, *,
                 appear_after: int = APPEAR_AFTER, window: int = WINDOW,
                 vanish_after: int = VANISH_AFTER) -> None:
        if not 1 <= appear_after <= window:
            raise ValueError("appear_after must be between 1 and window")
        self.calibration = calibration
        self.appear_after, self.window, self.vanish_after = appear_after, window, vanish_after
        self.frame = 0
        self.resets = 0  # times reset() was called (the camera's loop reads after one)
        self._tracks: list[_Track] = []
        self._alerts: tuple[Alert, ...] = ()
        # Per frame of the window: the problems seen in it, by kind and card.
        self._problems: deque[set[tuple[str, int]]] = deque(maxlen=window)

    def update(self, sure: Iterable[CardSighting],
               unsure: Iterable[CardSighting] = ()) -> FusionUpdate:
        """Feed one frame's recognition (confident cards, and the unsure ones for conflicts)."""
        self.frame += 1
        sightings = list(sure)
        matched: set[int] = set()
        for sighting in sorted(sightings, key=lambda s: -s.confidence):
            track = self._nearest(sighting, matched)
            if track is None:
                track = _Track(sighting.card, sighting, deque(maxlen=self.window))
                self._tracks.append(track)
            track.sighting = sighting
            matched.add(id(track))
        # Also the recognizer's own duplicates (it reports both places as unsure).
        alerts = [Alert("conflict", (s.card,), (_point(s.centre),))
                  for s in unsure if s.problem == "conflict"]
        alerts += [Alert("turned", (s.card, turned_partner(s.card)), (_point(s.centre),))
                   for s in unsure if s.problem == "turned"]
        duplicates = [s for s in unsure if s.problem == "duplicate"]

        before = {id(t): self._stable_view(t) for t in self._tracks if t.stable_since}
        for track in self._tracks:
            seen = id(track) in matched
            track.seen.append(seen)
            track.missing = 0 if seen else track.missing + 1
        self._tracks = [t for t in self._tracks
                        if t.missing < max(self.vanish_after, self.window)]
        for track in self._tracks:
            if track.stable_since is None and sum(track.seen) >= self.appear_after:
                track.stable_since = self.frame
            elif track.stable_since is not None and track.missing >= self.vanish_after:
                track.stable_since = None

        # One card in two places: every place is in doubt, none counts.
        by_card: dict[int, list[_Track]] = {}
        for track in self._tracks:
            if track.missing == 0 or track.stable_since is not None:
                by_card.setdefault(int(track.card), []).append(track)
        for duplicate in duplicates:
            by_card.setdefault(int(duplicate.card), [])
        doubled: dict[int, list[_Track]] = {}
        for card, tracks in by_card.items():
            places = [_point(t.sighting.centre) for t in tracks]
            places += [_point(s.centre) for s in duplicates if int(s.card) == card]
            if len(places) > 1:
                alerts.append(Alert("duplicate", (Card(card),), tuple(places)))
                doubled[card] = tracks
        self._problems.append({_problem(alert) for alert in alerts})
        alerts = [alert for alert in alerts if self._persists(_problem(alert))]
        for alert in alerts:
            if alert.kind == "duplicate":
                for track in doubled[int(alert.cards[0])]:
                    track.stable_since = None
        self._alerts = tuple(alerts)

        after = {id(t): self._stable_view(t) for t in self._tracks if t.stable_since}
        appeared = tuple(view for key, view in after.items() if key not in before)
        vanished = tuple(view for key, view in before.items() if key not in after)
        return FusionUpdate(self.frame, appeared, vanished, self._alerts)

    @property
    def alerts(self) -> tuple[Alert, ...]:
        return self._alerts

    def stable_cards(self) -> list[StableCard]:
        return [self._stable_view(t) for t in self._tracks if t.stable_since is not None]

    def cards_in_zone(self, zone: str) -> list[StableCard]:
        return [card for card in self.stable_cards() if card.zone == zone]

    def reset(self) -> None:
        """Forget everything (a new hand: the table is cleared)."""
        self.resets += 1
        self._tracks.clear()
        self._alerts = ()
        self._problems.clear()

    def _persists(self, problem: tuple[str, int]) -> bool:
        return sum(problem in frame for frame in self._problems) >= self.appear_after

    def _nearest(self, sighting: CardSighting, taken: set[int]) -> _Track | None:
        # An outline of a card's part in view (tableside/vision/assembly.py) is narrower than
        # the card, but as long, or as wide: its length over a card's aspect is a width too.
        width = outline_width(sighting.corners)
        best, best_distance = None, FOLLOW * width
        for track in self._tracks:
            if track.card != sighting.card or id(track) in taken:
                continue
            distance = float(np.linalg.norm(track.sighting.centre - sighting.centre))
            if distance <= best_distance:
                best, best_distance = track, distance
        return best

    def _stable_view(self, track: _Track) -> StableCard:
        centre = _point(track.sighting.centre)
        zone = self.calibration.zone_at(centre) if self.calibration else None
        return StableCard(track.card, centre, track.sighting.corners,
                          float(track.sighting.confidence), zone.name if zone else None,
                          track.stable_since or self.frame)


def _problem(alert: Alert) -> tuple[str, int]:
    return alert.kind, int(alert.cards[0])


def _point(point: np.ndarray) -> tuple[float, float]:
    return float(point[0]), float(point[1])
