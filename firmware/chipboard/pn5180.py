"""The NXP PN5180 NFC frontend over SPI, just enough for ISO 15693 inventories.

Written from the PN5180 product data sheet; comments name its sections by title.
- "Host interface" / "SPI": mode 0, MSB first, up to 7 MHz. Half duplex: a SET instruction
  is one SPI frame; a GET instruction is one frame with the instruction, then a second frame
  of dummy bytes that clocks out the answer.
- "BUSY line": the host may pull NSS low only while BUSY is low; BUSY rises after each frame
  while the chip works. Every transfer below waits for it first.
- "Host interface command list": the instruction codes below.
- "Register overview": SYSTEM_CONFIG, IRQ_STATUS, IRQ_CLEAR, TX_CONFIG, RX_STATUS.
- "LOAD_RF_CONFIG": the RF configuration 0x0D (transmit) / 0x8D (receive) selects
  ISO 15693 ASK100 at 26 kbit/s; the chip then adds and checks the ISO 15693 CRC itself.

The driver talks to any ``spi`` with ``write(buf)`` and ``readinto(buf, fill)`` and to pins
with ``value()``: machine.SPI and machine.Pin on a Pico, the simulator (firmware/sim) in tests.
Timings marked "bench" are starting values to confirm on real modules.
"""

from chipboard import clock, iso15693

try:  # annotations only: MicroPython has no typing and ignores them
    from typing import TYPE_CHECKING
except ImportError:
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from machine import SPI, Pin

# Host interface command list
WRITE_REGISTER = 0x00
WRITE_REGISTER_OR_MASK = 0x01
WRITE_REGISTER_AND_MASK = 0x02
READ_REGISTER = 0x04
READ_EEPROM = 0x07
SEND_DATA = 0x09
READ_DATA = 0x0A
LOAD_RF_CONFIG = 0x11
RF_ON = 0x16
RF_OFF = 0x17

# Register overview (addresses)
SYSTEM_CONFIG = 0x00
IRQ_STATUS = 0x02
IRQ_CLEAR = 0x03
RX_STATUS = 0x13
TX_CONFIG = 0x18

# SYSTEM_CONFIG: bits 0-2 select the transceiver command
COMMAND_MASK = 0x07
COMMAND_IDLE = 0x00
COMMAND_TRANSCEIVE = 0x03
# IRQ_STATUS bits
RX_IRQ = 1 << 0
TX_IRQ = 1 << 1
TX_RFON_IRQ = 1 << 9
RX_SOF_DET_IRQ = 1 << 14
GENERAL_ERROR_IRQ = 1 << 17
# RX_STATUS: bits 0-8 bytes received; error bits
RX_BYTES_MASK = 0x1FF
RX_DATA_INTEGRITY_ERROR = 1 << 16
RX_PROTOCOL_ERROR = 1 << 17
RX_COLLISION_DETECTED = 1 << 18
RX_ERRORS = RX_DATA_INTEGRITY_ERROR | RX_PROTOCOL_ERROR | RX_COLLISION_DETECTED
# TX_CONFIG: with the start symbol and the data disabled a transmission is only an EOF,
# which is how the reader moves the tags to the next anticollision slot.
TX_START_SYMBOL = 0x3 << 6
TX_DATA_ENABLE = 1 << 10
EOF_ONLY = ~(TX_START_SYMBOL | TX_DATA_ENABLE) & 0xFFFFFFFF

# EEPROM ("EEPROM address map"): the firmware version, 2 bytes
EEPROM_FIRMWARE_VERSION = 0x12

RF_ISO15693_TX = 0x0D
RF_ISO15693_RX = 0x8D
ALL_IRQS = 0xFFFFFFFF

BUSY_TIMEOUT_US = 20_000  # no BUSY low for this long: the module is missing or hung
RF_ON_TIMEOUT_US = 10_000  # bench
SOF_WAIT_US = 1_200  # t1 (about 320 us) plus the SOF, with margin: silence after this (bench)
FRAME_WAIT_US = 8_000  # a whole 10-byte answer at 26 kbit/s, with margin (bench)


class ReaderFault(Exception):
    """The module does not answer as a PN5180 should (unplugged, unpowered, miswired)."""


