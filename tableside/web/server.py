"""Serving the app with waitress: one process, a pool of threads sized for the screens.

Each open live stream (a TV or a phone showing the table) holds one waitress thread for as
long as it is open. The pool therefore has a thread per screen we expect plus a reserve for
ordinary requests (pages, the dealer's commands), and the app refuses a stream beyond its
share (503, the page retries) so that the reserve always stays free for the dealer.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from flask import Flask
from waitress import wasyncore
from waitress.server import create_server

# A TV and 20 phones, with room for guests' second devices and the benchmark's 30 clients.
DEFAULT_STREAMS = 40
# Threads kept free of streams for page loads and the dealer's commands.
REQUEST_THREADS = 8


def thread_count(streams: int) -> int:
    return streams + REQUEST_THREADS


@dataclass
class RunningServer:
    """A waitress server running in a background thread (tests, benchmarks)."""

    app: Flask
    host: str
    port: int
    _server: object
    _thread: threading.Thread

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def close(self) -> None:
        """End the streams, then the server; returns once its loop has stopped."""
        _end_streams(self.app)
        _stop(self._server)
        self._thread.join(timeout=10)


def _stop(server: object) -> None:
    # The worker threads first (they finish what they are writing), then every socket of
    # the server's map, its listener and wake-up pipe included: that ends its loop.
    server.task_dispatcher.shutdown(timeout=5)
    wasyncore.close_all(server._map)


def _end_streams(app: Flask, wait: float = 3.0) -> None:
    """Tell every stream to end and give their threads a moment to finish writing, so that
    the server closes no socket under a thread still using it."""
    context = app.extensions["tableside"]
    context.close()
    deadline = time.monotonic() + wait
    while context.hub.open_streams and time.monotonic() < deadline:
        time.sleep(0.02)


def waitress_options(app: Flask) -> dict:
    streams = app.config["MAX_STREAMS"]
    return {
        "threads": thread_count(streams),
        # poll() has no limit on descriptor numbers, unlike select().
        "asyncore_use_poll": True,
        "connection_limit": max(100, 2 * thread_count(streams)),
        "ident": "tableside",
    }


def start_server(app: Flask, host: str = "127.0.0.1", port: int = 0) -> RunningServer:
    """Start waitress for ``app`` in a background thread (``port=0``: any free port)."""
    server = create_server(app, host=host, port=port, **waitress_options(app))
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    return RunningServer(app, server.effective_host, server.effective_port, server, thread)


def serve_forever(app: Flask, host: str, port: int) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM ends the process)."""
    server = create_server(app, host=host, port=port, **waitress_options(app))
    try:
        server.run()
    finally:
        _end_streams(app)
        _stop(server)
