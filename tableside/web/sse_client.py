"""A small blocking Server-Sent Events client: how the benchmark (and the tests) listen to
the stream as a browser would, without a browser."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    data: str
    id: str | None

    def json(self) -> Any:
        return json.loads(self.data)


class SSEClient:
    """Opens ``url`` and yields its events; ``last_event_id`` asks to catch up from there."""

    def __init__(self, url: str, last_event_id: str | None = None, timeout: float = 30.0):
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status

    def events(self) -> Iterator[Event]:
        name, data, event_id = "message", [], None
        while True:
            line = self.response.readline()
            if not line:
                return
            line = line.decode().rstrip("\r\n")
            if not line:
                if data:
                    yield Event(name, "\n".join(data), event_id)
                name, data, event_id = "message", [], None
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)
            elif field == "id":
                event_id = value

    def close(self) -> None:
        self.connection.close()
