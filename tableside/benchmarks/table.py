"""The table service's speed, each figure beside a peer measured in the same run.

- Command rate: acknowledged commands per second through :class:`TableService` (validated by
  the fold, appended to the SQLite log and synced before each acknowledgement), with
  ``--submitters`` threads submitting at once (a TV, phones, the RFID reader and the buttons:
  the service commits what they queued together, one fsync per batch) and with a single
  submitter (one fsync per command), beside a bare sqlite3 loop that inserts and commits the
  same command texts one by one with the same durability settings (WAL, ``synchronous=FULL``):
  the cost of the disk alone. The concurrent submitters take the evening's commands in turn
  (each command is queued in the evening's order, which the rules need) and each waits for
  its own acknowledgement before taking the next. The disk is shared (other programs sync
  too), so the concurrent service and the peer are measured in ``--rounds`` alternating
  rounds, each on a fresh database, and their medians are compared.
- Start-up: the time to open the database and rebuild the state of a table whose log holds
  ``--hands`` hands (snapshots, then the commands after the latest), beside a naive full
  replay of the same log without snapshots. Both must give the same state.

The commands are a random but reproducible evening of no-limit hold'em (``--seed``), made
by :mod:`tableside.table.simulate` before any clock starts.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tableside.benchmarks.common import machine_info, positive
from tableside.table.commands import normalize
from tableside.table.service import SNAPSHOT_EVERY, SNAPSHOT_FORMAT, TableService, create_table
from tableside.table.settings import TableSettings
from tableside.table.simulate import next_command
from tableside.table.state import TableState
from tableside.table.store import Store

RATE_GOAL = 2000  # acknowledged commands per second
STARTUP_GOAL = 2.0  # seconds to rebuild a table of 10,000 hands
PLAYERS = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--commands", type=positive, default=3000,
                        help="commands timed through the service (default 3000)")
    parser.add_argument("--submitters", type=positive, default=8,
                        help="threads submitting commands at once (default 8)")
    parser.add_argument("--rounds", type=positive, default=3,
                        help="alternating rounds of the concurrent service and the peer "
                             "(default 3)")
    parser.add_argument("--hands", type=positive, default=10000,
                        help="hands in the log rebuilt at start-up (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None,
                        help="folder for the databases (default: a temporary one; the disk "
                             "matters: use the one the table will run on)")


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        folder = Path(folder)
        rate = _command_rate(folder, args.commands, args.seed, args.submitters, args.rounds)
        startup = _startup(folder, args.hands, args.seed)
    return {
        "benchmark": "table",
        "command_rate": rate,
        "startup": startup,
        "goal": {"commands_per_second": RATE_GOAL, "startup_seconds": STARTUP_GOAL,
                 "met_rate": rate["service_concurrent"]["per_second"] >= RATE_GOAL,
                 "rate_measured_as": f"median of the rounds, {args.submitters} submitters",
                 "met_startup": startup["tableside"]["seconds"] < STARTUP_GOAL},
        "machine": machine_info(),
    }


def _evening(commands: int | None, hands: int | None, seed: int) -> list[dict[str, Any]]:
    """A reproducible evening's commands after the table is opened: seats, then hands."""
    rng = random.Random(seed)
    state = TableState()
    state.apply(normalize({"type": "open", "settings": {"name": "bench"}}), 0.0)
    out: list[dict[str, Any]] = []
    clock = 0.0
    while True:
        if commands is not None and len(out) >= commands:
            return out
        if hands is not None and state.hands_started >= hands and not state.hand_in_progress():
            return out
        if len(state.seats) < PLAYERS:
            n = len(state.seats) + 1
            raw = {"type": "sit", "seat": n, "player": f"P{n}", "buy_in": 200}
        else:
            raw = next_command(state, rng)
        command = normalize(raw)
        clock += 1.0
        state.apply(command, clock)
        out.append(command)


def _command_rate(folder: Path, count: int, seed: int, submitters: int,
                  rounds: int) -> dict[str, Any]:
    commands = _evening(count, None, seed)
    bodies = [json.dumps(c, separators=(",", ":")) for c in commands]
    concurrent, peer = [], []
    for number in range(rounds):
        concurrent.append(_service_rate(folder / f"service-n{number}.db", commands, True,
                                        submitters))
        peer.append(_bare_rate(folder / f"peer{number}.db", bodies, "FULL"))
    single = _service_rate(folder / "service-1.db", commands, True, 1)
    # The same without the fsync of each commit: what the CPU costs apart from the disk.
    unsynced = {"service_single": _service_rate(folder / "service-nosync.db", commands,
                                                False, 1),
                "bare_sqlite_insert_commit": _bare_rate(folder / "peer-nosync.db", bodies,
                                                        "OFF")}
    return {
        "commands": count,
        "submitters": submitters,
        "service_concurrent": _median_of(concurrent),
        "bare_sqlite_insert_commit": _median_of(peer),
        "service_single": single,
        "without_fsync": unsynced,
        "note": "synced: WAL, synchronous=FULL, nothing acknowledged before its commit; the "
                "service commits the commands queued together in one transaction, the peer "
                "commits each row alone; without_fsync (synchronous=OFF) is not durable and "
                "only shows the CPU's share",
    }


