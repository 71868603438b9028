"""The camera's cards into a real table: frames drawn with large clean cards go through the
real recognition and fusion, the feed proposes what the hand waits for, and the dealer's
CONFIRM (the console's twin of the pad) sends it to a table service on a temporary SQLite
database. What does not fit (four cards on a flop, a card already in play, one card in two
places) becomes an alert and nothing is proposed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from camera_frames import board_places, calibration, seat_places, table_frame

from tableside.buttons.pad_twin import ConsolePad
from tableside.buttons.proposals import Proposals
from tableside.table import TableService
from tableside.vision.fusion import APPEAR_AFTER
from tableside.vision.sources import FrameListSource, ReopeningCamera
from tableside.vision.table_camera import TableCamera


@pytest.fixture
def table(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    service.execute({"type": "settings", "changes": {
        "blinds": [5, 10], "camera_calibration": calibration().to_dict()}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 500})
    yield service
    service.close()


def start_hand(service: TableService, hole: dict[int, str] | None = None) -> None:
    """A hand to the flop: hole cards (unread unless given), both players just call."""
    service.execute({"type": "start_hand", "button": 1})
    for seat in (1, 2):
        service.execute({"type": "deal", "seat": seat, "cards": (hole or {}).get(seat, "?? ??")})
    service.execute({"type": "check_call"})
    service.execute({"type": "check_call"})
    assert service.public_state()["hand"]["waiting_for"] == "deal_board"


def camera_on(service: TableService, proposals: Proposals, frame: np.ndarray) -> TableCamera:
    return TableCamera(FrameListSource([frame], loop=True), service, proposals)


def look(camera: TableCamera, frames: int = APPEAR_AFTER + 1) -> None:
    for _ in range(frames):
        assert camera.step() is not None


def test_the_flop_in_the_board_zone_is_proposed_and_confirmed_then_the_turn(table):
    start_hand(table)
    proposals = Proposals()
    flop = ["Ah", "7c", "Kd"]
    camera = camera_on(table, proposals, table_frame(dict(zip(flop, board_places(5)[:3],
                                                              strict=True))))
    look(camera)
    proposal = proposals.current
    assert proposal is not None and proposal.source == "camera"
    assert proposal.command == {"type": "board", "cards": flop}  # left to right
    assert set(proposal.texts) == {"en", "de"} and "Ah 7c Kd" in proposal.texts["de"]
    assert camera.feed.alerts == ()

    report = ConsolePad(table, proposals).press("confirm")
    assert report["accepted"], report
    assert table.public_state()["hand"]["board"] == flop
    assert proposals.current is None

    # Betting on the flop; then the turn joins the flop in the board zone.
    table.execute({"type": "check_call"})
    table.execute({"type": "check_call"})
    cards = [*flop, "2s"]
    camera.source = camera.pipeline.source = FrameListSource(
        [table_frame(dict(zip(cards, board_places(5)[:4], strict=True)))], loop=True)
    look(camera)
    assert proposals.current.command == {"type": "board", "cards": ["2s"]}
    assert ConsolePad(table, proposals).press("confirm")["accepted"]
    assert table.public_state()["hand"]["board"] == cards


def test_four_cards_on_a_flop_are_an_alert_and_nothing_is_proposed(table):
    start_hand(table)
    proposals = Proposals()
    cards = ["Ah", "7c", "Kd", "9s"]
    camera = camera_on(table, proposals, table_frame(dict(zip(cards, board_places(4),
                                                               strict=True))))
    look(camera)
    assert proposals.current is None
    [alert] = camera.feed.alerts
    assert alert.kind == "too_many_board" and alert.zone == "board"
    assert "4" in alert.message("en") and "3" in alert.message("en")
    assert "Boardzone" in alert.message("de")
    assert table.public_state()["hand"]["board"] == []


def test_a_card_already_dealt_is_an_alert_not_a_proposal(table):
    start_hand(table, {1: "As Kd"})
    proposals = Proposals()
    flop = ["As", "7c", "2h"]  # the ace of spades is Anna's
    camera = camera_on(table, proposals, table_frame(dict(zip(flop, board_places(3),
                                                              strict=True))))
    look(camera)
    assert proposals.current is None
    [alert] = camera.feed.alerts
    assert alert.kind == "in_play" and alert.cards == ("As",)
    assert "seat 1" in alert.message("en") and "Platz 1" in alert.message("de")


def test_one_card_in_two_places_is_the_fusions_alert_and_blocks_the_board(table):
    start_hand(table)
    proposals = Proposals()
    places = board_places(3)
    frame = table_frame([("Ah", places[0]), ("7c", places[1]), ("Ah", places[2])])
    camera = camera_on(table, proposals, frame)
    look(camera)
    assert proposals.current is None
    kinds = {alert.kind for alert in camera.feed.alerts}
    assert "duplicate" in kinds
    assert all(set(alert.texts) == {"en", "de"} for alert in camera.feed.alerts)


def test_at_the_showdown_each_seats_cards_become_its_show(table):
    start_hand(table)
    for board in ("Ah 7c Kd", "2s", "3d"):
        table.execute({"type": "board", "cards": board})
        table.execute({"type": "check_call"})
        table.execute({"type": "check_call"})
    hand = table.public_state()["hand"]
    assert hand["waiting_for"] == "showdown"
    first = table.read(lambda s: s.hand.seats[s.hand.hand.showdown_order()[0]])
    hands = {1: ["Qc", "Jc"], 2: ["9h", "9d"]}
    cards = {card: place for seat, held in hands.items()
             for card, place in zip(held, seat_places(seat, 2), strict=True)}
    for card, place in zip(["Ah", "7c", "Kd", "2s", "3d"], board_places(5), strict=True):
        cards[card] = place
    proposals = Proposals()
    camera = camera_on(table, proposals, table_frame(cards))
    look(camera)
    assert proposals.current.command == {"type": "show", "seat": first, "cards": hands[first]}
    assert ConsolePad(table, proposals).press("confirm")["accepted"]
    other = 3 - first
    look(camera, 1)
    assert proposals.current.command == {"type": "show", "seat": other, "cards": hands[other]}
    assert ConsolePad(table, proposals).press("confirm")["accepted"]
    result = table.public_state()["last_hand"] or table.public_state()["hand"]
    assert result["result"]["won"]["2"] > 0  # nines beat queen high


def test_a_camera_that_goes_away_is_reported_and_the_loop_goes_on(table):
    tick = [0.0]
    frame = table_frame({"Ah": board_places(1)[0]})
    plugged = [False]

    class Device:
        def grab_frame(self) -> np.ndarray:
            if not plugged[0]:
                raise OSError("unplugged")
            return frame

        def release(self) -> None:
            pass

    statuses: list[dict[str, str]] = []
    source = ReopeningCamera("usb", Device, retry_every=1.0, clock=lambda: tick[0],
                             on_status=lambda online, why: camera.source_status(online, why))
    camera = TableCamera(source, table, Proposals(), when_status=statuses.append)
    assert camera.step() is None
    assert camera.online is False
    assert "usb" in camera.status["en"] and "unplugged" in camera.status["en"]
    assert "wieder geöffnet" in camera.status["de"]
    assert camera.step() is None  # not yet time to try again
    plugged[0] = True
    tick[0] = 2.0  # the retry is due
    assert camera.step() is not None
    assert camera.online is True and camera.frames == 1
    assert statuses[-1] == {"en": "Camera usb: frames arriving",
                            "de": "Kamera usb: Bilder kommen an"}


def test_a_frame_that_breaks_the_recognition_is_skipped(table):
    camera = TableCamera(FrameListSource([np.zeros((0, 0, 3), np.uint8),
                                          table_frame({})]), table, Proposals())
    camera.run()
    assert camera.frames == 1
    assert camera.source.finished
    assert camera.status["en"].endswith("the recording has ended")


def test_studs_up_cards_become_each_seats_deal(table):
    table.execute({"type": "settings", "changes": {"game": "F7S"}})
    table.execute({"type": "start_hand", "button": 1})
    assert table.public_state()["hand"]["waiting_for"] == "deal_hole"
    proposals = Proposals()
    up = {1: "Ah", 2: "Kd"}
    camera = camera_on(table, proposals, table_frame(
        {card: seat_places(seat, 1)[0] for seat, card in up.items()}))
    look(camera)
    first = proposals.current.command
    assert first["cards"] == ["??", "??", up[first["seat"]]]
    assert "face up" in proposals.current.texts["en"]
    assert ConsolePad(table, proposals).press("confirm")["accepted"]
    look(camera, 1)
    second = proposals.current.command
    assert second == {"type": "deal", "seat": 3 - first["seat"],
                      "cards": ["??", "??", up[3 - first["seat"]]]}
    assert ConsolePad(table, proposals).press("confirm")["accepted"]
    players = table.public_state()["hand"]["players"]
    assert {p["seat"]: p["cards"][2] for p in players} == up


def test_a_problem_at_a_seat_does_not_hold_up_the_board(table):
    start_hand(table)
    proposals = Proposals()
    flop = ["Ah", "7c", "Kd"]
    beside = seat_places(2, 3)
    frame = table_frame([*zip(flop, board_places(3), strict=True),
                         ("9s", beside[0]), ("9s", beside[2])])  # one card twice, at seat 2
    camera = camera_on(table, proposals, frame)
    look(camera)
    assert proposals.current is not None
    assert proposals.current.command == {"type": "board", "cards": flop}
    [alert] = [a for a in camera.feed.alerts if a.kind == "duplicate"]
    assert alert.zone == "seat 2"


def test_the_recognition_reads_on_the_calibrated_table_plane(table):
    # A camera at a slant is read as seen from straight above (straight_view.py), once the
    # table's plane is marked; the calibration here is the camera's own view of the table.
    camera = camera_on(table, Proposals(), table_frame({}))
    assert np.allclose(camera.pipeline.recognizer.plane, calibration().homography)
