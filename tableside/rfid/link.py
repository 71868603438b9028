"""The serial link to the reader board: a thread that reads the port, decodes messages and
hands them on; reopens the port after an unplug; tells online from offline by the heartbeat;
sends commands and retries them until the board acknowledges (firmware/PROTOCOL.md).

Callbacks run in the link's thread; one that raises is logged and the link carries on.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable

import serial

from tableside.rfid.decoder import MessageDecoder
from tableside.rfid.protocol import (
    Ack,
    AckStatus,
    Command,
    Hello,
    Identify,
    Message,
    encode_command,
)

log = logging.getLogger(__name__)

OFFLINE_AFTER = 3.0  # seconds without a valid frame: three missed heartbeats
RECONNECT_INTERVAL = 0.5
ACK_TIMEOUT = 0.25
ATTEMPTS = 4


class CommandFailed(RuntimeError):
    """The board never acknowledged a command, or refused it."""


class PendingCommand:
    """A command on its way: :meth:`wait` for the board's answer."""

    def __init__(self, seq: int, command: Command):
        self.seq = seq
        self.command = command
        self.frame = encode_command(seq, command)
        self.attempts = 0
        self.deadline = 0.0
        self.status: AckStatus | None = None
        self.error: str | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> AckStatus:
        """The board's OK; CommandFailed if it refused or never answered."""
        if not self._done.wait(timeout):
            raise TimeoutError(f"{self.command!r} still unanswered")
        if self.error is not None:
            raise CommandFailed(self.error)
        return self.status

    def _finish(self, status: AckStatus | None = None, error: str | None = None) -> None:
        self.status, self.error = status, error
        self._done.set()


def open_serial(path: str, timeout: float) -> serial.Serial:
    # USB CDC ignores the baud rate; exclusive keeps a second tableside (or mpremote) off.
    return serial.Serial(path, baudrate=115200, timeout=timeout, write_timeout=1.0,
                         exclusive=True)


class BoardLink:
    def __init__(self, port: str, *,
                 on_message: Callable[[Message], None] | None = None,
                 on_status: Callable[[bool], None] | None = None,
                 on_tick: Callable[[], None] | None = None,
                 offline_after: float = OFFLINE_AFTER,
                 reconnect_interval: float = RECONNECT_INTERVAL,
                 ack_timeout: float = ACK_TIMEOUT, attempts: int = ATTEMPTS,
                 read_timeout: float = 0.02,
                 clock: Callable[[], float] = time.monotonic):
        self.port = port  # best a /dev/serial/by-id/... path: it survives replugging
        self.on_message = on_message
        self.on_status = on_status
        self.on_tick = on_tick
        self.offline_after = offline_after
        self.reconnect_interval = reconnect_interval
        self.ack_timeout = ack_timeout
        self.attempts = attempts
        self.read_timeout = read_timeout
        self.clock = clock
        self.decoder = MessageDecoder()
        self.hello: Hello | None = None
        self.connects = 0
        self.online = False
        self._serial: serial.Serial | None = None
        self._last_valid: float | None = None
        self._seq = 0
        self._pending: dict[int, PendingCommand] = {}
        self._lock = threading.Lock()  # guards _seq, _pending and writes
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------- life cycle
    def start(self) -> BoardLink:
        self._thread = threading.Thread(target=self._run, name=f"board {self.port}",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._close()

    def __enter__(self) -> BoardLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def connected(self) -> bool:
        return self._serial is not None

    @property
    def bad_frames(self) -> int:
        return self.decoder.bad_frames

    # ------------------------------------------------------------- commands
    def send(self, command: Command) -> PendingCommand:
        """Send ``command`` now; the link retries it until acknowledged or given up."""
        with self._lock:
            pending = PendingCommand(self._seq, command)
            self._seq = (self._seq + 1) & 0xFF
            self._pending[pending.seq] = pending
            self._transmit(pending)
        return pending

    def call(self, command: Command, timeout: float | None = None) -> AckStatus:
        """Send ``command`` and wait for the board's acknowledgement (OK or raise)."""
        if timeout is None:
            timeout = self.ack_timeout * self.attempts + 1.0
        return self.send(command).wait(timeout)

    def _transmit(self, pending: PendingCommand) -> None:
        """Write one attempt (the caller holds the lock)."""
        pending.attempts += 1
        pending.deadline = self.clock() + self.ack_timeout
        port = self._serial
        if port is None:
            return  # unplugged: this attempt is lost, like a frame on a cut cable
        # A failed write is a lost attempt: the reading side notices the dead port.
        with contextlib.suppress(serial.SerialException, OSError):
            port.write(pending.frame)

    def _acknowledged(self, ack: Ack) -> None:
        with self._lock:
            pending = self._pending.get(ack.seq)
            if pending is None or pending.command.kind != ack.kind:
                return  # a late answer to a command already settled
            del self._pending[ack.seq]
        if ack.status == AckStatus.OK:
            pending._finish(AckStatus.OK)
        else:
            pending._finish(error=f"board refused {pending.command!r}: status {ack.status}")

    def _retry_due(self, now: float) -> None:
        with self._lock:
            for seq, pending in list(self._pending.items()):
                if now < pending.deadline:
                    continue
                if pending.attempts >= self.attempts:
                    del self._pending[seq]
                    pending._finish(error=f"no answer to {pending.command!r} after "
                                          f"{pending.attempts} attempts")
                else:
                    self._transmit(pending)

    # ------------------------------------------------------------- the thread
    def _run(self) -> None:
        while not self._stop.is_set():
            if self._serial is None and not self._connect():
                self._stop.wait(self.reconnect_interval)
                self._after_read(b"")
                continue
            try:
                port = self._serial
                data = port.read(port.in_waiting or 1)
            except (serial.SerialException, OSError):  # unplugged: reopen by the path
                self._close()
                continue
            self._after_read(data)

    def _connect(self) -> bool:
        try:
            port = open_serial(self.port, self.read_timeout)
        except (serial.SerialException, OSError, ValueError):
            return False
        with self._lock:
            self._serial = port
            self.connects += 1
        self.decoder.reset()
        self.send(Identify())  # learn the zones, even from a board that booted long ago
        return True

    def _close(self) -> None:
        with self._lock:
            port, self._serial = self._serial, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
        self.decoder.reset()
        self._set_online(False)

    def _after_read(self, data: bytes) -> None:
        now = self.clock()
        if data:
            messages = self.decoder.feed(data)
            if messages:
                self._last_valid = now
                if self.connected:
                    self._set_online(True)
            for message in messages:
                if isinstance(message, Ack):
                    self._acknowledged(message)
                elif isinstance(message, Hello):
                    self.hello = message
                self._call(self.on_message, message)
        if self.online and (self._last_valid is None or
                            now - self._last_valid > self.offline_after):
            self._set_online(False)
        self._retry_due(now)
        self._call(self.on_tick)

    def _set_online(self, online: bool) -> None:
        if online != self.online:
            self.online = online
            self._call(self.on_status, online)

    def _call(self, callback: Callable | None, *args: object) -> None:
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:
            log.exception("board link listener failed")
