"""The latest public state and its recent changes, encoded once for every screen that listens.

The table service calls :meth:`StateHub.publish` with each new public state. A screen's
stream (:meth:`StateHub.events`) starts with the whole state, then sends merge patches
(:mod:`tableside.web.mergepatch`) as the state changes, and a ping with the server's clock
when nothing happened for a while (the keep-alive, and how the screens count down timers in
step with the server). A screen that reconnects names the last event it saw (the
``Last-Event-ID`` header, or ``?since=``) and gets the patches since then (those already
encoded for everyone, or one made for it) instead of the whole state, as long as that version
is still in the recent history.

Event ids are ``BOOT-VERSION``: BOOT changes with every hub, so an id from before a restart
(or from another table) never passes for a version this hub knows.
"""

from __future__ import annotations

import functools
import itertools
import json
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tableside.web import mergepatch

# How long a browser waits before reconnecting a dropped stream, in milliseconds.
RECONNECT_MS = 2000


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _event(name: str, data: str, event_id: str | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {data}\n\n".encode()


@dataclass(frozen=True, slots=True)
class _Change:
    """The patch from one version to the next, as the event every client is sent."""

    before: int
    after: int
    message: bytes


class StreamsFull(RuntimeError):
    """Every stream slot is taken (each open stream holds one of the server's threads)."""


class StateHub:
    """Holds the current public state (which must carry an integer ``version``)."""

    def __init__(self, history: int = 256, clock: Callable[[], float] = time.time):
        self._clock = clock
        self._history = history
        self._changed = threading.Condition()
        self._boot = secrets.token_hex(4)
        self._state: dict[str, Any] | None = None
        self._version = -1
        self._state_json = "null"
        self._states: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._changes: deque[_Change] = deque(maxlen=history)
        # Side channels (live equity): name -> (state version it belongs to, JSON), and a
        # counter so that streams notice a new one.
        self._extras: dict[str, tuple[int, str]] = {}
        self._extras_serial = 0
        self._streams = 0
        self._closed = False

    # ----------------------------------------------------------------- writing
    def publish(self, state: dict[str, Any]) -> None:
        """Take a new public state; every stream sends the change at once."""
        version = state["version"]
        encoded = _json(state)
        with self._changed:
            if version == self._version and encoded == self._state_json:
                return
            if version <= self._version or self._state is None:
                # First state, or a table that went back (another database): start afresh, so
                # that no stream mistakes its old version for one of these.
                if self._state is not None:
                    self._boot = secrets.token_hex(4)
                self._states.clear()
                self._changes.clear()
                self._extras.clear()
            else:
                patch = mergepatch.diff(self._state, state)
                data = _json({"from": self._version, "to": version, "patch": patch})
                self._changes.append(
                    _Change(self._version, version, _event("patch", data, self._id(version))))
            self._state, self._version, self._state_json = state, version, encoded
            self._states[version] = state
            while len(self._states) > self._history:
                self._states.popitem(last=False)
            self._changed.notify_all()

    def publish_extra(self, name: str, version: int, value: Any) -> None:
        """A side event that belongs to one state version (e.g. ``equity``); streams send it
        while that version is current."""
        with self._changed:
            self._extras[name] = (version, _json({"version": version, **value}))
            self._extras_serial += 1
            self._changed.notify_all()

    def close(self) -> None:
        """End every stream (the server is shutting down)."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    # ----------------------------------------------------------------- reading
    @property
    def version(self) -> int:
        return self._version

    @property
    def boot(self) -> str:
        return self._boot

    def state_json(self) -> str:
        """The current public state as JSON: exactly the data of the stream's first event."""
        return self._state_json

    def extra(self, name: str) -> tuple[int, str] | None:
        """A side event's (version, JSON), or None."""
        return self._extras.get(name)

    @property
    def open_streams(self) -> int:
        return self._streams

    def _id(self, version: int) -> str:
        return f"{self._boot}-{version}"

    def _known_version(self, last_event_id: str | None) -> int | None:
        """The version a reconnecting stream already has, if this hub can continue from it."""
        if not last_event_id:
            return None
        boot, _, number = last_event_id.strip().rpartition("-")
        if boot != self._boot or not number.isdigit():
            return None
        return int(number)

    def ping(self) -> bytes:
        return _event("ping", _json({"now": round(self._clock(), 3)}))

    # ----------------------------------------------------------------- streams
    def events(self, last_event_id: str | None = None, keepalive: float = 15.0,
               max_streams: int | None = None) -> Stream:
        """A stream's events: state (or a catch-up patch), then patches, extras and pings.

        Raises StreamsFull at once when ``max_streams`` are open. Whoever iterates the stream
        closes it (a WSGI server does), which frees its slot.
        """
        with self._changed:
            if max_streams is not None and self._streams >= max_streams:
                raise StreamsFull(f"{self._streams} streams are open")
            self._streams += 1
        return Stream(self, self._run(last_event_id, keepalive))

    def _release(self) -> None:
        with self._changed:
            self._streams -= 1

    def _run(self, last_event_id: str | None, keepalive: float) -> Iterator[bytes]:
        with self._changed:
            have = self._known_version(last_event_id)
            first, have, extras_seen = self._catch_up(have, -1)
        yield f"retry: {RECONNECT_MS}\n\n".encode() + first + self.ping()
        while True:
            with self._changed:
                changed = self._changed.wait_for(
                    functools.partial(self._news, have, extras_seen), timeout=keepalive)
                if self._closed:
                    return
                if changed:
                    message, have, extras_seen = self._catch_up(have, extras_seen)
            yield message if changed else self.ping()

    def _news(self, have: int, extras_seen: int) -> bool:
        return self._closed or self._version != have or self._extras_serial != extras_seen

    def _catch_up(self, have: int | None, extras_seen: int) -> tuple[bytes, int, int]:
        """What takes a stream from version ``have`` to now (call with the lock held)."""
        parts: list[bytes] = []
        if have != self._version:
            parts.append(self._changes_since(have))
        if self._extras_serial != extras_seen:
            for name, (version, data) in self._extras.items():
                if version == self._version:
                    parts.append(_event(name, data))
        return b"".join(parts), self._version, self._extras_serial

    def _changes_since(self, have: int | None) -> bytes:
        if have is not None:
            # The usual case: the stream is one or a few changes behind, sent as they were
            # encoded for everyone.
            chain = [c for c in self._changes if c.before >= have]
            if chain and chain[0].before == have and all(
                    a.after == b.before for a, b in itertools.pairwise(chain)):
                return b"".join(c.message for c in chain)
            old = self._states.get(have)
            if old is not None and self._state is not None:
                data = _json({"from": have, "to": self._version,
                              "patch": mergepatch.diff(old, self._state)})
                return _event("patch", data, self._id(self._version))
        return _event("state", self._state_json, self._id(self._version))


class Stream:
    """One screen's open stream: iterate it for the events; :meth:`close` frees its slot."""

    def __init__(self, hub: StateHub, events: Iterator[bytes]):
        self._hub = hub
        self._events = events
        self._open = True

    def __iter__(self) -> Stream:
        return self

    def __next__(self) -> bytes:
        return next(self._events)

    def close(self) -> None:
        if self._open:
            self._open = False
            self._events.close()  # type: ignore[attr-defined]
            self._hub._release()
