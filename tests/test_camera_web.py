"""The camera on the dealer's console: the preview JPEG, the readings and alerts as JSON, the
still frame and the calibration, stored with the table so that it survives a restart. Flask's
test client against a real table service and a real recognition; then one short run in
Debian's chromium (Playwright) through the Camera tab: the preview shows, and a calibration
marked by clicking is saved."""

from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from camera_frames import FRAME, board_places, calibration, table_frame
from dealer_login import first_login, first_login_in_browser
from playwright.sync_api import expect, sync_playwright

from tableside.buttons.proposals import Proposals
from tableside.table import TableService
from tableside.vision.fusion import APPEAR_AFTER
from tableside.vision.sources import FrameListSource
from tableside.vision.table_camera import TableCamera
from tableside.web.app import create_app
from tableside.web.camera import attach_camera
from tableside.web.server import start_server

PIN = "4711"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT = 15_000  # ms: generous for a loaded 2-core machine; nothing here is timed
# Assertions wait as long as actions do (Playwright's own default for them is 5 s).
expect.set_options(timeout=TIMEOUT)
MARKED = {"image_corners": [[0, 0], [1280, 0], [1280, 720], [0, 720]], "size_mm": [1280, 720],
          "zones": [{"kind": "board", "image_polygon": [[100, 120], [1180, 120], [1180, 380],
                                                        [100, 380]]},
                    {"kind": "seat", "seat": 2, "image_polygon": [[800, 470], [1240, 470],
                                                                  [1240, 710], [800, 710]]}]}


@pytest.fixture
def service(tmp_path: Path):
    service = TableService.open(tmp_path / "table.db")
    yield service
    service.close()


@pytest.fixture
def app(service, tmp_path: Path):
    proposals = Proposals()
    app = create_app(service, {"CREDENTIALS_PATH": tmp_path / "dealer.json",
                               "LIVE_EQUITY": False, "ACTION_TIMEKEEPER": False},
                     proposals=proposals)
    yield app
    app.extensions["tableside"].close()


def logged_in(app):
    """A test client logged in as the dealer, and its CSRF token."""
    return first_login(app, PIN)


def test_the_preview_is_a_jpeg_of_the_frame_with_the_cards_outlined(service, app):
    service.execute({"type": "settings", "changes": {"camera_calibration":
                                                     calibration().to_dict()}})
    frame = table_frame(dict(zip(["Ah", "7c", "Kd"], board_places(3), strict=True)))
    camera = TableCamera(FrameListSource([frame], loop=True), service,
                         app.extensions["tableside"].proposals)
    attach_camera(app, camera)
    client, _ = logged_in(app)
    assert client.get("/api/camera/preview.jpg").status_code == 503  # no frame yet
    for _ in range(APPEAR_AFTER):
        camera.step()

    answer = client.get("/api/camera/preview.jpg")
    assert answer.status_code == 200 and answer.mimetype == "image/jpeg"
    preview = cv2.imdecode(np.frombuffer(answer.data, np.uint8), cv2.IMREAD_COLOR)
    still = cv2.imdecode(np.frombuffer(client.get("/api/camera/still.jpg").data, np.uint8),
                         cv2.IMREAD_COLOR)
    assert preview.shape == still.shape == (FRAME[1], FRAME[0], 3)
    # The outlines of the cards read: far more of the preview's green than the frame has.
    def green(picture: np.ndarray) -> int:
        return int(((picture[:, :, 1] > 170) & (picture[:, :, 0] < 110)
                    & (picture[:, :, 2] < 110)).sum())
    assert green(preview) > 5 * green(still) + 1000

    state = client.get("/api/camera").json
    assert state["online"] is True and state["frames"] == APPEAR_AFTER
    assert set(state["status"]) == {"en", "de"}
    assert sorted((c["card"], c["zone"]) for c in state["readings"]["stable"]) == [
        ("7c", "board"), ("Ah", "board"), ("Kd", "board")]
    assert state["calibration"]["zones"][0]["name"] == "board"
    assert state["alerts"] == [] and state["proposal"] is None  # no hand in play
    # A millimetre a pixel: a 63 mm card is 63 px wide, read but under the 80 px that read best.
    size = state["card_size"]
    assert size["least_px"] == size["most_px"] == 63.0 and size["verdict"] == "small"
    assert "63-63 px" in size["advice"]["en"] and "80 px" in size["advice"]["de"]


