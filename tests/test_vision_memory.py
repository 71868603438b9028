"""The recogniser's allocator setting: a frame's freed arrays are used again, not faulted anew."""

import subprocess
import sys
import textwrap

# Each round makes and frees arrays as a frame does: several large ones at once (here five of
# 4 MB), more in all than twice the largest, which is what glibc's own threshold keeps.
ROUNDS = """
import resource
import numpy as np

def faults_over_rounds():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        arrays = [np.ones(1024 * 1024, np.int32) for _ in range(5)]
        del arrays
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
"""


def _faults(script: str) -> list[int]:
    result = subprocess.run([sys.executable, "-c", ROUNDS + textwrap.dedent(script)],
                            capture_output=True, text=True, check=True)
    return [int(word) for word in result.stdout.split()]


def test_freed_frame_arrays_are_used_again_without_page_faults():
    untuned, tuned, took = _faults("""
        faults_over_rounds()  # glibc's dynamic threshold settles
        untuned = faults_over_rounds()
        from tableside.vision.memory import keep_freed_memory
        took = keep_freed_memory()
        faults_over_rounds()
        print(untuned, faults_over_rounds(), int(took))
        """)
    assert took == 1
    # Untuned, glibc trims its heap after each round: 20,200 pages faulted in on the development
    # machine (of the 51,200 the rounds write), none once tuned.
    assert untuned > 10_000
    assert tuned < untuned / 20


def test_every_recogniser_keeps_freed_memory():
    (tuned,) = _faults("""
        from tableside.vision.recognizer import CardRecognizer
        CardRecognizer()
        faults_over_rounds()
        print(faults_over_rounds())
        """)
    assert tuned < 2_000
