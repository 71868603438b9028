"""A table's game settings: the game or rotation, stakes, house rules, buy-ins and the mode.

Settings are data, stored in the table's first command and changed by ``settings`` commands;
a change takes effect at the next hand (the hand being played keeps the configuration it was
dealt with). Stakes left unset follow the game catalogue's home-game defaults scaled by
``unit`` (blinds 1/2, limits 2/4 for ``unit=1``), so a mixed rotation keeps one size of game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from tableside.cards import COURT_LETTERS
from tableside.engine.catalogue import GameError, entry
from tableside.engine.config import MAX_PLAYERS
from tableside.engine.rotation import (
    ROTATIONS,
    DealersChoice,
    FixedRotation,
    Rotation,
    named_rotation,
)
from tableside.engine.variants import VARIANTS
from tableside.evaluation.names import LANGUAGES
from tableside.table.action_timer import TimerSettings
from tableside.table.clock import BlindStructure, Break, Level
from tableside.table.errors import TableError
from tableside.table.ledger import ChipValue

MODES = ("cash", "tournament")
DEALERS_CHOICE = "dealers_choice"
MIXED = "mixed"  # a rotation of the games listed in ``games``
ROTATION_KINDS = (*ROTATIONS, DEALERS_CHOICE, MIXED)

# HandConfig fields a table may set as house rules (the others follow from the settings).
# Unset, each is the engine's default: a short all-in blind is called in full
# (call_full_blind) and a short all-in raise of half a bet reopens fixed limit betting
# (half_bet_rule); hands are not declared. ``declare_hands`` applies to the wild-card games a
# table deals (the engine has it for those only); in the other games the cards speak.
# ``progressive_openers`` is the table's own: after a deal nobody opened, the redeal needs
# queens, then kings, aces and back down (tableside.table.redeal).
HOUSE_RULES = {
    "raise_cap": (int, type(None)), "uncapped_heads_up": bool, "all_hands_shown": bool,
    "any_draw": bool, "open_pair_big_bet": bool, "openers": (int, type(None)),
    "to_win": (int, type(None)), "button_opens_after_draw": bool,
    "declare_hands": bool, "call_full_blind": bool, "half_bet_rule": bool,
    "progressive_openers": bool,
}
# Keys of a tournament level: what is posted and bet at that level, and how long it lasts.
LEVEL_KEYS = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
              "minutes", "is_break")


@dataclass(frozen=True)
class TableSettings:
    name: str = ""
    seats: int = 9
    game: str = "NT"  # the variant code, when no rotation is set
    rotation: str | None = None  # HORSE, 8GAME, dealers_choice or mixed
    games: tuple[str, ...] = ()  # dealers_choice: the games allowed (all if empty); mixed
    hands_per_game: int | None = None  # fixed rotations: None is one orbit per game
    unit: int = 1  # the catalogue's default stakes times this
    blinds: tuple[int, ...] | None = None  # (small, big)
    ante: int | None = None  # every player dealt in
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    straddles: bool = False  # live straddles allowed
    rake_percent: float = 0.0
    rake_cap: int = 0
    no_flop_no_drop: bool = True
    run_twice: bool = False
    house_rules: dict[str, Any] = field(default_factory=dict)
    language: str = "en"
    mode: str = "cash"
    buy_in_multiple: int = 20  # the minimum buy-in is this many minimum bets ...
    min_buy_in: int | None = None  # ... unless set here
    max_buy_in: int | None = None
    starting_stack: int | None = None  # tournament: chips for the buy-in
    rebuys: bool = True  # cash: top-ups between hands; tournament: the rebuy period is open
    levels: tuple[dict[str, Any], ...] = ()  # tournament blind structure
    # What chips are worth (tableside.table.ledger.ChipValue): ``cents`` for ``chips``.
    chip_value: dict[str, Any] = field(
        default_factory=lambda: {"cents": 1, "chips": 1, "currency": "EUR"})
    action_seconds: float | None = None  # the action timer (None: off); the seed's is 120
    action_warning: float = 20  # seconds before the end
    # The overhead camera's calibration (tableside.vision.calibration.Calibration.to_dict):
    # table corners and zones as the dealer marked them. Checked by the camera's side when
    # marked (the table does not judge pictures); here it is kept with the table.
    camera_calibration: dict[str, Any] | None = None
    # What the table's deck letters its court cards (tableside.cards.COURT_LETTERS), for the
    # camera: "auto" tells from what it sees (a German deck's B).
    deck_letters: str = "auto"

    def __post_init__(self) -> None:
        _check(self)

    # ------------------------------------------------------------------ building
    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise _refuse(f"unknown settings: {', '.join(unknown)}",
                          f"unbekannte Einstellungen: {', '.join(unknown)}")
        values = dict(data)
        for name in ("games", "blinds", "levels"):
            if values.get(name) is not None:
                values[name] = tuple(values[name])
        if "chip_value" in values:
            values["chip_value"] = dict(values["chip_value"])
        if "levels" in values:
            values["levels"] = tuple(dict(level) for level in values["levels"])
        try:
            return cls(**values)
        except TypeError as error:
            raise _refuse(f"bad settings: {error}", f"ungültige Einstellungen: {error}") from None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for name in ("games", "blinds", "levels"):
            if data[name] is not None:
                data[name] = list(data[name])
        return data

    def changed(self, changes: dict[str, Any]) -> TableSettings:
        """These settings with ``changes`` (JSON values) applied, checked as a whole."""
        return TableSettings.from_json({**self.to_json(), **changes})

    # ------------------------------------------------------------------ queries
    @property
    def tournament(self) -> bool:
        return self.mode == "tournament"

    def chips(self) -> ChipValue:
        return ChipValue(**self.chip_value)

    def blind_structure(self) -> BlindStructure | None:
        """The tournament's levels for the clock (None without levels)."""
        if not self.levels:
            return None
        return BlindStructure(tuple(
            Break(level.get("minutes", 10)) if level.get("is_break") else Level(
                level.get("small_blind") or level["big_blind"] // 2, level["big_blind"],
                level.get("ante") or 0, level.get("minutes", 15))
            for level in self.levels))

    def timer_settings(self) -> TimerSettings | None:
        if self.action_seconds is None:
            return None
        return TimerSettings(self.action_seconds, self.action_warning)

    def make_rotation(self) -> Rotation | None:
        """The rotation that picks each hand's game, or None for a single game."""
        if self.rotation is None:
            return None
        if self.rotation == DEALERS_CHOICE:
            return DealersChoice(self.games) if self.games else DealersChoice()
        if self.rotation == MIXED:
            return FixedRotation(self.games, self.hands_per_game)
        return named_rotation(self.rotation, self.hands_per_game)

    def game_codes(self) -> tuple[str, ...]:
        """Every game this table may deal."""
        if self.rotation is None:
            return (self.game,)
        if self.rotation in ROTATIONS:
            return ROTATIONS[self.rotation]
        return self.games or tuple(VARIANTS)


