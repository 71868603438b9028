"""The dealer pad on gpiozero's MockFactory, driving the real table service (SQLite log)."""

from __future__ import annotations

import io
import itertools
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from tableside.buttons import pins
from tableside.buttons.actions import ACTIONS
from tableside.buttons.config import Blink, PadConfig
from tableside.buttons.console import WORDS, ConsoleTwin
from tableside.buttons.pad import DealerPad, Report
from tableside.table.service import TableService

BUY_IN = 200
PLAYERS = {1: "Anna", 2: "Ben", 3: "Cem"}
# Short times so a test never waits long; the pad reads them from its configuration.
FAST = PadConfig(bounce_time=None, hold_time=0.05, error_blink=Blink(0.01, 0.01, 3))


@pytest.fixture
def factory():
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = saved


@pytest.fixture
def service(tmp_path: Path):
    with TableService.open(tmp_path / "table.db") as service:
        for seat, name in PLAYERS.items():
            service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": BUY_IN})
        yield service


@pytest.fixture
def pad(factory, service):
    reports: list[Report] = []
    with DealerPad(service, config=FAST, when_reported=reports.append) as pad:
        pad.reports = reports
        yield pad


def tap(factory: MockFactory, button: str) -> None:
    pin = factory.pin(pins.BUTTONS[button])
    pin.drive_low()
    pin.drive_high()


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll for something a background thread (gpiozero's hold or blink) does."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def lit(factory: MockFactory, gpio: int) -> bool:
    return bool(factory.pin(gpio).state)


def blinks(factory: MockFactory, gpio: int) -> int:
    states = [s.state for s in factory.pin(gpio).states]
    return sum(1 for before, after in itertools.pairwise(states) if after and not before)


def hand(service: TableService) -> dict:
    return service.public_state()["hand"]


def assert_turn_light(factory: MockFactory, service: TableService) -> None:
    actor = hand(service)["actor"]
    for seat, gpio in enumerate(pins.SEAT_LEDS, start=1):
        assert lit(factory, gpio) == (seat == actor), f"seat {seat} LED, actor {actor}"


def test_pressing_mocked_pins_plays_a_whole_hand(factory, service, pad):
    tap(factory, "next")
    assert pad.last_report.accepted, pad.last_report.message()
    assert hand(service)["waiting_for"] == "deal_hole"

    tap(factory, "next")  # every hole card face down
    assert hand(service)["needs_cards"]["seats"] == {}
    assert sorted(c["seat"] for c in pad.last_report.commands) == sorted(PLAYERS)
    assert_turn_light(factory, service)

    # The chips in the first player's zone propose a raise; the lamp shows it waits.
    raiser = hand(service)["actor"]
    pad.proposals.offer({"type": "bet_raise", "seat": raiser, "to": 6}, "chips",
                        {"en": "raise to 6", "de": "Raise auf 6"})
    assert lit(factory, pins.CONFIRM_LED)
    tap(factory, "confirm")
    assert pad.last_report.accepted, pad.last_report.message()
    assert not lit(factory, pins.CONFIRM_LED)
    assert pad.proposals.current is None
    assert_turn_light(factory, service)

    caller = hand(service)["actor"]
    tap(factory, "check_call")
    assert pad.last_report.commands[0]["seat"] == caller
    folder = hand(service)["actor"]
    tap(factory, "fold")
    assert pad.last_report.commands[0]["seat"] == folder
    players = {p["seat"]: p for p in hand(service)["players"]}
    assert players[folder]["folded"] and not players[caller]["folded"]
    assert hand(service)["waiting_for"] == "deal_board"

    for board in ("Ah Kd 7c", "2s", "9h"):
        # The camera proposes the cards it read; CONFIRM takes them.
        pad.proposals.offer({"type": "board", "cards": board}, "camera")
        tap(factory, "confirm")
        assert pad.last_report.accepted, pad.last_report.message()
        while hand(service)["waiting_for"] == "betting":
            assert_turn_light(factory, service)
            tap(factory, "check_call")
            assert pad.last_report.accepted, pad.last_report.message()

    assert hand(service)["waiting_for"] == "showdown"
    assert not any(lit(factory, gpio) for gpio in pins.SEAT_LEDS)
    for seat, cards in ((raiser, "As Ad"), (caller, "Qc Jc")):
        pad.proposals.offer({"type": "show", "seat": seat, "cards": cards}, "camera")
        tap(factory, "confirm")
        assert pad.last_report.accepted, pad.last_report.message()

    state = service.public_state()
    assert state["hand"]["finished"]
    assert state["hand"]["result"]["won"][str(raiser)] > 0
    assert sum(seat["stack"] for seat in state["seats"]) == BUY_IN * len(PLAYERS)
    number = state["hand"]["number"]
    tap(factory, "next")  # the next hand
    assert hand(service)["number"] == number + 1
    assert not any(r.rule == "failed" for r in pad.reports)


def refused_with_blinks(factory: MockFactory, pad: DealerPad, button: str) -> Report:
    """Tap ``button``; the press must be refused and the error LED blink its pattern."""
    factory.pin(pins.ERROR_LED).clear_states()
    tap(factory, button)
    report = pad.last_report
    assert not report.accepted
    assert report.message("de") != report.message("en")
    # The blink runs in gpiozero's background thread: wait for the whole pattern.
    assert wait_until(lambda: blinks(factory, pins.ERROR_LED) == FAST.error_blink.times
                      and not lit(factory, pins.ERROR_LED))
    return report


def test_a_refused_press_blinks_the_error_led_and_changes_nothing(factory, service, pad):
    before = service.public_state()
    assert refused_with_blinks(factory, pad, "fold").rule == "no_hand"
    assert refused_with_blinks(factory, pad, "confirm").rule == "nothing_proposed"
    assert service.public_state() == before

    tap(factory, "next")
    tap(factory, "next")
    before = service.public_state()
    report = refused_with_blinks(factory, pad, "next")  # the betting round is not over
    assert report.rule == "betting"
    assert f"seat {before['hand']['actor']}" in report.message("en")
    assert f"Platz {before['hand']['actor']}" in report.message("de")
    assert service.public_state()["version"] == before["version"]

    # A proposal the table refuses (not this seat's turn) stays, and nothing changes.
    other = next(s for s in PLAYERS if s != before["hand"]["actor"])
    pad.proposals.offer({"type": "check_call", "seat": other}, "console")
    assert refused_with_blinks(factory, pad, "confirm").rule == "not_your_turn"
    assert pad.proposals.current is not None and lit(factory, pins.CONFIRM_LED)
    assert service.public_state()["version"] == before["version"]


def test_undo_acts_only_when_held(factory, service, pad):
    tap(factory, "next")
    tap(factory, "next")
    version = service.public_state()["version"]
    tap(factory, "undo")  # let go at once
    assert pad.last_report.rule == "hold"
    assert service.public_state()["version"] == version

    done = threading.Event()
    pad.when_reported = lambda report: done.set() if report.action == "undo" else None
    pin = factory.pin(pins.BUTTONS["undo"])
    pin.drive_low()
    assert done.wait(5)
    pin.drive_high()
    assert pad.last_report.accepted, pad.last_report.message()
    state = service.public_state()
    assert state["version"] == version + 1
    assert len(state["hand"]["needs_cards"]["seats"]) == 1  # the last deal is taken back


def test_configuration_maps_buttons_and_sets_debounce(factory, service, tmp_path):
    path = tmp_path / "tableside.toml"
    path.write_text('[buttons]\nbounce_time = 0.02\nhold_time = 0.5\n'
                    '[buttons.actions]\nfold = "next"\nnext = "fold"\n')
    config = PadConfig.from_toml(path)
    with DealerPad(service, config=config) as pad:
        assert pad.buttons["fold"].pin.bounce == pytest.approx(0.02)
        assert pad.buttons["undo"].hold_time == pytest.approx(0.5)
        tap(factory, "fold")  # this cap now deals
        assert pad.last_report.action == "next" and pad.last_report.accepted
        assert hand(service)["number"] == 1

    with pytest.raises(ValueError, match="unknown action"):
        PadConfig.from_mapping({"actions": {"fold": "shove"}})
    with pytest.raises(ValueError, match="unknown keys"):
        PadConfig.from_mapping({"debounce": 1})


def test_every_button_has_a_console_twin(factory, service, pad):
    assert set(pins.BUTTONS) == set(ACTIONS)
    for action in ACTIONS.values():
        assert all(WORDS[word] == action.name for word in action.words)
    out = io.StringIO()
    ConsoleTwin(pad, lang="de").run(["weiter", "geben", "  ", "shove", "passen"], out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Tasten:")
    assert sum(line.startswith("[ok]") for line in lines) == 3
    assert any("unbekannt: 'shove'" in line for line in lines)
    players = hand(service)["players"]
    assert sum(p["folded"] for p in players) == 1
    assert pad.when_reported is not None  # the pad's own listener is back
