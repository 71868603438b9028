"""``tableside doctor`` on this machine (no camera, no board, no GPIO header) and against a
simulated reader board behind a real pseudo-terminal."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest

from tableside.cli import main
from tableside.install.checks import (
    LEAST_READ,
    SLOW_FRAME_MS,
    check_clock,
    check_database,
    check_disk,
    check_recognition,
)
from tableside.table.service import TableService

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path.insert(0, str(FIRMWARE))
from sim.board_process import BoardProcess  # noqa: E402

BOARD_NAME = "usb-MicroPython_Board_in_FS_mode_e6614103e7000000-if00"


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["doctor", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_nothing_attached_says_what_to_do(tmp_path: Path, capsys) -> None:
    code, report = doctor(capsys, "--db", str(tmp_path / "new" / "table.db"),
                          "--board", str(tmp_path / "usb-*"),
                          "--camera", str(tmp_path / "video0"))
    checks = {c["name"]: c for c in report["checks"]}
    assert list(checks) == ["camera", "recognition", "board", "gpio", "database", "disk",
                            "clock"]
    assert code == 1 and report["ok"] is False
    assert checks["camera"]["status"] == "missing"
    assert checks["recognition"]["status"] in ("ok", "warn")  # warn: a slow machine
    assert checks["board"]["status"] == "missing"
    assert checks["gpio"]["status"] in ("missing", "warn")  # not a Pi (or mock pins)
    assert checks["database"]["status"] == "ok"
    for check in checks.values():
        assert check["found"]["en"] and check["found"]["de"]
        if check["status"] in ("missing", "fail", "warn"):
            assert check["advice"]["en"] != check["advice"]["de"]

    assert main(["doctor", "--lang", "de", "--only", "board", "--board",
                 str(tmp_path / "none")]) == 1
    text = capsys.readouterr().out
    assert "[FEHLT]" in text and "was tun" in text


def test_the_reader_board_and_its_protocol(tmp_path: Path, capsys) -> None:
    with BoardProcess(tmp_path / BOARD_NAME):
        code, report = doctor(capsys, "--only", "board", "--board",
                              str(tmp_path / "usb-MicroPython_Board_in_FS_mode_*-if00"))
    board = report["checks"][0]
    assert code == 0, board
    assert board["status"] == "ok"
    assert board["details"]["protocol"] == 1
    assert board["details"]["zones"] == 12  # every zone of hardware/pins.toml


def test_database_checks(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with TableService.open(path):
        pass
    assert check_database(path).status == "ok"
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database, just some bytes " * 200)
    result = check_database(broken)
    assert result.status == "fail" and result.advice
    assert broken.read_bytes().startswith(b"not a database")  # looked at, never changed


def test_clock_and_disk() -> None:
    now = dt.datetime(2026, 3, 1, 20, 0, tzinfo=dt.UTC)
    assert check_clock(now, synchronized=True).status == "ok"
    assert check_clock(now, synchronized=False).status == "warn"
    stale = check_clock(dt.datetime(1970, 1, 1, tzinfo=dt.UTC), synchronized=None)
    assert stale.status == "fail" and "date" in stale.advice["en"]
    assert check_disk(Path(__file__)).details["free_mb"] > 0


def test_card_recognition_reads_drawn_frames_here_and_names_what_runs_it() -> None:
    result = check_recognition(frames=2)
    details = result.details
    assert details["backend"] == "onnxruntime" and details["frames"] == 2
    assert result.status == ("ok" if details["median_ms"] <= SLOW_FRAME_MS else "warn")
    assert details["asked"] > 0 and details["read"] >= LEAST_READ * details["asked"]
    assert f"{details['read']} of {details['asked']}" in result.found["en"]
    assert f"{details['read']} von {details['asked']}" in result.found["de"]
    # Where ONNX Runtime has no wheels, OpenCV runs the networks: slower, and said so.
    fallback = check_recognition(frames=1, backend="opencv")
    assert fallback.status == "warn" and fallback.details["backend"] == "opencv"
    assert "64-bit" in fallback.advice["en"] and "64-Bit" in fallback.advice["de"]


def test_a_recogniser_that_cannot_load_is_a_failure_with_what_to_do() -> None:
    result = check_recognition(frames=1, backend="no such runtime")
    assert result.status == "fail" and not result.passed
    assert "no such runtime" in result.found["en"] and "no such runtime" in result.found["de"]
    assert "install tableside again" in result.advice["en"]
