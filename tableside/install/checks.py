"""Checks of a running table's machine, for ``tableside doctor``: the camera and its frame
rate, how fast the card recogniser reads a frame here, the reader board and its protocol,
the GPIO pin factory, the database, the disk and the clock. Each check returns a
:class:`Check` saying what it found and, when something is wrong, what to do, in English and
German. No check changes anything.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import random
import shutil
import sqlite3
import subprocess
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tableside.install.machine import find_board, is_pi5, pi_model, v4l_cameras
from tableside.install.units import BOARD_PATTERN

OK, WARN, FAIL, MISSING = "ok", "warn", "fail", "missing"
MIN_FPS = 10.0  # below this a dealer's hand outruns the camera
FREE_WARN = 1 << 30  # a night's log is a few MB; under a GiB something else fills the card
FREE_FAIL = 100 << 20
EARLIEST = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)  # no table was dealt before this
# A frame read in more than this leaves the camera under a frame a second: the dealer waits
# for the flop's proposal. A Pi 4 reads a frame in about a third of it (one core).
SLOW_FRAME_MS = 1000.0
# Drawn scenes' cards the recogniser must read to be working at all (it reads 99 % of them).
LEAST_READ = 0.8


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok, warn, fail or missing
    found: dict[str, str]  # what the check saw, "en" and "de"
    advice: dict[str, str] | None = None  # what to do, when not ok
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.status in (OK, WARN)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "found": self.found,
                "advice": self.advice, "details": self.details}


def _texts(en: str, de: str) -> dict[str, str]:
    return {"en": en, "de": de}


# ---------------------------------------------------------------------- camera
def check_camera(source: str | None = None, seconds: float = 1.0) -> Check:
    """The Pi camera (picamera2) or a V4L2 camera: found, and how many frames a second."""
    if source in (None, "picamera2"):
        measured = _picamera2_fps(seconds)
        if measured is not None:
            return _camera_result("picamera2", *measured)
        if source == "picamera2":
            return _no_camera("picamera2")
    for device in ([source] if source not in (None, "picamera2") else v4l_cameras()):
        measured = _opencv_fps(device, seconds)
        if measured is not None:
            return _camera_result(device, *measured)
    return _no_camera(source)


def _picamera2_fps(seconds: float) -> tuple[int, float, tuple[int, int]] | None:
    try:
        from picamera2 import Picamera2  # from apt (python3-picamera2), on a Pi only
    except ImportError:
        return None
    if not Picamera2.global_camera_info():
        return None
    camera = Picamera2()
    try:
        camera.configure(camera.create_video_configuration(main={"size": (1280, 720)}))
        camera.start()
        return _count_frames(lambda: camera.capture_array() is not None, seconds, (1280, 720))
    finally:
        camera.close()


def _opencv_fps(device: str, seconds: float) -> tuple[int, float, tuple[int, int]] | None:
    import cv2

    if not Path(device).exists():
        return None
    capture = cv2.VideoCapture(device, cv2.CAP_V4L2)
    try:
        if not capture.isOpened():
            return None
        capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*"MJPG"))
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, 1280)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, 720)
        ok, frame = capture.read()
        if not ok:
            return None
        size = (frame.shape[1], frame.shape[0])
        return _count_frames(lambda: capture.read()[0], seconds, size)
    finally:
        capture.release()


def _count_frames(grab: Any, seconds: float, size: tuple[int, int]
                  ) -> tuple[int, float, tuple[int, int]]:
    frames, start = 0, time.monotonic()
    while time.monotonic() - start < seconds:
        frames += bool(grab())
    return frames, frames / (time.monotonic() - start), size


def _camera_result(source: str, frames: int, fps: float, size: tuple[int, int]) -> Check:
    details = {"source": source, "frames": frames, "fps": round(fps, 1),
               "size": f"{size[0]}x{size[1]}"}
    found = _texts(f"{source}: {fps:.1f} frames/s at {size[0]}x{size[1]}",
                   f"{source}: {fps:.1f} Bilder/s bei {size[0]}x{size[1]}")
    if fps < MIN_FPS:
        return Check("camera", WARN, found, _texts(
            f"under {MIN_FPS:g} frames/s: light the table better (short exposures), use the "
            "CSI camera rather than USB, or close other programs using the CPU",
            f"unter {MIN_FPS:g} Bildern/s: den Tisch heller beleuchten (kurze Belichtung), die "
            "CSI-Kamera statt USB nehmen oder andere Programme schließen"), details)
    return Check("camera", OK, found, None, details)


def _no_camera(source: str | None) -> Check:
    where = source or "picamera2, /dev/v4l/by-id, /dev/video*"
    return Check("camera", MISSING, _texts(f"no camera found ({where})",
                                           f"keine Kamera gefunden ({where})"), _texts(
        "check the ribbon cable (contacts towards the board's connector, latch closed) and "
        "that `rpicam-hello --list-cameras` lists it; for a USB camera, plug it in and look at "
        "/dev/v4l/by-id/",
        "das Flachbandkabel prüfen (Kontakte zum Stecker der Platine, Verriegelung zu) und ob "
        "`rpicam-hello --list-cameras` sie zeigt; eine USB-Kamera einstecken und "
        "/dev/v4l/by-id/ ansehen"), {"source": source})


# ---------------------------------------------------------------------- recognition
def check_recognition(frames: int = 3, backend: str | None = None) -> Check:
    """The card recogniser loads its networks and reads drawn table scenes (1280 x 720, one
    core, as the camera's loop runs it): how long a frame takes here, and what runs the
    networks (ONNX Runtime, or OpenCV's slower dnn where it has no wheels)."""
    import cv2

    from tableside.benchmarks.vision import time_reading
    from tableside.vision.drawn import drawn_deck
    from tableside.vision.recognizer import CardRecognizer
    from tableside.vision.scenes import SceneOptions, draw_scene

    cv2.setNumThreads(1)
    reinstall = _texts(
        "install tableside again (pip install --force-reinstall tableside, or the install "
        "script): its networks in tableside/vision/models must be whole",
        "tableside neu installieren (pip install --force-reinstall tableside oder das "
        "Installationsskript): seine Netze in tableside/vision/models müssen vollständig sein")
    try:
        recognizer = CardRecognizer(backend=backend)
    except Exception as error:  # a missing or damaged network, a broken runtime: say which
        reason = f"{type(error).__name__}: {error}"
        return Check("recognition", FAIL, _texts(f"the recogniser does not load ({reason})",
                                                 f"die Erkennung lädt nicht ({reason})"),
                     reinstall, {"error": reason})
    rng = random.Random(7)
    deck = drawn_deck(rng)
    scenes = [draw_scene(rng, [deck], SceneOptions()) for _ in range(frames + 1)]
    recognizer.recognize(scenes[0].image)  # the first frame warms the networks up
    timed = time_reading(lambda frame: recognizer.recognize(frame).cards, scenes[1:])
    median = timed["median_ms"]
    engine = {"onnxruntime": "ONNX Runtime", "opencv": "OpenCV dnn"}[recognizer.reader.backend]
    asked, read = timed["asked"], timed["read"]
    details = {"backend": recognizer.reader.backend, "frames": frames,
               "median_ms": round(median, 1), "asked": asked, "read": read,
               "wrong": timed["wrong"]}
    found = _texts(f"{median:.0f} ms a frame (median of {frames}, one core, {engine}); read "
                   f"{read} of {asked} cards of drawn scenes",
                   f"{median:.0f} ms pro Bild (Median von {frames}, ein Kern, {engine}); "
                   f"{read} von {asked} Karten gezeichneter Szenen gelesen")
    if asked and read < LEAST_READ * asked:
        return Check("recognition", FAIL, found, reinstall, details)
    if recognizer.reader.backend == "opencv":
        return Check("recognition", WARN, found, _texts(
            "ONNX Runtime is missing (it has no wheels for 32-bit Raspberry Pi OS), so OpenCV "
            "runs the networks, about 1.6 times slower: install the 64-bit Raspberry Pi OS, or "
            "pip install onnxruntime where it has wheels",
            "ONNX Runtime fehlt (für das 32-Bit-Raspberry-Pi-OS gibt es keine Wheels), also "
            "rechnet OpenCV die Netze, etwa 1,6-mal langsamer: das 64-Bit-Raspberry-Pi-OS "
            "installieren oder pip install onnxruntime, wo es Wheels gibt"), details)
    if median > SLOW_FRAME_MS:
        return Check("recognition", WARN, found, _texts(
            f"slower than {SLOW_FRAME_MS:g} ms a frame: the dealer will wait for the camera. "
            "Use a Pi 4 or 5, close other programs, and check `vcgencmd get_throttled` "
            "(0x0: neither too hot nor short of power)",
            f"langsamer als {SLOW_FRAME_MS:g} ms pro Bild: der Geber wird auf die Kamera "
            "warten. Einen Pi 4 oder 5 nehmen, andere Programme schließen und "
            "`vcgencmd get_throttled` prüfen (0x0: weder zu heiß noch zu wenig Strom)"),
            details)
    return Check("recognition", OK, found, None, details)


# ---------------------------------------------------------------------- reader board
def check_board(port: str | None = None, timeout: float = 3.0) -> Check:
    """The reader board on its serial port: it answers HELLO with our protocol version."""
    pattern = port or os.environ.get("TABLESIDE_BOARD") or BOARD_PATTERN
    ports = find_board(pattern)
    if not ports:
        return Check("board", MISSING, _texts(f"no reader board at {pattern}",
                                              f"keine Leseplatine unter {pattern}"), _texts(
            "plug the Pico in by USB (a data cable, not a charging cable); `ls "
            "/dev/serial/by-id/` must list usb-MicroPython_Board...; set TABLESIDE_BOARD in "
            "/etc/default/tableside to that path",
            "den Pico per USB einstecken (ein Datenkabel, kein Ladekabel); `ls "
            "/dev/serial/by-id/` muss usb-MicroPython_Board... zeigen; TABLESIDE_BOARD in "
            "/etc/default/tableside auf diesen Pfad setzen"), {"port": pattern})
    from tableside.rfid.link import BoardLink
    from tableside.rfid.protocol import PROTOCOL_VERSION, Hello

    path = ports[0]
    greeted = threading.Event()
    link = BoardLink(path, on_message=lambda m: greeted.set() if isinstance(m, Hello) else None)
    with link:
        greeted.wait(timeout)
        hello, connected = link.hello, link.connects > 0
    if hello is None:
        found = (_texts(f"{path} opens but the board does not answer",
                        f"{path} öffnet sich, aber die Platine antwortet nicht") if connected
                 else _texts(f"{path} cannot be opened", f"{path} lässt sich nicht öffnen"))
        return Check("board", FAIL, found, _texts(
            "stop other programs on the port (tableside serve, mpremote); check that the user is "
            "in the dialout group; replug the board; if it stays at the REPL, remove the REPL "
            "jumper and flash the firmware again (firmware/README.md)",
            "andere Programme am Port beenden (tableside serve, mpremote); prüfen, ob der "
            "Benutzer in der Gruppe dialout ist; die Platine neu einstecken; bleibt sie in der "
            "REPL, die REPL-Brücke entfernen und die Firmware neu aufspielen "
            "(firmware/README.md)"), {"port": path})
    firmware = ".".join(map(str, hello.firmware))
    details = {"port": path, "firmware": firmware, "protocol": hello.protocol,
               "zones": len(hello.zones)}
    found = _texts(f"{path}: firmware {firmware}, protocol {hello.protocol}, "
                   f"{len(hello.zones)} zones",
                   f"{path}: Firmware {firmware}, Protokoll {hello.protocol}, "
                   f"{len(hello.zones)} Zonen")
    if hello.protocol != PROTOCOL_VERSION:
        return Check("board", FAIL, found, _texts(
            f"tableside speaks protocol {PROTOCOL_VERSION}: flash the firmware of this "
            "tableside version (firmware/README.md)",
            f"tableside spricht Protokoll {PROTOCOL_VERSION}: die Firmware dieser "
            "tableside-Version aufspielen (firmware/README.md)"), details)
    return Check("board", OK, found, None, details)


# ---------------------------------------------------------------------- GPIO
def check_gpio() -> Check:
    """Which gpiozero pin factory the buttons would get, and whether it fits this Pi."""
    model = pi_model()
    chosen = os.environ.get("GPIOZERO_PIN_FACTORY")
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    if Device.pin_factory is not None:
        return _gpio_result(Device.pin_factory, model, chosen)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero warns on each fallback it tries
        try:
            # The factory the buttons would get: what gpiozero itself picks, in its order.
            factory = Device._default_pin_factory()
        except (BadPinFactory, ImportError, OSError, RuntimeError) as error:
            return _gpio_result(None, model, chosen, str(error))
    try:
        return _gpio_result(factory, model, chosen)
    finally:
        factory.close()  # ours only to look at; the table's process opens its own


def _gpio_result(factory: Any, model: str | None, chosen: str | None,
                 failure: str = "") -> Check:
    details = {"model": model, "GPIOZERO_PIN_FACTORY": chosen}
    if factory is None:
        return Check("gpio", MISSING, _texts(f"no GPIO pin factory: {failure}",
                                             f"keine GPIO-Pin-Factory: {failure}"), _texts(
            "on a Pi: sudo apt install python3-lgpio and use a venv with "
            "--system-site-packages (scripts/install-pi.sh does both); elsewhere the buttons "
            "need GPIOZERO_PIN_FACTORY=mock",
            "auf einem Pi: sudo apt install python3-lgpio und ein venv mit "
            "--system-site-packages (scripts/install-pi.sh macht beides); anderswo brauchen "
            "die Tasten GPIOZERO_PIN_FACTORY=mock"), details)
    name = type(factory).__name__
    details["factory"] = name
    with contextlib.suppress(Exception):
        details["board"] = factory.board_info.model
    found = _texts(f"{name} ({model or 'not a Raspberry Pi'})",
                   f"{name} ({model or 'kein Raspberry Pi'})")
    if name.startswith("Mock"):
        return Check("gpio", WARN, found, _texts(
            "mock pins: the dealer pad is simulated; unset GPIOZERO_PIN_FACTORY on the table",
            "simulierte Pins: die Geber-Tasten sind nur simuliert; GPIOZERO_PIN_FACTORY am "
            "Tisch nicht setzen"), details)
    if model is None:
        return Check("gpio", MISSING, found, _texts(
            "not a Raspberry Pi: there is no dealer pad here; run the table on the Pi, or "
            "GPIOZERO_PIN_FACTORY=mock to try the buttons on a computer",
            "kein Raspberry Pi: hier gibt es keine Geber-Tasten; den Tisch auf dem Pi "
            "betreiben oder GPIOZERO_PIN_FACTORY=mock, um die Tasten am Computer zu probieren"),
            details)
    if is_pi5(model) and not name.startswith("LGPIO"):
        return Check("gpio", FAIL, found, _texts(
            "a Pi 5 needs the lgpio pin factory: GPIOZERO_PIN_FACTORY=lgpio (the service sets "
            "it) and python3-lgpio",
            "ein Pi 5 braucht die lgpio-Pin-Factory: GPIOZERO_PIN_FACTORY=lgpio (der Dienst "
            "setzt das) und python3-lgpio"), details)
    return Check("gpio", OK, found, None, details)


# ---------------------------------------------------------------------- storage
def check_database(path: Path) -> Check:
    """The table's database can be written (without writing anything)."""
    details = {"path": str(path)}
    folder = path.parent
    if not path.exists():
        existing = next((p for p in (folder, *folder.parents) if p.exists()), Path("/"))
        if os.access(existing, os.W_OK | os.X_OK):
            return Check("database", OK, _texts(
                f"{path} will be created at the first start",
                f"{path} wird beim ersten Start angelegt"), None, details)
        return Check("database", FAIL, _texts(f"{existing} is not writable for this user",
                                              f"{existing} ist für diesen Benutzer nicht "
                                              "beschreibbar"), _advice_owner(folder), details)
    try:
        connection = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=2)
        try:
            connection.execute("BEGIN IMMEDIATE")  # takes the write lock, writes nothing
            connection.rollback()
            size = path.stat().st_size
        finally:
            connection.close()
    except sqlite3.Error as error:
        return Check("database", FAIL, _texts(f"{path}: {error}", f"{path}: {error}"),
                     _advice_owner(folder), details)
    details["bytes"] = size
    return Check("database", OK, _texts(f"{path} is writable ({size // 1024} KiB)",
                                        f"{path} ist beschreibbar ({size // 1024} KiB)"),
                 None, details)


def _advice_owner(folder: Path) -> dict[str, str]:
    return _texts(f"give the table's user the folder: sudo chown -R USER: {folder} (the "
                  "installer does this), and make sure no other program holds the database",
                  f"dem Benutzer des Tisches den Ordner geben: sudo chown -R BENUTZER: {folder} "
                  "(macht der Installer), und kein anderes Programm darf die Datenbank halten")


def check_disk(path: Path) -> Check:
    existing = next((p for p in (path, *path.parents) if p.exists()), Path("/"))
    usage = shutil.disk_usage(existing)
    free_mb = usage.free // (1 << 20)
    details = {"path": str(existing), "free_mb": free_mb, "total_mb": usage.total // (1 << 20)}
    found = _texts(f"{free_mb} MB free on {existing}", f"{free_mb} MB frei auf {existing}")
    advice = _texts("free space: sudo apt clean, sudo journalctl --vacuum-size=50M, delete old "
                    "exports; or use a bigger SD card",
                    "Platz schaffen: sudo apt clean, sudo journalctl --vacuum-size=50M, alte "
                    "Exporte löschen; oder eine größere SD-Karte nehmen")
    if usage.free < FREE_FAIL:
        return Check("disk", FAIL, found, advice, details)
    if usage.free < FREE_WARN:
        return Check("disk", WARN, found, advice, details)
    return Check("disk", OK, found, None, details)


# ---------------------------------------------------------------------- clock
def check_clock(now: dt.datetime | None = None, synchronized: bool | None = None) -> Check:
    """A plausible date, and NTP synchronised (a Pi has no battery clock before the Pi 5's)."""
    now = now or dt.datetime.now(dt.UTC)
    if synchronized is None:
        synchronized = _ntp_synchronized()
    details = {"now": now.isoformat(timespec="seconds"), "ntp": synchronized}
    found = _texts(f"{now:%Y-%m-%d %H:%M} UTC, NTP "
                   + {True: "synchronised", False: "not synchronised", None: "unknown"}[
                       synchronized],
                   f"{now:%Y-%m-%d %H:%M} UTC, NTP "
                   + {True: "synchronisiert", False: "nicht synchronisiert", None: "unbekannt"}[
                       synchronized])
    if now < EARLIEST:
        return Check("clock", FAIL, found, _texts(
            "the date is wrong, so hand times and the tournament clock will be: connect the Pi "
            "to the network (NTP sets it) or set it with sudo date -s 'YYYY-MM-DD HH:MM'",
            "das Datum ist falsch, also auch Handzeiten und Turnieruhr: den Pi ans Netz "
            "bringen (NTP stellt es) oder mit sudo date -s 'JJJJ-MM-TT HH:MM' setzen"), details)
    if synchronized is False:
        return Check("clock", WARN, found, _texts(
            "not synchronised: check the network and sudo timedatectl set-ntp true",
            "nicht synchronisiert: das Netz prüfen und sudo timedatectl set-ntp true"), details)
    return Check("clock", OK, found, None, details)


def _ntp_synchronized() -> bool | None:
    try:
        done = subprocess.run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"],
                              capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    answer = done.stdout.strip()
    return {"yes": True, "no": False}.get(answer) if done.returncode == 0 else None
