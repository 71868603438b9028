"""Real hands from ../shared/data/phh replayed through the engine to their recorded stacks."""

import json
from pathlib import Path

import pytest

from tableside.cards import parse_cards
from tableside.cli import main
from tableside.engine import BetRaise, CheckCall, DealBoard, DealHole, Fold, Hand, HandConfig
from tableside.engine import variant as get_variant
from tableside.phh import iter_phh_files, parse_phh_text, read_phh, write_phh
from tableside.phh.replay import record_from_hand, replay, replay_record

PHH = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh"


@pytest.fixture(scope="module")
def records():
    if not PHH.is_dir():
        pytest.fail(f"the PHH sample is missing: expected {PHH} (shared/ beside the checkout)")
    return [r for path in iter_phh_files(PHH) for r in read_phh(path)]


def test_every_recorded_hand_replays_to_its_finishing_stacks(records):
    recorded = [r for r in records if r.finishing_stacks is not None]
    by_variant: dict[str, int] = {}
    failures = []
    for record in recorded:
        outcome = replay(record)
        if not outcome.matches_record:
            failures.append((record.source, outcome.hand.stacks, record.finishing_stacks))
        by_variant[record.variant] = by_variant.get(record.variant, 0) + 1
    assert failures == []
    assert len(recorded) == 3076
    # Every variant of the sample that records stacks: button games, stud family and 2-7 draw.
    assert set(by_variant) == {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}


def test_half_chip_records_are_within_half_a_chip(records):
    halves = [r for r in records if r.finishing_stacks
              and any(isinstance(s, float) and not s.is_integer() for s in r.finishing_stacks)]
    assert halves, "the sample should hold split pots recorded in half chips"
    for record in halves:
        stacks = replay(record).hand.stacks
        assert all(abs(a - b) <= 0.5 for a, b in zip(stacks, record.finishing_stacks, strict=True))
        assert sum(stacks) == sum(record.starting_stacks)


def test_hands_played_here_write_as_phh_and_replay_the_same(records):
    for record in records[:400]:
        if record.finishing_stacks is None:
            continue
        hand = replay_record(record)
        again = replay_record(parse_phh_text(write_phh(record_from_hand(hand)))[0])
        assert again.stacks == hand.stacks
        assert again.result == hand.result


def test_a_live_hand_exports_to_phh():
    config = HandConfig(get_variant("NT"), (1000, 1000, 1000), blinds=(5, 10, 0))
    hand = Hand(config)
    for player, cards in enumerate(["AsAh", "KsKh", "2c7d"]):
        hand.apply(DealHole(player, tuple(parse_cards(cards))))
    for event in (BetRaise(2, 30), CheckCall(0), Fold(1)):
        hand.apply(event)
    hand.apply(DealBoard(tuple(parse_cards("2d 7c 9h"))))
    text = write_phh(record_from_hand(hand, players=["Anna", "Ben", "Cem"]))
    assert "variant = 'NT'" in text or 'variant = "NT"' in text
    assert "p3 cbr 30" in text and "d db 2d7c9h" in text
    assert parse_phh_text(text)[0].extra["players"] == ["Anna", "Ben", "Cem"]


def test_heads_up_blinds_are_read_reversed():
    text = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 1000]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 f']
finishing_stacks = [1050, 950]
"""
    outcome = replay(parse_phh_text(text)[0])
    # PHH lists heads-up blinds reversed: p1 posts the big blind, p2 (the button) the small
    # blind and acts first; folding loses the small blind.
    assert outcome.matches_record


def test_replay_command_prints_json_per_hand(capsys):
    folder = PHH / "wsop" / "2023" / "43" / "5"
    assert main(["replay", str(folder / "1.phh"), str(folder / "11.phh"), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["variant"] for line in lines] == ["NT", "F7S"]
    first = lines[0]
    assert first["finishing_stacks"] == [7340000, 3775000, 5110000, 8935000, 4545000]
    assert first["matches_record"] is True and first["hand"] == 1
    assert first["pots"][0]["awards"][0]["winners"] == [1]  # p2 wins the showdown


def test_replay_names_the_refused_action(tmp_path, capsys):
    bad = tmp_path / "bad.phh"
    bad.write_text("""variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [200, 400, 0]
min_bet = 400
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 1000', 'p1 cbr 1500']
""")
    assert main(["replay", str(tmp_path), "--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert "actions[4] 'p1 cbr 1500' refused" in line["error"]
    assert "below the minimum raise to 1,600" in line["error"]
