"""The table service: one writer, acknowledgements after the log, subscribers, refusals."""

from __future__ import annotations

import threading

import pytest

from tableside.table import Store, TableError, TableService


class Clock:
    def __init__(self, start: float = 1000.0):
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def seated(tmp_path, clock=None) -> TableService:
    service = TableService.open(tmp_path / "t.db", clock=clock or Clock())
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 100})
    return service


def test_acknowledgements_come_after_the_log_and_go_to_subscribers_in_order(tmp_path):
    service = seated(tmp_path)
    seen, also = [], []
    unsubscribe = service.subscribe(lambda ack: seen.append(
        (ack.seq, service.store.last_seq(service.table_id))))
    service.when_changed = lambda ack: also.append(ack.command["type"])
    service.subscribe(lambda ack: 1 / 0)  # a broken viewer does not break the table
    ack = service.execute({"type": "start_hand"})
    assert ack.to_json() == {"ok": True, "seq": 4, "at": ack.at,
                             "command": {"type": "start_hand", "game": None, "straddles": 0,
                                         "button": None}}
    service.execute({"type": "deal", "seat": 2, "cards": "As Kd"})
    unsubscribe()
    service.execute({"type": "deal", "seat": 1, "cards": "2c 2d"})
    assert seen == [(4, 4), (5, 5)]  # each already in the log when announced
    assert also == ["start_hand", "deal", "deal"]
    service.close()


def test_refusals_are_not_logged_not_announced_and_change_nothing(tmp_path):
    service = seated(tmp_path)
    heard = []
    service.subscribe(heard.append)
    before = service.state.to_snapshot()
    for command in ({"type": "fold"}, {"type": "sit", "seat": 1, "player": "X",
                                       "buy_in": 100}, {"type": "nonsense"},
                    {"type": "sit", "seat": "one", "player": "X"}, "fold"):
        with pytest.raises(TableError) as caught:
            service.execute(command)
        assert caught.value.message("de")
    assert heard == []
    assert service.state.to_snapshot() == before
    assert service.store.last_seq(service.table_id) == 3
    service.close()


def test_the_public_state_is_versioned_and_hides_hole_cards(tmp_path):
    service = seated(tmp_path)
    service.execute({"type": "start_hand"})
    service.execute({"type": "deal", "seat": 2, "cards": "As Kd"})
    public = service.public_state()
    assert public["version"] == service.version == 5
    assert service.public_state() is public  # cached until the next command
    assert [s["cards"] for s in public["seats"][:2]] == [[], ["??", "??"]]
    assert service.dealer_state()["seats"][1]["cards"] == ["As", "Kd"]
    service.execute({"type": "deal", "seat": 1, "cards": "2c 2d"})
    assert service.public_state()["version"] == 6


def test_times_never_go_backwards_in_the_log(tmp_path):
    clock = Clock()
    service = seated(tmp_path, clock)
    clock.now = 10.0  # the Pi's clock jumps back before NTP sets it
    ack = service.execute({"type": "sit_out", "seat": 1})
    stamps = [at for _, at, _ in service.store.commands(service.table_id)]
    assert stamps == sorted(stamps) and ack.at == stamps[-2]
    service.close()


def test_a_second_writer_is_caught_up_with_before_each_command(tmp_path):
    first = seated(tmp_path)
    second = TableService.open(tmp_path / "t.db")
    first.execute({"type": "sit", "seat": 3, "player": "Cleo", "buy_in": 100})
    ack = second.execute({"type": "sit_out", "seat": 3})
    assert ack.seq == 5 and second.state.seats[3].sitting_out
    first.execute({"type": "sit_in", "seat": 3})
    assert first.state.to_snapshot() == second.replay_all().to_snapshot()
    first.close()
    second.close()


