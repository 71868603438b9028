"""The board link over a real pseudo-terminal with pyserial; the test plays the board:
IDENTIFY on connecting, acknowledgements and retries, the heartbeat watchdog, unplug and
replug by the stable path, and a listener that fails."""

from __future__ import annotations

import os
import select
import time
import tty
from pathlib import Path

import pytest

from tableside.rfid.link import BoardLink, CommandFailed
from tableside.rfid.protocol import (
    AckStatus,
    Frame,
    Hello,
    Kind,
    Role,
    ScanRate,
    ZoneInfo,
    ZoneReport,
    decode_frame,
    encode_frame,
)

HELLO = bytes((1, 0, 0, 1, 1, 0, 7, 0, 0, 0, Role.SEAT, 1))


class FakeBoard:
    """The board's end of a pty pair, behind a by-id style symlink."""

    def __init__(self, link: Path):
        self.link = link
        self.seq = 0
        self.plug()

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.link.unlink(missing_ok=True)
        self.link.symlink_to(os.ttyname(self.slave))
        self._pending = b""

    def unplug(self) -> None:
        self.link.unlink(missing_ok=True)
        os.close(self.master)
        os.close(self.slave)

    def send(self, kind: int, payload: bytes) -> None:
        os.write(self.master, encode_frame(self.seq, kind, payload))
        self.seq = (self.seq + 1) & 0xFF

    def command(self, timeout: float = 5.0) -> Frame:
        deadline = time.monotonic() + timeout
        while b"\x00" not in self._pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.master], [], [], left)[0]:
                raise AssertionError("no command from the host")
            self._pending += os.read(self.master, 4096)
        frame, self._pending = self._pending.split(b"\x00", 1)
        return decode_frame(frame)

    def ack(self, frame: Frame, status: int = AckStatus.OK) -> None:
        self.send(Kind.ACK, bytes((frame.seq, frame.kind, status)))


def wait_for(predicate, what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


@pytest.fixture
def board(tmp_path: Path):
    fake = FakeBoard(tmp_path / "usb-MicroPython_Board-if00")
    yield fake
    if fake.link.exists():
        fake.unplug()


def test_connecting_identifies_the_board(board: FakeBoard) -> None:
    messages, statuses = [], []
    with BoardLink(str(board.link), on_message=messages.append,
                   on_status=statuses.append) as link:
        identify = board.command()
        assert (identify.kind, identify.payload) == (Kind.IDENTIFY, b"\x00")
        board.ack(identify)
        board.send(Kind.HELLO, HELLO)
        wait_for(lambda: link.hello is not None, "HELLO")
        assert link.hello == Hello((1, 0, 0), 1, 7, 0, (ZoneInfo(0, Role.SEAT, 1),))
        assert link.online and statuses == [True]
        board.send(Kind.ZONE_REPORT, bytes((0, 0, 1)) + bytes.fromhex("E004015012345678"))
        wait_for(lambda: any(isinstance(m, ZoneReport) for m in messages), "a report")


def test_an_unanswered_command_is_sent_again_with_the_same_number(board: FakeBoard) -> None:
    with BoardLink(str(board.link), ack_timeout=0.1) as link:
        board.ack(board.command())
        pending = link.send(ScanRate(25))
        first = board.command()
        again = board.command()  # no ACK for the first: the link tries again
        assert (first.seq, first.payload) == (again.seq, b"\x00\x19")
        board.ack(again)
        assert pending.wait(2) == AckStatus.OK and pending.attempts == 2


def test_a_command_nobody_answers_fails_and_a_refused_one_too(board: FakeBoard) -> None:
    with BoardLink(str(board.link), ack_timeout=0.05, attempts=3) as link:
        board.ack(board.command())
        with pytest.raises(CommandFailed, match="after 3 attempts"):
            link.call(ScanRate(10))
        pending = link.send(ScanRate(0))
        frame = board.command()
        while frame.seq != pending.seq:  # the unanswered attempts of the first command
            frame = board.command()
        board.ack(frame, AckStatus.BAD_PAYLOAD)
        with pytest.raises(CommandFailed, match="refused"):
            pending.wait(2)


def test_missing_heartbeats_mark_the_board_offline(board: FakeBoard) -> None:
    statuses = []
    with BoardLink(str(board.link), on_status=statuses.append, offline_after=0.2) as link:
        board.ack(board.command())
        wait_for(lambda: link.online, "online")
        wait_for(lambda: not link.online, "offline after silence")
        board.send(Kind.HEARTBEAT, bytes(10))
        wait_for(lambda: link.online, "online again")
        assert statuses == [True, False, True]
        assert link.connected  # silent, not unplugged


def test_unplug_and_replug_by_the_same_path(board: FakeBoard) -> None:
    with BoardLink(str(board.link), reconnect_interval=0.05) as link:
        board.ack(board.command())
        wait_for(lambda: link.online, "online")
        board.unplug()
        wait_for(lambda: not link.connected and not link.online, "the unplug noticed")
        board.plug()
        identify = board.command()  # reopened: it asks who is there again
        assert identify.kind == Kind.IDENTIFY
        board.ack(identify)
        wait_for(lambda: link.online, "online after replug")
        assert link.connects == 2


def test_a_failing_listener_does_not_stop_the_link(board: FakeBoard) -> None:
    seen = []

    def listener(message: object) -> None:
        seen.append(message)
        raise RuntimeError("a bug in a listener")

    with BoardLink(str(board.link), on_message=listener) as link:
        board.ack(board.command())
        board.send(Kind.HEARTBEAT, bytes(10))
        board.send(Kind.HEARTBEAT, bytes(10))
        wait_for(lambda: len(seen) == 3, "every message despite the failures")
        assert link.online


def test_garbage_between_frames_is_counted(board: FakeBoard) -> None:
    with BoardLink(str(board.link)) as link:
        board.ack(board.command())
        os.write(board.master, b"\xde\xad\xbe\xef\x00\x03\x03\x03\x00")
        board.send(Kind.HEARTBEAT, bytes(10))
        wait_for(lambda: link.decoder.messages == 2, "the heartbeat after the garbage")
        assert link.bad_frames == 2
