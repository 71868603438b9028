"""The chip registry in SQLite: enrolment, lookups, unknown tags, and the felt's zones."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from tableside.rfid.felt import Felt
from tableside.rfid.protocol import Hello, Role, ZoneInfo, ZoneReport
from tableside.rfid.registry import ChipRegistry, normal_tag

GREEN = [f"E00401500000{n:04X}" for n in range(3)]
BLACK = [f"E00401500001{n:04X}" for n in range(2)]


def test_enrolment_is_kept_in_the_database(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    registry = ChipRegistry(sqlite3.connect(path))
    assert registry.enrol(GREEN, 25, "green") == 3
    assert registry.enrol([t.lower() for t in BLACK], 100, " black ") == 2
    again = ChipRegistry(sqlite3.connect(path))  # another connection, as after a restart
    assert len(again) == 5
    assert again.get(BLACK[1]).denomination == 100 and again.get(BLACK[1]).colour == "black"
    assert [c.denomination for c in again.chips()] == [100, 100, 25, 25, 25]


def test_re_enrolling_replaces_and_forgetting_removes() -> None:
    registry = ChipRegistry(sqlite3.connect(":memory:"))
    registry.enrol(GREEN, 25, "green")
    registry.enrol(GREEN[:1], 5, "red")
    assert registry.get(GREEN[0]).denomination == 5
    assert registry.forget([GREEN[0], "E0040150FFFFFFFF"]) == 1
    assert registry.get(GREEN[0]) is None
    rows = registry.conn.execute("SELECT count(*) FROM rfid_chips").fetchone()
    assert rows == (2,)


def test_unknown_tags_are_reported_not_counted() -> None:
    registry = ChipRegistry(sqlite3.connect(":memory:"))
    registry.enrol(GREEN, 25, "green")
    registry.enrol(BLACK, 100, "black")
    valued = registry.value([*GREEN[:2], BLACK[0], "E0040150DEADBEEF"])
    assert valued.total == 150
    assert valued.unknown == ("E0040150DEADBEEF",)
    assert valued.by_denomination() == [(100, "black", 1), (25, "green", 2)]


def test_bad_input_is_refused() -> None:
    registry = ChipRegistry(sqlite3.connect(":memory:"))
    for tag in ("E004", "E0040150ZZZZZZZZ", ""):
        with pytest.raises(ValueError):
            normal_tag(tag)
    with pytest.raises(ValueError):
        registry.enrol(GREEN, 0, "green")
    with pytest.raises(ValueError):
        registry.enrol(GREEN, 25, "  ")
    with pytest.raises(sqlite3.IntegrityError), registry.conn:  # the table checks too
        registry.conn.execute("INSERT INTO rfid_chips VALUES ('E0', 5, 'red')")


def test_lookups_work_from_another_thread() -> None:
    # The board's reader thread values zones; the connection belongs to the main thread.
    registry = ChipRegistry(sqlite3.connect(":memory:"))
    registry.enrol(GREEN, 25, "green")
    totals = []
    thread = threading.Thread(target=lambda: totals.append(registry.value(GREEN).total))
    thread.start()
    thread.join()
    assert totals == [75]


def test_felt_tracks_zones_and_how_long_they_stayed() -> None:
    now = [100.0]
    registry = ChipRegistry(sqlite3.connect(":memory:"))
    registry.enrol(GREEN, 25, "green")
    felt = Felt(registry, settle=0.5, clock=lambda: now[0])
    felt.describe(Hello((1, 0, 0), 1, 7, 0, (ZoneInfo(0, Role.SEAT, 1), ZoneInfo(1, Role.POT, 0),
                                             ZoneInfo(2, Role.ENROL, 0))))
    assert (felt.zone_of_seat(1), felt.zone_with_role(Role.ENROL), felt.seat_zones()) == (0, 2, [0])
    assert felt.update(ZoneReport(0, tuple(GREEN[:2])))
    assert felt.stable(0) is None
    now[0] += 0.3
    assert not felt.update(ZoneReport(0, tuple(GREEN[:2])))  # the same snapshot again
    now[0] += 0.3
    assert felt.stable(0).total == 50
    assert felt.update(ZoneReport(0, tuple(GREEN)))  # a chip added: the clock starts again
    assert felt.stable(0) is None
    assert felt.update(ZoneReport(0, (), reader_fault=True))
    now[0] += 1
    assert felt.stable(0) is None  # a failing reader's zone is never stable
    registry.enrol(["E0040150DEADBEEF"], 5, "red")
    felt.update(ZoneReport(1, ("E0040150DEADBEEF",)))
    assert felt.state(1).total == 5
