"""The table: an evening of poker as a fold over logged commands.

- :class:`TableService` is the one writer: it validates each command against the state,
  appends it to the SQLite log (:class:`Store`) synced to disk, then acknowledges and
  publishes it (commands queued together share one commit: :class:`Ticket`);
  :meth:`TableService.public_state` is what everyone may see.
- :class:`~tableside.table.timekeeper.ActionTimekeeper` acts for a player whose action
  timer ran out.
- :class:`TableState` is the pure fold (seats, stacks, button and blinds, the hand in play,
  corrections, ledger, tournament places); :mod:`.blinds` holds the dead button rule.
- :mod:`.commands` lists the commands and their JSON form; :mod:`.views` the public and the
  dealer's state; :mod:`.books` the money (with :mod:`.ledger`), :mod:`.export` the hands.
"""

from tableside.table.blinds import Marks, Positions, plan_hand
from tableside.table.books import Accounts, accounts, ledger_of
from tableside.table.commands import SCHEMA, normalize
from tableside.table.errors import StoreError, TableError
from tableside.table.hand import TableHand
from tableside.table.practice import PracticeTable
from tableside.table.service import Acknowledgement, TableService, Ticket, create_table
from tableside.table.settings import TableSettings
from tableside.table.state import Seat, TableState
from tableside.table.store import Store, default_db_path
from tableside.table.views import dealer_state, hand_state, public_state

__all__ = [
    "SCHEMA", "Accounts", "Acknowledgement", "Marks", "Positions", "PracticeTable", "Seat",
    "Store", "StoreError", "TableError", "TableHand", "TableService", "TableSettings",
    "TableState", "Ticket", "accounts", "create_table", "dealer_state", "default_db_path",
    "hand_state", "ledger_of", "normalize", "plan_hand", "public_state",
]
