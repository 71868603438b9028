"""``tableside doctor``: is this machine ready to run a table? Checks the camera and its frame
rate, how fast this machine reads a frame of cards, the reader board and its protocol
version, the GPIO pin factory of the dealer pad, the database, the free disk space and the
clock. Every problem comes with what to do.

Exit code 0 when every check passed (warnings included), 1 when something is missing or
wrong. ``--json`` prints ``{"ok": bool, "checks": [{"name", "status", "found", "advice",
"details"}]}`` with texts in English and German; ``--only`` runs some checks.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Callable
from pathlib import Path

from tableside.evaluation.names import LANGUAGES
from tableside.install.checks import (
    Check,
    check_board,
    check_camera,
    check_clock,
    check_database,
    check_disk,
    check_gpio,
    check_recognition,
)
from tableside.table.store import default_db_path

CHECKS = ("camera", "recognition", "board", "gpio", "database", "disk", "clock")
_LABELS = {
    "camera": {"en": "camera", "de": "Kamera"},
    "recognition": {"en": "card recognition", "de": "Kartenerkennung"},
    "board": {"en": "reader board", "de": "Leseplatine"},
    "gpio": {"en": "GPIO (dealer pad)", "de": "GPIO (Geber-Tasten)"},
    "database": {"en": "database", "de": "Datenbank"},
    "disk": {"en": "disk space", "de": "Speicherplatz"},
    "clock": {"en": "clock", "de": "Uhr"},
}
_STATUS = {
    "ok": {"en": "ok", "de": "ok"}, "warn": {"en": "warning", "de": "Warnung"},
    "fail": {"en": "FAILED", "de": "FEHLER"}, "missing": {"en": "NOT FOUND", "de": "FEHLT"},
}
_DO = {"en": "what to do", "de": "was tun"}
_SUMMARY = {"en": ("all checks passed", "{count} of {total} checks need attention"),
            "de": ("alle Prüfungen bestanden", "{count} von {total} Prüfungen brauchen "
                   "Aufmerksamkeit")}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "doctor", help="check the camera, card recognition, reader board, GPIO, database, disk "
                       "and clock",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, default=None,
                        help=f"the table's database (default {default_db_path()})")
    parser.add_argument("--board", default=None, help="the reader board's serial port or a "
                        "glob (default $TABLESIDE_BOARD, else the Pico's /dev/serial/by-id name)")
    parser.add_argument("--camera", default=None, help="picamera2 or a V4L2 device path "
                        "(default: picamera2, then /dev/v4l/by-id, then /dev/video*)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="how long to count camera frames (default 1)")
    parser.add_argument("--frames", type=int, default=3,
                        help="drawn frames the card recognition reads (default 3)")
    parser.add_argument("--timeout", type=float, default=3.0,
                        help="seconds to wait for the reader board's HELLO (default 3)")
    parser.add_argument("--only", action="append", choices=CHECKS, metavar="CHECK",
                        help=f"run only this check (repeatable): {', '.join(CHECKS)}")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    db = args.db or default_db_path()
    checks: dict[str, Callable[[], Check]] = {
        "camera": lambda: check_camera(args.camera, args.seconds),
        "recognition": lambda: check_recognition(args.frames),
        "board": lambda: check_board(args.board, args.timeout),
        "gpio": check_gpio,
        "database": lambda: check_database(db),
        "disk": lambda: check_disk(db.parent),
        "clock": check_clock,
    }
    results = [checks[name]() for name in CHECKS if not args.only or name in args.only]
    ok = all(check.passed for check in results)
    if args.json:
        print(json.dumps({"ok": ok, "checks": [c.to_json() for c in results]},
                         ensure_ascii=False, indent=2))
    else:
        print(render(results, args.lang))
    return 0 if ok else 1


def render(results: list[Check], lang: str = "en") -> str:
    width = max(len(_LABELS[c.name][lang]) for c in results)
    lines = []
    for check in results:
        status = _STATUS[check.status][lang]
        lines.append(f"{_LABELS[check.name][lang].ljust(width)}  [{status}] "
                     f"{check.found[lang]}")
        if check.advice:
            indent = " " * (width + 2)
            lines.append(textwrap.fill(f"-> {_DO[lang]}: {check.advice[lang]}", 100,
                                       initial_indent=indent, subsequent_indent=indent + "   "))
    bad = sum(not c.passed for c in results)
    good, some = _SUMMARY[lang]
    lines.append(good if not bad else some.format(count=bad, total=len(results)))
    return "\n".join(lines)
