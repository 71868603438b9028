"""The pages in a real browser: Debian's chromium driven by Playwright, against a real
waitress server on a free port.

The dealer works the console on a phone-sized page; a TV page (1920x1080) and a player's
phone (390x844) follow every change live. A whole hand is played through the console's
buttons and card picker, and the TV shows the right winner. Screenshots of the TV and the
phone are written to tests/artifacts/.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from dealer_login import first_login_in_browser
from playwright.sync_api import Page, expect, sync_playwright

from tableside.table import TableService
from tableside.web.app import create_app
from tableside.web.server import start_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PIN = "8642"
TIMEOUT = 15_000  # ms: generous for a loaded 2-core machine; nothing here is timed
# Assertions wait as long as actions do (Playwright's own default for them is 5 s).
expect.set_options(timeout=TIMEOUT)


@pytest.fixture(scope="module")
def browser():
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def fresh_pages(browser):
    """Each test's pages are closed after it: pages left open would go on polling and
    reconnecting their streams while the next test runs."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture
def table(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    service.execute({"type": "settings", "changes": {"name": "Friday", "blinds": [5, 10]}})
    app = create_app(service, {"CREDENTIALS_PATH": tmp_path / "dealer.json"})
    server = start_server(app)
    yield service, app, server
    server.close()
    service.close()


def open_page(browser, url: str, width: int, height: int, **options) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(url)
    return page


def dealer_console(browser, app, url: str) -> Page:
    """Log in as at the first start: the setup code, then the new PIN."""
    page = open_page(browser, url + "/dealer", 390, 844, is_mobile=True, has_touch=True)
    first_login_in_browser(page, app, PIN)
    expect(page.locator("#panel-hand")).to_be_visible()
    return page


def sit(console: Page, seat: int, name: str, buy_in: int) -> None:
    console.click("nav.tabs button[data-show=seats]")
    row = console.locator(f".seat-line[data-seat='{seat}']")
    row.locator("input").first.fill(name)
    row.locator("input[type=number]").fill(str(buy_in))
    row.get_by_role("button").click()
    expect(console.locator(f".seat-line[data-seat='{seat}'] .who")).to_have_text(name)


def pick(console: Page, cards: list[str]) -> None:
    expect(console.locator("#picker")).to_be_visible()
    for card in cards:
        console.click(f"#picker-grid button[data-card='{card}']")
    console.click("#picker-ok")
    expect(console.locator("#picker")).to_be_hidden()


def act(console: Page, name: str | re.Pattern, scope=None) -> None:
    """Press a console button and wait until the console shows the table's next version."""
    before = console.locator("body").get_attribute("data-version")
    (scope or console).get_by_role("button", name=name).click()
    expect(console.locator("body")).not_to_have_attribute("data-version", before or "")


def seat_box(page: Page, seat: int):
    return page.locator(f"#seats .seat[data-seat='{seat}']")


def test_a_dealer_action_updates_the_tv_and_a_phone(browser, table):
    service, app, server = table
    tv = open_page(browser, server.url + "/", 1920, 1080)
    phone = open_page(browser, server.url + "/", 390, 844, is_mobile=True)
    console = dealer_console(browser, app, server.url)
    for page in (tv, phone):
        expect(page.locator("#game-name")).to_have_text("Friday")
    sit(console, 1, "Anna", 500)
    for page in (tv, phone):
        expect(seat_box(page, 1).locator(".name")).to_have_text("Anna")
        expect(seat_box(page, 1).locator(".stack")).to_have_text("500")
    sit(console, 4, "Ben", 300)
    console.click("nav.tabs button[data-show=hand]")
    console.get_by_role("button", name="Start hand").click()
    for page in (tv, phone):
        expect(page.locator("#game-name")).to_have_text("No-limit Texas hold'em")
        expect(page.locator("#game-stakes")).to_contain_text("Hand #1")
        expect(page.locator("#pot-amount")).to_have_text("15")
    # The TV switches to German from the address; the phone keeps English.
    tv.goto(server.url + "/?lang=de&deck=four")
    expect(tv.locator("#pot-label")).to_have_text("Pot")
    expect(tv.locator("#game-name")).to_have_text("No-Limit Texas Hold'em")
    expect(tv.locator("body")).to_have_class(re.compile("deck-four"))
    assert service.public_state()["hand"]["number"] == 1


def test_a_whole_hand_through_the_console_shows_the_right_winner(browser, table):
    service, app, server = table
    ARTIFACTS.mkdir(exist_ok=True)
    tv = open_page(browser, server.url + "/", 1920, 1080)
    phone = open_page(browser, server.url + "/", 390, 844, is_mobile=True)
    console = dealer_console(browser, app, server.url)
    for seat, name, buy_in in ((1, "Anna", 1000), (2, "Ben", 800), (3, "Cleo", 1200)):
        sit(console, seat, name, buy_in)
    console.click("nav.tabs button[data-show=hand]")
    console.locator("select[aria-label='Button on seat']").select_option("3")
    console.get_by_role("button", name="Start hand").click()
    # Button on Cleo (3): Anna posts the small blind, Ben the big blind.
    hole = {"Anna": ["As", "Ad"], "Ben": ["Kc", "Kd"], "Cleo": ["7h", "2c"]}
    for name in ("Anna", "Ben", "Cleo"):
        console.get_by_role("button", name=re.compile(f"^Deal to {name}")).click()
        pick(console, hole[name])
    expect(tv.locator("#to-act")).to_contain_text("Cleo to act")
    act(console, "Fold")  # Cleo
    expect(seat_box(tv, 3).locator(".tag.folded")).to_be_visible()
    expect(console.locator("body")).to_have_attribute("data-version", str(service.version))
    console.locator("#amount").fill("40")
    act(console, "Raise to 40")  # Anna
    expect(tv.locator("#to-act")).to_contain_text("Ben to act · to call 30")
    act(console, "Call 30")  # Ben
    for board in (["Jh", "8s", "3d"], ["9c"], ["4h"]):
        console.get_by_role("button", name=re.compile("^Deal the board")).click()
        pick(console, board)
        for _ in range(2):
            act(console, "Check")
    expect(tv.locator("#boards .card")).to_have_count(5)
    # Showdown, checked down: the first player left of the button shows first.
    act(console, "Show", console.locator(".seat-line", has_text="Anna"))
    act(console, "Show", console.locator(".seat-line", has_text="Ben"))
    for page in (tv, phone):
        expect(page.locator("#showdown")).to_contain_text("Anna wins 80")
        expect(page.locator("#showdown")).to_contain_text("Pair of aces")
        expect(seat_box(page, 1)).to_have_class(re.compile("winner"))
        expect(seat_box(page, 2).locator(".hand-name")).to_contain_text("Pair of kings")
    expect(seat_box(tv, 1).locator(".card.best")).to_have_count(2)
    result = service.public_state()["hand"]["result"]
    assert result["won"] == {"1": 80, "2": 0, "3": 0}
    tv.screenshot(path=str(ARTIFACTS / "tv-1920x1080.png"))
    phone.screenshot(path=str(ARTIFACTS / "phone-390x844.png"), full_page=True)
    console.screenshot(path=str(ARTIFACTS / "console-390x844.png"), full_page=True)
    assert (ARTIFACTS / "tv-1920x1080.png").stat().st_size > 10_000
    # The showdown stays until the next hand starts.
    act(console, "Start next hand")
    expect(tv.locator("#showdown")).to_be_hidden()
    expect(tv.locator("#game-stakes")).to_contain_text("Hand #2")


def test_a_refusal_shows_the_rule_and_the_legal_choices(browser, table):
    service, app, server = table
    console = dealer_console(browser, app, server.url)
    sit(console, 1, "Anna", 500)
    sit(console, 2, "Ben", 500)
    console.click("nav.tabs button[data-show=hand]")
    console.get_by_role("button", name="Start hand").click()
    for name, cards in (("Anna", ["As", "Ks"]), ("Ben", ["Qd", "Qh"])):
        console.get_by_role("button", name=re.compile(f"^Deal to {name}")).click()
        pick(console, cards)
    expect(console.locator("body")).to_have_attribute("data-version", str(service.version))
    console.locator("#amount").fill("12")  # below the minimum raise to 20
    console.get_by_role("button", name="Raise to 12").click()
    expect(console.locator("#error")).to_contain_text("is below the minimum raise to 20")
    expect(console.locator("#error")).to_contain_text("legal:")
    assert service.public_state()["hand"]["players"][0]["bet"] in (5, 10)


def test_the_tv_counts_the_tables_action_timer_and_the_console_confirms_the_chips(
        browser, table):
    service, app, server = table
    service.execute({"type": "settings", "changes": {"action_seconds": 90,
                                                     "action_warning": 15}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 500})
    service.execute({"type": "start_hand", "button": 1})
    service.execute({"type": "deal", "seat": 1, "cards": "As Ad"})
    service.execute({"type": "deal", "seat": 2, "cards": "Kc Kd"})
    tv = open_page(browser, server.url + "/", 1920, 1080)
    timer = seat_box(tv, 1).locator("[data-timer]")
    expect(timer).to_have_text(re.compile(r"^1:[23]\d$"))  # 90 s, counting down
    service.execute({"type": "timer", "action": "pause"})
    expect(timer).to_have_class(re.compile("paused"))
    minutes, seconds = divmod(math.ceil(service.public_state()["action_timer"]["remaining"]), 60)
    expect(timer).to_have_text(f"{minutes}:{seconds:02d}")  # stopped where the dealer paused
    # A bet the chips say waits on the console for CONFIRM.
    console = dealer_console(browser, app, server.url)
    app.extensions["tableside"].proposals.offer(
        {"type": "bet_raise", "seat": 1, "to": 30}, "chips",
        {"en": "seat 1 raises to 30", "de": "Platz 1 erhöht auf 30"})
    proposal = console.locator("#proposal")
    expect(proposal).to_contain_text("seat 1 raises to 30")
    act(console, "CONFIRM", proposal)
    expect(console.locator("#proposal")).to_have_count(0)
    bets = {p["seat"]: p["bet"] for p in service.public_state()["hand"]["players"]}
    assert bets == {1: 30, 2: 10}
    expect(seat_box(tv, 2).locator("[data-timer]")).to_be_visible()  # Ben's turn now


def test_what_the_dealer_is_typing_survives_a_change_at_the_table(browser, table):
    service, app, server = table
    console = dealer_console(browser, app, server.url)
    console.click("nav.tabs button[data-show=seats]")
    name = console.locator(".seat-line[data-seat='2']").locator("input").first
    name.fill("Dora")
    before = console.locator("body").get_attribute("data-version")
    # Another device seats a player meanwhile: the console redraws the seats.
    service.execute({"type": "sit", "seat": 1, "player": "Anna", "buy_in": 500})
    expect(console.locator("body")).not_to_have_attribute("data-version", before or "")
    expect(console.locator(".seat-line[data-seat='1'] .who")).to_have_text("Anna")
    expect(console.locator(".seat-line[data-seat='2']").locator("input").first).to_have_value("Dora")


def test_what_the_dealer_types_while_a_command_is_on_its_way_survives_it(browser, table):
    service, app, server = table
    console = dealer_console(browser, app, server.url)
    # The command's answer is held back until the table's stream has redrawn the console
    # and the dealer has typed the next seat's name meanwhile (a busy Pi, a slow phone).
    held = []
    console.route("**/api/sit", lambda route: held.append(route))
    console.click("nav.tabs button[data-show=seats]")
    anna = console.locator(".seat-line[data-seat='1']")
    anna.locator("input").first.fill("Anna")
    anna.locator("input[type=number]").fill("500")
    anna.get_by_role("button").click()
    for _ in range(500):  # (route handlers run while Playwright waits)
        if held:
            break
        console.wait_for_timeout(20)
    assert len(held) == 1
    answer = held[0].fetch()
    expect(console.locator(".seat-line[data-seat='1'] .who")).to_have_text("Anna")
    ben = console.locator(".seat-line[data-seat='2']").locator("input").first
    ben.fill("Ben")
    held[0].fulfill(response=answer)
    expect(console.locator("#notice")).to_be_visible()
    # What went with the command is used up; what was typed since is not.
    expect(ben).to_have_value("Ben")
    expect(console.locator(".seat-line[data-seat='1']").locator("input").first).to_have_value("")
    assert service.public_state()["seats"][0]["player"] == "Anna"
