"""Hands as text: ``AsAh``, ``As Ah``, ``As??`` (one card unknown), ``??`` or ``random`` (a
whole unknown hand) and, in draw games, ``KsKd7c/2`` (keeps three cards, draws two)."""

from __future__ import annotations

import re

from tableside.cards import format_cards, parse_cards
from tableside.equity.hand import Hand

UNKNOWN_CARD = "??"
UNKNOWN_HAND = ("??", "?", "random")
_DRAWS = re.compile(r"^(.*?)/\s*(\d+)$", re.DOTALL)


def parse_hand(text: str) -> Hand:
    """Read one hand; raises CardError for anything that is not a card."""
    text = text.strip()
    draws = None
    match = _DRAWS.match(text)
    if match:
        text, draws = match.group(1).strip(), int(match.group(2))
    if text.lower() in UNKNOWN_HAND:
        return Hand((), None, draws)
    if not text and draws is not None:
        return Hand((), 0, draws)  # draws five, keeps nothing
    if not text:
        raise ValueError("an empty hand; write ?? for an unknown one")
    unknown = text.count(UNKNOWN_CARD)
    known = parse_cards(text.replace(UNKNOWN_CARD, " "))
    return Hand(tuple(known), unknown, draws)


def format_hand(hand: Hand) -> str:
    """The notation :func:`parse_hand` reads, without spaces: ``AsAh``, ``7c????``, ``random``."""
    if hand.unknown is None and not hand.known:
        text = "random"
    else:
        text = format_cards(hand.known, sep="") + UNKNOWN_CARD * (hand.unknown or 0)
    return text if hand.draws is None else f"{text}/{hand.draws}"
