"""The demo's options: how many players, which game or rotation, how fast, how many hands,
the seed, which sensors to simulate (and a real camera instead of the simulated one), and
whether to serve the display."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tableside.engine.catalogue import GameError, entry
from tableside.engine.rotation import ROTATIONS as ROTATION_GAMES

SENSORS = ("camera", "chips", "buttons")
ROTATIONS = {"dealers-choice": "dealers_choice", "horse": "HORSE"}
DEFAULT_GAME = "NT"
HEADLESS_HANDS = 100  # served, the demo plays until stopped


class OptionError(ValueError):
    """An option the demo cannot use, in English and German."""

    def __init__(self, en: str, de: str):
        super().__init__(en)
        self.texts = {"en": en, "de": de}


@dataclass(frozen=True)
class DemoOptions:
    players: int = 6
    game: str | None = None  # a variant code; None with no rotation: no-limit hold'em
    rotation: str | None = None  # "dealers-choice" or "horse"
    speed: float = 1.0  # served: how fast the dealer goes (2: twice as fast)
    hands: int | None = None  # None: HEADLESS_HANDS headless, no end when served
    seed: int | None = None
    simulate: tuple[str, ...] = SENSORS
    camera: str | None = None  # a real camera (not simulated) for the face-up cards
    headless: bool = False
    db: Path | None = None  # None: a throwaway database
    host: str = "0.0.0.0"
    port: int = 8080
    lang: str = "en"

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 10:
            raise OptionError(f"2 to 10 players, not {self.players}",
                              f"2 bis 10 Spieler, nicht {self.players}")
        if self.game is not None and self.rotation is not None:
            raise OptionError("choose a game or a rotation, not both",
                              "ein Spiel oder eine Rotation wählen, nicht beides")
        if self.rotation is not None and self.rotation not in ROTATIONS:
            raise OptionError(f"rotation is one of {', '.join(ROTATIONS)}",
                              f"die Rotation ist eine von {', '.join(ROTATIONS)}")
        # Every game the table may deal must seat the players (dealer's choice picks only
        # those that do).
        games = (self.game,) if self.game is not None else (
            ROTATION_GAMES[ROTATIONS[self.rotation]] if self.rotation == "horse" else ())
        try:
            for code in games:
                entry(code).check_seats(self.players)
        except GameError as error:
            raise OptionError(error.message("en"), error.message("de")) from None
        unknown = sorted(set(self.simulate) - set(SENSORS))
        if unknown:
            raise OptionError(f"unknown sensors {', '.join(unknown)}; known: {', '.join(SENSORS)}",
                              f"unbekannte Sensoren {', '.join(unknown)}; bekannt: "
                              f"{', '.join(SENSORS)}")
        if self.camera is not None and "camera" in self.simulate:
            raise OptionError("a real camera (--camera) takes the simulated camera's place: "
                              "leave camera out of --simulate",
                              "eine echte Kamera (--camera) ersetzt die simulierte: camera "
                              "bei --simulate weglassen")
        if self.speed <= 0:
            raise OptionError("speed must be above 0", "die Geschwindigkeit muss über 0 liegen")
        if self.hands is not None and self.hands < 1:
            raise OptionError("at least one hand", "mindestens eine Hand")

    @property
    def hands_to_play(self) -> int | None:
        if self.hands is not None:
            return self.hands
        return HEADLESS_HANDS if self.headless else None

    def table_settings(self) -> dict:
        """The table's settings: the game or rotation, every seat the players need."""
        settings: dict = {"name": "tableside demo", "seats": max(self.players, 2), "unit": 5,
                          "language": self.lang}
        if self.rotation is not None:
            settings["rotation"] = ROTATIONS[self.rotation]
        else:
            settings["game"] = self.game or DEFAULT_GAME
        return settings


def parse_sensors(text: str) -> tuple[str, ...]:
    """``camera,chips,buttons`` (or ``none``) as a tuple of sensor names."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if words == ["none"]:
        return ()
    return tuple(dict.fromkeys(words))
