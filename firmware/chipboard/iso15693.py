"""ISO/IEC 15693-3 inventory with 16-slot anticollision: the commands, and the search that
finds every tag in a zone. Pure: the radio is any object with ``inventory_slots``.

References name the clauses of ISO/IEC 15693-3 by title: "Unique identifier (UID)",
"Request flags", "Anticollision" (slots and masks) and the mandatory command "Inventory".
"""

try:  # annotations only: MicroPython has no typing and ignores them
    from typing import TYPE_CHECKING
except ImportError:
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from chipboard.pn5180 import PN5180

INVENTORY = 0x01  # command code of Inventory
# Request flags (with the inventory flag set): bit 2 data rate, bit 3 inventory, bit 6 Nb_slots
FLAG_HIGH_DATA_RATE = 0x02
FLAG_INVENTORY = 0x04
FLAG_ONE_SLOT = 0x20  # cleared: 16 slots
RESPONSE_LENGTH = 10  # flags, DSFID, 8-byte UID (the reader checks and strips the CRC)
UID_BITS = 64
SLOTS = 16


class _Collision:
    def __repr__(self):
        return "COLLISION"


COLLISION = _Collision()  # a slot where several tags answered at once (compare with "is")
MAX_ROUNDS = 48  # inventory rounds per scan: bounds the scan time with a pile of chips


def inventory_request(mask_value: int = 0, mask_length: int = 0) -> bytes:
    """A 16-slot inventory request (Inventory): flags, command, mask length in bits, then the
    mask's bytes (least significant UID bits, least significant byte first). No AFI."""
    flags = FLAG_HIGH_DATA_RATE | FLAG_INVENTORY
    out = bytearray((flags, INVENTORY, mask_length))
    for i in range((mask_length + 7) // 8):
        out.append((mask_value >> (8 * i)) & 0xFF)
    return bytes(out)


def parse_inventory_response(data: bytes) -> bytes:
    """The UID, most significant byte (0xE0) first, from an inventory response; ValueError
    for an error flag or a wrong length. The UID travels least significant byte first."""
    if len(data) != RESPONSE_LENGTH:
        raise ValueError("inventory response of " + str(len(data)) + " bytes")
    if data[0] & 0x01:
        raise ValueError("tag answered with the error flag")
    uid = bytes(reversed(data[2:10]))
    if uid[0] != 0xE0:  # every ISO 15693 UID starts with 0xE0 (UID clause)
        raise ValueError("not an ISO 15693 UID")
    return uid


def slot_of(uid: bytes, mask_length: int) -> int:
    """The slot a tag answers in (Anticollision): the four UID bits above the mask,
    counting from the least significant bit. ``uid``: 8 bytes, most significant first."""
    return (int.from_bytes(uid, "big") >> mask_length) & 0x0F


def matches_mask(uid: bytes, mask_value: int, mask_length: int) -> bool:
    if mask_length == 0:
        return True
    bits = (1 << mask_length) - 1
    return int.from_bytes(uid, "big") & bits == mask_value & bits


def inventory(radio: "PN5180") -> tuple:
    """Every tag the radio hears: (sorted UIDs, complete). ``radio.inventory_slots(mask,
    length)`` runs one 16-slot round and returns 16 outcomes: None (silence), a UID, or
    COLLISION. A collided slot is searched again with the mask extended by that slot's four
    bits (Anticollision), depth first; ``complete`` is False when the round budget ran out."""
    found = set()
    pending = [(0, 0)]
    rounds = 0
    while pending:
        if rounds == MAX_ROUNDS:
            return sorted(found), False
        mask_value, mask_length = pending.pop()
        rounds += 1
        outcomes = radio.inventory_slots(mask_value, mask_length)
        for slot in range(SLOTS - 1, -1, -1):
            outcome = outcomes[slot]
            if outcome is None:
                continue
            if outcome is COLLISION:
                if mask_length + 4 <= UID_BITS - 4:
                    pending.append((mask_value | (slot << mask_length), mask_length + 4))
                continue
            found.add(outcome)
    return sorted(found), True
