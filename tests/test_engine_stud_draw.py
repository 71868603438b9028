"""Stud and draw rules as the seeds describe them, one scenario each."""

from __future__ import annotations

from engine_helpers import cards, check_around, new, refused

from tableside.cards import deck
from tableside.engine import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Phase,
    Show,
)

STUD = {"antes": (1,) * 8, "bring_in": 1, "small_bet": 2, "big_bet": 4}


def test_bring_in_ties_are_broken_by_suit_clubs_lowest():
    hand = new("F7S", (100,) * 3, antes=(1,) * 3, bring_in=1, small_bet=2, big_bet=4)
    hand.apply(DealHole(0, cards("As Ks 2d")))
    hand.apply(DealHole(1, cards("Ah Kh 2c")))  # the deuce of clubs is the lowest card
    hand.apply(DealHole(2, cards("Ad Kd 9s")))
    assert hand.actor == 1
    assert hand.legal().describe() == "bring-in 1, complete to 2"
    hand.apply(BringIn(1))
    assert hand.actor == 2


def test_razz_the_highest_card_brings_in_spades_first():
    hand = new("FR", (100,) * 3, antes=(1,) * 3, bring_in=1, small_bet=2, big_bet=4)
    hand.apply(DealHole(0, cards("As 2s Kd")))
    hand.apply(DealHole(1, cards("Ah 2h Ks")))  # king of spades: the highest, spades first
    hand.apply(DealHole(2, cards("Ad 2d Qs")))
    assert hand.actor == 1


def test_eight_stud_players_share_a_community_card_when_the_deck_runs_short():
    hand = new("F7S", (100,) * 8, **STUD)
    stock = list(deck())
    for _street in range(4):  # third to sixth street: 3 + 1 + 1 + 1 cards each
        for player, count in sorted(hand.needs_hole_cards().items()):
            hand.apply(DealHole(player, tuple(stock[:count])))
            del stock[:count]
        if hand.legal() and hand.legal().bring_in is not None:
            hand.apply(BringIn(hand.actor))
        check_around(hand)
    # 48 cards are out and 4 remain: not one each for eight players, so one for everyone.
    assert len(stock) == 4
    assert hand.needs_hole_cards() == {} and hand.needs_board_cards() == 1
    hand.apply(DealBoard((stock[0],)))
    check_around(hand)
    assert hand.phase == Phase.SHOWDOWN
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
    assert hand.is_over
    # Every hand is judged with the shared card: seven cards each.
    award = hand.result.pots[0].awards[0]
    assert all(len(hand.hole[p]) + len(hand.board) == 7 for p in award.winners)


def test_five_card_stud_deals_one_down_one_up_then_three_up():
    hand = new("F5S", (100,) * 2, antes=(1, 1), bring_in=1, small_bet=2, big_bet=4)
    hand.apply(DealHole(0, cards("As 3c")))
    hand.apply(DealHole(1, cards("Kd 7h")))
    assert hand.actor == 0  # the three of clubs is the lowest up card
    hand.apply(BringIn(0))
    hand.apply(CheckCall(1))
    for up0, up1 in (("Ah", "Kh"), ("2d", "2h"), ("9c", "9d")):
        hand.apply(DealHole(0, cards(up0)))
        hand.apply(DealHole(1, cards(up1)))
        assert hand.actor == 0  # ace high showing beats king high
        check_around(hand)
    assert [hand.up[0].count(True), hand.up[0].count(False)] == [4, 1]
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
    assert hand.result.won == (4, 0)  # two antes, the bring-in and its call
    assert hand.result.pots[0].awards[0].hands[0].name() == "Pair of aces"


def draw_hand(**options):
    """Five card draw, three players, antes 1, limits 2/4; everyone dealt five cards."""
    hand = new("F5D", (100,) * 3, antes=(1, 1, 1), small_bet=2, big_bet=4, **options)
    hand.apply(DealHole(0, cards("As Kd 7c 5h 2s")))
    hand.apply(DealHole(1, cards("Qs Qd 8c 6h 3s")))
    hand.apply(DealHole(2, cards("Js Td 9c 4h 3d")))
    return hand


