"""JSON Merge Patch (RFC 7386): the change from one public state to the next.

The stream sends a client the whole state once, then only what changed. A merge patch is
plain JSON that the browser applies in a few lines (``web/static/js/live.js``): an object
merges key by key, ``null`` removes a key, anything else (a number, a string, a list)
replaces the old value. So ``None`` and a missing key mean the same to the display.
"""

from __future__ import annotations

from typing import Any


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The merge patch that turns ``old`` into ``new`` (``None`` values read as missing)."""
    patch: dict[str, Any] = {}
    for key in old.keys() - new.keys():
        if old[key] is not None:
            patch[key] = None
    for key, value in new.items():
        before = old.get(key)
        if value is None:
            if before is not None:
                patch[key] = None
        elif isinstance(value, dict) and isinstance(before, dict):
            inner = diff(before, value)
            if inner:
                patch[key] = inner
        elif value != before or type(value) is not type(before):
            patch[key] = value
    return patch


def apply(target: Any, patch: Any) -> Any:
    """``target`` with ``patch`` merged in (a new object; ``target`` is left as it was)."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = apply(result.get(key), value)
    return result


def without_nulls(value: Any) -> Any:
    """``value`` with every ``None`` member of an object dropped: what a patched state equals.

    Lists are replaced whole by a patch, so what is inside them is kept as it is."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    return value
