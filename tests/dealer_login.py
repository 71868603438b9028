"""Logging in to the dealer's console as at the first start: the setup code the server printed,
then a new PIN; from a Flask test client or in a real browser. Shared by the web tests."""

from __future__ import annotations

import re

CSRF_META = re.compile(r'name="csrf-token" content="([^"]+)"')


def page_token(client, path: str = "/dealer/login") -> str:
    """The CSRF token a page carries in its <meta name="csrf-token">."""
    return CSRF_META.search(client.get(path).get_data(as_text=True)).group(1)


def first_login(app, pin: str, client=None):
    """``client`` (a new test client if None) logged in as the dealer with a new ``pin``;
    returns the client and the session's CSRF token."""
    client = client or app.test_client()
    code = app.extensions["tableside"].credentials.setup_code
    answer = client.post("/dealer/setup", json={"setup_code": code, "pin": pin},
                         headers={"X-CSRF-Token": page_token(client)})
    assert answer.status_code == 200, answer.json
    return client, answer.json["csrf"]


def first_login_in_browser(page, app, pin: str) -> None:
    """Log a Playwright page on the dealer's login form in, and wait until the console has
    drawn the dealer's state (it sets the state's version on <body> then): its buttons work
    only once its script has run, and a click before that is lost on a loaded machine."""
    from playwright.sync_api import expect

    expect(page).to_have_url(re.compile(r"/dealer/login"))
    page.fill("input[name=setup_code]", app.extensions["tableside"].credentials.setup_code)
    page.fill("input[name=pin]", pin)
    page.click("form button[type=submit]")
    expect(page).to_have_url(re.compile(r"/dealer$"))
    expect(page.locator("body")).to_have_attribute("data-version", re.compile(r"^\d+$"))
