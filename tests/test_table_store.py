"""The SQLite log: restarts, snapshots, schema, refused files left untouched, backups."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import threading
import time

import pytest

from tableside.table import Store, StoreError, TableService, TableSettings, create_table
from tableside.table.service import SNAPSHOT_FORMAT
from tableside.table.simulate import next_command
from tableside.table.store import APPLICATION_ID, SCHEMA_VERSION, default_db_path


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def evening(service: TableService, hands: int) -> None:
    rng = random.Random(5)
    for seat in (1, 2, 3):
        service.execute({"type": "sit", "seat": seat, "player": f"P{seat}", "buy_in": 100})
    while service.state.hands_started < hands:
        service.execute(next_command(service.state, rng))


def test_the_state_survives_a_restart_and_snapshots_agree_with_the_log(tmp_path):
    db = tmp_path / "t.db"
    with TableService.open(db, snapshot_every=25) as service:
        evening(service, 8)
        before = service.state.to_snapshot()
        seq = service.state.seq
    with Store(db) as store:
        snapshot = store.latest_snapshot(1, SNAPSHOT_FORMAT)
        assert snapshot is not None and seq - 25 < snapshot[0] <= seq
    with TableService.open(db) as service:
        assert service.state.to_snapshot() == before
        assert service.replay_all().to_snapshot() == before


def test_an_unusable_snapshot_is_ignored_and_the_log_decides(tmp_path):
    db = tmp_path / "t.db"
    with TableService.open(db, snapshot_every=10) as service:
        evening(service, 3)
        before = service.state.to_snapshot()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE snapshots SET state = '{\"seq\": 1}'")
    raw.commit()
    raw.close()
    with TableService.open(db) as service:
        assert service.state.to_snapshot() == before


def test_a_new_database_is_versioned_and_identified(tmp_path):
    db = tmp_path / "new" / "t.db"
    with Store(db) as store:
        assert store.schema_version == SCHEMA_VERSION
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()
    empty = tmp_path / "empty.db"
    empty.touch()
    with Store(empty) as store:  # an empty file has nothing to lose: it becomes a database
        assert store.tables() == []


def test_other_files_are_refused_and_left_untouched(tmp_path):
    text = tmp_path / "notes.db"
    text.write_text("shopping list: chips, cards\n" * 50)
    foreign = tmp_path / "foreign.db"
    other = sqlite3.connect(foreign)
    other.execute("CREATE TABLE photos (name TEXT)")
    other.execute("INSERT INTO photos VALUES ('holiday')")
    other.commit()
    other.close()
    labelled = tmp_path / "labelled.db"
    other = sqlite3.connect(labelled)
    other.execute("PRAGMA application_id = 1234")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    for path in (text, foreign, labelled):
        before = digest(path)
        with pytest.raises(StoreError) as caught:
            TableService.open(path)
        assert caught.value.rule == "foreign"
        assert "not a tableside database" in caught.value.message("en")
        assert "keine tableside-Datenbank" in caught.value.message("de")
        assert digest(path) == before
        assert not (tmp_path / (path.name + "-wal")).exists()


def test_a_damaged_database_is_refused_and_left_untouched(tmp_path):
    db = tmp_path / "t.db"
    with TableService.open(db) as service:
        evening(service, 4)
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page + 8: 2 * page + 400] = b"\xff" * 392  # scribble over a b-tree page
    db.write_bytes(bytes(data))
    before = digest(db)
    with pytest.raises(StoreError) as caught:
        TableService.open(db)
    assert caught.value.rule == "damaged"
    assert "beschädigt" in caught.value.message("de")
    assert digest(db) == before


def test_a_database_from_a_newer_tableside_is_refused(tmp_path):
    db = tmp_path / "t.db"
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    before = digest(db)
    with pytest.raises(StoreError) as caught:
        Store(db)
    assert caught.value.rule == "newer"
    assert digest(db) == before


def test_a_logged_command_the_rules_refuse_gives_a_clear_error(tmp_path):
    db = tmp_path / "t.db"
    with Store(db) as store:
        table_id = create_table(store, TableSettings(), 1.0)
        store.append(table_id, 2, 2.0, {"type": "fold", "seat": 1})
    with pytest.raises(StoreError) as caught:
        TableService.open(db)
    assert caught.value.rule == "replay"
    assert "command 2" in caught.value.message("en")


def test_backup_while_the_table_runs(tmp_path):
    db = tmp_path / "t.db"
    with TableService.open(db) as service:
        for seat in (1, 2, 3):
            service.execute({"type": "sit", "seat": seat, "player": f"P{seat}",
                             "buy_in": 100})
        stop = threading.Event()

        def play() -> None:
            seat = 0
            while not stop.is_set():
                seat = seat % 3 + 1
                service.execute({"type": "sit_out", "seat": seat})
                service.execute({"type": "sit_in", "seat": seat})

        writer = threading.Thread(target=play)
        writer.start()
        try:
            time.sleep(0.05)
            target = service.store.backup(tmp_path / "copy.db")
        finally:
            stop.set()
            writer.join()
        with pytest.raises(StoreError):
            service.store.backup(target)  # never overwrites
    with TableService.open(target) as copy:
        assert copy.state.seq >= 4
        assert copy.state.to_snapshot() == copy.replay_all().to_snapshot()


def test_the_default_database_lives_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "tableside" / "tableside.db"
    with TableService.open() as service:
        assert service.store.path == default_db_path()
    assert default_db_path().exists()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "tableside" / \
        "tableside.db"
