"""The board: zones scanned in turn, each zone's tags debounced and reported as a snapshot,
heartbeats, and the host's commands acknowledged (PROTOCOL.md). No hardware here: each
zone has a ``reader`` with ``scan() -> (uids, complete)`` that may raise, and the board
writes whole frames with ``write(bytes)``."""

from chipboard import FIRMWARE_VERSION, clock, frames
from chipboard.debounce import ZoneDebouncer
from chipboard.stream import FrameReader

try:  # annotations only: MicroPython has no typing and ignores them
    from typing import TYPE_CHECKING
except ImportError:
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from machine import Pin

    from chipboard.pn5180 import PN5180

CAPABILITIES = frames.CAP_ANTICOLLISION_16 | frames.CAP_IDENTIFY_LED | frames.CAP_EXIT_TO_REPL


class Zone:
    def __init__(self, zone_id: int, role: int, seat: int, reader: "PN5180") -> None:
        self.zone_id = zone_id
        self.role = role  # frames.ROLE_SEAT, ROLE_POT or ROLE_ENROL
        self.seat = seat  # 1..10 for a seat's betting zone, else 0
        self.reader = reader
        self.debouncer = ZoneDebouncer()
        self.enabled = True
        self.faulty = False
        self.last_report = None  # ticks of the last report, None: never reported


