"""Passed-out deals at the table (issue 4, the seeds' draw rules):

- Jacks or better: "if nobody opens, the hand is redealt and the antes stay (with the house
  option of progressive jackpots: queens, kings, aces, then back down)".
- Trips to win: "if nobody qualifies at the showdown the pot stays, players who folded before
  the draw are out, the rest ante again and get a new deal".
The same dealer redeals: the button does not move until a pot is won.
"""

from __future__ import annotations

import pytest

from tableside.cards import ACE, JACK, KING, QUEEN
from tableside.evaluation import Category
from tableside.table import TableError, TableService
from tableside.table.practice import PracticeTable
from tableside.table.service import create_table
from tableside.table.settings import TableSettings
from tableside.table.store import Store
from tableside.table.views import dealer_state, public_state

PLAYERS = ((1, "Anna"), (3, "Ben"), (5, "Cleo"), (7, "Dan"))
BUY_IN = 100
JACKS_OR_BETTER = {"seats": 8, "game": "F5D", "ante": 1, "house_rules": {"openers": JACK}}
PROGRESSIVE = {**JACKS_OR_BETTER,
               "house_rules": {"openers": JACK, "progressive_openers": True}}
TRIPS_TO_WIN = {**JACKS_OR_BETTER,
                "house_rules": {"openers": JACK, "to_win": int(Category.THREE_OF_A_KIND)}}

# Hands that cannot open jacks or better (tens, nines, king high, a low pair) ...
NO_OPENERS = ("Ts Td 7c 5h 2s", "9s 9d 8c 6h 3s", "Ks Qd 8d 4h 3d", "4c 4s 6d 8h Th")
# ... and the same with a pair of jacks, openers, for the first player.
JACKS_FIRST = ("Js Jd 7c 5h 2s", "9s 9d 8c 6h 3s", "Ks Qd 8d 4h 3d", "4c 4s 6d 8h Th")


def table_of(settings: dict, players: int = 3) -> PracticeTable:
    table = PracticeTable(settings)
    for seat, name in PLAYERS[:players]:
        table.do("sit", seat=seat, player=name, buy_in=BUY_IN)
    return table


def deal(table: PracticeTable, holes: tuple[str, ...]) -> None:
    """Deal each player of the hand, in position order, one of ``holes``."""
    for seat, cards in zip(table.state.hand.seats, holes, strict=False):
        table.do("deal", seat=seat, cards=cards)


def check_around(table: PracticeTable) -> None:
    while table.state.hand_in_progress() and table.state.hand.hand.actor is not None:
        table.do("check_call")


def chips_in_play(table: PracticeTable) -> int:
    """Every chip at the table between hands: stacks and the pot waiting for a redeal."""
    state = table.state
    assert not state.hand_in_progress()
    waiting = state.pending_redeal()
    return sum(seat.stack for seat in state.seats.values()) + (waiting.pot if waiting else 0)


def test_nobody_opens_jacks_or_better_the_same_dealer_redeals_for_the_antes():
    table = table_of(JACKS_OR_BETTER)
    table.do("start_hand")
    first = table.state.hand
    assert first.config.blinds == () and first.config.antes == (1, 1, 1)  # an ante game
    deal(table, NO_OPENERS)
    check_around(table)
    assert first.hand.result.carried == 3

    view = public_state(table.state)
    assert view["redeal"]["reason"] == "unopened" and view["redeal"]["pot"] == 3
    assert view["redeal"]["text"] == {
        "en": "Nobody opened: redeal, jacks or better to open",
        "de": "Niemand hat eröffnet: neu geben, Buben oder besser zum Eröffnen"}
    table.do("start_hand")
    redeal = table.state.hand
    assert redeal.positions.button == first.positions.button
    assert redeal.seats == first.seats
    assert redeal.config.openers == JACK  # without the house option: jacks again
    assert redeal.config.carried_pot == 3 and redeal.hand.total_pot() == 6  # antes again
    assert public_state(table.state)["hand"]["redeal"]["text"]["en"].startswith("Nobody opened")
    assert chips_in_play_during(table) == 3 * BUY_IN


