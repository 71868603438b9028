"""The table's house rules for the engine (declare your hand, the short all-in rules) and the
value of every shown hand in the public state (name and best five, as the engine judges)."""

from __future__ import annotations

import pytest

from tableside.cards import parse_cards
from tableside.engine import variant
from tableside.evaluation import judge
from tableside.table import TableError, TableService, TableSettings
from tableside.table.state import TableState


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def table(tmp_path, **settings) -> TableService:
    service = TableService.open(tmp_path / "t.db", clock=Clock())
    service.execute({"type": "settings", "changes": settings})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 200})
    return service


def to_showdown(service: TableService, hands: dict[int, str]) -> None:
    """Deal ``hands``, everyone checks or calls, nobody draws: the showdown."""
    service.execute({"type": "start_hand"})
    for seat, cards in hands.items():
        service.execute({"type": "deal", "seat": seat, "cards": cards})
    while (hand := service.public_state()["hand"])["phase"] != "showdown":
        if hand["legal"] is not None:
            service.execute({"type": "check_call"})
        elif hand["waiting_for"] == "draw":
            for seat in hands:
                service.execute({"type": "discard", "seat": seat, "cards": []})
        else:
            needed = hand["needs_cards"]["board"]
            service.execute({"type": "board", "cards": ["Ah", "Kh", "7h", "2s", "3d"][
                len(hand["board"]):len(hand["board"]) + needed]})


def test_the_house_rules_reach_the_hand_and_settings_check_them():
    settings = TableSettings(house_rules={"declare_hands": True, "call_full_blind": False,
                                          "half_bet_rule": False})
    assert settings.house_rules["call_full_blind"] is False
    with pytest.raises(TableError):
        TableSettings(house_rules={"half_bet_rule": "yes"})
    state = TableState()
    state.apply({"type": "open", "settings": {**settings.to_json(), "game": "F5DW"}}, 1.0)
    for seat in (1, 2):
        state.apply({"type": "sit", "seat": seat, "player": f"P{seat}", "buy_in": 200}, 2.0)
    state.apply({"type": "start_hand", "game": None, "straddles": 0, "button": None}, 3.0)
    config = state.hand.config
    assert (config.declare_hands, config.call_full_blind, config.half_bet_rule) == (
        True, False, False)


def test_declared_hands_bind_at_the_showdown_and_survive_a_replay(tmp_path):
    service = table(tmp_path, game="F5DW", house_rules={"declare_hands": True})
    to_showdown(service, {1: "Ks Kd 2c 7h 4s", 2: "Qs Qd Qc 8h 5s"})
    with pytest.raises(TableError) as caught:
        service.execute({"type": "show", "seat": 2, "cards": "Qs Qd Qc 8h 5s"})
    assert caught.value.rule == "must_declare" and "Platz 2" in caught.value.message("de")
    ack = service.execute({"type": "show", "seat": 2, "cards": "Qs Qd Qc 8h 5s",
                           "declared": {"category": "three_of_a_kind", "ranks": ["Q"]}})
    assert ack.command["declared"] == {"category": "three_of_a_kind", "ranks": ["Q"]}
    # Anna's deuce makes three kings, but she calls a pair: bound by it, she loses.
    service.execute({"type": "show", "seat": 1, "cards": "Ks Kd 2c 7h 4s",
                     "declared": "pair K"})
    hand = service.public_state()["hand"]
    assert hand["finished"]
    assert hand["result"]["won"]["1"] == 0 and hand["result"]["won"]["2"] > 0
    anna, ben = sorted(hand["players"], key=lambda p: p["seat"])
    assert anna["declared"]["name"] == {"en": "Pair of kings", "de": "Paar, Könige"}
    assert anna["declared"]["made"] == [True]
    assert anna["value"][0]["en"]["name"] == "Pair of kings"  # as declared, not three kings
    assert ben["value"][0]["de"]["name"] == "Drilling, Damen"
    # The log and the snapshot both keep the declarations.
    assert service.replay_all().to_snapshot() == service.state.to_snapshot()
    snapshot = service.state.to_snapshot()
    assert TableState.from_snapshot(snapshot).to_snapshot() == snapshot
    service.close()


def test_a_declaration_the_cards_cannot_make_loses(tmp_path):
    service = table(tmp_path, game="F5DW", house_rules={"declare_hands": True})
    to_showdown(service, {1: "Ks Kd 2c 7h 4s", 2: "Qs Qd Qc 8h 5s"})
    service.execute({"type": "show", "seat": 2, "cards": "Qs Qd Qc 8h 5s",
                     "declared": "three_of_a_kind Q"})
    service.execute({"type": "show", "seat": 1, "cards": "Ks Kd 2c 7h 4s",
                     "declared": "five_of_a_kind K"})
    anna = next(p for p in service.public_state()["hand"]["players"] if p["seat"] == 1)
    assert anna["declared"]["made"] == [False]
    assert service.public_state()["hand"]["result"]["won"]["1"] == 0
    service.close()


def test_declaring_where_the_cards_speak_is_refused(tmp_path):
    # The house rule is for wild-card games: hold'em at the same table is dealt without it.
    service = table(tmp_path, game="NT", house_rules={"declare_hands": True})
    to_showdown(service, {1: "Qh Jh", 2: "7c 7s"})
    assert service.public_state()["hand"]["declare_hands"] is False
    with pytest.raises(TableError) as caught:
        service.execute({"type": "show", "seat": 2, "cards": "7c 7s", "declared": "pair 7"})
    assert caught.value.rule == "no_declaring"
    for bad in ("full_house K", {"category": "pair"}, "pair 1"):
        with pytest.raises(TableError) as caught:
            service.execute({"type": "show", "seat": 2, "cards": "7c 7s", "declared": bad})
        assert caught.value.rule == "bad_command"
    service.close()


def test_every_shown_hand_has_its_value_and_nothing_hidden_is_judged(tmp_path):
    service = table(tmp_path, game="NT")
    to_showdown(service, {1: "Qh Jh", 2: "7c 7s"})
    hand = service.public_state()["hand"]
    assert all(p["value"] is None for p in hand["players"])  # nobody has shown yet
    first = service.state.hand.hand.showdown_order()[0]
    seat = service.state.hand.seat_of(first)
    cards = {1: "Qh Jh", 2: "7c 7s"}[seat]
    service.execute({"type": "show", "seat": seat, "cards": cards})
    hand = service.public_state()["hand"]
    shown = next(p for p in hand["players"] if p["seat"] == seat)
    expected = judge(variant("NT").judge, parse_cards(cards), parse_cards("AhKh7h2s3d"))
    assert shown["value"] == [{"en": expected.to_json("en"), "de": expected.to_json("de")}]
    other = next(p for p in hand["players"] if p["seat"] != seat)
    assert other["value"] is None and other["cards"] == ["??", "??"]
    service.close()
