"""The commands a table takes, as JSON objects, and their one canonical form.

Every command is an object with a ``type`` and the fields below (``?``: optional, with the
default shown). :func:`normalize` checks the shape and fills the defaults, so the log stores
each command in one form; whether the table accepts it is the fold's business
(:mod:`tableside.table.state`). Seats are numbered from 1. Cards are a string (``"As Kd"``,
``"AsKd"``) or a list of strings; ``"??"`` is a card dealt face down that nobody read.

- table: ``open {settings}``, ``settings {changes}``, ``close {}``
- players: ``sit {seat, player, buy_in?}``, ``rebuy {seat, amount?}``,
  ``add_on {seat, amount?}``, ``sit_out {seat}``, ``sit_in {seat}``, ``leave {seat}``
- hands: ``start_hand {game?, straddles?=0, button?}``, ``deal {seat, cards}``,
  ``board {cards}``, ``fold {seat?}``, ``check_call {seat?}``, ``bet_raise {seat?, to}``,
  ``bring_in {seat?}``, ``discard {seat, cards}`` (no cards: stand pat; ``split_openers?``),
  ``show {seat, cards, declared?}`` (``cards: null`` mucks; ``declared``, with the house
  rule ``declare_hands``: the hand called, ``{"category": "full_house", "ranks": ["K", "5"]}``
  or the text ``"full_house K5"``), ``run_twice {}``; a missing ``seat`` of a betting action
  is the player to act
- corrections: ``undo {count?=1, reason?}``, ``correct_card {wrong, right}``,
  ``misdeal {reason?}``, ``adjust_stack {seat, amount, reason}`` (amount signed)
- tournament: ``set_level {level}`` (from 1, counting breaks; takes effect at the next
  hand, and moves a started clock there), ``eliminate {seat}``,
  ``clock {action: start|pause|resume}``
- action timer: ``timer {action: pause|resume}`` (the dealer stops the player's clock)
"""

from __future__ import annotations

from typing import Any

from tableside.cards import RANK_CHARS, CardError, parse_cards
from tableside.evaluation.strength import Category
from tableside.table.codec import UNKNOWN, declaration_of, declaration_to_json
from tableside.table.errors import TableError

_REQUIRED, _OPTIONAL = object(), object()

# type -> {field: (kind, default)}; kinds: int, str, dict, bool, cards, cards?, card,
# declaration
SCHEMA: dict[str, dict[str, tuple[str, Any]]] = {
    "open": {"settings": ("dict", {})},
    "settings": {"changes": ("dict", _REQUIRED)},
    "close": {},
    "sit": {"seat": ("int", _REQUIRED), "player": ("str", _REQUIRED),
            "buy_in": ("int", None)},
    "rebuy": {"seat": ("int", _REQUIRED), "amount": ("int", None)},
    "add_on": {"seat": ("int", _REQUIRED), "amount": ("int", None)},
    "sit_out": {"seat": ("int", _REQUIRED)},
    "sit_in": {"seat": ("int", _REQUIRED)},
    "leave": {"seat": ("int", _REQUIRED)},
    "start_hand": {"game": ("str", None), "straddles": ("int", 0), "button": ("int", None)},
    "deal": {"seat": ("int", _REQUIRED), "cards": ("cards", _REQUIRED)},
    "board": {"cards": ("cards", _REQUIRED)},
    "fold": {"seat": ("int", None)},
    "check_call": {"seat": ("int", None)},
    "bet_raise": {"seat": ("int", None), "to": ("int", _REQUIRED)},
    "bring_in": {"seat": ("int", None)},
    "discard": {"seat": ("int", _REQUIRED), "cards": ("cards", []),
                "split_openers": ("bool", False)},
    "show": {"seat": ("int", _REQUIRED), "cards": ("cards?", _REQUIRED),
             "declared": ("declaration", None)},
    "run_twice": {},
    "undo": {"count": ("int", 1), "reason": ("str", None)},
    "correct_card": {"wrong": ("card", _REQUIRED), "right": ("card", _REQUIRED)},
    "misdeal": {"reason": ("str", None)},
    "adjust_stack": {"seat": ("int", _REQUIRED), "amount": ("int", _REQUIRED),
                     "reason": ("str", _REQUIRED)},
    "set_level": {"level": ("int", _REQUIRED)},
    "eliminate": {"seat": ("int", _REQUIRED)},
    "clock": {"action": ("str", _REQUIRED)},
    "timer": {"action": ("str", _REQUIRED)},
}
HAND_ACTIONS = frozenset({"deal", "board", "fold", "check_call", "bet_raise", "bring_in",
                          "discard", "show", "run_twice"})
CLOCK_ACTIONS = ("start", "pause", "resume")
TIMER_ACTIONS = ("pause", "resume")


