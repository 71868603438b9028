"""Which game each hand plays: dealer's choice, H.O.R.S.E. and other fixed rotations.

A rotation is a pure fold over the hands as they start, like a hand is a fold over its events:
each :class:`HandStart` (how many players are dealt in, and the game the dealer named, if
any) takes a :class:`Turn` to the next one, and ``turn.game`` is the game of that hand. No
clock, no I/O: the table service stores the HandStarts and :meth:`Rotation.replay` rebuilds
the same turn from them after a restart.

    rotation = named_rotation("HORSE")  # or FixedRotation(codes, hands_per_game=8)
    turn = rotation.start()
    turn = turn.next_hand(players=6)    # turn.game == "FT"
    turn.banner("en")                   # "H.O.R.S.E.: Fixed-limit Texas hold'em, 1 of 6 hands"

The orbit rule: rotations count hands, not seats (the engine knows positions, not chairs). A
game lasts one orbit: as many hands as it has players. The count is checked as each hand
starts, against the players of the last hand and of the new one:

- the last hand made the orbit complete (its game has dealt as many hands as that hand had
  players): the game changes, even if a newcomer sits down now; the newcomer starts with the
  next game, and "6 of 6 hands, next: ..." on the display stays true;
- a player joins mid-orbit: the orbit grows by one hand (the newcomer will get the button too);
- a player leaves mid-orbit: the orbit shrinks; if the game has already dealt as many hands as
  there are players now, the new hand starts the next game.

``players`` counts the players dealt in, not the chairs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tableside.engine.catalogue import GameError, entry
from tableside.engine.config import MAX_PLAYERS
from tableside.engine.variants import VARIANTS

HORSE = ("FT", "FO/8", "FR", "F7S", "F7S/8")
# The mixed game of the big series: deuce-to-seven triple draw, H.O.R.S.E.'s five games,
# no-limit hold'em and pot-limit Omaha.
EIGHT_GAME = ("F2L3D", "FT", "FO/8", "FR", "F7S", "F7S/8", "NT", "PO")

ROTATIONS: dict[str, tuple[str, ...]] = {"HORSE": HORSE, "8GAME": EIGHT_GAME}
ROTATION_NAMES: dict[str, dict[str, str]] = {
    "HORSE": {"en": "H.O.R.S.E.", "de": "H.O.R.S.E."},
    "8GAME": {"en": "8-game mix", "de": "8-Game-Mix"},
}
_CUSTOM_NAMES = {"en": "Mixed games", "de": "Gemischte Spiele"}
_DEALERS_CHOICE = {"en": "Dealer's choice", "de": "Geber wählt"}


@dataclass(frozen=True, slots=True)
class HandStart:
    """What a rotation folds over: one hand as it starts."""

    players: int  # dealt into this hand
    choice: str | None = None  # the game the dealer named (dealer's choice)


@dataclass(frozen=True, slots=True)
class Turn:
    """Where a rotation stands once a hand has started; :meth:`next_hand` starts the next."""

    rotation: Rotation
    game: str | None = None  # the game of the latest hand; None before the first
    hand: int = 0  # hands started under this rotation
    index: int = 0  # fixed rotations: the position of the current game in the list
    hand_in_game: int = 0  # hands of the current game so far, the latest included
    players: int = 0  # dealt into the latest hand

    def next_hand(self, players: int, choice: str | None = None) -> Turn:
        """The turn of the next hand, or GameError if the rotation refuses it."""
        return self.rotation.next_hand(self, HandStart(players, choice))

    @property
    def hands_in_game(self) -> int | None:
        """How many hands the current game lasts as things stand (None: no set length)."""
        return self.rotation.game_length(self.players) if self.game else None

    def banner(self, lang: str = "en") -> str:
        return self.rotation.banner(self, lang)


@dataclass(frozen=True)
class Rotation(ABC):
    """The rules that pick each hand's game. Subclasses are frozen data; state lives in Turn."""

    def start(self) -> Turn:
        return Turn(self)

    def replay(self, hands: Iterable[HandStart]) -> Turn:
        """The turn after these hands, in order: the same hands always give the same turn."""
        turn = self.start()
        for hand in hands:
            turn = self.next_hand(turn, hand)
        return turn

    def games(self, hands: Iterable[HandStart]) -> list[str]:
        """The game of each of these hands."""
        turn, games = self.start(), []
        for hand in hands:
            turn = self.next_hand(turn, hand)
            games.append(turn.game)
        return games

    @abstractmethod
    def next_hand(self, turn: Turn, hand: HandStart) -> Turn: ...

    @abstractmethod
    def banner(self, turn: Turn, lang: str = "en") -> str: ...

    def game_length(self, players: int) -> int | None:
        return None


