"""The pages ship inside the package and need nothing from the internet."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from tableside.table import TableService
from tableside.web.app import create_app
from tableside.web.site import site_folder, static_folder, templates_folder

PAGES = ("display.html", "history.html", "login.html", "console.html")
REPOSITORY_WEB = Path(__file__).resolve().parents[1] / "web"


def test_the_pages_are_found_through_the_package():
    package = Path(str(files("tableside.web")))
    assert site_folder() == package / "site"
    for page in PAGES:
        assert (templates_folder() / page).is_file(), page
    # The package's folder is the repository's web/ (a link), so there is one copy.
    assert (templates_folder() / "display.html").resolve() == (
        REPOSITORY_WEB / "templates" / "display.html").resolve()


def test_the_app_renders_every_page_from_the_package(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    app = create_app(service, {"LIVE_EQUITY": False})
    try:
        assert Path(app.template_folder) == templates_folder()
        assert Path(app.static_folder) == static_folder()
        client = app.test_client()
        for path in ("/", "/history", "/dealer/login"):
            page = client.get(path)
            assert page.status_code == 200, path
            html = page.get_data(as_text=True)
            for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
                assert client.get(asset).status_code == 200, asset
    finally:
        app.extensions["tableside"].close()
        service.close()


def test_every_asset_is_local():
    remote = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|"""
                        r"""@import\s+url\(\s*["']?https?:|"""
                        r"""fetch\(\s*["']https?:|new EventSource\(\s*["']https?:""")
    for path in site_folder().rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            assert not remote.search(path.read_text(encoding="utf-8")), path


def test_every_script_module_import_exists():
    scripts = static_folder() / "js"
    for script in scripts.glob("*.js"):
        for imported in re.findall(r'from "\./([^"]+)"', script.read_text(encoding="utf-8")):
            assert (scripts / imported).is_file(), f"{script.name} imports {imported}"
