"""The games equity knows: how many cards a hand ends with, whether there is a board, how a
showdown is judged."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRules:
    """One game's shape, as far as equity needs it.

    ``hand_sizes``: the number of cards a hand holds at the showdown (Omaha: four to six).
    ``partial``: players may name only the cards they have so far (stud's cards dealt,
    draw's kept cards) and are dealt the rest from the stock; otherwise a hand is named in
    full, with ``??`` for each card nobody has seen.
    ``scoring``: ``high``, ``a5`` (ace-to-five low), ``27`` (deuce-to-seven low) or ``hilo8``
    (a high half and an eight-or-better ace-to-five low half).
    ``omaha``: exactly two hole cards and three board cards make a hand.
    """

    name: str
    title: str
    hand_sizes: tuple[int, ...]
    board: bool
    partial: bool
    scoring: str
    omaha: bool = False

    @property
    def hilo(self) -> bool:
        return self.scoring == "hilo8"

    @property
    def draw(self) -> bool:
        return self.partial and self.hand_sizes == (5,)


BOARD_SIZE = 5

GAMES: dict[str, GameRules] = {rules.name: rules for rules in (
    GameRules("holdem", "Texas hold'em", (2,), board=True, partial=False, scoring="high"),
    GameRules("omaha", "Omaha", (4, 5, 6), board=True, partial=False, scoring="high",
              omaha=True),
    GameRules("omaha-hilo8", "Omaha hi-lo (eight or better)", (4, 5, 6), board=True,
              partial=False, scoring="hilo8", omaha=True),
    GameRules("stud", "Seven card stud", (7,), board=False, partial=True, scoring="high"),
    GameRules("stud-hilo8", "Seven card stud hi-lo (eight or better)", (7,), board=False,
              partial=True, scoring="hilo8"),
    GameRules("razz", "Razz", (7,), board=False, partial=True, scoring="a5"),
    GameRules("draw", "Five card draw", (5,), board=False, partial=True, scoring="high"),
    GameRules("draw-27", "Deuce-to-seven single draw", (5,), board=False, partial=True,
              scoring="27"),
    GameRules("draw-a5", "Ace-to-five lowball draw", (5,), board=False, partial=True,
              scoring="a5"),
)}


def game_rules(name: str) -> GameRules:
    """The rules of a game by name; ValueError naming the choices for anything else."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}") from None
