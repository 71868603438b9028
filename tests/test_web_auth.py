"""The dealer's console is protected: PIN set at first start (stored hashed), session cookie,
CSRF on every state-changing request, rate-limited PIN attempts; public pages are read-only."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from dealer_login import page_token

from tableside.table import TableService
from tableside.table.commands import SCHEMA
from tableside.web.app import create_app
from tableside.web.pin import DealerCredentials, PinError
from tableside.web.ratelimit import AttemptLimiter

PIN = "4711"


@pytest.fixture
def service(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    yield service
    service.close()


@pytest.fixture
def app(service, tmp_path: Path):
    app = create_app(service, {"CREDENTIALS_PATH": tmp_path / "dealer.json",
                               "LIVE_EQUITY": False})
    yield app
    app.extensions["tableside"].close()


def set_up_pin(app, client) -> str:
    token = page_token(client)
    code = app.extensions["tableside"].credentials.setup_code
    answer = client.post("/dealer/setup", json={"setup_code": code, "pin": PIN},
                         headers={"X-CSRF-Token": token})
    assert answer.status_code == 200, answer.json
    return answer.json["csrf"]


def test_first_start_needs_the_setup_code_and_stores_only_a_hash(app, tmp_path):
    client = app.test_client()
    assert "setup_code" in client.get("/dealer/login").get_data(as_text=True)
    token = page_token(client)
    wrong = client.post("/dealer/setup", json={"setup_code": "000000x", "pin": PIN},
                        headers={"X-CSRF-Token": token})
    assert wrong.status_code == 400 and wrong.json["error"]["rule"] == "setup_code"
    assert set(wrong.json["error"]["message"]) == {"en", "de"}
    set_up_pin(app, client)
    stored = (tmp_path / "dealer.json").read_text()
    assert PIN not in stored
    data = json.loads(stored)
    assert data["pin"]["algorithm"] == "scrypt" and len(bytes.fromhex(data["pin"]["salt"])) == 16
    assert stat.S_IMODE(os.stat(tmp_path / "dealer.json").st_mode) == 0o600
    again = client.post("/dealer/setup", json={"setup_code": "", "pin": "9999"},
                        headers={"X-CSRF-Token": page_token(client)})
    assert again.status_code == 409


def test_the_pin_survives_a_restart_and_the_setup_code_is_gone(service, tmp_path):
    credentials = DealerCredentials(tmp_path / "dealer.json")
    credentials.set_pin(PIN, setup_code=credentials.setup_code)
    reopened = DealerCredentials(tmp_path / "dealer.json")
    assert reopened.has_pin and reopened.setup_code == ""
    assert reopened.verify(PIN) and not reopened.verify("4712")
    assert reopened.session_key == credentials.session_key
    with pytest.raises(PinError):
        reopened.set_pin("12", current_pin=PIN)  # too short


def test_without_login_nothing_can_change(app, service):
    client = app.test_client()
    set_up_pin(app, app.test_client())  # another device logs in; this one has not
    version = service.version
    token = page_token(client)  # a CSRF token alone is not a login
    for command in SCHEMA:
        answer = client.post(f"/api/{command}", json={}, headers={"X-CSRF-Token": token})
        assert answer.status_code == 401, command
        assert set(answer.json["error"]["message"]) == {"en", "de"}
    for button in ("confirm", "fold", "next"):  # nor a dealer pad button on the console
        answer = client.post(f"/api/dealer/press/{button}", headers={"X-CSRF-Token": token})
        assert answer.status_code == 401, button
    for path in ("/api/dealer/state", "/api/dealer/settlement", "/api/dealer/export/phh",
                 "/api/dealer/export/backup"):
        assert client.get(path).status_code == 401, path
    assert client.get("/dealer").status_code == 302
    assert service.version == version
    for path in ("/", "/history", "/api/state", "/api/history", "/api/equity"):
        assert client.get(path).status_code == 200, path
        assert client.post(path, headers={"X-CSRF-Token": token}).status_code in (401, 404, 405)
    assert service.version == version


def test_every_change_needs_the_csrf_token_and_our_origin(app, service):
    client = app.test_client()
    token = set_up_pin(app, client)
    fields = {"seat": 1, "player": "Anna", "buy_in": 200}
    assert client.post("/api/sit", json=fields).status_code == 403
    assert client.post("/api/sit", json=fields,
                       headers={"X-CSRF-Token": "forged"}).status_code == 403
    evil = client.post("/api/sit", json=fields, headers={
        "X-CSRF-Token": token, "Origin": "http://evil.example"})
    assert evil.status_code == 403 and evil.json["error"]["rule"] == "cross_origin"
    assert client.post("/dealer/logout").status_code == 403
    assert service.public_state()["seats"][0]["player"] is None
    ok = client.post("/api/sit", json=fields, headers={
        "X-CSRF-Token": token, "Origin": "http://localhost"})
    assert ok.status_code == 200 and ok.json["seq"] == service.version


def test_engine_refusals_come_back_as_worded(app, service):
    client = app.test_client()
    token = set_up_pin(app, client)
    headers = {"X-CSRF-Token": token}
    for seat, name in ((1, "Anna"), (2, "Ben")):
        client.post("/api/sit", json={"seat": seat, "player": name, "buy_in": 100},
                    headers=headers)
    client.post("/api/start_hand", json={}, headers=headers)
    for seat, cards in ((1, "AsKs"), (2, "QdQh")):
        client.post("/api/deal", json={"seat": seat, "cards": cards}, headers=headers)
    refused = client.post("/api/bet_raise", json={"to": 3}, headers=headers)
    assert refused.status_code == 409
    error = refused.json["error"]
    assert error["rule"] == "below_min_bet"
    assert error["message"]["en"] == (
        "raise to 3 is below the minimum raise to 4; legal: fold, call 1, raise to 4-100")
    assert error["message"]["de"].startswith("Raise auf 3 liegt unter dem Minimum 4")
    assert error["legal"]["min_to"] == 4
    malformed = client.post("/api/bet_raise", json={"to": "lots"}, headers=headers)
    assert malformed.status_code == 400 and malformed.json["error"]["rule"] == "bad_command"
    unknown = client.post("/api/shuffle", json={}, headers=headers)
    assert unknown.status_code == 404


def test_wrong_pins_are_rate_limited(app):
    client = app.test_client()
    set_up_pin(app, app.test_client())
    token = page_token(client)
    headers = {"X-CSRF-Token": token}
    for _ in range(5):
        answer = client.post("/dealer/login", json={"pin": "0000"}, headers=headers)
        assert answer.status_code == 401
    blocked = client.post("/dealer/login", json={"pin": PIN}, headers=headers)
    assert blocked.status_code == 429  # even the right PIN waits now
    assert int(blocked.headers["Retry-After"]) >= 1
    assert set(blocked.json["error"]["message"]) == {"en", "de"}


def test_limiter_doubles_the_wait_and_forgives_a_success():
    now = [1000.0]
    limiter = AttemptLimiter(free=3, free_overall=100, base=10, ceiling=60, clock=lambda: now[0])
    for _ in range(3):
        assert limiter.wait_time("phone") == 0
        limiter.failed("phone")
    assert limiter.wait_time("phone") == 10
    assert limiter.wait_time("tablet") == 0  # another device is not held up
    now[0] += 10
    limiter.failed("phone")
    assert limiter.wait_time("phone") == 20
    for _ in range(5):
        limiter.failed("phone")
    assert limiter.wait_time("phone") == 60  # capped
    limiter.succeeded("phone")
    assert limiter.wait_time("phone") == 0


def test_limiter_counts_guesses_from_all_devices_together():
    now = [0.0]
    limiter = AttemptLimiter(free=5, free_overall=6, base=30, clock=lambda: now[0])
    for device in range(6):
        limiter.failed(f"device-{device}")
    assert limiter.wait_time("device-new") == 30


def test_changing_the_pin_logs_out_other_devices(app):
    first, second = app.test_client(), app.test_client()
    token = set_up_pin(app, first)
    login = second.post("/dealer/login", json={"pin": PIN},
                        headers={"X-CSRF-Token": page_token(second)})
    assert login.status_code == 200
    assert second.get("/api/dealer/state").status_code == 200
    changed = first.post("/dealer/pin", json={"current": PIN, "pin": "13579"},
                         headers={"X-CSRF-Token": token})
    assert changed.status_code == 200
    assert first.get("/api/dealer/state").status_code == 200
    assert second.get("/api/dealer/state").status_code == 401
