"""Every finished hand out of the log as PHH: as corrected, voided hands left out, and each
record replays through the engine to the stacks the table recorded."""

from __future__ import annotations

import random

import pytest

from tableside.phh import parse_phh_text
from tableside.phh.replay import replay
from tableside.table import TableService
from tableside.table.export import finished_hands, phh_text
from tableside.table.simulate import next_command


@pytest.mark.parametrize("settings", [{"game": "NT", "blinds": [5, 10]}, {"game": "PO/8"},
                                      {"rotation": "HORSE"}, {"game": "F5D"}])
def test_exported_hands_replay_to_the_recorded_stacks(tmp_path, settings):
    rng = random.Random(2)
    with TableService.open(tmp_path / "t.db") as service:
        service.execute({"type": "settings", "changes": {"name": "Club", **settings}})
        for seat in (2, 4, 5, 7):
            service.execute({"type": "sit", "seat": seat, "player": f"P{seat}",
                             "buy_in": service.state.minimum_buy_in()})
        while service.state.hands_started < 12:
            service.execute(next_command(service.state, rng))
        text = phh_text(service.store, service.table_id)
        hands = [hand for _, hand in finished_hands(service.store, service.table_id)]
    records = parse_phh_text(text)
    assert [r.index for r in records] == [h.number for h in hands]
    assert len(records) >= 11
    for record, hand in zip(records, hands, strict=True):
        replayed = replay(record)
        assert replayed.matches_record
        assert list(replayed.hand.stacks) == list(hand.hand.stacks)
        assert record.extra["seats"] == list(hand.seats)
        assert record.extra["table"] == "Club" and record.extra["seat_count"] == 9


def test_exports_show_hands_as_corrected_and_leave_misdeals_out(tmp_path):
    with TableService.open(tmp_path / "t.db") as service:
        for seat in (1, 2):
            service.execute({"type": "sit", "seat": seat, "player": f"P{seat}", "buy_in": 100})
        service.execute({"type": "start_hand"})
        service.execute({"type": "misdeal", "reason": "exposed card"})
        service.execute({"type": "start_hand"})
        service.execute({"type": "deal", "seat": 2, "cards": "As Ks"})
        service.execute({"type": "deal", "seat": 1, "cards": "2c 7d"})
        service.execute({"type": "bet_raise", "to": 10})
        service.execute({"type": "undo"})
        service.execute({"type": "fold"})
        service.execute({"type": "correct_card", "wrong": "2c", "right": "3c"})
        (record,) = parse_phh_text(phh_text(service.store, service.table_id))
    assert record.index == 2
    assert [a.text for a in record.actions] == ["d dh p1 AsKs", "d dh p2 3c7d", "p2 f"]
    assert record.finishing_stacks == (101, 99)
