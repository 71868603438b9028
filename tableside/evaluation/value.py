"""What judging a hand produces: a comparable strength, a category, the best five and a name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tableside.cards import Card
from tableside.evaluation.strength import Category


class Family(StrEnum):
    """How a hand is judged: which strength scale its ``strength`` belongs to."""

    HIGH = "high"
    A5_LOW = "a5-low"
    LOW_27 = "27-low"
    SHORT_DECK = "short-deck"

    @property
    def is_low(self) -> bool:
        """Whether the best hand is the lowest (its no-pair hands are named as lows)."""
        return self in (Family.A5_LOW, Family.LOW_27)


@dataclass(frozen=True, slots=True)
class HandValue:
    """A judged hand. Within one family, higher ``strength`` wins and equal strengths tie.

    ``cards`` are the five cards as held; ``stands_for`` is what each counts as (a wild card or
    the joker counts as another card, every natural card as itself).
    """

    family: Family
    strength: int
    category: Category
    ranks: tuple[int, ...]
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]

    def name(self, lang: str = "en") -> str:
        from tableside.evaluation.names import hand_name

        return hand_name(self, lang)

    def to_json(self, lang: str = "en") -> dict:
        result = {
            "strength": self.strength,
            "category": self.category.label,
            "name": self.name(lang),
            "best": [str(c) for c in self.cards],
        }
        if self.stands_for != self.cards:
            result["stands_for"] = [str(c) for c in self.stands_for]
        return result

    def __lt__(self, other: HandValue) -> bool:
        if self.family is not other.family:
            raise TypeError(f"cannot compare a {self.family.value} hand with a "
                            f"{other.family.value} hand")
        return self.strength < other.strength


@dataclass(frozen=True, slots=True)
class SplitValue:
    """A hi-lo result: the high half, and the low half or None when no low qualifies."""

    high: HandValue
    low: HandValue | None

    def to_json(self, lang: str = "en") -> dict:
        return {"high": self.high.to_json(lang),
                "low": self.low.to_json(lang) if self.low else None}
