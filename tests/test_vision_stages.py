"""scripts/vision_stages.py: a frame's reading time split by stage and by network."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tableside.vision import recognizer as recognizer_module
from tableside.vision.networks import Network
from tableside.vision.reader import IndexReader

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "vision_stages.py"
_spec = importlib.util.spec_from_file_location("vision_stages", SCRIPT)
vision_stages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vision_stages)


def test_the_stages_and_networks_of_two_frames_are_timed_and_the_wrappers_undone():
    originals = (recognizer_module.find_marks, IndexReader.judge, Network._run)
    figures = vision_stages.measure(frames=2, passes=1, seed=11)
    assert (recognizer_module.find_marks, IndexReader.judge, Network._run) == originals
    stages, networks = figures["stages_ms"], figures["networks"]
    assert figures["frame_ms"] > 0
    for stage in ("find_marks", "find_candidates", "cut_glances", "glance", "judge",
                  "assemble"):
        assert stages[stage] > 0, stage
    # Stages the recogniser calls one after the other take no more than the frame.
    assert stages["find_marks"] + stages["find_candidates"] + stages["assemble"] \
        < figures["frame_ms"]
    finder, reader = networks["card_finder.onnx"], networks["card_reader.onnx"]
    assert finder["calls"] >= 1 and finder["items"] > reader["items"] > 0
    assert abs(finder["us_an_item"] * finder["items"] / 1000 - finder["ms"]) < 0.05