def test_draw_up_to_three_or_four_when_keeping_an_ace():
    hand = draw_hand()
    check_around(hand)
    assert hand.waiting_for() == "draw"
    error = refused(hand, Discard(1, cards("Qd 8c 6h 3s")))
    assert error.message() == ("at most 3 cards may be drawn (four when the card kept is an "
                               "ace), not 4")
    assert "vier, wenn die behaltene Karte ein Ass ist" in error.message("de")
    hand.apply(Discard(0, cards("Kd 7c 5h 2s")))  # keeps the ace: four is allowed
    hand.apply(Discard(1, cards("8c 6h 3s")))
    hand.apply(Discard(2, ()))  # stands pat
    assert hand.needs_hole_cards() == {0: 4, 1: 3}


def test_house_rule_any_number_may_be_drawn():
    hand = draw_hand(any_draw=True)
    check_around(hand)
    hand.apply(Discard(1, cards("Qs Qd 8c 6h 3s")))
    assert hand.needs_hole_cards() == {1: 5}


def test_the_opener_bets_first_after_the_draw():
    hand = draw_hand()
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 2))  # player 2 opens
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(0))
    for player in range(3):
        hand.apply(Discard(player, ()))
    assert hand.actor == 1  # the seed's rule: the opener starts the second round
    house = draw_hand(button_opens_after_draw=True)
    house.apply(CheckCall(0))
    house.apply(BetRaise(1, 2))
    house.apply(CheckCall(2))
    house.apply(CheckCall(0))
    for player in range(3):
        house.apply(Discard(player, ()))
    assert house.actor == 0  # house option: left of the button


def test_discards_are_reshuffled_when_the_stock_runs_out():
    stacks = (100,) * 10
    hand = new("F5D", stacks, antes=(1,) * 10, small_bet=2, big_bet=4)
    stock = list(deck())
    for player in range(10):
        hand.apply(DealHole(player, tuple(stock[:5])))
        del stock[:5]
    check_around(hand)
    assert len(stock) == 2
    first = tuple(hand.hole[0][:3])
    hand.apply(Discard(0, first))
    # A discard never goes back to the player who threw it...
    assert refused(hand, DealHole(0, (stock[0], stock[1], first[0]))).rule == "duplicate_card"
    second = tuple(hand.hole[1][:3])
    hand.apply(Discard(1, second))
    # ...nor comes back while fresh cards remain...
    assert refused(hand, DealHole(0, (stock[0], second[0], second[1]))).rule == \
        "duplicate_card"
    # ...but the two fresh cards and then someone else's discard are fine.
    hand.apply(DealHole(0, (stock[0], stock[1], second[0])))
    assert second[0] in hand.hole[0] and second[0] not in hand.discards
    error = refused(hand, DealHole(1, (second[0], first[0], first[1])))
    assert error.rule == "duplicate_card"  # second[0] is in play again
    hand.apply(DealHole(1, first))  # player 0's discards serve player 1


def showdown_after_checks(code: str, holes: list[str], **options):
    """Deal, check every round, stand pat in every draw, show: the settled hand."""
    hand = new(code, (100,) * len(holes), antes=(1,) * len(holes), **options)
    for player, text in enumerate(holes):
        hand.apply(DealHole(player, cards(text)))
    while not hand.is_over:
        if hand.waiting_for() == "draw":
            for player in hand.still_to_draw():
                hand.apply(Discard(player, ()))
        elif hand.waiting_for() == "showdown":
            for player in hand.showdown_order():
                hand.apply(Show(player, tuple(hand.hole[player])))
        else:
            check_around(hand)
    return hand


def test_joker_as_bug_five_aces_beat_a_royal_flush():
    hand = showdown_after_checks("F5DJ", ["As Ah Ad Ac Xj", "Ks Qs Js Ts 9s"],
                                 small_bet=2, big_bet=4)
    award = hand.result.pots[0].awards[0]
    assert award.winners == (0,) and award.hands[0].name() == "Five of a kind, aces"


def test_joker_is_only_in_the_joker_games_deck():
    hand = new("F5D", (100, 100), antes=(1, 1), small_bet=2, big_bet=4)
    assert refused(hand, DealHole(0, cards("As Ah Ad Ac Xj"))).rule == "card_not_in_deck"


def test_deuces_wild_draw():
    hand = showdown_after_checks("F5DW", ["2c 2d Ks Kd 9h", "As Ah Ad Qc Jh"],
                                 small_bet=2, big_bet=4)
    award = hand.result.pots[0].awards[0]
    assert award.winners == (0,) and award.hands[0].name() == "Four of a kind, kings"


