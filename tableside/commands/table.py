"""``tableside table ACTION``: run a table from the command line, one command per call.

Every action works on the latest table of the database (``--table ID`` picks another) in
``--db PATH`` (default: ``~/.local/share/tableside/tableside.db``), and prints JSON with
``--json``: an acknowledgement ``{"ok": true, "seq", "at", "command"}`` or a refusal
``{"ok": false, "error": {"rule", "message": {"en", "de"}, "legal"?}}`` (exit status 1).

    tableside table new --name Friday --seats 6 --blinds 1/2
    tableside table sit 1 Anna 200
    tableside table start
    tableside table deal 3 "As Kd"
    tableside table call            # the player to act; "call 3" names the seat
    tableside table show
    tableside table session < commands.jsonl   # one JSON command per line, one answer each
    tableside table export --phh hands.phhs
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tableside.engine.errors import WAITING
from tableside.evaluation.names import LANGUAGES
from tableside.phh import write_phhs
from tableside.table.books import accounts, ledger_csv, pokerstars_hands
from tableside.table.errors import StoreError, TableError
from tableside.table.export import finished_hands, phh_record
from tableside.table.ledger import settlement_text
from tableside.table.service import SNAPSHOT_EVERY, TableService, create_table
from tableside.table.settings import TableSettings
from tableside.table.store import Store

_TEXT = {
    "accepted": {"en": "#{seq} accepted", "de": "#{seq} angenommen"},
    "to_act": {"en": "seat {seat} to act: {legal}", "de": "Platz {seat} ist am Zug: {legal}"},
    "waiting": {"en": "waiting for: {what}", "de": "wartet auf: {what}"},
    "no_hand": {"en": "no hand in play", "de": "keine Hand im Spiel"},
    "hand": {"en": "Hand {number}: {game}", "de": "Hand {number}: {game}"},
    "board": {"en": "board", "de": "Board"},
    "pots": {"en": "pots", "de": "Pots"},
    "total": {"en": "total", "de": "gesamt"},
    "folded": {"en": "folded", "de": "gepasst"},
    "empty": {"en": "empty", "de": "leer"},
    "created": {"en": "table {id} created", "de": "Tisch {id} angelegt"},
    "backup": {"en": "backup written to {path}", "de": "Sicherung geschrieben nach {path}"},
    "exported": {"en": "{count} hands written to {path}",
                 "de": "{count} Hände geschrieben nach {path}"},
    "verified": {"en": "the log replays to the state in use ({seq} commands)",
                 "de": "das Log ergibt beim Nachspielen den benutzten Zustand ({seq} Befehle)"},
    "differs": {"en": "the state rebuilt from snapshots DIFFERS from a full replay",
                "de": "der aus Snapshots gebaute Zustand WEICHT vom vollen Nachspielen ab"},
}
_STATUS = {
    "en": {"empty": "empty", "in_hand": "in hand", "sitting_out": "sitting out",
           "busted": "no chips", "waiting": "waits for the big blind", "ready": "ready"},
    "de": {"empty": "leer", "in_hand": "spielt", "sitting_out": "setzt aus",
           "busted": "keine Chips", "waiting": "wartet auf den Big Blind", "ready": "bereit"},
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "table", help="run a table: seats, hands, corrections, exports (SQLite log)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help="the database (default: ~/.local/share/tableside/tableside.db)")
    common.add_argument("--table", type=int, default=None, metavar="ID",
                        help="the table (default: the latest)")
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the text (default: the table's)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def add(name: str, help_text: str, build: Callable[[argparse.Namespace], dict] | None,
            *arguments: tuple[tuple, dict], handler: Callable | None = None) -> None:
        sub = actions.add_parser(name, help=help_text, parents=[common], description=help_text)
        for args, kwargs in arguments:
            sub.add_argument(*args, **kwargs)
        sub.set_defaults(handler=handler or _command_handler(build))

    seat = (("seat",), {"type": int, "help": "the seat, from 1"})
    opt_seat = (("seat",), {"type": int, "nargs": "?", "default": None,
                            "help": "the seat (default: the player to act)"})
    cards = (("cards",), {"nargs": "+", "help": 'cards, e.g. "As Kd" or AsKd; ?? unread'})
    reason = (("--reason",), {"default": None, "help": "why (kept in the history)"})

    new = actions.add_parser("new", help="open a new table", parents=[common])
    _settings_arguments(new)
    new.set_defaults(handler=_new)
    actions.add_parser("list", help="the tables in the database",
                       parents=[common]).set_defaults(handler=_list)
    show = actions.add_parser("show", help="the table as everyone sees it", parents=[common])
    show.add_argument("--dealer", action="store_true",
                      help="the dealer's view: hole cards, ledger, flags")
    show.set_defaults(handler=_show)
    add("settings", "change settings from the next hand: KEY=VALUE (JSON values)",
        lambda a: {"type": "settings", "changes": _pairs(a.pairs)},
        (("pairs",), {"nargs": "+", "metavar": "KEY=VALUE"}))
    add("sit", "a player sits down with a buy-in",
        lambda a: {"type": "sit", "seat": a.seat, "player": a.player, "buy_in": a.buy_in},
        seat, (("player",), {}), (("buy_in",), {"type": int, "nargs": "?", "default": None}))
    for name, kind in (("rebuy", "rebuy"), ("addon", "add_on")):
        add(name, f"{kind.replace('_', '-')} chips between hands",
            lambda a, kind=kind: {"type": kind, "seat": a.seat, "amount": a.amount},
            seat, (("amount",), {"type": int, "nargs": "?", "default": None}))
    add("sitout", "a player sits out from the next hand",
        lambda a: {"type": "sit_out", "seat": a.seat}, seat)
    add("sitin", "a player comes back", lambda a: {"type": "sit_in", "seat": a.seat}, seat)
    add("leave", "a player leaves and cashes out", lambda a: {"type": "leave", "seat": a.seat},
        seat)
    add("start", "deal the next hand",
        lambda a: {"type": "start_hand", "game": a.game, "straddles": a.straddles,
                   "button": a.button},
        (("--game",), {"default": None, "help": "dealer's choice: the game"}),
        (("--straddles",), {"type": int, "default": 0}),
        (("--button",), {"type": int, "default": None, "help": "first hand: the button seat"}))
    add("deal", "hole cards for a seat",
        lambda a: {"type": "deal", "seat": a.seat, "cards": a.cards}, seat, cards)
    add("board", "community cards", lambda a: {"type": "board", "cards": a.cards}, cards)
    add("fold", "fold", lambda a: {"type": "fold", "seat": a.seat}, opt_seat)
    add("call", "call", lambda a: {"type": "check_call", "seat": a.seat}, opt_seat)
    add("check", "check (refused when a bet is owed)",
        lambda a: {"type": "check_call", "seat": a.seat}, opt_seat, handler=_check)
    for name in ("bet", "raise"):
        add(name, f"{name} to a total in front of the player this street",
            lambda a: {"type": "bet_raise", "seat": a.seat, "to": a.to},
            (("to",), {"type": int}), (("--seat",), {"type": int, "default": None}))
    add("bringin", "stud: post the bring-in",
        lambda a: {"type": "bring_in", "seat": a.seat}, opt_seat)
    add("discard", "draw: throw these cards (none: stand pat)",
        lambda a: {"type": "discard", "seat": a.seat, "cards": a.cards,
                   "split_openers": a.split_openers},
        seat, (("cards",), {"nargs": "*", "default": []}),
        (("--split-openers",), {"action": "store_true"}))
    add("showdown", "table a hand at the showdown, or muck it ('muck')",
        lambda a: {"type": "show", "seat": a.seat,
                   "cards": None if a.cards == ["muck"] else a.cards, "declared": a.declare},
        seat, cards, (("--declare",), {"default": None, "metavar": "HAND",
                                       "help": 'house rule "declare your hand": the hand '
                                               'called, e.g. "full_house K5", "pair A"'}))
    add("runtwice", "run the rest of the board twice", lambda a: {"type": "run_twice"})
    add("undo", "undo the last action or several",
        lambda a: {"type": "undo", "count": a.count, "reason": a.reason},
        (("count",), {"type": int, "nargs": "?", "default": 1}), reason)
    add("correct", "correct a misread card",
        lambda a: {"type": "correct_card", "wrong": a.wrong, "right": a.right},
        (("wrong",), {}), (("right",), {}))
    add("misdeal", "void the hand (before two players have acted)",
        lambda a: {"type": "misdeal", "reason": a.reason}, reason)
    add("adjust", "adjust a stack between hands (signed amount)",
        lambda a: {"type": "adjust_stack", "seat": a.seat, "amount": a.amount,
                   "reason": a.reason},
        seat, (("amount",), {"type": int}), (("--reason",), {"required": True}))
    add("level", "tournament: the level from the next hand",
        lambda a: {"type": "set_level", "level": a.level}, (("level",), {"type": int}))
    add("eliminate", "tournament: a player without chips is out",
        lambda a: {"type": "eliminate", "seat": a.seat}, seat)
    add("clock", "tournament clock", lambda a: {"type": "clock", "action": a.clock_action},
        (("clock_action",), {"choices": ("start", "pause", "resume")}))
    add("timer", "pause or resume the action timer of the player to act",
        lambda a: {"type": "timer", "action": a.timer_action},
        (("timer_action",), {"choices": ("pause", "resume")}))
    add("close", "close the table: everyone cashes out", lambda a: {"type": "close"})
    add("do", "any command as JSON", lambda a: _json_command(a.command),
        (("command",), {"help": '{"type": "fold", "seat": 3}'}))
    session = actions.add_parser(
        "session", parents=[common],
        help="commands as JSON lines on stdin, one answer per line on stdout")
    session.add_argument("--snapshot-every", type=int, default=SNAPSHOT_EVERY, metavar="N",
                         help=f"snapshot the state every N commands (default {SNAPSHOT_EVERY})")
    session.add_argument("--writers", type=int, default=1, metavar="N",
                         help="threads waiting for the answers (default 1: one command at a "
                              "time); with more, the commands read so far are committed "
                              "together and each answer carries its input line number")
    session.set_defaults(handler=_session)
    export = actions.add_parser("export", parents=[common],
                                help="hands as PHH (and the ledger, hands for trackers)")
    export.add_argument("--phh", type=Path, default=None, metavar="PATH",
                        help="every finished hand as .phhs ('-': stdout)")
    export.add_argument("--ledger", type=Path, default=None, metavar="PATH",
                        help="the cash ledger as CSV ('-': stdout)")
    export.add_argument("--pokerstars", type=Path, default=None, metavar="PATH",
                        help="hold'em and Omaha hands in PokerStars text ('-': stdout)")
    export.set_defaults(handler=_export)
    backup = actions.add_parser("backup", parents=[common],
                                help="copy the database safely while tables run")
    backup.add_argument("target", type=Path)
    backup.set_defaults(handler=_backup)
    actions.add_parser("settle", parents=[common], help="who pays whom at the end").set_defaults(
        handler=_settle)
    actions.add_parser("verify", parents=[common],
                       help="check that snapshots and the full log agree").set_defaults(
        handler=_verify)


# ---------------------------------------------------------------------- settings
def _settings_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="")
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--game", default=None, help="variant code (tableside variants)")
    parser.add_argument("--rotation", default=None,
                        help="HORSE, 8GAME, dealers_choice or mixed (with --games)")
    parser.add_argument("--games", default=None, help="comma-separated codes")
    parser.add_argument("--blinds", default=None, metavar="S/B")
    parser.add_argument("--ante", type=int, default=None)
    parser.add_argument("--bring-in", type=int, default=None)
    parser.add_argument("--limits", default=None, metavar="SMALL/BIG")
    parser.add_argument("--min-bet", type=int, default=None)
    parser.add_argument("--unit", type=int, default=None, help="scale the default stakes")
    parser.add_argument("--straddles", action="store_true", help="allow live straddles")
    parser.add_argument("--rake", default=None, metavar="PERCENT/CAP")
    parser.add_argument("--run-twice", action="store_true", help="allow running it twice")
    parser.add_argument("--language", choices=LANGUAGES, default=None,
                        help="the table's language")
    parser.add_argument("--mode", choices=("cash", "tournament"), default=None)
    parser.add_argument("--min-buy-in", type=int, default=None)
    parser.add_argument("--max-buy-in", type=int, default=None)
    parser.add_argument("--starting-stack", type=int, default=None)
    parser.add_argument("--settings", default=None, metavar="JSON",
                        help="further settings as a JSON object (e.g. levels)")


def _settings_from(args: argparse.Namespace) -> TableSettings:
    data: dict[str, Any] = {"name": args.name, "seats": args.seats}
    for name in ("game", "rotation", "ante", "bring_in", "min_bet", "unit", "language",
                 "mode", "min_buy_in", "max_buy_in", "starting_stack"):
        value = getattr(args, name)
        if value is not None:
            data[name] = value
    if args.games:
        data["games"] = [code.strip() for code in args.games.split(",")]
    if args.blinds:
        data["blinds"] = _two_numbers(args.blinds, "--blinds")
    if args.limits:
        data["small_bet"], data["big_bet"] = _two_numbers(args.limits, "--limits")
    if args.rake:
        percent, cap = args.rake.split("/")
        data["rake_percent"], data["rake_cap"] = float(percent), int(cap)
    data["straddles"], data["run_twice"] = args.straddles, args.run_twice
    if args.settings:
        data.update(json.loads(args.settings))
    return TableSettings.from_json(data)


def _two_numbers(text: str, option: str) -> list[int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise TableError("bad_command", f"{option} takes two numbers like 1/2",
                         f"{option} nimmt zwei Zahlen wie 1/2")
    return [int(p) for p in parts]


def _json_command(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise TableError("bad_json", f"not JSON: {error}", f"kein JSON: {error}") from None


def _pairs(pairs: list[str]) -> dict[str, Any]:
    changes = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        try:
            changes[key] = json.loads(text)
        except json.JSONDecodeError:
            changes[key] = text
    return changes


# ---------------------------------------------------------------------- running
def _lang(args: argparse.Namespace, service: TableService | None = None) -> str:
    if args.lang:
        return args.lang
    if service is not None and service.state.settings is not None:
        return service.state.settings.language
    return "en"


def _say(key: str, lang: str, **fields: Any) -> str:
    return _TEXT[key][lang].format(**fields)


def _fail(args: argparse.Namespace, error: TableError | StoreError, lang: str) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": error.to_json()}, ensure_ascii=False))
    else:
        print(error.message(lang), file=sys.stderr)
    return 1


def _with_service(args: argparse.Namespace, work: Callable[[TableService], int]) -> int:
    try:
        service = TableService.open(args.db, args.table, snapshot_every=getattr(
            args, "snapshot_every", SNAPSHOT_EVERY))
    except (TableError, StoreError) as error:
        return _fail(args, error, _lang(args))
    try:
        return work(service)
    except (TableError, StoreError) as error:
        return _fail(args, error, _lang(args, service))
    finally:
        service.close()


def _command_handler(build: Callable[[argparse.Namespace], dict]) -> Callable:
    def handler(args: argparse.Namespace) -> int:
        return _with_service(args, lambda service: _execute(args, service, build(args)))
    return handler


def _execute(args: argparse.Namespace, service: TableService, command: dict) -> int:
    ack = service.execute(command)
    lang = _lang(args, service)
    if args.json:
        print(json.dumps(ack.to_json(), ensure_ascii=False))
        return 0
    print(f"{_say('accepted', lang, seq=ack.seq)}. {_hand_line(service.public_state(), lang)}")
    return 0


def _check(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        hand = service.public_state()["hand"]
        legal = hand["legal"] if hand else None
        if legal is not None and not legal["can_check"] and args.seat in (None, legal["seat"]):
            raise TableError("cannot_check", f"seat {legal['seat']} owes {legal['call']}: "
                             "call or fold", f"Platz {legal['seat']} muss {legal['call']} "
                             "bringen: Call oder Fold", legal)
        return _execute(args, service, {"type": "check_call", "seat": args.seat})
    return _with_service(args, work)


def _hand_line(state: dict[str, Any], lang: str) -> str:
    hand = state["hand"]
    if hand is None:
        return _say("no_hand", lang)
    text = _say("hand", lang, number=hand["number"], game=hand["game_name"][lang])
    if hand["legal"] is not None:
        return f"{text}; " + _say("to_act", lang, seat=hand["legal"]["seat"],
                                  legal=hand["legal"]["text"][lang])
    waiting = WAITING.get(hand["waiting_for"])
    what = waiting[lang] if waiting is not None else hand["waiting_for"]
    return f"{text}; " + _say("waiting", lang, what=what)


def _new(args: argparse.Namespace) -> int:
    lang = args.lang or args.language or "en"
    try:
        settings = _settings_from(args)
        with Store(args.db) as store:
            table_id = create_table(store, settings, time.time())
    except (TableError, StoreError) as error:
        return _fail(args, error, lang)
    except (json.JSONDecodeError, ValueError) as error:
        print(str(error), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"ok": True, "table": table_id, "settings": settings.to_json()}))
    else:
        print(_say("created", lang, id=table_id))
    return 0


def _list(args: argparse.Namespace) -> int:
    try:
        with Store(args.db) as store:
            tables = store.tables()
    except StoreError as error:
        return _fail(args, error, _lang(args))
    if args.json:
        print(json.dumps({"tables": tables}))
    else:
        for table in tables:
            print(f"{table['id']:4}  {table['name'] or '-':20}  {table['commands']} commands")
    return 0


def _show(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        state = service.dealer_state() if args.dealer else service.public_state()
        if args.json:
            print(json.dumps(state, ensure_ascii=False))
        else:
            print(_render(state, _lang(args, service)))
        return 0
    return _with_service(args, work)


def _render(state: dict[str, Any], lang: str) -> str:
    table = state["table"]
    lines = [f"{table['name'] or '#'} ({table['mode']}, v{state['version']})"]
    if state["rotation"]:
        lines.append(state["rotation"][lang])
    for seat in state["seats"]:
        if seat["player"] is None:
            lines.append(f"  {seat['seat']:2}  -")
            continue
        marks = "".join(mark for flag, mark in (("button", " D"), ("small_blind", " SB"),
                                                ("big_blind", " BB"), ("to_act", " *"),
                                                ("all_in", " all-in"))
                        if seat[flag])
        if seat["folded"]:
            marks += f" ({_say('folded', lang)})"
        cards = " ".join(seat["cards"])
        lines.append(f"  {seat['seat']:2}  {seat['player']:12} {seat['stack']:>8}  "
                     f"{_STATUS[lang][seat['status']]}{marks}  {cards}".rstrip())
    hand = state["hand"]
    if hand is not None:
        lines.append(_hand_line(state, lang))
        lines.append(f"  {_say('board', lang)}: {' | '.join(' '.join(b) for b in hand['boards'])}")
        pots = ", ".join(str(p["amount"]) for p in hand["pots"]) or "0"
        lines.append(f"  {_say('pots', lang)}: {pots} ({_say('total', lang)} "
                     f"{hand['total_pot']})")
    return "\n".join(lines)


def _session(args: argparse.Namespace) -> int:
    """One JSON command per input line; one JSON answer per line, flushed at once."""
    def work(service: TableService) -> int:
        if args.writers > 1:
            return _concurrent_session(service, args.writers)
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                answer: dict[str, Any] = service.execute(_parsed(line)).to_json()
            except TableError as error:
                answer = {"ok": False, "error": error.to_json()}
            _answer(answer)
        return 0
    return _with_service(args, work)


def _concurrent_session(service: TableService, writers: int) -> int:
    """Commands queued in the order read (:meth:`TableService.submit`), answered by
    ``writers`` threads as their commits come back: several commands share a commit."""
    tickets: queue.Queue = queue.Queue(maxsize=4 * writers)
    output = threading.Lock()

    def wait_for_answers() -> None:
        while (item := tickets.get()) is not None:
            number, ticket = item
            try:
                answer: dict[str, Any] = ticket.result().to_json()
            except TableError as error:
                answer = {"ok": False, "error": error.to_json()}
            with output:
                _answer({**answer, "line": number})
    threads = [threading.Thread(target=wait_for_answers, daemon=True) for _ in range(writers)]
    for thread in threads:
        thread.start()
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            tickets.put((number, service.submit(_parsed(line))))
        except TableError as error:
            with output:
                _answer({"ok": False, "error": error.to_json(), "line": number})
    for _ in threads:
        tickets.put(None)
    for thread in threads:
        thread.join()
    return 0


def _parsed(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise TableError("bad_json", f"not JSON: {error}", f"kein JSON: {error}") from None


def _answer(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _write(path: Path, text: str) -> None:
    if str(path) == "-":
        sys.stdout.write(text)
    else:
        path.write_text(text, encoding="utf-8")


def _export(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        lang = _lang(args, service)
        done: dict[str, Any] = {}
        if args.phh is not None:
            hands = list(finished_hands(service.store, service.table_id))
            records = [phh_record(hand, state.settings.name or f"table {service.table_id}",
                                  state.settings.seats) for state, hand in hands]
            _write(args.phh, write_phhs(records))
            done["phh"] = {"path": str(args.phh), "hands": len(records)}
        if args.ledger is not None:
            _write(args.ledger, ledger_csv(service.state, lang))
            done["ledger"] = {"path": str(args.ledger)}
        if args.pokerstars is not None:
            texts = list(pokerstars_hands(service.store, service.table_id))
            _write(args.pokerstars, "\n\n".join(texts))
            done["pokerstars"] = {"path": str(args.pokerstars), "hands": len(texts)}
        # When the data went to stdout ('-'), the summary goes to stderr, out of its way.
        summary = sys.stderr if any(o["path"] == "-" for o in done.values()) else sys.stdout
        if args.json:
            print(json.dumps({"ok": True, **done}, ensure_ascii=False), file=summary)
        else:
            for outcome in done.values():
                if outcome["path"] != "-" and "hands" in outcome:
                    print(_say("exported", lang, count=outcome["hands"], path=outcome["path"]),
                          file=sys.stderr)
        return 0
    return _with_service(args, work)


def _backup(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        target = service.store.backup(args.target)
        if args.json:
            print(json.dumps({"ok": True, "backup": str(target)}))
        else:
            print(_say("backup", _lang(args, service), path=target))
        return 0
    return _with_service(args, work)


def _settle(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        lang = _lang(args, service)
        books = accounts(service.state)
        if args.json:
            print(json.dumps({"ok": True, **books.to_json()}, ensure_ascii=False))
        else:
            print(books.balance.describe(lang))
            print(settlement_text(books.transfers, lang))
        return 0 if books.balance.balanced else 1
    return _with_service(args, work)


def _verify(args: argparse.Namespace) -> int:
    def work(service: TableService) -> int:
        lang = _lang(args, service)
        same = service.state.to_snapshot() == service.replay_all().to_snapshot()
        if args.json:
            print(json.dumps({"ok": same, "seq": service.state.seq}))
        else:
            print(_say("verified", lang, seq=service.state.seq) if same
                  else _say("differs", lang))
        return 0 if same else 1
    return _with_service(args, work)

