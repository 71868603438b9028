"""One protocol, two implementations: the firmware's (firmware/chipboard) and tableside's
(tableside/rfid) agree with each other, with the ``cobs`` package, and with the test vectors
of firmware/PROTOCOL.md."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from cobs import cobs as reference_cobs
from hypothesis import given, settings
from hypothesis import strategies as st

from tableside.rfid import cobs as host_cobs
from tableside.rfid.decoder import MessageDecoder
from tableside.rfid.protocol import (
    Ack,
    Configure,
    Heartbeat,
    Hello,
    Identify,
    Role,
    ZoneReport,
    decode_frame,
    encode_command,
    encode_frame,
)

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path.insert(0, str(FIRMWARE))
import pins  # noqa: E402
from chipboard import cobs as board_cobs  # noqa: E402
from chipboard import frames  # noqa: E402
from chipboard.stream import FrameReader  # noqa: E402

VECTORS = re.findall(r"^\| (.+?) \| `([0-9a-f ]+)` \|$",
                     (FIRMWARE / "PROTOCOL.md").read_text(), re.MULTILINE)


@settings(deadline=None)  # a shared machine: no timing in tests
@given(st.binary(max_size=700))
def test_three_cobs_implementations_agree(data: bytes) -> None:
    encoded = reference_cobs.encode(data)
    assert board_cobs.encode(data) == encoded
    assert host_cobs.encode(data) == encoded
    assert board_cobs.decode(encoded) == data
    assert host_cobs.decode(encoded) == data


@settings(deadline=None)
@given(st.binary(max_size=40))
def test_cobs_decoders_agree_on_any_input(data: bytes) -> None:
    results = []
    for decode in (board_cobs.decode, host_cobs.decode, reference_cobs.decode):
        try:
            results.append(decode(data))
        except (ValueError, reference_cobs.DecodeError):
            results.append("refused")
    assert results[0] == results[1]
    if results[2] != "refused":  # the package is more lenient; what it takes, we read alike
        assert results[0] in (results[2], "refused")


@settings(deadline=None)
@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=300))
def test_frames_cross_between_board_and_host(seq: int, kind: int, payload: bytes) -> None:
    board_line = frames.pack(seq, kind, payload)
    assert board_line == encode_frame(seq, kind, payload)
    frame = decode_frame(board_line[:-1])
    assert (frame.seq, frame.kind, frame.payload) == (seq, kind, payload)
    assert FrameReader().feed(board_line) == [(1, seq, kind, payload)]


def test_there_are_vectors() -> None:
    assert len(VECTORS) >= 7


@pytest.mark.parametrize(("name", "line"), VECTORS, ids=[v[0].split(",")[0] for v in VECTORS])
def test_protocol_md_vectors(name: str, line: str) -> None:
    data = bytes.fromhex(line)
    (version, seq, kind, payload), = FrameReader().feed(data)
    assert frames.pack(seq, kind, payload) == data
    assert f"seq {seq}" in name and version == 1
    messages = MessageDecoder().feed(data)
    if kind >= 0x10:  # a host command: the host builds exactly these bytes
        assert messages == []
        command = {frames.IDENTIFY: Identify(payload[0]),
                   frames.CONFIGURE: Configure(2, 3, 1000, 1000, 0x0FFF)}[kind]
        assert encode_command(seq, command) == data
        return
    (message,) = messages
    assert type(message) is {"HELLO": Hello, "ZONE_REPORT": ZoneReport, "HEARTBEAT": Heartbeat,
                             "ACK": Ack}[name.split()[0]]
    if isinstance(message, ZoneReport):
        assert f"zone {message.zone}" in name
        assert all(tag in name for tag in message.tags)


def test_hello_of_the_built_board_describes_the_pin_map() -> None:
    zones = [(zone, frames.ROLES[role], seat) for zone, role, seat, _nss, _busy in pins.ZONES]
    data = frames.pack(0, frames.HELLO, frames.hello((1, 0, 0), zones, 7, 0))
    (hello,) = MessageDecoder().feed(data)
    assert isinstance(hello, Hello)
    assert [(z.zone, z.role.name.lower(), z.seat) for z in hello.zones] == [
        (zone, role, seat) for zone, role, seat, _nss, _busy in pins.ZONES]
    assert sum(z.role == Role.SEAT for z in hello.zones) == 10
