"""PHH actions as engine events, and back.

The mapping is one to one: ``dh`` DealHole, ``db`` DealBoard, ``f`` Fold, ``cc`` CheckCall,
``cbr`` BetRaise, ``pb`` BringIn, ``sd`` Discard (no cards: stand pat), ``sm`` Show (no
cards: muck). A no-op (empty or commentary-only action) has no event.
"""

from __future__ import annotations

from collections.abc import Iterable

from tableside.cards import Card
from tableside.engine.events import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Event,
    Fold,
    Show,
)
from tableside.phh.actions import CardSeq, PHHAction, format_phh_cards, parse_action
from tableside.phh.errors import PHHError


def action_to_event(action: PHHAction, *, dealt: CardSeq | None = None) -> Event:
    """The engine event for one action.

    ``dealt`` is the player's hole cards so far, needed only to resolve ``sm -`` (show what
    was dealt); :func:`actions_to_events` tracks it for a whole hand.
    """
    if action.is_noop:
        raise PHHError(f"action {action.text!r} is a no-op (no actor, no code): it has no event")
    code = action.code
    if code == "dh":
        return DealHole(_player(action.dealee, action), _cards(action))
    if code == "db":
        board = _cards(action)
        known = tuple(card for card in board if card is not None)
        if len(known) != len(board):
            raise PHHError(f"action {action.text!r}: board cards must be known, not ??")
        return DealBoard(known)
    if code == "sm" and action.as_dealt:
        if dealt is None:
            raise PHHError(
                f"action {action.text!r}: 'sm -' shows the dealt cards, which are not known "
                "here (replay the whole hand with actions_to_events)"
            )
        return Show(_player(action.actor, action), tuple(dealt))
    player = _player(action.actor, action)
    match code:
        case "f":
            return Fold(player)
        case "cc":
            return CheckCall(player)
        case "cbr":
            return BetRaise(player, _whole_amount(action))
        case "pb":
            return BringIn(player)
        case "sd":
            return Discard(player, action.cards or ())
        case "sm":
            return Show(player, action.cards)
    raise PHHError(f"action {action.text!r}: code {code!r} has no engine event")


_CACHE_LIMIT = 1 << 16
_events_by_text: dict[str, Event] = {}  # a cache: the same texts recur across many hands


def event_of(action: PHHAction, *, dealt: CardSeq | None = None) -> Event:
    """:func:`action_to_event`, cached by the action's text (``sm -`` needs ``dealt``)."""
    if action.event is not None:
        return action.event
    if action.as_dealt:
        return action_to_event(action, dealt=dealt)
    event = _events_by_text.get(action.text)
    if event is None:
        if len(_events_by_text) >= _CACHE_LIMIT:
            _events_by_text.clear()
        event = _events_by_text[action.text] = action_to_event(action)
    return event


def clear_event_cache() -> None:
    """Forget the cached events (benchmarks start each timed run from nothing)."""
    _events_by_text.clear()


def actions_to_events(actions: Iterable[PHHAction]) -> list[Event]:
    """The events of a hand in order, no-ops left out and ``sm -`` resolved."""
    # Hole cards per player so far; None once a discard cannot be matched (then only an
    # ``sm -`` by that player fails, everything else still maps).
    holdings: dict[int, list[Card | None] | None] = {}
    events: list[Event] = []
    for action in actions:
        if action.is_noop:
            continue
        held = holdings.get(action.actor) if action.actor is not None else None
        event = action_to_event(action, dealt=tuple(held) if held is not None else None)
        events.append(event)
        if isinstance(event, DealHole):
            hand = holdings.setdefault(event.player, [])
            if hand is not None:
                hand.extend(event.cards)
        elif isinstance(event, Discard):
            holdings[event.player] = _without(holdings.get(event.player), event.cards)
    return events


def event_to_action(event: Event, commentary: str | None = None) -> PHHAction:
    """The PHH action for an engine event, in canonical text (e.g. to record a live hand)."""
    match event:
        case DealHole(player, cards):
            words = f"d dh p{player + 1} {format_phh_cards(cards)}"
        case DealBoard(cards):
            words = f"d db {format_phh_cards(cards)}"
        case Fold(player):
            words = f"p{player + 1} f"
        case CheckCall(player):
            words = f"p{player + 1} cc"
        case BetRaise(player, to):
            words = f"p{player + 1} cbr {to}"
        case BringIn(player):
            words = f"p{player + 1} pb"
        case Discard(player, cards):
            words = f"p{player + 1} sd {format_phh_cards(cards)}".rstrip()
        case Show(player, cards):
            words = f"p{player + 1} sm {format_phh_cards(cards or ())}".rstrip()
        case _:
            raise PHHError(f"{event!r} is not an engine event")
    return parse_action(words if commentary is None else f"{words} # {commentary}")


def _player(player: int | None, action: PHHAction) -> int:
    if player is None:
        raise PHHError(f"action {action.text!r} names no player")
    return player


def _cards(action: PHHAction) -> CardSeq:
    if not action.cards:
        raise PHHError(f"action {action.text!r} deals no cards")
    return action.cards


def _whole_amount(action: PHHAction) -> int:
    amount = action.amount
    if isinstance(amount, int):
        return amount
    if isinstance(amount, float) and amount.is_integer():
        return int(amount)
    # The engine counts whole chips; a record in cents must be scaled before replaying.
    raise PHHError(f"action {action.text!r}: the engine needs a whole-chip amount, not {amount}")


def _without(hand: list[Card | None] | None, discarded: CardSeq) -> list[Card | None] | None:
    if hand is None:
        return None
    rest = list(hand)
    for card in discarded:
        if card not in rest:
            return None
        rest.remove(card)  # an unknown (None) discard takes away one unknown card
    return rest
