"""A showdown still to come: the game, each player's cards as far as known, board and dead
cards. Everything is checked here, so the rest of the engine can trust its input."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tableside.cards import Card, CardError, check_distinct, parse_cards
from tableside.equity.games import BOARD_SIZE, GameRules, game_rules
from tableside.equity.hand import Hand
from tableside.equity.notation import parse_hand

DECK_SIZE = 52
BOARD_SIZES = (0, 3, 4, 5)  # nothing, flop, turn, river


@dataclass(frozen=True, slots=True)
class Situation:
    """A checked situation. ``hand_size`` is what every hand holds at the showdown;
    ``missing[i]`` is how many of player i's cards come from the stock."""

    rules: GameRules
    hands: tuple[Hand, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    hand_size: int
    missing: tuple[int, ...]

    @property
    def game(self) -> str:
        return self.rules.name

    @property
    def board_missing(self) -> int:
        return BOARD_SIZE - len(self.board) if self.rules.board else 0

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards not seen anywhere, in deck order: what unknown cards are dealt from."""
        seen = {*self.board, *self.dead}
        for hand in self.hands:
            seen.update(hand.known)
        return tuple(Card(c) for c in range(DECK_SIZE) if c not in seen)


def _cards(cards: Iterable[int] | str, what: str) -> tuple[Card, ...]:
    result = tuple(parse_cards(cards))
    for card in result:
        if card.is_joker:
            raise CardError(f"equity is for games without jokers ({card} in the {what})")
    return result


def make_situation(game: str | GameRules, hands: Sequence[Hand | str | Iterable[int]],
                   board: Iterable[int] | str = (), dead: Iterable[int] | str = ()) -> Situation:
    """Check and complete a situation.

    ``hands`` are :class:`Hand` objects, card lists or hand notation (``"AsAh"``, ``"??"``,
    see :func:`tableside.equity.notation.parse_hand`). Raises CardError naming a card given
    twice (anywhere) or a joker, and ValueError for card counts the game does not allow.
    """
    rules = game if isinstance(game, GameRules) else game_rules(game)
    hands = tuple(
        h if isinstance(h, Hand) else parse_hand(h) if isinstance(h, str)
        else Hand(tuple(parse_cards(h)))
        for h in hands)
    hands = tuple(Hand(_cards(h.known, f"hand of player {i}"), h.unknown, h.draws)
                  for i, h in enumerate(hands, start=1))
    board, dead = _cards(board, "board"), _cards(dead, "dead cards")
    if len(hands) < 2:
        raise ValueError("equity needs at least two hands")
    check_distinct([*(c for h in hands for c in h.known), *board, *dead])
    if board and not rules.board:
        raise ValueError(f"{rules.title} has no board; give each player's cards instead")
    if rules.board and len(board) not in BOARD_SIZES:
        raise ValueError(f"a board has 0, 3, 4 or 5 cards (nothing, flop, turn, river), "
                         f"not {len(board)}")
    hand_size = _hand_size(rules, hands)
    missing = tuple(_missing(rules, hand, hand_size, player)
                    for player, hand in enumerate(hands, start=1))
    situation = Situation(rules, hands, board, dead, hand_size, missing)
    needed = situation.board_missing + sum(missing)
    if needed > len(situation.stock):
        raise ValueError(f"not enough cards: {needed} to deal, {len(situation.stock)} left")
    return situation


def _named(hand: Hand) -> int:
    return len(hand.known) + (hand.unknown or 0)


def _hand_size(rules: GameRules, hands: tuple[Hand, ...]) -> int:
    if len(rules.hand_sizes) == 1:
        return rules.hand_sizes[0]
    # Omaha: four to six cards, the same for everyone; an unknown hand takes the others' size.
    sizes = {_named(h) for h in hands if h.unknown is not None}
    if len(sizes) > 1:
        raise ValueError(f"in {rules.title} every hand has the same number of cards, "
                         f"not {' and '.join(map(str, sorted(sizes)))}")
    size = sizes.pop() if sizes else rules.hand_sizes[0]
    if size not in rules.hand_sizes:
        raise ValueError(f"{rules.title} hands have {_choices(rules.hand_sizes)} cards, "
                         f"not {size}")
    return size


def _missing(rules: GameRules, hand: Hand, size: int, player: int) -> int:
    """How many of the player's final cards are dealt at random from the stock."""
    where = f"player {player}"
    if hand.unknown is not None and hand.unknown < 0:
        raise ValueError(f"{where}: a negative number of unknown cards")
    if hand.draws is not None:
        if not rules.draw:
            raise ValueError(f"{where}: only draw games take a number of cards drawn")
        if not 0 <= hand.draws <= size:
            raise ValueError(f"{where}: draws 0 to {size} cards, not {hand.draws}")
    drawn = hand.draws or 0
    if hand.unknown is None:
        if len(hand.known) + drawn > size:
            raise ValueError(f"{where}: {len(hand.known) + drawn} cards, "
                             f"more than a {size}-card hand")
        return size - len(hand.known)
    held = _named(hand) + drawn
    if hand.draws is not None and held != size:
        raise ValueError(f"{where}: keeps {_named(hand)} and draws {hand.draws}, "
                         f"but a hand has {size} cards")
    if rules.partial:
        if held > size:
            raise ValueError(f"{where}: {_has(hand)} but a {rules.title} hand has {size} cards")
        return size - len(hand.known)
    if held != size:
        raise ValueError(f"{where}: a {rules.title} hand has {size} cards, not {held}")
    return size - len(hand.known)


def _has(hand: Hand) -> str:
    count = _named(hand)
    return f"has {count} card{'s' if count != 1 else ''}"


def _choices(sizes: tuple[int, ...]) -> str:
    return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
