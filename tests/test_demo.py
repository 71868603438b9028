"""``tableside demo``: the demo table through the real table service, recognition, reader
board link (firmware code behind a pseudo-terminal) and dealer pad (gpiozero mock pins).

The headless runs check what the summary says against itself and against the rules (chips
conserved, every bet and card accounted for), never against numbers written down here; the
served run checks the display answers with a hand in play."""

from __future__ import annotations

import json
import math
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tableside.cli import main
from tableside.engine.variants import VARIANTS
from tableside.vision.fusion import APPEAR_AFTER

# Issue 7's goal for the recognizer is at least 99.5 % of the cards read right and at most
# 0.3 % wrong; it is not shown on every deck yet (issue 7 is open). This evening measured 140 of
# 142 read and 1 misread (put right on the console); the bars leave room for a few cards of
# difference in floating point between machines, and fail a clearly worse reader.
READ_SHARE, WRONG_SHARE = 0.95, 0.02

# Pot-limit Omaha hi-lo, four players: all-ins for different stacks (side pots) and high and
# low halves (split pots) within a dozen hands with this seed.
SHORT_EVENING = ["--game", "PO/8", "--players", "4", "--hands", "12", "--seed", "2"]


def headless(capsys, *args: str) -> dict:
    code = main(["demo", "--headless", "--json", *args])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_a_short_evening_through_every_sensor(capsys):
    summary = headless(capsys, *SHORT_EVENING)

    assert summary["sensors"] == ["camera", "chips", "buttons"]
    assert summary["hands"] == 12 == sum(summary["hands_per_variant"].values())
    assert summary["chip_conservation"] is True and summary["conservation_failures"] == []
    actions = summary["actions"]
    for kind in ("fold", "check", "call", "raise", "all_in", "show"):
        assert actions.get(kind, 0) > 0, kind
    assert summary["actions_total"] == sum(actions.values())
    assert summary["side_pots"] > 0 and summary["hands_with_side_pots"] > 0
    assert summary["split_pots"] > 0
    assert summary["showdowns"] > 0

    # Every face-up card the dealer put down is counted once: read right, misread or unread.
    cards = summary["cards"]
    assert cards["placed"] > 0
    assert cards["recognised"] + cards["misread"] + cards["unread"] == cards["placed"]
    assert cards["misread"] == len(cards["misreads"])
    assert cards["unread"] == len(cards["unread_cards"])
    assert cards["recognised"] >= math.floor(READ_SHARE * cards["placed"]) - 1
    assert cards["misread"] <= math.ceil(WRONG_SHARE * cards["placed"]) + 1
    # Each misread was put right on the console, as a dealer would.
    corrected = [c for c in summary["corrections"] if c["how"] in ("correct_card", "typed")]
    assert len(corrected) >= (cards["misread"] > 0)
    assert summary["camera"]["frames"] >= APPEAR_AFTER

    # Every bet was chips in a zone read by the board; the pots swept were counted too.
    bets = summary["bets"]
    assert bets["placed"] > 0 and bets["read"] + bets["misread"] == bets["placed"]
    assert bets["misread"] == len(bets["misreads"]) <= bets["placed"] // 100
    assert summary["pot_checks"]["checked"] > 0
    assert summary["pot_checks"]["mismatched"] == 0
    # The pad did the dealer's routine: NEXT, FOLD, CHECK/CALL and CONFIRM for each bet.
    presses = summary["button_presses"]
    assert presses["confirm"] >= bets["read"]
    assert presses["fold"] == actions["fold"]
    assert presses["next"] >= summary["hands"]


def test_the_same_seed_plays_the_same_evening(capsys):
    first = headless(capsys, "--simulate", "none", "--hands", "12", "--seed", "11")
    again = headless(capsys, "--simulate", "none", "--hands", "12", "--seed", "11")
    for key in ("hands_per_variant", "actions", "side_pots", "split_pots", "showdowns",
                "console_commands"):
        assert first[key] == again[key], key


def test_dealers_choice_deals_every_kind_of_game_on_the_console(capsys):
    summary = headless(capsys, "--simulate", "none", "--rotation", "dealers-choice",
                       "--players", "7", "--hands", "80", "--seed", "4")
    played = summary["hands_per_variant"]
    assert summary["hands"] == 80 and set(played) <= set(VARIANTS)
    families = {"stud": ("F7S", "F7S/8", "FR", "F5S"), "omaha": ("PO", "FO", "PO/8", "FO/8"),
                "draw": ("F5D", "F2L3D", "FA5L3D", "F2L1D", "N2L1D")}
    for family, codes in families.items():
        assert any(code in played for code in codes), family
    assert summary["chip_conservation"] is True
    assert summary["actions"].get("discard", 0) > 0 and summary["actions"].get("bring_in", 0) > 0
    # Nothing was read by a sensor: the dealer typed it all.
    assert summary["cards"]["placed"] == summary["bets"]["placed"] == 0
    assert summary["console_commands"]["start_hand"] == 80


def test_options_are_checked_in_both_languages(capsys):
    assert main(["demo", "--headless", "--players", "11"]) == 2
    err = capsys.readouterr().err
    assert "2 to 10 players" in err and "2 bis 10 Spieler" in err
    assert main(["demo", "--headless", "--simulate", "camera,radar"]) == 2
    err = capsys.readouterr().err
    assert "radar" in err and "unbekannte Sensoren" in err


def test_the_served_demo_shows_a_hand_in_progress(tmp_path: Path):
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tableside", "demo", "--host", "127.0.0.1", "--port", "0",
         "--speed", "4", "--seed", "2", "--players", "4", "--db", str(tmp_path / "demo.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment)
    try:
        url = None
        started = time.monotonic()
        for line in process.stdout:
            match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
            if match:
                url = match.group(1)
                break
        assert url is not None, "the demo never printed its address"
        with urllib.request.urlopen(url + "/", timeout=10) as page:
            assert page.status == 200 and "<html" in page.read().decode().lower()
        hand = None
        while time.monotonic() - started < 60:
            with urllib.request.urlopen(url + "/api/state", timeout=10) as answer:
                state = json.loads(answer.read())
            hand = state["hand"]
            if hand is not None and not hand["finished"] and hand["players"]:
                break
            time.sleep(0.3)
        assert hand is not None and not hand["finished"], "no hand in progress within 60 s"
        assert len(hand["players"]) == 4 and hand["game"] == "NT"
        assert all(card == "??" for p in hand["players"] if not p["shown"] for card in p["cards"])
    finally:
        process.send_signal(signal.SIGTERM)
        rest, _ = process.communicate(timeout=60)
    assert process.returncode == 0, rest
    assert "chips conserved: yes" in rest
