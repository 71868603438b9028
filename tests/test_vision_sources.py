"""Frame sources: lists, folders and videos replay; a camera that goes away is reopened."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tableside.vision.sources import (
    FrameListSource,
    ImageFolderSource,
    VideoFileSource,
    WebcamSource,
    open_source,
    picamera_available,
)


def frames(count: int, size: tuple[int, int] = (160, 120)) -> list[np.ndarray]:
    """Frames whose blue channel counts them, so their order can be checked."""
    result = []
    for n in range(count):
        frame = np.zeros((size[1], size[0], 3), np.uint8)
        frame[:, :, 0] = 20 * n
        result.append(frame)
    return result


def write_video(path: Path, count: int) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10, (160, 120))
    assert writer.isOpened()
    for frame in frames(count):
        writer.write(frame)
    writer.release()


def number(frame: np.ndarray) -> int:
    return round(float(frame[:, :, 0].mean()) / 20)


def test_a_frame_list_plays_in_order_then_ends():
    source = FrameListSource(frames(3))
    assert [number(source.read()) for _ in range(3)] == [0, 1, 2]
    assert source.read() is None
    assert source.finished


def test_a_looping_frame_list_never_ends():
    source = FrameListSource(frames(2), loop=True)
    assert [number(source.read()) for _ in range(5)] == [0, 1, 0, 1, 0]
    assert not source.finished


def test_an_image_folder_replays_in_name_order(tmp_path):
    for n, frame in enumerate(frames(3)):
        cv2.imwrite(str(tmp_path / f"frame{n:02d}.png"), frame)
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(str(tmp_path))
    assert isinstance(source, ImageFolderSource)
    assert [number(source.read()) for _ in range(3)] == [0, 1, 2]
    assert source.read() is None and source.finished


def test_an_empty_folder_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError):
        ImageFolderSource(tmp_path)


def test_a_video_file_plays_and_ends(tmp_path):
    path = tmp_path / "game.avi"
    write_video(path, 4)
    source = open_source(str(path))
    assert isinstance(source, VideoFileSource)
    read = []
    while (frame := source.read()) is not None:
        read.append(number(frame))
    assert read == [0, 1, 2, 3]
    assert source.finished
    source.close()


def test_a_single_image_is_a_one_frame_source(tmp_path):
    cv2.imwrite(str(tmp_path / "still.jpg"), frames(2)[1])
    source = open_source(str(tmp_path / "still.jpg"))
    assert number(source.read()) == 1
    assert source.read() is None


def test_nothing_by_that_name_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError):
        open_source(str(tmp_path / "missing.mp4x"))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_camera_that_disappears_is_reported_and_reopened(tmp_path):
    """A capture device that is missing, then comes, then runs dry, then comes back: the
    source reports each change once, waits between attempts, and never raises."""
    path = tmp_path / "camera.avi"
    clock = Clock()
    reports = []
    camera = WebcamSource(str(path), on_status=lambda online, why: reports.append(online),
                          retry_every=2.0, clock=clock)
    assert camera.read() is None  # not plugged in
    assert reports == [False]
    write_video(path, 2)
    clock.now += 1.0
    assert camera.read() is None  # too soon to try again
    clock.now += 1.5
    assert number(camera.read()) == 0  # reopened
    assert number(camera.read()) == 1
    assert reports == [False, True]
    assert camera.read() is None  # the stream stops: lost
    assert reports == [False, True, False]
    path.unlink()
    clock.now += 2.5
    assert camera.read() is None  # still gone: no second report
    assert reports == [False, True, False]
    write_video(path, 3)
    clock.now += 2.5
    assert number(camera.read()) == 0
    assert reports == [False, True, False, True]
    assert camera.failures == 3
    assert not camera.finished
    camera.close()


def test_a_pi_camera_that_cannot_open_is_reported_not_raised():
    # Without picamera2 (any machine but a Pi) or without a camera on the ribbon, the source
    # says it is offline and why; with one, frames arrive.
    reports = []
    source = open_source("picamera", on_status=lambda online, why: reports.append((online, why)))
    frame = source.read()
    if frame is None:
        assert [online for online, _ in reports] == [False]
        if not picamera_available():
            assert "picamera2" in reports[0][1]
    else:
        assert reports == [(True, "frames arriving")]
    source.close()


def test_the_test_source_holds_each_drawn_scene_then_draws_another():
    source = open_source("test")
    assert not source.finished
    first = [source.read() for _ in range(30)]
    assert first[0].shape == (720, 1280, 3)
    assert all(frame is first[0] for frame in first)
    following = source.read()
    assert following is not first[0] and not np.array_equal(following, first[0])
