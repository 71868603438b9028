"""``tableside demo --simulate chips,buttons --camera SPEC``: a real camera at the demo table.

A person deals real cards under the camera; here the "person" is a frame source that draws
the cards a person would have put down for what the table waits for (the flop, turn and
river in the board zone, each player's cards in their seat's zone at the showdown). The
frames go through the real recognition, fusion, table feed and proposals; the simulated
dealer confirms what the camera proposes, and the table's board and shown hands are those
cards."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from camera_frames import board_places, calibration, seat_places, table_frame

from tableside.buttons.proposals import Proposals
from tableside.demo.camera import LiveCamera
from tableside.demo.console import DemoTable
from tableside.demo.dealer import DemoDealer, DemoError
from tableside.demo.options import DemoOptions, OptionError
from tableside.demo.players import seat_players
from tableside.demo.summary import Tally
from tableside.table import TableService
from tableside.vision.table_camera import TableCamera

BOARD = ["Ah", "7c", "Kd", "2s", "9h"]
HOLE = {1: ["Qs", "Qd"], 2: ["5c", "6c"]}


class PersonDealing:
    """A frame source: the cards a person dealing would have on the felt now."""

    name = "person dealing"
    finished = False

    def __init__(self, service: TableService):
        self.service = service

    def read(self):
        hand = (self.service.public_state().get("hand") or {})
        if not hand or hand.get("finished"):
            return table_frame({})
        board = len(hand.get("board") or [])
        if hand.get("waiting_for") == "deal_board":
            board += {0: 3}.get(board, 1)
        cards = list(zip(BOARD[:board], board_places(5)[:board], strict=True))
        if hand.get("waiting_for") == "showdown" or hand.get("result"):
            for seat, held in HOLE.items():
                cards += zip(held, seat_places(seat, 2), strict=True)
        return table_frame(cards)

    def close(self) -> None:
        self.finished = True


def callers(rng: random.Random) -> list:
    """Two players who check and call whatever they hold: every hand reaches the showdown."""
    return [replace(p, style=replace(p.style, plays=0.0, raises=2.0, bluffs=0.0))
            for p in seat_players(2, rng)]


@pytest.fixture
def table(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    service.execute({"type": "settings", "changes": {
        "blinds": [5, 10], "seats": 2, "camera_calibration": calibration().to_dict()}})
    yield DemoTable(service)
    service.close()


def test_the_cards_of_a_real_camera_go_into_the_game(table):
    proposals = Proposals()
    camera = TableCamera(PersonDealing(table.service), table, proposals, max_fps=0).start()
    try:
        live = LiveCamera(camera, wait_seconds=20)
        rng = random.Random(3)
        dealer = DemoDealer(table, callers(rng), Tally(), rng, proposals=proposals,
                            camera=live)
        dealer.seat_players()
        boards = []
        for _ in range(4):
            dealer.play_hand()
            hand = table.state.hand.hand
            boards.append([str(c) for c in hand.boards[-1]])
            for player, shown in hand.shown.items():
                if shown:
                    seat = table.state.hand.seat_of(player)
                    assert sorted(str(c) for c in shown) == sorted(HOLE[seat])
    finally:
        camera.close()
    assert boards == [BOARD] * 4
    assert live.figures()["cards_from_camera"] >= 4 * (5 + 2)


def test_a_camera_that_proposes_nothing_stops_the_demo_with_a_reason(table):
    proposals = Proposals()

    class EmptyFelt(PersonDealing):
        def read(self):
            return table_frame({})
    camera = TableCamera(EmptyFelt(table.service), table, proposals, max_fps=0).start()
    try:
        rng = random.Random(1)
        dealer = DemoDealer(table, callers(rng), Tally(), rng, proposals=proposals,
                            camera=LiveCamera(camera, wait_seconds=1.0))
        dealer.seat_players()
        with pytest.raises(DemoError) as refused:
            dealer.play_hand()
    finally:
        camera.close()
    assert "calibrated" in refused.value.texts["en"] and "kalibriert" in refused.value.texts["de"]


def test_a_real_camera_takes_the_simulated_ones_place():
    with pytest.raises(OptionError) as refused:
        DemoOptions(camera="/dev/video0")
    assert "--simulate" in refused.value.texts["en"] and "--simulate" in refused.value.texts["de"]
    assert DemoOptions(camera="/dev/video0", simulate=("chips", "buttons")).camera
