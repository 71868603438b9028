"""The live state hub and merge patches: whole state first, then changes, catch-up by id."""

from __future__ import annotations

import json
import random
import threading

import pytest

from tableside.web import mergepatch
from tableside.web.hub import StateHub, StreamsFull


def parse_events(raw: bytes) -> list[tuple[str | None, str, dict]]:
    """(id, event name, data) of each event in ``raw`` (comments and retry lines skipped)."""
    events = []
    for block in raw.decode().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            name, _, value = line.partition(": ")
            fields[name] = value
        if "event" in fields:
            events.append((fields.get("id"), fields["event"], json.loads(fields["data"])))
    return events


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(6 if depth < 3 else 4)
    if kind == 0:
        return None
    if kind == 1:
        return rng.randrange(100)
    if kind == 2:
        return rng.choice(["a", "b", "Äß"])
    if kind == 3:
        return [rng.randrange(5) for _ in range(rng.randrange(3))]
    if kind == 4:
        return [{"x": rng.choice([None, 1])}]
    return {k: random_value(rng, depth + 1) for k in rng.sample("abcdef", rng.randrange(5))}


def test_merge_patch_turns_old_into_new_for_random_documents():
    rng = random.Random(7)
    for _ in range(2000):
        old = {k: random_value(rng) for k in rng.sample("pqrstu", rng.randrange(6))}
        new = {k: random_value(rng) for k in rng.sample("pqrstu", rng.randrange(6))}
        patch = mergepatch.diff(old, new)
        # None and a missing key mean the same to the display
        patched = mergepatch.apply(old, patch)
        assert mergepatch.without_nulls(patched) == mergepatch.without_nulls(new)
        assert json.loads(json.dumps(patch)) == patch  # plain JSON, as the browser gets it


def test_merge_patch_sends_only_what_changed():
    old = {"version": 1, "seats": {"1": {"stack": 100, "name": "Anna"}}, "board": ["As"]}
    new = {"version": 2, "seats": {"1": {"stack": 90, "name": "Anna"}}, "board": ["As"]}
    assert mergepatch.diff(old, new) == {"version": 2, "seats": {"1": {"stack": 90}}}
    assert mergepatch.diff(new, {"version": 3}) == {"version": 3, "seats": None, "board": None}


def test_stream_starts_with_the_state_then_sends_patches():
    hub = StateHub()
    hub.publish({"version": 1, "pot": 0})
    stream = hub.events(keepalive=0.01)
    first = parse_events(next(stream))
    assert [name for _, name, _ in first] == ["state", "ping"]
    assert first[0][2] == {"version": 1, "pot": 0}
    assert first[0][0] == f"{hub.boot}-1"
    hub.publish({"version": 2, "pot": 30})
    (event_id, name, data), = parse_events(next(stream))
    assert (event_id, name) == (f"{hub.boot}-2", "patch")
    assert data == {"from": 1, "to": 2, "patch": {"version": 2, "pot": 30}}
    assert parse_events(next(stream))[0][1] == "ping"  # nothing new: a keep-alive
    stream.close()
    assert hub.open_streams == 0


def test_reconnecting_stream_catches_up_with_one_patch_chain():
    hub = StateHub()
    for version in range(1, 6):
        hub.publish({"version": version, "pot": version * 10})
    stream = hub.events(f"{hub.boot}-2", keepalive=1)
    events = parse_events(next(stream))
    patches = [data for _, name, data in events if name == "patch"]
    assert [(p["from"], p["to"]) for p in patches] == [(2, 3), (3, 4), (4, 5)]
    state = {"version": 2, "pot": 20}
    for patch in patches:
        state = mergepatch.apply(state, patch["patch"])
    assert state == {"version": 5, "pot": 50}
    stream.close()


def test_unknown_or_foreign_ids_get_the_whole_state():
    hub = StateHub(history=3)
    for version in range(1, 10):
        hub.publish({"version": version})
    for since in (f"{hub.boot}-1", "otherboot-8", "garbage", ""):
        stream = hub.events(since, keepalive=1)
        names = [name for _, name, _ in parse_events(next(stream))]
        assert names == ["state", "ping"], since
        stream.close()


def test_a_table_that_goes_back_starts_a_new_boot():
    hub = StateHub()
    hub.publish({"version": 5})
    old_boot = hub.boot
    hub.publish({"version": 2, "other": True})
    assert hub.boot != old_boot
    stream = hub.events(f"{old_boot}-5", keepalive=1)
    assert [name for _, name, _ in parse_events(next(stream))] == ["state", "ping"]
    stream.close()


def test_extras_follow_their_state_version():
    hub = StateHub()
    hub.publish({"version": 1})
    stream = hub.events(keepalive=1)
    next(stream)
    hub.publish_extra("equity", 1, {"players": {"1": 0.5}})
    (_, name, data), = parse_events(next(stream))
    assert (name, data) == ("equity", {"version": 1, "players": {"1": 0.5}})
    hub.publish({"version": 2})
    names = [name for _, name, _ in parse_events(next(stream))]
    assert names == ["patch"]  # the old equity belongs to version 1
    stream.close()


def test_stream_slots_are_limited_and_freed():
    hub = StateHub()
    hub.publish({"version": 1})
    streams = [hub.events(max_streams=2) for _ in range(2)]
    with pytest.raises(StreamsFull):
        hub.events(max_streams=2)
    streams[0].close()
    streams[0].close()  # closing twice frees one slot only
    assert hub.open_streams == 1
    hub.events(max_streams=2).close()
    streams[1].close()
    assert hub.open_streams == 0


def test_close_ends_waiting_streams():
    hub = StateHub()
    hub.publish({"version": 1})
    stream = hub.events(keepalive=60)
    next(stream)
    ended = threading.Event()

    def drain():
        for _ in stream:
            pass
        ended.set()

    thread = threading.Thread(target=drain)
    thread.start()
    hub.close()
    thread.join(timeout=5)
    assert ended.is_set()
