"""What can happen in a hand: the events a hand's state is folded from.

Players are numbered by position: 0 is the first seat left of the button, the last number is
the button (the PHH convention, so p1 is player 0). Forced bets (antes, blinds, straddles)
follow from the hand's configuration and are posted when the hand starts; everything after
that is one of these events, proposed by the dealer (deals, shows) or a player (actions).

Cards are :class:`tableside.cards.Card`; ``None`` stands for a card dealt but not seen
(a face-down card nobody has read).
"""

from __future__ import annotations

from dataclasses import dataclass

from tableside.cards import Card
from tableside.evaluation.declared import Declaration

CardSeq = tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class DealHole:
    """Cards dealt to one player (face down or up as the street says)."""

    player: int
    cards: CardSeq


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Community cards."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Fold:
    player: int


@dataclass(frozen=True, slots=True)
class CheckCall:
    """Check when nothing is owed, otherwise call (all-in when short)."""

    player: int


@dataclass(frozen=True, slots=True)
class BetRaise:
    """Bet, raise or complete to ``to`` chips in front of the player on this street."""

    player: int
    to: int


@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud: post the bring-in (the alternative is to complete with BetRaise)."""

    player: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: throw these cards away (none: stand pat); replacements are dealt after.

    ``split_openers``: in jacks or better, the opener declares that the discards break the
    openers (the seeds' rule: they are kept aside and shown at the end).
    """

    player: int
    cards: CardSeq
    split_openers: bool = False


@dataclass(frozen=True, slots=True)
class Show:
    """At showdown: table these cards (the whole hand), or muck when ``cards`` is None.

    ``declared``: with the house rule "declare your hand", the hand the player calls (it
    binds them; see :mod:`tableside.evaluation.declared`).
    """

    player: int
    cards: CardSeq | None
    declared: Declaration | None = None


@dataclass(frozen=True, slots=True)
class RunTwice:
    """The all-in players agree to deal the rest of the board twice; each run wins half."""


Event = DealHole | DealBoard | Fold | CheckCall | BetRaise | BringIn | Discard | Show | RunTwice
PLAYER_ACTIONS = (Fold, CheckCall, BetRaise, BringIn)
