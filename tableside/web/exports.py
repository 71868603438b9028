"""The dealer's exports and the end-of-night settlement, from the table's log and state.

PHH and the PokerStars format come from the finished hands as the log replays them
(:func:`tableside.table.export.finished_hands`: corrections applied, voided hands left out),
read through a connection of our own (the service's store belongs to its writer thread);
the ledger comes from the dealer's state (buy-ins, rebuys, add-ons, cash-outs). Stack
adjustments move chips without money changing hands: they are listed beside the
settlement, not in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tableside.table.errors import TableError
from tableside.table.export import finished_hands, phh_text
from tableside.table.ledger import Entry, EntryKind, Ledger
from tableside.table.pokerstars import to_pokerstars
from tableside.table.store import Store

_KINDS = {"buy_in": EntryKind.BUY_IN, "rebuy": EntryKind.REBUY, "add_on": EntryKind.ADD_ON,
          "cash_out": EntryKind.CASH_OUT}


@contextmanager
def reading(service: Any) -> Iterator[Store]:
    """A connection of our own to the table's database, for reading while the table runs."""
    store = Store(service.store.path, create=False)
    try:
        yield store
    finally:
        store.close()


def backup(service: Any, target: Path) -> Path:
    with reading(service) as store:
        return store.backup(target)


def _table_name(service: Any, state: Any) -> str:
    return state.settings.name or f"table {service.table_id}"


def phh(service: Any, lang: str = "en") -> str:
    with reading(service) as store:
        return phh_text(store, service.table_id)


def pokerstars(service: Any, lang: str = "en") -> str:
    """Every finished hand PokerStars can express, separated by blank lines."""
    with reading(service) as store:
        hands = list(finished_hands(store, service.table_id))
    texts = []
    for state, table_hand in hands:
        try:
            texts.append(to_pokerstars(
                table_hand.hand, hand_id=table_hand.number,
                table_name=_table_name(service, state), seat_numbers=table_hand.seats,
                player_names=table_hand.names, button_seat=table_hand.positions.button,
                max_seats=state.settings.seats,
                started_at=datetime.fromtimestamp(table_hand.started_at, UTC)))
        except TableError:
            continue  # a game the format has no form for (stud, draw): PHH has it
    return "\n\n\n".join(texts) + ("\n" if texts else "")


def ledger_of(state: dict[str, Any]) -> Ledger:
    """The cash ledger from the dealer's state."""
    ledger = Ledger()
    for entry in state["ledger"]:
        kind = _KINDS.get(entry["kind"])
        if kind is not None:
            ledger.add(Entry(entry["player"], kind, entry["amount"], entry["at"]))
    return ledger


def _stacks(state: dict[str, Any], ledger: Ledger) -> dict[str, int]:
    """Chips in front of each seated player (in a hand: what they had when it was dealt)."""
    seated = ledger.seated()
    return {seat["player"]: seat["stack"] for seat in state["seats"]
            if seat["player"] in seated}


def ledger_csv(service: Any, lang: str = "en") -> str:
    state = service.dealer_state()
    ledger = ledger_of(state)
    return ledger.to_csv(lang, _stacks(state, ledger))


def settlement(service: Any) -> dict[str, Any]:
    """Per player: chips bought, cashed out, on the table, net result in cents; the balance;
    the transfers with the fewest payments; the stack adjustments."""
    state = service.dealer_state()
    ledger = ledger_of(state)
    stacks = _stacks(state, ledger)
    nets = ledger.net_results(stacks)
    on_table = sum(stacks.values())
    balance = ledger.check(on_table=on_table)
    transfers = ledger.settlement(stacks)
    return {
        "players": [{"player": p, "bought": ledger.chips_in(p), "cashed_out": ledger.chips_out(p),
                     "on_table": stacks.get(p, 0), "net_cents": nets[p]}
                    for p in ledger.players()],
        "balance": {"balanced": balance.balanced, "difference_cents": balance.difference,
                    "text": {"en": balance.describe("en"), "de": balance.describe("de")}},
        "transfers": [{"payer": t.payer, "payee": t.payee, "cents": t.cents,
                       "text": {"en": t.describe("en"), "de": t.describe("de")}}
                      for t in transfers],
        "chip_value": {"en": ledger.chip_value.describe("en"),
                       "de": ledger.chip_value.describe("de")},
        "adjustments": [e for e in state["ledger"] if e["kind"] == "adjust"],
    }
