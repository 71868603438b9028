"""Refusals of the table: every refused command names its rule, in English and German."""

from __future__ import annotations

from typing import Any

from tableside.engine import IllegalAction
from tableside.engine.catalogue import GameError


class TableError(ValueError):
    """A command the table refuses (nothing changed). ``rule`` names the rule broken;
    ``legal`` is what the player to act may do, when an engine rule refused an action."""

    def __init__(self, rule: str, en: str, de: str, legal: dict[str, Any] | None = None):
        super().__init__(en)
        self.rule = rule
        self.texts = {"en": en, "de": de}
        self.legal = legal

    def message(self, lang: str = "en") -> str:
        return self.texts.get(lang, self.texts["en"])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rule": self.rule, "message": dict(self.texts)}
        if self.legal is not None:
            data["legal"] = self.legal
        return data

    @classmethod
    def from_engine(cls, refusal: IllegalAction, seat_of: dict[int, int] | None = None,
                    legal: dict[str, Any] | None = None) -> TableError:
        """An engine refusal in table words: engine players are renamed to their seats."""
        en, de = refusal.message("en"), refusal.message("de")
        if seat_of:
            en, de = _seat_words(en, seat_of, "en"), _seat_words(de, seat_of, "de")
        return cls(refusal.rule, en, de, legal)

    @classmethod
    def from_game(cls, error: GameError) -> TableError:
        return cls("game", error.message("en"), error.message("de"))


class StoreError(RuntimeError):
    """The database cannot be used (foreign, corrupted, newer, locked); it is left untouched."""

    def __init__(self, rule: str, en: str, de: str):
        super().__init__(en)
        self.rule = rule
        self.texts = {"en": en, "de": de}

    def message(self, lang: str = "en") -> str:
        return self.texts.get(lang, self.texts["en"])

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": dict(self.texts)}


def _seat_words(text: str, seat_of: dict[int, int], lang: str) -> str:
    # The engine says "player 3" for its third player in position order; at the table that
    # player sits in some seat, which is the number the dealer sees.
    word, seat_word = ("player", "seat") if lang == "en" else ("Spieler", "Platz")
    for player in sorted(seat_of, reverse=True):  # "player 10" before "player 1"
        text = text.replace(f"{word} {player + 1}", f"{seat_word}\0{seat_of[player]}")
    return text.replace("\0", " ")
