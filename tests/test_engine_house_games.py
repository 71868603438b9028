"""The house draw games, one scenario per rule as the seeds describe them: Jacks Back (a deal
nobody opens with jacks becomes ace-to-five lowball) and all for one (further draws of one card
or all five while the stock lasts)."""

from __future__ import annotations

from engine_helpers import cards, check_around, new, refused

from tableside.cards import deck
from tableside.engine import BetRaise, CheckCall, DealHole, Discard, Fold, Show, variant
from tableside.engine.catalogue import entry

LIMITS = {"small_bet": 2, "big_bet": 4}


def jacks_back(holes: list[str]):
    hand = new("F5DJB", (100,) * len(holes), antes=(1,) * len(holes), **LIMITS)
    for player, text in enumerate(holes):
        hand.apply(DealHole(player, cards(text)))
    return hand


def show_down(hand) -> None:
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))


def test_jacks_back_needs_jacks_to_open_the_first_round():
    hand = jacks_back(["Ts Td 7c 5h 2s", "Js Jd 8c 6h 3s", "Ks Qd 9c 4h 3d"])
    assert hand.judge == "high"
    assert refused(hand, BetRaise(0, 2)).rule == "no_openers"
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 2))  # jacks open: the hand is played for high as usual
    check_around(hand)
    assert hand.waiting_for() == "draw" and hand.judge == "high"


def test_jacks_back_nobody_opens_and_the_same_hand_is_played_as_ace_to_five_lowball():
    hand = jacks_back(["Ts Td 7c 5h 2s", "9s 8d 6c 4h 3s", "Ks Qd 8c 4d 3d"])
    dealt = [list(h) for h in hand.hole]
    check_around(hand)  # nobody holds jacks or better: nobody opens
    # Not passed out: same cards, same pot, a new first round opened left of the button,
    # which anyone may open (no openers in lowball).
    assert not hand.is_over and hand.result is None
    assert hand.judge == "a5-low"
    assert [list(h) for h in hand.hole] == dealt and hand.total_pot() == 3
    assert hand.actor == 0
    assert hand.legal().describe() == "check, bet 2"
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 2))  # nine-eight low bets
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    # The lowball draw: any number of cards (the high game's limit of three is gone).
    assert hand.waiting_for() == "draw"
    assert hand.discard_counts(2) == (0, 1, 2, 3, 4, 5)
    hand.apply(Discard(0, cards("Ts Td")))
    hand.apply(Discard(1, ()))
    hand.apply(Discard(2, cards("Ks Qd 8c 4d")))  # four, no ace kept
    hand.apply(DealHole(0, cards("Ac 6d")))
    hand.apply(DealHole(2, cards("As 2d 5c 7d")))
    assert hand.actor == 0  # the last round opens left of the button again
    check_around(hand)
    show_down(hand)
    # p0: 7-6-5-2-A, p1: 9-8-6-4-3, p2: 7-5-3-2-A, the lowest
    award = hand.result.pots[0].awards[0]
    assert award.half == "low" and award.winners == (2,)
    assert award.hands[2].name() == "Seven-five low, 7-5-3-2-A"
    assert hand.result.won == (0, 0, 9)  # the antes and the lowball round's bets


def test_jacks_back_lowball_round_can_be_won_without_a_showdown():
    hand = jacks_back(["Ts Td 7c 5h 2s", "9s 8d 6c 4h 3s"])
    check_around(hand)
    hand.apply(BetRaise(0, 2))
    hand.apply(CheckCall(1))
    for player in (0, 1):
        hand.apply(Discard(player, ()))
    hand.apply(BetRaise(0, 2))
    hand.apply(Fold(1))
    assert hand.result.won == (6, 0)


def test_jacks_back_is_in_the_catalogue_in_english_and_german():
    game = entry("F5DJB")
    assert "ace-to-five lowball" in game.describe("en")
    assert "Ace-to-Five-Lowball" in game.describe("de")
    assert game.name("de") == "Jacks Back"


# ----------------------------------------------------------------------------- all for one


def all_for_one(holes: list[str]):
    hand = new("F5DAFO", (100,) * len(holes), antes=(1,) * len(holes), **LIMITS)
    for player, text in enumerate(holes):
        hand.apply(DealHole(player, cards(text)))
    return hand


def test_all_for_one_further_draws_are_one_card_or_all_five():
    hand = all_for_one(["As Kd 7c 5h 2s", "Qs Qd 8c 6h 3s"])
    check_around(hand)
    hand.apply(Discard(0, cards("7c 5h 2s")))  # the first draw: up to three as usual
    hand.apply(Discard(1, cards("8c 6h 3s")))
    hand.apply(DealHole(0, cards("Ah Ad 9c")))
    hand.apply(DealHole(1, cards("Qh Jc Tc")))
    check_around(hand)
    assert hand.waiting_for() == "draw"
    assert hand.discard_counts(0) == (0, 1, 5)
    error = refused(hand, Discard(0, cards("Kd 9c")))
    assert error.rule == "draw_count"
    assert error.message() == "in this draw a player exchanges 1 or 5 cards or stands pat, not 2"
    assert error.message("de") == (
        "in dieser Tauschrunde werden 1 oder 5 Karten getauscht oder keine, nicht 2")
    hand.apply(Discard(0, cards("9c")))
    hand.apply(Discard(1, tuple(hand.hole[1])))  # all five
    hand.apply(DealHole(0, cards("2c")))
    hand.apply(DealHole(1, cards("3d 4d 5d 6d 7d")))
    check_around(hand)
    for _ in range(2):  # the third and fourth draws: both stand pat
        for player in (0, 1):
            hand.apply(Discard(player, ()))
        check_around(hand)
    assert hand.waiting_for() == "showdown"
    assert sum(s.draw for s in hand.streets) == 4  # four draws in all, then the showdown
    show_down(hand)
    assert hand.result.won == (0, 2)  # the straight flush 7-6-5-4-3 beats three aces
    assert hand.result.pots[0].awards[0].hands[1].name() == "Straight flush, seven high"


def test_all_for_one_draws_no_further_while_the_stock_cannot_serve_everyone():
    # Four players: 20 cards dealt, 32 in the stock. A further draw needs 5 for each of the
    # four: 20 cards.
    stock = list(deck())
    hand = new("F5DAFO", (100,) * 4, antes=(1,) * 4, **LIMITS)
    for player in range(4):
        hand.apply(DealHole(player, tuple(stock[:5])))
        del stock[:5]
    check_around(hand)
    for player in range(4):  # the first draw takes 3 each: 20 left, just enough
        hand.apply(Discard(player, tuple(hand.hole[player][:3])))
        hand.apply(DealHole(player, tuple(stock[:3])))
        del stock[:3]
    check_around(hand)
    assert hand.waiting_for() == "draw"  # the second draw is dealt
    hand.apply(Discard(0, tuple(hand.hole[0][:1])))
    hand.apply(DealHole(0, tuple(stock[:1])))
    del stock[:1]
    for player in (1, 2, 3):
        hand.apply(Discard(player, ()))
    check_around(hand)
    # 19 cards left: the stock cannot give all four players five, so no third draw.
    assert len(stock) == 19
    assert hand.waiting_for() == "showdown"


def test_all_for_one_is_in_the_catalogue_with_its_rounds_and_end_rule():
    game = entry("F5DAFO")
    text = game.describe("en")
    assert "up to three more draws" in text and "exactly one card or all five" in text
    assert "fünf neue" in game.describe("de")
    assert sum(s.draw for s in variant("F5DAFO").streets) == 4
