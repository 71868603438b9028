"""The chip board's protocol on the host: how many frames per second the decoder takes, and
how long a zone report takes from arriving on the serial line to the engine having the bet.

Decoding: the same stream of frames (zone reports of 0-8 tags and heartbeats, as a busy
board sends them, in 4 KiB reads) through tableside's decoder, through the same pipeline
with the ``cobs`` package's C decoder, and through a naive byte-at-a-time decoder (the
textbook loop). Best of ``--repeats``.

Latency: a real pseudo-terminal; tableside's board link reads its slave side with pyserial in
its thread, the felt and the bet watcher (settle time 0, so the figure is the software path,
not the deliberate wait for chips to settle) propose a call that is applied to a hand. The
time runs from writing the report into the pty to the hand holding the call. Beside it, the
floor of the transport: a bare pyserial reader thread timing the same frame's arrival.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import threading
import time
import tty
from typing import Any

import serial

from tableside.benchmarks.common import machine_info, positive
from tableside.engine import CheckCall, DealHole, Hand, HandConfig, variant
from tableside.rfid.decoder import MessageDecoder
from tableside.rfid.felt import Felt
from tableside.rfid.link import BoardLink
from tableside.rfid.protocol import (
    Frame,
    Hello,
    Kind,
    ProtocolError,
    Role,
    ZoneInfo,
    ZoneReport,
    crc16,
    encode_frame,
    parse_message,
)
from tableside.rfid.registry import ChipRegistry
from tableside.rfid.watch import BetWatcher

DECODE_GOAL = 20_000  # frames per second
LATENCY_GOAL_MS = 20.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=positive, default=50_000,
                        help="frames in the decoding stream (default 50,000)")
    parser.add_argument("--reports", type=positive, default=200,
                        help="zone reports timed for the latency (default 200)")
    parser.add_argument("--repeats", type=positive, default=3,
                        help="decoding rounds; the best counts (default 3)")
    parser.add_argument("--seed", type=int, default=1)


def run(args: argparse.Namespace) -> dict[str, Any]:
    stream = _stream(args.frames, random.Random(args.seed))
    decoders = {"tableside": _decode_ours, "cobs_package": _decode_with_cobs_package,
                "naive_bytewise": _decode_naive}
    rates: dict[str, float | None] = {}
    for name, decode in decoders.items():
        best = None
        for _ in range(args.repeats):
            started = time.perf_counter()
            count = decode(stream)
            elapsed = time.perf_counter() - started
            if count is None:
                break
            if count != args.frames:
                raise AssertionError(f"{name} decoded {count} of {args.frames} frames")
            best = elapsed if best is None else min(best, elapsed)
        rates[name] = None if best is None else args.frames / best
    ours_ms, floor_ms = _latencies(args.reports)
    ours = _summary(ours_ms)
    return {
        "benchmark": "rfid",
        "decode": {
            "frames": args.frames,
            "bytes": len(stream),
            "frames_per_second": {k: None if v is None else round(v) for k, v in rates.items()},
            "goal_frames_per_second": DECODE_GOAL,
            "goal_met": rates["tableside"] >= DECODE_GOAL,
        },
        "report_to_bet_ms": {
            "reports": args.reports,
            "tableside": ours,
            "pyserial_transport_floor": _summary(floor_ms),
            "goal_ms": LATENCY_GOAL_MS,
            "goal_met": ours["p95"] < LATENCY_GOAL_MS,
        },
        "machine": machine_info("cobs", "pyserial"),
    }


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 3),
            "p95": round(ordered[int(len(ordered) * 0.95) - 1], 3),
            "max": round(ordered[-1], 3)}


# ----------------------------------------------------------------- decoding
def _stream(count: int, rng: random.Random) -> bytes:
    frames = []
    for seq in range(count):
        if seq % 10 == 9:
            payload = (seq * 100).to_bytes(4, "big") + seq.to_bytes(4, "big") + b"\x00\x00"
            frames.append(encode_frame(seq, Kind.HEARTBEAT, payload))
            continue
        n = rng.randrange(9)
        ids = b"".join(bytes((0xE0, 0x04, 0x01, 0x50)) + rng.randbytes(4) for _ in range(n))
        frames.append(encode_frame(seq, Kind.ZONE_REPORT, bytes((seq % 12, 0, n)) + ids))
    return b"".join(frames)


def _chunks(stream: bytes, size: int = 4096) -> list[bytes]:
    return [stream[i:i + size] for i in range(0, len(stream), size)]


def _decode_ours(stream: bytes) -> int:
    decoder = MessageDecoder()
    return sum(len(decoder.feed(chunk)) for chunk in _chunks(stream))


def _decode_with_cobs_package(stream: bytes) -> int | None:
    try:
        from cobs import cobs
    except ImportError:
        return None
    count = 0
    pending = b""
    for chunk in _chunks(stream):
        parts = (pending + chunk).split(b"\x00")
        pending = parts.pop()
        for part in parts:
            try:
                body = cobs.decode(part)
                if len(body) < 5 or crc16(body):
                    continue
                parse_message(Frame(body[1], body[2], body[3:-2], body[0]))
                count += 1
            except (cobs.DecodeError, ProtocolError):
                pass
    return count


def _decode_naive(stream: bytes) -> int:
    """Byte at a time, as a small microcontroller would: the textbook COBS loop."""
    count = 0
    frame = bytearray()
    for chunk in _chunks(stream):
        for byte in chunk:
            if byte:
                frame.append(byte)
                continue
            out = bytearray()
            i = 0
            while i < len(frame):
                code = frame[i]
                for j in range(1, code):
                    out.append(frame[i + j])
                i += code
                if code < 0xFF and i < len(frame):
                    out.append(0)
            frame = bytearray()
            if len(out) >= 5 and crc16(bytes(out)) == 0:
                try:
                    parse_message(Frame(out[1], out[2], bytes(out[3:-2]), out[0]))
                    count += 1
                except ProtocolError:
                    pass
    return count


# ----------------------------------------------------------------- latency
def _pty() -> tuple[int, int, str]:
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def _latencies(reports: int) -> tuple[list[float], list[float]]:
    registry = ChipRegistry(sqlite3.connect(":memory:", check_same_thread=False))
    tags = [f"E0040150{n:08X}" for n in range(reports + 1)]
    registry.enrol(tags, 2, "white")
    felt = Felt(registry, settle=0.0)
    felt.describe(Hello((1, 0, 0), 1, 0, 0, (ZoneInfo(0, Role.SEAT, 1),
                                              ZoneInfo(1, Role.SEAT, 2))))
    arrived = threading.Event()
    done_at: list[float] = []

    def applied(proposal: Any) -> None:
        watcher.hand.apply(proposal.event)
        done_at.append(time.perf_counter())
        arrived.set()

    watcher = BetWatcher(felt, on_proposal=applied, on_mismatch=lambda m: None)

    def message(msg: Any) -> None:
        if isinstance(msg, ZoneReport) and felt.update(msg):
            watcher.check()

    master, slave, path = _pty()
    ours: list[float] = []
    link = BoardLink(path, on_message=message, on_tick=watcher.check, ack_timeout=60)
    try:
        with link:
            while not link.connected:
                time.sleep(0.01)
            os.read(master, 1024)  # the IDENTIFY the link sends on connecting
            for rep in range(reports):
                # Heads-up, the button (player 1, seat 1) owes 1 more to call the big blind.
                hand = Hand(HandConfig(variant("NT"), (100, 100), blinds=(2, 1)))
                for player in (0, 1):
                    hand.apply(DealHole(player, (None, None)))  # cards nobody has read
                with watcher.lock:
                    watcher.follow(hand, {0: 2, 1: 1})
                    watcher.check()  # the turn begins: the zone's old chips are the baseline
                arrived.clear()
                frame = encode_frame(rep, Kind.ZONE_REPORT,
                                     bytes((0, 0, 1)) + bytes.fromhex(tags[rep + 1]))
                started = time.perf_counter()
                os.write(master, frame)
                if not arrived.wait(5):
                    raise AssertionError("no bet from the zone report")
                assert hand.events[-1] == CheckCall(1)
                ours.append((done_at[-1] - started) * 1000)
    finally:
        os.close(master)
        os.close(slave)
    return ours, _transport_floor(reports)


def _transport_floor(reports: int) -> list[float]:
    master, slave, path = _pty()
    port = serial.Serial(path, timeout=0.02)
    received = threading.Event()
    stamp: list[float] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            data = port.read(port.in_waiting or 1)
            if data.endswith(b"\x00"):
                stamp.append(time.perf_counter())
                received.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    frame = encode_frame(0, Kind.ZONE_REPORT, bytes((0, 0, 1)) + bytes(8))
    floor = []
    try:
        for _ in range(reports):
            received.clear()
            started = time.perf_counter()
            os.write(master, frame)
            if not received.wait(5):
                raise AssertionError("the transport lost a frame")
            floor.append((stamp[-1] - started) * 1000)
    finally:
        stop.set()
        thread.join()
        port.close()
        os.close(master)
        os.close(slave)
    return floor
