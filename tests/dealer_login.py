"""Logging in to the dealer's console from a Flask test client, as at the first start: the
setup code the server printed, then a new PIN. Shared by the web tests."""

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
