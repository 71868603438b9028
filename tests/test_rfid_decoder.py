"""The host's decoder takes any bytes without raising: garbage is counted and dropped, and
decoding carries on at the next delimiter (fuzzed with hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tableside.rfid.decoder import MessageDecoder
from tableside.rfid.protocol import (
    MAX_ENCODED,
    Frame,
    Heartbeat,
    Kind,
    ProtocolError,
    ZoneReport,
    decode_frame,
    encode_frame,
    parse_message,
)

TAG = bytes.fromhex("E004015012345678")


def report(zone: int, count: int = 1, seq: int = 0) -> bytes:
    return encode_frame(seq, Kind.ZONE_REPORT, bytes((zone, 0, count)) + TAG * count)


def feed_in_pieces(decoder: MessageDecoder, data: bytes, cuts: list[int]) -> list:
    messages, start = [], 0
    for cut in [*sorted(c % (len(data) + 1) for c in cuts), len(data)]:
        messages += decoder.feed(data[start:cut])
        start = max(start, cut)
    return messages


@settings(max_examples=300, deadline=None)  # a shared machine: no timing in tests
@given(st.binary(max_size=2000), st.lists(st.integers(0, 2000), max_size=8))
def test_random_bytes_never_crash(data: bytes, cuts: list[int]) -> None:
    decoder = MessageDecoder()
    messages = feed_in_pieces(decoder, data, cuts)
    assert decoder.messages == len(messages)
    # Whatever came before, a delimiter and a good frame are read.
    assert decoder.feed(b"\x00" + report(4)) == [ZoneReport(4, ("E004015012345678",))]


@st.composite
def mutated_streams(draw):
    frames = [report(zone % 12, zone % 4, seq) for seq, zone in enumerate(
        draw(st.lists(st.integers(0, 50), min_size=1, max_size=12)))]
    stream = bytearray(b"".join(frames))
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(stream)))
        action = draw(st.sampled_from(("flip", "drop", "insert", "zero")))
        if action == "flip" and at < len(stream):
            stream[at] ^= draw(st.integers(1, 255))
        elif action == "drop" and at < len(stream):
            del stream[at:at + draw(st.integers(1, 20))]
        elif action == "insert":
            stream[at:at] = draw(st.binary(min_size=1, max_size=30))
        elif action == "zero":
            stream[at:at] = b"\x00"
    return len(frames), bytes(stream)


@settings(max_examples=300, deadline=None)  # a shared machine: no timing in tests
@given(mutated_streams(), st.lists(st.integers(0, 2000), max_size=8))
def test_mutated_streams_never_crash_and_lose_only_damaged_frames(stream, cuts) -> None:
    sent, data = stream
    decoder = MessageDecoder()
    messages = feed_in_pieces(decoder, data, cuts)
    messages += decoder.feed(b"\x00")  # a frame that only lost its delimiter is whole again
    assert all(isinstance(m, ZoneReport) for m in messages)
    assert len(messages) <= sent + 6  # a mutation can at most split off so many frames
    assert decoder.feed(report(7)) == [ZoneReport(7, ("E004015012345678",))]


def test_garbage_is_counted_and_frames_around_it_survive() -> None:
    decoder = MessageDecoder()
    beat = encode_frame(3, Kind.HEARTBEAT, bytes(10))
    data = report(1) + b"\x01\x02garbage\x00" + report(2)[:6] + b"\x00" + beat + report(3)
    assert [type(m) for m in decoder.feed(data)] == [ZoneReport, Heartbeat, ZoneReport]
    assert decoder.bad_frames == 2


def test_an_overlong_run_is_dropped_up_to_the_next_delimiter() -> None:
    decoder = MessageDecoder()
    for _ in range(10):
        assert decoder.feed(b"\x41" * (MAX_ENCODED // 3)) == []
    assert decoder.feed(b"tail\x00" + report(5)) == [ZoneReport(5, ("E004015012345678",))]
    assert decoder.bad_frames == 1


def test_frames_split_across_reads_are_joined() -> None:
    decoder = MessageDecoder()
    data = report(9, 3) * 3
    got = [m for byte in data for m in decoder.feed(bytes((byte,)))]
    assert got == [ZoneReport(9, ("E004015012345678",) * 3)] * 3 and decoder.bad_frames == 0


def test_wrong_version_type_and_lengths_are_refused() -> None:
    body = encode_frame(0, Kind.HEARTBEAT, bytes(10))[:-1]
    frame = decode_frame(body)
    assert parse_message(frame) == Heartbeat(0, 0, 0)
    for bad in (Frame(0, Kind.HEARTBEAT, bytes(10), version=2), Frame(0, 0x7E, b""),
                Frame(0, Kind.HEARTBEAT, bytes(9)), Frame(0, Kind.ZONE_REPORT, b"\x01\x00\x02"),
                Frame(0, Kind.HELLO, bytes(9) + b"\x01\x00\x09\x00")):
        try:
            parse_message(bad)
        except ProtocolError:
            continue
        raise AssertionError(f"{bad} was accepted")
