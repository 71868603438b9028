"""The recogniser keeps numpy's and OpenCV's BLAS to one thread (its budget is one core)."""

from __future__ import annotations

import cv2
from threadpoolctl import threadpool_info, threadpool_limits

from tableside.vision.blas_threads import one_blas_thread
from tableside.vision.recognizer import CardRecognizer


def blas_threads() -> dict[str, int]:
    return {library["filepath"]: library["num_threads"] for library in threadpool_info()
            if library["user_api"] == "blas"}


def test_a_recogniser_holds_every_blas_library_to_one_thread():
    assert blas_threads(), "numpy brings a BLAS library"
    with threadpool_limits(limits=2, user_api="blas"):
        assert set(blas_threads().values()) == {2}
        CardRecognizer()
        assert set(blas_threads().values()) == {1}


def test_the_limit_names_the_libraries_it_holds():
    cv2.setNumThreads(1)
    with threadpool_limits(limits=2, user_api="blas"):
        limited = one_blas_thread()
        assert sorted(limited) == sorted(blas_threads())
        assert all(count == 1 for count in blas_threads().values())