def test_without_a_calibration_the_cards_read_tell_how_wide_cards_look(service, app):
    frame = table_frame(dict(zip(["Ah", "7c", "Kd"], board_places(3), strict=True)))
    camera = TableCamera(FrameListSource([frame], loop=True), service,
                         app.extensions["tableside"].proposals)
    attach_camera(app, camera)
    client, _ = logged_in(app)
    assert client.get("/api/camera").json["card_size"] is None  # no frame yet
    camera.step()
    size = client.get("/api/camera").json["card_size"]
    # The frames' cards are 130 px wide (camera_frames.CARD_WIDTH), slightly turned.
    assert size["source"] == "cards" and size["verdict"] == "good"
    assert 120 < size["least_px"] <= size["most_px"] < 145
    assert set(size["advice"]) == {"en", "de"}


def test_the_camera_is_the_dealers_only(app):
    attach_camera(app, None)
    client = app.test_client()
    for path in ("/api/camera", "/api/camera/preview.jpg", "/api/camera/still.jpg",
                 "/api/camera/calibration"):
        assert client.get(path).status_code == 401
    dealer, _ = logged_in(app)
    answer = dealer.get("/api/camera/preview.jpg")
    assert answer.status_code == 503
    assert set(answer.json["error"]["message"]) == {"en", "de"}
    assert dealer.get("/api/camera").json["calibration"] is None
    assert dealer.get("/api/camera").json["card_size"] is None


def test_a_calibration_marked_in_pixels_is_stored_and_survives_a_restart(service, app,
                                                                         tmp_path):
    client, token = logged_in(app)
    answer = client.post("/api/camera/calibration", json=MARKED,
                         headers={"X-CSRF-Token": token})
    assert answer.status_code == 200, answer.json
    stored = client.get("/api/camera/calibration").json["calibration"]
    assert stored == answer.json["calibration"]
    assert [(z["name"], z["kind"], z.get("seat")) for z in stored["zones"]] == [
        ("board", "board", None), ("seat 2", "seat", 2)]
    service.close()

    with TableService.open(tmp_path / "table.db") as reopened:
        settings = reopened.dealer_state()["table"]["settings"]
        assert settings["camera_calibration"] == stored
        camera = TableCamera(FrameListSource([]), reopened, Proposals())
        assert camera.calibration.zone_at((640, 250)).name == "board"
        assert camera.calibration.zone_at((1000, 600)).seat == 2
        assert camera.calibration.zone_at((200, 600)) is None


def test_the_deck_letters_are_stored_with_the_table_and_followed_by_the_camera(service, app):
    client, token = logged_in(app)
    camera = TableCamera(FrameListSource([]), service, Proposals())
    assert camera.pipeline.recognizer.letters == "auto"
    assert client.get("/api/camera").json["deck_letters"] == "auto"
    answer = client.post("/api/camera/letters", json={"deck_letters": "french"},
                         headers={"X-CSRF-Token": token})
    assert answer.status_code == 400
    message = answer.json["error"]["message"]
    assert "auto, english, german" in message["en"] and "eines von" in message["de"]
    answer = client.post("/api/camera/letters", json={"deck_letters": "german"},
                         headers={"X-CSRF-Token": token})
    assert answer.status_code == 200, answer.json
    assert client.get("/api/camera").json["deck_letters"] == "german"
    camera.follow_calibration()
    assert camera.pipeline.recognizer.letters == "german"
    # Without the CSRF token nothing changes.
    assert client.post("/api/camera/letters", json={"deck_letters": "english"}).status_code == 403
    assert service.dealer_state()["table"]["settings"]["deck_letters"] == "german"


