"""``tableside demo``: a home game played by simulated players on simulated hardware, through
the real table service, recognition, reader board link and dealer pad.

Served (the default), it prints the display's address and plays at a watchable pace until
stopped; ``--headless`` plays as fast as it can without a server and prints a summary
(``--json``: as JSON).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path

from tableside.demo.options import ROTATIONS, SENSORS, DemoOptions, OptionError, parse_sensors


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "demo", help="a simulated home game through the whole system (make run)",
        description="A home game played by simulated players on simulated hardware, through "
                    "the real table service, card recognition, reader board link and dealer "
                    "pad. / Eine Pokerrunde simulierter Spieler auf simulierter Hardware, durch "
                    "den echten Tischdienst, die Kartenerkennung, das Lesegerät und die "
                    "Gebertasten.")
    parser.add_argument("--players", type=int, default=6, help="players, 2-10 (default 6)")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--game", default=None, metavar="CODE",
                        help="the game, a variant code (default NT; see tableside variants)")
    choice.add_argument("--rotation", choices=tuple(ROTATIONS), default=None,
                        help="dealer's choice (any game, each hand) or H.O.R.S.E.")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="served: how fast the dealer plays (2: twice as fast)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands to play (default: 100 headless, no end when served)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (reproducible)")
    parser.add_argument("--simulate", type=parse_sensors, default=SENSORS,
                        metavar="SENSORS",
                        help="sensors to simulate, comma-separated, or none (default "
                             "camera,chips,buttons); the others are typed on the console")
    parser.add_argument("--camera", default=None, metavar="SPEC",
                        help="a real camera for the face-up cards, with the camera not "
                             "simulated (e.g. --simulate chips,buttons --camera "
                             "/dev/v4l/by-id/...): you deal real cards under it / eine echte "
                             "Kamera für die offenen Karten")
    parser.add_argument("--headless", action="store_true",
                        help="no server: play as fast as possible and print a summary")
    parser.add_argument("--json", action="store_true", help="headless: the summary as JSON")
    parser.add_argument("--db", type=Path, default=None,
                        help="keep the evening in this database (default: a throwaway one)")
    parser.add_argument("--host", default="0.0.0.0", help="served: address (default 0.0.0.0)")
    parser.add_argument("--port", type=int, default=8080, help="served: port (default 8080; "
                        "0 picks a free one)")
    parser.add_argument("--lang", choices=("en", "de"), default="en",
                        help="language of the messages and the display (default en)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from tableside.demo.dealer import DemoError
    from tableside.demo.run import run_demo

    try:
        options = DemoOptions(
            players=args.players, game=args.game, rotation=args.rotation, speed=args.speed,
            hands=args.hands, seed=args.seed, simulate=args.simulate, camera=args.camera,
            headless=args.headless,
            db=args.db, host=args.host, port=args.port, lang=args.lang)
    except OptionError as error:
        print(error.texts["en"], file=sys.stderr)
        print(error.texts["de"], file=sys.stderr)
        return 2
    # Quiet when the JSON is for a program; otherwise each line as it comes.
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if args.json else (
        lambda line: print(line, flush=True))
    stop = threading.Event()
    if not options.headless:
        # systemd and `kill` end a served demo after the hand in play, with its summary.
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        tally = run_demo(options, say, stop)
    except (OptionError, DemoError) as error:
        print(error.texts["en"], file=sys.stderr)
        print(error.texts["de"], file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(tally.to_json(), ensure_ascii=False, indent=2))
    else:
        print(tally.text(options.lang))
    return 0
