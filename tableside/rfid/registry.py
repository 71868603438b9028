"""Which chip each RFID tag is: tag id -> denomination and colour, kept in the table's SQLite
database and filled by enrolment (lay chips of one value on the enrolment pad, name the
value). Unknown tags are reported by whoever looks them up, never counted.

The registry owns its table (created if missing) in a connection it is given; the table
service's store passes its own. Lookups use an in-memory copy, so the board's reader thread
can value a zone without touching the connection (sqlite3 connections belong to the thread
that made them); only enrolment writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS rfid_chips (
    tag TEXT PRIMARY KEY CHECK (length(tag) = 16),
    denomination INTEGER NOT NULL CHECK (denomination > 0),
    colour TEXT NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Chip:
    tag: str  # 16 upper-case hex digits, E0...
    denomination: int
    colour: str


@dataclass(frozen=True, slots=True)
class Valued:
    """Tags valued: the chips known, their total, and the tags nobody enrolled."""

    chips: tuple[Chip, ...]
    unknown: tuple[str, ...]

    @property
    def total(self) -> int:
        return sum(chip.denomination for chip in self.chips)

    def by_denomination(self) -> list[tuple[int, str, int]]:
        """(denomination, colour, count), highest denomination first."""
        counts: dict[tuple[int, str], int] = {}
        for chip in self.chips:
            key = (chip.denomination, chip.colour)
            counts[key] = counts.get(key, 0) + 1
        return [(d, c, n) for (d, c), n in sorted(counts.items(), key=lambda kv: -kv[0][0])]


def normal_tag(tag: str) -> str:
    """A tag id as stored: 16 upper-case hex digits. ValueError otherwise."""
    text = tag.strip().upper()
    if len(text) != 16 or any(c not in "0123456789ABCDEF" for c in text):
        raise ValueError(f"not a tag id (16 hex digits): {tag!r}")
    return text


class ChipRegistry:
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        with conn:
            conn.execute(SCHEMA)
        self._chips = {tag: Chip(tag, denomination, colour) for tag, denomination, colour in
                       conn.execute("SELECT tag, denomination, colour FROM rfid_chips")}

    def enrol(self, tags: Iterable[str], denomination: int, colour: str) -> int:
        """Record ``tags`` as chips of ``denomination`` and ``colour`` (re-enrolling a tag
        replaces what it was). Returns how many tags were recorded."""
        if denomination <= 0:
            raise ValueError("a chip's denomination must be positive")
        colour = colour.strip()
        if not colour:
            raise ValueError("name the chips' colour")
        chips = [Chip(normal_tag(tag), denomination, colour) for tag in set(tags)]
        with self.conn:
            self.conn.executemany(
                "INSERT INTO rfid_chips (tag, denomination, colour) VALUES (?, ?, ?) "
                "ON CONFLICT (tag) DO UPDATE SET denomination = excluded.denomination, "
                "colour = excluded.colour",
                [(c.tag, c.denomination, c.colour) for c in chips])
        for chip in chips:
            self._chips[chip.tag] = chip
        return len(chips)

    def forget(self, tags: Iterable[str]) -> int:
        """Remove ``tags`` (a lost or retired chip); returns how many were known."""
        known = [t for t in {normal_tag(tag) for tag in tags} if t in self._chips]
        with self.conn:
            self.conn.executemany("DELETE FROM rfid_chips WHERE tag = ?", [(t,) for t in known])
        for tag in known:
            del self._chips[tag]
        return len(known)

    def get(self, tag: str) -> Chip | None:
        return self._chips.get(tag)

    def value(self, tags: Iterable[str]) -> Valued:
        chips, unknown = [], []
        for tag in sorted(tags):
            chip = self._chips.get(tag)
            if chip is None:
                unknown.append(tag)
            else:
                chips.append(chip)
        return Valued(tuple(chips), tuple(unknown))

    def chips(self) -> list[Chip]:
        return sorted(self._chips.values(), key=lambda c: (-c.denomination, c.colour, c.tag))

    def __len__(self) -> int:
        return len(self._chips)
