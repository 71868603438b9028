"""``tableside table``: every action with --db and --json; refusals as JSON, exit status 1."""

from __future__ import annotations

import json
import subprocess
import sys

from tableside.cli import main
from tableside.phh import parse_phh_text
from tableside.phh.replay import replay


def run(capsys, db, *args: str) -> tuple[int, dict | list]:
    code = main(["table", *args, "--db", str(db), "--json"])
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in out.splitlines()]
    return code, lines[0] if len(lines) == 1 else lines


def test_a_hand_from_the_command_line(capsys, tmp_path):
    db = tmp_path / "t.db"
    code, created = run(capsys, db, "new", "--name", "Friday", "--seats", "6",
                        "--blinds", "1/2", "--max-buy-in", "300")
    assert code == 0 and created["table"] == 1
    assert created["settings"]["blinds"] == [1, 2]
    for seat, name in (("1", "Anna"), ("3", "Ben"), ("5", "Cleo")):
        code, ack = run(capsys, db, "sit", seat, name, "200")
        assert code == 0 and ack["ok"] and ack["command"]["player"] == name
    assert run(capsys, db, "start")[1]["seq"] == 5
    for seat, cards in (("3", "As Ad"), ("5", "Kc Kd"), ("1", "7c 2d")):
        run(capsys, db, "deal", seat, cards)
    code, refusal = run(capsys, db, "check")
    assert code == 1 and refusal["error"]["rule"] == "cannot_check"
    code, refusal = run(capsys, db, "raise", "3")
    assert code == 1 and refusal["error"]["legal"]["min_to"] == 4
    assert refusal["error"]["message"]["de"].startswith("Raise auf 3 liegt unter")
    run(capsys, db, "fold")
    run(capsys, db, "raise", "6")
    run(capsys, db, "call")
    run(capsys, db, "board", "Ah", "9s", "4c")
    code, ack = run(capsys, db, "correct", "4c", "4d")
    assert ack["command"] == {"type": "correct_card", "wrong": "4c", "right": "4d"}
    run(capsys, db, "check", "3")
    run(capsys, db, "bet", "10")
    run(capsys, db, "fold")
    code, shown = run(capsys, db, "show")
    # Cleo's bet of 10 was not called: she wins the pot of 12 and keeps her bet.
    assert shown["hand"]["finished"] and shown["hand"]["result"]["won"] == {"3": 0, "5": 12,
                                                                          "1": 0}
    assert shown["seats"][4]["stack"] == 206
    code, dealer = run(capsys, db, "show", "--dealer")
    assert dealer["ledger"][0]["kind"] == "buy_in"
    code, undone = run(capsys, db, "undo", "--reason", "wrong seat folded")
    assert undone["command"] == {"type": "undo", "count": 1, "reason": "wrong seat folded"}
    run(capsys, db, "fold")
    code, adjusted = run(capsys, db, "adjust", "1", "-5", "--reason", "chip on the floor")
    assert adjusted["ok"]
    code, refusal = run(capsys, db, "settle")  # 5 chips vanished: the results do not add up
    assert code == 1 and refusal["error"]["rule"] == "results_unbalanced"
    run(capsys, db, "adjust", "1", "5", "--reason", "found under the table")
    code, left = run(capsys, db, "leave", "1")
    assert left["ok"]
    code, settled = run(capsys, db, "settle")
    assert code == 0 and settled["balance"]["balanced"]
    assert settled["results"] == {"Anna": 0, "Ben": -6, "Cleo": 6}
    assert [t["text"] for t in settled["transfers"]] == [
        {"en": "Ben pays Cleo 0.06", "de": "Ben zahlt Cleo 0,06"}]
    csv_path = tmp_path / "ledger.csv"
    code, exported = run(capsys, db, "export", "--ledger", str(csv_path), "--lang", "de")
    assert csv_path.read_text().startswith("Zeit;Spieler;Eintrag;Chips;Betrag (EUR);Notiz")
    code, exported = run(capsys, db, "export", "--pokerstars", str(tmp_path / "ps.txt"))
    assert exported["pokerstars"]["hands"] == 1
    assert (tmp_path / "ps.txt").read_text().startswith("PokerStars Hand #10000001:")
    code, listed = run(capsys, db, "list")
    assert listed["tables"][0]["name"] == "Friday"
    code, verified = run(capsys, db, "verify")
    assert code == 0 and verified["ok"]

    phh = tmp_path / "hands.phhs"
    code, exported = run(capsys, db, "export", "--phh", str(phh))
    assert code == 0 and exported["phh"]["hands"] == 1
    (record,) = parse_phh_text(phh.read_text())
    assert record.extra["players"] == ["Ben", "Cleo", "Anna"]
    assert record.extra["seats"] == [3, 5, 1] and record.extra["table"] == "Friday"
    assert replay(record).matches_record

    code, backed = run(capsys, db, "backup", str(tmp_path / "copy.db"))
    assert backed["ok"] and (tmp_path / "copy.db").exists()


