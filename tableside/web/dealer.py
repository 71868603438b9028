"""The dealer's console and API: every table command, the dealer's view, exports.

Commands are posted as JSON to ``POST /api/<type>`` (the body holds the command's fields,
see :mod:`tableside.table.commands`), e.g. ``POST /api/bet_raise {"to": 60}``. The answer is
the acknowledgement (``{"ok": true, "seq", "at", "command"}``) or the refusal exactly as the
table words it (``{"error": {"rule", "message": {"en", "de"}, "legal"?}}``, status 409; 400
for a malformed command). The dealer pad's buttons are pressed with
``POST /api/dealer/press/<button>`` (the console's twins of the physical pad; CONFIRM sends
the proposal, e.g. the chips' bet, that the dealer's state shows). Everything here needs
the dealer's login, and every POST the CSRF token (:mod:`tableside.web.auth`).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from tableside.buttons.actions import ACTIONS
from tableside.engine.catalogue import catalogue
from tableside.engine.rotation import ROTATION_NAMES, ROTATIONS
from tableside.table.commands import SCHEMA
from tableside.table.errors import StoreError, TableError
from tableside.web import exports
from tableside.web.auth import dealer_required, error
from tableside.web.context import WebContext, proposal_json
from tableside.web.display_state import with_display

blueprint = Blueprint("dealer", __name__)


def _context() -> WebContext:
    return current_app.extensions["tableside"]


@blueprint.get("/dealer")
@dealer_required
def console() -> str:
    return render_template("console.html", language=current_app.config["DEFAULT_LANGUAGE"])


@blueprint.get("/api/dealer/state")
@dealer_required
def dealer_state() -> Response:
    """Everything the dealer may see: hole cards, the ledger, the seats' flags; and what
    CONFIRM would send (``proposal``: the chips' bet, or null)."""
    context = _context()
    state = with_display(context.service.dealer_state(), time.time())
    state["proposal"] = proposal_json(context.proposals.current)
    return jsonify(state)


@blueprint.post("/api/dealer/press/<action>")
@dealer_required
def press(action: str) -> Response:
    """A dealer pad button pressed on the console (``fold``, ``check_call``, ``confirm``,
    ``next``, ``undo``): ``{"action", "accepted", "rule", "message", "commands"}``, status
    409 when the table (or the pad: nothing to confirm) refused it."""
    try:
        report = _context().pad.press(action)
    except KeyError:
        return error(404, "unknown_button", f"the pad has no button {action!r}",
                     f"das Tastenfeld hat keine Taste {action!r}", known=list(ACTIONS))
    except StoreError as failure:
        response = jsonify({"error": failure.to_json()})
        response.status_code = 503
        return response
    if report["accepted"]:
        return jsonify(report)
    response = jsonify({**report, "error": {"rule": report["rule"],
                                            "message": report["message"]}})
    response.status_code = 409
    return response


@blueprint.get("/api/dealer/games")
@dealer_required
def games() -> Response:
    """The games and rotations the dealer can choose from."""
    return jsonify({
        "games": [{"code": e.code, "names": e.names, "family": str(e.family),
                   "structure": str(e.structure), "stakes_needed": list(e.stakes_needed),
                   "max_players": e.seats} for e in catalogue()],
        "rotations": [{"code": code, "names": ROTATION_NAMES[code], "games": list(games)}
                      for code, games in ROTATIONS.items()],
    })


@blueprint.post("/api/<command_type>")
@dealer_required
def command(command_type: str) -> Response:
    if command_type not in SCHEMA:
        return error(404, "unknown_command", f"there is no command {command_type!r}",
                     f"es gibt keinen Befehl {command_type!r}", known=list(SCHEMA))
    body = request.get_json(silent=True)
    if body is None:
        body = {}
    if not isinstance(body, dict):
        return error(400, "bad_command", "the body must be a JSON object",
                     "der Inhalt muss ein JSON-Objekt sein")
    try:
        acknowledgement = _context().service.execute({**body, "type": command_type})
    except TableError as refusal:
        status = 400 if refusal.rule == "bad_command" else 409
        response = jsonify({"error": refusal.to_json()})
        response.status_code = status
        return response
    except StoreError as failure:
        response = jsonify({"error": failure.to_json()})
        response.status_code = 503
        return response
    return jsonify(acknowledgement.to_json())


@blueprint.get("/api/dealer/settlement")
@dealer_required
def settlement() -> Response:
    """The night's ledger, its balance and who pays whom."""
    try:
        return jsonify(exports.settlement(_context().service))
    except TableError as refusal:
        response = jsonify({"error": refusal.to_json()})
        response.status_code = 409
        return response


@blueprint.get("/api/dealer/export/<kind>")
@dealer_required
def export(kind: str) -> Response:
    """Downloads: ``phh`` (every finished hand), ``pokerstars`` (hold'em and Omaha hands),
    ``ledger.csv``, ``backup`` (a copy of the database, taken while the table runs)."""
    service = _context().service
    lang = request.args.get("lang", current_app.config["DEFAULT_LANGUAGE"])
    if kind == "backup":
        with tempfile.TemporaryDirectory() as folder:
            copy = exports.backup(service, Path(folder) / "tableside-backup.db")
            data = copy.read_bytes()
        return Response(data, mimetype="application/vnd.sqlite3", headers={
            "Content-Disposition": 'attachment; filename="tableside-backup.db"'})
    makers: dict[str, tuple[Any, str, str]] = {
        "phh": (exports.phh, "text/plain", "hands.phhs"),
        "pokerstars": (exports.pokerstars, "text/plain", "hands-pokerstars.txt"),
        "ledger.csv": (exports.ledger_csv, "text/csv", "ledger.csv"),
    }
    if kind not in makers:
        return error(404, "unknown_export", f"no export called {kind!r}",
                     f"kein Export namens {kind!r}", known=[*makers, "backup"])
    make, mimetype, filename = makers[kind]
    try:
        text = make(service, lang)
    except TableError as refusal:
        response = jsonify({"error": refusal.to_json()})
        response.status_code = 409
        return response
    return Response(text, mimetype=f"{mimetype}; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})