def _refuse(en: str, de: str) -> TableError:
    return TableError("settings", en, de)


def _check(s: TableSettings) -> None:
    if not isinstance(s.seats, int) or not 2 <= s.seats <= MAX_PLAYERS:
        raise _refuse(f"a table has 2 to {MAX_PLAYERS} seats, not {s.seats!r}",
                      f"ein Tisch hat 2 bis {MAX_PLAYERS} Plätze, nicht {s.seats!r}")
    if s.language not in LANGUAGES:
        raise _refuse(f"language must be one of {', '.join(LANGUAGES)}, not {s.language!r}",
                      f"die Sprache muss {', '.join(LANGUAGES)} sein, nicht {s.language!r}")
    if s.mode not in MODES:
        raise _refuse(f"mode must be cash or tournament, not {s.mode!r}",
                      f"der Modus muss cash oder tournament sein, nicht {s.mode!r}")
    if s.rotation is not None and s.rotation not in ROTATION_KINDS:
        kinds = ", ".join(ROTATION_KINDS)
        raise _refuse(f"unknown rotation {s.rotation!r}; known: {kinds}",
                      f"unbekannte Rotation {s.rotation!r}; bekannt: {kinds}")
    if s.rotation == MIXED and not s.games:
        raise _refuse("a mixed rotation needs its games", "eine gemischte Rotation braucht Spiele")
    try:
        if s.rotation is None:
            entry(s.game)
        s.make_rotation()
    except GameError as error:
        raise TableError.from_game(error) from None
    for name in ("unit", "buy_in_multiple"):
        value = getattr(s, name)
        if type(value) is not int or value < 1:
            raise _refuse(f"{name} must be a whole number >= 1, not {value!r}",
                          f"{name} muss eine ganze Zahl >= 1 sein, nicht {value!r}")
    for name in ("ante", "bring_in", "small_bet", "big_bet", "min_bet", "min_buy_in",
                 "max_buy_in", "starting_stack", "rake_cap", "hands_per_game"):
        value = getattr(s, name)
        if value is not None and (type(value) is not int or value < 0):
            raise _refuse(f"{name} must be a whole chip count >= 0, not {value!r}",
                          f"{name} muss eine ganze Chipzahl >= 0 sein, nicht {value!r}")
    if s.blinds is not None and (len(s.blinds) != 2 or not all(
            type(b) is int and b > 0 for b in s.blinds) or s.blinds[0] > s.blinds[1]):
        raise _refuse(f"blinds are two chip counts, small then big, not {list(s.blinds)}",
                      f"Blinds sind zwei Chipzahlen, erst Small, dann Big, nicht {list(s.blinds)}")
    if not 0 <= s.rake_percent <= 100:
        raise _refuse("the rake is 0 to 100 percent", "der Rake liegt zwischen 0 und 100 Prozent")
    if s.min_buy_in and s.max_buy_in and s.min_buy_in > s.max_buy_in:
        raise _refuse("the minimum buy-in is above the maximum",
                      "das Mindest-Buy-in liegt über dem Maximum")
    for key, value in s.house_rules.items():
        kinds = HOUSE_RULES.get(key)
        if kinds is None or not isinstance(value, kinds):
            raise _refuse(f"unknown house rule or bad value: {key}={value!r}",
                          f"unbekannte Hausregel oder falscher Wert: {key}={value!r}")
    for number, level in enumerate(s.levels, 1):
        bad = set(level) - set(LEVEL_KEYS)
        if bad or not (level.get("is_break") or level.get("big_blind")):
            raise _refuse(f"level {number}: keys are {', '.join(LEVEL_KEYS)} and a level that "
                          "is not a break needs big_blind",
                          f"Stufe {number}: Schlüssel sind {', '.join(LEVEL_KEYS)}, und eine "
                          "Stufe ohne Pause braucht big_blind")
    letterings = ("auto", *COURT_LETTERS)
    if s.deck_letters not in letterings:
        raise _refuse(f"the deck's letters are one of {', '.join(letterings)}, not "
                      f"{s.deck_letters!r}",
                      f"die Buchstaben des Blatts sind {', '.join(letterings)}, nicht "
                      f"{s.deck_letters!r}")
    if s.camera_calibration is not None and not isinstance(s.camera_calibration, dict):
        raise _refuse("the camera calibration is an object (corners, size, zones)",
                      "die Kamerakalibrierung ist ein Objekt (Ecken, Größe, Zonen)")
    try:
        s.chips()
        s.blind_structure()
        s.timer_settings()
    except (TypeError, ValueError, KeyError) as error:
        raise _refuse(f"bad settings: {error}", f"ungültige Einstellungen: {error}") from None
