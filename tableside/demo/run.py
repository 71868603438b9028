"""A demo evening from start to end: the table service, the display, the simulated sensors,
the players and the dealer, all set up, played and closed again.

    tally = run_demo(DemoOptions(players=6, hands=20, seed=1, headless=True), print)

Served, the display's address is printed first (the page shows the table as soon as the
players sit down); then the sensors start and the dealer plays at a watchable pace until
``hands`` are played or the demo is stopped.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tableside.buttons.config import PadConfig
from tableside.buttons.proposals import Proposals
from tableside.demo.console import DemoTable
from tableside.demo.dealer import DemoDealer
from tableside.demo.options import SENSORS, DemoOptions, OptionError
from tableside.demo.players import seat_players
from tableside.demo.reader_board import ChipsUnavailable
from tableside.demo.summary import Tally
from tableside.engine.variants import VARIANTS
from tableside.table.service import TableService, create_table
from tableside.table.settings import TableSettings
from tableside.table.store import Store

# Served: seconds the dealer waits after each kind of step at speed 1 (a brisk home game).
PACE = {"hand": 2.0, "deal": 1.0, "action": 1.2, "sweep": 0.6, "show": 1.5, "finished": 4.0}
# Served, the chips are read as on a real table: settled for 0.6 s, a zone scanned every
# 10 ms, two seats' readers flickering now and then. Headless, the readers never flicker,
# chips count as soon as they lie still and the board scans five times as often (about a
# sixth of a core), so that an evening of a few hundred hands takes minutes, not an hour.
SERVED_BOARD = {"settle": 0.6, "scan_period_ms": 10}
HEADLESS_BOARD = {"settle": 0.05, "scan_period_ms": 2}
FLICKERING_SEATS = 2
# Where a throwaway database goes: memory-backed when the machine has it (syncing the log
# to a disk is the slow part of a demo that plays as fast as it can).
FAST_TEMP = Path("/dev/shm")
# Headless with a real camera (a recording, say): how long the dealer waits for its cards.
LIVE_WAIT_HEADLESS = 30.0

SENSOR_NAMES = {"camera": {"en": "camera", "de": "Kamera"},
                "chips": {"en": "chips", "de": "Chips"},
                "buttons": {"en": "buttons", "de": "Tasten"}}
_TEXT = {
    "display": {"en": "Table display: {url}/   (Ctrl-C ends the demo)",
                "de": "Tischanzeige: {url}/   (Strg-C beendet die Demo)"},
    "dealer": {"en": "Dealer's console: {url}/dealer (setup code {code})",
               "de": "Geberkonsole: {url}/dealer (Einrichtungscode {code})"},
    "sensors": {"en": "simulated: {sensors}; typed on the console: {typed}",
                "de": "simuliert: {sensors}; in der Konsole eingegeben: {typed}"},
    "hand": {"en": "hand {number} ({game}) finished", "de": "Hand {number} ({game}) beendet"},
    "none": {"en": "nothing", "de": "nichts"},
    "no_server": {"en": "cannot serve on {host}:{port} ({error}): choose another --port",
                  "de": "kann nicht auf {host}:{port} bereitstellen ({error}): einen anderen "
                        "--port wählen"},
    "no_chips": {"en": "no simulated reader board ({why}): the dealer types the bets",
                 "de": "kein simuliertes Lesegerät ({why}): der Geber tippt die Einsätze ein"},
    "live_camera": {"en": "camera {spec}: deal the face-up cards under it, in their zones "
                          "(the console's Camera tab shows what it reads and marks the zones)",
                    "de": "Kamera {spec}: die offenen Karten darunter in ihre Zonen legen (der "
                          "Kamera-Reiter der Konsole zeigt, was sie liest, und markiert die "
                          "Zonen)"},
    "no_live_camera": {"en": "no camera, video or folder called {spec}",
                       "de": "keine Kamera, kein Video und kein Ordner namens {spec}"},
    "no_camera": {"en": "no simulated camera ({why} is missing): the dealer types the cards",
                  "de": "keine simulierte Kamera ({why} fehlt): der Geber tippt die Karten ein"},
}


def run_demo(options: DemoOptions, say: Callable[[str], None] = print,
             stop: threading.Event | None = None) -> Tally:
    """Play the demo; returns what it counted. ``say`` prints a line for the user; setting
    ``stop`` ends the demo after the hand in play."""
    # One seed for the game; the sensors draw from their own, so that the same seed deals the
    # same evening whichever sensors are simulated.
    seed = options.seed if options.seed is not None else random.randrange(2 ** 32)
    rng = random.Random(seed)
    tally = Tally(sensors=tuple(options.simulate), players=options.players, seed=seed)
    started = time.perf_counter()
    with _workdir(options) as workdir, contextlib.ExitStack() as stack:
        database = options.db or workdir / "demo.db"
        service = _open_table(database, options)
        stack.callback(service.close)
        proposals = Proposals()
        chips = None
        if "chips" in options.simulate:
            chips = _chips(database, workdir, proposals, options, tally, say)
        if chips is not None:
            stack.callback(chips.close)
        table = DemoTable(service, lock=chips.lock if chips is not None else None)
        if chips is not None:
            table.hand_listeners.append(chips.follow)
        app = None
        if not options.headless:
            app = _serve(table, options, say, stack)
        _say_sensors(options, say)
        pad = None
        if "buttons" in options.simulate:
            from tableside.demo.pad import SimulatedPad
            # A simulated finger does not bounce: headless, the pad skips the debounce wait.
            config = PadConfig(bounce_time=None) if options.headless else None
            pad = SimulatedPad(table, proposals, tally, config)
            stack.callback(pad.close)
        camera = None
        if "camera" in options.simulate:
            camera = _camera(seed + 1, options, table, proposals, tally, app, say)
        elif options.camera is not None:
            camera = _live_camera(table, proposals, options, app, stack, say)
        dealer = DemoDealer(
            table, seat_players(options.players, rng), tally, rng, proposals=proposals,
            pad=pad, chips=chips, camera=camera,
            games=_dealers_choice(options), pause=_pacer(options, stop))
        if stop is not None:
            dealer.stop = stop
        dealer.seat_players()
        if chips is not None:
            flickering = 0 if options.headless else FLICKERING_SEATS
            try:
                chips.start(flickering=random.Random(seed + 2).sample(sorted(dealer.players),
                                                                      flickering))
            except ChipsUnavailable as error:
                _no_chips(error, options, tally, say)
                dealer.chips = None
        if not options.headless:
            service.subscribe(_hand_reporter(service, say, options.lang))
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the summary of what was played
            dealer.play(options.hands_to_play)
        if camera is not None:
            tally.camera = camera.figures()
        if chips is not None:
            tally.serial = chips.figures()
    tally.wall_seconds = time.perf_counter() - started
    return tally


def _chips(database: Path, workdir: Path, proposals: Proposals, options: DemoOptions,
           tally: Tally, say: Callable[[str], None]) -> Any:
    """The simulated reader board with tableside's side of it, or None (said why)."""
    from tableside.demo.reader_board import SimulatedChips

    try:
        return SimulatedChips(database, workdir, proposals, tally,
                              **(HEADLESS_BOARD if options.headless else SERVED_BOARD))
    except ChipsUnavailable as error:
        _no_chips(error, options, tally, say)
        return None


