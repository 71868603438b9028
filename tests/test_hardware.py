"""The hardware folder agrees with hardware/pins.toml: tableside/buttons/pins.py, the pin
tables and camera table in hardware/README.md, wiring.svg; the pin map is buildable; the bill
of materials adds up and holds what the pin map needs."""

from __future__ import annotations

import copy
import csv
import importlib
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tableside.buttons import pins
from tableside.buttons.actions import ACTIONS

REPO = Path(__file__).resolve().parents[1]
HARDWARE = REPO / "hardware"


def script(name: str):
    """A script of hardware/ as a module (they import each other by plain name)."""
    if str(HARDWARE) not in sys.path:
        sys.path.insert(0, str(HARDWARE))
    return importlib.import_module(name)


@pytest.fixture(scope="module")
def generate():
    return script("generate")


@pytest.fixture(scope="module")
def pinmap():
    return script("pinmap")


@pytest.fixture(scope="module")
def pin_file(pinmap):
    return pinmap.load()


def test_generated_files_agree_with_pins_toml(generate, pin_file) -> None:
    wanted = generate.wanted_files(pin_file)
    for path, text in wanted.items():
        assert path.read_text() == text, (
            f"{path.relative_to(REPO)} disagrees with hardware/pins.toml: run "
            "python hardware/generate.py")
    assert generate.main(["--check"]) == 0


def test_pins_module_is_the_pi_section(pin_file) -> None:
    pi = pin_file["pi"]
    assert pi["buttons"] == pins.BUTTONS
    assert (pi["leds"]["error"], pi["leds"]["confirm"]) == (pins.ERROR_LED, pins.CONFIRM_LED)
    assert list(pins.SEAT_LEDS) == pi["leds"]["seats"]
    assert set(pins.BUTTONS) == set(ACTIONS)  # every button has its action, and back


def test_the_pin_map_is_buildable(pinmap, pin_file) -> None:
    assert pinmap.pi_problems(pin_file["pi"], pin_file["pico"]) == []
    seats = [z for z in pin_file["pico"]["zones"] if z["role"] == "seat"]
    assert len(pins.SEAT_LEDS) == len(seats)


@pytest.mark.parametrize(("change", "complaint"), [
    (lambda pi: pi["buttons"].update(fold=6), "already"),
    (lambda pi: pi["buttons"].update(fold=14), "reserved"),
    (lambda pi: pi["buttons"].update(fold=40), "not a header GPIO"),
    (lambda pi: pi["leds"]["seats"].pop(), "one seat LED per seat zone"),
    (lambda pi: pi["leds"].pop("error"), "leds.error is missing"),
])
def test_pin_map_mistakes_are_caught(pinmap, pin_file, change, complaint) -> None:
    pi = copy.deepcopy(pin_file["pi"])
    change(pi)
    assert any(complaint in problem for problem in pinmap.pi_problems(pi, pin_file["pico"]))


def test_readme_shows_the_firmware_pico_table(generate, pin_file) -> None:
    firmware_readme = (REPO / "firmware" / "README.md").read_text()
    rows = generate.render_pico_table(pin_file["pico"])
    assert rows in firmware_readme
    assert rows in (HARDWARE / "README.md").read_text()


def test_readme_names_every_button_and_its_console_twin() -> None:
    readme = (HARDWARE / "README.md").read_text()
    for action in ACTIONS.values():
        row = next(line for line in readme.splitlines() if line.startswith(f"| {action.cap} |"))
        assert f"`{action.words[0]}`" in row


def test_camera_height_gives_cards_of_sixty_pixels() -> None:
    camera = script("camera")
    for lens in camera.LENSES:
        for name, card_mm in camera.CARDS:
            mount = camera.mount(lens, name, card_mm)
            pixels = camera.FRAME[0] * card_mm / mount.field_mm[0]
            assert pixels == pytest.approx(camera.MIN_CARD_PIXELS) or pixels > 60
            assert camera.FRAME[1] * card_mm / mount.field_mm[1] >= 60 - 1e-9
    standard = camera.mount(camera.LENSES[0], *camera.CARDS[0])
    assert f"| {standard.height_mm / 1000:.2f} m |" in (HARDWARE / "README.md").read_text()


def test_the_lower_mount_gives_cards_of_eighty_pixels_as_recognition_advises() -> None:
    from tableside.vision.card_size import GOOD_PX

    camera = script("camera")
    assert camera.GOOD_CARD_PIXELS == GOOD_PX
    for lens in camera.LENSES:
        for name, card_mm in camera.CARDS:
            low = camera.mount(lens, name, card_mm, camera.GOOD_CARD_PIXELS)
            assert min(camera.FRAME[0] * card_mm / low.field_mm[0],
                       camera.FRAME[1] * card_mm / low.field_mm[1]) == pytest.approx(GOOD_PX)
            assert low.height_mm < camera.mount(lens, name, card_mm).height_mm


def test_wiring_svg_shows_every_pin(pin_file) -> None:
    svg = (HARDWARE / "wiring.svg").read_text()
    ET.fromstring(svg)  # well-formed
    for name in pin_file["pi"]["buttons"]:
        assert f"{name.replace('_', '/').upper()} button" in svg
    for gpio in [*pins.BUTTONS.values(), pins.ERROR_LED, pins.CONFIRM_LED, *pins.SEAT_LEDS]:
        assert f">GPIO{gpio}<" in svg
    for zone in pin_file["pico"]["zones"]:
        assert f"&#x27;{zone['name']}&#x27;" in svg


def test_bill_of_materials_adds_up(pin_file) -> None:
    with (HARDWARE / "bom.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    parts, total = rows[:-1], rows[-1]
    assert total["group"] == "TOTAL"
    for row in parts:
        assert row["description"] and int(row["quantity"]) > 0
        assert float(row["total_eur"]) == pytest.approx(
            int(row["quantity"]) * float(row["unit_price_eur"]))
    assert float(total["total_eur"]) == pytest.approx(sum(float(r["total_eur"]) for r in parts))

    def quantity(part: str) -> int:
        return next(int(r["quantity"]) for r in parts if r["part"] == part)

    assert quantity("PN5180 modules") == len(pin_file["pico"]["zones"])
    assert quantity("3.3 V regulators") == len(pin_file["pico"]["zones"])
    assert quantity("arcade buttons") == len(pin_file["pi"]["buttons"])
    assert quantity("green LEDs") == len(pin_file["pi"]["leds"]["seats"])
