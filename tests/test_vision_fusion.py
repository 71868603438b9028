"""Temporal fusion: cards count when steady, survive a passing hand, and doubles are alerts."""

from __future__ import annotations

import numpy as np
import pytest

from tableside.cards import Card
from tableside.vision.assembly import CardSighting
from tableside.vision.calibration import Calibration
from tableside.vision.fusion import CardFusion


def seen(name: str, x: float, y: float, *, confidence: float = 0.99,
         problem: str | None = None) -> CardSighting:
    """A card 80 x 112 pixels with its top-left corner at (x, y)."""
    corners = np.array([[x, y], [x + 80, y], [x + 80, y + 112], [x, y + 112]], float)
    return CardSighting(Card(name), corners, confidence, 2, problem)


def names(cards) -> set[str]:
    return {str(card.card) for card in cards}


def test_a_card_counts_after_three_of_four_frames():
    fusion = CardFusion()
    assert fusion.update([seen("Ah", 100, 100)]).appeared == ()
    assert fusion.update([]).appeared == ()  # a frame without it
    assert fusion.update([seen("Ah", 101, 99)]).appeared == ()
    update = fusion.update([seen("Ah", 100, 101)])
    assert names(update.appeared) == {"Ah"}
    assert names(fusion.stable_cards()) == {"Ah"}


def test_a_single_frame_reading_never_counts():
    fusion = CardFusion()
    for frame in range(8):
        fusion.update([seen("7c", 300, 300)] if frame == 2 else [])
    assert fusion.stable_cards() == []


def test_a_hand_passing_over_the_board_does_not_remove_it():
    fusion = CardFusion()
    for _ in range(3):
        fusion.update([seen("Kd", 200, 200), seen("2s", 300, 200)])
    for _ in range(4):  # covered for four frames
        update = fusion.update([seen("2s", 300, 200)])
        assert update.vanished == ()
    assert names(fusion.stable_cards()) == {"Kd", "2s"}


def test_a_card_taken_away_vanishes_after_six_frames():
    fusion = CardFusion()
    for _ in range(3):
        fusion.update([seen("Qs", 200, 200)])
    vanished = [fusion.update([]).vanished for _ in range(6)]
    assert [names(v) for v in vanished] == [set()] * 5 + [{"Qs"}]
    assert fusion.stable_cards() == []


def test_a_card_sliding_across_the_table_is_followed():
    fusion = CardFusion()
    for step in range(10):
        fusion.update([seen("9h", 100 + 20 * step, 300)])
    stable = fusion.stable_cards()
    assert names(stable) == {"9h"}
    assert stable[0].centre[0] == pytest.approx(100 + 20 * 9 + 40)


def test_a_card_outlined_now_whole_now_by_its_part_in_view_stays_one_card():
    # A card partly under another is outlined by the strip in view when the covering card is
    # read, and by its whole estimate when not: its centre moves by a third of its width from
    # frame to frame. It is one card, not one in two places.
    fusion = CardFusion()
    strip = CardSighting(Card("9s"), np.array([[100, 100], [130, 100], [130, 212], [100, 212]],
                                              float), 0.99, 1)
    for frame in range(24):
        fusion.update([strip if frame // 6 % 2 else seen("9s", 100, 100)])
        assert fusion.alerts == (), frame
    assert names(fusion.stable_cards()) == {"9s"}


def test_one_card_in_two_places_is_an_alert_not_a_card():
    fusion = CardFusion()
    for _ in range(3):
        fusion.update([seen("As", 100, 100)])
    assert names(fusion.stable_cards()) == {"As"}
    for _ in range(2):  # not yet: a second place must be as steady as a card
        update = fusion.update([seen("As", 100, 100), seen("As", 700, 400)])
        assert update.alerts == () and update.vanished == ()
    update = fusion.update([seen("As", 100, 100), seen("As", 700, 400)])
    assert [alert.kind for alert in update.alerts] == ["duplicate"]
    assert len(update.alerts[0].places) == 2
    assert "zwei Stellen" in update.alerts[0].message("de")
    assert names(update.vanished) == {"As"}
    assert fusion.stable_cards() == []
    # Once the wrong place is gone, the card counts again after steady frames.
    for _ in range(3):
        update = fusion.update([seen("As", 100, 100)])
    assert update.alerts == ()
    assert names(fusion.stable_cards()) == {"As"}


def test_a_second_place_in_one_frame_only_is_no_alert_and_keeps_the_card():
    # One frame's misreading elsewhere (or a card's second place the next frames no longer
    # show) neither flashes an alert at the dealer nor takes the card off the board.
    fusion = CardFusion()
    for _ in range(3):
        fusion.update([seen("As", 100, 100)])
    updates = [fusion.update([seen("As", 100, 100), seen("As", 700, 400)]),
               fusion.update([seen("As", 100, 100)], [seen("As", 500, 90, problem="duplicate")])]
    updates += [fusion.update([seen("As", 100, 100)]) for _ in range(3)]
    assert all(u.alerts == () and u.vanished == () for u in updates)
    assert names(fusion.stable_cards()) == {"As"}


def test_the_recognizers_own_conflicts_and_duplicates_are_alerts():
    fusion = CardFusion()
    for _ in range(3):
        update = fusion.update([], [seen("6h", 100, 100, problem="conflict"),
                                    seen("Tc", 400, 100, problem="duplicate"),
                                    seen("Tc", 600, 100, problem="duplicate"),
                                    seen("3d", 800, 100, confidence=0.5)])
    kinds = sorted(alert.kind for alert in update.alerts)
    assert kinds == ["conflict", "duplicate"]
    assert fusion.stable_cards() == []


def test_a_lone_six_of_a_deck_with_upright_bottoms_is_asked_about_in_both_languages():
    fusion = CardFusion()
    for _ in range(3):
        update = fusion.update([], [seen("6h", 100, 100, problem="turned")])
    (alert,) = update.alerts
    assert alert.kind == "turned"
    assert [str(card) for card in alert.cards] == ["6h", "9h"]
    assert alert.message("en").startswith("6h / 9h: this deck prints its bottom index upright")
    assert alert.message("de").startswith("6h / 9h: dieses Blatt druckt den unteren Index")
    assert alert.to_json()["message"]["de"] == alert.message("de")
    assert fusion.stable_cards() == []


def test_stable_cards_know_their_zone():
    plane = Calibration(((0, 0), (1280, 0), (1280, 720), (0, 720)), (1280, 720))
    plane = plane.with_zone("board", "board", [(400, 200), (900, 200), (900, 400), (400, 400)])
    plane = plane.with_zone("seat 1", "seat", [(0, 500), (400, 500), (400, 720), (0, 720)],
                            seat=1)
    fusion = CardFusion(plane)
    for _ in range(3):
        fusion.update([seen("Jc", 450, 240), seen("Jd", 100, 560), seen("5c", 1100, 50)])
    zones = {str(card.card): card.zone for card in fusion.stable_cards()}
    assert zones == {"Jc": "board", "Jd": "seat 1", "5c": None}
    assert names(fusion.cards_in_zone("board")) == {"Jc"}
    fusion.reset()
    assert fusion.stable_cards() == []


def test_appear_after_must_fit_the_window():
    with pytest.raises(ValueError):
        CardFusion(appear_after=5, window=4)
