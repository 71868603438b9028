"""The reader board's firmware on a computer: the real board code with simulated PN5180
modules, one per zone of pins.py, talking the protocol over stdin/stdout exactly as the Pico
does over USB. Runs under CPython and the MicroPython unix port:

    micropython simulate.py CONTROL_FD [SCAN_PERIOD_MS]

Lines on the control file descriptor place chips (what a hand on the felt would do):
    tags ZONE [UID ...]      the zone now holds these tags (16 hex digits each, E0 first)
    missing ZONE 0|1         unplug or replug that zone's reader module
    flicker ZONE N           every Nth inventory of that zone hears nothing (0: never)
    garbage HEX              these bytes go out on the serial line as they are
    quit
The board stops when the control channel closes, so it never outlives its test.
"""

import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0] if "/" in __file__ else ".")

import pins
from chipboard import frames
from chipboard.board import Board, Zone
from chipboard.pn5180 import PN5180
from chipboard.serve import serve
from sim.pn5180 import SimulatedBus, SimulatedPN5180


class Control:
    def __init__(self, modules, write):
        self.modules = modules
        self.write = write
        self._line = bytearray()

    def __call__(self, channel):
        byte = channel.read(1)
        if not byte:
            return False  # the test is gone
        if byte != b"\n":
            self._line.extend(byte)
            return True
        words = bytes(self._line).decode().split()
        self._line = bytearray()
        return self.command(words)

    def command(self, words):
        if not words:
            return True
        verb = words[0]
        if verb == "quit":
            return False
        if verb == "garbage":
            self.write(bytes.fromhex(words[1]))
            return True
        module = self.modules[int(words[1])]
        if verb == "tags":
            module.tags = [bytes.fromhex(uid) for uid in words[2:]]
        elif verb == "missing":
            module.present = words[2] == "0"
        elif verb == "flicker":
            module.miss_every = int(words[2])
        return True


def main():
    control_fd = int(sys.argv[1])
    scan_period_ms = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    serial_in = getattr(sys.stdin.buffer, "raw", sys.stdin.buffer)  # unbuffered on CPython
    serial_out = sys.stdout.buffer

    def write(data):
        serial_out.write(data)
        if hasattr(serial_out, "flush"):
            serial_out.flush()

    modules = [SimulatedPN5180() for _ in pins.ZONES]
    bus = SimulatedBus(modules)
    zones = []
    for index, (zone_id, role, seat, _nss, _busy_channel) in enumerate(pins.ZONES):
        reader = PN5180(bus, bus.nss[index], bus.busy[index])
        reader.sof_wait_us = 0  # simulated tags answer at once: silence needs no waiting
        zones.append(Zone(zone_id, frames.ROLES[role], seat, reader))
    board = Board(zones, write, scan_period_ms=scan_period_ms)
    try:
        control = open(control_fd, "rb", buffering=0)  # noqa: SIM115 - CPython: unbuffered
    except TypeError:  # MicroPython: files are unbuffered anyway
        control = open(control_fd, "rb")  # noqa: SIM115 - open as long as the board runs
    serve(board, serial_in, {control: Control(modules, write)})


main()