class Board:
    def __init__(self, zones: list, write: "Callable", led: "Pin | None" = None,
                 scan_period_ms: int = 0, heartbeat_ms: int = 1000,
                 refresh_ms: int = 1000) -> None:
        self.zones = zones
        self.write = write
        self.led = led
        self.scan_period_ms = scan_period_ms  # at least this long between two zone scans
        self.heartbeat_ms = heartbeat_ms
        self.refresh_ms = refresh_ms  # an unchanged zone is reported again after this
        self.running = True
        self.cycles = 0
        self._frames = FrameReader()
        self._seq = 0
        self._next_zone = 0
        self._started = clock.ticks_ms()
        self._last_scan = None
        self._last_heartbeat = self._started
        self._last_command = None  # (seq, type) of the last command executed
        self._blink_until = None

    # ------------------------------------------------------------- sending
    def send(self, kind: int, payload: bytes = b"") -> None:
        self.write(frames.pack(self._seq, kind, payload))
        self._seq = (self._seq + 1) & 0xFF

    def hello(self) -> None:
        described = [(z.zone_id, z.role, z.seat) for z in self.zones]
        self.send(frames.HELLO, frames.hello(FIRMWARE_VERSION, described, CAPABILITIES,
                                             self.scan_period_ms))

    def report(self, zone: Zone, flags: int = 0) -> None:
        self.send(frames.ZONE_REPORT,
                  frames.zone_report(zone.zone_id, zone.debouncer.snapshot(), flags))
        zone.last_report = clock.ticks_ms()

    # ------------------------------------------------------------- receiving
    def receive(self, data: bytes) -> None:
        """Bytes from the host: complete commands are executed and acknowledged."""
        for version, seq, kind, payload in self._frames.feed(data):
            if version != frames.PROTOCOL_VERSION:
                self.send(frames.ERROR, frames.error(
                    frames.ERROR_VERSION, text="protocol " + str(version) + " not spoken"))
                continue
            if (seq, kind) == self._last_command:
                # A retry: our ACK was lost. Acknowledge again without doing it twice.
                self.send(frames.ACK, frames.ack(seq, kind))
                if kind == frames.IDENTIFY:
                    self.hello()
                continue
            status = self._execute(kind, payload)
            self.send(frames.ACK, frames.ack(seq, kind, status))
            if status == frames.OK:
                self._last_command = (seq, kind)
                if kind == frames.IDENTIFY:
                    self.hello()
                elif kind == frames.EXIT_TO_REPL:
                    self.running = False

    def _execute(self, kind, payload):
        if kind == frames.CONFIGURE:
            if len(payload) != 8:
                return frames.BAD_PAYLOAD
            present_after, gone_after = payload[0], payload[1]
            if not (1 <= present_after <= 10 and 1 <= gone_after <= 50):
                return frames.BAD_PAYLOAD
            self.heartbeat_ms = max(100, frames.read_u16(payload, 2))
            self.refresh_ms = max(100, frames.read_u16(payload, 4))
            mask = frames.read_u16(payload, 6)
            for zone in self.zones:
                zone.debouncer.present_after = present_after
                zone.debouncer.gone_after = gone_after
                enabled = bool(mask & (1 << zone.zone_id))
                if zone.enabled and not enabled and zone.debouncer.clear():
                    self.report(zone)  # a zone switched off reports itself empty once
                zone.enabled = enabled
            return frames.OK
        if kind == frames.SCAN_RATE:
            if len(payload) != 2:
                return frames.BAD_PAYLOAD
            self.scan_period_ms = frames.read_u16(payload, 0)
            return frames.OK
        if kind == frames.IDENTIFY:
            if len(payload) != 1:
                return frames.BAD_PAYLOAD
            if self.led is not None and payload[0]:
                self._blink_until = clock.ticks_add(clock.ticks_ms(), payload[0] * 1000)
            return frames.OK
        if kind == frames.EXIT_TO_REPL:
            return frames.OK if bytes(payload) == frames.REPL_MAGIC else frames.BAD_PAYLOAD
        return frames.UNKNOWN_COMMAND

    @property
    def bad_frames(self) -> int:
        return self._frames.bad_frames

    # ------------------------------------------------------------- scanning
    def ms_until_due(self) -> int:
        """How long the main loop may wait for host bytes before the next scan is due."""
        if self._last_scan is None:
            return 0
        elapsed = clock.ticks_diff(clock.ticks_ms(), self._last_scan)
        return max(0, min(self.scan_period_ms - elapsed, 50))

    def step(self) -> None:
        """Scan the next zone if one is due; send what is due."""
        now = clock.ticks_ms()
        if clock.ticks_diff(now, self._last_heartbeat) >= self.heartbeat_ms:
            self._last_heartbeat = now
            self.send(frames.HEARTBEAT, frames.heartbeat(
                clock.ticks_diff(now, self._started), self.cycles, self.bad_frames))
        self._blink(now)
        if self._last_scan is not None and clock.ticks_diff(
                now, self._last_scan) < self.scan_period_ms:
            return
        self._last_scan = now
        zone = self._pick_zone()
        if zone is not None:
            self._scan(zone)

    def _pick_zone(self):
        for _ in range(len(self.zones)):
            zone = self.zones[self._next_zone]
            self._next_zone += 1
            if self._next_zone == len(self.zones):
                self._next_zone = 0
                self.cycles += 1
            if zone.enabled:
                return zone
        return None

    def _scan(self, zone):
        try:
            uids, complete = zone.reader.scan()
        except Exception as fault:
            if not zone.faulty:
                zone.faulty = True
                zone.debouncer.clear()
                self.send(frames.ERROR, frames.error(frames.ERROR_READER_FAULT, zone.zone_id,
                                                     str(fault)))
                self.report(zone, frames.FLAG_READER_FAULT)
            elif self._refresh_due(zone):
                self.report(zone, frames.FLAG_READER_FAULT)
            return
        recovered = zone.faulty
        zone.faulty = False
        changed = zone.debouncer.update(uids)
        if changed or recovered or self._refresh_due(zone):
            self.report(zone, 0 if complete else frames.FLAG_OVERFLOW)

    def _refresh_due(self, zone):
        return zone.last_report is None or clock.ticks_diff(
            clock.ticks_ms(), zone.last_report) >= self.refresh_ms

    def _blink(self, now):
        if self._blink_until is None:
            return
        if clock.ticks_diff(self._blink_until, now) <= 0:
            self._blink_until = None
            self.led.value(0)
        else:
            self.led.value((now // 250) & 1)
