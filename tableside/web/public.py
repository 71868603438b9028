"""The public, read-only API: the table's state, its live stream, live equity, past hands.

Nothing here needs a login and nothing here changes anything; everything here is built from
the service's public state, which never holds a hidden card.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from tableside.web.context import WebContext
from tableside.web.hub import StreamsFull

blueprint = Blueprint("public", __name__)

# Sent with every live and state response: proxies and browsers must neither store nor
# buffer them.
NO_STORE = {"Cache-Control": "no-store"}


def _context() -> WebContext:
    return current_app.extensions["tableside"]


@blueprint.get("/api/state")
def state() -> Response:
    """The public state: exactly the first event of the stream."""
    return Response(_context().hub.state_json(), mimetype="application/json", headers=NO_STORE)


@blueprint.get("/api/stream")
def stream() -> Response:
    """Server-Sent Events: ``state`` (the whole state), then ``patch`` (merge patches),
    ``equity`` and ``ping`` (keep-alive with the server's clock).

    A browser reconnecting sends ``Last-Event-ID``; a page that opens a new stream after
    sleeping passes the same id as ``?since=``. Either way it gets only what changed.
    """
    context = _context()
    since = request.headers.get("Last-Event-ID") or request.args.get("since")
    try:
        events = context.hub.events(since, keepalive=current_app.config["KEEPALIVE_SECONDS"],
                                    max_streams=current_app.config["MAX_STREAMS"])
    except StreamsFull:
        body = {"error": {"rule": "streams_full", "message": {
            "en": "too many screens are connected; retrying shortly",
            "de": "zu viele Bildschirme verbunden; neuer Versuch gleich"}}}
        return Response(jsonify(body).get_data(), status=503, mimetype="application/json",
                        headers={"Retry-After": "10", **NO_STORE})
    return Response(events, mimetype="text/event-stream",
                    headers={**NO_STORE, "X-Accel-Buffering": "no"})


@blueprint.get("/api/history")
def history() -> Response:
    """The night's finished hands, newest first, as everyone may see them."""
    return Response(_context().history.json(), mimetype="application/json", headers=NO_STORE)


@blueprint.get("/api/equity")
def equity() -> Response:
    """Live equity of the current state's face-up hands (``{}`` when there is none)."""
    found = _context().hub.extra("equity")
    if found is None or found[0] != _context().hub.version:
        return Response("{}", mimetype="application/json", headers=NO_STORE)
    return Response(found[1], mimetype="application/json", headers=NO_STORE)
