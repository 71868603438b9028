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

_STRING = r"""'[^'\n]*'|"[^"\\\n]*\""""
_NUMBER = r"[+-]?(?:0|[1-9][0-9_]*)(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9]+)?"
_SCALAR = rf"{_STRING}|{_NUMBER}|true|false"
_LINE = re.compile(rf"[ \t]*(?:([A-Za-z_][A-Za-z0-9_-]*)[ \t]*=[ \t]*(\[[^\]]*\]|{_SCALAR})"
                   r"|\[([A-Za-z0-9_-]+)\])?[ \t]*\r?(?:\n|\Z)")
_ITEMS = re.compile(rf"\[\s*(?:(?:{_SCALAR})\s*,\s*)*(?:(?:{_SCALAR})\s*,?\s*)?\]")
_ITEM = re.compile(_SCALAR)
# The common arrays, read in one call: single-quoted strings (actions) and integers (stacks).
_STRINGS = re.compile(r"\[\s*(?:'[^'\n]*'\s*,\s*)*(?:'[^'\n]*'\s*,?\s*)?\]")
_STRING_ITEM = re.compile(r"'([^'\n]*)'")
_INTEGERS = re.compile(r"\[\s*(?:-?(?:0|[1-9][0-9]*)\s*,\s*)*(?:-?(?:0|[1-9][0-9]*)\s*,?\s*)?\]")
_INTEGER_ITEM = re.compile(r"-?[0-9]+")
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
    if "#" in text:
        return None  # comments may hide anywhere; leave them to the full parser
    root: dict[str, Any] = {}
    table = root
    position, end = 0, len(text)
    match_line = _LINE.match
    while position < end:
        line = match_line(text, position)
        if line is None or line.end() == position:
            return None
        position = line.end()
        key, value, header = line.groups()
        if header is not None:
            if header in root:
                return None
            table = root[header] = {}
        elif key is not None:
            if key in table:
                return None
            if value[0] == "[":
                if _STRINGS.fullmatch(value):
                    table[key] = _STRING_ITEM.findall(value)
                elif _INTEGERS.fullmatch(value):
                    table[key] = [int(item) for item in _INTEGER_ITEM.findall(value)]
                elif _ITEMS.fullmatch(value):
                    table[key] = [_scalar(item) for item in _ITEM.findall(value)]
                else:
                    return None
            else:
                table[key] = _scalar(value)
    return root
