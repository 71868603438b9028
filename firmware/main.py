"""The reader board's entry point on the Pico (MicroPython runs main.py at boot).

Getting back to the REPL, for reflashing: Ctrl-C is switched off while the board runs (a
0x03 byte inside a frame must stay data), so either
- send EXIT_TO_REPL: ``tableside chips repl --port /dev/serial/by-id/...``, or
- put a jumper from the REPL pin (pins.REPL_JUMPER, see hardware/pins.toml) to GND and
  replug: main.py then leaves the REPL alone, and mpremote works as usual.
"""

import sys

import machine
import micropython
import pins
from chipboard import clock, frames
from chipboard.board import Board, Zone
from chipboard.pn5180 import PN5180, MuxedBusy
from chipboard.serve import serve


def jumper_set():
    return machine.Pin(pins.REPL_JUMPER, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0


def reset_readers():
    """All modules share one reset line ("RESET_N" in the data sheet): pulse it low, then
    give the chips time to boot (bench: they signal ready with BUSY low)."""
    reset = machine.Pin(pins.RESET, machine.Pin.OUT, value=1)
    reset.value(0)
    clock.sleep_ms(1)
    reset.value(1)
    clock.sleep_ms(5)


def build_board():
    spi = machine.SPI(pins.SPI_ID, baudrate=pins.SPI_BAUDRATE, polarity=0, phase=0, bits=8,
                      firstbit=machine.SPI.MSB, sck=machine.Pin(pins.SPI_SCK),
                      mosi=machine.Pin(pins.SPI_MOSI), miso=machine.Pin(pins.SPI_MISO))
    select = [machine.Pin(p, machine.Pin.OUT, value=0) for p in pins.BUSY_MUX_SELECT]
    common = machine.Pin(pins.BUSY_MUX_COMMON, machine.Pin.IN)
    zones = []
    for zone_id, role, seat, nss_pin, busy_channel in pins.ZONES:
        nss = machine.Pin(nss_pin, machine.Pin.OUT, value=1)
        reader = PN5180(spi, nss, MuxedBusy(select, common, busy_channel))
        zones.append(Zone(zone_id, frames.ROLES[role], seat, reader))
    led = machine.Pin(pins.LED, machine.Pin.OUT, value=0)
    return Board(zones, sys.stdout.buffer.write, led=led, scan_period_ms=pins.SCAN_PERIOD_MS)


def main():
    if jumper_set():
        print("chipboard: REPL jumper set, not starting")
        return
    reset_readers()
    board = build_board()
    micropython.kbd_intr(-1)  # from here on 0x03 is data, not Ctrl-C
    try:
        serve(board, sys.stdin.buffer)
    finally:
        micropython.kbd_intr(3)  # back at the REPL, Ctrl-C works again


main()