def test_a_failed_write_is_not_accepted(tmp_path, monkeypatch):
    service = seated(tmp_path)
    before = service.state.to_snapshot()

    def broken(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(service.store, "append_many", broken)
    with pytest.raises(OSError):
        service.execute({"type": "sit_out", "seat": 1})
    assert service.state.to_snapshot() == before
    service.close()


def test_threads_share_one_writer(tmp_path):
    service = seated(tmp_path)
    errors = []

    def toggle(seat: int) -> None:
        try:
            for _ in range(20):
                service.execute({"type": "sit_out", "seat": seat})
                service.execute({"type": "sit_in", "seat": seat})
        except Exception as error:  # collected for the assertion below
            errors.append(error)
    threads = [threading.Thread(target=toggle, args=(seat,)) for seat in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert service.state.seq == 3 + 80
    with Store(tmp_path / "t.db") as store:
        assert [seq for seq, _, _ in store.commands(service.table_id)] == list(range(1, 84))
    assert service.replay_all().to_snapshot() == service.state.to_snapshot()
    service.close()


def test_unknown_tables_are_refused(tmp_path):
    with Store(tmp_path / "t.db") as store, pytest.raises(TableError) as caught:
        TableService(store, 7)
    assert caught.value.rule == "no_table"


def test_time_up_folds_or_checks_for_the_player(tmp_path):
    clock = Clock()
    service = TableService.open(tmp_path / "t.db", clock=clock)
    service.execute({"type": "settings", "changes": {"action_seconds": 60}})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        service.execute({"type": "sit", "seat": seat, "player": name, "buy_in": 100})
    service.execute({"type": "start_hand"})
    service.execute({"type": "deal", "seat": 1, "cards": "As Ks"})
    ack = service.execute({"type": "deal", "seat": 2, "cards": "2c 7d"})
    timer = service.public_state()["action_timer"]
    assert timer["seat"] == 1 and timer["expires_at"] == ack.at + 60
    assert service.expire_action(now=ack.at + 59) is None
    folded = service.expire_action(now=ack.at + 60)
    assert folded.command == {"type": "fold", "seat": 1}  # a call was owed
    assert service.state.hand.finished
    service.close()


class Commits:
    """Counts the store's transactions: each commit's rows, by wrapping append_many."""

    def __init__(self, service: TableService):
        self.rows: list[list[int]] = []
        original = service.store.append_many

        def counting(table_id, rows, snapshot=None):
            original(table_id, rows, snapshot)
            self.rows.append([seq for seq, _, _ in rows])
        service.store.append_many = counting


def test_commands_queued_together_share_one_commit_and_a_refusal_stays_alone(tmp_path):
    service = seated(tmp_path)
    commits = Commits(service)
    heard = []
    service.subscribe(lambda ack: heard.append(
        (ack.seq, service.store.last_seq(service.table_id))))
    tickets = [service.submit(c) for c in (
        {"type": "sit_out", "seat": 1},
        {"type": "sit_out", "seat": 1},  # refused: already sitting out
        {"type": "sit", "seat": 3, "player": "Cleo", "buy_in": 1},  # refused: too small
        {"type": "sit", "seat": 3, "player": "Cleo", "buy_in": 100},  # sees no Cleo yet
        {"type": "sit_in", "seat": 1},
    )]
    results = []
    for ticket in tickets:
        try:
            results.append(ticket.result().seq)
        except TableError as refusal:
            results.append(refusal.rule)
    assert results == [4, "already_out", "buy_in_too_small", 5, 6]
    assert commits.rows == [[4, 5, 6]]  # one transaction, the refused ones not in it
    assert heard == [(4, 6), (5, 6), (6, 6)]  # announced once all of it is on disk
    logged = [c["type"] for _, _, c in service.store.commands(service.table_id, 3)]
    assert logged == ["sit_out", "sit", "sit_in"]
    assert service.replay_all().to_snapshot() == service.state.to_snapshot()
    service.close()


def test_a_failed_commit_acknowledges_nothing_of_its_batch(tmp_path, monkeypatch):
    service = seated(tmp_path)
    before = service.state.to_snapshot()
    original = service.store.append_many

    def broken(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(service.store, "append_many", broken)
    tickets = [service.submit({"type": "sit_out", "seat": seat}) for seat in (1, 2)]
    for ticket in tickets:
        with pytest.raises(OSError):
            ticket.result()
    assert service.state.to_snapshot() == before
    assert service.store.last_seq(service.table_id) == 3
    monkeypatch.setattr(service.store, "append_many", original)
    assert service.execute({"type": "sit_out", "seat": 2}).seq == 4  # the table goes on
    service.close()


def test_concurrent_callers_are_committed_together_and_readers_see_only_the_log(tmp_path):
    service = TableService.open(tmp_path / "t.db")
    seats = range(1, 9)
    for seat in seats:
        service.execute({"type": "sit", "seat": seat, "player": f"P{seat}", "buy_in": 100})
    commits = Commits(service)
    reader = Store(tmp_path / "t.db")  # another connection: sees committed rows only
    done = threading.Event()
    early: list[tuple[int, int]] = []

    def read() -> None:
        while not done.is_set():
            version = service.public_state()["version"]
            logged = reader.last_seq(service.table_id)
            if logged < version:
                early.append((version, logged))

    def toggle(seat: int) -> None:
        for _ in range(15):
            service.execute({"type": "sit_out", "seat": seat})
            service.execute({"type": "sit_in", "seat": seat})
    watcher = threading.Thread(target=read)
    watcher.start()
    threads = [threading.Thread(target=toggle, args=(seat,)) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    watcher.join()
    reader.close()
    assert early == []  # no reader saw a version before it was on disk
    committed = [seq for rows in commits.rows for seq in rows]
    assert committed == list(range(10, 10 + 8 * 30))
    assert max(len(rows) for rows in commits.rows) > 1  # the callers shared commits
    assert len(commits.rows) < 8 * 30
    assert service.replay_all().to_snapshot() == service.state.to_snapshot()
    service.close()


def test_a_ticket_let_go_is_still_written(tmp_path):
    service = seated(tmp_path)
    service.submit({"type": "sit_out", "seat": 1})  # nobody waits for it
    ack = service.execute({"type": "sit_out", "seat": 2})
    assert ack.seq == 5 and service.state.seats[1].sitting_out
    service.close()


def test_a_subscriber_may_not_wait_for_a_command(tmp_path):
    service = seated(tmp_path)
    outcomes = []

    def impatient(ack):
        if ack.command["type"] == "sit_out":
            try:
                service.execute({"type": "sit_in", "seat": 1})
            except RuntimeError as error:
                outcomes.append(str(error))
    service.subscribe(impatient)
    service.execute({"type": "sit_out", "seat": 1})
    assert outcomes and "subscriber" in outcomes[0]
    assert service.state.seats[1].sitting_out and service.version == 4  # nothing queued
    service.close()


def test_a_subscriber_may_submit_and_let_go(tmp_path):
    service = seated(tmp_path)

    def follow_up(ack):
        if ack.command["type"] == "sit_out":
            service.submit({"type": "sit_in", "seat": ack.command["seat"]})
    service.subscribe(follow_up)
    service.execute({"type": "sit_out", "seat": 1})
    assert not service.state.seats[1].sitting_out and service.version == 5
    service.close()
