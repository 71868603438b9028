"""``tableside recognize`` and ``tableside bench vision``: the command-line contracts."""

from __future__ import annotations

import json
import random

import cv2
import numpy as np
import pytest

from tableside.cli import main
from tableside.vision.drawn import GERMAN_LETTERS, DrawnStyle, drawn_deck
from tableside.vision.scenes import SceneOptions, draw_scene


@pytest.fixture(scope="module")
def scene():
    # A deck drawn by code, in a calm scene: no shared files needed for the contract.
    deck = drawn_deck(random.Random(3), name="drawn")
    options = SceneOptions(card_width=(110, 130), blur=0.0, noise=0.0, jpeg=(95, 95),
                           glare=0.0, chips=False, face_down=False)
    return draw_scene(random.Random(8), [deck], options)


def test_recognize_prints_one_json_object_per_image(tmp_path, capsys, scene):
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), scene.image)
    blank = tmp_path / "felt.png"
    cv2.imwrite(str(blank), np.full((360, 640, 3), (30, 90, 30), np.uint8))
    assert main(["recognize", str(path), str(blank), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["image"] == str(path)
    assert set(first) == {"image", "cards", "ms"}
    assert first["ms"] > 0
    truth = {card.name for card in scene.cards if card.readable}
    read = [card["card"] for card in first["cards"]]
    assert set(read) <= {card.name for card in scene.cards}
    assert len(set(read) & truth) >= len(truth) - 1
    for card in first["cards"]:
        assert set(card) == {"card", "corners", "confidence"}
        assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])
        assert 0.0 <= card["confidence"] <= 1.0
    assert second["cards"] == []


def test_unsure_cards_are_listed_apart_when_asked(tmp_path, capsys, scene):
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), scene.image)
    # Asking for certainty no reading reaches moves every card to the unsure list.
    assert main(["recognize", str(path), "--json", "--unsure", "--confident", "1.0"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["cards"] == []
    assert {card["card"] for card in result["unsure"]} & {c.name for c in scene.cards}


def test_an_unreadable_image_is_an_error_line_and_status_1(tmp_path, capsys):
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a picture")
    assert main(["recognize", str(broken), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["image"] == str(broken)
    assert result["error"] and result["error_de"]


def test_plain_output_names_the_cards(tmp_path, capsys, scene):
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["recognize", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: ")
    assert any(card.name in out for card in scene.cards if card.readable)


def test_recognize_reads_a_deck_said_to_print_b_and_d(tmp_path, capsys):
    # Scene 170014 of a deck lettered B and D (test_vision_court_letters.py) shows two Ds and
    # no B: told by the images alone they are left unsure, said German they are queens.
    decks = []
    for seed in range(610, 613):
        rng = random.Random(seed)
        decks.append(drawn_deck(rng, style=DrawnStyle.random(rng), name=f"lettered-{seed}",
                                letters=GERMAN_LETTERS))
    scene = draw_scene(random.Random(170014), decks)
    queens = {card.name for card in scene.cards if card.readable and card.name[0] == "Q"}
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), scene.image)
    read = {}
    for letters in ("auto", "german"):
        assert main(["recognize", str(path), "--json", "--letters", letters]) == 0
        read[letters] = {card["card"] for card in json.loads(capsys.readouterr().out)["cards"]}
    assert queens and not queens & read["auto"]
    assert queens <= read["german"]
    with pytest.raises(SystemExit):
        main(["recognize", str(path), "--letters", "french"])


def test_bench_vision_reports_both_readers_side_by_side(capsys):
    assert main(["bench", "vision", "--frames", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["benchmark"] == "vision"
    assert report["frames"] == 3
    assert report["frame_size"] == [1280, 720]
    assert report["opencv_threads"] == 1
    for name in ("tableside", "opencv_template_baseline"):
        result = report["results"][name]
        assert result["median_ms"] > 0 and result["p90_ms"] >= result["median_ms"] * 0.5
        assert result["cpu_median_ms"] > 0
        assert result["asked"] > 0
        assert 0.0 <= result["read_rate"] <= 1.0
    assert report["results"]["tableside"]["traced_peak_mb"] > 0
    # Each reader's memory is that of a process of its own, which holds no scenes: less than
    # the bench's own, which holds them all.
    for name in ("tableside", "opencv_template_baseline"):
        result = report["results"][name]
        assert 0 < result["process_loaded_rss_mb"] <= result["process_peak_rss_mb"]
        assert result["process_peak_rss_mb"] < report["bench_peak_rss_mb"]
    # The networks take memory of their own, the templates little.
    assert (report["results"]["tableside"]["process_loaded_rss_mb"]
            > report["results"]["opencv_template_baseline"]["process_loaded_rss_mb"])
    assert report["goals"]["median_ms_at_most"] == 60.0


def test_bench_vision_also_times_photographs_when_given_a_folder(tmp_path, capsys, scene):
    # Photographs of a real table (here a drawn scene saved as JPEG and PNG) are timed beside
    # the drawn frames; files that are no photographs are passed over.
    cv2.imwrite(str(tmp_path / "table.jpg"), scene.image)
    cv2.imwrite(str(tmp_path / "table.png"), scene.image)
    (tmp_path / "table.xml").write_text("<annotation/>")
    assert main(["bench", "vision", "--frames", "2", "--photos", str(tmp_path)]) == 0
    photographs = json.loads(capsys.readouterr().out)["results"]["photographs"]
    assert photographs["photographs"] == 2
    assert photographs["sizes"] == {"1280x720": 2}
    assert 0 < photographs["median_ms"] <= photographs["max_ms"]
    assert photographs["slowest"] in ("table.jpg", "table.png")
    # The calm scene's readable face-up cards are read in both.
    assert photographs["cards_read"] == 2 * sum(card.readable for card in scene.cards)


def test_bench_vision_says_when_a_folder_holds_no_photographs(tmp_path):
    (tmp_path / "notes.txt").write_text("no pictures here")
    with pytest.raises(SystemExit, match="no photographs"):
        main(["bench", "vision", "--frames", "1", "--photos", str(tmp_path)])
