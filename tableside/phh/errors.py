"""The one error type of the PHH reader and writer."""

from __future__ import annotations


class PHHError(ValueError):
    """A PHH text, file or action that cannot be read or written; the message names which."""
