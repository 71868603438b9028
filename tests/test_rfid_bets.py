"""Bets read from chips, against real engine hands: what the chips in the actor's zone
propose, and the mismatches shown instead of guessing (in English and German)."""

from __future__ import annotations

import pytest
from engine_helpers import start

from tableside.engine import BetRaise, BringIn, CheckCall, Hand
from tableside.rfid.bets import Mismatch, Proposal, check_pot, propose_bet


def read(hand: Hand, zone_total: int, *, single_chip: bool = False,
         raise_declared: bool = False) -> Proposal | Mismatch | None:
    legal = hand.legal()
    player = legal.player
    result = propose_bet(legal, in_front=hand.bets[player], stack=hand.stacks[player],
                         zone_total=zone_total, single_chip=single_chip,
                         raise_declared=raise_declared)
    if isinstance(result, Proposal):
        # Every proposal is an action the engine takes, leaving the zone's chips in front.
        copy = Hand.replay(hand.config, hand.events)
        copy.apply(result.event)
        assert copy.bets[player] == result.to == hand.bets[player] + result.amount
    return result


@pytest.fixture
def no_limit() -> Hand:
    # Button (player 2) to act preflop, facing the big blind of 100; min raise to 200.
    return start("NT", (1000, 1000, 1000), blinds=(50, 100, 0))


@pytest.mark.parametrize(("zone", "action", "event"), [
    (100, "call", CheckCall(2)),
    (200, "raise", BetRaise(2, 200)),
    (650, "raise", BetRaise(2, 650)),
    (1000, "all_in", BetRaise(2, 1000)),
])
def test_chips_make_an_action(no_limit: Hand, zone: int, action: str, event) -> None:
    proposal = read(no_limit, zone)
    assert (proposal.action, proposal.event) == (action, event)


@pytest.mark.parametrize(("zone", "reason"), [
    (50, "too_little"), (150, "raise_too_small"), (1100, "more_than_stack")])
def test_chips_that_make_no_action(no_limit: Hand, zone: int, reason: str) -> None:
    mismatch = read(no_limit, zone)
    assert isinstance(mismatch, Mismatch) and mismatch.reason == reason
    assert mismatch.message("en") != mismatch.message("de")


def test_nothing_new_proposes_nothing(no_limit: Hand) -> None:
    assert read(no_limit, 0) is None


def test_a_single_oversized_chip_is_a_call_unless_a_raise_is_declared(no_limit: Hand) -> None:
    assert read(no_limit, 500, single_chip=True).event == CheckCall(2)
    assert read(no_limit, 500, single_chip=True, raise_declared=True).event == BetRaise(2, 500)
    assert read(no_limit, 500).event == BetRaise(2, 500)  # several chips: they are the amount


def test_a_declared_raise_needs_more_than_a_call(no_limit: Hand) -> None:
    mismatch = read(no_limit, 100, raise_declared=True)
    assert mismatch.reason == "declared_raise_short" and mismatch.params["min_to"] == 200
    assert mismatch.message("en") == ("a raise was declared but 100 only calls: a raise is "
                                      "at least 200")


def test_the_big_blind_counts_what_is_already_in(no_limit: Hand) -> None:
    no_limit.apply(CheckCall(2))
    no_limit.apply(CheckCall(0))
    assert read(no_limit, 100) is None  # the option: the blind alone is nothing new
    assert read(no_limit, 300).event == BetRaise(1, 300)
    assert read(no_limit, 50).reason == "chips_removed"


def test_pot_limit_maximum() -> None:
    hand = start("PO", (5000, 5000, 5000), blinds=(50, 100, 0))
    legal = hand.legal()
    assert read(hand, legal.max_to).event == BetRaise(2, legal.max_to)
    mismatch = read(hand, legal.max_to + 25)
    assert mismatch.reason == "raise_too_big" and str(legal.max_to) in mismatch.message("en")


def test_fixed_limit_amounts() -> None:
    hand = start("FT", (1000, 1000, 1000), blinds=(50, 100, 0), small_bet=100, big_bet=200)
    assert read(hand, 200).event == BetRaise(2, 200)
    wrong = read(hand, 300)
    assert wrong.reason == "fixed_amount"
    assert wrong.message("en") == "in fixed limit the bet goes to exactly 200, not 300"
    assert wrong.message("de") == "im Limit geht der Einsatz genau auf 200, nicht auf 300"
    assert read(hand, 500, single_chip=True).event == CheckCall(2)
    # With a raise declared one big chip is the raise; the dealer gives change.
    assert read(hand, 500, single_chip=True, raise_declared=True).event == BetRaise(2, 200)


def test_betting_not_reopened_allows_only_a_call() -> None:
    hand = start("NT", (1000, 350, 1000), blinds=(50, 100, 0))
    hand.apply(BetRaise(2, 300))
    hand.apply(CheckCall(0))
    hand.apply(BetRaise(1, 350))  # all-in for less than a full raise
    assert hand.legal().player == 2 and hand.legal().min_to is None
    assert read(hand, 400, single_chip=True).event == CheckCall(2)
    refused = read(hand, 500)
    assert refused.reason == "raise_not_allowed"
    assert refused.message("de") == ("Spieler 3 darf jetzt nicht erhöhen, nur callen "
                                     "(insgesamt 350) oder passen")


def test_stud_bring_in_or_completion() -> None:
    hand = start("F7S", (500, 500, 500), antes=(5, 5, 5), bring_in=10, small_bet=20,
                 big_bet=40)
    player = hand.legal().player
    assert read(hand, 10).event == BringIn(player)
    assert read(hand, 20).event == BetRaise(player, 20)
    assert read(hand, 15).reason == "fixed_amount"


def test_german_amounts_use_dots() -> None:
    hand = start("NT", (5000, 5000, 5000), blinds=(500, 1000, 0))
    assert read(hand, 1500).message("de") == ("1.500 ist kein gültiger Raise: der kleinste geht "
                                              "auf 2.000")
    assert read(hand, 2500).describe("de") == "Spieler 3: Raise auf 2.500"
    assert read(hand, 1000).describe("en") == "player 3: call 1,000"


def test_pot_check() -> None:
    assert check_pot(450, 450) is None
    short = check_pot(425, 450)
    assert short.message("en") == "the pot zone holds 425, the pot is 450"
    assert short.message("de") == "im Pot-Feld liegen 425, der Pot beträgt 450"