@pytest.mark.parametrize(("change", "english", "german"), [
    ({"image_corners": [[0, 0], [1280, 0], [1280, 720]]}, "exactly four", "genau vier"),
    ({"image_corners": [[0, 0], [1280, 720], [1280, 0], [0, 720]]}, "convex", "konvexes"),
    ({"size_mm": [0, 720]}, "positive width", "positive Breite"),
    ({"zones": [{"kind": "board", "image_polygon": [[1, 1], [5, 5]]}]}, "three points",
     "drei Punkte"),
    ({"zones": [{"kind": "seat", "image_polygon": [[1, 1], [5, 5], [1, 9]]}]}, "seat number",
     "Platznummer"),
    ({"size_mm": None}, "size_mm", "size_mm"),
])
def test_a_calibration_that_cannot_be_used_is_refused_in_english_and_german(
        service, app, change, english, german):
    client, token = logged_in(app)
    answer = client.post("/api/camera/calibration", json={**MARKED, **change},
                         headers={"X-CSRF-Token": token})
    assert answer.status_code == 400
    message = answer.json["error"]["message"]
    assert english in message["en"] and german in message["de"]
    assert service.dealer_state()["table"]["settings"]["camera_calibration"] is None
    assert "camera_calibration" not in service.public_state()["table"]["settings"]


class SteadyFrames(FrameListSource):
    """A camera giving the same picture five times a second (a real one waits for frames
    too: the browser test should not share the cores with a recognition running flat out)."""

    def read(self) -> np.ndarray | None:
        time.sleep(0.2)
        return super().read()


def test_the_camera_tab_shows_the_preview_and_saves_a_calibration(service, app):
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install chromium"
    frame = table_frame(dict(zip(["Ah", "7c", "Kd"], board_places(3), strict=True)))
    camera = TableCamera(SteadyFrames([frame], loop=True), service,
                         app.extensions["tableside"].proposals)
    attach_camera(app, camera.start())
    server = start_server(app)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page(viewport={"width": 800, "height": 1000})
            page.set_default_timeout(TIMEOUT)
            page.goto(server.url + "/dealer")
            first_login_in_browser(page, app, PIN)
            page.click("nav.tabs button[data-show=camera]")
            expect(page.locator("nav.tabs button[data-show=camera]")).to_have_text("Camera")
            preview = page.locator("#camera-preview")
            expect(preview).to_be_visible()
            page.wait_for_function(
                "document.getElementById('camera-preview').naturalWidth === 1280")
            expect(page.locator("#camera-stable")).to_contain_text("Ah")
            # What the deck letters its court cards: told by the camera, or said here.
            letters = page.locator("#camera-letters")
            expect(letters).to_have_value("auto")
            expect(page.locator("#camera-deck-hint")).to_contain_text("B and D")
            letters.select_option("german")
            expect(page.locator("#notice")).to_have_text("Deck letters saved")

            page.get_by_role("button", name="Mark on a still frame").click()
            canvas = page.locator("#calibrate-canvas")
            expect(canvas).to_be_visible()
            box = canvas.bounding_box()
            scale = box["width"] / 1280

            def click(x: float, y: float) -> None:
                canvas.click(position={"x": x * scale, "y": y * scale})
            for x, y in ((10, 10), (1270, 10), (1270, 710), (10, 710)):
                click(x, y)
            expect(page.locator("#calibrate-hint")).to_contain_text("Board")
            page.fill("#calibrate-width", "1260")
            page.fill("#calibrate-height", "700")
            for x, y in ((150, 130), (1130, 130), (1130, 370), (150, 370)):
                click(x, y)
            page.get_by_role("button", name="Finish zone").click()
            page.get_by_role("button", name="Save calibration").click()
            expect(page.locator("#notice")).to_have_text("Calibration saved")
            # 1,260 mm over 1,260 px: cards 63 px wide, which the tab says is small.
            advice = page.locator("#camera-card-size")
            expect(advice).to_contain_text("Cards look 63-63 px wide")
            expect(advice).to_have_attribute("data-verdict", "small")
            browser.close()
    finally:
        server.close()
        camera.close()
    stored = service.dealer_state()["table"]["settings"]["camera_calibration"]
    assert stored["size_mm"] == [1260.0, 700.0]
    assert [zone["name"] for zone in stored["zones"]] == ["board"]
    assert service.dealer_state()["table"]["settings"]["deck_letters"] == "german"
    camera.follow_calibration()  # what the camera's thread does before each frame
    assert camera.calibration.zone_at((640, 250)).kind == "board"
    assert camera.pipeline.recognizer.letters == "german"