def test_tournament_and_other_actions(capsys, tmp_path):
    db = tmp_path / "t.db"
    levels = json.dumps({"levels": [{"small_blind": 10, "big_blind": 20},
                                    {"small_blind": 25, "big_blind": 50}]})
    run(capsys, db, "new", "--mode", "tournament", "--starting-stack", "1000",
        "--settings", levels, "--language", "de")
    run(capsys, db, "sit", "1", "Anna")
    run(capsys, db, "sit", "2", "Ben")
    assert run(capsys, db, "clock", "start")[1]["ok"]
    assert run(capsys, db, "level", "2")[1]["command"] == {"type": "set_level", "level": 2}
    assert run(capsys, db, "settings", "straddles=true", "name=Cup")[1]["ok"]
    assert run(capsys, db, "sitout", "2")[1]["ok"]
    assert run(capsys, db, "sitin", "2")[1]["ok"]
    code, started = run(capsys, db, "do", '{"type": "start_hand"}')
    assert code == 0 and started["command"]["type"] == "start_hand"
    code, shown = run(capsys, db, "show")
    assert shown["hand"]["stakes"]["big_blind"] == 50 and shown["table"]["name"] == "Cup"
    assert run(capsys, db, "misdeal")[1]["ok"]
    code, refusal = run(capsys, db, "eliminate", "1")
    assert code == 1 and refusal["error"]["message"]["de"] == "Anna hat noch Chips"
    code, refusal = run(capsys, db, "do", "{not json")
    assert code == 1 and refusal["error"]["rule"] == "bad_json"
    assert main(["table", "export", "--ledger", "-", "--db", str(db), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Zeit;Spieler;Eintrag")  # the table speaks German
    assert json.loads(captured.err)["ledger"] == {"path": "-"}


def test_text_output_speaks_the_tables_language(capsys, tmp_path):
    db = tmp_path / "t.db"
    assert main(["table", "new", "--db", str(db), "--language", "de"]) == 0
    main(["table", "sit", "1", "Anna", "100", "--db", str(db)])
    assert capsys.readouterr().out.splitlines()[-1] == "#2 angenommen. keine Hand im Spiel"
    assert main(["table", "sit", "1", "Ben", "100", "--db", str(db), "--lang", "en"]) == 1
    assert capsys.readouterr().err.strip() == "seat 1 is taken by Anna"


def test_refused_databases_exit_with_an_error(capsys, tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_text("not a database at all " * 20)
    assert main(["table", "show", "--db", str(bad), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["rule"] == "foreign"


def test_session_reads_json_lines(tmp_path):
    db = tmp_path / "t.db"
    lines = [{"type": "sit", "seat": 1, "player": "Anna", "buy_in": 100},
             {"type": "sit", "seat": 1, "player": "Ben", "buy_in": 100}]
    done = subprocess.run(
        [sys.executable, "-m", "tableside", "table", "session", "--db", str(db)],
        input="".join(json.dumps(line) + "\n" for line in lines) + "nonsense\n",
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False]
    assert answers[1]["error"]["rule"] == "seat_taken"
    assert answers[2]["error"]["rule"] == "bad_json"
