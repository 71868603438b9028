"""Short all-ins, by the card-room rules, and by the PHH records' convention where they differ.

- A big blind posted short (all-in) is still called in full: "Players to act must call the
  complete amount of the big blind to call, even if the all-in player has posted less than a
  full big blind" (Wikipedia, "Betting in poker", all-in situations; the same answer on
  poker.stackexchange.com and in the Poker TDA forum's rulings). PokerKit, the reference
  implementation of the PHH standard, and online sites let the next player call what the blind
  put in (``call_full_blind=False``).
- Fixed limit follows Robert's Rules of Poker's half-bet rule: "an all-in wager of less than
  half a bet does not reopen the betting for any player who has already acted ... [who has
  not acted] may fold, call, or complete the wager. An all-in wager of a half a bet or more
  is treated as a full bet" (raising a $15 all-in on a $20 round goes to $35). A short all-in
  counts toward the raise cap only when it is treated as a full bet (Poker TDA rule 47B and
  the TDA forum's ruling on capped limit rounds: 15 of a 10 bet counts, 14 does not). PokerKit
  treats every all-in raise as a full one (``half_bet_rule=False``).
"""

from __future__ import annotations

from engine_helpers import deal_holes, new, refused

from tableside.engine import BetRaise, CheckCall, Fold, Pot


def test_a_big_blind_posted_short_is_still_called_in_full():
    # blinds 50/100; the big blind has only 60 and is all-in
    hand = deal_holes(new("NT", (1_000, 60, 1_000, 1_000), blinds=(50, 100, 0, 0)))
    assert hand.contributed == [50, 60, 0, 0]
    legal = hand.legal()
    assert (legal.player, legal.call, legal.min_to) == (2, 100, 200)
    assert legal.describe() == "fold, call 100, raise to 200-1,000"
    hand.apply(CheckCall(2))
    hand.apply(CheckCall(3))
    assert hand.legal().call == 50  # the small blind completes to the full blind too
    hand.apply(CheckCall(0))
    # the short blind plays for 60 from everyone; the other 40 each make a side pot
    assert hand.pots() == [Pot(240, (0, 1, 2, 3)), Pot(120, (0, 2, 3))]


def test_a_lone_caller_of_a_short_blind_gets_back_what_nobody_matched():
    hand = deal_holes(new("NT", (1_000, 60, 1_000, 1_000), blinds=(50, 100, 0, 0)))
    hand.apply(CheckCall(2))  # 100
    hand.apply(Fold(3))
    hand.apply(Fold(0))
    # 40 of the call was never matched: it goes back, 60 stays against the blind's 60
    assert hand.contributed == [50, 60, 60, 0]
    assert hand.pots() == [Pot(170, (1, 2))]


def test_as_the_phh_records_play_it_the_short_blind_is_called_for_what_it_posted():
    hand = deal_holes(new("NT", (1_000, 60, 1_000, 1_000), blinds=(50, 100, 0, 0),
                          call_full_blind=False))
    assert hand.legal().call == 60
    for player in (2, 3, 0):
        hand.apply(CheckCall(player))
    assert hand.pots() == [Pot(240, (0, 1, 2, 3))]


# Fixed limit 10/20 with blinds 5/10: p0 small blind, p1 big blind, p2 first to act.
LIMIT = {"blinds": (5, 10, 0, 0, 0, 0), "small_bet": 10, "big_bet": 20}


def limit_hand(short_stack: int, **options):
    """Six players; p3 has only ``short_stack`` chips. p2 calls the big blind and p3 moves
    all-in for a raise short of a full bet."""
    stacks = (1_000, 1_000, 1_000, short_stack, 1_000, 1_000)
    hand = deal_holes(new("FT", stacks, **{**LIMIT, **options}))
    hand.apply(CheckCall(2))
    hand.apply(BetRaise(3, short_stack))
    return hand


def test_an_all_in_of_half_a_bet_or_more_is_a_full_raise_and_counts_toward_the_cap():
    hand = limit_hand(15)
    assert hand.legal().describe() == "fold, call 15, raise to 25"  # a bet above the 15
    hand.apply(BetRaise(4, 25))
    hand.apply(BetRaise(5, 35))
    hand.apply(BetRaise(0, 45))  # the fourth raise: the 15 was one of them
    legal = hand.legal()
    assert (legal.player, legal.call, legal.min_to) == (1, 35, None)
    assert refused(hand, BetRaise(1, 55)).rule == "raise_capped"


def test_an_all_in_of_less_than_half_a_bet_is_completed_and_not_counted():
    hand = limit_hand(14)
    # the 14 is no raise: the next raise completes the bet of 10 to 20, not to 24
    assert hand.legal().describe() == "fold, call 14, raise to 20"
    hand.apply(BetRaise(4, 20))
    hand.apply(BetRaise(5, 30))
    hand.apply(BetRaise(0, 40))
    hand.apply(BetRaise(1, 50))  # the fourth raise: the 14 did not count
    legal = hand.legal()
    assert (legal.player, legal.call, legal.min_to) == (2, 40, None)


def test_an_all_in_of_less_than_half_a_bet_does_not_reopen_the_betting():
    hand = limit_hand(14)
    for player in (4, 5, 0):
        hand.apply(CheckCall(player))
    # the big blind has not acted yet: it may complete to 20
    assert hand.legal().describe() == "fold, call 4, raise to 20"
    hand.apply(CheckCall(1))
    # p2 called the 10 and faces 4 more: less than half a bet does not reopen for p2
    legal = hand.legal()
    assert (legal.player, legal.call, legal.min_to) == (2, 4, None)
    assert refused(hand, BetRaise(2, 20)).rule == "not_reopened"


def test_an_all_in_of_half_a_bet_reopens_the_betting():
    hand = limit_hand(15)
    for player in (4, 5, 0, 1):
        hand.apply(CheckCall(player))
    assert hand.legal().describe() == "fold, call 5, raise to 25"  # p2 may raise again


def test_as_the_phh_records_play_it_every_all_in_raise_is_a_full_raise():
    hand = limit_hand(14, half_bet_rule=False)
    assert hand.legal().describe() == "fold, call 14, raise to 24"
    for to in (24, 34, 44):
        hand.apply(BetRaise(hand.actor, to))
    assert hand.legal().min_to is None  # the 14 was the first of four raises
