"""Passed-out deals: who plays the redeal, what opens it, and why (a pure function).

A draw deal can end without a winner (the engine's ``result.carried``): nobody opened in jacks
or better, or with trips to win nobody showed trips. The pot then stays for a redeal. Rules
as implemented (the seeds', issue 4):

- Nobody opened: the deal is redealt, the antes stay in the pot and everyone of that deal
  antes again. With the house rule ``progressive_openers`` the redeal needs queens, then
  kings, then aces, then back down (:func:`tableside.engine.openers.openers_for`); once a
  deal is opened the next one needs jacks again.
- No trips at the showdown: the pot stays; only the players still in after the first betting
  round (``result.carried_to``) play the redeal. Those who folded before the draw sit it out:
  they have no claim on that pot and are dealt in again once it is won.
- The same dealer redeals: the button does not move, and the blinds do not move either (the
  next regular deal moves them once). A redeal posts antes only: what the passed-out deal
  posted is in its pot. It is the same game; a rotation counts the deal and its redeals as
  one hand.
- Of the players named above, those no longer in the game (left, sitting out, no chips) miss
  the redeal; players who sat down since wait for the next regular deal. If fewer than two
  can play, there is no redeal: the pot goes to the next regular deal, everyone dealt in.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from tableside.cards import RANK_PLURALS
from tableside.engine.openers import openers_for
from tableside.engine.variants import variant
from tableside.evaluation import Category
from tableside.table.blinds import Marks, Positions
from tableside.table.hand import TableHand
from tableside.table.settings import TableSettings

UNOPENED = "unopened"  # nobody opened
SHORT_OF_WINNING = "short_of_winning"  # trips to win: nobody showed trips


@dataclass(frozen=True, slots=True)
class Redeal:
    """The deal after a passed-out one, as far as the passed-out deal decides it."""

    reason: str  # UNOPENED or SHORT_OF_WINNING
    game: str
    seats: tuple[int, ...]  # who plays it, in the passed-out deal's position order
    names: tuple[str, ...]  # their players
    positions: Positions  # of the passed-out deal: its button and blind marks stay
    pot: int  # carried into the redeal
    passed_out: int  # deals in a row nobody opened (0: the last one was opened)
    openers: int | None  # the rank of the pair the redeal needs to open (None: no openers)
    to_win: int | None  # the category a showdown needs (None: any hand wins)

    def positions_for(self, in_game: Collection[int]) -> Positions | None:
        """The redeal's positions with the players still in the game, or None if fewer than
        two of them are (then there is no redeal)."""
        order = tuple(seat for seat in self.seats if seat in in_game)
        if len(order) < 2:
            return None
        old = self.positions
        return Positions(old.button, None, None, order, (), old.marks, fresh=False)

    def text(self, lang: str = "en") -> str:
        """Why the next deal is a redeal, as the dealer says it."""
        if self.reason == UNOPENED:
            rank = RANK_PLURALS[lang][self.openers]
            if lang == "de":
                return f"Niemand hat eröffnet: neu geben, {rank} oder besser zum Eröffnen"
            return f"Nobody opened: redeal, {rank} or better to open"
        names = _spoken(self.names, lang)
        if lang == "de":
            short = ("Kein Drilling" if self.to_win == Category.THREE_OF_A_KIND
                     else "Niemand hat die nötige Hand")
            return f"{short}: der Pot bleibt, {names} setzen erneut die Ante"
        short = ("No trips" if self.to_win == Category.THREE_OF_A_KIND
                 else "Nobody made the hand needed")
        return f"{short}: the pot stays, {names} ante again"

    def to_public(self) -> dict[str, Any]:
        """For the table's public state."""
        return {"reason": self.reason, "game": self.game, "seats": list(self.seats),
                "players": list(self.names), "button": self.positions.button,
                "pot": self.pot, "passed_out": self.passed_out,
                "openers": None if self.openers is None else {
                    "rank": self.openers, "en": RANK_PLURALS["en"][self.openers],
                    "de": RANK_PLURALS["de"][self.openers]},
                "text": {"en": self.text("en"), "de": self.text("de")}}

    def to_json(self) -> dict[str, Any]:
        p = self.positions
        return {"reason": self.reason, "game": self.game, "seats": list(self.seats),
                "names": list(self.names),
                "positions": [p.button, p.small_blind, p.big_blind, list(p.order),
                              list(p.missed), p.marks.to_json(), p.fresh],
                "pot": self.pot, "passed_out": self.passed_out, "openers": self.openers,
                "to_win": self.to_win}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Redeal | None:
        if data is None:
            return None
        button, small, big, order, missed, marks, fresh = data["positions"]
        positions = Positions(button, small, big, tuple(order), tuple(missed),
                              Marks.from_json(marks), fresh)
        return cls(data["reason"], data["game"], tuple(data["seats"]), tuple(data["names"]),
                   positions, data["pot"], data["passed_out"], data["openers"],
                   data["to_win"])


def redeal_after(table_hand: TableHand, settings: TableSettings) -> Redeal | None:
    """The redeal a finished hand calls for, or None when its pot was won."""
    result = table_hand.hand.result
    if not table_hand.finished or result is None or not result.carried:
        return None
    before = Redeal.from_json(table_hand.redeal)
    if result.carried_to:  # opened, but nobody made the hand needed to win
        reason, passed_out, players = SHORT_OF_WINNING, 0, result.carried_to
    else:
        in_a_row = before.passed_out if before is not None else 0
        reason, passed_out, players = UNOPENED, in_a_row + 1, range(len(table_hand.seats))
    rules = settings.house_rules
    lowest = rules.get("openers")
    if lowest is None:
        lowest = variant(table_hand.game).openers
    openers = lowest
    if lowest is not None and rules.get("progressive_openers", False):
        openers = openers_for(passed_out, progressive=True, lowest=lowest)
    return Redeal(reason, table_hand.game, tuple(table_hand.seats[p] for p in players),
                  tuple(table_hand.names[p] for p in players), table_hand.positions,
                  result.carried, passed_out, openers, table_hand.config.to_win)


def _spoken(names: tuple[str, ...], lang: str) -> str:
    """Names as said: "Anna, Ben and Cleo" ("Anna, Ben und Cleo" in German)."""
    joiner = " and " if lang == "en" else " und "
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])}{joiner}{names[-1]}"
