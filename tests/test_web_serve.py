"""``tableside serve`` with the table's hardware beside it: it starts without any (and says
which parts are missing), starts the dealer pad where gpiozero has pins, and the chip reader
board's bets (the firmware simulator on a real pseudo-terminal) become a proposal that the
console's CONFIRM sends to the table."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from dealer_login import first_login

from tableside.rfid.chip_bets import ChipBets
from tableside.table import TableService
from tableside.web.app import create_app

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path.insert(0, str(FIRMWARE))
from sim.board_process import BoardProcess  # noqa: E402

PIN = "4711"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(tmp_path: Path, *options: str, env: dict[str, str]) -> tuple[list[str], dict]:
    """Start ``tableside serve``, read what it says until it serves, fetch the public state,
    stop it as systemd does (SIGTERM); its lines and the state."""
    port = free_port()
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("TABLESIDE_BOARD", "GPIOZERO_PIN_FACTORY")}
    child = subprocess.Popen(
        [sys.executable, "-m", "tableside", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(tmp_path / "t.db"), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**environment, "PYTHONUNBUFFERED": "1", **env})
    lines: list[str] = []
    try:
        for line in child.stdout:  # the addresses come once everything else has started
            lines.append(line.rstrip("\n"))
            if f":{port}/dealer" in line:
                break
        assert lines and lines[-1].endswith("/dealer"), (lines, child.stderr.read())
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state",
                                            timeout=5) as answer:
                    state = json.load(answer)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=20)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == 0
    return lines, state


def test_serve_starts_without_hardware_and_names_what_is_missing(tmp_path):
    lines, state = serve(tmp_path, "--board", str(tmp_path / "no-board"), "--lang", "en",
                         env={})
    assert state["version"] == 1 and state["table"] is not None
    pad = next(line for line in lines if line.startswith("Dealer pad"))
    assert "not started" in pad and "console has every button's twin" in pad
    board = next(line for line in lines if line.startswith("Chip reader board"))
    assert board == f"Chip reader board: not found at {tmp_path / 'no-board'}; bets are " \
                    "entered on the console"
    lines, _ = serve(tmp_path, "--lang", "de", env={})  # no board set at all, in German
    assert any(line.startswith("Geber-Tastenfeld: nicht gestartet") for line in lines)
    assert any("keine angegeben (--board oder TABLESIDE_BOARD)" in line for line in lines)


def test_serve_starts_the_dealer_pad_where_gpiozero_has_pins(tmp_path):
    # gpiozero's mock pin factory stands for a Pi's GPIO; the board comes from the
    # environment, as /etc/default/tableside sets it.
    lines, _ = serve(tmp_path, "--lang", "en", env={
        "GPIOZERO_PIN_FACTORY": "mock", "TABLESIDE_BOARD": str(tmp_path / "ttyNONE")})
    assert "Dealer pad: on the GPIO (5 buttons)" in lines
    assert f"Chip reader board: not found at {tmp_path / 'ttyNONE'}; bets are entered on " \
           "the console" in lines


def test_serve_refuses_a_broken_pad_configuration(tmp_path):
    config = tmp_path / "pad.toml"
    config.write_text('[buttons.actions]\nfold = "explode"\n')
    done = subprocess.run(
        [sys.executable, "-m", "tableside", "serve", "--port", str(free_port()), "--db",
         str(tmp_path / "t.db"), "--pad-config", str(config), "--lang", "en"],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "Dealer pad configuration" in done.stderr and "explode" in done.stderr


# ---------------------------------------------------------------------- chips to CONFIRM
CHIPS = {25: [f"E0040150{0x25:04X}{n:04X}" for n in range(8)],
         100: [f"E0040150{0x100:04X}{n:04X}" for n in range(8)]}


def dealer_client(app):
    return first_login(app, PIN)


def wait_for(predicate, what: str, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while not (found := predicate()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)
    return found


@pytest.fixture
def board(tmp_path):
    port = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614103e7000000-if00"
    simulated = BoardProcess(port).plug()
    yield simulated, port
    simulated.unplug()


def test_chips_in_a_zone_become_a_proposal_that_confirm_sends(tmp_path, board):
    simulated, port = board
    db = tmp_path / "t.db"
    service = TableService.open(db)
    from tableside.rfid.registry import ChipRegistry

    with sqlite3.connect(db) as connection:  # the chips, enrolled in the table's database
        registry = ChipRegistry(connection)
        registry.enrol(CHIPS[25], 25, "green")
        registry.enrol(CHIPS[100], 100, "black")
    service.execute({"type": "settings", "changes": {"blinds": [25, 50]}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 1000})
    from tableside.buttons.proposals import Proposals

    proposals = Proposals()
    chips = ChipBets(service, str(port), proposals, settle=0.15, offline_after=0.6,
                     reconnect_interval=0.05)
    app = create_app(service, {"CREDENTIALS_PATH": tmp_path / "dealer.json",
                               "LIVE_EQUITY": False}, proposals=proposals)
    client, csrf = dealer_client(app)
    try:
        chips.start()
        wait_for(lambda: chips.online and chips.felt.zones, "the board's HELLO")
        nothing = client.post("/api/dealer/press/confirm", headers={"X-CSRF-Token": csrf})
        assert nothing.status_code == 409 and nothing.json["rule"] == "nothing_proposed"
        assert set(nothing.json["error"]["message"]) == {"en", "de"}
        # Heads-up the button (seat 1) posts the small blind and acts first; the blinds
        # lie in their zones before the deal.
        simulated.place(chips.felt.zone_of_seat(1), CHIPS[25][:1])
        simulated.place(chips.felt.zone_of_seat(2), CHIPS[25][1:3])
        wait_for(lambda: all(getattr(chips.felt.stable(chips.felt.zone_of_seat(seat)),
                                     "total", 0) == blind for seat, blind in ((1, 25), (2, 50))),
                 "the blinds on the felt")
        service.execute({"type": "start_hand", "button": 1})
        service.execute({"type": "deal", "seat": 1, "cards": "As Ad"})
        service.execute({"type": "deal", "seat": 2, "cards": "Kc Kd"})
        # Anna raises to 150: a 100 and a 25 joining the small blind's 25.
        simulated.place(chips.felt.zone_of_seat(1), [CHIPS[25][0], CHIPS[100][0],
                                                     CHIPS[25][3]])
        proposal = wait_for(lambda: client.get("/api/dealer/state").json["proposal"],
                            "the chips' proposal")
        assert proposal["command"] == {"type": "bet_raise", "seat": 1, "to": 150}
        assert proposal["source"] == "chips" and "150" in proposal["texts"]["de"]
        assert "seat 1" in proposal["texts"]["en"] and "Platz 1" in proposal["texts"]["de"]
        confirmed = client.post("/api/dealer/press/confirm", headers={"X-CSRF-Token": csrf})
        assert confirmed.status_code == 200, confirmed.json
        assert confirmed.json["commands"] == [{"type": "bet_raise", "seat": 1, "to": 150}]
        hand = service.public_state()["hand"]
        assert hand["actor"] == 2 and [p["bet"] for p in hand["players"]
                                       if p["seat"] == 1] == [150]
        assert client.get("/api/dealer/state").json["proposal"] is None  # taken
    finally:
        app.extensions["tableside"].close()
        chips.close()
        service.close()
