#!/usr/bin/env python3
"""Quantize the four index readers to 8-bit integers, as they ship in tableside/vision/models/.

The readers are most of a frame's network time (tableside/vision/reader.py). Their
convolutions, run on 8-bit integers (ONNX's QuantizeLinear / DequantizeLinear pairs, which
ONNX Runtime runs as integer convolutions and cv2.dnn reads too), take about half the time of
float ones. Kept in float: each reader's first convolution, which sees the patch itself, and
its two dense layers: quantizing those as well doubled the largest change of a logit (0.5 ->
3.4 on patches not used for calibration) and saved nothing measurable.

The quick look and the sifter stay in float: quantized alike (their second convolution on 8-bit
integers, calibrated on the glances of ten drawn scenes), they took ONNX Runtime about twice
the time a glance, alone, one thread, batches of 64 (session 57: the quick look 12.6 -> 25.8 us,
the sifter 31.9 -> 44.3); most likely, on 16 x 16 glances the integer convolution's own costs
outweigh what it saves in arithmetic.

Activation ranges are calibrated on the patches each reader really judges (the first reader
every patch the quick look keeps, the others those it does not screen out), cut from drawn
scenes of decks the readers were trained on: the shared decks of card_reader.json's
"trained_on" and decks drawn by code from seeds 300-305, used nowhere else. Weights are
quantized per output channel.

Input: the float readers (as scripts/train_card_reader.py exports them). The shipped ones are
already quantized; the float ones are in git history (before the commit that added this script):

    mkdir -p /tmp/float
    for name in card_reader card_reader_second card_reader_third card_reader_fourth; do
        git show c0adb30:tableside/vision/models/$name.onnx > /tmp/float/$name.onnx; done
    # the third reader is newer (session 46): its float form is in f35aca1
    git show f35aca1:tableside/vision/models/card_reader_third.onnx \
        > /tmp/float/card_reader_third.onnx

The first, second and fourth shipped readers were made at commit dab2b10, where this script
rebuilds them byte for byte; the third was quantized at f35aca1 (session 46).
Calibration reads its scenes with the recogniser of the day, and later changes to recognition
changed which patches those scenes offer: run at a later commit (6904819 and on) it gives
slightly other activation scales (the first reader's largest change 0.0022), so readers made
again need scoring again (scripts/score_drawn_scenes.py).

Needs (never at run time): onnx, onnxruntime (whose quantization tools come with it).

    .venv/bin/pip install onnx
    .venv/bin/python scripts/quantize_readers.py /tmp/float/card_reader.onnx \
        /tmp/float/card_reader_second.onnx /tmp/float/card_reader_third.onnx \
        /tmp/float/card_reader_fourth.onnx --out tableside/vision/models   # about a minute
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from tableside.vision.decks import load_deck
from tableside.vision.drawn import drawn_deck
from tableside.vision.reader import (
    MODEL_PATH,
    NO_INDEX,
    READER_PATHS,
    SCREENED,
    IndexReader,
    _judged,
)
from tableside.vision.recognizer import CardRecognizer
from tableside.vision.scenes import draw_scene

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"
CALIBRATION_DECK_SEEDS = range(300, 306)
CALIBRATION_SCENE_SEED = 300000
# Patches per calibration batch (the calibrator stacks batches: all must be the same size).
BATCH = 64


class _RecordingReader(IndexReader):
    """An IndexReader that keeps the patches its first reader judges and those the others
    judge (what the first does not screen out)."""

    def __init__(self, readers: list[Path]) -> None:
        super().__init__(readers)
        self.first_patches: list[np.ndarray] = []
        self.other_patches: list[np.ndarray] = []

    def judge(self, patches: np.ndarray) -> np.ndarray:
        self.first_patches.append(patches)
        first = _judged(self._readers[0], patches)
        self.other_patches.append(patches[first[:, NO_INDEX] < SCREENED])
        return super().judge(patches)


def calibration_patches(readers: list[Path], scenes: int, decks: Path
                        ) -> tuple[np.ndarray, np.ndarray]:
    """The patches the first reader judges and those the others judge, over ``scenes`` drawn
    scenes of training decks (half shared, half drawn by code)."""
    cv2.setNumThreads(1)
    meta = json.loads(MODEL_PATH.with_suffix(".json").read_text())
    shared = [load_deck(decks / name) for name in meta["trained_on"]]
    drawn = [drawn_deck(random.Random(seed)) for seed in CALIBRATION_DECK_SEEDS]
    recognizer = CardRecognizer(readers)
    recognizer.reader = recorder = _RecordingReader(readers)
    for n in range(scenes):
        recognizer.recognize(draw_scene(random.Random(CALIBRATION_SCENE_SEED + n),
                                        shared if n % 2 else drawn).image)
    return np.concatenate(recorder.first_patches), np.concatenate(recorder.other_patches)


def float_weights(path: Path, into: Path) -> None:
    """The network at ``path`` with weights stored as float16 (scripts/train_card_reader.py's
    store_half) written to ``into`` with float32 weights and no casts: what the quantizer
    expects."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    if any(node.op_type == "DequantizeLinear" for node in graph.node):
        raise SystemExit(f"{path} is quantized already: give the float readers (see --help)")
    initializers = {weights.name: weights for weights in graph.initializer}
    for node in [n for n in graph.node if n.op_type == "Cast" and n.input[0] in initializers]:
        weights = initializers.pop(node.input[0])
        graph.initializer.remove(weights)
        graph.initializer.append(numpy_helper.from_array(
            numpy_helper.to_array(weights).astype(np.float32), node.output[0]))
        graph.node.remove(node)
    onnx.save(model, str(into))


