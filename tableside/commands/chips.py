"""``tableside chips``: the chips on the felt, read by the RFID reader board.

- ``tableside chips --port PATH`` shows every zone's chips live (Ctrl-C ends).
- ``tableside chips enrol --port PATH [--value 100 --colour black]`` teaches the registry
  new chips: lay chips of one value on the enrolment pad and name the value (and colour);
  without ``--value`` the console asks, pad after pad, until an empty answer.
- ``tableside chips repl --port PATH`` sends the board back to its MicroPython REPL, for
  reflashing (firmware/README.md).

PATH is best the board's stable ``/dev/serial/by-id/...`` path; the chip registry lives in
the table's SQLite database (``--db``).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import threading
import time

from tableside.engine.errors import chips as chip_count
from tableside.evaluation.names import LANGUAGES
from tableside.rfid.felt import Felt, ZoneState
from tableside.rfid.link import BoardLink, CommandFailed
from tableside.rfid.protocol import ExitToRepl, Hello, Message, Role, ZoneReport
from tableside.rfid.registry import ChipRegistry

_TEXT = {
    "online": {"en": "board online: firmware {firmware}, {zones} zones",
               "de": "Board online: Firmware {firmware}, {zones} Felder"},
    "offline": {"en": "board offline (waiting for {port})",
                "de": "Board offline (warte auf {port})"},
    "empty": {"en": "empty", "de": "leer"},
    "unknown": {"en": "{count} unknown tag(s): {tags}",
                "de": "{count} unbekannte(r) Tag(s): {tags}"},
    "fault": {"en": "reader not answering", "de": "Leser antwortet nicht"},
    "overflow": {"en": "maybe incomplete", "de": "evtl. unvollständig"},
    "seat": {"en": "seat {seat}", "de": "Platz {seat}"},
    "pot": {"en": "pot", "de": "Pot"},
    "enrol": {"en": "enrolment pad", "de": "Registrierfeld"},
    "zone": {"en": "zone {zone}", "de": "Feld {zone}"},
    "lay": {"en": "lay chips of one value on the enrolment pad ...",
            "de": "Chips eines Werts auf das Registrierfeld legen ..."},
    "ask": {"en": "value and colour of the chips on the pad (e.g. '100 black'; empty: done): ",
            "de": "Wert und Farbe der Chips auf dem Feld (z. B. '100 schwarz'; leer: fertig): "},
    "same_chips": {"en": "these chips were just enrolled: lay the next ones on the pad ...",
                   "de": "diese Chips sind gerade registriert worden: die nächsten auflegen ..."},
    "enrolled": {"en": "enrolled {count} chip(s) as {value} ({colour})",
                 "de": "{count} Chip(s) als {value} ({colour}) registriert"},
    "bad_answer": {"en": "answer like '100 black'", "de": "bitte so antworten: '100 schwarz'"},
    "timeout": {"en": "no chips settled on the enrolment pad in time",
                "de": "keine Chips rechtzeitig ruhig auf dem Registrierfeld"},
    "no_pad": {"en": "the board has no enrolment pad", "de": "das Board hat kein Registrierfeld"},
    "repl": {"en": "the board is at its REPL now: mpremote works until the next reset",
             "de": "das Board ist jetzt im REPL: mpremote geht bis zum nächsten Reset"},
    "no_port": {"en": "--port is needed (the board's serial port)",
                "de": "--port fehlt (der serielle Port des Boards)"},
    "no_answer": {"en": "the board did not answer: {error}",
                  "de": "das Board hat nicht geantwortet: {error}"},
}


def _t(key: str, lang: str, **values: object) -> str:
    return _TEXT[key][lang].format(**values)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "chips", help="show the chips on the felt live; enrol chips (RFID board)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(parser, subcommand=False)
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop after this long (default: until Ctrl-C)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    enrol = actions.add_parser("enrol", help="teach the registry chips laid on the pad")
    _common(enrol, subcommand=True)
    enrol.add_argument("--value", type=int, help="the chips' denomination (else asked)")
    enrol.add_argument("--colour", default=None, help="the chips' colour (with --value)")
    enrol.add_argument("--timeout", type=float, default=None,
                       help="with --value: give up after this many seconds")
    enrol.set_defaults(handler=run_enrol)
    repl = actions.add_parser("repl", help="send the board back to its REPL (reflashing)")
    _common(repl, subcommand=True)
    repl.set_defaults(handler=run_repl)
    parser.set_defaults(handler=run_live)


def _common(parser: argparse.ArgumentParser, subcommand: bool) -> None:
    # Both ``chips --port P enrol`` and ``chips enrol --port P`` work: a subcommand's
    # options default to SUPPRESS so they never overwrite what was given before them.
    def default(value: object) -> object:
        return argparse.SUPPRESS if subcommand else value

    parser.add_argument("--port", default=default(None),
                        help="the board's serial port, e.g. /dev/serial/by-id/usb-...")
    parser.add_argument("--db", default=default("tableside.db"),
                        help="the table's SQLite database (default: tableside.db)")
    parser.add_argument("--lang", choices=LANGUAGES, default=default("en"),
                        help="language of the output")


def _zone_name(felt: Felt, zone: int, lang: str) -> str:
    info = felt.zones.get(zone)
    if info is None:
        return _t("zone", lang, zone=zone)
    if info.role == Role.SEAT:
        return _t("seat", lang, seat=info.seat)
    return _t("pot" if info.role == Role.POT else "enrol", lang)


def describe_zone(felt: Felt, state: ZoneState, lang: str = "en") -> str:
    """One line: the zone, its total and its chips by denomination."""
    name = _zone_name(felt, state.zone, lang)
    if state.reader_fault:
        return f"{name}: {_t('fault', lang)}"
    parts = [f"{n} × {chip_count(d, lang)} {colour}"
             for d, colour, n in state.valued.by_denomination()]
    text = f"{name}: {chip_count(state.total, lang)}"
    text += f" = {' + '.join(parts)}" if parts else f" ({_t('empty', lang)})"
    if state.valued.unknown:
        text += "; " + _t("unknown", lang, count=len(state.valued.unknown),
                          tags=" ".join(state.valued.unknown))
    if state.overflow:
        text += f" ({_t('overflow', lang)})"
    return text


class _Console:
    """Prints the board's state as it changes."""

    def __init__(self, felt: Felt, port: str, lang: str, show_zones: bool):
        self.felt, self.port, self.lang, self.show_zones = felt, port, lang, show_zones
        self.changed = threading.Condition()

    def message(self, message: Message) -> None:
        if isinstance(message, Hello):
            self.felt.describe(message)
            firmware = ".".join(map(str, message.firmware))
            print(_t("online", self.lang, firmware=firmware, zones=len(message.zones)),
                  flush=True)
        elif (isinstance(message, ZoneReport) and self.felt.update(message)
              and self.show_zones):
            print(describe_zone(self.felt, self.felt.state(message.zone), self.lang),
                  flush=True)
        with self.changed:
            self.changed.notify_all()

    def status(self, online: bool) -> None:
        if not online:
            print(_t("offline", self.lang, port=self.port), flush=True)

    def tick(self) -> None:
        with self.changed:
            self.changed.notify_all()


