"""Crash safety for real: a table in a child process, killed with SIGKILL at random moments.

The child is ``tableside table session`` (one JSON command per line on stdin, one answer per
line on stdout, each answer only after the command is synced). Every other round it runs
with several writer threads (``--writers``): the commands read so far are then queued at once
and committed together, several to a transaction (group commit), and the answers come back
from several threads. The parent streams commands to it without waiting, kills it at a
random moment, and checks that every acknowledged command is in the log exactly as sent,
that the log is a prefix of what was sent (nothing invented, nothing reordered, no batch
half written), and that the state rebuilt at start-up (snapshots and the rest of the log)
equals a full replay of the log. Then it restarts the table and goes on.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tableside.table.commands import normalize
from tableside.table.service import SNAPSHOT_FORMAT, TableService, create_table
from tableside.table.settings import TableSettings
from tableside.table.simulate import next_command
from tableside.table.store import Store

KILLS = 14
SNAPSHOT_EVERY = 40  # often, so that kills also hit snapshot writes and restarts use them
TIME_BUDGET = 45.0  # seconds for all rounds, well inside a minute


WRITERS = 4  # writer threads of the child in the concurrent rounds


def _start_child(db: Path, writers: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tableside", "table", "session", "--db", str(db), "--json",
         "--snapshot-every", str(SNAPSHOT_EVERY), "--writers", str(writers)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        bufsize=1, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _read_answers(child: subprocess.Popen, answers: list[dict]) -> None:
    for line in child.stdout:
        answers.append(json.loads(line))


def test_sigkill_at_random_moments_loses_no_acknowledged_command(tmp_path):
    db = tmp_path / "table.db"
    with Store(db) as store:
        table_id = create_table(store, TableSettings(name="crash", seats=6), time.time())
    rng = random.Random(20240605)
    with TableService.open(db, table_id) as service:
        for seat in range(1, 5):
            service.execute({"type": "sit", "seat": seat, "player": f"P{seat}", "buy_in": 100})
    started = time.monotonic()
    acknowledged_total = 0
    for round_number in range(KILLS):
        writers = WRITERS if round_number % 2 else 1
        with TableService.open(db, table_id) as service:
            mirror = service.replay_all()
        first_seq = mirror.seq + 1
        sent: list[dict] = []
        for _ in range(rng.randint(50, 400)):
            command = normalize(next_command(mirror, rng))
            mirror.apply(command, mirror.last_at + 1.0)  # the child accepts the same
            sent.append(command)

        child = _start_child(db, writers)
        answers: list[dict] = []
        reader = threading.Thread(target=_read_answers, args=(child, answers), daemon=True)
        reader.start()
        try:
            child.stdin.write("".join(json.dumps(c) + "\n" for c in sent))
            child.stdin.flush()
        except BrokenPipeError:
            pass
        # Kill once the child is busy: after its first answer, then a random while longer.
        deadline = time.monotonic() + 20
        while not answers and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.005)
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
        reader.join(timeout=10)
        child.stdin.close()
        child.stdout.close()
        child.stderr.close()

        assert answers, "the child acknowledged nothing before it was killed"
        assert all(answer["ok"] for answer in answers), answers[:3]
        if writers > 1:  # answered by several threads: each names its input line
            assert all(sent[a["line"] - 1] == a["command"] for a in answers)
        with Store(db, create=False) as store:
            logged = [(seq, command) for seq, _, command in store.commands(table_id,
                                                                          first_seq - 1)]
        # Every acknowledged command is in the log, at its number, exactly as acknowledged.
        by_seq = dict(logged)
        for answer in answers:
            assert by_seq[answer["seq"]] == answer["command"]
        # The log is a prefix of what was sent: nothing lost in the middle, nothing made up.
        assert [command for _, command in logged] == sent[:len(logged)]
        assert len(answers) <= len(logged) <= len(sent)
        acknowledged_total += len(answers)

        # Restart: the state rebuilt for use equals a replay of the whole log.
        with TableService.open(db, table_id) as service:
            assert service.state.seq == first_seq - 1 + len(logged)
            assert service.state.to_snapshot() == service.replay_all().to_snapshot()
        if time.monotonic() - started > TIME_BUDGET:
            break
    with Store(db, create=False) as store:
        total = store.last_seq(table_id)
        snapshot = store.latest_snapshot(table_id, SNAPSHOT_FORMAT)
    # Enough went through for restarts to have started from snapshots.
    assert total > 2 * SNAPSHOT_EVERY
    assert snapshot is not None and snapshot[0] > SNAPSHOT_EVERY
