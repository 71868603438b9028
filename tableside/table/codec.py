"""Engine events and hand configurations as JSON, for snapshots of the table state.

Cards are written in the standard two-character notation, ``"??"`` for a card dealt but not
read (the engine's ``None``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from tableside.cards import Card, parse_card
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

UNKNOWN = "??"


def card_text(card: Card | None) -> str:
    return UNKNOWN if card is None else str(card)


def cards_text(cards: tuple[Card | None, ...] | None) -> list[str] | None:
    return None if cards is None else [card_text(c) for c in cards]


def card_of(text: str) -> Card | None:
    return None if text == UNKNOWN else parse_card(text)


def cards_of(texts: list[str] | None) -> tuple[Card | None, ...] | None:
    return None if texts is None else tuple(card_of(t) for t in texts)


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
        case Show(player, cards):
            return ["sm", player, cards_text(cards)]
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
        return Show(data[1], cards_of(data[2]))
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