def _open(args: argparse.Namespace, show_zones: bool) -> tuple[Felt, _Console, BoardLink]:
    if not args.port:
        raise SystemExit(_t("no_port", args.lang))
    registry = ChipRegistry(sqlite3.connect(args.db))
    felt = Felt(registry)
    console = _Console(felt, args.port, args.lang, show_zones)
    link = BoardLink(args.port, on_message=console.message, on_status=console.status,
                     on_tick=console.tick)
    return felt, console, link


def run_live(args: argparse.Namespace) -> int:
    _felt, _console, link = _open(args, show_zones=True)
    with link:
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.1 if deadline is None else min(0.1, max(0, deadline - time.monotonic())))
    return 0


def _settled_pad(felt: Felt, console: _Console, deadline: float | None,
                 unlike: frozenset[str] | None = None) -> ZoneState | None:
    """Wait for chips settled on the pad (and different from ``unlike``)."""
    with console.changed:
        while deadline is None or time.monotonic() < deadline:
            pad = felt.zone_with_role(Role.ENROL)
            state = felt.stable(pad) if pad is not None else None
            if state is not None and state.tags and state.tags != unlike:
                return state
            console.changed.wait(0.2)
    return None


def run_enrol(args: argparse.Namespace) -> int:
    felt, console, link = _open(args, show_zones=False)
    lang = args.lang
    with link:
        print(_t("lay", lang), flush=True)
        if args.value is not None:
            deadline = None if args.timeout is None else time.monotonic() + args.timeout
            state = _settled_pad(felt, console, deadline)
            if state is None:
                print(_t("timeout", lang), file=sys.stderr)
                return 1
            colour = args.colour or "-"
            count = felt.registry.enrol(state.tags, args.value, colour)
            print(_t("enrolled", lang, count=count, value=chip_count(args.value, lang),
                     colour=colour), flush=True)
            return 0
        last: frozenset[str] | None = None  # the chips enrolled last: wait for others
        while True:
            try:
                answer = input(_t("ask", lang)).split()
            except EOFError:
                return 0
            if not answer:
                return 0
            if not answer[0].isdigit() or int(answer[0]) <= 0:
                print(_t("bad_answer", lang), flush=True)
                continue
            pad = felt.zone_with_role(Role.ENROL)
            if last is not None and pad is not None and getattr(felt.state(pad), "tags",
                                                                None) == last:
                print(_t("same_chips", lang), flush=True)
            state = _settled_pad(felt, console, None, unlike=last)
            value, colour = int(answer[0]), " ".join(answer[1:]) or "-"
            count = felt.registry.enrol(state.tags, value, colour)
            felt.revalue()
            print(_t("enrolled", lang, count=count, value=chip_count(value, lang),
                     colour=colour), flush=True)
            last = state.tags


def run_repl(args: argparse.Namespace) -> int:
    _felt, _console, link = _open(args, show_zones=False)
    with link:
        try:
            link.call(ExitToRepl())
        except (CommandFailed, TimeoutError) as error:
            print(_t("no_answer", args.lang, error=error), file=sys.stderr)
            return 1
    print(_t("repl", args.lang))
    return 0
