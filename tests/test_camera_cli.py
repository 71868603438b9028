"""``tableside camera --source FOLDER --headless``: the recognition live on a folder of drawn
frames against a table database, one JSON object per frame with the readings, the cards that
count in their zones, the alerts and what it proposes; and ``tableside serve --camera``'s
start of the camera."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import pytest
from camera_frames import board_places, calibration, table_frame

from tableside.commands import camera as camera_command
from tableside.commands import serve
from tableside.install.machine import v4l_cameras
from tableside.table import TableService
from tableside.vision.fusion import APPEAR_AFTER

FLOP = ["Ah", "7c", "Kd"]


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="tableside")
    camera_command.register(root.add_subparsers())
    return root


def run(*argv: str) -> int:
    args = parser().parse_args(["camera", *argv])
    return args.handler(args)


@pytest.fixture
def table_db(tmp_path: Path) -> Path:
    """A table waiting for the flop, with the camera's calibration stored."""
    path = tmp_path / "table.db"
    with TableService.open(path) as service:
        service.execute({"type": "settings", "changes": {
            "blinds": [5, 10], "camera_calibration": calibration().to_dict()}})
        for seat, name in ((1, "Anna"), (2, "Ben")):
            service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 500})
        service.execute({"type": "start_hand", "button": 1})
        for seat in (1, 2):
            service.execute({"type": "deal", "seat": seat, "cards": "?? ??"})
        service.execute({"type": "check_call"})
        service.execute({"type": "check_call"})
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Five frames of the flop as a camera would have saved them."""
    frames = tmp_path / "frames"
    frames.mkdir()
    for number in range(5):
        frame = table_frame(dict(zip(FLOP, board_places(3), strict=True)), seed=number)
        assert cv2.imwrite(str(frames / f"frame-{number:03d}.png"), frame)
    return frames


def test_headless_prints_each_frames_readings_and_the_proposal(table_db, folder, capsys):
    frames = APPEAR_AFTER + 1
    assert run("--source", str(folder), "--db", str(table_db), "--headless",
               "--frames", str(frames)) == 0
    printed = capsys.readouterr()
    lines = [json.loads(line) for line in printed.out.splitlines()]
    assert [line["frame"] for line in lines] == list(range(1, frames + 1))
    # The calibration's millimetre a pixel makes cards 63 px wide: said once, on stderr.
    assert printed.err.count("Cards look 63-63 px wide to recognition") == 1
    assert all(sorted(c["card"] for c in line["cards"]) == sorted(FLOP) for line in lines)
    assert lines[0]["stable"] == [] and lines[0]["proposal"] is None
    last = lines[-1]
    assert sorted((c["card"], c["zone"]) for c in last["stable"]) == sorted(
        (card, "board") for card in FLOP)
    assert last["proposal"]["command"] == {"type": "board", "cards": FLOP}
    assert set(last["proposal"]["texts"]) == {"en", "de"} and last["alerts"] == []
    # Headless, nobody confirms: the table is as it was.
    with TableService.open(table_db) as service:
        assert service.public_state()["hand"]["board"] == []


def test_a_folder_ends_by_itself(table_db, folder, capsys):
    assert run("--source", str(folder), "--db", str(table_db), "--headless") == 0
    out = capsys.readouterr()
    assert len(out.out.splitlines()) == 5
    assert "recording has ended" in out.err


def test_a_source_that_is_not_there_is_said_in_the_tables_language(table_db, tmp_path,
                                                                    capsys):
    with TableService.open(table_db) as service:
        service.execute({"type": "settings", "changes": {"language": "de"}})
    assert run("--source", str(tmp_path / "nowhere"), "--db", str(table_db),
               "--headless") == 1
    assert "Keine Kamera, kein Video und kein Ordner namens" in capsys.readouterr().err


def test_serve_starts_the_camera_it_is_given_and_names_a_missing_one(table_db, folder,
                                                                     tmp_path, capsys,
                                                                     monkeypatch):
    with TableService.open(table_db) as service:
        camera = serve._start_camera(service, None, str(folder), False, "en")
        assert camera is not None and camera.calibration is not None
        camera.close()
        assert serve._start_camera(service, None, str(tmp_path / "nowhere"), False,
                                   "de") is None
        # No --camera: the one TABLESIDE_CAMERA names (here: none), else the one found.
        monkeypatch.setenv("TABLESIDE_CAMERA", "none")
        assert serve._start_camera(service, None, None, False, "en") is None
        monkeypatch.setenv("TABLESIDE_CAMERA", str(folder))
        camera = serve._start_camera(service, None, None, False, "en")
        assert camera is not None
        camera.close()
    out = capsys.readouterr().out
    assert f"Camera: {folder}" in out
    assert "Kamera: keine Kamera, kein Video und kein Ordner" in out
    assert "Camera: none found or set (--camera or TABLESIDE_CAMERA)" in out


def test_a_webcam_is_found_by_its_stable_name_first(tmp_path):
    by_id, dev = tmp_path / "by-id", tmp_path / "dev"
    by_id.mkdir()
    dev.mkdir()
    assert v4l_cameras(by_id, dev) == []
    (dev / "video0").touch()
    (dev / "video1").touch()
    assert v4l_cameras(by_id, dev) == [str(dev / "video0")]
    (by_id / "usb-Logitech_C920-video-index1").touch()  # metadata node, not the picture
    (by_id / "usb-Logitech_C920-video-index0").touch()
    assert v4l_cameras(by_id, dev) == [str(by_id / "usb-Logitech_C920-video-index0")]
