"""The table's money as the ledger sees it: entries, the balance check, who pays whom, and
the hands in PokerStars text.

The table state records every buy-in, rebuy, add-on, cash-out and stack adjustment in chips;
here they become a :class:`~tableside.table.ledger.Ledger` at the table's chip value, with
the chips still in front of seated players (and a pot carried to the next deal) counted as on
the table and the rake as kept by the house.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tableside.engine.catalogue import entry as game_entry
from tableside.table.errors import TableError
from tableside.table.export import finished_hands
from tableside.table.ledger import HOUSE, Balance, Entry, EntryKind, Ledger, Transfer, settle
from tableside.table.pokerstars import GAMES, to_pokerstars
from tableside.table.state import TableState
from tableside.table.store import Store

_KINDS = {"buy_in": EntryKind.BUY_IN, "rebuy": EntryKind.REBUY, "add_on": EntryKind.ADD_ON,
          "cash_out": EntryKind.CASH_OUT, "adjust": EntryKind.ADJUSTMENT}


def ledger_of(state: TableState) -> Ledger:
    ledger = Ledger(state.settings.chips())
    for line in state.ledger:
        ledger.add(Entry(line["player"], _KINDS[line["kind"]], line["amount"], line["at"],
                         line.get("reason") or ""))
    return ledger


def stacks_of(state: TableState) -> dict[str, int]:
    """Each seated player's chips (during a hand: what they had when it was dealt)."""
    return {seat.player: seat.stack for seat in state.seats.values()}


@dataclass(frozen=True, slots=True)
class Accounts:
    """The end of the night in numbers."""

    balance: Balance
    results: dict[str, int]  # cents won (negative: lost) per player
    transfers: list[Transfer]
    # Cents the house receives in the settlement: the rake it kept.
    house: int = 0

    def to_json(self) -> dict[str, Any]:
        b = self.balance
        return {
            "balance": {"money_in": b.money_in, "money_out": b.money_out,
                        "on_table": b.on_table, "rake": b.rake, "adjusted": b.adjusted,
                        "difference": b.difference, "balanced": b.balanced,
                        "text": {"en": b.describe("en"), "de": b.describe("de")}},
            "results": self.results,
            "house": self.house,
            "transfers": [{"payer": t.payer, "payee": t.payee, "cents": t.cents,
                           "text": {"en": t.describe("en"), "de": t.describe("de")}}
                          for t in self.transfers],
        }


def accounts(state: TableState) -> Accounts:
    """Money in against money out and on the table, each player's result, and the fewest
    transfers that settle them (chips still in front of players count as cashed out now)."""
    if state.settings.tournament:
        raise TableError("tournament_accounts", "a tournament pays prizes by place, not "
                         "cash results", "ein Turnier zahlt Preise nach Platz, keine "
                         "Cash-Ergebnisse")
    ledger = ledger_of(state)
    stacks = stacks_of(state)
    on_table = sum(stacks.values()) + state.carried_pot
    results = ledger.net_results(stacks)
    # The rake the house kept is paid to it like a player's winnings. (Chips a stack
    # adjustment added or took away without money leave the results unbalanced: the
    # settlement refuses them until the dealer has put the stacks right.)
    house = ledger.chip_value.to_cents(state.house_rake())
    transfers = settle({**results, HOUSE: house} if house else results)
    return Accounts(ledger.check(on_table, state.house_rake()), results, transfers, house)


def ledger_csv(state: TableState, lang: str = "en") -> str:
    return ledger_of(state).to_csv(lang, stacks_of(state))


def pokerstars_hands(store: Store, table_id: int) -> Iterator[str]:
    """Every finished hold'em and Omaha hand of the table as PokerStars text (the other games
    have no PokerStars form and are left out). Hand ids are stable: the table's id, then the
    hand's number in seven digits."""
    for state, table_hand in finished_hands(store, table_id):
        if table_hand.game not in GAMES:
            continue
        settings = state.settings
        started = datetime.fromtimestamp(table_hand.started_at).astimezone()
        yield to_pokerstars(
            table_hand.hand, hand_id=int(f"{table_id}{table_hand.number:07d}"),
            table_name=settings.name or f"{game_entry(table_hand.game).name('en')} {table_id}",
            seat_numbers=table_hand.seats, player_names=table_hand.names,
            button_seat=table_hand.positions.button, max_seats=settings.seats,
            started_at=started, chip_value=None if settings.tournament else settings.chips())
