"""Raspberry Pi pins of the dealer pad. Generated from hardware/pins.toml by
hardware/generate.py: edit the TOML and run the generator, never this file."""

# Button name -> BCM GPIO. A momentary switch from the GPIO to GND (internal pull-up).
BUTTONS = {
    "fold": 5,
    "check_call": 6,
    "confirm": 13,
    "next": 19,
    "undo": 26,
}
ERROR_LED = 21  # red: blinks when a press is refused
CONFIRM_LED = 20  # lit while a proposed bet waits for CONFIRM
# Seat 1 first: lit while that seat is to act.
SEAT_LEDS = (4, 17, 18, 27, 22, 23, 24, 25, 12, 16)