@dataclass(frozen=True)
class DealersChoice(Rotation):
    """The dealer of each hand names its game, one of ``allowed`` (default: every variant)."""

    allowed: tuple[str, ...] = tuple(VARIANTS)

    def __post_init__(self) -> None:
        object.__setattr__(self, "allowed", tuple(self.allowed))
        _check_codes(self.allowed)

    def next_hand(self, turn: Turn, hand: HandStart) -> Turn:
        _check_players(hand.players)
        code = hand.choice
        if code is None:
            raise GameError("dealer's choice: the dealer must name the game for this hand",
                            "Geber wählt: der Geber muss das Spiel für diese Hand nennen")
        if code not in self.allowed:
            games = ", ".join(self.allowed)
            raise GameError(
                f"dealer's choice: {code!r} is not one of the games at this table ({games})",
                f"Geber wählt: {code!r} gehört nicht zu den Spielen an diesem Tisch ({games})")
        entry(code).check_seats(hand.players)
        same = turn.game == code
        return Turn(self, code, turn.hand + 1, 0, turn.hand_in_game + 1 if same else 1,
                    hand.players)

    def banner(self, turn: Turn, lang: str = "en") -> str:
        title = _DEALERS_CHOICE.get(lang, _DEALERS_CHOICE["en"])
        return f"{title}: {entry(turn.game).name(lang)}" if turn.game else title


@dataclass(frozen=True)
class FixedRotation(Rotation):
    """The games of ``codes`` in turn, each for one orbit or for ``hands_per_game`` hands.

    A hand may name its game (``choice``) only to confirm it: a different one is refused, so a
    stored hand that disagrees with the rotation is caught on replay.
    """

    codes: tuple[str, ...]
    hands_per_game: int | None = None  # None: one orbit, as many hands as players
    names: Mapping[str, str] = field(default_factory=lambda: dict(_CUSTOM_NAMES))

    def __post_init__(self) -> None:
        object.__setattr__(self, "codes", tuple(self.codes))
        if not self.codes:
            raise GameError("a rotation needs at least one game",
                            "eine Rotation braucht mindestens ein Spiel")
        _check_codes(self.codes)
        count = self.hands_per_game
        if count is not None and (type(count) is not int or count < 1):
            raise GameError(f"a game lasts at least one hand, not {count!r}",
                            f"ein Spiel dauert mindestens eine Hand, nicht {count!r}")

    def game_length(self, players: int) -> int:
        return self.hands_per_game or players

    def next_hand(self, turn: Turn, hand: HandStart) -> Turn:
        _check_players(hand.players)
        if turn.game is None:
            index, count = 0, 1
        elif turn.hand_in_game >= self.game_length(min(turn.players, hand.players)):
            index, count = (turn.index + 1) % len(self.codes), 1
        else:
            index, count = turn.index, turn.hand_in_game + 1
        code = self.codes[index]
        if hand.choice is not None and hand.choice != code:
            name = self.name("en")
            raise GameError(f"{name} deals {code} now, not {hand.choice}",
                            f"{self.name('de')} spielt jetzt {code}, nicht {hand.choice}")
        entry(code).check_seats(hand.players)
        return Turn(self, code, turn.hand + 1, index, count, hand.players)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    def upcoming(self, turn: Turn) -> str:
        """The game after the current one (the first game before any hand)."""
        if turn.game is None:
            return self.codes[0]
        return self.codes[(turn.index + 1) % len(self.codes)]

    def banner(self, turn: Turn, lang: str = "en") -> str:
        """``H.O.R.S.E.: Razz, 3 of 6 hands``; on the last hand also the next game."""
        de = lang == "de"
        name = self.name(lang)
        if turn.game is None:
            first = entry(self.codes[0]).name(lang)
            return f"{name}: {'zuerst' if de else 'first'} {first}"
        game = entry(turn.game).name(lang)
        length = self.game_length(turn.players)
        text = (f"{name}: {game}, Hand {turn.hand_in_game} von {length}" if de
                else f"{name}: {game}, {turn.hand_in_game} of {length} hands")
        if turn.hand_in_game >= length and len(self.codes) > 1:
            following = entry(self.upcoming(turn)).name(lang)
            text += f", {'danach' if de else 'next'}: {following}"
        return text


def named_rotation(name: str, hands_per_game: int | None = None) -> FixedRotation:
    """One of :data:`ROTATIONS` by name, e.g. ``named_rotation("HORSE")``."""
    if name not in ROTATIONS:
        known = ", ".join(ROTATIONS)
        raise GameError(f"unknown rotation {name!r}; known: {known}",
                        f"unbekannte Rotation {name!r}; bekannt: {known}")
    return FixedRotation(ROTATIONS[name], hands_per_game, ROTATION_NAMES[name])


def _check_codes(codes: Iterable[str]) -> None:
    unknown = [c for c in codes if c not in VARIANTS]
    if unknown:
        bad, known = ", ".join(unknown), ", ".join(VARIANTS)
        raise GameError(f"unknown games: {bad}; known: {known}",
                        f"unbekannte Spiele: {bad}; bekannt: {known}")


def _check_players(players: int) -> None:
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise GameError(f"a hand needs 2 to {MAX_PLAYERS} players, not {players!r}",
                        f"eine Hand braucht 2 bis {MAX_PLAYERS} Spieler, nicht {players!r}")
