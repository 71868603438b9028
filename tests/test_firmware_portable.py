"""The firmware's pure layers and its board logic with simulated readers. Written for both
interpreters: pytest runs these under CPython, and test_firmware_micropython.py runs this
very file under the MicroPython unix port (no pytest there: plain asserts, no fixtures)."""

import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _HERE + "/../firmware")

from chipboard import cobs, frames, iso15693  # noqa: E402
from chipboard.board import Board, Zone  # noqa: E402
from chipboard.crc16 import crc16  # noqa: E402
from chipboard.debounce import ZoneDebouncer  # noqa: E402
from chipboard.pn5180 import PN5180, ReaderFault  # noqa: E402
from chipboard.stream import FrameReader  # noqa: E402
from sim.pn5180 import SimulatedBus, SimulatedPN5180  # noqa: E402


def raises(kind, function, *args):
    try:
        function(*args)
    except kind:
        return True
    return False


def uid(n):
    return bytes((0xE0, 0x04, 0x01, 0x50, 0, 0, (n >> 8) & 0xFF, n & 0xFF))


# ----------------------------------------------------------------- COBS and CRC
def test_cobs_examples_of_the_paper():
    assert cobs.encode(b"") == b"\x01"
    assert cobs.encode(b"\x00") == b"\x01\x01"
    assert cobs.encode(b"\x11\x22\x00\x33") == b"\x03\x11\x22\x02\x33"
    full = bytes(range(1, 255))  # 254 non-zero bytes: one full block, nothing after it
    assert cobs.encode(full) == b"\xff" + full
    assert cobs.encode(full + b"\x07") == b"\xff" + full + b"\x02\x07"
    assert cobs.encode(full + b"\x00") == b"\xff" + full + b"\x01\x01"


def test_cobs_round_trip_leaves_no_zero():
    for length in (0, 1, 2, 253, 254, 255, 256, 508, 600):
        for zero_every in (0, 1, 3, 254):
            data = bytes((0 if zero_every and i % zero_every == 0 else (i % 255) + 1)
                         for i in range(length))
            encoded = cobs.encode(data)
            assert 0 not in encoded
            assert cobs.decode(encoded) == data


def test_cobs_refuses_broken_frames():
    assert raises(ValueError, cobs.decode, b"\x05\x11\x22")  # block runs past the end
    assert raises(ValueError, cobs.decode, b"\x03\x11\x00")  # zero inside
    assert raises(ValueError, cobs.decode, b"\x00")


def test_crc_check_value():
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


# ----------------------------------------------------------------- frames and the stream
def test_frame_round_trip():
    line = frames.pack(300, frames.ZONE_REPORT, frames.zone_report(3, [uid(1), uid(2)]))
    assert line.endswith(b"\x00") and 0 not in line[:-1]
    version, seq, kind, payload = frames.unpack(line[:-1])
    assert (version, seq, kind) == (1, 300 & 0xFF, frames.ZONE_REPORT)
    assert payload == bytes((3, 0, 2)) + uid(1) + uid(2)


def test_every_damaged_byte_is_caught():
    body = cobs.decode(frames.pack(7, frames.HEARTBEAT, frames.heartbeat(1000, 2, 0))[:-1])
    for position in range(len(body)):
        for flip in (0x01, 0x80):
            damaged = bytearray(body)
            damaged[position] ^= flip
            assert raises(ValueError, frames.unpack, cobs.encode(bytes(damaged)))


def test_reader_resyncs_after_garbage():
    reader = FrameReader(max_encoded=64)
    good = frames.pack(1, frames.IDENTIFY, b"\x02")
    stream = (b"\x13\x37noise\x00" + good[:4] + b"\x00" + good + bytes(range(1, 200)) + b"\x00"
              + good)
    found = reader.feed(stream)
    assert [f[1:] for f in found] == [(1, frames.IDENTIFY, b"\x02")] * 2
    assert reader.bad_frames == 3  # the noise, the cut frame, the overlong run


def test_zone_report_holds_at_most_64_tags():
    payload = frames.zone_report(0, [uid(n) for n in range(70)])
    assert payload[1] == frames.FLAG_OVERFLOW and payload[2] == 64


# ----------------------------------------------------------------- debounce
def test_present_after_two_scans_gone_after_three_missed():
    zone = ZoneDebouncer(present_after=2, gone_after=3)
    a, b = uid(1), uid(2)
    assert not zone.update([a]) and zone.snapshot() == []
    assert zone.update([a, b]) and zone.snapshot() == [a]
    assert zone.update([a, b]) and zone.snapshot() == [a, b]
    assert not zone.update([a]) and not zone.update([a])  # b missed twice: still there
    assert zone.update([a]) and zone.snapshot() == [a]  # third miss: gone


def test_a_flicker_neither_adds_nor_drops():
    zone = ZoneDebouncer(present_after=2, gone_after=3)
    a, b = uid(1), uid(2)
    zone.update([a])
    zone.update([a])
    for _ in range(5):  # a misses every other scan; b shows up once in a while
        assert not zone.update([b])
        assert not zone.update([a])
    assert zone.snapshot() == [a]


# ----------------------------------------------------------------- ISO 15693 and the PN5180
def test_inventory_request_and_response():
    assert iso15693.inventory_request() == b"\x06\x01\x00"
    assert iso15693.inventory_request(0x5, 4) == b"\x06\x01\x04\x05"
    assert iso15693.inventory_request(0x1A5, 12) == b"\x06\x01\x0c\xa5\x01"
    tag = uid(0x1234)
    answer = b"\x00\x00" + bytes(reversed(tag))
    assert iso15693.parse_inventory_response(answer) == tag
    assert raises(ValueError, iso15693.parse_inventory_response, b"\x01" + answer[1:])
    assert iso15693.slot_of(tag, 0) == 4 and iso15693.slot_of(tag, 4) == 3


