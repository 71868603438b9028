"""Live updates: with 30 screens listening, how long until every one has a dealer's action.

``tableside serve`` runs in a child process on a free local port, as on the Pi. The
benchmark logs in as the dealer, connects the clients to the live stream (one thread
reads them all, stamping each arrival), and then posts dealer actions one at a time
(a player sits out, sits in, ... through ``POST /api/sit_out``: CSRF check, the SQLite log
synced to disk, the state published). For each action it measures, per client, the time
from sending the request to the client holding the new version. Reported: median, 95th
percentile and worst over all clients and actions, and the server's memory (resident and
peak).

The named peer, measured in the same run with the same clients: a bare-bones waitress
Server-Sent Events echo (``serve_peer``: one POST, one ``threading.Condition``, every stream
writes the message) with the same thread count, so the difference is what tableside does
per action (validation, the synced log, the state, the patch).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from tableside.benchmarks.common import machine_info, positive

GOAL_MEDIAN_MS = 100.0
GOAL_WORST_MS = 300.0
STREAM_THREADS = 48  # as tableside serve: 40 streams and 8 for requests


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--clients", type=positive, default=30,
                        help="live stream clients connected (default 30)")
    parser.add_argument("--actions", type=positive, default=40,
                        help="dealer actions timed (default 40)")


# ----------------------------------------------------------------------------- the clients
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Listeners:
    """``count`` stream connections read by one thread; ``wait(marker)`` returns each
    client's arrival time of the first bytes containing ``marker``."""

    def __init__(self, port: int, path: str, count: int):
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[socket.socket, bytes] = {}
        self.lock = threading.Condition()
        self.arrivals: dict[bytes, dict[socket.socket, float]] = {}
        self.watching: list[bytes] = []
        for _ in range(count):
            conn = socket.create_connection(("127.0.0.1", port))
            conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         f"Accept: text/event-stream\r\n\r\n".encode())
            conn.setblocking(False)
            self.selector.register(conn, selectors.EVENT_READ)
            self.buffers[conn] = b""
        self.running = True
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                conn = key.fileobj
                try:
                    data = conn.recv(65536)
                except BlockingIOError:
                    continue
                now = time.perf_counter()
                if not data:
                    self.selector.unregister(conn)
                    continue
                # Keep a tail so a marker split between two reads is still found.
                text = self.buffers[conn][-64:] + data
                self.buffers[conn] = text
                with self.lock:
                    for marker in self.watching:
                        seen = self.arrivals.setdefault(marker, {})
                        if conn not in seen and marker in text:
                            seen[conn] = now
                    self.lock.notify_all()

    def watch(self, marker: bytes) -> None:
        with self.lock:
            self.watching.append(marker)

    def wait(self, marker: bytes, timeout: float = 10.0) -> list[float]:
        with self.lock:
            self.lock.wait_for(lambda: len(self.arrivals.get(marker, {})) == len(self.buffers),
                               timeout=timeout)
            self.watching.remove(marker)
            return sorted(self.arrivals.pop(marker, {}).values())

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=2)
        for conn in self.buffers:
            conn.close()


