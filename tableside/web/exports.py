"""The dealer's exports and the end-of-night settlement, from the table's log and state.

PHH and the PokerStars format come from the finished hands as the log replays them
(:func:`tableside.table.export.finished_hands`: corrections applied, voided hands left out),
read through a connection of our own (the service's store belongs to its writer thread).
The money is the table's own books (:mod:`tableside.table.books`): the ledger at the
table's chip value, the chips still in play and the rake kept by the house in the balance.
Stack adjustments move chips without money changing hands: the balance counts them, and
they are listed beside the settlement.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tableside.table import books
from tableside.table.export import phh_text
from tableside.table.store import Store


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


def phh(service: Any, lang: str = "en") -> str:
    with reading(service) as store:
        return phh_text(store, service.table_id)


def pokerstars(service: Any, lang: str = "en") -> str:
    """Every finished hand PokerStars can express (hold'em and Omaha; stable hand ids, money
    at the table's chip value), separated by blank lines."""
    with reading(service) as store:
        texts = list(books.pokerstars_hands(store, service.table_id))
    return "\n\n\n".join(texts) + ("\n" if texts else "")


def ledger_csv(service: Any, lang: str = "en") -> str:
    return service.read(lambda state: books.ledger_csv(state, lang))


def settlement(service: Any) -> dict[str, Any]:
    """Per player: chips bought, cashed out, on the table, net result in cents; the balance
    (rake and pots in play counted); the transfers with the fewest payments; the chip value;
    the stack adjustments. TableError for a tournament (prizes go by place)."""
    return service.read(_settlement)


def _settlement(state: Any) -> dict[str, Any]:
    accounts = books.accounts(state)
    ledger = books.ledger_of(state)
    stacks = books.stacks_of(state)
    return {
        **accounts.to_json(),
        "players": [{"player": p, "bought": ledger.chips_in(p),
                     "cashed_out": ledger.chips_out(p), "on_table": stacks.get(p, 0),
                     "net_cents": accounts.results[p]} for p in ledger.players()],
        "chip_value": {"en": ledger.chip_value.describe("en"),
                       "de": ledger.chip_value.describe("de")},
        "adjustments": [e for e in state.ledger if e["kind"] == "adjust"],
    }
