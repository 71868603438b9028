"""The dealer's login: PIN set at first start, a session cookie, CSRF tokens, rate limits.

Every request that could change something (POST, PUT, PATCH, DELETE, anywhere in the app)
must carry the session's CSRF token in the ``X-CSRF-Token`` header (or a ``csrf_token``
form field) and, when the browser names an ``Origin``, come from this server's own pages.
The dealer's pages and API also need a logged-in session of the current PIN generation:
changing the PIN logs every other device out.
"""

from __future__ import annotations

import functools
import hmac
import math
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from tableside.web.context import WebContext
from tableside.web.pin import PinError

blueprint = Blueprint("auth", __name__)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _context() -> WebContext:
    return current_app.extensions["tableside"]


def error(status: int, rule: str, en: str, de: str, **extra: Any) -> Response:
    """A refusal as JSON: ``{"error": {"rule", "message": {"en", "de"}, ...}}``."""
    response = jsonify({"error": {"rule": rule, "message": {"en": en, "de": de}, **extra}})
    response.status_code = status
    return response


def csrf_token() -> str:
    """The session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return token


def is_dealer() -> bool:
    return bool(session.get("dealer")) and (
        session.get("generation") == _context().credentials.generation)


def _same_origin() -> bool:
    origin = request.headers.get("Origin")
    if origin is None or origin == "null":
        return origin is None  # "null": a sandboxed or file page, never ours
    return urlsplit(origin).netloc == request.host


def _check_request() -> Response | None:
    if request.method in SAFE_METHODS:
        return None
    if not _same_origin():
        return error(403, "cross_origin", "requests must come from this server's own pages",
                     "Anfragen müssen von den Seiten dieses Servers kommen")
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token") or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(sent, expected):
        return error(403, "csrf", "the page is out of date or not ours: reload it and try again",
                     "die Seite ist veraltet oder fremd: neu laden und noch einmal versuchen")
    return None


def protect(app: Flask) -> None:
    """Check CSRF and origin on every state-changing request of the app."""
    app.before_request(_check_request)
    app.context_processor(lambda: {"csrf_token": csrf_token, "is_dealer": is_dealer})


def dealer_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Pages redirect to the login; API calls answer 401."""
    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if is_dealer():
            return view(*args, **kwargs)
        if request.path.startswith("/api/"):
            return error(401, "login", "only the dealer may do this: log in with the PIN",
                         "das darf nur der Geber: mit der PIN anmelden")
        return redirect(url_for("auth.login", next=request.path))
    return guarded


def _client() -> str:
    return request.remote_addr or "unknown"


def _payload() -> dict[str, Any]:
    return request.get_json(silent=True) or request.form.to_dict()


def _logged_in() -> Response:
    session.clear()
    session.permanent = True
    session["dealer"] = True
    session["generation"] = _context().credentials.generation
    return jsonify({"ok": True, "csrf": csrf_token()})


@blueprint.get("/dealer/login")
def login() -> str:
    credentials = _context().credentials
    return render_template("login.html", setup=not credentials.has_pin,
                           language=current_app.config["DEFAULT_LANGUAGE"])


@blueprint.post("/dealer/login")
def check_pin() -> Response:
    context = _context()
    if not context.credentials.has_pin:
        return error(409, "no_pin", "no PIN is set yet: set one first",
                     "es ist noch keine PIN gesetzt: zuerst eine wählen")
    waiting = _waiting(context)
    if waiting is not None:
        return waiting
    pin = str(_payload().get("pin", ""))
    if not context.credentials.verify(pin):
        context.limiter.failed(_client())
        return error(401, "wrong_pin", "wrong PIN", "falsche PIN")
    context.limiter.succeeded(_client())
    return _logged_in()


@blueprint.post("/dealer/setup")
def set_first_pin() -> Response:
    context = _context()
    if context.credentials.has_pin:
        return error(409, "pin_set", "the PIN is already set", "die PIN ist schon gesetzt")
    waiting = _waiting(context)
    if waiting is not None:
        return waiting
    data = _payload()
    try:
        context.credentials.set_pin(str(data.get("pin", "")),
                                    setup_code=str(data.get("setup_code", "")))
    except PinError as refusal:
        return _refused(refusal)
    return _logged_in()


@blueprint.post("/dealer/pin")
@dealer_required
def change_pin() -> Response:
    context = _context()
    waiting = _waiting(context)
    if waiting is not None:
        return waiting
    data = _payload()
    try:
        context.credentials.set_pin(str(data.get("pin", "")),
                                    current_pin=str(data.get("current", "")))
    except PinError as refusal:
        return _refused(refusal)
    return _logged_in()


def _refused(refusal: PinError) -> Response:
    """A refused PIN change; guessing the setup code or the current PIN counts as a failed
    attempt."""
    if refusal.rule != "pin_format":
        _context().limiter.failed(_client())
    return error(400, refusal.rule, refusal.texts["en"], refusal.texts["de"])


def _waiting(context: WebContext) -> Response | None:
    """429 while this client must wait before trying a PIN again."""
    wait = context.limiter.wait_time(_client())
    if wait <= 0:
        return None
    seconds = math.ceil(wait)
    response = error(429, "too_many_attempts", f"too many wrong attempts: try again in {seconds} s",
                     f"zu viele Fehlversuche: in {seconds} s wieder versuchen",
                     retry_after=seconds)
    response.headers["Retry-After"] = str(seconds)
    return response


@blueprint.post("/dealer/logout")
def logout() -> Response:
    session.clear()
    return jsonify({"ok": True})
