"""Simulated hardware for running the firmware on a computer: PN5180 modules on an SPI bus
holding tags (tests, the end-to-end test's board process)."""