def _median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"per_second": round(statistics.median(r["per_second"] for r in runs)),
            "runs": runs}


def _service_rate(path: Path, commands: list[dict[str, Any]], durable: bool,
                  submitters: int) -> dict[str, Any]:
    store = Store(path, durable=durable)
    table_id = create_table(store, TableSettings(name="bench"), time.time())
    service = TableService(store, table_id)
    commits = _Commits(service)
    queue = iter(commands)
    turn = threading.Lock()
    failures: list[BaseException] = []

    def submitter() -> None:
        while True:
            with turn:  # queued in the evening's order
                command = next(queue, None)
                if command is None:
                    return
                ticket = service.submit(command)
            try:
                ticket.result()
            except BaseException as error:  # reported below: a refused command is a bug here
                failures.append(error)
                return
    threads = [threading.Thread(target=submitter) for _ in range(submitters)]
    gc.collect()
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - start
    commits.stop()
    service.close()
    if failures:
        raise failures[0]
    sizes = commits.sizes
    return {"seconds": round(seconds, 4), "per_second": round(len(commands) / seconds),
            "commits": len(sizes),
            "commands_per_commit": {"mean": round(statistics.fmean(sizes), 2),
                                    "max": max(sizes)},
            "commit_ms": {"median": round(statistics.median(commits.seconds) * 1000, 3),
                          "mean": round(statistics.fmean(commits.seconds) * 1000, 3)}}


class _Commits:
    """Counts the commands of each commit and times it, by watching the store's
    ``append_many``."""

    def __init__(self, service: TableService):
        self.sizes: list[int] = []
        self.seconds: list[float] = []  # each commit, from BEGIN to COMMIT's return
        self._store = service.store
        self._original = self._store.append_many

        def counting(table_id: int, rows: list, snapshot: Any = None) -> None:
            start = time.perf_counter()
            self._original(table_id, rows, snapshot)
            self.seconds.append(time.perf_counter() - start)
            self.sizes.append(len(rows))
        self._store.append_many = counting  # type: ignore[method-assign]

    def stop(self) -> None:
        self._store.append_many = self._original  # type: ignore[method-assign]


def _bare_rate(path: Path, bodies: list[str], synchronous: str) -> dict:
    peer = sqlite3.connect(path, isolation_level=None)
    peer.execute("PRAGMA journal_mode = WAL")
    peer.execute(f"PRAGMA synchronous = {synchronous}")
    peer.execute("CREATE TABLE commands (table_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
                 "at REAL NOT NULL, body TEXT NOT NULL, PRIMARY KEY (table_id, seq)) "
                 "WITHOUT ROWID")
    gc.collect()
    start = time.perf_counter()
    for seq, body in enumerate(bodies, 2):
        peer.execute("BEGIN IMMEDIATE")
        peer.execute("INSERT INTO commands VALUES (1, ?, ?, ?)", (seq, time.time(), body))
        peer.execute("COMMIT")
    seconds = time.perf_counter() - start
    peer.close()
    return {"seconds": round(seconds, 4), "per_second": round(len(bodies) / seconds)}


def _startup(folder: Path, hands: int, seed: int) -> dict[str, Any]:
    commands = _evening(None, hands, seed)
    path = folder / "evening.db"
    with Store(path) as store:
        table_id = create_table(store, TableSettings(name="bench"), 0.0)
        # Written as the service writes them (a snapshot every SNAPSHOT_EVERY commands), but
        # in batches: building the log is not what is measured.
        state = TableState()
        state.apply(normalize({"type": "open", "settings": {"name": "bench"}}), 0.0)
        batch: list[tuple[int, float, dict]] = []
        for clock, command in enumerate(commands, 1):
            state.apply(command, float(clock))
            batch.append((state.seq, float(clock), command))
            if state.seq % SNAPSHOT_EVERY == 0:
                store.append_many(table_id, batch, (SNAPSHOT_FORMAT, state.to_snapshot()))
                batch = []
        if batch:
            store.append_many(table_id, batch)
    size = path.stat().st_size

    gc.collect()
    start = time.perf_counter()
    service = TableService.open(path, table_id)
    ours = time.perf_counter() - start
    rebuilt = service.state

    gc.collect()
    start = time.perf_counter()
    replayed = service.replay_all()
    theirs = time.perf_counter() - start
    same = rebuilt.to_snapshot() == replayed.to_snapshot()
    service.close()
    return {
        "hands": replayed.hands_started, "commands": replayed.seq,
        "database_bytes": size,
        "tableside": {"seconds": round(ours, 4),
                      "what": "open and check the database, latest snapshot, replay the rest"},
        "naive_full_replay": {"seconds": round(theirs, 4),
                              "what": "fold every command of the log from the start"},
        "same_state": same,
    }
