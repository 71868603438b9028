"""One entry of a PHH ``actions`` array, e.g. ``"p3 cbr 600 # a big raise"``, taken apart.

The grammar (PHH specification): ``[[actor code[ arguments...]][ # commentary]]``, words
separated by any whitespace. The actor is the dealer ``d`` or a player ``p1``..``pN``; players
are kept 0-based here (``p1`` is player 0) to match the engine. An empty string or a bare
commentary is a no-op. Cards are two characters each, concatenated; ``??`` is a card nobody
saw and becomes ``None``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from tableside.cards import Card, deck
from tableside.engine.events import BetRaise, BringIn, CheckCall, DealHole, Event, Fold
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


@lru_cache(maxsize=1 << 16)
def parse_action(text: str) -> PHHAction:
    """Read one action; raises :class:`PHHError` quoting ``text`` for anything malformed.

    Cached: the same texts ("p2 f", "p1 cbr 600") recur across thousands of hands, and an
    action is immutable.
    """
    body, hash_sign, comment = text.partition("#")
    commentary = comment.strip() if hash_sign else None
    words = body.split()
    if not words:
        return PHHAction(text=text, actor=None, code=NOOP, commentary=commentary)
    try:
        quick = None if hash_sign else _parse_common(text, words)
        return quick or _parse_words(text, words, commentary)
    except PHHError as exc:
        raise PHHError(f"bad action {text!r}: {exc}") from None


_SIMPLE_EVENTS = {"f": Fold, "cc": CheckCall, "pb": BringIn}


def _parse_common(text: str, words: list[str]) -> PHHAction | None:
    """The everyday actions (fold, call, bet, deal) without the general path's checks on
    every word, with their engine events; anything unusual returns None and takes the
    general path."""
    if len(words) == 2:
        actor, code = words
        if code in _SIMPLE_EVENTS and actor[0] == "p" and actor[1:].isdigit() \
                and actor[1] != "0":
            player = int(actor[1:]) - 1
            return PHHAction(text, player, code, event=_SIMPLE_EVENTS[code](player))
    elif len(words) == 3:
        actor, code, argument = words
        if code == "cbr" and actor[0] == "p" and actor[1:].isdigit() and actor[1] != "0" \
                and argument.isdigit() and argument[0] != "0":
            player, amount = int(actor[1:]) - 1, int(argument)
            return PHHAction(text, player, code, amount=amount,
                             event=BetRaise(player, amount))
    elif len(words) == 4 and words[0] == "d" and words[1] == "dh":
        dealee, cards_text = words[2], words[3]
        if dealee[0] == "p" and dealee[1:].isdigit() and dealee[1] != "0":
            player, cards = int(dealee[1:]) - 1, parse_phh_cards(cards_text)
            return PHHAction(text, None, "dh", dealee=player, cards=cards,
                             event=DealHole(player, cards))
    return None


@lru_cache(maxsize=1 << 13)
def parse_phh_cards(text: str) -> CardSeq:
    """``"AsKd??"`` -> ``(As, Kd, None)``; raises :class:`PHHError` naming the bad card.

    Cached: two-card hole hands recur across thousands of recorded hands.
    """
    if not text or len(text) % 2:
        raise PHHError(f"{text!r} is not a list of two-character cards")
    cards: list[Card | None] = []
    for start in range(0, len(text), 2):
        token = text[start:start + 2]
        if token == UNKNOWN_CARD:
            cards.append(None)
            continue
        card = _PHH_CARDS.get(token)
        if card is None:
            raise PHHError(
                f"{token!r} is not a card (rank 23456789TJQKA, suit cdhs, ?? for unknown)"
            )
        if card in cards:
            raise PHHError(f"{token} appears twice in {text!r}")
        cards.append(card)
    return tuple(cards)


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
