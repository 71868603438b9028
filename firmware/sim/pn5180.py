"""A simulated PN5180 at the SPI level: it answers the host interface instructions the driver
uses (chipboard.pn5180) and plays ISO 15693 tags in its field, with 16-slot anticollision,
so the real driver and inventory code run against it unchanged.

It also checks the driver keeps the chip's rules: no frame while BUSY is high, SEND_DATA
only in transceive mode with the field on, no reads without a GET instruction first."""

from chipboard import iso15693
from chipboard import pn5180 as chip

FIRMWARE_VERSION = b"\x05\x03"  # whatever a module reports; never 0000 or FFFF


class ProtocolViolation(Exception):
    """The driver broke a rule of the PN5180 host interface."""


class SimulatedPN5180:
    def __init__(self, tags=()):
        self.tags = list(tags)  # 8-byte UIDs, 0xE0 first
        self.present = True  # False: unplugged (MISO floats high, BUSY never low)
        self.miss_every = 0  # N > 0: every Nth inventory hears nothing (a flickering reader)
        self.registers = {chip.SYSTEM_CONFIG: 0, chip.IRQ_STATUS: 0, chip.RX_STATUS: 0,
                          chip.TX_CONFIG: 0x0000_04C0}
        self.field = False
        self.rf_config = None
        self.inventories = 0
        self._selected = False
        self._frame = bytearray()
        self._answer = None  # what the next read frame clocks out
        self._busy_polls = 0
        self._slots = []  # the outcomes of the running inventory round
        self._slot = 0
        self._rx = b""
        self._miss_round = False

    # ------------------------------------------------------------- pins and bus
    def busy(self):
        if not self.present:
            return 1
        if self._busy_polls:
            self._busy_polls -= 1
            return 1
        return 0

    def select(self):
        if self.present and self._busy_polls:
            raise ProtocolViolation("NSS pulled low while BUSY is high")
        self._selected = True
        self._frame = bytearray()

    def deselect(self):
        self._selected = False
        if self._frame:
            self._execute(bytes(self._frame))
        self._busy_polls = 1  # BUSY rises after every frame while the chip works

    def write(self, data):
        self._frame.extend(data)

    def readinto(self, buffer, fill):
        if not self.present:
            for i in range(len(buffer)):
                buffer[i] = 0xFF
            return
        if self._answer is None:
            raise ProtocolViolation("read frame without a GET instruction before it")
        answer = self._answer
        self._answer = None
        for i in range(len(buffer)):
            buffer[i] = answer[i] if i < len(answer) else 0

    # ------------------------------------------------------------- instructions
    def _execute(self, frame):
        if not self.present:
            return
        op, registers = frame[0], self.registers
        if op == chip.WRITE_REGISTER:
            value = int.from_bytes(frame[2:6], "little")
            if frame[1] == chip.IRQ_CLEAR:
                registers[chip.IRQ_STATUS] &= ~value
            else:
                registers[frame[1]] = value
        elif op == chip.WRITE_REGISTER_OR_MASK:
            registers[frame[1]] = registers.get(frame[1], 0) | int.from_bytes(frame[2:6],
                                                                               "little")
        elif op == chip.WRITE_REGISTER_AND_MASK:
            registers[frame[1]] = registers.get(frame[1], 0) & int.from_bytes(frame[2:6],
                                                                               "little")
        elif op == chip.READ_REGISTER:
            self._answer = registers.get(frame[1], 0).to_bytes(4, "little")
        elif op == chip.READ_EEPROM:
            address, count = frame[1], frame[2]
            eeprom = {chip.EEPROM_FIRMWARE_VERSION: FIRMWARE_VERSION}
            self._answer = eeprom.get(address, bytes(count))[:count]
        elif op == chip.LOAD_RF_CONFIG:
            self.rf_config = (frame[1], frame[2])
        elif op == chip.RF_ON:
            self.field = True
            registers[chip.IRQ_STATUS] |= chip.TX_RFON_IRQ
        elif op == chip.RF_OFF:
            self.field = False
        elif op == chip.SEND_DATA:
            self._send(frame[2:])
        elif op == chip.READ_DATA:
            self._answer = self._rx
        else:
            raise ProtocolViolation("instruction " + hex(op) + " is not simulated")

    def _send(self, data):
        if not self.field:
            raise ProtocolViolation("SEND_DATA with the RF field off")
        if self.registers[chip.SYSTEM_CONFIG] & chip.COMMAND_MASK != chip.COMMAND_TRANSCEIVE:
            raise ProtocolViolation("SEND_DATA outside transceive mode")
        if self.rf_config != (chip.RF_ISO15693_TX, chip.RF_ISO15693_RX):
            raise ProtocolViolation("SEND_DATA without the ISO 15693 RF configuration")
        frame_on = self.registers[chip.TX_CONFIG] & (chip.TX_START_SYMBOL | chip.TX_DATA_ENABLE)
        if not data and not frame_on:  # only an EOF: the tags move to the next slot
            if not self._slots or self._slot >= iso15693.SLOTS - 1:
                raise ProtocolViolation("EOF outside an inventory round")
            self._slot += 1
        else:
            self._start_round(data)
        self._present_slot()

    def _start_round(self, request):
        flags, command, length = request[0], request[1], request[2]
        if command != iso15693.INVENTORY or flags & iso15693.FLAG_ONE_SLOT:
            raise ProtocolViolation("only 16-slot inventories are simulated")
        mask = int.from_bytes(bytes(reversed(request[3:])), "big") if length else 0
        self.inventories += 1
        self._miss_round = bool(self.miss_every) and self.inventories % self.miss_every == 0
        slots = [[] for _ in range(iso15693.SLOTS)]
        for uid in self.tags:
            if iso15693.matches_mask(uid, mask, length):
                slots[iso15693.slot_of(uid, length)].append(uid)
        self._slots = slots
        self._slot = 0

    def _present_slot(self):
        registers = self.registers
        answering = [] if self._miss_round else self._slots[self._slot]
        registers[chip.RX_STATUS] = 0
        self._rx = b""
        if len(answering) == 1:
            uid = answering[0]
            self._rx = bytes((0x00, 0x00)) + bytes(reversed(uid))  # flags, DSFID, UID LSB first
            registers[chip.RX_STATUS] = len(self._rx)
            registers[chip.IRQ_STATUS] |= chip.RX_IRQ | chip.RX_SOF_DET_IRQ
        elif answering:
            registers[chip.RX_STATUS] = chip.RX_COLLISION_DETECTED | 4
            registers[chip.IRQ_STATUS] |= chip.RX_IRQ | chip.RX_SOF_DET_IRQ


