"""PHH hand records: one ``.phh`` file is one hand, one ``.phhs`` file is many.

A ``.phh`` file is TOML with the hand's fields at the top level. A ``.phhs`` file holds one
TOML table per hand, headed by the hand's number (``[1]``, ``[2]``, ...). The fields that
build and replay the hand are typed attributes of :class:`PHHRecord`; every other field
(``players``, ``hand``, ``event``, ``time_banks``, user-defined ``_fields``, ...) is kept
untouched, in file order, in ``extra``.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

from tableside.phh import fasttoml
from tableside.phh.actions import Amount, PHHAction, parse_action, parse_actions
from tableside.phh.errors import PHHError

# The variant-specific required fields (PHH spec, "Required Fields").
_BUTTON_FIXED = ("blinds_or_straddles", "small_bet", "big_bet")
_BUTTON_UNFIXED = ("blinds_or_straddles", "min_bet")
_STUD = ("bring_in", "small_bet", "big_bet")
VARIANT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "FT": _BUTTON_FIXED,
    "NT": _BUTTON_UNFIXED,
    "NS": _BUTTON_UNFIXED,
    "PO": _BUTTON_UNFIXED,
    "FO/8": _BUTTON_FIXED,
    "F7S": _STUD,
    "F7S/8": _STUD,
    "FR": _STUD,
    "N2L1D": _BUTTON_UNFIXED,
    "F2L3D": _BUTTON_FIXED,
    "FB": _BUTTON_FIXED,
}
BASE_FIELDS = ("variant", "antes", "starting_stacks", "actions")
# Per variant: the required fields in the spec's order (for the message), and as a set.
_REQUIRED = {code: (BASE_FIELDS + names, frozenset(BASE_FIELDS + names))
             for code, names in VARIANT_FIELDS.items()}
_BASE_REQUIRED = (BASE_FIELDS, frozenset(BASE_FIELDS))

# Every field the spec names, in the spec's order; the writer follows it.
SPEC_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city",
    "region", "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day",
    "month", "year", "hand", "level", "seats", "seat_count", "table", "players",
    "finishing_stacks", "winnings", "currency", "currency_symbol", "ante_trimming_status",
    "time_limit", "time_banks",
)
RECORD_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "finishing_stacks", "ante_trimming_status",
)
_RECORD_FIELDS = frozenset(RECORD_FIELDS)
PHH_SUFFIXES = (".phh", ".phhs")


@dataclass(frozen=True, kw_only=True)
class PHHRecord:
    """One hand. Amounts stay as the file wrote them: ints, or floats where it had decimals.

    ``source`` (the file) and ``index`` (the hand's number in a ``.phhs``) say where the hand
    came from; they are not part of the hand, so they take no part in ``==``.
    """

    variant: str
    antes: tuple[Amount, ...]
    blinds_or_straddles: tuple[Amount, ...] | None = None
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    starting_stacks: tuple[Amount, ...]
    actions: tuple[PHHAction, ...]
    finishing_stacks: tuple[Amount, ...] | None = None
    ante_trimming_status: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)
    index: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        clashes = [name for name in self.extra if name in _RECORD_FIELDS]
        if clashes:
            raise PHHError(f"extra fields {clashes} are record attributes, not extras")

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def where(self) -> str:
        """``file`` or ``file [n]``, the prefix of error messages about this hand."""
        return _where(self.source, self.index)


def read_phh(path: str | os.PathLike[str]) -> list[PHHRecord]:
    """The hands of one ``.phh`` (one hand) or ``.phhs`` (many) file."""
    path = Path(path)
    try:
        # utf-8-sig: a byte-order mark from a Windows editor is not a TOML error.
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PHHError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    except OSError as exc:
        raise PHHError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    return parse_phh_text(text, source=str(path))


def parse_phh_text(text: str, source: str | None = None) -> list[PHHRecord]:
    """The hands in PHH text: one for ``.phh`` content, one per table for ``.phhs`` content."""
    try:
        data = fasttoml.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{_where(source, None)}: not valid TOML: {exc}") from None
    # No top-level fields, only tables: the many-hands (.phhs) layout.
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        # Check every header first: a bad one is a file-level error, not a hand's.
        numbered = [(_hand_number(key, source), table) for key, table in data.items()]
        return [
            record_from_fields(table, source=source, index=number) for number, table in numbered
        ]
    return [record_from_fields(data, source=source)]


def record_from_fields(
    fields: Mapping[str, Any], *, source: str | None = None, index: int | None = None
) -> PHHRecord:
    """A record from already-parsed TOML fields; raises :class:`PHHError` naming the problem."""
    where = _where(source, index)
    reader = _FieldReader(fields, where)
    if "variant" not in fields:
        raise PHHError(f"{where}: missing required field 'variant'")
    variant = reader.string("variant")
    required, required_set = _REQUIRED.get(variant, _BASE_REQUIRED)
    if not fields.keys() >= required_set:
        names = ", ".join(repr(name) for name in required if name not in fields)
        raise PHHError(f"{where}: missing required field {names} (variant {variant})")
    starting_stacks = reader.amounts("starting_stacks")
    players = len(starting_stacks)
    actions = _actions(reader.strings("actions"), where, players)
    antes = reader.amounts("antes")
    blinds = reader.amounts("blinds_or_straddles", optional=True)
    bring_in = reader.amount("bring_in")
    small_bet = reader.amount("small_bet")
    big_bet = reader.amount("big_bet")
    min_bet = reader.amount("min_bet")
    finishing_stacks = reader.amounts("finishing_stacks", optional=True)
    trimming = reader.boolean("ante_trimming_status")
    for name, values in (("antes", antes), ("blinds_or_straddles", blinds),
                         ("finishing_stacks", finishing_stacks)):
        if values is not None and len(values) != players:
            raise PHHError(f"{where}: {name} has {len(values)} entries for {players} "
                           "players (starting_stacks)")
    return PHHRecord(
        variant=variant, antes=antes, blinds_or_straddles=blinds, bring_in=bring_in,
        small_bet=small_bet, big_bet=big_bet, min_bet=min_bet, starting_stacks=starting_stacks,
        actions=actions, finishing_stacks=finishing_stacks, ante_trimming_status=trimming,
        extra={name: value for name, value in fields.items() if name not in _RECORD_FIELDS},
        source=source, index=index,
    )


def iter_phh_files(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]
                   ) -> Iterator[Path]:
    """The files named, with folders expanded (recursively) into their ``.phh``/``.phhs``
    files in natural order (``2.phh`` before ``10.phh``)."""
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix in PHH_SUFFIXES and p.is_file())
            yield from sorted(found, key=_natural_key)
        elif path.is_file():
            yield path
        else:
            raise PHHError(f"{path}: no such file or folder")


_ACTOR, _DEALEE = attrgetter("actor"), attrgetter("dealee")


def _seats(player_count: int) -> frozenset[int | None]:
    """What an action may name as actor or dealee: a seat, or None (the dealer, nobody)."""
    if player_count < len(_SEATS):
        return _SEATS[player_count]
    return frozenset([None, *range(player_count)])


_SEATS = tuple(frozenset([None, *range(count)]) for count in range(24))


def _actions(texts: list[str], where: str, player_count: int) -> tuple[PHHAction, ...]:
    try:
        actions = parse_actions(texts)
    except PHHError:
        # Find the culprit again to name its place; the fast path above keeps no index.
        for number, text in enumerate(texts):
            try:
                parse_action(text)
            except PHHError as exc:
                raise PHHError(f"{where}: actions[{number}]: {exc}") from None
        raise
    seats = _seats(player_count)
    if not (seats.issuperset(map(_ACTOR, actions)) and seats.issuperset(map(_DEALEE, actions))):
        for number, action in enumerate(actions):
            beyond = [p for p in action.players if p >= player_count]
            if beyond:
                raise PHHError(
                    f"{where}: actions[{number}] {action.text!r}: there is no "
                    f"p{beyond[0] + 1} ({player_count} players)"
                )
    return actions


class _FieldReader:
    """Typed access to TOML fields, with errors that name the file and the field. Optional
    fields read as None when absent; each reader checks the usual case first."""

    def __init__(self, fields: Mapping[str, Any], where: str) -> None:
        self._fields = fields
        self._where = where

    def string(self, name: str) -> str:
        value = self._fields[name]
        if not isinstance(value, str):
            raise self._wrong(name, "a string")
        return value

    def strings(self, name: str) -> list[str]:
        value = self._fields[name]
        if not isinstance(value, list) or not set(map(type, value)) <= _STR:
            raise self._wrong(name, "an array of strings")
        return value

    def boolean(self, name: str) -> bool:
        """An optional flag: False when absent."""
        value = self._fields.get(name, False)
        if not isinstance(value, bool):
            raise self._wrong(name, "true or false")
        return value

    def amount(self, name: str) -> Amount | None:
        value = self._fields.get(name, _ABSENT)
        if type(value) is int:
            return value
        if value is _ABSENT:
            return None
        if not _is_amount(value):
            raise self._wrong(name, "a number")
        return value

    def amounts(self, name: str, *, optional: bool = False) -> tuple[Amount, ...] | None:
        value = self._fields.get(name, _ABSENT)
        if type(value) is list and set(map(type, value)) <= _INT:
            return tuple(value)
        if value is _ABSENT and optional:
            return None
        if not isinstance(value, list) or not all(_is_amount(v) for v in value):
            raise self._wrong(name, "an array of numbers")
        return tuple(value)

    def _wrong(self, name: str, expected: str) -> PHHError:
        return PHHError(f"{self._where}: {name} must be {expected}, not {self._fields[name]!r}")


_ABSENT = object()
_INT, _STR = {int}, {str}


def _is_amount(value: object) -> bool:
    # bool is an int subclass, but "true" is not a number of chips.
    return isinstance(value, int | float) and not isinstance(value, bool)


def _hand_number(key: str, source: str | None) -> int:
    if not key.isascii() or not key.isdigit():
        raise PHHError(f"{_where(source, None)}: table [{key}] is not a hand number")
    return int(key)


def _where(source: str | None, index: int | None) -> str:
    name = source if source is not None else "<text>"
    return name if index is None else f"{name} [{index}]"


def _natural_key(path: Path) -> list[tuple[int, int | str]]:
    # Digit runs compare as numbers; the tag keeps ints and strs from being compared.
    return [
        (0, int(chunk)) if chunk.isdigit() else (1, chunk)
        for chunk in re.split(r"(\d+)", path.as_posix())
        if chunk
    ]
