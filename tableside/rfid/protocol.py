"""Frames and messages of the chip board protocol (firmware/PROTOCOL.md), the host's side.

A frame is version, sequence number, type, payload and a CRC-16/CCITT-FALSE, COBS-encoded
and ended by a zero byte. :func:`decode_frame` and :func:`parse_message` raise
:class:`ProtocolError` for anything that is not a valid frame or message; the stream decoder
(:mod:`tableside.rfid.decoder`) counts those and carries on.
"""

from __future__ import annotations

import binascii
import struct
from dataclasses import dataclass
from enum import IntEnum

from tableside.rfid import cobs

PROTOCOL_VERSION = 1
MAX_TAGS = 64
MAX_FRAME = 3 + 3 + MAX_TAGS * 8 + 2
MAX_ENCODED = 1024
REPL_MAGIC = b"REPL"
DELIMITER = b"\x00"


class ProtocolError(ValueError):
    """Bytes that are not a valid frame or message."""


class Kind(IntEnum):
    HELLO = 0x01
    ZONE_REPORT = 0x02
    HEARTBEAT = 0x03
    ERROR = 0x04
    ACK = 0x05
    CONFIGURE = 0x10
    SCAN_RATE = 0x11
    IDENTIFY = 0x12
    EXIT_TO_REPL = 0x13


class Role(IntEnum):
    SEAT = 0
    POT = 1
    ENROL = 2


class AckStatus(IntEnum):
    OK = 0
    BAD_PAYLOAD = 1
    UNKNOWN_COMMAND = 2


class Capability(IntEnum):
    ANTICOLLISION_16 = 0x0001
    IDENTIFY_LED = 0x0002
    EXIT_TO_REPL = 0x0004


REPORT_READER_FAULT = 0x01
REPORT_OVERFLOW = 0x02
NO_ZONE = 0xFF


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: binascii's CRC-CCITT started at 0xFFFF."""
    return binascii.crc_hqx(data, 0xFFFF)


# ----------------------------------------------------------------- frames
@dataclass(frozen=True, slots=True)
class Frame:
    seq: int
    kind: int
    payload: bytes
    version: int = PROTOCOL_VERSION


def encode_frame(seq: int, kind: int, payload: bytes = b"") -> bytes:
    """The bytes on the line, delimiter included."""
    body = bytes((PROTOCOL_VERSION, seq & 0xFF, kind)) + payload
    return cobs.encode(body + crc16(body).to_bytes(2, "big")) + DELIMITER


def decode_frame(encoded: bytes) -> Frame:
    """One frame from the bytes between two delimiters."""
    try:
        body = cobs.decode_unchecked(encoded) if 0 not in encoded else cobs.decode(encoded)
    except cobs.CobsError as error:
        raise ProtocolError(str(error)) from None
    if len(body) < 5:
        raise ProtocolError("frame too short")
    if len(body) > MAX_FRAME:
        raise ProtocolError("frame too long")
    if binascii.crc_hqx(body, 0xFFFF):
        # Running the CRC over the data and its big-endian CRC leaves zero: one C call.
        raise ProtocolError("CRC mismatch")
    return Frame(body[1], body[2], body[3:-2], body[0])


# ----------------------------------------------------------------- messages from the board
@dataclass(frozen=True, slots=True)
class ZoneInfo:
    zone: int
    role: Role
    seat: int  # 1-10 for a seat's betting zone, else 0


@dataclass(frozen=True, slots=True)
class Hello:
    firmware: tuple[int, int, int]
    protocol: int
    capabilities: int
    scan_period_ms: int
    zones: tuple[ZoneInfo, ...]


@dataclass(frozen=True, slots=True)
class ZoneReport:
    """The whole set of tags in a zone now. Tag ids are 16 upper-case hex digits (E0...)."""

    zone: int
    tags: tuple[str, ...]
    reader_fault: bool = False
    overflow: bool = False


