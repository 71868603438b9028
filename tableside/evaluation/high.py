"""High hands from any number of cards, with wild cards and the joker as a bug.

Rules (the seeds' house rules):
- Five of a kind beats a straight flush; it needs wild cards.
- A wild card stands for any card, but never duplicates a card already held except to make
  five of a kind: in a flush it is the highest card of that suit not already held.
- The joker as a bug counts as an ace, or as any card that completes a straight or a flush
  (so A-A-A-A-joker is five aces, and K-Q-7-4-joker is ace-high, not a pair).
- Aces are high, or low in the wheel 5-4-3-2-A (``wheel=False`` for deuce-to-seven, where
  the ace is only high); never in the middle, so 4-3-2-A-K is no straight.

Short deck (six-plus, :func:`evaluate_short_deck`) is judged by the same search under its own
:class:`~tableside.evaluation.strength.Ranking`: cards run from six to ace, A-6-7-8-9 is the
lowest straight (nine-high), and a flush beats a full house.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tableside.cards import ACE, RANK_PLURALS, Card, CardError, check_distinct
from tableside.evaluation.fast import high_strength, short_deck_strength
from tableside.evaluation.strength import (
    HIGH_CLASS_OF,
    HIGH_STRENGTH,
    NO_WHEEL,
    NO_WHEEL_STRENGTH,
    PATTERNS,
    SHORT_DECK,
    SHORT_DECK_CLASS_OF,
    SHORT_DECK_STRENGTH,
    STANDARD,
    Category,
    Ranking,
    best_groups,
)
from tableside.evaluation.value import Family, HandValue

# A category found: its class ranks and the (card held, card it stands for) pairs making it.
_Found = tuple[Category, tuple[int, ...], list[tuple[Card, Card]]]

# What each ranking's hands are worth: family, strength of each class, and for natural hands of
# five to seven cards the fast table lookup with its strength -> class list (None: search only).
_SCALES = {
    STANDARD: (Family.HIGH, HIGH_STRENGTH, high_strength, HIGH_CLASS_OF),
    NO_WHEEL: (Family.HIGH, NO_WHEEL_STRENGTH, None, None),
    SHORT_DECK: (Family.SHORT_DECK, SHORT_DECK_STRENGTH, short_deck_strength,
                 SHORT_DECK_CLASS_OF),
}


def split_wilds(cards: Iterable[Card], wild_ranks: Iterable[int] = (),
                bug: bool = False) -> tuple[list[Card], list[Card], list[Card]]:
    """Sort cards into naturals, full wild cards and bugs (jokers are wild unless ``bug``)."""
    wild_set = frozenset(wild_ranks)
    naturals, wilds, bugs = [], [], []
    for card in cards:
        if card.is_joker:
            (bugs if bug else wilds).append(card)
        elif card >> 2 in wild_set:
            wilds.append(card)
        else:
            naturals.append(card)
    return naturals, wilds, bugs


class _Hand:
    """The cards of one hand, sorted for the search; hands out cards for the best five."""

    def __init__(self, naturals: list[Card], wilds: list[Card], bugs: list[Card]):
        self.naturals = sorted(naturals, reverse=True)
        self.held = frozenset(naturals)
        self.assigned: dict[int, set[int]] = {}  # rank -> suits wild cards already stand for
        self.wilds = list(wilds)
        self.bugs = list(bugs)
        self.counts = [0] * 13
        self.suit_ranks: list[set[int]] = [set(), set(), set(), set()]
        for card in naturals:
            self.counts[card >> 2] += 1
            self.suit_ranks[card & 3].add(card >> 2)
        self.set_counts = list(self.counts)
        self.set_counts[ACE] += len(bugs)  # a bug is an ace wherever sets are made
        self.any_wild = len(wilds) + len(bugs)

    def take_natural(self, rank: int, suit: int | None = None) -> Card | None:
        for card in self.naturals:
            if card >> 2 == rank and (suit is None or card & 3 == suit):
                self.naturals.remove(card)
                return card
        return None

    def take_wild(self, rank: int, suit: int | None, bug_allowed: bool) -> tuple[Card, Card]:
        """A wild card (a bug first, where it may serve) standing for ``rank`` of ``suit``."""
        if bug_allowed and self.bugs:
            card = self.bugs.pop(0)
        elif self.wilds:
            card = self.wilds.pop(0)
        else:  # the search guaranteed enough wild cards
            raise AssertionError("no wild card left")
        if suit is None:
            taken = self.assigned.setdefault(rank, set())
            free = [s for s in (3, 2, 1, 0) if Card.of(rank, s) not in self.held and s not in taken]
            suit = free[0] if free else 3  # only five of a kind repeats a card
            taken.add(suit)
        return card, Card.of(rank, suit)


def evaluate_high(cards: Iterable[Card], *, wild_ranks: Iterable[int] = (), bug: bool = False,
                  wheel: bool = True) -> HandValue:
    """The best five-card high hand from five or more cards."""
    return _evaluate(list(cards), STANDARD if wheel else NO_WHEEL, wild_ranks, bug)


def evaluate_short_deck(cards: Iterable[Card], *, wild_ranks: Iterable[int] = (),
                        bug: bool = False) -> HandValue:
    """The best five-card short-deck (six-plus) hand from five or more cards, sixes to aces.

    Raises :class:`CardError` for a card below six. Wild cards and the bug work as in
    :func:`evaluate_high`, never standing for a card below six.
    """
    return _evaluate(list(cards), SHORT_DECK, wild_ranks, bug)


def search_high(cards: Iterable[Card], *, wild_ranks: Iterable[int] = (), bug: bool = False,
                wheel: bool = True) -> HandValue:
    """:func:`evaluate_high` by the rule-by-rule search alone, never the tables.

    The search is what judges wild cards and hands of more than seven cards; tests hold it
    against the tables on natural hands.
    """
    return _evaluate(list(cards), STANDARD if wheel else NO_WHEEL, wild_ranks, bug, tables=False)


def search_short_deck(cards: Iterable[Card], *, wild_ranks: Iterable[int] = (),
                      bug: bool = False) -> HandValue:
    """:func:`evaluate_short_deck` by the rule-by-rule search alone, never the tables."""
    return _evaluate(list(cards), SHORT_DECK, wild_ranks, bug, tables=False)


def _evaluate(cards: list[Card], ranking: Ranking, wild_ranks: Iterable[int], bug: bool,
              tables: bool = True) -> HandValue:
    hand = _checked_hand(cards, ranking, wild_ranks, bug)
    family, strengths, table_strength, class_of = _SCALES[ranking]
    if tables and table_strength and not hand.any_wild and len(cards) <= 7:
        # Natural cards: the table lookup names the class; only the cards remain to be picked.
        category, ranks = class_of[table_strength(cards)]
        chosen = _take_class(hand, category, ranks, ranking)
    else:
        category, ranks, chosen = _best(hand, ranking)
    return HandValue(family, strengths[(category, ranks)], category, ranks,
                     tuple(c for c, _ in chosen), tuple(s for _, s in chosen))


def _checked_hand(cards: list[Card], ranking: Ranking, wild_ranks: Iterable[int],
                  bug: bool) -> _Hand:
    check_distinct(cards)
    lowest = ranking.lowest
    for card in cards:
        if card >> 2 < lowest:  # jokers (52, 53) read as rank 13 and pass
            plural = RANK_PLURALS["en"][lowest]
            raise CardError(f"{card} is not in the short deck, which runs from {plural} to aces")
    if len(cards) < 5:
        raise CardError(f"a high hand needs at least five cards, got {len(cards)}")
    return _Hand(*split_wilds(cards, wild_ranks, bug))


def _best(hand: _Hand, ranking: Ranking) -> _Found:
    """Try each category from the top, in the ranking's order; the first made is the hand."""
    for category in reversed(ranking.order):
        found = _FINDERS[category](hand, category, ranking)
        if found:
            return found
    raise AssertionError("five or more cards always make a hand")


