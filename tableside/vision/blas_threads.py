"""One thread for the BLAS libraries that numpy and OpenCV call into while a frame is read.

numpy and OpenCV each bring an OpenBLAS (two copies in one process, with pip's wheels), and by
default each runs a thread per core: a matrix product of a frame large enough (the sample maps
of its patches, tableside/vision/patches.py) starts them, and they keep spinning a while for
more work. On one drawn scene (seed 905, nine cards) a frame took 142 ms of wall time and 268
ms of CPU time with the default two threads, and 136 and 137 ms with one: the second core was
kept busy for nothing, and on a Pi 4 three of them would be, the cores the table service and
the pages need. The recogniser's budget is one core (tableside/vision/networks.py).

The limit is process-wide, set through threadpoolctl (which knows the BLAS builds and their
symbol names: OpenBLAS with or without scipy's prefix, BLIS, MKL) for the libraries loaded
when it is called. Every CardRecognizer sets it, since a process that reads frames is a
camera process.
"""

from __future__ import annotations

from threadpoolctl import threadpool_info, threadpool_limits


def one_blas_thread() -> list[str]:
    """Limit every BLAS library loaded in this process to one thread; the libraries limited
    (their file names)."""
    threadpool_limits(limits=1, user_api="blas")
    return [library["filepath"] for library in threadpool_info()
            if library["user_api"] == "blas"]
