"""What one hand posts and bets: the stakes of its game and level, as an engine HandConfig.

The stakes of a hand come, in this order, from the game catalogue's home-game defaults scaled
by the table's ``unit``, the table's settings, and in a tournament the current level. Limits
not set anywhere follow the big blind (small bet = big blind, big bet = twice it; spread
limit up to three times it), so ``blinds 5/10`` alone makes a 10/20 limit game.

A draw game played with openers (the house rule ``openers``: jacks or better) is an ante
game, as the seeds describe it: nobody posts blinds (a blind would be a bet before anyone
opened), everyone antes (the table's ante, else ``unit``), and the button moves as in stud.
The blinds still size the limits and the smallest bet.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tableside.engine import HandConfig, Rake, variant
from tableside.engine.catalogue import GameFamily, entry
from tableside.engine.variants import Structure
from tableside.table.settings import TableSettings

_LIMITS = (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


@dataclass(frozen=True, slots=True)
class Stakes:
    """The stakes of one game at one level, in posting order (not yet placed by position)."""

    code: str
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0

    @property
    def uses_blinds(self) -> bool:
        return self.big_blind > 0

    @property
    def minimum_bet(self) -> int:
        """The smallest bet of the game: what minimum buy-ins are counted in."""
        return self.min_bet or self.small_bet or self.big_blind

    def to_json(self) -> dict[str, Any]:
        return {"game": self.code, "small_blind": self.small_blind,
                "big_blind": self.big_blind, "ante": self.ante, "bring_in": self.bring_in,
                "small_bet": self.small_bet, "big_bet": self.big_bet, "min_bet": self.min_bet}


def stakes_for(settings: TableSettings, code: str, level: dict[str, Any] | None = None) -> Stakes:
    game = entry(code)
    needed, optional = game.stakes_needed, game.stakes_optional
    base = game.stakes(settings.unit)
    blinds = tuple(base.get("blinds", (0, 0)))
    ante = base.get("antes", 0)
    bring_in = base.get("bring_in", 0)
    min_bet = base.get("min_bet", 0)
    small_bet, big_bet = base.get("small_bet", 0), base.get("big_bet", 0)
    sources: list[dict[str, Any]] = [{
        "blinds": settings.blinds, "ante": settings.ante, "bring_in": settings.bring_in,
        "small_bet": settings.small_bet, "big_bet": settings.big_bet,
        "min_bet": settings.min_bet}]
    if level is not None and not level.get("is_break"):
        big = level.get("big_blind")
        sources.append({
            "blinds": (level.get("small_blind") or big // 2, big) if big else None,
            "ante": level.get("ante"), "bring_in": level.get("bring_in"),
            "small_bet": level.get("small_bet"), "big_bet": level.get("big_bet"),
            # a level's blinds set the smallest bet of no-limit and pot-limit games
            "min_bet": big if big else None})
    for source in sources:
        if source["blinds"] and "blinds" in needed:
            blinds = tuple(source["blinds"])
            small_bet, big_bet = _limits_from(blinds[1], game.structure)
        if source["ante"] is not None and ("antes" in needed or "antes" in optional):
            ante = source["ante"]
        if source["bring_in"] is not None and "bring_in" in needed:
            bring_in = source["bring_in"]
        if source["min_bet"] is not None and ("min_bet" in needed or "min_bet" in optional):
            min_bet = source["min_bet"]
        if source["small_bet"] is not None and "small_bet" in needed:
            small_bet = source["small_bet"]
            big_bet = source["big_bet"] or 2 * small_bet
    if game.structure in _LIMITS:
        min_bet = 0
    elif "blinds" in needed:
        min_bet = min_bet or blinds[1]
    if "blinds" not in needed or is_ante_game(settings, code):
        blinds = (0, 0)
        if ante == 0 and settings.ante is None and is_ante_game(settings, code):
            ante = settings.unit
    if game.structure not in _LIMITS:
        small_bet = big_bet = 0
    return Stakes(code, blinds[0], blinds[1], ante, bring_in, small_bet, big_bet, min_bet)


def is_ante_game(settings: TableSettings, code: str) -> bool:
    """A draw game the table plays with openers: antes, no blinds (see the module's notes).
    Jacks Back keeps its blinds: a deal nobody opens plays on as lowball there."""
    game = entry(code)
    return (settings.house_rules.get("openers") is not None and game.family == GameFamily.DRAW
            and variant(code).uses_blinds and variant(code).if_unopened is None)


def posts_blinds(settings: TableSettings, code: str) -> bool:
    """Whether a hand of this game at this table has blinds (else everyone is dealt in and
    the button moves one seat, as in stud)."""
    return variant(code).uses_blinds and not is_ante_game(settings, code)


def _limits_from(big_blind: int, structure: Structure) -> tuple[int, int]:
    if structure == Structure.SPREAD_LIMIT:
        return big_blind, 3 * big_blind
    return big_blind, 2 * big_blind


def straddle_amounts(stakes: Stakes, count: int) -> tuple[int, ...]:
    """Live straddles: each twice the blind or straddle before it."""
    return tuple(stakes.big_blind * 2 ** (i + 1) for i in range(count))


def hand_config(settings: TableSettings, stakes: Stakes, stacks: Sequence[int], *,
                blinds: Sequence[int] = (), carried_pot: int = 0,
                openers: int | None = None) -> HandConfig:
    """The engine's configuration for one hand; ``stacks`` and ``blinds`` in position order
    (first the player left of the button, the button last). ``openers``: what a redeal
    needs to open, instead of the table's rule."""
    n = len(stacks)
    rake = None
    if settings.rake_percent and settings.rake_cap:
        rake = Rake(settings.rake_percent, settings.rake_cap, settings.no_flop_no_drop)
    limits: dict[str, int] = {}
    game = variant(stakes.code)
    if game.structure in _LIMITS:
        limits = {"small_bet": stakes.small_bet, "big_bet": stakes.big_bet}
    else:
        limits = {"min_bet": stakes.min_bet}
    rules = dict(settings.house_rules)
    declare = rules.pop("declare_hands", False)
    rules.pop("progressive_openers", None)  # the table's rule: it sets ``openers`` per deal
    if openers is not None:
        rules["openers"] = openers
    config = HandConfig(
        game, tuple(stacks), antes=(stakes.ante,) * n if stakes.ante else (),
        blinds=tuple(blinds) if any(blinds) else (), bring_in=stakes.bring_in, **limits,
        run_twice=settings.run_twice, rake=rake, carried_pot=carried_pot, **rules)
    if declare:
        # Only the wild-card games have it (the engine says which): in the others, and
        # when the engine refuses, the cards speak.
        with contextlib.suppress(ValueError):
            config = replace(config, declare_hands=True)
    return config
