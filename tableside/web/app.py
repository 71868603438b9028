"""The app factory: ``create_app(service, config)`` builds the Flask app around a table service.

Nothing is global: everything the views need (the service, the hub of live states, the
dealer's credentials, the PIN attempt limiter, the live equity) hangs on the app as
``app.extensions["tableside"]`` (a :class:`~tableside.web.context.WebContext`), so several
apps (tests, a benchmark) can run side by side in one process.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from tableside.buttons.proposals import Proposals
from tableside.web import auth, camera, dealer, display, public
from tableside.web.context import WebContext
from tableside.web.server import DEFAULT_STREAMS
from tableside.web.site import static_folder, templates_folder

DEFAULTS: dict[str, Any] = {
    # The dealer's credentials file (PIN hash, session key); None keeps them in memory only.
    "CREDENTIALS_PATH": None,
    # Live streams served at once (each holds a server thread; see tableside.web.server).
    "MAX_STREAMS": DEFAULT_STREAMS,
    # Seconds between keep-alive pings on an idle stream.
    "KEEPALIVE_SECONDS": 15.0,
    # Live equity on the display when hands are face up and the action is closed.
    "LIVE_EQUITY": True,
    # Act for a player whose action timer ran out (the table's settings set the timer:
    # action_seconds, action_warning), from a thread of the server.
    "ACTION_TIMEKEEPER": True,
    # The language of the pages until a visitor picks one ("en" or "de").
    "DEFAULT_LANGUAGE": "en",
    # A dealer's login lasts a long evening.
    "PERMANENT_SESSION_LIFETIME": timedelta(hours=16),
    "SESSION_COOKIE_NAME": "tableside_dealer",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Strict",
    "JSON_SORT_KEYS": False,
}


def create_app(service: Any, config: Mapping[str, Any] | None = None, *,
               proposals: Proposals | None = None, pad: Any | None = None) -> Flask:
    """A Flask app showing ``service``'s table and letting the dealer drive it.

    ``service`` is a :class:`tableside.table.service.TableService` (or anything with its
    ``public_state()``, ``dealer_state()``, ``execute(command)`` and ``subscribe(callback)``).
    ``config`` overrides :data:`DEFAULTS` and any Flask setting. ``proposals`` are what the
    dealer's CONFIRM sends (the chips' bets; the console shows them), ``pad`` the dealer
    pad on the GPIO, if there is one (the console's buttons then press it).
    """
    app = Flask(__name__, template_folder=str(templates_folder()),
                static_folder=str(static_folder()), static_url_path="/static")
    app.config.from_mapping(DEFAULTS)
    if config:
        app.config.from_mapping(config)
    path = app.config["CREDENTIALS_PATH"]
    context = WebContext.start(service, app.config,
                               credentials_path=Path(path) if path else None,
                               proposals=proposals, pad=pad)
    app.secret_key = context.credentials.session_key
    app.extensions["tableside"] = context
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    auth.protect(app)
    app.register_blueprint(display.blueprint)
    app.register_blueprint(public.blueprint)
    app.register_blueprint(auth.blueprint)
    app.register_blueprint(dealer.blueprint)
    app.register_blueprint(camera.blueprint)
    return app
