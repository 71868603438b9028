"""chipboard: the RFID reader board's firmware (MicroPython on a Raspberry Pi Pico).

Layers, inner to outer: ``cobs``/``crc16``/``frames``/``stream`` (the wire protocol of
PROTOCOL.md), ``debounce`` (which tags count as present), ``iso15693`` (tag commands),
``pn5180`` (the reader chip over SPI), ``board`` (zones scanned in turn, host commands).
Everything but ``pn5180``'s hardware access runs unchanged under CPython and the MicroPython
unix port, which is how the test suite runs it.
"""

FIRMWARE_VERSION = (1, 0, 0)
