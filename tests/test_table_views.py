"""What the table shows: the public state never holds a hidden card; the dealer sees all."""

from __future__ import annotations

import json
import random

import pytest

from tableside.cards import parse_card
from tableside.table.codec import card_text
from tableside.table.practice import PracticeTable
from tableside.table.simulate import next_command
from tableside.table.views import dealer_state, public_state


def card_strings(data) -> set[str]:
    """Every string in a JSON document that is exactly one card."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and len(item) == 2:
            try:
                parse_card(item)
            except ValueError:
                continue
            found.add(item)
    return found


def hidden_cards(table_hand) -> set[str]:
    """Cards of this hand nobody but their holder (and the dealer) may see."""
    hand = table_hand.hand
    hidden = set()
    for player, cards in enumerate(hand.hole):
        if hand.shown.get(player) is not None:
            continue
        hidden.update(card_text(c) for c, up in zip(cards, hand.up[player], strict=True)
                      if c is not None and not up)
    hidden.update(card_text(c) for c in hand.discards)
    return hidden


@pytest.mark.parametrize("settings", [
    {"game": "NT"}, {"game": "PO/8"}, {"game": "F7S"},
    {"game": "F5D"}, {"rotation": "HORSE"}])
def test_no_hidden_card_ever_reaches_the_public_state(settings):
    rng = random.Random(11)
    table = PracticeTable({"seats": 6, **settings})
    for seat in range(1, 6):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=table.state.minimum_buy_in())
    checked = 0
    while table.state.hands_started < 15:
        command = next_command(table.state, rng)
        table.do(command.pop("type"), **command)
        public = json.loads(json.dumps(public_state(table.state)))
        # Each hand has its own deck: the last hand's part is checked against its cards.
        last = public.pop("last_hand")
        if table.state.last_hand is not None:
            assert not card_strings(last) & hidden_cards(table.state.last_hand)
        if table.state.hand is None:
            continue
        hidden = hidden_cards(table.state.hand)
        leaked = card_strings(public) & hidden
        assert not leaked, (leaked, command)
        checked += bool(hidden)
        if hidden:
            assert hidden <= card_strings(dealer_state(table.state)["hand"])
    assert checked > 60


def test_shown_and_face_up_cards_are_public():
    table = PracticeTable({"game": "F7S"})
    for seat in (1, 2):
        table.do("sit", seat=seat, player=f"P{seat}", buy_in=100)
    table.do("start_hand")
    seats = table.state.hand.seats
    table.do("deal", seat=seats[0], cards="As Ks Qs")
    table.do("deal", seat=seats[1], cards="2c 3c 4c")
    view = public_state(table.state)
    first = next(s for s in view["seats"] if s["seat"] == seats[0])
    assert first["cards"] == ["??", "??", "Qs"]  # third street: two down, one up
    assert view["hand"]["history"][1]["cards"] == ["??", "??", "Qs"]
    dealer = dealer_state(table.state)
    assert next(s for s in dealer["seats"] if s["seat"] == seats[0])["cards"] == [
        "As", "Ks", "Qs"]


def test_the_public_state_has_a_version_and_seat_statuses():
    table = PracticeTable({"seats": 4})
    table.do("sit", seat=1, player="Anna", buy_in=100)
    table.do("sit", seat=2, player="Ben", buy_in=100)
    table.do("sit", seat=3, player="Cleo", buy_in=100)
    table.do("sit_out", seat=3)
    table.do("start_hand")
    table.do("sit", seat=4, player="Dora", buy_in=100)
    view = public_state(table.state)
    assert view["version"] == table.state.seq == 7
    assert [s["status"] for s in view["seats"]] == ["in_hand", "in_hand", "sitting_out",
                                                  "waiting"]
    assert view["hand"]["needs_cards"] == {"seats": {"2": 2, "1": 2}, "board": 0}
    assert view["hand"]["game_name"] == {"en": "No-limit Texas hold'em",
                                         "de": "No-Limit Texas Hold'em"}