def _no_chips(error: ChipsUnavailable, options: DemoOptions, tally: Tally,
              say: Callable[[str], None]) -> None:
    say(_TEXT["no_chips"][options.lang].format(why=error.texts[options.lang]))
    tally.sensors = tuple(s for s in tally.sensors if s != "chips")


def _calibrate(table: DemoTable, options: DemoOptions) -> None:
    """The demo table's zones as the camera's calibration, unless the table has one."""
    from tableside.demo.layout import TableLayout

    if table.state.settings.camera_calibration is None:
        calibration = TableLayout(options.players).calibration().to_dict()
        table.execute({"type": "settings", "changes": {"camera_calibration": calibration}})


def _camera(seed: int, options: DemoOptions, table: Any, proposals: Proposals, tally: Tally,
            app: Any, say: Callable[[str], None]) -> Any:
    """The simulated camera (shown on the console's Camera tab when served), or None (said
    why) when the recognition cannot run here."""
    from tableside.demo.camera import SimulatedCamera

    try:
        _calibrate(table, options)
        camera = SimulatedCamera(seed, options.players, table, proposals)
        if app is not None:
            from tableside.web.camera import attach_camera

            attach_camera(app, camera.camera)
        return camera
    except FileNotFoundError as missing:  # the recognition's model, named at the end
        say(_TEXT["no_camera"][options.lang].format(why=str(missing).rsplit(": ", 1)[-1]))
        tally.sensors = tuple(s for s in tally.sensors if s != "camera")
        return None