def reader_with(tags):
    module = SimulatedPN5180(tags)
    bus = SimulatedBus([module])
    reader = PN5180(bus, bus.nss[0], bus.busy[0])
    reader.sof_wait_us = 0
    return module, reader


def test_scan_finds_every_tag_through_collisions():
    tags = [uid(n) for n in range(0, 640, 16)]  # 40 tags, all in the same first slot
    module, reader = reader_with(tags)
    found, complete = reader.scan()
    assert complete and found == sorted(tags)
    assert module.inventories > 1 and not module.field  # searched deeper; field off after


def test_scan_of_an_empty_zone_and_a_missing_module():
    module, reader = reader_with([])
    assert reader.scan() == ([], True)
    module.present = False
    assert raises(ReaderFault, reader.scan)


# ----------------------------------------------------------------- the board
def board_with(tag_lists, **options):
    modules = [SimulatedPN5180(tags) for tags in tag_lists]
    bus = SimulatedBus(modules)
    zones = []
    for index in range(len(modules)):
        reader = PN5180(bus, bus.nss[index], bus.busy[index])
        reader.sof_wait_us = 0
        zones.append(Zone(index, frames.ROLE_SEAT, index + 1, reader))
    sent = []
    options.setdefault("heartbeat_ms", 60000)
    board = Board(zones, sent.append, **options)
    return board, modules, sent


def decoded(sent):
    reader = FrameReader()
    found = reader.feed(b"".join(sent))
    assert reader.bad_frames == 0
    del sent[:]
    return [(kind, payload) for _version, _seq, kind, payload in found]


def test_board_reports_snapshots_of_each_zone():
    board, modules, sent = board_with([[uid(1)], []], refresh_ms=60000)
    for _ in range(4):  # two scans of each zone
        board.step()
    reports = [p for k, p in decoded(sent) if k == frames.ZONE_REPORT]
    assert bytes((0, 0, 1)) + uid(1) in reports
    assert bytes((1, 0, 0)) in reports  # an empty zone reports itself empty once
    modules[0].tags = []
    for _ in range(6):  # three missed scans
        board.step()
    assert [p for k, p in decoded(sent) if k == frames.ZONE_REPORT] == [bytes((0, 0, 0))]


def test_board_reports_a_failing_reader_once_then_refreshes():
    board, modules, sent = board_with([[uid(1)]], refresh_ms=60000)
    modules[0].present = False
    board.step()
    board.step()
    messages = decoded(sent)
    assert [k for k, _p in messages] == [frames.ERROR, frames.ZONE_REPORT]
    assert messages[0][1][:2] == bytes((frames.ERROR_READER_FAULT, 0))
    assert messages[1][1] == bytes((0, frames.FLAG_READER_FAULT, 0))
    modules[0].present = True
    board.step()
    assert decoded(sent) == [(frames.ZONE_REPORT, bytes((0, 0, 0)))]  # healthy again


def test_board_acknowledges_commands_once():
    board, _modules, sent = board_with([[]])
    configure = bytes((3, 5)) + frames.u16(500) + frames.u16(700) + frames.u16(1)
    board.receive(frames.pack(9, frames.CONFIGURE, configure))
    assert decoded(sent) == [(frames.ACK, bytes((9, frames.CONFIGURE, frames.OK)))]
    assert (board.heartbeat_ms, board.refresh_ms) == (500, 700)
    assert board.zones[0].debouncer.present_after == 3
    board.heartbeat_ms = 900
    board.receive(frames.pack(9, frames.CONFIGURE, configure))  # a retry: ACK, not redone
    assert decoded(sent) == [(frames.ACK, bytes((9, frames.CONFIGURE, frames.OK)))]
    assert board.heartbeat_ms == 900
    board.receive(frames.pack(10, frames.SCAN_RATE, b"\x01"))
    board.receive(frames.pack(11, 0x7F, b""))
    assert decoded(sent) == [(frames.ACK, bytes((10, frames.SCAN_RATE, frames.BAD_PAYLOAD))),
                             (frames.ACK, bytes((11, 0x7F, frames.UNKNOWN_COMMAND)))]


def test_identify_answers_hello_and_repl_stops_the_loop():
    board, _modules, sent = board_with([[], []])
    board.receive(frames.pack(1, frames.IDENTIFY, b"\x00") + b"\x00\x00garbage\x00")
    messages = decoded(sent)
    assert [k for k, _p in messages] == [frames.ACK, frames.HELLO]
    hello = messages[1][1]
    assert hello[3] == frames.PROTOCOL_VERSION and hello[4] == 2
    assert hello[-6:] == bytes((0, frames.ROLE_SEAT, 1, 1, frames.ROLE_SEAT, 2))
    assert board.bad_frames == 1
    board.receive(frames.pack(2, frames.EXIT_TO_REPL, b"nope"))
    assert board.running
    board.receive(frames.pack(3, frames.EXIT_TO_REPL, frames.REPL_MAGIC))
    assert not board.running


def test_heartbeat_counts_bad_frames():
    board, _modules, sent = board_with([[]], heartbeat_ms=0)
    board.receive(b"\x02\x99\x00")
    board.step()
    beats = [p for k, p in decoded(sent) if k == frames.HEARTBEAT]
    assert beats and beats[-1][-2:] == b"\x00\x01"


def _run_all():
    passed = 0
    for name in sorted(globals()):
        if name.startswith("test_"):
            globals()[name]()
            print("ok", name)
            passed += 1
    print("micropython:", passed, "passed")


if __name__ == "__main__":
    _run_all()
