"""Splits the incoming byte stream at zero bytes into frames (PROTOCOL.md, "Resync"):
whatever lies between two delimiters is one frame or garbage; garbage is counted and
dropped, and the next delimiter starts afresh."""

from chipboard import frames


class FrameReader:
    def __init__(self, max_encoded: int = frames.MAX_ENCODED) -> None:
        self.max_encoded = max_encoded
        self.bad_frames = 0
        self._buffer = bytearray()
        self._overlong = False  # dropping bytes until the next delimiter

    def feed(self, data: bytes) -> list:
        """Frames completed by ``data``, each as (version, seq, type, payload)."""
        found = []
        for byte in data:
            if byte:
                if self._overlong:
                    continue
                if len(self._buffer) >= self.max_encoded:
                    self._overlong = True
                    self._buffer = bytearray()
                    continue
                self._buffer.append(byte)
                continue
            if self._overlong:
                self.bad_frames += 1
                self._overlong = False
            elif self._buffer:
                try:
                    found.append(frames.unpack(bytes(self._buffer)))
                except ValueError:
                    self.bad_frames += 1
            self._buffer = bytearray()
        return found