@contextlib.contextmanager
def _workdir(options: DemoOptions) -> Iterator[Path]:
    base = FAST_TEMP if options.db is None and FAST_TEMP.is_dir() else None
    with tempfile.TemporaryDirectory(prefix="tableside-demo-", dir=base) as folder:
        yield Path(folder)


def _open_table(database: Path, options: DemoOptions) -> TableService:
    """A new table for the demo (in ``--db`` beside any tables already there)."""
    store = Store(database)
    try:
        table_id = create_table(store, TableSettings.from_json(options.table_settings()),
                                time.time())
        return TableService(store, table_id)
    except BaseException:
        store.close()
        raise


def _dealers_choice(options: DemoOptions) -> tuple[str, ...] | None:
    if options.rotation != "dealers-choice":
        return None
    return tuple(VARIANTS)


def _pacer(options: DemoOptions, stop: threading.Event | None) -> Callable[[str], None]:
    if options.headless:
        return lambda kind: None
    wait = stop or threading.Event()

    def pause(kind: str) -> None:
        wait.wait(PACE.get(kind, 1.0) / options.speed)
    return pause


def _serve(table: DemoTable, options: DemoOptions, say: Callable[[str], None],
           stack: contextlib.ExitStack) -> Any:
    from tableside.web.app import create_app
    from tableside.web.server import start_server

    app = create_app(table, {"DEFAULT_LANGUAGE": options.lang})
    try:
        server = start_server(app, options.host, options.port)
    except OSError as error:  # the port is taken, or the address is not this machine's
        raise OptionError(*(_TEXT["no_server"][lang].format(
            host=options.host, port=options.port, error=error.strerror or error)
            for lang in ("en", "de"))) from None
    stack.callback(server.close)
    host = "localhost" if options.host in ("0.0.0.0", "::") else options.host
    url = f"http://{host}:{server.port}"
    say(_TEXT["display"][options.lang].format(url=url))
    code = app.extensions["tableside"].credentials.setup_code
    if code:
        say(_TEXT["dealer"][options.lang].format(url=url, code=code))
    return app


def _live_camera(table: DemoTable, proposals: Proposals, options: DemoOptions, app: Any,
                 stack: contextlib.ExitStack, say: Callable[[str], None]) -> Any:
    """A real camera in the simulated camera's place, with the demo table's zones as its
    calibration until the dealer marks the real ones on the console's Camera tab."""
    from tableside.demo.camera import LiveCamera
    from tableside.vision.table_camera import TableCamera

    lang = options.lang
    _calibrate(table, options)
    try:
        camera = TableCamera.open(options.camera, table, proposals,
                                  when_status=lambda texts: say(texts[lang]))
    except FileNotFoundError:
        raise OptionError(*(_TEXT["no_live_camera"][language].format(spec=options.camera)
                            for language in ("en", "de"))) from None
    stack.callback(camera.close)
    if app is not None:
        from tableside.web.camera import attach_camera

        attach_camera(app, camera)
    camera.start()
    say(_TEXT["live_camera"][lang].format(spec=options.camera))
    return LiveCamera(camera, LIVE_WAIT_HEADLESS if options.headless else None)


def _say_sensors(options: DemoOptions, say: Callable[[str], None]) -> None:
    lang = options.lang
    simulated = ", ".join(SENSOR_NAMES[s][lang] for s in options.simulate) or \
        _TEXT["none"][lang]
    typed = ", ".join(SENSOR_NAMES[s][lang] for s in SENSORS if s not in options.simulate) or \
        _TEXT["none"][lang]
    say(_TEXT["sensors"][lang].format(sensors=simulated, typed=typed))


def _hand_reporter(service: TableService, say: Callable[[str], None],
                   lang: str) -> Callable[[Any], None]:
    reported: set[int] = set()

    def changed(_ack: Any) -> None:
        table_hand = service.state.hand
        if table_hand is not None and table_hand.finished and table_hand.number not in reported:
            reported.add(table_hand.number)
            say(_TEXT["hand"][lang].format(number=table_hand.number, game=table_hand.game))
    return changed
