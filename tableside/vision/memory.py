"""Freed memory kept for the next frame: glibc's allocator set for frame-by-frame work.

Reading a frame makes a few dozen large arrays (label images, colour planes, pyramids, patches)
and frees them all before the next frame. By default glibc gives an array above its mmap
threshold back to the kernel when it is freed, and it trims the free top of its heap. The
threshold grows only to the largest array freed so far. So every frame faulted its memory in
again, page by page, and the kernel zeroed each page.

With the threshold at glibc's largest and trimming only above TRIM_ABOVE, the same pages serve
every frame. ``tableside recognize`` on the bench's 40 frames, twice over (80 frames): page
faults 277,000 -> 47,000 and system time 0.68 -> 0.25 s, median 82.7 -> 81.6 ms a frame (a
second pair of runs: 85.2 -> 80.9). A process whose earlier work freed a large array has had the
threshold raised already: ``tableside bench vision``, which draws its scenes first, faulted alike
either way (183,000 against 167,000 faults, median within its noise).

The setting is process-wide. Every CardRecognizer makes it, since a process that
reads frames is a camera process. Elsewhere than glibc (musl, macOS) it does nothing.
"""

from __future__ import annotations

import ctypes

# glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
# glibc refuses mmap thresholds above this: DEFAULT_MMAP_THRESHOLD_MAX, 32 MB on 64-bit
# systems, 16 MB on 32-bit ones. A 1280 x 720 frame's largest array (its reading view, four
# planes; its labels are uint16) is 3.7 MB.
MMAP_ABOVE = 4 * 1024 * 1024 * ctypes.sizeof(ctypes.c_long)
TRIM_ABOVE = 256 * 1024 * 1024


def keep_freed_memory() -> bool:
    """Have glibc keep freed memory for reuse (see the module's docstring). True if glibc took
    the setting, False where there is no glibc. Setting it again changes nothing."""
    try:
        libc = ctypes.CDLL(None)  # the process's own C library
        libc.gnu_get_libc_version  # noqa: B018 (glibc only: musl has a mallopt that ignores)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_ABOVE)) and bool(
        mallopt(_M_TRIM_THRESHOLD, TRIM_ABOVE))
