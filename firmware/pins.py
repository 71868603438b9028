"""Pins of the reader board, generated from hardware/pins.toml by
firmware/gen_pins.py: edit the TOML and run the generator, never this file."""

SPI_ID = 0
SPI_BAUDRATE = 4000000
SPI_SCK = 18
SPI_MOSI = 19
SPI_MISO = 16
RESET = 17
BUSY_MUX_SELECT = (20, 21, 22, 26)
BUSY_MUX_COMMON = 27
REPL_JUMPER = 15
LED = 'LED'
SCAN_PERIOD_MS = 0

# (zone id, role, seat, NSS GPIO, BUSY multiplexer channel)
ZONES = (
    (0, 'seat', 1, 2, 0),  # seat 1
    (1, 'seat', 2, 3, 1),  # seat 2
    (2, 'seat', 3, 4, 2),  # seat 3
    (3, 'seat', 4, 5, 3),  # seat 4
    (4, 'seat', 5, 6, 4),  # seat 5
    (5, 'seat', 6, 7, 5),  # seat 6
    (6, 'seat', 7, 8, 6),  # seat 7
    (7, 'seat', 8, 9, 7),  # seat 8
    (8, 'seat', 9, 10, 8),  # seat 9
    (9, 'seat', 10, 11, 9),  # seat 10
    (10, 'pot', 0, 12, 10),  # pot
    (11, 'enrol', 0, 13, 11),  # enrolment pad
)
