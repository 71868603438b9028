"""scripts/score_drawn_scenes.py: the figures a change to recognition is judged by."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tableside.vision.assembly import CONFIDENT

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "score_drawn_scenes.py"


def test_scores_a_group_at_several_bars_and_lists_the_missed(tmp_path):
    out = tmp_path / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--groups", "6000", "--scenes", "3",
                          "--processes", "1", "--bars", "0.0", str(CONFIDENT), "--missed",
                          "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    loose, shipped = json.loads(out.read_text())
    assert (loose["kind"], loose["seed"], loose["scenes"]) == ("held", 6000, 3)
    assert loose["asked"] == shipped["asked"] > 10
    # Every card seen is reported at bar 0: at least as many read, at least as many wrong.
    assert shipped["read"] <= loose["read"] <= loose["asked"]
    assert loose["wrong"] >= shipped["wrong"]
    assert f"shared  bar {CONFIDENT:.2f}: read" in run.stdout
    missed = loose["asked"] - shipped["read"]
    assert run.stdout.count(" missed ") == missed
    assert run.stdout.count(": wrong ") == shipped["wrong"]


@pytest.mark.parametrize("kind", ["--fresh", "--unseen", "--studied"])
def test_the_other_sets_of_groups_score_their_own(tmp_path, kind):
    # A drawn group of each other set of groups (see the script's docstring).
    seed = {"--fresh": 87000, "--unseen": 107000, "--studied": 117000}[kind]
    out = tmp_path / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), kind, "--groups", str(seed),
                          "--scenes", "2", "--processes", "1", "--json", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    (figures,) = json.loads(out.read_text())
    assert (figures["kind"], figures["seed"], figures["scenes"]) == ("drawn", seed, 2)
    assert figures["asked"] > 5
    assert "drawn   bar" in run.stdout and "shared  bar" not in run.stdout


def test_why_tells_what_became_of_each_missed_cards_indices(tmp_path):
    # The development group's first 23 scenes hold misses of both kinds (a 55 px jack whose
    # marks gave no candidate, cards read unsure). Recording changes no reading.
    figures = []
    outputs = []
    for extra in ([], ["--why"]):
        out = tmp_path / f"figures{len(extra)}.json"
        run = subprocess.run([sys.executable, str(SCRIPT), "--dev", "--groups", "61000",
                              "--scenes", "23", "--processes", "1", "--json", str(out),
                              "--missed", *extra], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        figures.append(json.loads(out.read_text()))
        outputs.append(run.stdout)
    assert figures[0] == figures[1]
    missed = [line for line in outputs[1].splitlines() if " missed " in line]
    assert len(missed) == figures[1][0]["asked"] - figures[1][0]["read"] > 0
    part = r"\[(no candidate|\d+ cand, look \d\.\d{3}(, \d\.\d\d (\w\w|none))?)\]"
    for line in missed:
        assert re.search(rf"px\): .*  {part}( {part})*$", line), line
    # Without --why the lines are as before, with nothing after what was read.
    assert not any("cand" in line for line in outputs[0].splitlines() if " missed " in line)



def test_every_set_scores_each_set_with_totals_of_its_own(tmp_path):
    # One group of the ten and one of the development groups (--groups picks among all sets).
    out = tmp_path / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--every-set", "--groups", "5000",
                          "60000", "--scenes", "1", "--processes", "1", "--json", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text())
    assert [(f["set"], f["kind"], f["seed"]) for f in figures] == [
        ("ten", "trained", 5000), ("dev", "trained", 60000)]
    assert run.stdout.index("--- ten") < run.stdout.index("--- dev")
    assert run.stdout.count("shared  bar") == 2 and "drawn   bar" not in run.stdout


def test_outside_scores_each_design_of_a_folder_in_a_group_of_its_own(tmp_path):
    # Two shared designs stand in for the rendered outside ones (render_outside_decks.py).
    decks = SCRIPT.parents[2] / "shared" / "data" / "decks"
    for name in ("kde-standard", "gnome-tango"):
        shutil.copytree(decks / name, tmp_path / "outside" / name)
    out = tmp_path / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--outside", str(tmp_path / "outside"),
                          "--scenes", "2", "--processes", "1", "--json", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text())
    assert [(f["kind"], f["seed"], f["design"]) for f in figures] == [
        ("outside", 140000, "gnome-tango"), ("outside", 141000, "kde-standard")]
    assert all(f["asked"] > 5 for f in figures)
    assert "(gnome-tango)" in run.stdout and "(kde-standard)" in run.stdout
    assert "outside bar" in run.stdout and "shared  bar" not in run.stdout
    # Misses are studied on other scenes of the same designs: --outside-seed draws them, and
    # --groups picks a design by its group's seed.
    run = subprocess.run([sys.executable, str(SCRIPT), "--outside", str(tmp_path / "outside"),
                          "--outside-seed", "130000", "--groups", "131000", "--scenes", "1",
                          "--processes", "1", "--json", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert [(f["seed"], f["design"]) for f in json.loads(out.read_text())] == [
        (131000, "kde-standard")]
    # A later set of designs in a folder of its own follows the first's groups, whose seeds stay.
    shutil.copytree(decks / "gnome-anglo", tmp_path / "later" / "gnome-anglo")
    run = subprocess.run([sys.executable, str(SCRIPT), "--outside", str(tmp_path / "outside"),
                          str(tmp_path / "later"), "--scenes", "1", "--processes", "1",
                          "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert [(f["seed"], f["design"]) for f in json.loads(out.read_text())] == [
        (140000, "gnome-tango"), (141000, "kde-standard"), (142000, "gnome-anglo")]


def test_a_copy_of_the_package_first_on_the_path_is_the_one_scored(tmp_path):
    # A change is scored from a copy of the package put first on PYTHONPATH; the script (through
    # train_card_reader, which it imports) must not put the checkout before it.
    shutil.copytree(SCRIPT.parents[1] / "tableside", tmp_path / "tableside",
                    ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path[0] = sys.argv[1]; import score_drawn_scenes; "
         "import tableside.vision.recognizer as module; print(module.__file__)",
         str(SCRIPT.parent)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert Path(run.stdout.strip()).is_relative_to(tmp_path), run.stdout


def test_scene_options_take_the_tests_unless_asked(tmp_path):
    # --perspective, --card-width, --blur, --noise, --jpeg, --light, --felt-brightness and
    # --frame-size change only what they name; scenes drawn with small cards are scored like
    # any others.
    sys.path.insert(0, str(SCRIPT.parent))
    import score_drawn_scenes

    from tableside.vision.scenes import SceneOptions

    def options(*argv: str) -> SceneOptions:
        parsed = []
        original = score_drawn_scenes._score_groups
        score_drawn_scenes._score_groups = lambda groups, args: parsed.append(args) or []
        try:
            score_drawn_scenes.main(["--groups", "6000", *argv])
        finally:
            score_drawn_scenes._score_groups = original
        return score_drawn_scenes._scene_options(parsed[0])

    assert options() == SceneOptions()
    small = options("--card-width", "60", "75", "--blur", "1.6")
    assert (small.card_width, small.blur) == ((60.0, 75.0), 1.6)
    assert small.perspective == SceneOptions().perspective
    assert options("--perspective", "0.2").perspective == 0.2
    light = options("--felt-brightness", "0.85", "0.97")
    assert light == SceneOptions(felt_brightness=(0.85, 0.97))
    assert options("--frame-size", "2560", "1440") == SceneOptions(size=(2560, 1440))
    assert options("--jpeg", "25", "50", "--noise", "12") == SceneOptions(jpeg=(25, 50),
                                                                        noise=12.0)
    assert options("--light", "0.35", "0.6") == SceneOptions(light=(0.35, 0.6))
    out = tmp_path / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--groups", "6000", "--scenes", "2",
                          "--processes", "1", "--card-width", "60", "64", "--missed",
                          "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    (figures,) = json.loads(out.read_text())
    assert figures["asked"] > 5 and figures["read"] <= figures["asked"]
    widths = [float(w) for w in re.findall(r"\((\d+) px\)", run.stdout)]
    assert all(w < 80 for w in widths)
