"""One entry of a PHH ``actions`` array, e.g. ``"p3 cbr 600 # a big raise"``, taken apart.

The grammar (PHH specification): ``[[actor code[ arguments...]][ # commentary]]``, words
separated by any whitespace. The actor is the dealer ``d`` or a player ``p1``..``pN``; players
are kept 0-based here (``p1`` is player 0) to match the engine. An empty string or a bare
commentary is a no-op. Cards are two characters each, concatenated; ``??`` is a card nobody
saw and becomes ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from tableside.cards import Card, deck
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
from tableside.phh.errors import PHHError

Amount = int | float
CardSeq = tuple[Card | None, ...]

NOOP = ""
UNKNOWN_CARD = "??"
# Showdown shorthand: "show the cards you were dealt" (the spec allows it for ``sm`` only).
AS_DEALT = "-"

DEALER_CODES = {"dh": "deal hole cards", "db": "deal board cards"}
PLAYER_CODES = {
    "f": "fold",
    "cc": "check or call",
    "cbr": "complete, bet or raise to",
    "pb": "post the bring-in",
    "sd": "stand pat or discard",
    "sm": "show or muck",
}

# Exactly the PHH spelling (rank upper case, suit lower case): the general card parser is
# more forgiving (``as``, ``10h``, jokers), which a PHH file must not rely on.
_PHH_CARDS = {str(card): card for card in deck()}
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+(\.[0-9]+)?")


class PHHAction(NamedTuple):
    """A parsed action; ``text`` is kept verbatim so that writing gives the same line back.

    ``actor`` is ``None`` for the dealer (and for a no-op), else the 0-based player.
    ``dealee`` is the player a ``dh`` deals to. ``cards`` is ``None`` when the action has no
    card argument (a muck, standing pat, or an action that takes none). ``as_dealt`` marks
    ``sm -``: show the hole cards already dealt, which only the hand's history can resolve.

    Immutable; a named tuple because thousands are made per second when hands are replayed
    (several times cheaper to build than a frozen dataclass).
    """

    text: str
    actor: int | None
    code: str
    dealee: int | None = None
    amount: Amount | None = None
    cards: CardSeq | None = None
    as_dealt: bool = False
    commentary: str | None = None
    # The engine event, made while parsing the everyday actions (replays need it for every
    # action; see tableside.phh.events.event_of). None: work it out from the fields.
    event: Event | None = None

    def __eq__(self, other: object) -> bool:
        # The cached event is derived from the other fields: equal actions, whatever it holds.
        if not isinstance(other, PHHAction):
            return NotImplemented
        return self[:-1] == other[:-1]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[:-1])

    @property
    def is_noop(self) -> bool:
        return self.code == NOOP

    @property
    def players(self) -> tuple[int, ...]:
        """Every player the action names (the actor and the dealee), for range checks."""
        return tuple(p for p in (self.actor, self.dealee) if p is not None)


_CACHE_LIMIT = 1 << 16
# A cache: the same texts ("p2 f", "p1 cbr 600") recur across thousands of hands, and an
# action is immutable. A plain dict, so that a hand's actions are looked up without a call.
_parsed: dict[str, PHHAction] = {}


def parse_action(text: str) -> PHHAction:
    """Read one action; raises :class:`PHHError` quoting ``text`` for anything malformed."""
    return _parsed.get(text) or _read(text)  # an action (a tuple of nine) is never false


def parse_actions(texts: Iterable[str]) -> tuple[PHHAction, ...]:
    """:func:`parse_action` of each text (a hand's actions), in one pass."""
    known = _parsed.get
    return tuple([known(text) or _read(text) for text in texts])


def _read(text: str) -> PHHAction:
    """Parse a text not in the cache, and remember it."""
    action = _parse(text)
    if len(_parsed) >= _CACHE_LIMIT:
        _parsed.clear()
    _parsed[text] = action
    return action


def clear_action_cache() -> None:
    """Forget the actions and cards read so far (benchmarks start each timed run from
    nothing)."""
    _parsed.clear()
    parse_phh_cards.cache_clear()


def _parse(text: str) -> PHHAction:
    try:
        if "#" not in text:
            quick = _parse_common(text)
            if quick is not None:
                return quick
        body, hash_sign, comment = text.partition("#")
        words = body.split()
        commentary = comment.strip() if hash_sign else None
        if not words:
            return PHHAction(text=text, actor=None, code=NOOP, commentary=commentary)
        return _parse_words(text, words, commentary)
    except PHHError as exc:
        raise PHHError(f"bad action {text!r}: {exc}") from None


# "p1".."p99" -> 0..98: a look-up instead of checking and converting the digits.
_SEATS = {f"p{number}": number - 1 for number in range(1, 100)}
_SIMPLE_EVENTS = {"f": Fold, "cc": CheckCall, "pb": BringIn}
_action = tuple.__new__  # all nine fields in order, without NamedTuple's keyword handling


def _parse_common(text: str) -> PHHAction | None:
    """The actions that make up nearly every hand, each with its engine event, in as few
    steps as possible; anything unusual (or wrong) returns None and takes the general path,
    which gives the same action or names the mistake."""
    words = text.split()
    count = len(words)
    if count < 2:
        return None
    actor, code = words[0], words[1]
    if actor == "d":
        if code == "dh" and count == 4:
            player = _SEATS.get(words[2])
            if player is None:
                return None
            cards = parse_phh_cards(words[3])
            return _action(PHHAction, (text, None, code, player, None, cards, False, None,
                                       DealHole(player, cards)))
        if code == "db" and count == 3:
            cards = parse_phh_cards(words[2])
            # Unknown board cards have no event: action_to_event refuses them.
            event = None if None in cards else DealBoard(cards)
            return _action(PHHAction, (text, None, code, None, None, cards, False, None, event))
        return None
    player = _SEATS.get(actor)
    if player is None:
        return None
    if count == 2:
        kind = _SIMPLE_EVENTS.get(code)
        if kind is not None:
            event = kind(player)
        elif code == "sm":
            event = Show(player, None)
        elif code == "sd":
            event = Discard(player, ())
        else:
            return None
        return _action(PHHAction, (text, player, code, None, None, None, False, None, event))
    if count != 3:
        return None
    argument = words[2]
    if code == "cbr":
        if not (argument.isascii() and argument.isdigit()) or argument[0] == "0":
            return None  # decimals, and the mistakes the general path names
        amount = int(argument)
        return _action(PHHAction, (text, player, code, None, amount, None, False, None,
                                   BetRaise(player, amount)))
    if code == "sm" and argument != AS_DEALT:
        cards = parse_phh_cards(argument)
        return _action(PHHAction, (text, player, code, None, None, cards, False, None,
                                   Show(player, cards)))
    if code == "sd":
        cards = parse_phh_cards(argument)
        return _action(PHHAction, (text, player, code, None, None, cards, False, None,
                                   Discard(player, cards)))
    return None


@lru_cache(maxsize=1 << 13)
def parse_phh_cards(text: str) -> CardSeq:
    """``"AsKd??"`` -> ``(As, Kd, None)``; raises :class:`PHHError` naming the bad card.

    Cached: two-card hole hands recur across thousands of recorded hands.
    """
    if text and not len(text) % 2:
        cards = tuple([_TOKENS.get(text[start:start + 2], _NOT_A_CARD)
                       for start in range(0, len(text), 2)])
        if _NOT_A_CARD not in cards and (
                len(set(cards)) == len(cards) or _known_distinct(cards)):
            return cards
    raise _cards_error(text)


_TOKENS: dict[str, Card | None] = {**_PHH_CARDS, UNKNOWN_CARD: None}
_NOT_A_CARD = object()


def _known_distinct(cards: CardSeq) -> bool:
    # Unknown cards (None) may repeat, the known ones may not.
    known = [card for card in cards if card is not None]
    return len(set(known)) == len(known)


def _cards_error(text: str) -> PHHError:
    """What is wrong with a card list that did not read: the first mistake from the left."""
    if not text or len(text) % 2:
        return PHHError(f"{text!r} is not a list of two-character cards")
    seen: list[Card] = []
    for start in range(0, len(text), 2):
        token = text[start:start + 2]
        if token == UNKNOWN_CARD:
            continue
        card = _PHH_CARDS.get(token)
        if card is None:
            return PHHError(
                f"{token!r} is not a card (rank 23456789TJQKA, suit cdhs, ?? for unknown)"
            )
        if card in seen:
            return PHHError(f"{token} appears twice in {text!r}")
        seen.append(card)
    raise AssertionError(f"{text!r} reads as cards")  # only called when it did not


def format_phh_cards(cards: CardSeq) -> str:
    return "".join(UNKNOWN_CARD if card is None else str(card) for card in cards)


def parse_amount(text: str) -> Amount:
    """``"600"`` -> 600, ``"10.5"`` -> 10.5; amounts are positive (the spec's "to" amounts)."""
    if not _AMOUNT.fullmatch(text):
        raise PHHError(f"{text!r} is not an amount (a positive number such as 600 or 10.5)")
    amount: Amount = float(text) if "." in text else int(text)
    if amount <= 0:
        raise PHHError(f"{text!r} is not an amount (it must be more than zero)")
    return amount


def _parse_words(text: str, words: list[str], commentary: str | None) -> PHHAction:
    if len(words) < 2:
        raise PHHError("expected an actor and an action code")
    actor_word, code, *args = words
    if actor_word == "d":
        return _parse_dealer(text, code, args, commentary)
    match = _PLAYER.fullmatch(actor_word)
    if match is None:
        raise PHHError(f"{actor_word!r} is not an actor (d, or p1, p2, ...)")
    actor = int(match.group(1)) - 1
    if code in DEALER_CODES:
        raise PHHError(f"only the dealer d can {DEALER_CODES[code]} ({code})")
    if code not in PLAYER_CODES:
        raise PHHError(_unknown_code(code))
    amount: Amount | None = None
    cards: CardSeq | None = None
    as_dealt = False
    if code in ("f", "cc", "pb"):
        _expect_args(code, args, 0)
    elif code == "cbr":
        _expect_args(code, args, 1, "an amount")
        amount = parse_amount(args[0])
    else:  # sd, sm: the cards are optional
        _expect_args(code, args, 1, "cards", optional=True)
        if args and code == "sm" and args[0] == AS_DEALT:
            as_dealt = True
        elif args:
            cards = parse_phh_cards(args[0])
    return PHHAction(
        text=text, actor=actor, code=code, amount=amount, cards=cards, as_dealt=as_dealt,
        commentary=commentary,
    )


def _parse_dealer(text: str, code: str, args: list[str], commentary: str | None) -> PHHAction:
    if code in PLAYER_CODES:
        raise PHHError(f"the dealer cannot {PLAYER_CODES[code]} ({code})")
    if code not in DEALER_CODES:
        raise PHHError(_unknown_code(code))
    if code == "db":
        _expect_args(code, args, 1, "cards")
        return PHHAction(
            text=text, actor=None, code=code, cards=parse_phh_cards(args[0]),
            commentary=commentary,
        )
    _expect_args(code, args, 2, "a player and cards")
    match = _PLAYER.fullmatch(args[0])
    if match is None:
        raise PHHError(f"{args[0]!r} is not a player (p1, p2, ...)")
    return PHHAction(
        text=text, actor=None, code=code, dealee=int(match.group(1)) - 1,
        cards=parse_phh_cards(args[1]), commentary=commentary,
    )


def _expect_args(
    code: str, args: list[str], count: int, what: str = "", *, optional: bool = False
) -> None:
    if len(args) == count or (optional and not args):
        return
    if count == 0:
        raise PHHError(f"{code} takes no argument, got {' '.join(args)!r}")
    wanted = f"{'optional ' if optional else ''}{what}"
    got = repr(" ".join(args)) if args else "nothing"
    raise PHHError(f"{code} takes {wanted}, got {got}")


def _unknown_code(code: str) -> str:
    known = ", ".join([*DEALER_CODES, *PLAYER_CODES])
    return f"unknown action code {code!r} (the PHH codes are {known})"
