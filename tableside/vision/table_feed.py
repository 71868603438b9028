"""The camera's cards into the game: what the table waits for, proposed for the dealer's CONFIRM.

:class:`TableFeed` looks at each :class:`~tableside.vision.pipeline.FrameReport` (the cards
that are stable, each in its calibration zone) beside what the hand in play needs now:

* the board (``waiting_for == "deal_board"``): the stable cards in the board zone that are not
  on the board yet, when there are exactly as many as the street needs, become a ``board``
  command;
* the showdown: a player's stable cards in their seat's zone, as many as they hold, become
  that seat's ``show`` command (the first player to show first);
* stud's face-up cards (``deal_hole`` with cards dealt face up): the new up cards in a seat's
  zone become that seat's ``deal`` command, the face-down ones ``"??"``.

A proposal goes to :meth:`Proposals.offer` with the source ``"camera"`` (the same path the
chips' bets take) and the dealer's CONFIRM, on the pad or the console, sends it. What does
not fit is never proposed but becomes a :class:`FeedAlert` for the dealer: too many new cards
(four on a flop), a card already in play elsewhere, or the fusion's own alerts (a card in two
places, a card whose corners disagree) in the zone.

The feed reads the table through the service (``read`` and ``version``) and only in the
thread that calls :meth:`consider`, never in the table's writer.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tableside.buttons.proposals import Proposal, Proposals
from tableside.cards import Card
from tableside.vision.calibration import Calibration, Zone
from tableside.vision.fusion import Alert, StableCard
from tableside.vision.pipeline import FrameReport

log = logging.getLogger(__name__)

SOURCE = "camera"
UNREAD = "??"

_TEXTS = {
    "board": {"en": "board {cards}", "de": "Board {cards}"},
    "show": {"en": "seat {seat} shows {cards}", "de": "Platz {seat} zeigt {cards}"},
    "deal": {"en": "seat {seat} is dealt {cards} face up",
             "de": "Platz {seat} bekommt {cards} offen"},
    "too_many_board": {
        "en": "{found} new cards in the board zone, but the board needs {needed}: take away "
              "the ones that do not belong there",
        "de": "{found} neue Karten in der Boardzone, aber das Board braucht {needed}: die "
              "Karten wegnehmen, die nicht dorthin gehören"},
    "too_many_seat": {
        "en": "{found} cards in seat {seat}'s zone, but {needed} are expected there: check "
              "the cards",
        "de": "{found} Karten in der Zone von Platz {seat}, erwartet werden {needed}: bitte "
              "die Karten prüfen"},
    "in_play": {"en": "{card} in {zone} is already in play ({place}): check the cards",
                "de": "{card} in {zone} ist schon im Spiel ({place}): bitte die Karten "
                      "prüfen"},
}
_ZONE_WORDS = {"board": {"en": "the board zone", "de": "der Boardzone"},
               "seat": {"en": "seat {seat}'s zone", "de": "der Zone von Platz {seat}"}}
_PLACE_WORDS = {"board": {"en": "on the board", "de": "auf dem Board"},
                "seat": {"en": "seat {seat}'s card", "de": "Karte von Platz {seat}"},
                "discard": {"en": "discarded", "de": "abgeworfen"}}


@dataclass(frozen=True)
class FeedAlert:
    """Something the dealer should look at, in English and German."""

    kind: str  # too_many_board, too_many_seat, in_play, duplicate, conflict
    texts: dict[str, str]
    cards: tuple[str, ...] = ()
    zone: str | None = None

    def message(self, lang: str = "en") -> str:
        return self.texts[lang]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": dict(self.texts), "cards": list(self.cards),
                "zone": self.zone}


@dataclass(frozen=True)
class TableNeed:
    """What the hand in play waits for, as far as cards on the felt can say it."""

    version: int
    in_hand: bool = False
    board_needed: int = 0  # cards the board needs now
    board: tuple[Card, ...] = ()  # the board being dealt, so far
    to_show: tuple[int, ...] = ()  # seats that may show now, the first to show first
    hole_count: dict[int, int] = field(default_factory=dict)  # seat -> cards held
    known: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat -> known cards
    face_up_deal: dict[int, tuple[bool, ...]] = field(default_factory=dict)  # stud's deals
    up_cards: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat -> face up
    in_play: dict[Card, tuple[str, int | None]] = field(default_factory=dict)  # card -> place


@dataclass(frozen=True)
class Decision:
    """What one frame means for the table: a command to propose (or None) and alerts."""

    command: dict[str, Any] | None
    texts: dict[str, str]
    alerts: tuple[FeedAlert, ...]


def table_need(state: Any) -> TableNeed:
    """Read a :class:`~tableside.table.state.TableState` (held still by the service)."""
    table_hand = state.hand
    if table_hand is None or not table_hand.in_progress:
        return TableNeed(state.seq)
    hand, seats = table_hand.hand, table_hand.seats
    waiting = hand.waiting_for()
    in_play: dict[Card, tuple[str, int | None]] = {}
    for board in hand.boards:
        for card in board:
            in_play[card] = ("board", None)
    for card in hand.discards:
        in_play.setdefault(card, ("discard", None))
    known: dict[int, tuple[Card, ...]] = {}
    up_cards: dict[int, tuple[Card, ...]] = {}
    for player, seat in enumerate(seats):
        shown = hand.shown.get(player)
        cards = tuple(c for c in (shown or hand.hole[player]) if c is not None)
        known[seat] = cards
        up_cards[seat] = tuple(c for c, up in zip(hand.hole[player], hand.up[player],
                                                  strict=True) if up and c is not None)
        for card in cards:
            in_play[card] = ("seat", seat)
    to_show: tuple[int, ...] = ()
    if waiting == "showdown":
        to_show = tuple(seats[p] for p in hand.showdown_order())
    face_up_deal: dict[int, tuple[bool, ...]] = {}
    street = hand.current_street
    if waiting == "deal_hole" and street is not None:
        for player, count in hand.needs_hole_cards().items():
            pattern = tuple(street.face_up[-count:]) if count <= len(street.face_up) else ()
            if any(pattern):
                face_up_deal[seats[player]] = pattern
    return TableNeed(
        state.seq, True,
        board_needed=hand.needs_board_cards() if waiting == "deal_board" else 0,
        board=tuple(hand.boards[-1]), to_show=to_show,
        hole_count={seat: len(hand.hole[p]) for p, seat in enumerate(seats)},
        known=known, face_up_deal=face_up_deal, up_cards=up_cards, in_play=in_play)


def decide(need: TableNeed, stable: Iterable[StableCard], calibration: Calibration | None,
           fusion_alerts: Iterable[Alert] = ()) -> Decision:
    """What the stable cards mean for ``need``: the one command to propose, and alerts."""
    alerts: list[FeedAlert] = []
    blocked: set[str] = set()  # zones with a fusion alert: nothing there is proposed
    for alert in fusion_alerts:
        zones = {_zone_name(calibration, place) for place in alert.places}
        blocked.update(zone for zone in zones if zone is not None)
        alerts.append(FeedAlert(alert.kind, {"en": alert.message("en"),
                                             "de": alert.message("de")},
                                tuple(str(c) for c in alert.cards),
                                next(iter(sorted(z for z in zones if z)), None)))
    if not need.in_hand or calibration is None:
        return Decision(None, {}, tuple(alerts))
    by_zone: dict[str, list[StableCard]] = {}
    for card in stable:
        if card.zone is not None:
            by_zone.setdefault(card.zone, []).append(card)
    for cards in by_zone.values():
        cards.sort(key=lambda c: c.centre[0])  # dealt left to right, as the dealer sees it
    proposals: list[tuple[dict[str, Any], dict[str, str], str]] = []  # with the zone

    if need.board_needed:
        for zone in (z for z in calibration.zones if z.kind == "board"):
            if zone.name in blocked:
                continue
            cards = [c.card for c in by_zone.get(zone.name, []) if c.card not in need.board]
            fresh = _not_in_play(cards, need, ("board", None), zone, alerts)
            if fresh is None:
                continue
            if len(fresh) > need.board_needed:
                alerts.append(_alert("too_many_board", fresh, zone.name, found=len(fresh),
                                     needed=need.board_needed))
            elif len(fresh) == need.board_needed:
                proposals.append(({"type": "board", "cards": _texts(fresh)},
                                  _words("board", cards=" ".join(_texts(fresh))), zone.name))

    seat_zones = {z.seat: z for z in calibration.zones if z.kind == "seat"}
    for seat in need.to_show:
        zone = seat_zones.get(seat)
        if zone is None or zone.name in blocked:
            continue
        cards = [c.card for c in by_zone.get(zone.name, [])]
        fresh = _not_in_play(cards, need, ("seat", seat), zone, alerts)
        expected = need.hole_count.get(seat, 0)
        if fresh is None or not fresh:
            continue
        if len(fresh) > expected:
            alerts.append(_alert("too_many_seat", fresh, zone.name, found=len(fresh),
                                 needed=expected, seat=seat))
        elif len(fresh) == expected:
            proposals.append(({"type": "show", "seat": seat, "cards": _texts(fresh)},
                              _words("show", seat=seat, cards=" ".join(_texts(fresh))),
                              zone.name))

    for seat, pattern in need.face_up_deal.items():
        zone = seat_zones.get(seat)
        if zone is None or zone.name in blocked:
            continue
        cards = [c.card for c in by_zone.get(zone.name, [])
                 if c.card not in need.up_cards.get(seat, ())]
        fresh = _not_in_play(cards, need, ("seat", seat), zone, alerts)
        wanted = sum(pattern)
        if fresh is None:
            continue
        if len(fresh) > wanted:
            alerts.append(_alert("too_many_seat", fresh, zone.name, found=len(fresh),
                                 needed=wanted, seat=seat))
        elif len(fresh) == wanted:
            up = iter(_texts(fresh))
            command = {"type": "deal", "seat": seat,
                       "cards": [next(up) if face_up else UNREAD for face_up in pattern]}
            proposals.append((command, _words("deal", seat=seat,
                                              cards=" ".join(_texts(fresh))), zone.name))

    # A zone with something wrong in it is the dealer's to sort out before the camera proposes
    # anything there; the other zones go on (a doubtful card at one seat does not hold up the
    # board).
    troubled = blocked | {alert.zone for alert in alerts if alert.zone is not None}
    fine = [(command, texts) for command, texts, zone in proposals if zone not in troubled]
    if not fine:
        return Decision(None, {}, tuple(alerts))
    command, texts = fine[0]
    return Decision(command, texts, tuple(alerts))


class TableFeed:
    """Proposals and alerts from the camera for ``service``'s table.

    ``when_alerts`` is called with the alerts (a tuple of :class:`FeedAlert`) whenever they
    change, gpiozero style.
    """

    def __init__(self, service: Any, proposals: Proposals, *,
                 calibration: Calibration | None = None,
                 when_alerts: Callable[[tuple[FeedAlert, ...]], None] | None = None) -> None:
        self.service = service
        self.proposals = proposals
        self.calibration = calibration
        self.when_alerts = when_alerts
        self._lock = threading.Lock()
        self._need: TableNeed | None = None
        self._offered: Proposal | None = None
        self._alerts: tuple[FeedAlert, ...] = ()

    @property
    def alerts(self) -> tuple[FeedAlert, ...]:
        return self._alerts

    @property
    def offered(self) -> Proposal | None:
        """The camera's proposal while it waits for CONFIRM."""
        offered = self._offered
        return offered if offered is not None and offered is self.proposals.current else None

    def need(self) -> TableNeed:
        """What the table waits for now (read again only when the table changed)."""
        need = self._need
        if need is None or need.version != self.service.version:
            need = self._need = self.service.read(table_need)
        return need

    def consider(self, report: FrameReport) -> Decision:
        """Judge one frame's report (use it as the pipeline's ``on_report``)."""
        with self._lock:
            decision = decide(self.need(), report.stable, self.calibration,
                              report.update.alerts)
            self._propose(decision)
            self._set_alerts(decision.alerts)
            return decision

    def _propose(self, decision: Decision) -> None:
        current = self.proposals.current
        ours = self._offered is not None and current is self._offered
        if decision.command is None:
            if ours:
                self.proposals.withdraw(self._offered)
            self._offered = None
            return
        if ours and self._offered.command == decision.command:
            return
        self._offered = self.proposals.offer(decision.command, SOURCE, decision.texts)
        log.info("camera proposes %s", decision.command)

    def _set_alerts(self, alerts: tuple[FeedAlert, ...]) -> None:
        if alerts == self._alerts:
            return
        self._alerts = alerts
        for alert in alerts:
            log.warning("camera: %s", alert.message("en"))
        if self.when_alerts is not None:
            self.when_alerts(alerts)