def test_ace_to_five_lowball_draw_the_wheel_wins():
    hand = showdown_after_checks("FA5L1D", ["5s 4h 3d 2c Ah", "6s 4d 3h 2d As"],
                                 small_bet=2, big_bet=4)
    award = hand.result.pots[0].awards[0]
    assert award.half == "low" and award.winners == (0,)
    assert award.hands[0].name() == "Five-four low, 5-4-3-2-A"


def test_deuce_to_seven_fixed_limit_single_draw():
    hand = showdown_after_checks("F2L1D", ["7s 5h 4d 3c 2h", "As 2d 3h 4s 5c"],
                                 small_bet=2, big_bet=4)
    assert hand.result.pots[0].awards[0].winners == (0,)  # A-2-3-4-5 is ace high here


def fourth_street_with_open_pair(**options):
    hand = new("F7S", (100,) * 2, antes=(1, 1), bring_in=1, small_bet=2, big_bet=4, **options)
    hand.apply(DealHole(0, cards("As Ks 3c")))
    hand.apply(DealHole(1, cards("Ah Kh 9d")))
    hand.apply(BringIn(0))
    hand.apply(CheckCall(1))
    hand.apply(DealHole(0, cards("7c")))
    hand.apply(DealHole(1, cards("9s")))  # player 2 shows a pair of nines
    return hand


def test_open_pair_on_fourth_street_allows_the_big_bet_as_a_house_option():
    hand = fourth_street_with_open_pair(open_pair_big_bet=True)
    assert hand.actor == 1
    assert (hand.legal().min_to, hand.legal().max_to) == (2, 4)
    assert hand.legal().describe() == "check, bet 2 or 4"
    assert hand.legal().describe("de") == "Check, Bet 2 oder 4"
    assert refused(hand, BetRaise(1, 3)).rule == "fixed_amount"  # small or big, nothing between
    hand.apply(BetRaise(1, 4))
    assert (hand.legal().min_to, hand.legal().max_to) == (8, 8)  # once big, raises are big
    hand.apply(BetRaise(0, 8))
    hand.apply(CheckCall(1))
    assert hand.contributed == [10, 10]


def test_without_the_house_option_fourth_street_bets_stay_small():
    hand = fourth_street_with_open_pair()
    assert (hand.legal().min_to, hand.legal().max_to) == (2, 2)


JACKS = {"antes": (1, 1, 1), "small_bet": 2, "big_bet": 4, "openers": 9}  # 9: jacks


def jacks_or_better(holes, **options):
    hand = new("F5D", (100,) * 3, **{**JACKS, **options})
    for player, text in enumerate(holes):
        hand.apply(DealHole(player, cards(text)))
    return hand


def test_jacks_or_better_needs_openers_to_open():
    hand = jacks_or_better(["Ts Td 7c 5h 2s", "Js Jd 8c 6h 3s", "Ks Qd 9c 4h 3d"])
    assert hand.legal().describe() == "check"  # tens are not openers
    error = refused(hand, BetRaise(0, 2))
    assert error.message() == "player 1 cannot open: a pair of jacks or better is needed; " \
        "legal: check"
    assert error.message("de").startswith(
        "Spieler 1 darf nicht eröffnen: ein Paar Buben oder besser ist nötig")
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 2))  # jacks open
    assert hand.legal().describe() == "fold, call 2, raise to 4"  # once open, anyone may raise


def test_nobody_opens_the_deal_is_passed_out_and_the_antes_stay():
    hand = jacks_or_better(["Ts Td 7c 5h 2s", "9s 9d 8c 6h 3s", "Ks Qd 8d 4h 3d"])
    check_around(hand)
    assert hand.is_over and hand.result.carried == 3 and hand.result.won == (0, 0, 0)
    assert hand.stacks == [99, 99, 99]
    # The next deal: the antes stay in the pot and everyone antes again.
    again = new("F5D", (99, 99, 99), carried_pot=hand.result.carried, **JACKS)
    assert again.total_pot() == 6 and again.pots()[0].amount == 6
    for player, text in enumerate(["As Ad 7c 5h 2s", "9s 9d 8c 6h 3s", "Ks Qd 8d 4h 3d"]):
        again.apply(DealHole(player, cards(text)))
    again.apply(BetRaise(0, 2))
    again.apply(Fold(1))
    again.apply(Fold(2))
    assert again.result.won == (6, 0, 0)  # the antes of both deals; the bet comes back
    assert again.stacks == [104, 98, 98]  # every chip of both deals accounted for (300)


