"""Privacy: no public page, endpoint or stream ever shows a card that is still hidden.

Whole hands are played through the dealer's API (hold'em with a muck and a fold, an all-in
with tabled hands and live equity, seven card stud with its down cards). What is secret is
worked out here from the script alone: every card dealt face down stays secret until its
player shows it; mucked and folded hands stay secret for good. After every command every
public endpoint is read, and everything the live stream sent is checked at the end.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from dealer_login import first_login

from tableside.engine import variant
from tableside.table import TableService
from tableside.web.app import create_app
from tableside.web.server import start_server
from tableside.web.sse_client import SSEClient

PUBLIC_PAGES = ("/api/state", "/api/equity", "/api/history", "/", "/history")


class Dealer:
    """Drives the table through the web API as the dealer, and keeps the list of secrets."""

    def __init__(self, app):
        self.app = app
        self.client, self.token = first_login(app, "2468")
        self.secret: set[str] = set()
        self.public_client = app.test_client()  # no session: what anyone sees
        self.reads = 0

    def post(self, command: str, **fields):
        answer = self.client.post(f"/api/{command}", json=fields,
                                  headers={"X-CSRF-Token": self.token})
        assert answer.status_code == 200, answer.json
        self.check_public()
        return answer.json

    def state(self) -> dict:
        return self.client.get("/api/dealer/state").json

    def check_public(self) -> None:
        for path in PUBLIC_PAGES:
            text = self.public_client.get(path).get_data(as_text=True)
            self.reads += 1
            assert_no_secret(text, self.secret, path)

    def deal(self, seat: int, cards: list[str], game: str, street: int) -> None:
        face_up = variant(game).streets[street].face_up
        self.secret |= {c for c, up in zip(cards, face_up, strict=True) if not up}
        self.post("deal", seat=seat, cards=cards)

    def show(self, seat: int, cards: list[str]) -> None:
        self.secret -= set(cards)  # public from this command on
        self.post("show", seat=seat, cards=cards)


def assert_no_secret(text: str, secret: set[str], where: str) -> None:
    leaked = sorted(card for card in secret if f'"{card}"' in text or f">{card}<" in text)
    assert not leaked, f"{where} shows hidden cards {leaked}"


@pytest.fixture
def table(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    app = create_app(service, {"KEEPALIVE_SECONDS": 0.5})
    server = start_server(app)
    yield service, app, server
    server.close()
    service.close()


def wait_for_equity(client, seconds: float = 30.0) -> dict:
    """Equity is worked out in the background: wait for it (no timing is asserted)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        equity = client.get("/api/equity").json
        if equity:
            return equity
        time.sleep(0.05)
    raise AssertionError("no live equity")


def listen(url: str, received: list[str], ready: threading.Event) -> None:
    client = SSEClient(url + "/api/stream", timeout=60)
    ready.set()
    try:
        for event in client.events():
            received.append(event.data)
    finally:
        client.close()


