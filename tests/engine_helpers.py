"""Shared helpers of the engine tests: start a hand, deal, check around, refuse, compare."""

from __future__ import annotations

import copy

import pytest

from tableside.cards import deck, parse_cards
from tableside.engine import (
    CheckCall,
    DealBoard,
    DealHole,
    Hand,
    HandConfig,
    IllegalAction,
    Show,
    variant,
)


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def snapshot(hand: Hand) -> tuple:
    """The publicly visible state of a hand, deep-copied for before/after comparisons."""
    return copy.deepcopy((
        hand.phase, hand.actor, hand.waiting_for(), list(hand.stacks), list(hand.bets),
        list(hand.contributed), [list(c) for c in hand.hole], list(hand.board),
        hand.needs_hole_cards(), hand.needs_board_cards(), hand.legal(), hand.pots(),
        hand.result, hand.showdown_order(), list(hand.events)))


def new(code: str, stacks, **options) -> Hand:
    return Hand(HandConfig(variant(code), tuple(stacks), **options))


def unused(hand: Hand, count: int) -> tuple:
    """The lowest cards of an ordered deck not yet in play."""
    used = {c for cs in hand.hole for c in cs if c is not None} | set(hand.board)
    return tuple([c for c in deck(short=hand.variant.short_deck) if c not in used][:count])


def deal_holes(hand: Hand, holes=None) -> Hand:
    """Deal every player's hole cards: the given strings, or unused low cards."""
    for player, count in sorted(hand.needs_hole_cards().items()):
        dealt = cards(holes[player]) if holes else unused(hand, count)
        hand.apply(DealHole(player, dealt))
    return hand


def deal_board(hand: Hand, text: str | None = None) -> None:
    hand.apply(DealBoard(cards(text) if text else unused(hand, hand.needs_board_cards())))


def start(code: str, stacks, holes=None, **options) -> Hand:
    """A hand with its hole cards dealt."""
    return deal_holes(new(code, stacks, **options), holes)


def check_around(hand: Hand) -> list[int]:
    """Everyone checks or calls to the end of the round; returns who acted, in order."""
    street, order = hand.street, []
    while hand.actor is not None and hand.street == street:
        order.append(hand.actor)
        hand.apply(CheckCall(hand.actor))
    return order


def refused(hand: Hand, event) -> IllegalAction:
    """Apply an illegal event: it must raise and leave the hand exactly as it was."""
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        hand.apply(event)
    assert snapshot(hand) == before
    return info.value


def run_out(hand: Hand, flop: str, turn: str, river: str) -> None:
    """Deal the rest of the board, everyone checking each street."""
    for text in (flop, turn, river):
        check_around(hand)
        deal_board(hand, text)
    check_around(hand)


def show_all(hand: Hand) -> None:
    for player in hand.showdown_order():
        hand.apply(Show(player, tuple(hand.hole[player])))
