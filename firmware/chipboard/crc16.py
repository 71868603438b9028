"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected, no final XOR; the check value
of b"123456789" is 0x29B1), the frame check of PROTOCOL.md. Table-driven: MicroPython has no
binascii.crc_hqx, and a 512-byte table is cheap on a Pico."""

POLY = 0x1021
INIT = 0xFFFF


def _table():
    try:
        from array import array
        table = array("H", [0] * 256)
    except ImportError:  # a MicroPython build without array
        table = [0] * 256
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ POLY) if crc & 0x8000 else (crc << 1)
        table[byte] = crc & 0xFFFF
    return table


_TABLE = _table()


def crc16(data: bytes, crc: int = INIT) -> int:
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ byte]
    return crc
