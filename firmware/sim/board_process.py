"""The simulated board as a device on a computer (CPython only): simulate.py in its own
process behind a real pseudo-terminal, reachable at a stable path like a board's
/dev/serial/by-id/... link, with the control channel to place chips, inject garbage, and
unplug and replug the board. Used by the end-to-end tests; handy by hand too:

    python firmware/sim/board_process.py      (prints the path, then reads control lines)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tty
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[1]


class BoardProcess:
    def __init__(self, link: Path, interpreter: str = sys.executable, scan_period_ms: int = 10):
        self.link = Path(link)  # the stable path tableside opens, like /dev/serial/by-id/...
        self.interpreter = interpreter
        self.scan_period_ms = scan_period_ms
        self.zones: dict[int, list[str]] = {}  # what lies on the felt: survives an unplug
        self.process: subprocess.Popen | None = None
        self._master = self._slave = self._control = None

    def plug(self) -> BoardProcess:
        """Power the board: a new pty pair, the link pointed at it, the firmware started."""
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no newline translation before tableside opens it
        control_read, control_write = os.pipe()
        self.process = subprocess.Popen(
            [self.interpreter, str(FIRMWARE / "simulate.py"), str(control_read),
             str(self.scan_period_ms)],
            stdin=master, stdout=master, pass_fds=(control_read,), cwd=FIRMWARE)
        os.close(control_read)
        self._master, self._slave, self._control = master, slave, control_write
        temporary = self.link.with_name(self.link.name + ".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(self.link)
        for zone, tags in self.zones.items():
            self.control(f"tags {zone} {' '.join(tags)}")
        return self

    def unplug(self) -> None:
        """Pull the cable: the firmware dies, the pty and the path vanish."""
        self.link.unlink(missing_ok=True)
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
        for fd in (self._control, self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = self._control = None

    def place(self, zone: int, tags: list[str]) -> None:
        """The zone now holds exactly these tags."""
        self.zones[zone] = list(tags)
        self.control(f"tags {zone} {' '.join(tags)}")

    def garbage(self, data: bytes) -> None:
        """Bytes onto the serial line from the board's side, between its frames."""
        self.control(f"garbage {data.hex()}")

    def missing(self, zone: int, missing: bool = True) -> None:
        self.control(f"missing {zone} {int(missing)}")

    def flicker(self, zone: int, every: int) -> None:
        self.control(f"flicker {zone} {every}")

    def control(self, line: str) -> None:
        """One control line for simulate.py (its docstring lists them)."""
        if self._control is not None:
            os.write(self._control, line.encode() + b"\n")

    def __enter__(self) -> BoardProcess:
        return self.plug()

    def __exit__(self, *exc: object) -> None:
        self.unplug()


if __name__ == "__main__":
    import tempfile

    path = Path(tempfile.mkdtemp()) / "usb-tableside-simulated-board-if00"
    with BoardProcess(path, sys.argv[1] if len(sys.argv) > 1 else sys.executable) as board:
        print(f"board at {path}; type control lines (simulate.py's docstring), Ctrl-D ends",
              flush=True)
        for line in sys.stdin:
            board.control(line.strip())