def _not_in_play(cards: list[Card], need: TableNeed, own: tuple[str, int | None], zone: Zone,
                 alerts: list[FeedAlert]) -> list[Card] | None:
    """``cards`` if none of them is in play elsewhere than ``own`` place; otherwise an alert
    for each that is, and None."""
    clash = [card for card in cards if card in need.in_play and need.in_play[card] != own]
    for card in clash:
        place, seat = need.in_play[card]
        alerts.append(FeedAlert("in_play", {
            lang: _TEXTS["in_play"][lang].format(
                card=card, zone=_zone_words(zone, lang),
                place=_PLACE_WORDS[place][lang].format(seat=seat))
            for lang in ("en", "de")}, (str(card),), zone.name))
    return None if clash else cards


def _zone_words(zone: Zone, lang: str) -> str:
    if zone.kind in _ZONE_WORDS:
        return _ZONE_WORDS[zone.kind][lang].format(seat=zone.seat)
    return zone.name


def _zone_name(calibration: Calibration | None, place: tuple[float, float]) -> str | None:
    if calibration is None:
        return None
    zone = calibration.zone_at(place)
    return zone.name if zone is not None else None


def _alert(kind: str, cards: list[Card], zone: str, **values: object) -> FeedAlert:
    return FeedAlert(kind, _words(kind, **values), tuple(_texts(cards)), zone)


def _words(key: str, **values: object) -> dict[str, str]:
    return {lang: text.format(**values) for lang, text in _TEXTS[key].items()}


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]
