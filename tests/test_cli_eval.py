"""The `tableside eval` contract: lines on stdin, one JSON object per line on stdout."""

import json
import subprocess
import sys

from tableside.cli import main


def run_eval(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tableside", "eval", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_eval_reads_stdin_and_prints_one_object_per_line():
    done = run_eval("As Ks | Qs Js Ts\n4c3d2hAsKd\n\n# a comment\n5h5d5c KsKd\n")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["category"] for line in lines] == ["straight_flush", "high_card", "full_house"]
    assert lines[0] == {"strength": 7462, "category": "straight_flush", "name": "Royal flush",
                        "best": ["As", "Ks", "Qs", "Js", "Ts"]}
    assert lines[2]["name"] == "Full house, fives full of kings"


def test_bad_lines_give_error_objects_and_a_failing_exit_code():
    done = run_eval("1x Kd Qd Jd Td\nAs As Kd Qd Jd\nAs Kd Qd Jd Td\nAs Kd\n")
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0] == {"error": '"1x" is not a card', "line": 1}
    assert lines[1]["error"] == "duplicate card: As"
    assert lines[2]["category"] == "straight"
    assert "at least five cards" in lines[3]["error"]
    assert "Traceback" not in done.stderr


def test_hilo_games_print_both_halves():
    done = run_eval("Ah 2h Kc Kd | 3s 5c 8d Kh Qs\nAh 2h 3c 4d | 9s Tc Jd Kh Qs\n",
                    "--game", "omaha-hilo8")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["high"]["category"] == "three_of_a_kind"
    assert first["low"]["best"] == ["8d", "5c", "3s", "2h", "Ah"]
    assert second["low"] is None
    stud = run_eval("Ah 2h 3h 4h 5h Kd Kc\n", "--game", "hilo8")
    assert json.loads(stud.stdout)["low"]["name"] == "Five-four low, 5-4-3-2-A"


def test_wild_bug_and_language_options(capsys):
    assert main(["eval", "--wild", "2", "--lang", "de", "2c 2h 9s 9d Kc"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Vierer, Neunen"
    assert data["stands_for"] == ["9s", "9d", "9h", "9c", "Kc"]
    assert main(["eval", "--bug", "As Ah Ad Ac Xj"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "five_of_a_kind"
    assert main(["eval", "--game", "a5-low", "8c 6d 5h 4s 3c"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Eight-six low, 8-6-5-4-3"
    assert main(["eval", "--game", "27-low", "As 2c 3d 4h 5s"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "high_card"


def test_showcase_runs(capsys):
    assert main(["showcase"]) == 0
    out = capsys.readouterr().out
    assert "Full house, kings full of aces / Full House, Könige voll mit Assen" in out
    assert "Five of a kind, aces / Fünfling, Asse" in out
