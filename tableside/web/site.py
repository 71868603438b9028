"""Where the pages live: the repository's top-level ``web/`` folder, inside the package.

``tableside/web/site`` is a symbolic link to ``../../web``, so the pages are edited in
``web/`` and found through the package both in a checkout (and an editable install) and in
an installed wheel, where setuptools has copied the files the link points to (the
``package-data`` entry ``"tableside.web" = ["site/**/*"]`` in pyproject.toml).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def site_folder() -> Path:
    """The folder with ``templates/`` and ``static/``."""
    return Path(str(files("tableside.web") / "site"))


def templates_folder() -> Path:
    return site_folder() / "templates"


def static_folder() -> Path:
    return site_folder() / "static"
