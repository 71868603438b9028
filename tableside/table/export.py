"""A table's hands out of its log: each finished hand as an engine hand with its seats, and
every hand as a PHH record (the standard for all variants).

The hands are rebuilt by folding the log from the start, so an export always shows the hands
as corrected (undone actions gone, misread cards corrected) and leaves voided hands out.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import replace

from tableside.phh import PHHRecord, write_phhs
from tableside.phh.replay import record_from_hand
from tableside.table.errors import StoreError, TableError
from tableside.table.hand import TableHand
from tableside.table.state import TableState
from tableside.table.store import Store


def finished_hands(store: Store, table_id: int) -> Iterator[tuple[TableState, TableHand]]:
    """Every finished hand of the table, in order, with the table state right after it was
    closed (or the final state, for a finished hand still open to corrections)."""
    state = TableState()
    seen: TableHand | None = None
    for seq, at, command in store.commands(table_id):
        try:
            state.apply(command, at)
        except TableError as error:
            raise StoreError("replay", f"table {table_id}: logged command {seq} is refused "
                             f"on replay ({error.message('en')})", f"Tisch {table_id}: der "
                             f"gespeicherte Befehl {seq} wird beim Nachspielen abgelehnt "
                             f"({error.message('de')})") from None
        closed = state.last_hand
        if closed is not None and closed is not seen:
            seen = closed
            if closed.finished:
                yield state, closed
    if state.hand is not None and state.hand.finished:
        yield state, state.hand


def phh_record(table_hand: TableHand, table_name: str, seat_count: int) -> PHHRecord:
    """The PHH record of one hand, with the table's names for its players and seats."""
    started = datetime.datetime.fromtimestamp(table_hand.started_at, datetime.UTC)
    extra = {
        "time": started.time().replace(microsecond=0), "time_zone": "UTC",
        "day": started.day, "month": started.month, "year": started.year,
        "hand": table_hand.number, "seats": list(table_hand.seats), "seat_count": seat_count,
        "table": table_name, "players": list(table_hand.names),
    }
    if table_hand.level is not None:
        extra["level"] = table_hand.level
    # The PHH field "hand" cannot go through record_from_hand(hand, **extra) (its first
    # parameter has that name), so the extra fields are set on the record it returns.
    record = record_from_hand(table_hand.hand)
    return replace(record, extra={**record.extra, **extra}, index=table_hand.number)


def phh_text(store: Store, table_id: int) -> str:
    """Every finished hand of the table as one ``.phhs`` text."""
    records = [phh_record(hand, state.settings.name or f"table {table_id}",
                          state.settings.seats)
               for state, hand in finished_hands(store, table_id)]
    return write_phhs(records)
