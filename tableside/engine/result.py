"""What a settled hand reports: per pot, who won how much with what, and the odd chips."""

from __future__ import annotations

from dataclasses import dataclass

from tableside.evaluation import HandValue


@dataclass(frozen=True, slots=True)
class Award:
    """One pot (or half of it, or one run's share) paid to its winners."""

    half: str  # "all" (one winner, or high-only games), "high" or "low"
    amount: int
    winners: tuple[int, ...]
    shares: dict[int, int]
    odd_chips: tuple[int, ...]  # winners who got one odd chip each
    hands: dict[int, HandValue]  # the winning hands (none when the pot was uncontested)
    run: int = 0  # run it twice: which board decided this share

    def to_json(self, lang: str = "en") -> dict:
        return {
            "half": self.half, "amount": self.amount, "run": self.run,
            "winners": list(self.winners),
            "shares": {str(p): s for p, s in self.shares.items()},
            "odd_chips": list(self.odd_chips),
            "hands": {str(p): v.to_json(lang) for p, v in self.hands.items()},
        }


@dataclass(frozen=True, slots=True)
class PotResult:
    index: int  # 0 is the main pot
    amount: int  # after rake
    eligible: tuple[int, ...]
    awards: tuple[Award, ...]

    def to_json(self, lang: str = "en") -> dict:
        return {"pot": self.index, "amount": self.amount, "eligible": list(self.eligible),
                "awards": [a.to_json(lang) for a in self.awards]}


@dataclass(frozen=True, slots=True)
class HandResult:
    pots: tuple[PotResult, ...]
    won: tuple[int, ...]  # chips each player collected
    rake: int
    stacks: tuple[int, ...]  # every player's stack after the hand
    carried: int = 0  # passed out: the pot that stays for the next deal
    carried_to: tuple[int, ...] = ()  # who plays for it (everyone when empty)

    def to_json(self, lang: str = "en") -> dict:
        return {"pots": [p.to_json(lang) for p in self.pots], "won": list(self.won),
                "rake": self.rake, "stacks": list(self.stacks), "carried": self.carried,
                "carried_to": list(self.carried_to)}