@dataclass(frozen=True, slots=True)
class Heartbeat:
    uptime_ms: int
    cycles: int
    bad_frames: int


@dataclass(frozen=True, slots=True)
class BoardError:
    code: int
    zone: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Ack:
    seq: int
    kind: int
    status: int


Message = Hello | ZoneReport | Heartbeat | BoardError | Ack

_HELLO_HEAD = struct.Struct(">BBBBBHH")
_HEARTBEAT = struct.Struct(">IIH")


def parse_message(frame: Frame) -> Message:
    """The board's message in ``frame``; ProtocolError for another version, an unknown type
    or a payload of the wrong length."""
    if frame.version != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {frame.version}")
    payload, kind = frame.payload, frame.kind
    if kind == Kind.ZONE_REPORT:
        if len(payload) < 3 or len(payload) != 3 + 8 * payload[2]:
            raise ProtocolError("bad zone report length")
        hexed = payload[3:].hex().upper()
        tags = tuple(hexed[i:i + 16] for i in range(0, len(hexed), 16))
        flags = payload[1]
        return ZoneReport(payload[0], tags, bool(flags & REPORT_READER_FAULT),
                          bool(flags & REPORT_OVERFLOW))
    if kind == Kind.HEARTBEAT:
        if len(payload) != _HEARTBEAT.size:
            raise ProtocolError("bad heartbeat length")
        return Heartbeat(*_HEARTBEAT.unpack(payload))
    if kind == Kind.ACK:
        if len(payload) != 3:
            raise ProtocolError("bad ack length")
        return Ack(payload[0], payload[1], payload[2])
    if kind == Kind.HELLO:
        if len(payload) < _HELLO_HEAD.size:
            raise ProtocolError("bad hello length")
        major, minor, patch, protocol, count, capabilities, period = _HELLO_HEAD.unpack_from(
            payload)
        described = payload[_HELLO_HEAD.size:]
        if len(described) != 3 * count:
            raise ProtocolError("bad hello zone list")
        try:
            zones = tuple(ZoneInfo(described[i], Role(described[i + 1]), described[i + 2])
                          for i in range(0, len(described), 3))
        except ValueError:
            raise ProtocolError("unknown zone role") from None
        return Hello((major, minor, patch), protocol, capabilities, period, zones)
    if kind == Kind.ERROR:
        if len(payload) < 2:
            raise ProtocolError("bad error length")
        zone = None if payload[1] == NO_ZONE else payload[1]
        return BoardError(payload[0], zone, payload[2:].decode("utf-8", "replace"))
    raise ProtocolError(f"unknown frame type 0x{kind:02x}")


# ----------------------------------------------------------------- commands to the board
@dataclass(frozen=True, slots=True)
class Configure:
    present_after: int = 2
    gone_after: int = 3
    heartbeat_ms: int = 1000
    refresh_ms: int = 1000
    zone_mask: int = 0xFFFF

    kind = Kind.CONFIGURE

    def payload(self) -> bytes:
        return struct.pack(">BBHHH", self.present_after, self.gone_after, self.heartbeat_ms,
                           self.refresh_ms, self.zone_mask)


@dataclass(frozen=True, slots=True)
class ScanRate:
    period_ms: int

    kind = Kind.SCAN_RATE

    def payload(self) -> bytes:
        return struct.pack(">H", self.period_ms)


@dataclass(frozen=True, slots=True)
class Identify:
    blink_seconds: int = 0

    kind = Kind.IDENTIFY

    def payload(self) -> bytes:
        return bytes((self.blink_seconds,))


@dataclass(frozen=True, slots=True)
class ExitToRepl:
    kind = Kind.EXIT_TO_REPL

    def payload(self) -> bytes:
        return REPL_MAGIC


Command = Configure | ScanRate | Identify | ExitToRepl


def encode_command(seq: int, command: Command) -> bytes:
    return encode_frame(seq, command.kind, command.payload())
