"""``tableside recognize IMAGE...``: read the face-up cards in photographs of the table.

With ``--json`` one object per image and line: ``{"image": path, "cards": [{"card": "Ah",
"corners": [[x, y], ...4], "confidence": 0.0-1.0}], "ms": float}``; only cards read with
confidence are listed; ``--unsure`` adds ``"unsure": [...]`` with the others (too unsure, or
with a "problem": "conflict", corners naming different cards; "duplicate", one card in two
places; "turned", a lone 6 or 9 of a deck printing its bottom index upright). An image that cannot
be read gives ``{"image": path, "error": message}`` and exit status 1. ``--calibration
FILE`` gives the table's plane as the dealer's console marks it (a JSON object with
"image_corners" and "size_mm", as the table keeps it): a camera's slanted photographs are then
read as seen from straight above (tableside/vision/straight_view.py). ``--letters`` says what
the deck letters its court cards: ``auto`` (the default) tells a German deck's B (Bube) and D
(Dame) from the images themselves, image by image; ``german`` reads every image as such a
deck's (B, D, K), ``english`` as a J, Q, K deck's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from tableside.cards import COURT_LETTERS
from tableside.vision.assembly import CONFIDENT
from tableside.vision.calibration import Calibration, CalibrationError

_TEXT = {
    "help": "read the face-up cards in photographs of the table / "
            "die offenen Karten auf Fotos des Tisches lesen",
    "images": "image files (JPEG, PNG, ...) / Bilddateien",
    "json": "one JSON object per image / ein JSON-Objekt je Bild",
    "unsure": "also list the cards read without confidence, apart / "
              "auch die unsicher gelesenen Karten getrennt auflisten",
    "confident": f"confidence a card needs to be listed (default {CONFIDENT}) / "
                 f"nötige Sicherheit, um eine Karte aufzulisten",
    "unreadable": {"en": "cannot read this image", "de": "dieses Bild ist nicht lesbar"},
    "none": {"en": "no card read", "de": "keine Karte gelesen"},
    "unsure_label": {"en": "unsure", "de": "unsicher"},
    "calibration": "the table's calibration, a JSON file with image_corners and size_mm / "
                   "die Kalibrierung des Tisches, eine JSON-Datei mit image_corners und size_mm",
    "letters": "what the deck letters its court cards: auto (told by each image), english "
               "(J, Q, K) or german (B, D, K) / wie das Blatt seine Bildkarten beschriftet: "
               "auto (an jedem Bild erkannt), english (J, Q, K) oder german (B, D, K)",
    "bad_calibration": {"en": "cannot use the calibration {path}: {reason}",
                        "de": "die Kalibrierung {path} ist nicht brauchbar: {reason}"},
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("recognize", help=_TEXT["help"], description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("images", nargs="+", metavar="IMAGE", help=_TEXT["images"])
    parser.add_argument("--json", action="store_true", help=_TEXT["json"])
    parser.add_argument("--unsure", action="store_true", help=_TEXT["unsure"])
    parser.add_argument("--confident", type=float, default=CONFIDENT, metavar="P",
                        help=_TEXT["confident"])
    parser.add_argument("--calibration", type=Path, metavar="FILE", help=_TEXT["calibration"])
    parser.add_argument("--letters", choices=("auto", *COURT_LETTERS), default="auto",
                        help=_TEXT["letters"])
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tableside.vision.recognizer import CardRecognizer

    plane = None
    if args.calibration is not None:
        try:
            plane = _calibration(args.calibration).homography
        except (OSError, ValueError, KeyError, TypeError) as error:
            for lang in ("en", "de"):
                reason = error.message(lang) if isinstance(error, CalibrationError) else error
                print(_TEXT["bad_calibration"][lang].format(path=args.calibration,
                                                            reason=reason), file=sys.stderr)
            return 2
    cv2.setNumThreads(1)
    recognizer = CardRecognizer(confident=args.confident)
    recognizer.plane = plane
    recognizer.letters = args.letters
    status = 0
    for path in args.images:
        frame = cv2.imread(path, cv2.IMREAD_COLOR)
        if frame is None:
            status = 1
            message = _TEXT["unreadable"]
            if args.json:
                print(json.dumps({"image": path, "error": message["en"],
                                  "error_de": message["de"]}), flush=True)
            else:
                print(f"{path}: {message['en']} / {message['de']}", file=sys.stderr)
            continue
        recognition = recognizer.recognize(frame)
        if args.json:
            print(json.dumps({"image": path, **recognition.to_json(unsure=args.unsure)}),
                  flush=True)
            continue
        cards = " ".join(str(s.card) for s in recognition.cards)
        line = f"{path}: {cards or _TEXT['none']['en'] + ' / ' + _TEXT['none']['de']}"
        if args.unsure and recognition.unsure:
            label = "/".join(_TEXT["unsure_label"].values())
            line += f"  ({label}: " + " ".join(
                f"{s.card}?{'!' if s.problem else ''}" for s in recognition.unsure) + ")"
        print(f"{line}  [{recognition.milliseconds:.0f} ms]", flush=True)
    return status


def _calibration(path: Path) -> Calibration:
    """The calibration in a JSON file: the table's own (its settings' camera_calibration)."""
    return Calibration.from_dict(json.loads(path.read_text(encoding="utf-8")))
