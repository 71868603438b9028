"""The dealer's settlement and ledger come from the table's own books: the chip value, the
rake kept by the house and the chips still in play all count (tableside.table.books)."""

from __future__ import annotations

import csv
import io

import pytest
from dealer_login import first_login

from tableside.table import TableService, accounts
from tableside.table.books import ledger_csv
from tableside.web.app import create_app

PIN = "4711"


@pytest.fixture
def service(tmp_path):
    service = TableService.open(tmp_path / "table.db")
    service.execute({"type": "settings", "changes": {
        "blinds": [1, 2], "rake_percent": 10, "rake_cap": 3, "no_flop_no_drop": True,
        "chip_value": {"cents": 50, "chips": 1, "currency": "EUR"}}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 100})
    yield service
    service.close()


@pytest.fixture
def dealer(service, tmp_path):
    app = create_app(service, {"CREDENTIALS_PATH": tmp_path / "dealer.json",
                               "LIVE_EQUITY": False})
    client, _ = first_login(app, PIN)
    yield client
    app.extensions["tableside"].close()


def play_a_raked_hand(service: TableService) -> None:
    service.execute({"type": "start_hand", "button": 1})
    service.execute({"type": "deal", "seat": 1, "cards": "As Ad"})
    service.execute({"type": "deal", "seat": 2, "cards": "Kc Kd"})
    service.execute({"type": "bet_raise", "to": 20})
    service.execute({"type": "check_call"})
    service.execute({"type": "board", "cards": "2c 7d 9s"})
    while not service.public_state()["hand"]["finished"]:
        hand = service.public_state()["hand"]
        if hand["legal"] is not None:
            service.execute({"type": "check_call"})
        elif hand["needs_cards"]["board"]:
            service.execute({"type": "board", "cards": ["Th", "3s"][len(hand["board"]) - 3]})
        else:
            seat = service.state.hand.seat_of(service.state.hand.hand.showdown_order()[0])
            service.execute({"type": "show", "seat": seat,
                             "cards": {1: "As Ad", 2: "Kc Kd"}[seat]})


def test_the_settlement_counts_the_chip_value_and_the_rake(service, dealer):
    play_a_raked_hand(service)
    service.execute({"type": "leave", "seat": 2})  # Ben cashes out what is left
    body = dealer.get("/api/dealer/settlement").json
    books = service.read(accounts).to_json()
    assert body["balance"] == books["balance"] and body["transfers"] == books["transfers"]
    assert body["balance"]["balanced"] and body["balance"]["rake"] == 3 * 50  # 3 chips kept
    players = {row["player"]: row for row in body["players"]}
    assert players["Anna"]["bought"] == players["Ben"]["bought"] == 100
    assert players["Ben"]["cashed_out"] == 80 and players["Ben"]["net_cents"] == -20 * 50
    assert players["Anna"]["on_table"] == 117 and players["Anna"]["net_cents"] == 17 * 50
    # Ben lost 20 chips: 17 to Anna, 3 the house kept as rake; at 0.50 each.
    paid = {(t["payer"], t["payee"]): (t["cents"], t["text"]) for t in body["transfers"]}
    assert paid == {("Ben", "Anna"): (850, {"en": "Ben pays Anna 8.50",
                                            "de": "Ben zahlt Anna 8,50"}),
                    ("Ben", "@house"): (150, {"en": "Ben pays the house 1.50",
                                              "de": "Ben zahlt dem Haus 1,50"})}
    assert body["house"] == 150
    assert body["chip_value"]["en"].startswith("1 chip")


def test_the_ledger_export_is_the_tables_own(service, dealer):
    play_a_raked_hand(service)
    text = dealer.get("/api/dealer/export/ledger.csv?lang=de").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0] and {"Anna", "Ben"} <= {row[1] for row in rows[1:] if len(row) > 1}
    assert text == service.read(lambda state: ledger_csv(state, "de"))