def quantize(source: Path, target: Path, patches: np.ndarray) -> None:
    """``source`` (float weights) quantized to ``target``, calibrated on ``patches``."""
    import onnx
    from onnxruntime.quantization import (
        CalibrationDataReader,
        QuantFormat,
        QuantType,
        quantize_static,
    )

    class Batches(CalibrationDataReader):
        def __init__(self) -> None:
            whole = len(patches) // BATCH * BATCH
            self._batches = iter(np.split(patches[:whole], whole // BATCH))

        def get_next(self) -> dict[str, np.ndarray] | None:
            batch = next(self._batches, None)
            return None if batch is None else {"patches": batch}

    nodes = onnx.load(str(source)).graph.node
    convolutions = [node.name for node in nodes if node.op_type == "Conv"]
    dense = [node.name for node in nodes if node.op_type == "Gemm"]
    quantize_static(str(source), str(target), Batches(), quant_format=QuantFormat.QDQ,
                    per_channel=True, activation_type=QuantType.QUInt8,
                    weight_type=QuantType.QInt8, nodes_to_exclude=convolutions[:1] + dense)
    _store_float_layers_half(target)


def _store_float_layers_half(path: Path) -> None:
    """The weights of the layers left in float stored as float16, as scripts/train_card_reader.py
    stores them (the dense layers are most of a reader's file); the quantization's scales stay
    float32."""
    import onnx
    from train_card_reader import store_half

    float_layers = {name for node in onnx.load(str(path)).graph.node
                    if node.op_type in ("Conv", "Gemm") for name in node.input[1:]}
    store_half(path, only=float_layers)


def largest_change(before: Path, after: Path, patches: np.ndarray) -> tuple[float, float]:
    """The largest and the mean change of a logit between two networks over ``patches``."""
    from tableside.vision.networks import Network

    change = np.abs(Network(before)(patches) - Network(after)(patches))
    return float(change.max()), float(change.mean())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("readers", type=Path, nargs=4,
                        help="the float first, second, third and fourth readers (written under "
                             "the shipped names by place, whatever theirs)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the quantized ones")
    parser.add_argument("--scenes", type=int, default=80, help="calibration scenes (80)")
    parser.add_argument("--decks", type=Path, default=DECKS)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    first, others = calibration_patches(args.readers, args.scenes, args.decks)
    print(f"calibration: {len(first)} patches for the first reader, {len(others)} for the "
          f"others ({args.scenes} scenes)")
    # Every other patch calibrates; the rest measure the change.
    record = {}
    with tempfile.TemporaryDirectory() as scratch:
        for number, (reader, shipped) in enumerate(zip(args.readers, READER_PATHS, strict=True)):
            patches = first if number == 0 else others
            # Named by its place, not by its own file's name: a reader fresh from
            # train_card_reader.py is card_reader.onnx whichever place it is for, and given
            # as the third it overwrote the first's output (session 70).
            source = Path(scratch) / shipped.name
            float_weights(reader, source)
            target = args.out / shipped.name
            quantize(source, target, patches[::2])
            most, mean = largest_change(source, target, patches[1::2])
            print(f"{shipped.name} (from {reader}): logits change at most {most:.3f}, "
                  f"{mean:.4f} on average ({len(patches[1::2])} patches not calibrated on); "
                  f"{target.stat().st_size / 1e6:.2f} MB")
            record[shipped.name] = {"calibration_patches": len(patches[::2]),
                                    "largest_logit_change": round(most, 3),
                                    "mean_logit_change": round(mean, 4)}
    print(json.dumps({"quantized": {
        "how": "scripts/quantize_readers.py: 8-bit convolutions (QDQ, per channel), the first "
               "convolution and the dense layers kept in float",
        "calibration_scenes": args.scenes, "readers": record}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
