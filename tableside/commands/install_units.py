"""``tableside install-units``: the systemd service, kiosk and mDNS files for a Raspberry Pi.

``--print NAME`` shows one file, ``--list`` where each goes, ``--write ROOT`` writes them
all under ROOT (``/`` on the Pi; a scratch folder to look at them first). A file marked
"kept" (the service's settings in /etc/default/tableside) is not overwritten once it exists.
``scripts/install-pi.sh`` runs this; the Pi model is found from the device tree unless
``--pi5`` or ``--no-pi5`` says it.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
from pathlib import Path, PurePosixPath

from tableside.install.machine import find_board, is_pi5, pi_model
from tableside.install.units import BOARD_PATTERN, InstalledFile, Layout, installed_files

NAMES = ("service", "environment", "kiosk", "autostart", "avahi")  # installed_files' order


def register(subparsers: argparse._SubParsersAction) -> None:
    defaults = Layout()
    parser = subparsers.add_parser(
        "install-units", help="print or write the Raspberry Pi's service, kiosk and mDNS files",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--print", dest="show", choices=NAMES, help="print one file")
    what.add_argument("--list", action="store_true", help="print where each file goes")
    what.add_argument("--write", type=Path, metavar="ROOT", help="write every file under ROOT")
    parser.add_argument("--user", default=None, help="the user the table runs as (default: "
                        "$SUDO_USER or the current user)")
    parser.add_argument("--home", default=None, help="that user's home (default /home/USER)")
    parser.add_argument("--prefix", default=str(defaults.prefix),
                        help=f"where the virtual environment lives (default {defaults.prefix})")
    parser.add_argument("--data", default=str(defaults.data),
                        help=f"the table's database folder (default {defaults.data})")
    parser.add_argument("--port", type=int, default=defaults.port,
                        help=f"web port (default {defaults.port})")
    parser.add_argument("--board", default=None,
                        help="the reader board's serial device (default: the plugged-in board's "
                        f"/dev/serial/by-id path, else {BOARD_PATTERN})")
    model = parser.add_mutually_exclusive_group()
    model.add_argument("--pi5", dest="pi5", action="store_true", default=None,
                       help="a Raspberry Pi 5 (lgpio pin factory)")
    model.add_argument("--no-pi5", dest="pi5", action="store_false")
    parser.add_argument("--json", action="store_true", help="with --list or --write: JSON")
    parser.set_defaults(handler=run)


def layout_from(args: argparse.Namespace) -> Layout:
    user = args.user or os.environ.get("SUDO_USER") or getpass.getuser()
    home = PurePosixPath(args.home) if args.home else PurePosixPath("/home") / user
    board = args.board or next(iter(find_board(BOARD_PATTERN)), BOARD_PATTERN)
    pi5 = args.pi5 if args.pi5 is not None else is_pi5(pi_model())
    return Layout(user=user, home=home, prefix=PurePosixPath(args.prefix),
                  data=PurePosixPath(args.data), port=args.port, pi5=pi5, board=board)


def write(files: list[InstalledFile], root: Path) -> list[dict[str, object]]:
    """Write ``files`` under ``root``; what was done with each."""
    done = []
    for file in files:
        target = root / file.path.relative_to("/")
        if file.keep and target.exists():
            done.append({"path": str(file.path), "written": False})
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.text)
        target.chmod(file.mode)
        done.append({"path": str(file.path), "written": True})
    return done


def run(args: argparse.Namespace) -> int:
    files = installed_files(layout_from(args))
    if args.show:
        print(files[NAMES.index(args.show)].text, end="")
        return 0
    if args.list:
        if args.json:
            print(json.dumps([{"name": n, "path": str(f.path), "mode": oct(f.mode),
                               "keep": f.keep} for n, f in zip(NAMES, files, strict=True)],
                             indent=2))
        else:
            for file in files:
                print(file.path)
        return 0
    done = write(files, args.write)
    if args.json:
        print(json.dumps(done, indent=2))
    else:
        for item in done:
            verb = "wrote" if item["written"] else "kept (exists)"
            print(f"{verb} {args.write / str(item['path']).lstrip('/')}")
    return 0