def normalize(raw: Any) -> dict[str, Any]:
    """The canonical form of a command, or TableError("bad_command") saying what is wrong."""
    if not isinstance(raw, dict):
        raise _bad("a command is a JSON object with a type",
                   "ein Befehl ist ein JSON-Objekt mit einem type")
    kind = raw.get("type")
    schema = SCHEMA.get(kind)
    if schema is None:
        known = ", ".join(SCHEMA)
        raise _bad(f"unknown command type {kind!r}; known: {known}",
                   f"unbekannter Befehl {kind!r}; bekannt: {known}")
    unknown = sorted(set(raw) - set(schema) - {"type"})
    if unknown:
        raise _bad(f"{kind}: unknown fields {', '.join(unknown)}",
                   f"{kind}: unbekannte Felder {', '.join(unknown)}")
    command: dict[str, Any] = {"type": kind}
    for name, (field_kind, default) in schema.items():
        if name not in raw or (raw[name] is None and field_kind != "cards?"):
            if default is _REQUIRED:
                raise _bad(f"{kind} needs {name}", f"{kind} braucht {name}")
            command[name] = default
            continue
        command[name] = _value(kind, name, field_kind, raw[name])
    if kind == "clock" and command["action"] not in CLOCK_ACTIONS:
        raise _bad(f"clock action is one of {', '.join(CLOCK_ACTIONS)}",
                   f"die Uhr-Aktion ist eine von {', '.join(CLOCK_ACTIONS)}")
    if kind == "show" and command["declared"] is not None and command["cards"] is None:
        raise _bad("show: a mucked hand declares nothing",
                   "show: eine weggeworfene Hand wird nicht angesagt")
    if kind == "timer" and command["action"] not in TIMER_ACTIONS:
        raise _bad(f"timer action is one of {', '.join(TIMER_ACTIONS)}",
                   f"die Timer-Aktion ist eine von {', '.join(TIMER_ACTIONS)}")
    return command


def _value(kind: str, name: str, field_kind: str, value: Any) -> Any:
    if field_kind == "int":
        if type(value) is not int:
            raise _bad(f"{kind}: {name} must be a whole number, not {value!r}",
                       f"{kind}: {name} muss eine ganze Zahl sein, nicht {value!r}")
        return value
    if field_kind == "str":
        if not isinstance(value, str) or not value.strip():
            raise _bad(f"{kind}: {name} must be a text", f"{kind}: {name} muss ein Text sein")
        return value.strip()
    if field_kind == "bool":
        if not isinstance(value, bool):
            raise _bad(f"{kind}: {name} must be true or false",
                       f"{kind}: {name} muss true oder false sein")
        return value
    if field_kind == "dict":
        if not isinstance(value, dict):
            raise _bad(f"{kind}: {name} must be an object", f"{kind}: {name} muss ein Objekt sein")
        return value
    if field_kind == "declaration":
        return declaration_json(value)
    if field_kind == "cards?" and value is None:
        return None
    cards = card_texts(value)
    if field_kind == "card":
        if len(cards) != 1 or cards[0] == UNKNOWN:
            raise _bad(f"{kind}: {name} is one card", f"{kind}: {name} ist eine Karte")
        return cards[0]
    return cards


def declaration_json(value: Any) -> dict[str, Any]:
    """A declared hand in its one form, ``{"category": "full_house", "ranks": ["K", "5"]}``,
    from that form or the text ``"full_house K5"``; checked: such a hand exists."""
    if isinstance(value, str):
        category, _, ranks = value.strip().partition(" ")
        value = {"category": category, "ranks": list(ranks.replace(" ", "").upper())}
    if not isinstance(value, dict) or set(value) != {"category", "ranks"}:
        raise _bad('show: declared is {"category", "ranks"} or a text like "full_house K5"',
                   'show: declared ist {"category", "ranks"} oder ein Text wie '
                   '"full_house K5"')
    ranks = value["ranks"]
    if isinstance(ranks, str):
        ranks = list(ranks.replace(" ", "").upper())
    try:
        declaration = declaration_of({"category": value["category"], "ranks": ranks})
    except (KeyError, ValueError, TypeError, AttributeError):
        categories = ", ".join(c.label for c in Category)
        raise _bad(f"show: no such declared hand {value!r} (categories: {categories}; ranks "
                   f"from {RANK_CHARS})", f"show: keine solche angesagte Hand {value!r} "
                   f"(Kategorien: {categories}; Ränge aus {RANK_CHARS})") from None
    return declaration_to_json(declaration)


def card_texts(value: Any) -> list[str]:
    """Cards as canonical texts (``"??"`` kept), from a string or a list of strings."""
    if isinstance(value, str):
        tokens = value.replace(",", " ").split()
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        tokens = [t for v in value for t in v.replace(",", " ").split()]
    else:
        raise _bad(f"cards are a text or a list of texts, not {value!r}",
                   f"Karten sind ein Text oder eine Liste von Texten, nicht {value!r}")
    texts: list[str] = []
    for token in tokens:
        if set(token) == {"?"} and len(token) % 2 == 0:
            texts.extend([UNKNOWN] * (len(token) // 2))
            continue
        try:
            texts.extend(str(c) for c in parse_cards(token, allow_duplicates=True))
        except CardError as error:
            raise _bad(str(error), f"keine gültige Karte: {token}") from None
    return texts


def _bad(en: str, de: str) -> TableError:
    return TableError("bad_command", en, de)
