"""PHH text from records: the fields in the spec's order, one action per line.

Only the TOML a PHH file needs is written: strings, numbers, booleans, dates and times,
arrays and (for user-defined fields) inline tables. ``tomllib`` reads it back to an equal
record.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable
from typing import Any

from tableside.phh.errors import PHHError
from tableside.phh.records import SPEC_FIELDS, PHHRecord

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def write_phh(record: PHHRecord) -> str:
    """The ``.phh`` text of one hand."""
    return "\n".join(_field_lines(record)) + "\n"


def write_phhs(records: Iterable[PHHRecord]) -> str:
    """The ``.phhs`` text of many hands, one table each, headed by the hand's ``index``
    (records without one are numbered on from the highest so far)."""
    blocks = []
    used: set[int] = set()
    for record in records:
        number = record.index if record.index is not None else max(used, default=0) + 1
        if number in used:
            raise PHHError(f"{record.where}: hand number {number} is used twice")
        used.add(number)
        blocks.append("\n".join([f"[{number}]", *_field_lines(record)]) + "\n")
    return "\n".join(blocks)


def record_fields(record: PHHRecord) -> dict[str, Any]:
    """The record as PHH fields: spec fields in the spec's order, then user-defined ones in
    the order they were read. Absent (None) fields are left out."""
    known = {
        "variant": record.variant,
        "antes": record.antes,
        "blinds_or_straddles": record.blinds_or_straddles,
        "bring_in": record.bring_in,
        "small_bet": record.small_bet,
        "big_bet": record.big_bet,
        "min_bet": record.min_bet,
        "starting_stacks": record.starting_stacks,
        "actions": [action.text for action in record.actions],
        "finishing_stacks": record.finishing_stacks,
        "ante_trimming_status": record.ante_trimming_status,
        **record.extra,
    }
    ordered = {name: known[name] for name in SPEC_FIELDS if known.get(name) is not None}
    ordered.update((name, value) for name, value in record.extra.items() if name not in ordered)
    return ordered


def toml_value(value: Any) -> str:
    """One TOML value; raises :class:`PHHError` for what TOML cannot hold (e.g. None)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)  # shortest text that reads back to the same float
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise PHHError(f"cannot write {value!r} ({type(value).__name__}) as TOML")


def toml_string(text: str) -> str:
    escaped = "".join(_ESCAPES.get(ch) or _escape_control(ch) for ch in text)
    return f'"{escaped}"'


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def _field_lines(record: PHHRecord) -> list[str]:
    lines = []
    for name, value in record_fields(record).items():
        if name == "actions" and value:
            lines.append("actions = [")
            lines.extend(f"  {toml_string(text)}," for text in value)
            lines.append("]")
        else:
            lines.append(f"{toml_key(name)} = {toml_value(value)}")
    return lines


def _escape_control(ch: str) -> str:
    # TOML forbids raw control characters (other than tab) inside basic strings.
    code = ord(ch)
    return f"\\u{code:04X}" if code < 0x20 or code == 0x7F else ch