class PN5180:
    def __init__(self, spi: "SPI", nss: "Pin", busy: "Pin") -> None:
        self.spi = spi
        self.nss = nss
        self.busy = busy
        self.nss.value(1)
        self._tx_config = None
        # Timings as attributes: the simulator, whose tags answer at once, shortens them.
        self.sof_wait_us = SOF_WAIT_US
        self.frame_wait_us = FRAME_WAIT_US

    # ------------------------------------------------------------- host interface
    def _wait_ready(self):
        start = clock.ticks_us()
        while self.busy.value():
            if clock.ticks_diff(clock.ticks_us(), start) > BUSY_TIMEOUT_US:
                raise ReaderFault("BUSY stays high")

    def _frame_out(self, data):
        self._wait_ready()
        self.nss.value(0)
        try:
            self.spi.write(data)
        finally:
            self.nss.value(1)

    def _frame_in(self, count):
        self._wait_ready()
        answer = bytearray(count)
        self.nss.value(0)
        try:
            self.spi.readinto(answer, 0xFF)
        finally:
            self.nss.value(1)
        return answer

    def _get(self, instruction, count):
        self._frame_out(instruction)
        return self._frame_in(count)

    def write_register(self, address: int, value: int) -> None:
        self._frame_out(bytes((WRITE_REGISTER, address)) + _le32(value))

    def write_register_or(self, address: int, mask: int) -> None:
        self._frame_out(bytes((WRITE_REGISTER_OR_MASK, address)) + _le32(mask))

    def write_register_and(self, address: int, mask: int) -> None:
        self._frame_out(bytes((WRITE_REGISTER_AND_MASK, address)) + _le32(mask))

    def read_register(self, address: int) -> int:
        return int.from_bytes(self._get(bytes((READ_REGISTER, address)), 4), "little")

    def read_eeprom(self, address: int, count: int) -> bytes:
        return bytes(self._get(bytes((READ_EEPROM, address, count)), count))

    def send_data(self, data: bytes, last_bits: int = 0) -> None:
        self._frame_out(bytes((SEND_DATA, last_bits)) + data)

    def read_data(self, count: int) -> bytes:
        return bytes(self._get(bytes((READ_DATA, 0x00)), count))

    # ------------------------------------------------------------- ISO 15693
    def begin(self) -> bytes:
        """Check the module is there and load the ISO 15693 RF configuration."""
        version = self.read_eeprom(EEPROM_FIRMWARE_VERSION, 2)
        if version in (b"\x00\x00", b"\xff\xff"):  # MISO stuck low or floating high
            raise ReaderFault("no PN5180 answers")
        self._frame_out(bytes((LOAD_RF_CONFIG, RF_ISO15693_TX, RF_ISO15693_RX)))
        self._tx_config = self.read_register(TX_CONFIG)
        return version

    def field_on(self) -> None:
        self.write_register(IRQ_CLEAR, ALL_IRQS)
        self._frame_out(bytes((RF_ON, 0x00)))
        start = clock.ticks_us()
        while not self.read_register(IRQ_STATUS) & TX_RFON_IRQ:
            if clock.ticks_diff(clock.ticks_us(), start) > RF_ON_TIMEOUT_US:
                raise ReaderFault("RF field did not come on")

    def field_off(self) -> None:
        self._frame_out(bytes((RF_OFF, 0x00)))

    def _transceive(self, data):
        """Send ``data`` in transceive mode; the chip then listens for the answer."""
        self.write_register_and(SYSTEM_CONFIG, ~COMMAND_MASK & 0xFFFFFFFF)  # idle
        self.write_register_or(SYSTEM_CONFIG, COMMAND_TRANSCEIVE)
        self.write_register(IRQ_CLEAR, ALL_IRQS)
        self.send_data(data)

    def _send_eof(self):
        self.write_register(TX_CONFIG, self._tx_config & EOF_ONLY)
        self._transceive(b"")
        self.write_register(TX_CONFIG, self._tx_config)

    def _slot(self):
        """What one slot brought: None (silence), a UID, or iso15693.COLLISION."""
        start = clock.ticks_us()
        limit = self.sof_wait_us
        while True:
            status = self.read_register(IRQ_STATUS)
            if status & (RX_IRQ | GENERAL_ERROR_IRQ):
                break
            if status & RX_SOF_DET_IRQ:
                limit = self.frame_wait_us  # something answers: wait for the whole frame
            if clock.ticks_diff(clock.ticks_us(), start) > limit:
                return iso15693.COLLISION if status & RX_SOF_DET_IRQ else None
        received = self.read_register(RX_STATUS)
        count = received & RX_BYTES_MASK
        if received & RX_ERRORS or status & GENERAL_ERROR_IRQ:
            return iso15693.COLLISION  # several tags at once garble the frame
        if count == 0:
            return None
        try:
            return iso15693.parse_inventory_response(self.read_data(count))
        except ValueError:
            return iso15693.COLLISION  # a garbled answer: search this slot deeper

    def inventory_slots(self, mask_value: int, mask_length: int) -> list:
        """One 16-slot round (ISO 15693-3 Anticollision): the request opens slot 0, each EOF
        the next slot."""
        self._transceive(iso15693.inventory_request(mask_value, mask_length))
        outcomes = []
        for slot in range(iso15693.SLOTS):
            if slot:
                self._send_eof()
            outcomes.append(self._slot())
        return outcomes

    def scan(self) -> tuple:
        """The tags in this module's field: (sorted UIDs, complete). The field is on only
        while scanning, so neighbouring zones' antennas do not disturb each other."""
        if self._tx_config is None:
            self.begin()
        self.field_on()
        try:
            return iso15693.inventory(self)
        finally:
            self.field_off()


def _le32(value):
    return bytes((value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF, (value >> 24) & 0xFF))


class MuxedBusy:
    """The BUSY line of one module read through a 16-channel multiplexer (CD74HC4067): the
    select pins choose the channel, the common pin reads it. One GPIO for all BUSY lines is
    what lets one Pico drive twelve readers (see hardware/pins.toml)."""

    def __init__(self, select_pins: list, common: "Pin", channel: int) -> None:
        self.select_pins = select_pins
        self.common = common
        self.channel = channel

    def value(self) -> int:
        for bit, pin in enumerate(self.select_pins):
            pin.value((self.channel >> bit) & 1)
        return self.common.value()
