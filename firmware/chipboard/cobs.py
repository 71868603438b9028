"""Consistent Overhead Byte Stuffing (Cheshire and Baker, 1999): removes every zero byte from
a frame so that a single zero can delimit frames on the serial line (PROTOCOL.md, "Framing").

Blocks: a code byte n (1..255) followed by n - 1 data bytes; a code below 255 stands for a
zero after its data, except at the very end. No zero is appended after a final full block,
as in the reference encoder.
"""


def encode(data: bytes) -> bytes:
    out = bytearray(len(data) + len(data) // 254 + 2)
    code_at = 0  # where the code byte of the open block goes
    write = 1
    code = 1
    last = len(data) - 1
    for i in range(len(data)):
        byte = data[i]
        if byte:
            out[write] = byte
            write += 1
            code += 1
            if code != 0xFF:
                continue
            if i == last:
                break  # a full block at the end needs no empty block after it
        out[code_at] = code
        code_at = write
        write += 1
        code = 1
    out[code_at] = code
    return bytes(out[:write])


def decode(data: bytes) -> bytes:
    """The original bytes; ValueError for a zero byte or a block running past the end."""
    out = bytearray()
    i = 0
    end_of_data = len(data)
    while i < end_of_data:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS frame")
        end = i + code
        if end > end_of_data:
            raise ValueError("COBS block runs past the end of the frame")
        block = data[i + 1:end]
        if 0 in block:
            raise ValueError("zero byte inside a COBS frame")
        out.extend(block)
        i = end
        if code != 0xFF and i < end_of_data:
            out.append(0)
    return bytes(out)
