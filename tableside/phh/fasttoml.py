"""A fast reader for the plain TOML that PHH files are written in.

PHH hands are flat ``key = value`` lines (strings, numbers, booleans and arrays of them), and
``.phhs`` files add ``[n]`` table headers. Reading exactly that subset with a few regular
expressions is several times faster than the general ``tomllib`` parser, which matters when
thousands of hands are replayed. Anything else (comments, dates, inline tables, dotted or
quoted keys, escapes in strings, nested arrays) goes to ``tomllib``, so the result is always
what ``tomllib.loads`` gives.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

# TOML strings hold no control characters but the tab (and a basic string no escapes here).
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_STRING = rf"""{_LITERAL}|"[^"\\\x00-\x08\x0a-\x1f\x7f]*\""""
_NUMBER = r"[+-]?(?:0|[1-9][0-9]*(?:_[0-9]+)*)(?:\.[0-9]+(?:_[0-9]+)*)?(?:[eE][+-]?[0-9]+)?"
_SCALAR = rf"{_STRING}|{_NUMBER}|true|false"
_INTEGER = r"-?(?:0|[1-9][0-9]*)"
# One line. The value is caught by the first group that fits, and which group that was says
# how to read it: what PHH writers emit (integers, single-quoted strings, arrays of them with
# ", " between items) by a plain conversion, everything else item by item.
_LINE = re.compile(
    r"[ \t]*(?:([A-Za-z_][A-Za-z0-9_-]*)[ \t]*=[ \t]*(?:"
    rf"(\[{_INTEGER}(?:, {_INTEGER})*\])"  # 2: [10000, 10000, 0]
    rf"|(\[{_LITERAL}(?:, {_LITERAL})*\])"  # 3: ['d dh p1 AsKd', 'p2 f']
    rf"|({_LITERAL})"  # 4: 'NT'
    rf"|({_INTEGER})"  # 5: 100
    r"|(true|false)"  # 6
    rf"|(\[[^\]]*\]|{_SCALAR})"  # 7: anything else in the subset
    r")|\[([A-Za-z0-9_-]+)\])?[ \t]*(?:\r?\n|\Z)"  # 8: [12]
)
_INTEGERS, _STRINGS, _WORD, _WHOLE, _BOOLEAN, _OTHER, _HEADER = 2, 3, 4, 5, 6, 7, 8
_SPACE = r"(?:[ \t\n]|\r\n)*"  # between array items: TOML's whitespace and newlines only
_ITEMS = re.compile(
    rf"\[{_SPACE}(?:(?:{_SCALAR}){_SPACE},{_SPACE})*(?:(?:{_SCALAR}){_SPACE},?{_SPACE})?\]")
_ITEM = re.compile(_SCALAR)
_BOOLEANS = {"true": True, "false": False}


def loads(text: str) -> dict[str, Any]:
    """Parse TOML text; raises ``tomllib.TOMLDecodeError`` for invalid TOML."""
    result = _subset(text)
    return tomllib.loads(text) if result is None else result


def _scalar(text: str) -> Any:
    first = text[0]
    if first in "'\"":
        return text[1:-1]
    if first in "tf":
        return _BOOLEANS[text]
    text = text.replace("_", "")
    return float(text) if "." in text or "e" in text or "E" in text else int(text)


def _subset(text: str) -> dict[str, Any] | None:
    """The document, or None when it is not in the subset (then tomllib decides)."""
    # A comment fits no line pattern (a "#" matches only inside a string), so a document
    # with comments is left to tomllib without looking for them.
    root: dict[str, Any] = {}
    table = root
    position, end = 0, len(text)
    match_line = _LINE.match
    while position < end:
        line = match_line(text, position)
        if line is None:
            return None
        position = line.end()
        kind = line.lastindex
        if kind is None:
            continue  # a blank line (it always ends in a newline, or the loop ends)
        if kind == _HEADER:
            header = line[_HEADER]
            if header in root:
                return None
            table = root[header] = {}
            continue
        key, value = line[1], line[kind]
        if key in table:
            return None
        if kind == _INTEGERS:
            # The pattern allows only ASCII digits and a sign: int() reads each item as TOML.
            table[key] = list(map(int, value[1:-1].split(", ")))
        elif kind == _STRINGS:
            # No item holds a quote, so "', '" is only ever the separator.
            table[key] = value[2:-2].split("', '")
        elif kind == _WORD:
            table[key] = value[1:-1]
        elif kind == _WHOLE:
            table[key] = int(value)
        elif kind == _BOOLEAN:
            table[key] = value == "true"
        elif value[0] != "[":
            table[key] = _scalar(value)
        elif _ITEMS.fullmatch(value):
            table[key] = [_scalar(item) for item in _ITEM.findall(value)]
        else:
            return None
    return root
