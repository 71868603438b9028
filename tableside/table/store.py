"""The table's log in SQLite: every accepted command, synced to disk before it is acknowledged.

One database file per installation (default ``$XDG_DATA_HOME/tableside/tableside.db``, that
is ``~/.local/share/tableside/tableside.db``) holds any number of tables, one per evening or
tournament. The log is the source of truth; snapshots of the folded state, written now and
then in the same transaction as a command, only make start-up fast.

Durability: WAL journal with ``synchronous=FULL``, so a commit is on disk (the WAL fsynced)
when :meth:`Store.append` returns. A file that is not a tableside database (another program's
SQLite file, any other file, a damaged one, or one written by a newer tableside) is refused
with a :class:`StoreError` before anything is written to it.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tableside.table.errors import StoreError

APPLICATION_ID = 0x54424C53  # "TBLS" in the SQLite header: this file is tableside's
SQLITE_HEADER = b"SQLite format 3\x00"

# Schema migrations: version -> statements taking the schema from version - 1 to version.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE tables (
               id INTEGER PRIMARY KEY,
               name TEXT NOT NULL,
               created_at REAL NOT NULL)""",
        """CREATE TABLE commands (
               table_id INTEGER NOT NULL REFERENCES tables(id),
               seq INTEGER NOT NULL,
               at REAL NOT NULL,
               body TEXT NOT NULL,
               PRIMARY KEY (table_id, seq)) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
               table_id INTEGER NOT NULL REFERENCES tables(id),
               seq INTEGER NOT NULL,
               format TEXT NOT NULL,
               state TEXT NOT NULL,
               PRIMARY KEY (table_id, seq)) WITHOUT ROWID""",
    ),
}
SCHEMA_VERSION = max(MIGRATIONS)
SNAPSHOTS_KEPT = 2


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/tableside/tableside.db`` (``~/.local/share/...`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "tableside" / "tableside.db"


class Store:
    """The SQLite log. Not thread-safe by itself: the table service is its one writer."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create: bool = True,
                 durable: bool = True):
        """``durable=False`` skips the fsync of each commit (``synchronous=OFF``): only for
        measuring what the disk costs, never for a table."""
        self.path = Path(path) if path is not None else default_db_path()
        fresh = _inspect(self.path, create)
        if fresh:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA busy_timeout = 5000")
            if fresh or self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'OFF'}")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise _damaged(self.path, error) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ schema
    def _migrate(self) -> None:
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process?
            for number in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[number]:
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    # ------------------------------------------------------------------ tables
    def create_table(self, name: str, at: float, open_command: dict[str, Any]) -> int:
        """A new table whose first command (seq 1) is ``open_command``; returns its id."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cursor = db.execute("INSERT INTO tables (name, created_at) VALUES (?, ?)",
                                (name, at))
            table_id = cursor.lastrowid
            db.execute("INSERT INTO commands (table_id, seq, at, body) VALUES (?, 1, ?, ?)",
                       (table_id, at, _dumps(open_command)))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return table_id

    def tables(self) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT t.id, t.name, t.created_at, (SELECT max(seq) FROM commands c "
            "WHERE c.table_id = t.id) FROM tables t ORDER BY t.id").fetchall()
        return [{"id": i, "name": n, "created_at": c, "commands": s or 0} for i, n, c, s in rows]

    def latest_table(self) -> int | None:
        row = self._db.execute("SELECT max(id) FROM tables").fetchone()
        return row[0]

    def has_table(self, table_id: int) -> bool:
        return self._db.execute("SELECT 1 FROM tables WHERE id = ?",
                                (table_id,)).fetchone() is not None

    # ------------------------------------------------------------------ the log
    def append(self, table_id: int, seq: int, at: float, command: dict[str, Any],
               snapshot: tuple[str, dict[str, Any]] | None = None) -> None:
        """Append command ``seq`` (and a snapshot of the state after it) and commit: synced
        to disk on return. StoreError("conflict") if ``seq`` is taken (another writer)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("INSERT INTO commands (table_id, seq, at, body) VALUES (?, ?, ?, ?)",
                       (table_id, seq, at, _dumps(command)))
            if snapshot is not None:
                self._put_snapshot(table_id, seq, *snapshot)
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            raise StoreError("conflict", f"command {seq} of table {table_id} was written by "
                             "someone else", f"Befehl {seq} von Tisch {table_id} wurde "
                             "anderweitig geschrieben") from None
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def append_many(self, table_id: int, rows: list[tuple[int, float, dict[str, Any]]],
                    snapshot: tuple[str, dict[str, Any]] | None = None) -> None:
        """Append several ``(seq, at, command)`` rows in one transaction (imports, and
        building large logs for benchmarks); ``snapshot`` is the state after the last."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany("INSERT INTO commands (table_id, seq, at, body) VALUES (?, ?, ?, ?)",
                           [(table_id, seq, at, _dumps(c)) for seq, at, c in rows])
            if snapshot is not None:
                self._put_snapshot(table_id, rows[-1][0], *snapshot)
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            raise StoreError("conflict", f"commands of table {table_id} were written by "
                             "someone else", f"Befehle von Tisch {table_id} wurden "
                             "anderweitig geschrieben") from None
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _put_snapshot(self, table_id: int, seq: int, fmt: str, state: dict[str, Any]) -> None:
        db = self._db
        db.execute("INSERT OR REPLACE INTO snapshots (table_id, seq, format, state) "
                   "VALUES (?, ?, ?, ?)", (table_id, seq, fmt, _dumps(state)))
        db.execute("DELETE FROM snapshots WHERE table_id = ? AND seq NOT IN (SELECT seq FROM "
                   "snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT ?)",
                   (table_id, table_id, SNAPSHOTS_KEPT))

    def last_seq(self, table_id: int) -> int:
        row = self._db.execute("SELECT max(seq) FROM commands WHERE table_id = ?",
                               (table_id,)).fetchone()
        return row[0] or 0

    def commands(self, table_id: int, after: int = 0) -> Iterator[tuple[int, float, dict]]:
        """``(seq, at, command)`` of the commands after ``after``, in order."""
        cursor = self._db.execute("SELECT seq, at, body FROM commands WHERE table_id = ? "
                                  "AND seq > ? ORDER BY seq", (table_id, after))
        loads = json.loads
        for seq, at, body in cursor:
            yield seq, at, loads(body)

    def latest_snapshot(self, table_id: int, fmt: str) -> tuple[int, dict[str, Any]] | None:
        row = self._db.execute("SELECT seq, state FROM snapshots WHERE table_id = ? AND "
                               "format = ? ORDER BY seq DESC LIMIT 1", (table_id, fmt)).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    # ------------------------------------------------------------------ backup
    def backup(self, target: str | os.PathLike[str]) -> Path:
        """Copy the whole database to ``target`` (a new file) while tables keep running:
        SQLite's online backup, a consistent copy as of one moment."""
        target = Path(target)
        if target.exists():
            raise StoreError("exists", f"{target} exists already; a backup never overwrites",
                             f"{target} gibt es schon; eine Sicherung überschreibt nie")
        copy = sqlite3.connect(target)
        try:
            self._db.backup(copy)
        finally:
            copy.close()
        return target


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _inspect(path: Path, create: bool) -> bool:
    """Check an existing file before SQLite writes anything to it; True for a new database."""
    if not path.exists() or path.stat().st_size == 0:
        if not create:
            raise StoreError("missing", f"no tableside database at {path}",
                             f"keine tableside-Datenbank unter {path}")
        return not path.exists()
    if path.is_dir():
        raise StoreError("foreign", f"{path} is a folder, not a tableside database",
                         f"{path} ist ein Ordner, keine tableside-Datenbank")
    with open(path, "rb") as file:
        header = file.read(100)
    if not header.startswith(SQLITE_HEADER):
        raise _foreign(path, "it is not an SQLite database", "es ist keine SQLite-Datenbank")
    if len(header) < 100:
        raise _damaged(path, "truncated header")
    user_version = int.from_bytes(header[60:64], "big")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id not in (0, APPLICATION_ID):
        raise _foreign(path, f"it belongs to another program (application id "
                       f"{application_id:#x})", f"sie gehört zu einem anderen Programm "
                       f"(Anwendungs-ID {application_id:#x})")
    try:
        # Read-only: a damaged file must stay exactly as it is for whoever can rescue it.
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            names = {row[0] for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            user_version = db.execute("PRAGMA user_version").fetchone()[0]
            application_id = db.execute("PRAGMA application_id").fetchone()[0]
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise _damaged(path, error) from None
    if check != "ok":
        raise _damaged(path, check)
    if application_id == 0 and names:
        raise _foreign(path, "it holds another program's tables", "sie enthält Tabellen eines "
                       "anderen Programms")
    if user_version > SCHEMA_VERSION:
        raise StoreError("newer", f"{path} was written by a newer tableside (schema "
                         f"{user_version}, this one knows {SCHEMA_VERSION}); update tableside",
                         f"{path} stammt von einem neueren tableside (Schema {user_version}, "
                         f"dieses kennt {SCHEMA_VERSION}); tableside aktualisieren")
    return False


def _foreign(path: Path, why_en: str, why_de: str) -> StoreError:
    return StoreError("foreign", f"{path} is not a tableside database: {why_en}; it was "
                      "left untouched", f"{path} ist keine tableside-Datenbank: {why_de}; sie "
                      "wurde nicht verändert")


def _damaged(path: Path, detail: object) -> StoreError:
    return StoreError("damaged", f"the database {path} is damaged ({detail}); it was left "
                      "untouched: restore a backup (tableside table backup)",
                      f"die Datenbank {path} ist beschädigt ({detail}); sie wurde nicht "
                      "verändert: eine Sicherung zurückspielen (tableside table backup)")