def _memory(pid: int) -> dict[str, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return {"rss_mb": round(fields["VmRSS"], 1), "peak_rss_mb": round(fields["VmHWM"], 1)}


def _summary(latencies: list[float], missing: int) -> dict[str, Any]:
    ms = sorted(x * 1000 for x in latencies)
    return {"median_ms": round(statistics.median(ms), 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
            "worst_ms": round(ms[-1], 2), "deliveries": len(ms), "missed": missing}


def _wait_for_port(port: int, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server ended early (status {process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start listening")


# ----------------------------------------------------------------------------- tableside
class DealerSession:
    """The dealer's browser, minus the browser: cookie jar and CSRF token."""

    def __init__(self, base: str, setup_code: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(base + "/dealer/login").read().decode()
        token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        self.token = token
        answer = self.post("/dealer/setup", {"setup_code": setup_code, "pin": "2580"})
        self.token = answer["csrf"]

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-CSRF-Token": self.token})
        return json.loads(self.opener.open(request).read())


def _measure_tableside(clients: int, actions: int) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        process = subprocess.Popen(
            [sys.executable, "-m", "tableside", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", str(Path(folder) / "bench.db")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            code = None
            for line in process.stdout:
                found = re.search(r"setup code (\d{6})", line)
                if found:
                    code = found.group(1)
                    break
            if code is None:
                raise SystemExit("tableside serve printed no setup code")
            _wait_for_port(port, process)
            base = f"http://127.0.0.1:{port}"
            dealer = DealerSession(base, code)
            for seat, name in ((1, "Anna"), (2, "Ben"), (3, "Cleo")):
                dealer.post("/api/sit", {"seat": seat, "player": name, "buy_in": 1000})
            listeners = Listeners(port, "/api/stream", clients)
            time.sleep(0.5)  # every stream has its first state
            latencies: list[float] = []
            missed = 0
            for number in range(actions):
                command = "sit_out" if number % 2 == 0 else "sit_in"
                version = 5 + number  # open, three seats, then one command per action
                marker = f'"to":{version},'.encode()
                listeners.watch(marker)
                sent = time.perf_counter()
                answer = dealer.post(f"/api/{command}", {"seat": 3})
                if answer["seq"] != version:
                    raise SystemExit(f"unexpected version {answer['seq']}, wanted {version}")
                arrivals = listeners.wait(marker)
                missed += clients - len(arrivals)
                latencies += [at - sent for at in arrivals]
                time.sleep(0.02)
            memory = _memory(process.pid)
            listeners.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    return {**_summary(latencies, missed), **memory}


# ----------------------------------------------------------------------------- the peer
def serve_peer(port: int) -> None:
    """A bare-bones SSE echo on waitress: what any live page server has to do at least."""
    from waitress import serve

    changed = threading.Condition()
    latest = {"serial": 0, "data": b""}

    def app(environ: dict, start_response: Any) -> Any:
        if environ["REQUEST_METHOD"] == "POST":
            size = int(environ.get("CONTENT_LENGTH") or 0)
            body = environ["wsgi.input"].read(size)
            with changed:
                latest["serial"] += 1
                latest["data"] = body
                changed.notify_all()
            start_response("200 OK", [("Content-Type", "application/json")])
            return [b'{"ok": true}']
        start_response("200 OK", [("Content-Type", "text/event-stream"),
                                  ("Cache-Control", "no-store")])

        def events() -> Any:
            seen = latest["serial"]
            yield b"retry: 2000\n\n"
            while True:
                with changed:
                    news = changed.wait_for(lambda seen=seen: latest["serial"] != seen,
                                            timeout=15)
                    if not news:
                        message = b": keep-alive\n\n"
                    else:
                        seen = latest["serial"]
                        message = b"event: patch\ndata: " + latest["data"] + b"\n\n"
                yield message
        return events()

    serve(app, host="127.0.0.1", port=port, threads=STREAM_THREADS, asyncore_use_poll=True,
          connection_limit=200, _quiet=True)


def _measure_peer(clients: int, actions: int) -> dict[str, Any]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", f"from tableside.benchmarks.web import serve_peer; "
                               f"serve_peer({port})"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process)
        listeners = Listeners(port, "/stream", clients)
        time.sleep(0.5)
        latencies: list[float] = []
        missed = 0
        for number in range(actions):
            marker = f'"to":{number},'.encode()
            listeners.watch(marker)
            body = json.dumps({"to": number, "x": 1}, separators=(",", ":")).encode()
            sent = time.perf_counter()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/publish", data=body,
                                             method="POST")
            urllib.request.urlopen(request).read()
            arrivals = listeners.wait(marker)
            missed += clients - len(arrivals)
            latencies += [at - sent for at in arrivals]
            time.sleep(0.02)
        memory = _memory(process.pid)
        listeners.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return {**_summary(latencies, missed), **memory}


def run(args: argparse.Namespace) -> dict[str, Any]:
    if not Path("/proc/self/status").exists():
        raise SystemExit("tableside bench web reads the server's memory from /proc (Linux)")
    ours = _measure_tableside(args.clients, args.actions)
    peer = _measure_peer(args.clients, args.actions)
    return {
        "benchmark": "web live updates",
        "clients": args.clients, "actions": args.actions,
        "what": "time from a dealer's POST until each live client holds the new state",
        "tableside": ours,
        "peer": {"name": "bare waitress SSE echo (same threads, same clients)", **peer},
        "goals": {"median_ms": GOAL_MEDIAN_MS, "worst_ms": GOAL_WORST_MS},
        "goals_met": {"median": ours["median_ms"] < GOAL_MEDIAN_MS,
                      "worst": ours["worst_ms"] < GOAL_WORST_MS, "none_missed": not ours["missed"]},
        "machine": {**machine_info("waitress", "flask"), "pid": os.getpid()},
    }
