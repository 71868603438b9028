"""The small networks that ship in tableside/vision/models/, run on the CPU.

They run on ONNX Runtime where it is installed (it is a dependency on every machine it has
wheels for), else on OpenCV's dnn module, which reads the same files: the two give the same
outputs but for rounding (tests/test_vision_networks.py). ONNX Runtime is the faster by far on
these small convolutions, 4.6 times on the finder's glances and 3 times on the reader's patches
on the development machine (one thread each), which is most of a frame's reading time.

Each network runs on one thread: the recogniser's budget is one core of the Pi (the rest serve
the table service and the pages), and frames come one at a time.

OpenVINO (2026.4.1, one thread, latency hint) was tried as a third backend in session 57 and not
added: alone, on batches of 64, it ran the 8-bit readers 10-20 % faster than ONNX Runtime (the
first 123 -> 98 us a patch, the second 239 -> 212) and the quick look and the sifter slower
(18.6 -> 20.9 and 41.8 -> 48.1 us a glance); with the four readers on it (each compiled once,
for any batch size), the bench's 40 frames took 5.1 ms a frame longer (median of the
differences, alternated in one process; mean +4.2), the same cards read.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

try:
    import onnxruntime
except ImportError:  # e.g. 32-bit Raspberry Pi OS, for which it has no wheels
    onnxruntime = None

BACKENDS = ("onnxruntime", "opencv")
# Patches per call: bounds the memory of one call, and is fastest so. ONNX Runtime alone, one
# thread, microseconds a patch at 32 / 64 / 256 a call: the finder 8.7 / 8.7 / 9.3, the first
# reader 70.8 / 71.7 / 77.7, the second 103.7 / 105.8 / 116.1 (the working set stays in cache).
# scripts/ab_vision.py, 64 against 256: median -1.48 ms a frame, the same outputs bitwise; 32
# against 64: +1.01 ms.
_BATCH = 64


def default_backend() -> str:
    """ONNX Runtime when it is installed, else OpenCV's dnn module."""
    return "onnxruntime" if onnxruntime is not None else "opencv"


class Network:
    """One network, loaded once; call it with a batch (N x C x H x W, float32) for its
    outputs (N x K)."""

    def __init__(self, path: str | Path, backend: str | None = None) -> None:
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"a network of the card recogniser is missing: {path}")
        self.backend = backend or default_backend()
        if self.backend == "onnxruntime":
            if onnxruntime is None:
                raise RuntimeError("onnxruntime is not installed: pip install onnxruntime, "
                                   "or use the backend 'opencv'")
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            self._session = onnxruntime.InferenceSession(
                str(path), options, providers=["CPUExecutionProvider"])
            self._input = self._session.get_inputs()[0].name
        elif self.backend == "opencv":
            self._net = cv2.dnn.readNetFromONNX(str(path))
        else:
            raise ValueError(f"unknown network backend {self.backend!r}; "
                             f"one of {', '.join(BACKENDS)}")

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        outputs = []
        for start in range(0, len(batch), _BATCH):
            part = np.ascontiguousarray(batch[start:start + _BATCH], np.float32)
            outputs.append(self._run(part).reshape(len(part), -1))
        return np.concatenate(outputs)

    def _run(self, batch: np.ndarray) -> np.ndarray:
        if self.backend == "onnxruntime":
            return self._session.run(None, {self._input: batch})[0]
        self._net.setInput(batch)
        return self._net.forward()


def softmax(logits: np.ndarray) -> np.ndarray:
    """Probabilities from logits, along each row."""
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)
