"""The flow of a hand: who acts when, heads-up, straddles, dealing validation, showdown
procedure, undo and replay, and the refusals in English and German.

Players are numbered by position: player 0 sits left of the button, the last is the button.
Messages name players one-based ("player 3" is index 2).
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    cards,
    check_around,
    deal_board,
    deal_holes,
    new,
    refused,
    snapshot,
    start,
)

from tableside.cards import deck, parse_cards
from tableside.engine import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    IllegalAction,
    Phase,
    Show,
    variant,
)

# ----------------------------------------------------------------------------- helpers


# ----------------------------------------------------------------------------- action order


def test_a_new_hand_waits_for_the_hole_cards():
    hand = new("NT", (1_000,) * 6, blinds=(1, 2, 0, 0, 0, 0))
    assert hand.phase == Phase.DEALING
    assert hand.waiting_for() == "deal_hole"
    assert hand.needs_hole_cards() == {p: 2 for p in range(6)}
    assert hand.needs_board_cards() == 0
    assert hand.actor is None
    assert hand.legal() is None
    assert hand.bets == [1, 2, 0, 0, 0, 0]
    assert hand.stacks == [999, 998, 1_000, 1_000, 1_000, 1_000]
    assert hand.contributed == [1, 2, 0, 0, 0, 0]


def test_preflop_action_starts_left_of_the_big_blind_and_ends_with_the_big_blind():
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 0, 0, 0, 0))
    assert hand.phase == Phase.BETTING
    assert hand.waiting_for() == "betting"
    assert check_around(hand) == [2, 3, 4, 5, 0, 1]
    assert hand.waiting_for() == "deal_board"
    assert hand.needs_board_cards() == 3


def test_big_blind_has_the_option_when_limped_to():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    assert hand.actor == 1
    legal = hand.legal()
    assert (legal.call, legal.min_to, legal.max_to) == (0, 4, 1_000)
    assert legal.describe() == "check, raise to 4-1,000"
    hand.apply(BetRaise(1, 6))
    assert hand.actor == 2  # the limpers act again
    assert check_around(hand) == [2, 0]
    assert hand.waiting_for() == "deal_board"


def test_after_the_flop_the_first_active_player_left_of_the_button_acts_first():
    hand = start("NT", (1_000,) * 4, blinds=(1, 2, 0, 0))
    check_around(hand)
    deal_board(hand)
    assert check_around(hand) == [0, 1, 2, 3]
    deal_board(hand)
    assert hand.actor == 0


def test_after_the_flop_folded_players_are_skipped():
    hand = start("NT", (1_000,) * 4, blinds=(1, 2, 0, 0))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(3))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    deal_board(hand)
    assert check_around(hand) == [1, 2, 3]


def test_after_the_flop_all_in_players_are_skipped():
    hand = start("NT", (1_000, 50, 1_000, 1_000), blinds=(1, 2, 0, 0))
    hand.apply(BetRaise(2, 50))
    hand.apply(CheckCall(3))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))  # all-in
    deal_board(hand)
    assert check_around(hand) == [0, 2, 3]


def test_a_bet_makes_everyone_else_act_again():
    hand = start("NT", (1_000,) * 4, blinds=(1, 2, 0, 0))
    check_around(hand)
    deal_board(hand)
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    hand.apply(BetRaise(2, 10))
    assert check_around(hand) == [3, 0, 1]
    assert hand.waiting_for() == "deal_board"


# ----------------------------------------------------------------------------- heads-up


def test_heads_up_button_posts_the_small_blind_acts_first_preflop_and_last_after():
    # p0 big blind, p1 the button and small blind: blinds=(BB, SB)
    hand = start("NT", (1_000, 1_000), blinds=(2, 1))
    assert hand.bets == [2, 1]
    assert hand.actor == 1
    assert hand.legal().call == 1
    assert check_around(hand) == [1, 0]
    deal_board(hand)
    assert check_around(hand) == [0, 1]
    deal_board(hand)
    assert check_around(hand) == [0, 1]


def test_heads_up_big_blind_option_after_the_button_calls():
    hand = start("NT", (1_000, 1_000), blinds=(2, 1))
    hand.apply(CheckCall(1))
    assert hand.actor == 0
    assert hand.legal().can_check
    assert hand.legal().min_to == 4


def test_heads_up_fold_preflop():
    hand = start("NT", (1_000, 1_000), blinds=(2, 1))
    hand.apply(Fold(1))
    assert hand.phase == Phase.COMPLETE
    assert hand.result.stacks == (1_001, 999)


# ----------------------------------------------------------------------------- straddles


def test_straddle_chain_action_starts_left_of_the_last_straddle_who_has_the_option():
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 4, 8, 0, 0))
    assert hand.actor == 4
    legal = hand.legal()
    assert (legal.call, legal.min_to) == (8, 16)
    for player in (4, 5, 0, 1, 2):
        assert hand.actor == player
        hand.apply(CheckCall(player))
    # the live straddler may check or raise when checked to
    assert hand.actor == 3
    legal = hand.legal()
    assert (legal.call, legal.min_to, legal.max_to) == (0, 16, 1_000)
    hand.apply(BetRaise(3, 24))
    assert hand.actor == 4


def test_single_live_straddle_option():
    hand = start("NT", (1_000,) * 5, blinds=(1, 2, 4, 0, 0))
    assert check_around(hand)[-1] == 2
    assert hand.contributed == [4] * 5


def test_straddle_without_option_closes_the_action_when_called():
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 4, 0, 0, 0), live_straddles=False)
    assert hand.actor == 3
    assert check_around(hand) == [3, 4, 5, 0, 1]
    assert hand.contributed == [4] * 6
    assert hand.waiting_for() == "deal_board"


def test_straddle_without_option_may_still_act_after_a_raise():
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 4, 0, 0, 0), live_straddles=False)
    hand.apply(BetRaise(3, 12))
    assert check_around(hand) == [4, 5, 0, 1, 2]


def test_double_straddle_without_option_the_first_straddler_must_still_call_the_second():
    # straddles of 4 (p2) and 8 (p3), not live: p2 has only 4 in and faces 8
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 4, 8, 0, 0), live_straddles=False)
    assert check_around(hand) == [4, 5, 0, 1, 2]
    assert hand.contributed == [8] * 6


# ----------------------------------------------------------------------------- refusals


def test_acting_out_of_turn_is_refused():
    hand = start("NT", (1_000,) * 6, blinds=(1, 2, 0, 0, 0, 0))
    error = refused(hand, CheckCall(4))
    assert error.rule == "not_your_turn"
    assert error.message() == "it is player 3's turn, not player 5's"
    assert error.message("de") == "Spieler 3 ist am Zug, nicht Spieler 5"
    assert refused(hand, Fold(0)).rule == "not_your_turn"
    assert refused(hand, BetRaise(5, 10)).rule == "not_your_turn"


def test_acting_before_the_cards_are_dealt_is_refused():
    hand = new("NT", (1_000,) * 3, blinds=(1, 2, 0))
    error = refused(hand, CheckCall(2))
    assert error.rule == "no_action_expected"
    assert error.message() == "no player action now: the dealer must deal the hole cards"
    assert error.message("de") == (
        "keine Spieleraktion jetzt: der Geber muss die Karten der Spieler geben")


def test_acting_while_the_board_is_due_is_refused():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    check_around(hand)
    error = refused(hand, CheckCall(0))
    assert error.rule == "no_action_expected"
    assert error.message() == "no player action now: the dealer must deal the board"
    assert error.message("de") == "keine Spieleraktion jetzt: der Geber muss das Board geben"


def test_a_folded_player_cannot_act():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(Fold(2))
    check_around(hand)
    deal_board(hand)
    assert refused(hand, CheckCall(2)).rule == "not_your_turn"


def test_player_who_does_not_exist_is_refused():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    error = refused(hand, CheckCall(7))
    assert error.rule == "bad_player"
    assert error.message() == "there is no player 8 in this hand"
    assert error.message("de") == "in dieser Hand gibt es keinen Spieler 8"
    assert refused(hand, Fold(-1)).rule == "bad_player"


def test_actions_after_the_hand_is_over_are_refused():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(Fold(2))
    hand.apply(Fold(0))
    assert hand.phase == Phase.COMPLETE
    error = refused(hand, CheckCall(1))
    assert error.rule == "hand_over"
    assert error.message() == "the hand is over"
    assert error.message("de") == "die Hand ist vorbei"


def test_every_refusal_has_an_english_and_a_german_message():
    hand = start("NT", (1_000,) * 4, blinds=(200, 400, 0, 0))
    hand.apply(BetRaise(2, 1_000))
    for event in (BetRaise(3, 1_500), BetRaise(3, 20_000), BetRaise(3, 1_000), CheckCall(0),
                  DealBoard(cards("2c3c4c"))):
        error = refused(hand, event)
        english, german = error.message("en"), error.message("de")
        assert english and german and english != german


# ----------------------------------------------------------------------------- dealing


def test_board_before_the_preflop_betting_is_over_is_refused():
    hand = new("NT", (1_000,) * 3, blinds=(1, 2, 0))
    error = refused(hand, DealBoard(cards("2c3c4c")))
    assert error.rule == "unexpected_deal"
    assert error.message() == "no board cards now: the dealer must deal the hole cards"
    deal_holes(hand)
    error = refused(hand, DealBoard(cards("Ts9s8s")))
    assert error.message() == "no board cards now: the dealer must wait for player 3"
    assert error.message("de") == "jetzt keine Boardkarten: der Geber muss auf Spieler 3 warten"


def test_hole_cards_twice_or_after_the_deal_are_refused():
    hand = new("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(DealHole(0, cards("AsKs")))
    assert refused(hand, DealHole(0, cards("AhKh"))).rule == "unexpected_deal"
    hand.apply(DealHole(1, cards("AhKh")))
    hand.apply(DealHole(2, cards("AdKd")))
    check_around(hand)
    assert refused(hand, DealHole(1, cards("QcQd"))).rule == "unexpected_deal"


def test_hole_cards_can_be_dealt_in_any_seat_order():
    hand = new("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(DealHole(2, cards("AdKd")))
    assert hand.needs_hole_cards() == {0: 2, 1: 2}
    hand.apply(DealHole(0, cards("AsKs")))
    hand.apply(DealHole(1, cards("AhKh")))
    assert hand.actor == 2


@pytest.mark.parametrize(("code", "count"), [("NT", 2), ("NS", 2), ("PO", 4), ("P5O", 5)])
def test_wrong_number_of_hole_cards_is_refused(code, count):
    hand = new(code, (1_000,) * 2, blinds=(2, 1))
    assert hand.needs_hole_cards() == {0: count, 1: count}
    all_cards = list(deck(short=hand.variant.short_deck))
    for wrong in (count - 1, count + 1):
        error = refused(hand, DealHole(0, tuple(all_cards[:wrong])))
        assert error.rule == "wrong_card_count"
        assert str(count) in error.message() and str(wrong) in error.message()
    hand.apply(DealHole(0, tuple(all_cards[:count])))


def test_wrong_number_of_board_cards_is_refused():
    hand = start("NT", (1_000,) * 2, blinds=(2, 1))
    check_around(hand)
    assert hand.needs_board_cards() == 3
    error = refused(hand, DealBoard(cards("Ts9s")))
    assert error.rule == "wrong_card_count"
    error = refused(hand, DealBoard(cards("Ts9s8s7s")))
    assert error.rule == "wrong_card_count"
    deal_board(hand, "Ts9s8s")
    check_around(hand)
    assert hand.needs_board_cards() == 1
    assert refused(hand, DealBoard(cards("7s6s"))).rule == "wrong_card_count"


def test_duplicate_cards_are_refused_naming_the_card():
    hand = new("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(DealHole(0, cards("AsKs")))
    error = refused(hand, DealHole(1, cards("QdAs")))
    assert error.rule == "duplicate_card"
    assert error.message() == "As is already in play"
    assert error.message("de") == "As ist schon im Spiel"
    # the same card twice in one deal
    error = refused(hand, DealHole(1, (parse_cards("Qd")[0],) * 2))
    assert error.message() == "Qd is already in play"
    hand.apply(DealHole(1, cards("AhKh")))
    hand.apply(DealHole(2, cards("AdKd")))
    check_around(hand)
    # a board card already in a player's hand
    error = refused(hand, DealBoard(cards("2c3cKh")))
    assert error.message() == "Kh is already in play"
    deal_board(hand, "2c3c4c")
    check_around(hand)
    assert refused(hand, DealBoard(cards("3c"))).message() == "3c is already in play"


def test_short_deck_has_no_deuces_to_fives():
    hand = new("NS", (1_000,) * 2, blinds=(2, 1))
    for low in ("2c", "3d", "4h", "5s"):
        error = refused(hand, DealHole(0, cards(f"As{low}")))
        assert error.rule == "card_not_in_deck"
        assert error.message() == f"{low} is not in this game's deck"
        assert error.message("de") == f"{low} gehört nicht zum Deck dieses Spiels"
    hand.apply(DealHole(0, cards("As6c")))
    hand.apply(DealHole(1, cards("AhKh")))
    check_around(hand)
    assert refused(hand, DealBoard(cards("Ts9s5c"))).rule == "card_not_in_deck"
    deal_board(hand, "Ts9s6s")


def test_unseen_hole_cards_are_accepted_and_filled_in_at_the_showdown():
    hand = new("NT", (1_000,) * 2, blinds=(2, 1))
    hand.apply(DealHole(0, (None, None)))
    hand.apply(DealHole(1, cards("AhKh")))
    check_around(hand)
    for text in ("2c7d9h", "Jc", "3s"):
        deal_board(hand, text)
        check_around(hand)
    # a card that is already on the board cannot be shown
    assert refused(hand, Show(0, cards("2cQd"))).rule == "duplicate_card"
    hand.apply(Show(0, cards("AsAd")))
    hand.apply(Show(1, cards("AhKh")))
    assert hand.result.stacks == (1_002, 998)


# ----------------------------------------------------------------------------- showdown


def _to_showdown(**options) -> Hand:
    hand = start("NT", (1_000,) * 3, ["AsAh", "KsKh", "QsQh"], blinds=(1, 2, 0), **options)
    check_around(hand)
    for text in ("2c7d9h", "Jc", "3s"):
        deal_board(hand, text)
        check_around(hand)
    assert hand.phase == Phase.SHOWDOWN
    assert hand.waiting_for() == "showdown"
    return hand


def test_showing_before_the_showdown_is_refused():
    hand = start("NT", (1_000,) * 3, ["AsAh", "KsKh", "QsQh"], blinds=(1, 2, 0))
    error = refused(hand, Show(2, cards("QsQh")))
    assert error.rule == "not_at_showdown"
    assert error.message() == (
        "hands are shown at the showdown (or when everyone is all-in), not now")


def test_shown_cards_must_be_the_dealt_cards():
    hand = _to_showdown()
    error = refused(hand, Show(0, cards("AsAd")))
    assert error.rule == "wrong_shown_cards"
    assert error.message() == "player 1 was dealt As Ah, not As Ad"
    assert error.message("de") == "Spieler 1 hat As Ah bekommen, nicht As Ad"
    assert refused(hand, Show(0, cards("As"))).rule == "wrong_shown_cards"
    hand.apply(Show(0, cards("AhAs")))  # any order


def test_showdown_settles_when_every_contender_has_shown_or_mucked():
    hand = _to_showdown()
    hand.apply(Show(0, cards("AsAh")))
    assert hand.phase == Phase.SHOWDOWN
    hand.apply(Show(1, None))
    assert hand.phase == Phase.SHOWDOWN
    hand.apply(Show(2, cards("QsQh")))
    assert hand.phase == Phase.COMPLETE
    assert hand.result.stacks == (1_004, 998, 998)


def test_last_player_left_after_mucks_wins_without_showing():
    hand = _to_showdown()
    hand.apply(Show(0, None))
    hand.apply(Show(1, None))
    assert hand.phase == Phase.COMPLETE
    assert hand.result.stacks == (998, 998, 1_004)
    (award,) = hand.result.pots[0].awards
    assert award.winners == (2,)
    assert award.hands == {}


def test_a_mucked_hand_cannot_be_shown_afterwards():
    hand = _to_showdown()
    hand.apply(Show(1, None))
    error = refused(hand, Show(1, cards("KsKh")))
    assert error.rule == "already_shown"
    assert error.message() == "player 2 has already shown or mucked"
    assert error.message("de") == "Spieler 2 hat schon gezeigt oder weggeworfen"
    assert refused(hand, Show(1, None)).rule == "already_shown"


def test_tabling_a_hand_again_changes_nothing():
    hand = _to_showdown()
    hand.apply(Show(0, cards("AsAh")))
    before = snapshot(hand)[:-1]  # all but the event log
    hand.apply(Show(0, cards("AhAs")))
    assert snapshot(hand)[:-1] == before


def test_a_tabled_hand_cannot_be_mucked_afterwards():
    # cards speak: p0 tabled the best hand and cannot throw it away any more
    hand = _to_showdown()
    hand.apply(Show(0, cards("AsAh")))
    assert refused(hand, Show(0, None)).rule == "already_shown"
    hand.apply(Show(1, cards("KsKh")))
    hand.apply(Show(2, cards("QsQh")))
    assert hand.result.stacks == (1_004, 998, 998)


def test_a_folded_player_cannot_show():
    hand = start("NT", (1_000,) * 3, ["AsAh", "KsKh", "QsQh"], blinds=(1, 2, 0))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    deal_board(hand, "2c7d9h")
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    hand.apply(BetRaise(2, 2))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    for text in ("Jc", "3s"):
        deal_board(hand, text)
        check_around(hand)
    error = refused(hand, Show(0, cards("AsAh")))
    assert error.rule == "not_contending"
    assert error.message() == "player 1 is not in the pot"


def test_mucking_is_refused_when_all_hands_are_shown():
    hand = _to_showdown(all_hands_shown=True)
    error = refused(hand, Show(1, None))
    assert error.rule == "must_show"
    assert error.message() == "all hands are shown at this table: player 2 may not muck"
    assert error.message("de") == (
        "an diesem Tisch werden alle Hände gezeigt: Spieler 2 darf nicht wegwerfen")


def test_showdown_order_starts_with_the_last_river_aggressor():
    hand = start("NT", (1_000,) * 3, ["AsAh", "KsKh", "QsQh"], blinds=(1, 2, 0))
    check_around(hand)
    for text in ("2c7d9h", "Jc"):
        deal_board(hand, text)
        check_around(hand)
    deal_board(hand, "3s")
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 10))
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    assert hand.showdown_order() == [1, 2, 0]
    hand.apply(Show(1, cards("KsKh")))
    assert hand.showdown_order() == [2, 0]


def test_showdown_order_without_a_river_bet_starts_left_of_the_button():
    hand = _to_showdown()
    assert hand.showdown_order() == [0, 1, 2]


def test_all_in_players_may_table_their_cards_before_the_board_is_out():
    hand = start("NT", (100, 100), ["AsAh", "KsKh"], blinds=(2, 1))
    hand.apply(BetRaise(1, 100))
    hand.apply(CheckCall(0))
    assert hand.waiting_for() == "deal_board"
    hand.apply(Show(0, cards("AsAh")))
    hand.apply(Show(1, cards("KsKh")))
    for text in ("2c7d9h", "Jc", "3s"):
        assert hand.actor is None
        deal_board(hand, text)
    assert hand.phase == Phase.COMPLETE
    assert hand.result.stacks == (200, 0)


def test_everyone_folding_ends_the_hand_without_showdown_or_board():
    hand = start("NT", (1_000,) * 4, blinds=(1, 2, 0, 0))
    for player in (2, 3, 0):
        hand.apply(Fold(player))
    assert hand.phase == Phase.COMPLETE
    assert hand.board == []
    assert hand.result.stacks == (999, 1_001, 1_000, 1_000)
    assert refused(hand, Show(1, None)).rule == "hand_over"


# ----------------------------------------------------------------------------- undo and replay


def _played_hand() -> Hand:
    hand = start("NT", (1_000, 600, 1_000), ["AsAh", "KsKh", "QsQh"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 30))
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 100))
    hand.apply(CheckCall(2))
    hand.apply(Fold(0))
    deal_board(hand, "2c7d9h")
    hand.apply(BetRaise(1, 200))
    hand.apply(BetRaise(2, 1_000 - 100))
    hand.apply(CheckCall(1))  # all-in
    deal_board(hand, "Jc")
    deal_board(hand, "3s")
    hand.apply(Show(1, cards("KsKh")))
    hand.apply(Show(2, cards("QsQh")))
    return hand


def test_played_hand_result():
    hand = _played_hand()
    assert hand.phase == Phase.COMPLETE
    assert hand.result.stacks == (970, 1_230, 400)


def test_undo_equals_replaying_all_but_the_last_events():
    hand = _played_hand()
    events = list(hand.events)
    for count in range(len(events) + 1):
        undone = hand.undo(count)
        replayed = Hand.replay(hand.config, events[:len(events) - count])
        assert snapshot(undone) == snapshot(replayed)
    assert snapshot(hand.undo(len(events) + 5)) == snapshot(Hand(hand.config))


def test_undo_does_not_change_the_hand():
    hand = _played_hand()
    before = snapshot(hand)
    previous = hand.undo()
    assert snapshot(hand) == before
    assert previous.phase == Phase.SHOWDOWN
    assert previous.events == hand.events[:-1]


def test_undo_then_a_different_action():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    hand.apply(BetRaise(2, 10))
    hand = hand.undo()
    assert hand.actor == 2
    assert hand.bets == [1, 2, 0]
    hand.apply(Fold(2))
    assert hand.actor == 0


def test_replaying_a_finished_hand_gives_the_same_stacks_and_result():
    hand = _played_hand()
    again = Hand.replay(hand.config, hand.events)
    assert again.result == hand.result
    assert again.stacks == hand.stacks
    assert snapshot(again) == snapshot(hand)


def test_replay_stops_at_the_first_illegal_event():
    hand = _played_hand()
    events = list(hand.events)
    events.insert(5, CheckCall(0))  # out of turn
    with pytest.raises(IllegalAction):
        Hand.replay(hand.config, events)


def test_refused_event_is_not_recorded():
    hand = start("NT", (1_000,) * 3, blinds=(1, 2, 0))
    count = len(hand.events)
    refused(hand, BetRaise(2, 3))
    assert len(hand.events) == count


# ----------------------------------------------------------------------------- stud bring-in


def test_stud_bring_in_choices_offered_are_the_choices_accepted():
    # seven card stud, antes 1, bring-in 1, limits 2/4: p0 shows the lowest up card (2c)
    hand = start("F7S", (100,) * 3, ["AsKs2c", "AhKh7d", "AdKdQc"], antes=(1, 1, 1),
                 bring_in=1, small_bet=2, big_bet=4)
    assert hand.actor == 0
    legal = hand.legal()
    assert (legal.bring_in, legal.min_to, legal.max_to) == (1, 2, 2)
    error = refused(hand, Fold(0))
    assert error.rule == "bring_in_due"
    # what the refusal lists as legal must not include the refused fold
    assert error.message() == (
        "player 1 must bring in or complete first; legal: bring-in 1, complete to 2")
    assert "fold" not in legal.describe().split(", ")


def test_showdown_order_after_an_all_in_on_an_earlier_street_starts_left_of_the_button():
    # p1 (the button) moves all-in preflop and p0 calls: nobody bets on the river, so the
    # first player in the hand left of the button shows first
    hand = start("NT", (100, 100), ["AsAh", "KsKh"], blinds=(2, 1))
    hand.apply(BetRaise(1, 100))
    hand.apply(CheckCall(0))
    for text in ("2c7d9h", "Jc", "3s"):
        deal_board(hand, text)
    assert hand.phase == Phase.SHOWDOWN
    assert hand.showdown_order() == [0, 1]


# ----------------------------------------------------------------------------- configuration


@pytest.mark.parametrize(("stacks", "options"), [
    ((1_000,), {"blinds": (1,)}),  # one player
    ((1_000,) * 11, {"min_bet": 2}),  # eleven players
    ((1_000, 1_000), {"blinds": (2, 1, 0)}),  # blinds for three players
    ((1_000, 1_000), {"antes": (1,)}),  # antes for one player
    ((1_000, 0), {"blinds": (2, 1)}),  # a player without chips
    ((1_000, -5), {"blinds": (2, 1)}),  # negative chips
    ((1_000, 1_000), {"blinds": (2, -1)}),  # a negative blind
    ((1_000, 1_000), {}),  # no-limit without a minimum bet or blinds
])
def test_impossible_tables_are_refused(stacks, options):
    with pytest.raises(ValueError):
        HandConfig(variant("NT"), stacks, **options)


def test_limit_games_need_their_bet_sizes():
    with pytest.raises(ValueError):
        HandConfig(variant("FT"), (100, 100), blinds=(2, 1))
    with pytest.raises(ValueError):
        HandConfig(variant("FT"), (100, 100), blinds=(2, 1), small_bet=4, big_bet=2)
    HandConfig(variant("FT"), (100, 100), blinds=(2, 1), small_bet=2, big_bet=4)


def test_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="unknown variant"):
        variant("XX")
