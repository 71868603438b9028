"""COBS, as in firmware/PROTOCOL.md ("Framing"): no zero byte inside a frame, one zero after
it. The host's own implementation of the one spec; tests hold it to the firmware's and to the
``cobs`` package."""

from __future__ import annotations


class CobsError(ValueError):
    pass


def encode(data: bytes) -> bytes:
    """``data`` without zero bytes (the delimiter is not added)."""
    out = bytearray()
    segments = data.split(b"\x00")
    last = len(segments) - 1
    for index, segment in enumerate(segments):
        full_blocks = 0
        while len(segment) >= 254:  # a full block (code 0xFF) implies no zero after it
            out.append(0xFF)
            out += segment[:254]
            segment = segment[254:]
            full_blocks += 1
        if segment or index != last or not full_blocks:
            # The block before a zero, or the last one; after a full final block the
            # reference encoder adds no empty block.
            out.append(len(segment) + 1)
            out += segment
    return bytes(out)


def decode(data: bytes) -> bytes:
    """The original bytes of one frame (without its delimiter); CobsError if malformed."""
    if 0 in data:
        raise CobsError("zero byte inside a COBS frame")
    return decode_unchecked(data)


def decode_unchecked(data: bytes) -> bytes:
    """:func:`decode` for data already split at zero bytes (so none is inside)."""
    end_of_data = len(data)
    if end_of_data and data[0] == end_of_data and end_of_data < 0xFF:
        return data[1:]  # the common case: one block, no zero in the frame
    parts = []
    i = 0
    while i < end_of_data:
        code = data[i]
        end = i + code
        if end > end_of_data:
            raise CobsError("COBS block runs past the end of the frame")
        parts.append(data[i + 1:end])
        if code != 0xFF and end < end_of_data:
            parts.append(b"\x00")
        i = end
    return b"".join(parts)
