"""Millisecond and microsecond ticks: MicroPython's wrapping ticks, or CPython's monotonic
clock when the firmware runs on a computer (tests, the simulator)."""

try:
    from time import sleep_ms, sleep_us, ticks_add, ticks_diff, ticks_ms, ticks_us
except ImportError:  # CPython
    import time

    def ticks_ms():
        return int(time.monotonic() * 1000)

    def ticks_us():
        return int(time.monotonic() * 1_000_000)

    def ticks_diff(later, earlier):
        return later - earlier

    def ticks_add(ticks, delta):
        return ticks + delta

    def sleep_ms(ms):
        time.sleep(ms / 1000)

    def sleep_us(us):
        time.sleep(us / 1_000_000)

__all__ = ["sleep_ms", "sleep_us", "ticks_add", "ticks_diff", "ticks_ms", "ticks_us"]