def test_no_public_view_ever_shows_a_hidden_card(table):
    _, app, server = table
    received: list[str] = []
    ready = threading.Event()
    thread = threading.Thread(target=listen, args=(server.url, received, ready), daemon=True)
    thread.start()
    assert ready.wait(10)
    dealer = Dealer(app)
    for seat, name in ((1, "Anna"), (2, "Ben"), (3, "Cleo")):
        dealer.post("sit", seat=seat, player=name, buy_in=200)

    # Hold'em: Cleo folds, Ben mucks at the showdown, Anna shows and wins.
    dealer.post("start_hand", button=1)
    done: set[int] = set()  # shown or mucked at the showdown
    hole = {2: ["As", "Ks"], 3: ["7c", "2d"], 1: ["Qh", "Qd"]}
    for seat in dealer.state()["hand"]["needs_cards"]["seats"]:
        dealer.deal(int(seat), hole[int(seat)], "NT", 0)
    while (hand := dealer.state()["hand"])["waiting_for"] != "over":
        waiting = hand["waiting_for"]
        if waiting == "betting":
            legal = hand["legal"]
            if legal["seat"] == 3 and not legal["can_check"]:
                dealer.post("fold")
            else:
                dealer.post("check_call")
        elif waiting == "deal_board":
            board = {0: ["3c", "8h", "Jd"], 3: ["4s"], 4: ["9c"]}[len(hand["board"])]
            dealer.post("board", cards=board)
        elif waiting == "showdown":
            seat = next(p["seat"] for p in hand["players"]
                        if not p["folded"] and p["seat"] not in done)
            done.add(seat)
            if seat == 1:
                dealer.show(1, hole[1])
            else:
                dealer.post("show", seat=seat, cards=None)  # mucks: stays secret
    assert dealer.state()["hand"]["result"]["won"]["1"] > 0
    assert {"As", "Ks", "7c", "2d"} <= dealer.secret

    # All-in preflop: both table their hands, equity is live, then the board comes.
    dealer.post("start_hand")
    allin = {1: ["Ah", "Ad"], 2: ["Kc", "Kd"], 3: ["5h", "6h"]}
    for seat in dealer.state()["hand"]["needs_cards"]["seats"]:
        dealer.deal(int(seat), allin[int(seat)], "NT", 0)
    while (hand := dealer.state()["hand"])["legal"] is not None:
        legal = hand["legal"]
        if legal["seat"] == 3:
            dealer.post("fold")
        elif legal["max_to"] is not None:
            dealer.post("bet_raise", to=legal["max_to"])
        else:
            dealer.post("check_call")
    for player in dealer.state()["hand"]["players"]:
        if not player["folded"]:
            dealer.show(player["seat"], allin[player["seat"]])
    assert "5h" in dealer.secret and "Ah" not in dealer.secret
    # Both hands face up, action closed, the board to come: live equity, from public cards.
    equity = wait_for_equity(dealer.public_client)
    assert set(equity["players"]) == {"1", "2"}
    assert equity["players"]["1"]["equity"] > equity["players"]["2"]["equity"]
    assert_no_secret(json.dumps(equity), dealer.secret, "/api/equity")
    for board in (["2c", "7d", "9s"], ["Tc"], ["3h"]):
        dealer.post("board", cards=board)

    # Seven card stud: two down cards and one up, up cards on 4th to 6th, one down on 7th.
    dealer.post("settings", changes={"game": "F7S"})
    for seat in range(1, 4):
        if dealer.state()["seats"][seat - 1]["stack"] == 0:
            dealer.post("rebuy", seat=seat, amount=200)
    dealer.post("start_hand")
    # None of these was seen in the hands before (the last hand stays on the display).
    cards = iter(["2h", "3d", "4h", "5d", "6d", "8d", "8s", "9h", "Ts", "Jc", "Qc", "Kh",
                  "Ac", "2s", "3s", "4c", "5c", "6c", "7h", "6s", "5s", "4d"])
    street = 0
    while (hand := dealer.state()["hand"])["waiting_for"] != "over":
        waiting = hand["waiting_for"]
        if waiting == "deal_hole":
            for seat, count in hand["needs_cards"]["seats"].items():
                dealer.deal(int(seat), [next(cards) for _ in range(count)], "F7S", street)
            street += 1
        elif waiting == "deal_board":
            dealer.post("board", cards=[next(cards)])
        elif waiting == "betting":
            legal = hand["legal"]
            dealer.post("bring_in" if legal["bring_in"] is not None else "check_call")
        elif waiting == "showdown":
            seat = next(p["seat"] for p in hand["players"]
                        if not p["folded"] and not p["shown"])
            mine = next(p["cards"] for p in hand["players"] if p["seat"] == seat)
            dealer.show(seat, mine)
    assert street == 5

    text = "\n".join(received)
    assert len(received) > 40  # every command reached the stream
    assert_no_secret(text, dealer.secret, "the live stream")
    assert dealer.reads > 300
