"""``tableside chips`` against the simulated board (the firmware in its own process behind a
pseudo-terminal): live zones, enrolment from the pad, and the way back to the REPL."""

from __future__ import annotations

import io
import sqlite3
import sys
from pathlib import Path

import pytest

from tableside.cli import main
from tableside.rfid.registry import ChipRegistry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware"))
from sim.board_process import BoardProcess

PAD, SEAT_4 = 11, 3
BLACK = [f"E00401500100{n:04X}" for n in range(3)]
GREEN = [f"E00401500025{n:04X}" for n in range(4)]


@pytest.fixture
def board(tmp_path: Path):
    with BoardProcess(tmp_path / "usb-MicroPython_Board_in_FS_mode-if00") as process:
        yield process


def test_enrol_the_chips_on_the_pad(board: BoardProcess, tmp_path: Path, capsys) -> None:
    db = tmp_path / "table.db"
    board.place(PAD, BLACK)
    code = main(["chips", "enrol", "--port", str(board.link), "--db", str(db), "--value", "100",
                 "--colour", "black", "--timeout", "20"])
    assert code == 0
    assert "enrolled 3 chip(s) as 100 (black)" in capsys.readouterr().out
    registry = ChipRegistry(sqlite3.connect(db))
    assert {registry.get(tag).denomination for tag in BLACK} == {100}


class Dealer(io.StringIO):
    """Answers the console's questions; before the second answer swaps the pad's chips."""

    def __init__(self, board: BoardProcess):
        super().__init__()
        self.board = board
        self.answers = ["100 schwarz\n", "25 grün\n", "\n"]

    def readline(self, *args: object) -> str:
        if len(self.answers) == 2:
            self.board.place(PAD, GREEN)
        return self.answers.pop(0)


def test_enrol_asks_pad_after_pad(board: BoardProcess, tmp_path: Path, capsys,
                                  monkeypatch) -> None:
    db = tmp_path / "table.db"
    board.place(PAD, BLACK)
    monkeypatch.setattr("sys.stdin", Dealer(board))
    assert main(["chips", "--port", str(board.link), "--db", str(db), "--lang", "de",
                 "enrol"]) == 0
    out = capsys.readouterr().out
    assert "3 Chip(s) als 100 (schwarz) registriert" in out
    assert "4 Chip(s) als 25 (grün) registriert" in out
    registry = ChipRegistry(sqlite3.connect(db))
    assert len(registry) == 7 and registry.get(GREEN[0]).colour == "grün"


def test_live_view_names_the_chips(board: BoardProcess, tmp_path: Path, capsys) -> None:
    db = tmp_path / "table.db"
    ChipRegistry(sqlite3.connect(db)).enrol(BLACK, 100, "black")
    board.place(SEAT_4, [*BLACK[:2], "E0040150DEADBEEF"])
    assert main(["chips", "--port", str(board.link), "--db", str(db), "--seconds", "2"]) == 0
    out = capsys.readouterr().out
    assert "board online: firmware 1.0.0, 12 zones" in out
    assert "seat 4: 200 = 2 × 100 black; 1 unknown tag(s): E0040150DEADBEEF" in out
    assert "pot: 0 (empty)" in out


def test_repl_command_stops_the_firmware(board: BoardProcess, tmp_path: Path, capsys) -> None:
    assert main(["chips", "repl", "--port", str(board.link), "--db",
                 str(tmp_path / "t.db")]) == 0
    assert "REPL" in capsys.readouterr().out
    assert board.process.wait(timeout=10) == 0  # serve() returned: the REPL would follow


def test_a_missing_port_is_explained(tmp_path: Path, capsys) -> None:
    assert main(["chips", "repl", "--port", str(tmp_path / "nothing"), "--db",
                 str(tmp_path / "t.db")]) == 1
    assert "did not answer" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="--port"):
        main(["chips", "enrol", "--db", str(tmp_path / "t.db")])
