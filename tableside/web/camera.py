"""The overhead camera on the dealer's console: its preview, its readings, its calibration.

Everything here is the dealer's (login and, for the POST, the CSRF token):

- ``GET /api/camera``: the status (EN+DE), the newest readings, the cards that count with
  their zones, the alerts for the dealer, the camera's proposal, the calibration in use,
  and how wide its cards look to recognition with advice on the camera (card_size.py);
- ``GET /api/camera/preview.jpg``: the newest frame with every card outlined and named;
- ``GET /api/camera/still.jpg``: the newest frame as it came, to mark the calibration on;
- ``GET /api/camera/calibration``: the calibration stored with the table (or null);
- ``POST /api/camera/calibration``: store a new one, as the dealer clicked it:
  ``{"image_corners": [[x, y] x 4], "size_mm": [w, h], "zones": [{"kind": "board"|"seat"|
  "muck", "seat"?, "name"?, "image_polygon": [[x, y], ...]}]}`` (image pixels; or
  ``"polygon"`` in table millimetres). It is checked as a
  :class:`~tableside.vision.calibration.Calibration` (a refusal says why in English and
  German, status 400) and stored in the table's settings (``camera_calibration``), so it
  lives in the table's log and survives a restart;
- ``POST /api/camera/letters``: what the table's deck letters its court cards,
  ``{"deck_letters": "auto"|"english"|"german"}`` (auto: the camera tells a German deck's B
  and D by what it sees), stored in the table's settings (``deck_letters``; ``GET
  /api/camera`` says it too).

The camera is attached with :func:`attach_camera`; without one the pictures answer 503 and
the calibration can still be read and stored.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request

from tableside.cards import COURT_LETTERS
from tableside.table.errors import StoreError, TableError
from tableside.web.auth import dealer_required, error

blueprint = Blueprint("camera", __name__)

EXTENSION = "tableside_camera"


def attach_camera(app: Flask, camera: Any) -> None:
    """Show ``camera`` (a :class:`~tableside.vision.table_camera.TableCamera`) on ``app``."""
    app.extensions[EXTENSION] = camera


def _camera() -> Any | None:
    return current_app.extensions.get(EXTENSION)


def _service() -> Any:
    return current_app.extensions["tableside"].service


def _no_camera() -> Response:
    return error(503, "no_camera", "no camera is running: start the server with --camera",
                 "keine Kamera läuft: den Server mit --camera starten")


def _no_frame() -> Response:
    response = error(503, "no_frame", "the camera has not sent a frame yet",
                     "die Kamera hat noch kein Bild geliefert")
    response.headers["Retry-After"] = "1"
    return response


def _stored_calibration() -> dict[str, Any] | None:
    return _service().read(
        lambda state: state.settings.camera_calibration if state.settings is not None else None)


def _stored_letters() -> str:
    return _service().read(
        lambda state: state.settings.deck_letters if state.settings is not None else "auto")


@blueprint.get("/api/camera")
@dealer_required
def camera_state() -> Response:
    camera = _camera()
    if camera is None:
        return jsonify({"online": None, "status": {
            "en": "No camera: start the server with --camera",
            "de": "Keine Kamera: den Server mit --camera starten"},
            "frames": 0, "size": None, "readings": None, "alerts": [], "proposal": None,
            "calibration": _stored_calibration(), "calibration_problem": None,
            "card_size": None, "deck_letters": _stored_letters()})
    return jsonify({**camera.to_json(), "deck_letters": _stored_letters()})


def _jpeg(image: Any) -> Response:
    from tableside.vision.table_camera import encode_jpeg

    response = Response(encode_jpeg(image), mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/api/camera/preview.jpg")
@dealer_required
def preview() -> Response:
    camera = _camera()
    if camera is None:
        return _no_camera()
    picture = camera.preview()
    return _no_frame() if picture is None else _jpeg(picture)


@blueprint.get("/api/camera/still.jpg")
@dealer_required
def still() -> Response:
    camera = _camera()
    if camera is None:
        return _no_camera()
    frame = camera.still()
    return _no_frame() if frame is None else _jpeg(frame)


@blueprint.get("/api/camera/calibration")
@dealer_required
def stored_calibration() -> Response:
    return jsonify({"calibration": _stored_calibration()})


@blueprint.post("/api/camera/calibration")
@dealer_required
def store_calibration() -> Response:
    from tableside.vision.calibration import CalibrationError

    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return error(400, "calibration", "the calibration is a JSON object",
                     "die Kalibrierung ist ein JSON-Objekt")
    try:
        calibration = calibration_from_marks(body)
    except CalibrationError as refusal:
        return error(400, "calibration", refusal.message("en"), refusal.message("de"))
    except (KeyError, TypeError, ValueError, IndexError) as fault:
        return error(400, "calibration",
                     f"the calibration needs image_corners, size_mm and zones ({fault})",
                     f"die Kalibrierung braucht image_corners, size_mm und zones ({fault})")
    data = calibration.to_dict()
    return _settings_changed({"camera_calibration": data}, {"calibration": data})


@blueprint.post("/api/camera/letters")
@dealer_required
def store_letters() -> Response:
    body = request.get_json(silent=True)
    letters = body.get("deck_letters") if isinstance(body, dict) else None
    choices = ("auto", *COURT_LETTERS)
    if letters not in choices:
        return error(400, "deck_letters",
                     f"deck_letters is one of {', '.join(choices)}",
                     f"deck_letters ist eines von {', '.join(choices)}")
    return _settings_changed({"deck_letters": letters}, {"deck_letters": letters})


def _settings_changed(changes: dict[str, Any], answer: dict[str, Any]) -> Response:
    """The table's settings changed as ``changes`` say: ``answer`` with the event's number,
    or the table's refusal (409) or the store's failure (503)."""
    try:
        ack = _service().execute({"type": "settings", "changes": changes})
    except TableError as refusal:
        response = jsonify({"error": refusal.to_json()})
        response.status_code = 409
        return response
    except StoreError as failure:
        response = jsonify({"error": failure.to_json()})
        response.status_code = 503
        return response
    return jsonify({"ok": True, "seq": ack.seq, **answer})


def calibration_from_marks(body: dict[str, Any]) -> Any:
    """A :class:`Calibration` from what the dealer marked: corners and zones in image pixels
    (``image_polygon``) or zones already in millimetres (``polygon``)."""
    from tableside.vision.calibration import Calibration, Zone

    corners = tuple((float(x), float(y)) for x, y in body["image_corners"])
    size = body["size_mm"]
    calibration = Calibration(corners, (float(size[0]), float(size[1])))
    for zone in body.get("zones") or ():
        kind = str(zone["kind"])
        seat = zone.get("seat")
        seat = int(seat) if seat not in (None, "") else None
        name = str(zone.get("name") or (f"seat {seat}" if kind == "seat" else kind))
        if "image_polygon" in zone:
            calibration = calibration.with_zone(name, kind, zone["image_polygon"], seat)
        else:
            polygon = tuple((float(x), float(y)) for x, y in zone["polygon"])
            calibration = Calibration(calibration.image_corners, calibration.size_mm,
                                      (*calibration.zones, Zone(name, kind, polygon, seat)))
    return calibration
