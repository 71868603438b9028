"""What a demo evening did, counted as it happens: hands per game, actions, side pots, split
pots, showdowns, cards and bets read against what was placed (every misread listed), pot
checks, the dealer's corrections, chip conservation and the wall time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tableside.engine import HandResult


@dataclass
class Tally:
    sensors: tuple[str, ...] = ()
    players: int = 0
    seed: int | None = None  # the evening's seed: the same seed deals the same evening
    hands: Counter = field(default_factory=Counter)  # game code -> hands finished
    actions: Counter = field(default_factory=Counter)  # fold, check, call, bet, raise, ...
    side_pots: int = 0  # pots beyond the main pot
    hands_with_side_pots: int = 0
    split_pots: int = 0  # pots (or halves) shared by several winners or split high/low
    showdowns: int = 0  # hands decided by showing cards
    passed_out: int = 0  # deals nobody opened, their pot carried
    cards_placed: int = 0  # face-up cards the camera had to read
    cards_recognised: int = 0  # of those, read right
    card_misreads: list[dict[str, Any]] = field(default_factory=list)  # read as another card
    cards_unread: list[dict[str, Any]] = field(default_factory=list)  # not read: typed in
    bets_placed: int = 0  # bets made with chips in a betting zone
    bets_read: int = 0  # of those, read right from the zone
    bet_misreads: list[dict[str, Any]] = field(default_factory=list)
    pot_checks: int = 0  # streets whose swept pot the reader board counted
    pot_mismatches: list[dict[str, Any]] = field(default_factory=list)
    button_presses: Counter = field(default_factory=Counter)
    console_commands: Counter = field(default_factory=Counter)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    camera: dict[str, Any] = field(default_factory=dict)  # frames, milliseconds per frame
    serial: dict[str, Any] = field(default_factory=dict)  # the board link's bad frames
    conservation: bool = True
    conservation_failures: list[dict[str, Any]] = field(default_factory=list)
    wall_seconds: float = 0.0

    @property
    def hands_played(self) -> int:
        return sum(self.hands.values())

    def count_result(self, result: HandResult, shown: int) -> None:
        """One finished hand's pots: side pots, shared pots, and whether cards decided it."""
        if len(result.pots) > 1:
            self.side_pots += len(result.pots) - 1
            self.hands_with_side_pots += 1
        for pot in result.pots:
            paid = {p for award in pot.awards for p in award.winners}
            if len(paid) > 1:
                self.split_pots += 1
        if shown >= 2:
            self.showdowns += 1
        if result.carried:
            self.passed_out += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "sensors": list(self.sensors),
            "players": self.players,
            "seed": self.seed,
            "hands": self.hands_played,
            "hands_per_variant": dict(sorted(self.hands.items())),
            "actions": dict(sorted(self.actions.items())),
            "actions_total": sum(self.actions.values()),
            "side_pots": self.side_pots,
            "hands_with_side_pots": self.hands_with_side_pots,
            "split_pots": self.split_pots,
            "showdowns": self.showdowns,
            "passed_out": self.passed_out,
            "cards": {"placed": self.cards_placed, "recognised": self.cards_recognised,
                      "misread": len(self.card_misreads), "unread": len(self.cards_unread),
                      "misreads": self.card_misreads, "unread_cards": self.cards_unread},
            "bets": {"placed": self.bets_placed, "read": self.bets_read,
                     "misread": len(self.bet_misreads), "misreads": self.bet_misreads},
            "camera": self.camera,
            "serial": self.serial,
            "pot_checks": {"checked": self.pot_checks,
                           "mismatched": len(self.pot_mismatches),
                           "mismatches": self.pot_mismatches},
            "button_presses": dict(sorted(self.button_presses.items())),
            "console_commands": dict(sorted(self.console_commands.items())),
            "corrections": self.corrections,
            "chip_conservation": self.conservation,
            "conservation_failures": self.conservation_failures,
            "wall_seconds": round(self.wall_seconds, 2),
        }

    def text(self, lang: str = "en") -> str:
        """The summary as a few lines for a person."""
        data = self.to_json()
        words = _WORDS[lang]
        games = ", ".join(f"{code} {n}" for code, n in data["hands_per_variant"].items())
        actions = ", ".join(f"{kind} {n}" for kind, n in data["actions"].items())
        cards, bets = data["cards"], data["bets"]
        lines = [
            words["hands"].format(n=data["hands"], games=games or "-"),
            words["actions"].format(n=data["actions_total"], actions=actions or "-"),
            words["pots"].format(side=data["side_pots"], split=data["split_pots"],
                                 showdowns=data["showdowns"]),
            words["cards"].format(read=cards["recognised"], placed=cards["placed"],
                                  misread=cards["misread"], unread=cards["unread"]),
            words["bets"].format(read=bets["read"], placed=bets["placed"],
                                 misread=bets["misread"]),
            words["conservation"].format(ok=words["yes"] if self.conservation else words["no"]),
            words["time"].format(seconds=data["wall_seconds"]),
        ]
        for misread in self.card_misreads:
            lines.append(words["card_misread"].format(**misread))
        for misread in self.bet_misreads:
            lines.append(words["bet_misread"].format(hand=misread["hand"], seat=misread["seat"],
                                                     text=misread["text"][lang]))
        return "\n".join(lines)


_WORDS = {
    "en": {
        "hands": "hands: {n} ({games})",
        "actions": "actions: {n} ({actions})",
        "pots": "side pots: {side}, split pots: {split}, showdowns: {showdowns}",
        "cards": "cards recognised: {read} of {placed} placed ({misread} misread, "
                 "{unread} unread)",
        "bets": "bets read: {read} of {placed} placed ({misread} misread)",
        "conservation": "chips conserved: {ok}",
        "time": "wall time: {seconds} s",
        "card_misread": "  hand {hand}: {placed} read as {read} ({where})",
        "bet_misread": "  hand {hand}, seat {seat}: {text}",
        "yes": "yes", "no": "NO",
    },
    "de": {
        "hands": "Hände: {n} ({games})",
        "actions": "Aktionen: {n} ({actions})",
        "pots": "Nebenpots: {side}, geteilte Pots: {split}, Showdowns: {showdowns}",
        "cards": "Karten erkannt: {read} von {placed} gelegten ({misread} falsch gelesen, "
                 "{unread} nicht gelesen)",
        "bets": "Einsätze gelesen: {read} von {placed} gesetzten ({misread} falsch gelesen)",
        "conservation": "Chips erhalten: {ok}",
        "time": "Laufzeit: {seconds} s",
        "card_misread": "  Hand {hand}: {placed} gelesen als {read} ({where})",
        "bet_misread": "  Hand {hand}, Platz {seat}: {text}",
        "yes": "ja", "no": "NEIN",
    },
}