class SimulatedPin:
    """An output pin: value(v) sets, value() reads; ``on_change`` hears changes."""

    def __init__(self, on_change=None):
        self._value = 1
        self.on_change = on_change

    def value(self, *new):
        if not new:
            return self._value
        value = 1 if new[0] else 0
        if value != self._value:
            self._value = value
            if self.on_change is not None:
                self.on_change(value)
        return None


class BusyPin:
    def __init__(self, module):
        self.module = module

    def value(self):
        return self.module.busy()


class SimulatedBus:
    """An SPI bus with one simulated module per chip-select, as on the reader board."""

    def __init__(self, modules):
        self.modules = modules
        self.selected = None
        self.nss = [SimulatedPin(self._chip_select(m)) for m in modules]
        self.busy = [BusyPin(m) for m in modules]

    def _chip_select(self, module):
        def changed(level):
            if level == 0:
                if self.selected is not None:
                    raise ProtocolViolation("two chip-selects low at once")
                self.selected = module
                module.select()
            else:
                self.selected = None
                module.deselect()
        return changed

    # the SPI side, as machine.SPI
    def write(self, data):
        if self.selected is not None:
            self.selected.write(data)

    def readinto(self, buffer, fill=0):
        if self.selected is None:
            for i in range(len(buffer)):
                buffer[i] = 0xFF
        else:
            self.selected.readinto(buffer, fill)
