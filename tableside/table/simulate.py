"""A random dealer: the next legal command for a table, for demos, benchmarks and tests.

:func:`next_command` looks at a :class:`TableState` and proposes what a dealer and players
could do next: refill a player who has run out of chips, start a hand, deal cards nobody
holds, a random legal action, the draws, the showdown. Feed it back through a service (or
``state.apply``) to play as many hands as needed, reproducibly from one ``random.Random``.
"""

from __future__ import annotations

import random
from typing import Any

from tableside.cards import deck
from tableside.engine import Hand, Phase
from tableside.table.codec import card_text
from tableside.table.settings import DEALERS_CHOICE
from tableside.table.state import TableState

# How often a player to act folds, checks or calls, or bets or raises (the rest).
FOLD, CALL = 0.2, 0.55


def next_command(state: TableState, rng: random.Random) -> dict[str, Any]:
    """A command the table accepts now (the table must be open with two players or more)."""
    table_hand = state.hand
    if table_hand is None or not table_hand.in_progress:
        for seat in sorted(state.seats.values(), key=lambda s: s.seat):
            if seat.stack == 0 and not state.settings.tournament:
                return {"type": "rebuy", "seat": seat.seat, "amount": state.minimum_buy_in()}
        if state.settings.rotation == DEALERS_CHOICE:
            return {"type": "start_hand", "game": rng.choice(state.settings.game_codes())}
        return {"type": "start_hand"}
    hand, seats = table_hand.hand, table_hand.seats
    if hand.phase == Phase.DEALING:
        needs = hand.needs_hole_cards()
        if needs:
            player = min(needs)
            cards = _fresh_cards(hand, needs[player], rng)
            return {"type": "deal", "seat": seats[player], "cards": cards}
        return {"type": "board", "cards": _fresh_cards(hand, hand.needs_board_cards(), rng)}
    if hand.phase == Phase.DRAWING:
        to_draw = hand.still_to_draw()
        if to_draw:
            player = to_draw[0]
            held = [c for c in hand.hole[player] if c is not None]
            # Never more than the stock can replace for everyone still to draw (no reshuffle
            # of the discards here).
            pending = sum(hand.needs_hole_cards().values())
            share = (len(_stock(hand)) - pending) // len(to_draw)
            count = rng.randint(0, min(len(held), 3, share))
            return {"type": "discard", "seat": seats[player],
                    "cards": [card_text(c) for c in rng.sample(held, count)],
                    "split_openers": False}
        player, count = next(iter(hand.needs_hole_cards().items()))
        return {"type": "deal", "seat": seats[player], "cards": _fresh_cards(hand, count, rng)}
    if hand.phase == Phase.SHOWDOWN:
        order = hand.showdown_order()
        player = order[0]
        if len(order) > 1 and not hand.config.all_hands_shown and rng.random() < 0.3:
            return {"type": "show", "seat": seats[player], "cards": None}  # mucks
        return {"type": "show", "seat": seats[player],
                "cards": [card_text(c) for c in hand.hole[player]]}
    legal = hand.legal()
    seat = seats[legal.player]
    roll = rng.random()
    if legal.bring_in is not None and (roll < 0.7 or legal.min_to is None):
        return {"type": "bring_in", "seat": seat}  # the bring-in is forced: post or complete
    if roll < FOLD and not legal.can_check:
        return {"type": "fold", "seat": seat}
    if (roll < FOLD + CALL or legal.min_to is None) and legal.bring_in is None:
        return {"type": "check_call", "seat": seat}
    to = legal.min_to if legal.fixed else rng.randint(legal.min_to, legal.max_to)
    return {"type": "bet_raise", "seat": seat, "to": to}


def _fresh_cards(hand: Hand, count: int, rng: random.Random) -> list[str]:
    return [card_text(c) for c in rng.sample(_stock(hand), count)]


def _stock(hand: Hand) -> list:
    """The cards nobody has seen yet."""
    used = {c for cards in hand.hole for c in cards if c is not None}
    used.update(c for board in hand.boards for c in board)
    used.update(hand.discards)
    return [c for c in deck(jokers=hand.variant.jokers, short=hand.variant.short_deck)
            if c not in used]
