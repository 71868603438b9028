"""hardware/pins.toml is the one pin map: the firmware's generated pins.py and the wiring
table in firmware/README.md must agree with it, and it must be buildable."""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_pins", ROOT / "firmware" / "gen_pins.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen_pins = _generator()


def test_pin_map_is_buildable() -> None:
    assert gen_pins.problems(gen_pins.load()) == []


def test_firmware_pins_py_agrees_with_the_pin_map() -> None:
    pico = gen_pins.load()
    assert (ROOT / "firmware" / "pins.py").read_text() == gen_pins.render_pins(pico)
    namespace: dict = {}
    exec((ROOT / "firmware" / "pins.py").read_text(), namespace)
    assert namespace["SPI_SCK"] == pico["spi_sck"]
    assert [zone[3] for zone in namespace["ZONES"]] == [z["nss"] for z in pico["zones"]]


def test_readme_wiring_table_agrees_with_the_pin_map() -> None:
    readme = (ROOT / "firmware" / "README.md").read_text()
    assert gen_pins.render_table(gen_pins.load()) in readme


def test_generator_check_mode_passes() -> None:
    assert gen_pins.main(["--check"]) == 0


def test_twelve_zones_ten_seats_on_one_pico() -> None:
    pico = gen_pins.load()
    roles = [z["role"] for z in pico["zones"]]
    assert roles.count("seat") == 10 and roles.count("pot") == 1 and roles.count("enrol") == 1
    used = ([pico[k] for k in ("spi_sck", "spi_mosi", "spi_miso", "reset", "busy_mux_common",
                               "repl_jumper")] + pico["busy_mux_select"]
            + [z["nss"] for z in pico["zones"]])
    assert len(used) == len(set(used)) == 22 <= len(gen_pins.HEADER_GPIOS)  # 21 + jumper


def test_mistakes_in_the_pin_map_are_found() -> None:
    pico = gen_pins.load()
    twice = copy.deepcopy(pico)
    twice["zones"][3]["nss"] = twice["spi_sck"]
    assert any("GP18 is already SPI SCK" in p for p in gen_pins.problems(twice))
    wrong_spi = copy.deepcopy(pico)
    wrong_spi["spi_mosi"] = 14
    assert any("cannot be SPI0 MOSI" in p for p in gen_pins.problems(wrong_spi))
    no_pot = copy.deepcopy(pico)
    no_pot["zones"][10]["role"] = "seat"
    assert gen_pins.problems(no_pot)


def test_generated_pins_are_what_the_simulator_uses() -> None:
    sys.path.insert(0, str(ROOT / "firmware"))
    import pins

    assert len(pins.ZONES) == len(gen_pins.load()["zones"])
