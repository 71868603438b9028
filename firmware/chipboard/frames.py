"""Frames of PROTOCOL.md: version, sequence number, type, payload, CRC-16/CCITT-FALSE
(big-endian), COBS-encoded and ended by one zero byte. The board's side: it builds the
board's messages and reads the host's commands."""

from chipboard import cobs
from chipboard.crc16 import crc16

PROTOCOL_VERSION = 1
HEADER = 3  # version, sequence, type
CHECK = 2  # the CRC
MAX_TAGS = 64  # per zone report: a tall stack of chips still fits in one frame
MAX_FRAME = HEADER + 3 + MAX_TAGS * 8 + CHECK  # the largest decoded frame (a full report)
MAX_ENCODED = 1024  # longer runs without a delimiter are garbage

# Board to host
HELLO = 0x01
ZONE_REPORT = 0x02
HEARTBEAT = 0x03
ERROR = 0x04
ACK = 0x05
# Host to board
CONFIGURE = 0x10
SCAN_RATE = 0x11
IDENTIFY = 0x12
EXIT_TO_REPL = 0x13

# Zone roles in HELLO
ROLE_SEAT = 0
ROLE_POT = 1
ROLE_ENROL = 2
ROLES = {"seat": ROLE_SEAT, "pot": ROLE_POT, "enrol": ROLE_ENROL}

# ZONE_REPORT flags
FLAG_READER_FAULT = 0x01  # the zone's reader did not answer: the tag list means nothing
FLAG_OVERFLOW = 0x02  # more tags than one report holds, or collisions left unresolved

# ACK status and ERROR codes
OK = 0
BAD_PAYLOAD = 1
UNKNOWN_COMMAND = 2
ERROR_READER_FAULT = 1
ERROR_BAD_COMMAND = 2
ERROR_VERSION = 3
ERROR_INTERNAL = 4
NO_ZONE = 0xFF

CAP_ANTICOLLISION_16 = 0x0001  # ISO 15693 inventory with 16 slots
CAP_IDENTIFY_LED = 0x0002
CAP_EXIT_TO_REPL = 0x0004

REPL_MAGIC = b"REPL"


def pack(seq: int, kind: int, payload: bytes = b"") -> bytes:
    """The bytes to put on the line for one frame, delimiter included."""
    body = bytearray(HEADER + len(payload) + CHECK)
    body[0] = PROTOCOL_VERSION
    body[1] = seq & 0xFF
    body[2] = kind
    body[HEADER:HEADER + len(payload)] = payload
    crc = crc16(memoryview(body)[:HEADER + len(payload)])
    body[-2] = crc >> 8
    body[-1] = crc & 0xFF
    return cobs.encode(body) + b"\x00"


def unpack(encoded: bytes) -> tuple:
    """(version, seq, type, payload) of one frame without its delimiter; ValueError if the
    frame is damaged. The version is returned, not checked: the caller answers a frame of a
    newer protocol with an ERROR instead of silence."""
    body = cobs.decode(encoded)
    if len(body) < HEADER + CHECK:
        raise ValueError("frame too short")
    if crc16(body[:-CHECK]) != (body[-2] << 8) | body[-1]:
        raise ValueError("CRC mismatch")
    return body[0], body[1], body[2], body[HEADER:-CHECK]


def u16(value: int) -> bytes:
    return bytes(((value >> 8) & 0xFF, value & 0xFF))


def u32(value: int) -> bytes:
    return bytes(((value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF,
                  value & 0xFF))


def read_u16(data: bytes, at: int) -> int:
    return (data[at] << 8) | data[at + 1]


def hello(version: tuple, zones: list, capabilities: int, scan_period_ms: int) -> bytes:
    """``zones``: (zone id, role, seat) per zone, seat 0 unless the role is a seat."""
    out = bytearray(bytes(version))
    out.append(PROTOCOL_VERSION)
    out.append(len(zones))
    out.extend(u16(capabilities))
    out.extend(u16(scan_period_ms))
    for zone, role, seat in zones:
        out.append(zone)
        out.append(role)
        out.append(seat)
    return bytes(out)


def zone_report(zone: int, tags: list, flags: int = 0) -> bytes:
    """``tags``: 8-byte UIDs, most significant byte (0xE0) first."""
    if len(tags) > MAX_TAGS:
        tags = tags[:MAX_TAGS]
        flags |= FLAG_OVERFLOW
    out = bytearray((zone, flags, len(tags)))
    for tag in tags:
        out.extend(tag)
    return bytes(out)


def heartbeat(uptime_ms: int, cycles: int, bad_frames: int) -> bytes:
    return u32(uptime_ms & 0xFFFFFFFF) + u32(cycles & 0xFFFFFFFF) + u16(min(bad_frames, 0xFFFF))


def error(code: int, zone: int = NO_ZONE, text: str = "") -> bytes:
    return bytes((code, zone)) + text.encode()[:200]


def ack(seq: int, kind: int, status: int = OK) -> bytes:
    return bytes((seq & 0xFF, kind, status))