def chips_in_play_during(table: PracticeTable) -> int:
    """During a hand the seats keep the stacks it was dealt with: the carried pot is apart."""
    state = table.state
    return sum(seat.stack for seat in state.seats.values()) + state.hand.config.carried_pot


def test_progressive_openers_climb_while_passed_out_and_fall_back_to_jacks_once_opened():
    table = table_of(PROGRESSIVE)
    table.do("start_hand")
    button = table.state.hand.positions.button
    needed = []
    for _ in range(3):  # jacks, queens, kings: passed out each time
        needed.append(table.state.hand.config.openers)
        deal(table, NO_OPENERS)
        check_around(table)
        assert chips_in_play(table) == 3 * BUY_IN
        table.do("start_hand")
        assert table.state.hand.positions.button == button  # the same dealer redeals
    assert needed == [JACK, QUEEN, KING]
    hand = table.state.hand
    assert hand.config.openers == ACE and hand.config.carried_pot == 9
    assert public_state(table.state)["hand"]["redeal"]["text"] == {
        "en": "Nobody opened: redeal, aces or better to open",
        "de": "Niemand hat eröffnet: neu geben, Asse oder besser zum Eröffnen"}

    deal(table, ("Ks Kd 8c 6h 3s", "As Ad 7c 5h 2s", "Qs Qd 8d 4h 3d"))
    first, second, third = hand.seats
    with pytest.raises(TableError) as refused:  # kings do not open when aces are needed
        table.do("bet_raise", seat=first, to=2)
    assert refused.value.rule == "no_openers"
    assert refused.value.message("de") != refused.value.message("en")
    table.do("check_call", seat=first)
    table.do("bet_raise", seat=second, to=2)  # aces open
    table.do("fold", seat=third)
    table.do("fold", seat=first)
    assert hand.finished and hand.hand.result.won[1] == 12  # the antes of four deals
    assert public_state(table.state)["redeal"] is None

    table.do("start_hand")
    after = table.state.hand
    assert after.config.openers == JACK and after.redeal is None
    assert after.config.carried_pot == 0 and after.positions.button != button
    assert public_state(table.state)["hand"]["redeal"] is None
    assert chips_in_play_during(table) == 3 * BUY_IN


def test_trips_to_win_without_trips_only_those_still_in_ante_again_for_the_pot():
    table = table_of(TRIPS_TO_WIN, players=4)
    table.do("start_hand")
    first = table.state.hand
    opener, caller, folder, last = first.seats
    deal(table, JACKS_FIRST)
    table.do("bet_raise", seat=opener, to=2)  # jacks open
    table.do("check_call", seat=caller)
    table.do("fold", seat=folder)  # out before the draw: out of this pot
    table.do("fold", seat=last)
    table.do("discard", seat=opener, cards=[])
    table.do("discard", seat=caller, cards=[])
    check_around(table)
    table.do("show", seat=opener, cards=JACKS_FIRST[0])
    table.do("show", seat=caller, cards=JACKS_FIRST[1])
    result = first.hand.result
    assert result.won == (0, 0, 0, 0) and result.carried == 4 + 2 + 2
    assert chips_in_play(table) == 4 * BUY_IN

    names = {seat: name for seat, name in PLAYERS}
    view = public_state(table.state)["redeal"]
    assert view["reason"] == "short_of_winning" and view["seats"] == [opener, caller]
    assert view["text"] == {
        "en": f"No trips: the pot stays, {names[opener]} and {names[caller]} ante again",
        "de": f"Kein Drilling: der Pot bleibt, {names[opener]} und {names[caller]} setzen "
              "erneut die Ante"}

    table.do("start_hand")
    redeal = table.state.hand
    assert redeal.seats == (opener, caller)  # the engine gets exactly the redeal's players
    assert redeal.config.antes == (1, 1) and redeal.config.carried_pot == 8
    assert redeal.config.openers == JACK  # the last deal was opened: jacks
    assert redeal.positions.button == first.positions.button
    seats_view = {s["seat"]: s for s in public_state(table.state)["seats"]}
    assert not seats_view[folder]["in_hand"] and not seats_view[last]["in_hand"]
    assert chips_in_play_during(table) == 4 * BUY_IN

    trips, pair = "Qs Qd Qc 5h 2s", "Ks Kd 8c 6h 3s"
    deal(table, (trips, pair))
    table.do("bet_raise", seat=opener, to=2)
    table.do("check_call", seat=caller)
    table.do("discard", seat=opener, cards=[])
    table.do("discard", seat=caller, cards=[])
    check_around(table)
    table.do("show", seat=opener, cards=trips)
    table.do("show", seat=caller, cards=pair)
    won = redeal.hand.result.won
    assert won == (8 + 1 + 1 + 2 + 2, 0) and redeal.hand.result.carried == 0
    assert table.state.seats[opener].stack == BUY_IN - 3 - 3 + 14
    assert public_state(table.state)["redeal"] is None
    assert chips_in_play(table) == 4 * BUY_IN

    table.do("start_hand")  # the pot is won: everyone is dealt in again, the button moves
    assert len(table.state.hand.seats) == 4 and table.state.hand.config.carried_pot == 0
    assert table.state.hand.positions.button != first.positions.button


