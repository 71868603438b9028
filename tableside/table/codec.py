"""Engine events and hand configurations as JSON, for snapshots of the table state.

Cards are written in the standard two-character notation, ``"??"`` for a card dealt but not
read (the engine's ``None``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from tableside.cards import RANK_CHARS, Card, parse_card
from tableside.engine import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Event,
    Fold,
    HandConfig,
    Rake,
    RunTwice,
    Show,
    variant,
)
from tableside.evaluation.declared import Declaration
from tableside.evaluation.strength import Category

UNKNOWN = "??"


def card_text(card: Card | None) -> str:
    return UNKNOWN if card is None else str(card)


def cards_text(cards: tuple[Card | None, ...] | None) -> list[str] | None:
    return None if cards is None else [card_text(c) for c in cards]


def card_of(text: str) -> Card | None:
    return None if text == UNKNOWN else parse_card(text)


def cards_of(texts: list[str] | None) -> tuple[Card | None, ...] | None:
    return None if texts is None else tuple(card_of(t) for t in texts)


def declaration_to_json(declared: Declaration) -> dict[str, Any]:
    """A declared hand as ``{"category": "full_house", "ranks": ["K", "5"]}``."""
    return {"category": declared.category.label,
            "ranks": [RANK_CHARS[r] for r in declared.ranks]}


def declaration_of(data: dict[str, Any]) -> Declaration:
    """The engine's :class:`Declaration` of that form (ValueError or KeyError if none)."""
    ranks = data["ranks"]
    if not all(isinstance(r, str) and len(r) == 1 and r in RANK_CHARS for r in ranks):
        raise ValueError(f"ranks are characters of {RANK_CHARS}, not {ranks!r}")
    return Declaration(Category[data["category"].upper()],
                       tuple(RANK_CHARS.index(r) for r in ranks))


def event_to_json(event: Event) -> list[Any]:
    """A compact form: ``[kind, player, ...]``."""
    match event:
        case DealHole(player, cards):
            return ["dh", player, cards_text(cards)]
        case DealBoard(cards):
            return ["db", cards_text(cards)]
        case Fold(player):
            return ["f", player]
        case CheckCall(player):
            return ["cc", player]
        case BetRaise(player, to):
            return ["cbr", player, to]
        case BringIn(player):
            return ["pb", player]
        case Discard(player, cards, split):
            return ["sd", player, cards_text(cards), split]
        case Show(player, cards, None):
            return ["sm", player, cards_text(cards)]
        case Show(player, cards, declared):
            return ["sm", player, cards_text(cards), declaration_to_json(declared)]
        case RunTwice():
            return ["r2"]
    raise TypeError(f"not an engine event: {event!r}")


def event_from_json(data: list[Any]) -> Event:
    kind = data[0]
    if kind == "dh":
        return DealHole(data[1], cards_of(data[2]))
    if kind == "db":
        return DealBoard(cards_of(data[1]))
    if kind == "f":
        return Fold(data[1])
    if kind == "cc":
        return CheckCall(data[1])
    if kind == "cbr":
        return BetRaise(data[1], data[2])
    if kind == "pb":
        return BringIn(data[1])
    if kind == "sd":
        return Discard(data[1], cards_of(data[2]), data[3])
    if kind == "sm":
        declared = None
        if len(data) > 3:  # a declared hand
            declared = declaration_of(data[3])
        return Show(data[1], cards_of(data[2]), declared)
    if kind == "r2":
        return RunTwice()
    raise ValueError(f"unknown event kind {kind!r}")


def config_to_json(config: HandConfig) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(config):
        value = getattr(config, f.name)
        if f.name == "variant":
            value = value.code
        elif isinstance(value, Rake):
            value = [value.percent, value.cap, value.no_flop_no_drop]
        elif isinstance(value, tuple):
            value = list(value)
        data[f.name] = value
    return data


def config_from_json(data: dict[str, Any]) -> HandConfig:
    values = dict(data)
    values["variant"] = variant(values["variant"])
    for name in ("stacks", "antes", "blinds"):
        values[name] = tuple(values[name])
    if values.get("rake") is not None:
        values["rake"] = Rake(*values["rake"])
    return HandConfig(**values)
