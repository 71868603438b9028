"""``tableside serve``: the table display and the dealer's console on the local network.

Opens the table in ``--db`` (default: the user's data folder), serves the pages with
waitress in one process and prints the addresses. At first start it prints the one-time
setup code the dealer needs to choose the PIN (kept, hashed, beside the database).

The table's hardware starts beside it, each part only where it is: the dealer pad on the
GPIO (``--pad-config`` for another wiring), the chip reader board (``--board``, default
``$TABLESIDE_BOARD``), whose bets become proposals for CONFIRM, and the overhead camera
(``--camera``: picamera, a camera device, a video or a folder of images), whose cards become
proposals too (its preview and calibration are on the console's Camera tab). A missing part
is named in one line, and the table runs without it: the dealer's console has every
button's twin.
An action timer set in the table's settings is kept by a thread of the server.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from tableside.table.errors import StoreError, TableError
from tableside.table.service import TableService
from tableside.table.store import default_db_path

_TEXT = {
    "serving": {"en": "Table display: {url}/   Dealer's console: {url}/dealer",
                "de": "Tischanzeige: {url}/   Geberkonsole: {url}/dealer"},
    "setup": {"en": "First start: choose the dealer's PIN at {url}/dealer with setup code {code}",
              "de": "Erster Start: die Geber-PIN unter {url}/dealer wählen, Einrichtungscode "
                    "{code}"},
    "threads": {"en": "{threads} threads: up to {streams} screens at once",
                "de": "{threads} Threads: bis zu {streams} Bildschirme gleichzeitig"},
    "pad": {"en": "Dealer pad: on the GPIO ({buttons} buttons)",
            "de": "Geber-Tastenfeld: an den GPIO ({buttons} Tasten)"},
    "board": {"en": "Chip reader board: {port} (bets from the chips go to CONFIRM)",
              "de": "Chip-Leseplatine: {port} (Einsätze aus den Chips gehen an BESTÄTIGEN)"},
    "no_board_set": {"en": "Chip reader board: none set (--board or TABLESIDE_BOARD); bets "
                           "are entered on the console",
                     "de": "Chip-Leseplatine: keine angegeben (--board oder TABLESIDE_BOARD); "
                           "Einsätze werden in der Konsole eingegeben"},
    "no_board": {"en": "Chip reader board: not found at {port}; bets are entered on the "
                       "console",
                 "de": "Chip-Leseplatine: nicht gefunden unter {port}; Einsätze werden in der "
                       "Konsole eingegeben"},
    "pad_config": {"en": "Dealer pad configuration {path}: {error}",
                   "de": "Konfiguration des Geber-Tastenfelds {path}: {error}"},
    "camera": {"en": "Camera: {spec} (cards the hand waits for go to CONFIRM; preview and "
                     "calibration on the console's Camera tab)",
               "de": "Kamera: {spec} (Karten, auf die die Hand wartet, gehen an BESTÄTIGEN; "
                     "Vorschau und Kalibrierung im Kamera-Reiter der Konsole)"},
    "no_camera_set": {"en": "Camera: none found or set (--camera or TABLESIDE_CAMERA); cards "
                            "are entered on the console",
                      "de": "Kamera: keine gefunden oder angegeben (--camera oder "
                            "TABLESIDE_CAMERA); Karten werden in der Konsole eingegeben"},
    "no_camera": {"en": "Camera: no camera, video or folder called {spec}; cards are entered "
                        "on the console",
                  "de": "Kamera: keine Kamera, kein Video und kein Ordner namens {spec}; "
                        "Karten werden in der Konsole eingegeben"},
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve the table display and the dealer's console",
        description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument("--db", type=Path, default=None,
                        help=f"the table's database (default {default_db_path()})")
    parser.add_argument("--table", type=int, default=None,
                        help="table id in the database (default: the latest)")
    parser.add_argument("--streams", type=int, default=None,
                        help="screens served at once (each holds a thread; default 40)")
    parser.add_argument("--lang", choices=("en", "de"), default=None,
                        help="default language of the pages (default: the table's)")
    parser.add_argument("--pad-config", type=Path, default=None, metavar="PATH",
                        help="the dealer pad's wiring: a TOML file with a [buttons] table "
                             "(default: hardware/pins.toml)")
    parser.add_argument("--board", default=None, metavar="PATH",
                        help="the chip reader board's serial port, a path or a pattern "
                             "(default: $TABLESIDE_BOARD; none: no chips read)")
    parser.add_argument("--camera", default=None, metavar="SPEC",
                        help="the overhead camera: picamera, a camera device "
                             "(/dev/v4l/by-id/..., 0), a video file, a folder of images, "
                             "test, or none (default: $TABLESIDE_CAMERA, else the camera "
                             "this machine has)")
    parser.set_defaults(handler=run_serve)


def _addresses(host: str, port: int) -> list[str]:
    if host not in ("0.0.0.0", "::"):
        return [f"http://{host}:{port}"]
    names = ["localhost"]
    with contextlib.suppress(OSError):  # no name for this machine: localhost only
        names.append(socket.gethostbyname(socket.gethostname()))
    return [f"http://{name}:{port}" for name in dict.fromkeys(names)]


def run_serve(args: argparse.Namespace) -> int:
    from tableside.buttons.proposals import Proposals
    from tableside.web.app import create_app
    from tableside.web.server import REQUEST_THREADS, serve_forever

    db = args.db or default_db_path()
    try:
        service = TableService.open(db, args.table)
    except (StoreError, TableError) as error:
        print(error.message("en"), file=sys.stderr)
        print(error.message("de"), file=sys.stderr)
        return 1
    state = service.public_state()
    lang = args.lang or ((state.get("table") or {}).get("language")) or "en"
    with contextlib.ExitStack() as parts:
        parts.callback(service.close)
        proposals = Proposals()
        try:
            pad = _start_pad(service, proposals, args.pad_config, lang)
        except (OSError, ValueError) as error:  # the dealer's configuration file
            print(_TEXT["pad_config"][lang].format(path=args.pad_config, error=error),
                  file=sys.stderr)
            return 1
        if pad is not None:
            parts.callback(pad.close)
        chips = _start_chips(service, proposals, args.board, lang)
        if chips is not None:
            parts.callback(chips.close)
        camera = _start_camera(service, proposals, getattr(args, "camera", None),
                               getattr(args, "camera_loop", False), lang,
                               **({"max_fps": args.camera_fps}
                                  if getattr(args, "camera_fps", None) is not None else {}))
        if camera is not None:
            parts.callback(camera.close)
        config = {"CREDENTIALS_PATH": Path(db).with_name(Path(db).stem + "-dealer.json"),
                  "DEFAULT_LANGUAGE": lang}
        if args.streams:
            config["MAX_STREAMS"] = args.streams
        app = create_app(service, config, proposals=proposals, pad=pad)
        if camera is not None:
            from tableside.web.camera import attach_camera

            attach_camera(app, camera.start())
        context = app.extensions["tableside"]
        urls = _addresses(args.host, args.port)
        for url in urls:
            print(_TEXT["serving"][lang].format(url=url), flush=True)
        streams = app.config["MAX_STREAMS"]
        print(_TEXT["threads"][lang].format(threads=streams + REQUEST_THREADS, streams=streams),
              flush=True)
        if context.credentials.setup_code:
            print(_TEXT["setup"][lang].format(url=urls[-1],
                                              code=context.credentials.setup_code), flush=True)
        # systemd stops a service with SIGTERM: end like Ctrl-C, closing the streams.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        serve_forever(app, args.host, args.port)
    return 0


def _start_pad(service: TableService, proposals: Any, config_path: Path | None,
               lang: str) -> Any:
    from tableside.buttons.pad_twin import start_pad

    pad, why_not = start_pad(service, proposals, config_path)
    if pad is None:
        print(why_not[lang], flush=True)
    else:
        print(_TEXT["pad"][lang].format(buttons=len(pad.buttons)), flush=True)
    return pad


def _start_chips(service: TableService, proposals: Any, board: str | None,
                 lang: str) -> Any:
    """The reader board's bets, if a board is set and there; None (and why) otherwise."""
    from tableside.install.machine import find_board

    pattern = board or os.environ.get("TABLESIDE_BOARD")
    if not pattern:
        print(_TEXT["no_board_set"][lang], flush=True)
        return None
    ports = find_board(pattern)
    if not ports:
        print(_TEXT["no_board"][lang].format(port=pattern), flush=True)
        return None
    from tableside.rfid.chip_bets import ChipBets

    def mismatch(texts: dict[str, str]) -> None:
        print(texts[lang], flush=True)
    chips = ChipBets(service, ports[0], proposals, when_mismatch=mismatch).start()
    print(_TEXT["board"][lang].format(port=ports[0]), flush=True)
    return chips


def _start_camera(service: TableService, proposals: Any, spec: str | None, loop: bool,
                  lang: str, **options: Any) -> Any:
    """The overhead camera's recognition (not started yet), if one is named; None (and why)
    otherwise. Its status and alerts are printed as they change."""
    if spec is None:
        from tableside.install.machine import find_camera

        spec = os.environ.get("TABLESIDE_CAMERA") or find_camera()
    if not spec or spec == "none":
        print(_TEXT["no_camera_set"][lang], flush=True)
        return None
    from tableside.vision.table_camera import TableCamera

    def say(texts: dict[str, str]) -> None:
        print(texts[lang], flush=True)

    def alerts(found: tuple[Any, ...]) -> None:
        for alert in found:
            print(alert.message(lang), flush=True)
    try:
        camera = TableCamera.open(spec, service, proposals, loop=loop, when_status=say,
                                  when_alerts=alerts, **options)
    except FileNotFoundError:
        print(_TEXT["no_camera"][lang].format(spec=spec), flush=True)
        return None
    print(_TEXT["camera"][lang].format(spec=spec), flush=True)
    if camera.calibration_problem is not None:
        say(camera.calibration_problem)
    return camera