def _sets(hand: _Hand, category: Category, ranking: Ranking):
    ranks = best_groups(hand.set_counts, len(hand.wilds), PATTERNS[category], ranking.lowest)
    if ranks is None:
        return None
    return category, ranks, _take_groups(hand, category, ranks)


def _take_groups(hand: _Hand, category: Category, ranks: tuple[int, ...]):
    chosen = []
    for rank, size in zip(ranks, PATTERNS[category], strict=True):
        for _ in range(size):
            natural = hand.take_natural(rank)
            if natural is not None:
                chosen.append((natural, natural))
            else:
                chosen.append(hand.take_wild(rank, None, bug_allowed=rank == ACE))
    return chosen


def _take_class(hand: _Hand, category: Category, ranks: tuple[int, ...], ranking: Ranking):
    """The natural cards that make a known class (at most one suit can hold five of 5-7 cards)."""
    if category in PATTERNS:
        return _take_groups(hand, category, ranks)
    needed = ranks if category == Category.FLUSH else ranking.straight_ranks(ranks[0])
    suit = None
    if category != Category.STRAIGHT:
        suit = next(s for s in range(4) if hand.suit_ranks[s].issuperset(needed))
    return _fill(hand, needed, suit)


def _straight_flush(hand: _Hand, category: Category, ranking: Ranking):
    for high in ranking.straight_highs():
        needed = ranking.straight_ranks(high)
        for suit in (3, 2, 1, 0):
            missing = sum(1 for r in needed if r not in hand.suit_ranks[suit])
            if missing <= hand.any_wild:
                return Category.STRAIGHT_FLUSH, (high,), _fill(hand, needed, suit)
    return None


def _flush(hand: _Hand, category: Category, ranking: Ranking):
    best = None
    for suit in (3, 2, 1, 0):
        held = hand.suit_ranks[suit]
        if len(held) + hand.any_wild < 5:
            continue
        fill = [r for r in ranking.ranks if r not in held][:hand.any_wild]
        top = tuple(sorted(held | set(fill), reverse=True)[:5])
        if best is None or top > best[0]:
            best = (top, suit)
    if best is None:
        return None
    top, suit = best
    return Category.FLUSH, top, _fill(hand, top, suit)


def _straight(hand: _Hand, category: Category, ranking: Ranking):
    present = {r for r in range(13) if hand.counts[r]}
    for high in ranking.straight_highs():
        needed = ranking.straight_ranks(high)
        if sum(1 for r in needed if r not in present) <= hand.any_wild:
            return Category.STRAIGHT, (high,), _fill(hand, needed, None)
    return None


def _fill(hand: _Hand, ranks: Sequence[int], suit: int | None) -> list[tuple[Card, Card]]:
    chosen = []
    for rank in ranks:
        natural = hand.take_natural(rank, suit)
        if natural is not None:
            chosen.append((natural, natural))
        else:
            chosen.append(hand.take_wild(rank, suit, bug_allowed=True))
    return chosen


# How each category is looked for; every finder takes (hand, category, ranking).
_FINDERS: dict[Category, Callable[[_Hand, Category, Ranking], _Found | None]] = {
    **dict.fromkeys(PATTERNS, _sets),
    Category.STRAIGHT_FLUSH: _straight_flush,
    Category.FLUSH: _flush,
    Category.STRAIGHT: _straight,
}
