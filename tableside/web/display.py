"""The public pages: the table display (TV and phones) and the hand history.

Both are plain pages that draw themselves from the live state (``/api/stream``); the server
only fills in the default language.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

blueprint = Blueprint("display", __name__)


def _language() -> str:
    return current_app.config["DEFAULT_LANGUAGE"]


@blueprint.get("/")
def table() -> str:
    return render_template("display.html", language=_language())


@blueprint.get("/history")
def history() -> str:
    return render_template("history.html", language=_language())
