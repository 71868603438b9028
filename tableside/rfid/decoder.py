"""The byte stream from the board, cut into messages (firmware/PROTOCOL.md, "Resync").

Whatever lies between two zero bytes is one frame or garbage. Garbage is counted and
dropped, and decoding carries on at the next delimiter: :meth:`MessageDecoder.feed` takes
any bytes at all and never raises."""

from __future__ import annotations

from tableside.rfid.protocol import (
    MAX_ENCODED,
    Message,
    ProtocolError,
    decode_frame,
    parse_message,
)


class MessageDecoder:
    def __init__(self, max_encoded: int = MAX_ENCODED):
        self.max_encoded = max_encoded
        self.messages = 0
        self.bad_frames = 0
        self._pending = b""  # bytes of a frame whose delimiter has not arrived yet
        self._overlong = False  # dropping bytes until the next delimiter

    def feed(self, data: bytes) -> list[Message]:
        """The messages completed by ``data``."""
        chunks = data.split(b"\x00")
        tail = chunks.pop()  # bytes after the last delimiter: the start of the next frame
        found: list[Message] = []
        if chunks:
            first = self._pending + chunks[0]
            if self._overlong:
                self.bad_frames += 1
                self._overlong = False
                chunks[0] = b""
            else:
                chunks[0] = first
            self._pending = b""
            for chunk in chunks:
                if not chunk:
                    continue  # an empty frame: two delimiters in a row, idle line
                if len(chunk) > self.max_encoded:
                    self.bad_frames += 1
                    continue
                try:
                    found.append(parse_message(decode_frame(chunk)))
                except ProtocolError:
                    self.bad_frames += 1
        if not self._overlong:
            self._pending += tail
            if len(self._pending) > self.max_encoded:
                self._pending = b""
                self._overlong = True
        self.messages += len(found)
        return found

    def reset(self) -> None:
        """Forget a partial frame (the port was reopened)."""
        self._pending = b""
        self._overlong = False