def test_cards_nobody_has_read_may_open_and_are_shown_at_the_end():
    hand = new("F5D", (100,) * 2, antes=(1, 1), small_bet=2, big_bet=4, openers=9)
    hand.apply(DealHole(0, (None,) * 5))
    hand.apply(DealHole(1, cards("Ks Qd 9c 4h 3d")))
    hand.apply(BetRaise(0, 2))  # cannot be checked now: the cards speak at the end
    assert hand.actor == 1


def test_trips_to_win_without_trips_the_pot_stays_for_those_still_in():
    from tableside.evaluation import Category

    options = {**JACKS, "to_win": Category.THREE_OF_A_KIND}
    hand = new("F5D", (100,) * 3, **options)
    for player, text in enumerate(["Js Jd 7c 5h 2s", "9s 9d 8c 6h 3s", "Ks Qd 8d 4h 3d"]):
        hand.apply(DealHole(player, cards(text)))
    hand.apply(BetRaise(0, 2))  # jacks open
    hand.apply(CheckCall(1))
    hand.apply(Fold(2))  # out before the draw: not in the next deal
    for player in hand.still_to_draw():
        hand.apply(Discard(player, ()))
    check_around(hand)
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
    # Jacks beat nines, but trips are needed to win: the pot of 7 stays for positions 0 and 1.
    assert hand.result.won == (0, 0, 0) and hand.result.carried == 7
    assert hand.result.carried_to == (0, 1)
    assert hand.stacks == [97, 97, 99]


def test_trips_to_win_with_trips_the_pot_is_won():
    from tableside.evaluation import Category

    options = {**JACKS, "to_win": Category.THREE_OF_A_KIND}
    hand = new("F5D", (100,) * 2, **{**options, "antes": (1, 1)})
    hand.apply(DealHole(0, cards("Js Jd Jc 5h 2s")))
    hand.apply(DealHole(1, cards("9s 9d 8c 6h 3s")))
    hand.apply(BetRaise(0, 2))
    hand.apply(CheckCall(1))
    for player in hand.still_to_draw():
        hand.apply(Discard(player, ()))
    check_around(hand)
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
    assert hand.result.won == (6, 0) and hand.result.carried == 0


def test_an_opener_who_splits_openers_must_declare_it():
    hand = jacks_or_better(["Js Jd Ts 9s 8s", "9h 9d 8c 6h 3s", "Ks Qd 8d 4h 3d"])
    hand.apply(BetRaise(0, 2))  # opens with jacks, holding four to a straight flush
    hand.apply(CheckCall(1))
    hand.apply(CheckCall(2))
    error = refused(hand, Discard(0, cards("Jd")))
    assert error.rule == "split_openers"
    assert error.message().startswith("these discards break player 1's openers")
    hand.apply(Discard(0, cards("Jd"), split_openers=True))
    assert hand.openers_aside == {0: cards("Jd")}
    hand.apply(Discard(1, ()))
    assert hand.needs_hole_cards() == {0: 1}


def test_wild_widow_makes_the_siblings_of_the_turned_up_card_wild():
    hand = new("F5DWW", (100, 100), blinds=(2, 1), small_bet=2, big_bet=4)
    hand.apply(DealHole(0, cards("7c 7d Ks Qd")))
    hand.apply(DealHole(1, cards("As Ad Kh Qh")))
    assert hand.needs_board_cards() == 1
    hand.apply(DealBoard(cards("7h")))  # the widow: sevens are wild
    hand.apply(DealHole(0, cards("2c")))
    hand.apply(DealHole(1, cards("3s")))
    assert hand.actor == 1  # the first betting round comes after the fifth card
    check_around(hand)
    for player in hand.still_to_draw():
        hand.apply(Discard(player, ()))
    check_around(hand)
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
    award = hand.result.pots[0].awards[0]
    # Two wild sevens make kings-or-better trips: three kings beat a pair of aces; the widow
    # itself plays for nobody.
    assert award.winners == (0,)
    assert award.hands[0].name() == "Three of a kind, kings"
