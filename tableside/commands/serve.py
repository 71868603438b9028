"""``tableside serve``: the table display and the dealer's console on the local network.

Opens the table in ``--db`` (default: the user's data folder), serves the pages with
waitress in one process and prints the addresses. At first start it prints the one-time
setup code the dealer needs to choose the PIN (kept, hashed, beside the database).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import socket
import sys
from pathlib import Path

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
    parser.set_defaults(handler=_serve)


def _addresses(host: str, port: int) -> list[str]:
    if host not in ("0.0.0.0", "::"):
        return [f"http://{host}:{port}"]
    names = ["localhost"]
    with contextlib.suppress(OSError):  # no name for this machine: localhost only
        names.append(socket.gethostbyname(socket.gethostname()))
    return [f"http://{name}:{port}" for name in dict.fromkeys(names)]


def _serve(args: argparse.Namespace) -> int:
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
    config = {"CREDENTIALS_PATH": Path(db).with_name(Path(db).stem + "-dealer.json"),
              "DEFAULT_LANGUAGE": lang}
    if args.streams:
        config["MAX_STREAMS"] = args.streams
    app = create_app(service, config)
    context = app.extensions["tableside"]
    urls = _addresses(args.host, args.port)
    for url in urls:
        print(_TEXT["serving"][lang].format(url=url), flush=True)
    streams = app.config["MAX_STREAMS"]
    print(_TEXT["threads"][lang].format(threads=streams + REQUEST_THREADS, streams=streams),
          flush=True)
    if context.credentials.setup_code:
        print(_TEXT["setup"][lang].format(url=urls[-1], code=context.credentials.setup_code),
              flush=True)
    # systemd stops a service with SIGTERM: end like Ctrl-C, closing the streams.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        serve_forever(app, args.host, args.port)
    finally:
        service.close()
    return 0
