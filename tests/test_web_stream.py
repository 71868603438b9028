"""The live stream over a real waitress server: the whole state, then patches; a phone that
slept catches up with one patch; keep-alives; a limit on streams that keeps the dealer's
threads free; and `tableside serve` as a process."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tableside.table import TableService
from tableside.web import mergepatch
from tableside.web.app import create_app
from tableside.web.server import start_server, thread_count, waitress_options
from tableside.web.sse_client import SSEClient


@pytest.fixture
def running(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    app = create_app(service, {"KEEPALIVE_SECONDS": 0.3, "MAX_STREAMS": 3,
                               "LIVE_EQUITY": False})
    server = start_server(app)
    yield service, app, server
    server.close()
    service.close()


def sit(service, seat: int, name: str) -> int:
    return service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 100}).seq


def next_named(events, *names):
    return next(e for e in events if e.name in names)


def test_first_the_state_then_patches_that_rebuild_it(running):
    service, app, server = running
    client = SSEClient(server.url + "/api/stream")
    events = client.events()
    first = next_named(events, "state")
    state = first.json()
    assert state["version"] == service.version
    assert first.id.endswith(f"-{service.version}")
    for seat, name in ((1, "Anna"), (2, "Ben")):
        version = sit(service, seat, name)
        change = next_named(events, "patch").json()
        assert change["from"] == state["version"] and change["to"] == version
        state = mergepatch.apply(state, change["patch"])
    expected = app.test_client().get("/api/state").json
    assert mergepatch.without_nulls(state) == mergepatch.without_nulls(expected)
    assert next_named(events, "ping").json()["now"] > 0  # keep-alive with the server's clock
    client.close()


def test_a_phone_that_slept_gets_only_the_changes_not_the_whole_state(running):
    service, _, server = running
    client = SSEClient(server.url + "/api/stream")
    first = next_named(client.events(), "state")
    client.close()  # the phone sleeps ...
    sit(service, 1, "Anna")
    sit(service, 2, "Ben")
    for url, since in ((server.url + "/api/stream", first.id),  # Last-Event-ID header
                       (f"{server.url}/api/stream?since={first.id}", None)):  # a new page
        again = SSEClient(url, last_event_id=since)
        caught_up = first.json()
        for event in again.events():  # the catch-up comes before the first ping
            if event.name == "ping":
                break
            assert event.name == "patch"
            change = event.json()
            assert change["from"] == caught_up["version"]
            caught_up = mergepatch.apply(caught_up, change["patch"])
        assert caught_up["version"] == service.version
        assert [s["player"] for s in caught_up["seats"][:2]] == ["Anna", "Ben"]
        again.close()


def test_streams_beyond_the_limit_are_refused_and_retry_later(running):
    _, app, server = running
    clients = [SSEClient(server.url + "/api/stream") for _ in range(3)]
    assert all(c.status == 200 for c in clients)
    for client in clients:
        next_named(client.events(), "state")
    refused = SSEClient(server.url + "/api/stream")
    assert refused.status == 503 and refused.response.getheader("Retry-After") == "10"
    refused.close()
    # The threads kept for requests still answer at once.
    assert app.test_client().get("/api/state").status_code == 200
    clients[0].close()
    options = waitress_options(app)
    assert options["threads"] == thread_count(3) > 3


def test_tableside_serve_prints_the_setup_code_and_serves(tmp_path: Path):
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tableside", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(tmp_path / "night.db")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in process.stdout:
            lines.append(line)
            if "setup code" in line:
                break
        assert re.search(r"setup code \d{6}", lines[-1]), lines
        assert any(f"http://127.0.0.1:{port}/dealer" in line for line in lines)
        client = _connect(f"http://127.0.0.1:{port}/api/stream", process)
        assert client.status == 200
        assert next_named(client.events(), "state").json()["version"] == 1
        client.close()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    assert (tmp_path / "night-dealer.json").exists()


def _free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _connect(url: str, process: subprocess.Popen) -> SSEClient:
    import time
    deadline = time.monotonic() + 30
    while True:
        try:
            return SSEClient(url)
        except OSError:
            assert process.poll() is None, process.stderr.read()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