def test_a_misdealt_redeal_is_dealt_again_as_the_same_redeal():
    table = table_of(PROGRESSIVE)
    table.do("start_hand")
    deal(table, NO_OPENERS)
    check_around(table)
    table.do("start_hand")
    pending = dealer_state(table.state)["hand"]["redeal"]
    table.do("misdeal")
    assert public_state(table.state)["redeal"] == pending
    table.do("start_hand")
    assert table.state.hand.config.openers == QUEEN and table.state.hand.config.carried_pot == 3


def test_the_redeal_is_the_same_game():
    table = table_of({**JACKS_OR_BETTER, "rotation": "dealers_choice", "games": ["F5D", "FT"]})
    table.do("start_hand", game="F5D")
    deal(table, NO_OPENERS)
    check_around(table)
    with pytest.raises(TableError) as refused:
        table.do("start_hand", game="FT")
    assert refused.value.rule == "redeal_game"
    table.do("start_hand")
    assert table.state.hand.game == "F5D" and table.state.hand.config.carried_pot == 3


def test_the_state_after_reopening_the_database_equals_the_state_before(tmp_path):
    db = tmp_path / "redeal.db"
    with Store(db) as store:
        table_id = create_table(store, TableSettings.from_json(TRIPS_TO_WIN), 1000.0)
    clock = iter(float(t) for t in range(1001, 2000))
    with TableService.open(db, table_id, clock=lambda: next(clock), snapshot_every=7) as service:
        for seat, name in PLAYERS:
            service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": BUY_IN})
        service.execute({"type": "start_hand"})
        opener, caller, folder, last = service.state.hand.seats
        for seat, cards in zip((opener, caller, folder, last), JACKS_FIRST, strict=True):
            service.execute({"type": "deal", "seat": seat, "cards": cards})
        for command in ({"type": "bet_raise", "seat": opener, "to": 2},
                        {"type": "check_call", "seat": caller},
                        {"type": "fold", "seat": folder}, {"type": "fold", "seat": last},
                        {"type": "discard", "seat": opener}, {"type": "discard", "seat": caller},
                        {"type": "check_call"}, {"type": "check_call"},
                        {"type": "show", "seat": opener, "cards": JACKS_FIRST[0]},
                        {"type": "show", "seat": caller, "cards": JACKS_FIRST[1]},
                        {"type": "start_hand"}):
            service.execute(command)
        before = service.state.to_snapshot()
        public_before = service.public_state()
        assert before["hand"]["redeal"] is not None and service.state.hand.seats == (
            opener, caller)
    with TableService.open(db, table_id, clock=lambda: next(clock)) as reopened:
        assert reopened.state.to_snapshot() == before
        assert reopened.replay_all().to_snapshot() == before
        assert reopened.public_state() == public_before
