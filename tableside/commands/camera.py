"""``tableside camera --source SPEC``: the overhead camera's cards into the table's game.

Runs the card recognition live on ``--source`` (``picamera``, a camera device such as
``/dev/v4l/by-id/...`` or ``0``, a video file, a folder of images, or ``test``) against the table in
``--db`` (as ``tableside serve``). The calibration (table corners and zones) is the one the
dealer marked on the console's Camera tab and the table keeps. Cards the hand waits for (the
board, a showdown, stud's up cards) become proposals for the dealer's CONFIRM; what does not
fit becomes an alert on the console.

By default it serves the table's pages as ``tableside serve --camera SPEC`` does (the
preview and the calibration are on the console's Camera tab). With ``--headless`` it serves
nothing and prints one JSON object per frame: ``{"frame", "read", "cards", "unsure", "ms",
"stable": [{"card", "zone", ...}], "alerts": [{"kind", "message": {"en", "de"}, ...}],
"proposal": null or {"command", "texts"}, "status": {"en", "de"}}``; ``--frames N`` stops
after N frames (a folder or a video also ends by itself). ``"read": false`` marks a frame of a
still table that was not read again: its cards are the last frame read's. It says on stderr
how wide the cards look to recognition (from the calibration, else from the cards read), and
whether the camera should come closer (tableside/vision/card_size.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tableside.table.errors import StoreError, TableError
from tableside.table.store import default_db_path
from tableside.vision.table_camera import MAX_FPS

_TEXT = {
    "help": "the overhead camera's cards into the game / die Karten der Tischkamera ins Spiel",
    "source": "picamera, a camera device (/dev/v4l/by-id/..., 0), a video file, a folder "
              "of images or test (drawn scenes) / Kamera, Video, Bilderordner oder test "
              "(gezeichnete Szenen)",
    "headless": "serve no pages: print one JSON object per frame / keine Seiten: ein "
                "JSON-Objekt je Bild ausgeben",
    "frames": "stop after N frames / nach N Bildern aufhören",
    "loop": "start a video or a folder over at its end / Video oder Ordner am Ende neu "
            "beginnen",
    "fps": f"frames recognised per second at most (default {MAX_FPS:g}; 0: as fast as they "
           "come) / höchstens so viele Bilder je Sekunde",
    "no_source": {"en": "No camera, video or folder called {spec}",
                  "de": "Keine Kamera, kein Video und kein Ordner namens {spec}"},
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("camera", help=_TEXT["help"], description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", required=True, metavar="SPEC", help=_TEXT["source"])
    parser.add_argument("--db", type=Path, default=None,
                        help=f"the table's database (default {default_db_path()})")
    parser.add_argument("--table", type=int, default=None,
                        help="table id in the database (default: the latest)")
    parser.add_argument("--headless", action="store_true", help=_TEXT["headless"])
    parser.add_argument("--frames", type=int, default=None, metavar="N", help=_TEXT["frames"])
    parser.add_argument("--loop", action="store_true", help=_TEXT["loop"])
    parser.add_argument("--fps", type=float, default=MAX_FPS, metavar="N", help=_TEXT["fps"])
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument("--lang", choices=("en", "de"), default=None,
                        help="language of the messages (default: the table's)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.headless:
        from tableside.commands import serve

        return serve.run_serve(argparse.Namespace(
            host=args.host, port=args.port, db=args.db, table=args.table, streams=None,
            lang=args.lang, pad_config=None, board=None, camera=args.source,
            camera_loop=args.loop, camera_fps=args.fps))
    return _headless(args)


def _headless(args: argparse.Namespace) -> int:
    from tableside.buttons.proposals import Proposals
    from tableside.table.service import TableService
    from tableside.vision.pipeline import FrameReport
    from tableside.vision.table_camera import TableCamera

    try:
        service = TableService.open(args.db or default_db_path(), args.table)
    except (StoreError, TableError) as error:
        print(error.message("en"), file=sys.stderr)
        print(error.message("de"), file=sys.stderr)
        return 1
    lang = args.lang or ((service.public_state().get("table") or {}).get("language")) or "en"
    try:
        camera = TableCamera.open(
            args.source, service, Proposals(), loop=args.loop, max_fps=args.fps,
            when_status=lambda texts: print(texts[lang], file=sys.stderr, flush=True))
    except FileNotFoundError:
        service.close()
        print(_TEXT["no_source"][lang].format(spec=args.source), file=sys.stderr)
        return 1
    try:
        if camera.calibration_problem is not None:
            print(camera.calibration_problem[lang], file=sys.stderr, flush=True)
        said_verdict = None

        def show(report: FrameReport) -> None:
            nonlocal said_verdict
            state = camera.to_json()
            # How wide the cards look, said once and again when the verdict changes (measured
            # on the cards read, the widths move a little from frame to frame).
            size = state["card_size"]
            if size is not None and size["verdict"] != said_verdict:
                said_verdict = size["verdict"]
                print(size["advice"][lang], file=sys.stderr, flush=True)
            print(json.dumps({**report.to_json(), "alerts": state["alerts"],
                              "proposal": state["proposal"], "status": state["status"]},
                             ensure_ascii=False), flush=True)
        camera.when_report = show
        camera.run(frames=args.frames)  # here, in this thread: until the frames are read
    finally:
        camera.close()
        service.close()
    return 0
