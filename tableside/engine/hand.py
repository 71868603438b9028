"""One hand of poker as a fold over its events.

:class:`Hand` starts from a :class:`HandConfig` (forced bets are posted at once) and applies
events one by one: the dealer's deals, the players' actions, the showdown. An event the rules
refuse raises :class:`IllegalAction` and leaves the hand exactly as it was. Because the state
is nothing but the configuration plus the events, undo, replay and crash recovery are all
:meth:`Hand.replay` of a prefix of the events.

Positions: player 0 sits left of the button, the last player is the button.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from enum import StrEnum
from functools import cache
from typing import ClassVar

from tableside.cards import ACE, RANK_PLURALS, Card, deck
from tableside.engine.betting import Legal, bet_bounds
from tableside.engine.config import HandConfig
from tableside.engine.errors import WAITING, IllegalAction, player_label
from tableside.engine.events import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Event,
    Fold,
    RunTwice,
    Show,
)
from tableside.engine.pots import Pot, build_pots, split
from tableside.engine.result import Award, HandResult, PotResult
from tableside.engine.variants import STRUCTURE_NAMES, Opener, Street, Structure
from tableside.evaluation import (
    Category,
    Declaration,
    Family,
    HandValue,
    SplitValue,
    evaluate_declared,
    evaluate_high,
    judge,
)
from tableside.evaluation.showing import bring_in_key, showing_key


@cache
def _deck_of(jokers: int, short: bool) -> frozenset[Card]:
    return frozenset(deck(jokers=jokers, short=short))


class Phase(StrEnum):
    DEALING = "dealing"
    DRAWING = "drawing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


# The enum members the rules read on every event, as plain names: on Python 3.11 (Raspberry Pi
# OS bookworm) reading Phase.BETTING goes through EnumType.__getattr__ and costs several times
# a global name, which adds up over the thousands of events of a replay.
DEALING, DRAWING, BETTING, SHOWDOWN, COMPLETE = (
    Phase.DEALING, Phase.DRAWING, Phase.BETTING, Phase.SHOWDOWN, Phase.COMPLETE)
NO_LIMIT, POT_LIMIT, FIXED_LIMIT, SPREAD_LIMIT = (
    Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)
BLINDS, POSITION, BRING_IN, BEST_SHOWING, FIRST_BETTOR = (
    Opener.BLINDS, Opener.POSITION, Opener.BRING_IN, Opener.BEST_SHOWING, Opener.FIRST_BETTOR)


_DEAL_HOLE = {"en": "hole cards", "de": "Spielerkarten"}
_DEAL_BOARD = {"en": "board cards", "de": "Boardkarten"}
_VERBS = {
    "bet": ({"en": "bet"}, {"en": "a bet of", "de": "Bet"}, "bet"),
    "raise": ({"en": "raise to"}, {"en": "a raise to", "de": "Raise auf"}, "raise"),
}


def _plays_as_ace(card: Card | None) -> bool:
    """An ace, or the joker (wild, or a bug, which is an ace): keeping one, four may be drawn."""
    return card is not None and (card.is_joker or card.rank == ACE)


def _spoken(counts: tuple[int, ...], lang: str) -> str:
    """Numbers as said: "1 or 5", "1, 2, 3, 4 or 5" ("1 oder 5" in German)."""
    words = [str(k) for k in counts]
    joiner = " or " if lang == "en" else " oder "
    return joiner.join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


class Hand:
    """A hand in progress. Read the state through the properties; change it with :meth:`apply`."""

    def __init__(self, config: HandConfig):
        self.config = config
        self.variant = config.variant
        n = self.n = config.players
        self.events: list[Event] = []
        self.stacks = list(config.stacks)
        self.bets = [0] * n  # in front of each player on this street
        self.contributed = [0] * n  # everything each player has put in this hand
        self.folded = [False] * n
        self._live_count = n
        self.antes = [0] * n  # dead money each player posted
        self.hole: list[list[Card | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]  # which hole cards are face up
        self.board: list[Card] = []
        self.boards: list[list[Card]] = [self.board]  # a second one when run twice
        self._run_from: int | None = None  # the street the second run starts from
        self.discards: list[Card] = []
        self._in_play: set[Card] = set()  # every card dealt, shown or discarded so far
        self.shown: dict[int, tuple[Card, ...] | None] = {}  # None: mucked
        self.declarations: dict[int, Declaration] = {}  # declare your hand: as called
        self._mucked: list[int] = []  # in the order they mucked
        self.street = 0
        self.phase = DEALING
        self.result: HandResult | None = None
        self._deck = _deck_of(self.variant.jokers, self.variant.short_deck)
        self._stock_left = len(self._deck)  # cards not yet dealt from the deck
        # The streets played and how hands are judged: the variant's, unless a deal nobody
        # opens turns into another game (Jacks Back: lowball).
        self._streets = self.variant.streets
        self._judge = self.variant.judge
        self._openers = config.openers if config.openers is not None else self.variant.openers
        self._first_bettor: int | None = None  # who opened the first betting round
        self._first_betting_street = next(
            (i for i, street in enumerate(self._streets) if street.betting), 0)
        self._in_after_first_round: tuple[int, ...] = ()  # trips to win: who plays again
        self.openers_aside: dict[int, tuple[Card, ...]] = {}  # split openers, shown at the end
        self._need_hole: dict[int, int] = {}
        self._face_up: tuple[bool, ...] = ()  # the current street's cards: dealt face up?
        self._need_board = 0
        self._drawn: dict[int, int] = {}  # draw street: player -> cards still to be dealt
        self._thrown: dict[int, tuple[Card, ...]] = {}
        self._betting_closed = False
        self._actor: int | None = None
        self._pending: set[int] = set()
        self._acted_at: dict[int, int] = {}  # the bet level when each player last acted
        self._current_bet = 0
        self._full_raise = 0
        self._full_level = 0  # fixed limit: the last full bet, which raises go a bet above
        self._raises = 0
        self._aggressor: int | None = None
        self._bring_in_due = False  # stud: the first player must bring in or complete
        self._big_bet_open = False  # stud fourth street with an open pair: big bets allowed
        self._open_pair_big = False  # ... and one was made
        self._post_forced_bets()
        self._begin_street()

    # ----------------------------------------------------------------- building
    @classmethod
    def replay(cls, config: HandConfig, events: Iterable[Event]) -> Hand:
        """The hand after ``events``; raises IllegalAction at the first refused one."""
        hand = cls(config)
        for event in events:
            hand.apply(event)
        return hand

    def undo(self, count: int = 1) -> Hand:
        """The hand as it was ``count`` events ago."""
        return Hand.replay(self.config, self.events[:max(0, len(self.events) - count)])

    def apply(self, event: Event) -> None:
        """Apply one event, or raise IllegalAction (and change nothing)."""
        handler = self._HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"not a hand event: {event!r}")
        player = getattr(event, "player", 0)
        if not 0 <= player < self.n:
            raise IllegalAction("bad_player", player=player)
        handler(self, event)
        self.events.append(event)

    # ----------------------------------------------------------------- queries
    @property
    def players(self) -> int:
        return self.n

    @property
    def current_street(self) -> Street | None:
        streets = self._streets
        return streets[self.street] if self.street < len(streets) else None

    @property
    def streets(self) -> tuple[Street, ...]:
        """The streets this hand plays: the variant's, or with Jacks Back, once nobody has
        opened, the unopened round followed by the lowball streets."""
        return self._streets

    @property
    def judge(self) -> str:
        """How this hand's showdown is judged (a name in tableside.evaluation.JUDGES); Jacks
        Back turns "high" into "a5-low" when nobody opens."""
        return self._judge

    @property
    def actor(self) -> int | None:
        """The player whose turn it is to bet, or None."""
        return self._actor if self.phase == BETTING else None

    @property
    def current_bet(self) -> int:
        return self._current_bet

    @property
    def is_over(self) -> bool:
        return self.phase == COMPLETE

    def in_hand(self, player: int) -> bool:
        return not self.folded[player]

    def all_in(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] == 0

    def waiting_for(self) -> str:
        """What the hand needs next: deal_hole, deal_board, draw, betting, showdown or over."""
        if self.phase == DEALING:
            return "deal_hole" if self._need_hole else "deal_board"
        return {DRAWING: "draw", BETTING: "betting", SHOWDOWN: "showdown",
                COMPLETE: "over"}[self.phase]

    def needs_hole_cards(self) -> dict[int, int]:
        """Players still to be dealt this street, with how many cards each."""
        if self.phase == DRAWING:
            return {p: k for p, k in self._drawn.items() if k}
        return dict(self._need_hole)

    def still_to_draw(self) -> list[int]:
        """Draw games: the players who have not yet discarded (or stood pat) in this draw."""
        if self.phase != DRAWING:
            return []
        return [p for p in self._live() if p not in self._drawn]

    def discard_counts(self, player: int) -> tuple[int, ...]:
        """Draw games: how many cards ``player`` may throw in this draw (0: stand pat)."""
        if self.phase != DRAWING or self.folded[player] or player in self._drawn:
            return ()
        held = self.hole[player]
        counts = self.current_street.draw_counts
        if counts:
            return (0, *(k for k in counts if k <= len(held)))
        limit = 0 if self.config.any_draw else self.variant.max_discard
        if not limit or limit >= len(held):
            return tuple(range(len(held) + 1))
        # four when the one card kept is an ace
        ace = self.variant.ace_draws_four and len(held) == limit + 2 and any(
            _plays_as_ace(c) for c in held)
        return tuple(range(limit + 1 + ace))

    def misdeclared(self, player: int, run: int = 0) -> bool:
        """Declare your hand: whether ``player`` declared a hand their cards cannot make
        (such a hand loses; see tableside.evaluation.declared)."""
        if player not in self.declarations or not self._tabled(player):
            return False
        return self._declared_value(player, run) is None

    def needs_board_cards(self) -> int:
        return self._need_board if self.phase == DEALING else 0

    def pots(self) -> list[Pot]:
        """Pots as they stand, not counting the bets still in front of the players."""
        collected = [c - b for c, b in zip(self.contributed, self.bets, strict=True)]
        pots = build_pots(collected, [not f for f in self.folded], self.antes,
                          self._all_in_flags())
        if self.config.carried_pot:  # the pot of a passed-out deal belongs to the main pot
            first = pots[0] if pots else Pot(0, tuple(self._live()))
            pots = [Pot(first.amount + self.config.carried_pot, first.eligible), *pots[1:]]
        return pots

    def total_pot(self) -> int:
        return sum(self.contributed) + self.config.carried_pot

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when no player is to act."""
        if self.actor is None:
            return None
        return self._legal(self.actor)

    def showdown_order(self) -> list[int]:
        """Who shows first: the last to bet or raise on the final street, otherwise the first
        player in the hand left of the button; then clockwise. Players still to show only."""
        start = self._aggressor if self._aggressor is not None else 0
        order = [(start + i) % self.n for i in range(self.n)]
        return [p for p in order if not self.folded[p] and p not in self.shown]

    # ----------------------------------------------------------------- forced bets
    def _post_forced_bets(self) -> None:
        config, stacks = self.config, self.stacks
        for p, ante in enumerate(config.antes if any(config.antes) else ()):
            ante = min(ante, stacks[p])
            stacks[p] -= ante
            self.contributed[p] += ante
            self.antes[p] = ante
        for p, blind in enumerate(config.blinds):
            if blind:
                self._put(p, min(blind, stacks[p]))

    def _all_in_flags(self) -> list[bool]:
        return [stack == 0 for stack in self.stacks]

    def _put(self, player: int, amount: int) -> None:
        self.stacks[player] -= amount
        self.bets[player] += amount
        self.contributed[player] += amount

    # ----------------------------------------------------------------- streets
    def _live(self) -> list[int]:
        folded = self.folded
        return [p for p in range(self.n) if not folded[p]]

    def _able(self) -> list[int]:
        """Players who can still put chips in."""
        folded, stacks = self.folded, self.stacks
        return [p for p in range(self.n) if not folded[p] and stacks[p] > 0]

    def _begin_street(self) -> None:
        street = self.current_street
        if street is None and self._run_from is not None and len(self.boards) == 1:
            # The first run is complete: deal the same streets again from the shared cards.
            shared = self._shared_board_cards()
            self.boards.append(list(self.board[:shared]))
            self.street = self._run_from
            street = self.current_street
        if street is None:
            self._begin_showdown()
            return
        if street.while_stock_lasts and self._stock_left < max(
                street.draw_counts or (self.variant.hole_count,)) * self._live_count:
            # The stock cannot serve this draw (all for one): no more draws, the showdown
            # follows, the last betting round's aggressor showing first.
            self.street = len(self._streets)
            self._begin_street()
            return
        self._aggressor = None  # only the last street's aggressor shows first
        if street.draw:
            self.phase = DRAWING
            self._drawn = {}
            self._thrown = {}  # each player's discards of this draw
            return
        count = street.hole + street.up
        self._face_up = street.face_up  # for each card a player gets this street: face up?
        live = self._live()
        self._need_hole = {p: count for p in live} if count else {}
        self._need_board = street.board
        if count == 1 and not street.board and self._stock_left < len(live):
            # Stud with too many players for the deck: the last card is one community card.
            self._need_hole, self._need_board = {}, 1
        self.phase = DEALING
        if not self._need_hole and not self._need_board:
            self._after_deals()

    def _after_deals(self) -> None:
        street = self.current_street
        if street.betting and not self._betting_closed:
            self._start_betting(street)
        else:
            self._end_street()

    def _start_betting(self, street: Street) -> None:
        config, structure = self.config, self.variant.structure
        self._raises = 0
        self._aggressor = None
        self._acted_at = {}
        self._current_bet = max(self.bets)
        if config.call_full_blind and config.blinds and self.street == self._first_betting_street:
            # A blind posted short (all-in) is still called in full.
            self._current_bet = max(self._current_bet, max(config.blinds))
        # Fixed limit: a bring-in or a short blind is no full bet; the first raise completes it.
        self._full_level = self._current_bet if self._current_bet >= self._bet_size(street) else 0
        self._big_bet_open = (config.open_pair_big_bet and street.opener == BEST_SHOWING
                              and not street.big_bet and self.street == 1
                              and any(self._shows_pair(p) for p in self._live()))
        if structure in (NO_LIMIT, POT_LIMIT):
            self._full_raise = max(config.opening_bet, self._current_bet)
        elif structure == SPREAD_LIMIT:
            self._full_raise = config.small_bet  # the same spread on every street
        else:
            self._full_raise = self._bet_size(street)
        able = self._able()
        self._pending = set(able)
        opener = self._opening_seat(street)
        if not config.live_straddles and street.opener == BLINDS:
            # A dead straddle has no option; a straddler who faces a bigger one still acts.
            self._pending -= {p for p in self._straddlers() if self.bets[p] >= self._current_bet}
        if len(able) == 0 or (len(able) == 1 and self.bets[able[0]] >= self._current_bet):
            self._end_street()
            return
        self.phase = BETTING
        self._actor = self._next_pending(opener, include_start=True)
        self._bring_in_due = street.opener == BRING_IN and self.config.bring_in > 0

    def _opening_seat(self, street: Street) -> int:
        if street.opener == BLINDS and any(self.config.blinds):
            blinds = self.config.blinds
            last = max(range(self.n), key=lambda p: (blinds[p], p))
            return (last + 1) % self.n
        if street.opener == FIRST_BETTOR:
            if self._first_bettor is not None and not self.config.button_opens_after_draw:
                return self._first_bettor  # or the next player still in, if they are out
            return 0
        # Stud: up cards nobody has read (None) cannot decide; the others do.
        if street.opener == BRING_IN:
            low = self.variant.low_brings_in
            showing = [p for p in self._live() if self._up_cards(p)]
            return min(showing, key=lambda p: bring_in_key(self._up_cards(p)[-1], low=low),
                       default=0)
        if street.opener == BEST_SHOWING:
            low = self.variant.judge == "a5-low"
            keys = {p: showing_key(self._up_cards(p), low=low)
                    for p in self._able() if self._up_cards(p)}
            best = max(keys.values(), default=None)
            return next((p for p, key in keys.items() if key == best), 0)
        return 0

    def _shows_pair(self, player: int) -> bool:
        ranks = [c.rank for c in self._up_cards(player)]
        return len(ranks) != len(set(ranks))

    def _up_cards(self, player: int) -> list[Card]:
        return [c for c, up in zip(self.hole[player], self.up[player], strict=True)
                if up and c is not None]

    def _straddlers(self) -> list[int]:
        """Players whose forced bet is a straddle: above the big blind."""
        blinds = self.config.blinds
        posted = sorted((b, p) for p, b in enumerate(blinds) if b)
        return [p for _, p in posted[2:]]

    def _bet_size(self, street: Street) -> int:
        big = street.big_bet or (self._open_pair_big and self.street == 1)
        return self.config.big_bet if big else self.config.small_bet

    def _next_pending(self, start: int, include_start: bool = False) -> int | None:
        pending, n = self._pending, self.n
        for i in range(0 if include_start else 1, n + 1):
            p = (start + i) % n
            if p in pending:
                return p
        return None

    def _end_street(self) -> None:
        if self.street >= self._first_betting_street:
            # Before the first betting round (wild widow deals twice first) the blinds stay in
            # front of their players: they are the bets that round opens with.
            self._return_uncalled()
            self.bets = [0] * self.n
        self._actor = None
        self._pending = set()
        self._current_bet = 0
        if self._live_count == 1:
            self._settle()
            return
        if self._needs_openers():
            if self.variant.if_unopened is None:
                self._pass_out()
                return
            self._play_unopened()
        if self.street == self._first_betting_street:
            self._in_after_first_round = tuple(self._live())
        if len(self._able()) <= 1:
            self._betting_closed = True
        self.street += 1
        self._begin_street()

    def _play_unopened(self) -> None:
        """Nobody opened: the same cards and pot play on as the variant says (Jacks Back: the
        streets of ace-to-five lowball follow the unopened round, no openers needed)."""
        unopened = self.variant.if_unopened
        self._streets = (*self._streets[:self.street + 1], *unopened.streets)
        self._judge = unopened.judge
        self._openers = None

    def _pass_out(self, players: tuple[int, ...] = ()) -> None:
        """No winner (nobody opened, or nobody made the hand needed to win): the pot stays
        for the next deal, played by ``players`` (everyone when empty)."""
        carried = sum(self.contributed) + self.config.carried_pot
        self.result = HandResult((), (0,) * self.n, 0, tuple(self.stacks), carried=carried,
                                 carried_to=players)
        self.phase = COMPLETE
        self._actor = None

    def _short_of_winning(self, values: dict[int, HandValue | SplitValue]) -> bool:
        """Trips to win: nobody at the showdown holds the category needed."""
        needed = self.config.to_win
        if needed is None or self._live_count < 2 or not values:
            return False
        highs = [v.high if isinstance(v, SplitValue) else v for v in values.values()]
        # Trips to win is about high hands (a hand turned lowball has no trips to make).
        return all(not v.family.is_low and v.category < needed for v in highs)

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = bets.index(max(bets))
        others = max(bets[:top] + bets[top + 1:], default=0)
        excess = self.bets[top] - others
        if excess > 0:
            self.stacks[top] += excess
            self.bets[top] -= excess
            self.contributed[top] -= excess

    # ----------------------------------------------------------------- dealing
    def _check_new_cards(self, cards: Sequence[Card | None], *, dealt: bool = True,
                         own_discards: Sequence[Card] = ()) -> None:
        """Refuse cards already in play or not in the deck; count dealt ones off the stock.

        When the stock runs out during a draw, the discards are shuffled to serve as the new
        stock (the seeds' rule): a discard may come again once every fresh card is gone, but
        never to the player who just threw it.
        """
        seen, deck = self._in_play, self._deck
        batch: set[Card] = set(cards)
        if (len(batch) == len(cards) and None not in batch and batch <= deck
                and batch.isdisjoint(seen)):
            # The usual case, checked at once: known cards, fresh from the deck, none twice.
            seen |= batch
            if dealt:
                self._stock_left -= len(batch)
            return
        batch = set()
        reused: list[Card] = []
        for card in cards:
            if card is None:
                continue
            if card not in deck:
                raise IllegalAction("card_not_in_deck", card=str(card))
            if card in batch:
                raise IllegalAction("duplicate_card", card=str(card))
            if card in seen:
                if (self.phase is not DRAWING or card not in self.discards
                        or card in own_discards):
                    raise IllegalAction("duplicate_card", card=str(card))
                reused.append(card)
            batch.add(card)
        fresh = len(cards) - len(reused)
        if reused and fresh != self._stock_left:
            raise IllegalAction("duplicate_card", card=str(reused[0]))  # the stock is not out
        # Only reached when every card is acceptable; the callers apply them next.
        seen |= batch
        for card in reused:
            self.discards.remove(card)
        if dealt:
            self._stock_left -= fresh

    def _waiting(self) -> dict[str, str]:
        wait = WAITING[self.waiting_for()]
        if self.phase == BETTING:
            return {lang: text.format(actor=player_label(self._actor, lang))
                    for lang, text in wait.items()}
        return wait

    def _deal_hole(self, event: DealHole) -> None:
        p, cards = event.player, tuple(event.cards)
        if self.phase == DRAWING:
            expected = self._drawn.get(p, 0)
        elif self.phase == DEALING:
            expected = self._need_hole.get(p, 0)
        else:
            expected = 0
        if not expected:
            raise IllegalAction("unexpected_deal", what=_DEAL_HOLE["en"], what_de=_DEAL_HOLE["de"],
                                waiting=self._waiting())
        if len(cards) != expected:
            raise IllegalAction("wrong_card_count", what=_DEAL_HOLE["en"],
                                what_de=_DEAL_HOLE["de"], expected=expected, got=len(cards))
        self._check_new_cards(cards, own_discards=self._thrown.get(p, ()))
        if self.phase == DRAWING:
            self.hole[p].extend(cards)
            self.up[p].extend([False] * len(cards))
            self._drawn[p] = 0
            self._maybe_finish_draw()
            return
        self.hole[p].extend(cards)
        self.up[p].extend(self._face_up)
        del self._need_hole[p]
        if not self._need_hole and not self._need_board:
            self._after_deals()

    def _deal_board(self, event: DealBoard) -> None:
        cards = tuple(event.cards)
        if self.phase != DEALING or not self._need_board:
            raise IllegalAction("unexpected_deal", what=_DEAL_BOARD["en"],
                                what_de=_DEAL_BOARD["de"], waiting=self._waiting())
        if len(cards) != self._need_board:
            raise IllegalAction("wrong_card_count", what=_DEAL_BOARD["en"],
                                what_de=_DEAL_BOARD["de"], expected=self._need_board,
                                got=len(cards))
        if any(c is None for c in cards):
            raise IllegalAction("wrong_card_count", what=_DEAL_BOARD["en"],
                                what_de=_DEAL_BOARD["de"], expected=self._need_board,
                                got=sum(c is not None for c in cards))
        self._check_new_cards(cards)
        self.boards[-1].extend(cards)
        self._need_board = 0
        if not self._need_hole:
            self._after_deals()

    def _discard(self, event: Discard) -> None:
        p = event.player
        if self.phase != DRAWING:
            raise IllegalAction("unexpected_deal", what="draw", what_de="Tauschrunde",
                                waiting=self._waiting())
        if self.folded[p]:
            raise IllegalAction("folded", player=p)
        if p in self._drawn:
            raise IllegalAction("already_drawn", player=p)
        cards = tuple(event.cards)
        if self._openers is not None and p == self._first_bettor and cards \
                and not event.split_openers and not self._keeps_openers(p, cards):
            raise IllegalAction("split_openers", player=p)
        counts = self.current_street.draw_counts
        if counts:
            if cards and len(cards) not in counts:
                raise IllegalAction("draw_count", counts=_spoken(counts, "en"),
                                    counts_de=_spoken(counts, "de"), got=len(cards))
            limit = 0
        else:
            limit = 0 if self.config.any_draw else self.variant.max_discard
        if limit and len(cards) > limit:
            kept = [c for c in self.hole[p] if c not in cards]
            keeps_ace = len(kept) == 1 and _plays_as_ace(kept[0])
            if not (self.variant.ace_draws_four and len(cards) == limit + 1 and keeps_ace):
                raise IllegalAction("too_many_discards", limit=limit, got=len(cards),
                                    ace=self.variant.ace_draws_four)
        held = list(self.hole[p])
        revealed = []
        for card in cards:
            if card in held:
                held.remove(card)
            elif None in held:  # a face-down card nobody saw: now it is known
                held.remove(None)
                revealed.append(card)
            else:
                raise IllegalAction("not_holding", player=p, card=str(card))
        self._check_new_cards(revealed, dealt=False)
        keep_up = [u for c, u in zip(self.hole[p], self.up[p], strict=True) if c in held]
        self.hole[p] = held
        self.up[p] = keep_up[:len(held)]
        self.discards.extend(c for c in cards if c is not None)
        self._thrown[p] = tuple(c for c in cards if c is not None)
        if event.split_openers:
            self.openers_aside[p] = self._thrown[p]
        self._drawn[p] = len(cards)
        self._maybe_finish_draw()

    def _maybe_finish_draw(self) -> None:
        if all(p in self._drawn and not self._drawn[p] for p in self._live()):
            self._after_deals()

    # ----------------------------------------------------------------- betting
    def _legal(self, p: int) -> Legal:
        call = min(self._current_bet - self.bets[p], self.stacks[p])
        min_to, max_to = self._raise_range(p)
        bring_in = min(self.config.bring_in, self.stacks[p]) if self._bring_in_due else None
        return Legal(p, call, call > 0 and call == self.stacks[p], min_to, max_to,
                     facing_bet=self._current_bet > 0, bring_in=bring_in,
                     fixed=self.variant.structure == FIXED_LIMIT)

    def _raise_range(self, p: int) -> tuple[int, int] | tuple[None, None]:
        """The smallest and largest total ``p`` may bet or raise to now (None: neither)."""
        if self._raise_refusal(p) is not None:
            return None, None
        reach = self.bets[p] + self.stacks[p]  # table stakes: all the player has
        # The smallest raise never has to exceed what the deepest opponent could match.
        bets, stacks, folded = self.bets, self.stacks, self.folded
        callable_to = 0
        for q in range(self.n):
            if q != p and not folded[q] and bets[q] + stacks[q] > callable_to:
                callable_to = bets[q] + stacks[q]
        if self.variant.structure == FIXED_LIMIT:
            low, high = self._fixed_bounds()
        else:
            low, high = bet_bounds(
                self.variant.structure, stack=self.stacks[p], bet=self.bets[p],
                current_bet=self._current_bet, full_raise=self._full_raise,
                pot=sum(self.contributed), opening_bet=self.config.opening_bet,
                small_bet=self.config.small_bet, big_bet=self.config.big_bet)
        min_to = min(low, reach, callable_to)
        # Fixed limit has one amount (two with an open pair); the others may bet past
        # what can be called.
        fixed = self.variant.structure == FIXED_LIMIT and low == high
        return min_to, min_to if fixed else max(min_to, min(high, reach))

    def _fixed_bounds(self) -> tuple[int, int]:
        """Fixed limit: the bet, raise or completion to make now, uncapped by stacks (two
        amounts, small or big, with an open pair on fourth street)."""
        size = self._bet_size(self.current_street)
        if self.config.half_bet_rule:
            base = self._full_level  # past an all-in of less than half a bet
        else:
            base = self._current_bet if self._current_bet >= size else 0
        # A bet more than the last full bet; from none, a full bet completes a bring-in or a
        # short blind.
        high = low = base + size
        if self._big_bet_open:  # an open pair on fourth street: the small or the big bet
            high = base + self.config.big_bet
        return low, high

    def _raise_refusal(self, p: int) -> IllegalAction | None:
        """Why player ``p`` may not bet or raise now (None: they may)."""
        reach = self.bets[p] + self.stacks[p]
        if reach <= self._current_bet:
            return IllegalAction("more_than_stack", player=p, stack=self.stacks[p],
                                 verb="raise to", verb_de="Raise auf",
                                 to=self._current_bet + 1)
        bets, stacks, folded = self.bets, self.stacks, self.folded
        if not any(q != p and not folded[q] and bets[q] + stacks[q] > self._current_bet
                   for q in range(self.n)):
            return IllegalAction("no_raise_all_in", player=p)  # nobody could call a raise
        if p in self._acted_at and self._current_bet - self._acted_at[p] < self._full_raise:
            return IllegalAction("not_reopened", player=p)
        if self._needs_openers() and not self._holds_openers(p):
            rank = self._openers
            return IllegalAction("no_openers", player=p, rank=RANK_PLURALS["en"][rank],
                                 rank_de=RANK_PLURALS["de"][rank])
        cap = self.config.raise_cap
        capped = self.variant.structure in (FIXED_LIMIT, SPREAD_LIMIT)
        heads_up = self._live_count == 2 and self.config.uncapped_heads_up
        if capped and cap is not None and not heads_up and self._raises >= cap:
            return IllegalAction("raise_capped", cap=cap)
        return None

    def _keeps_openers(self, p: int, discards: tuple[Card | None, ...]) -> bool:
        """Whether the cards kept still hold openers (cards nobody has read are given the
        benefit of the doubt)."""
        kept = list(self.hole[p])
        for card in discards:
            if card in kept:
                kept.remove(card)
        if None in kept:
            return True
        counts: dict[int, int] = {}
        for card in kept:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        pairs = [rank for rank, n in counts.items() if n >= 2]
        return (any(n >= 3 for n in counts.values()) or len(pairs) >= 2
                or any(rank >= self._openers for rank in pairs))

    def _needs_openers(self) -> bool:
        return (self._openers is not None and self.street == self._first_betting_street
                and self._first_bettor is None)

    def _holds_openers(self, p: int) -> bool:
        """A pair of the openers' rank or better; cards nobody has read count as openers,
        to be shown at the end."""
        cards = self.hole[p]
        if None in cards or len(cards) < 5:
            return True
        value = evaluate_high(cards, wild_ranks=self.variant.wild_ranks, bug=self.variant.bug)
        return value.category > Category.PAIR or (
            value.category == Category.PAIR and value.ranks[0] >= self._openers)

    def _require_turn(self, p: int, bring_in_ok: bool = False) -> None:
        """Refuse unless it is ``p``'s turn (and, while a bring-in is due, a bring-in or a
        completion is what ``p`` does)."""
        if p == self._actor and self.phase is BETTING and (
                bring_in_ok or not self._bring_in_due):
            return  # the usual case, checked first
        if self.phase == COMPLETE:
            raise IllegalAction("hand_over")
        if self.phase != BETTING:
            raise IllegalAction("no_action_expected", waiting=self._waiting())
        if p != self._actor:
            raise IllegalAction("not_your_turn", actor=self._actor, player=p)
        if self._bring_in_due and not bring_in_ok:
            raise IllegalAction("bring_in_due", self._legal(p), player=p)

    def _fold(self, event: Fold) -> None:
        p = event.player
        self._require_turn(p)
        self.folded[p] = True
        self._live_count -= 1
        self._pending.discard(p)
        if self._live_count == 1:
            self._end_street()
            return
        self._after_action(p)

    def _check_call(self, event: CheckCall) -> None:
        p = event.player
        self._require_turn(p)
        self._put(p, min(self._current_bet - self.bets[p], self.stacks[p]))
        self._acted_at[p] = self._current_bet
        self._pending.discard(p)
        self._after_action(p)

    def _bet_raise(self, event: BetRaise) -> None:
        p, to = event.player, event.to
        self._require_turn(p, bring_in_ok=True)
        min_to, max_to = self._raise_range(p)
        fixed = self.variant.structure == FIXED_LIMIT
        if min_to is None or not min_to <= to <= max_to or (fixed and to not in (min_to, max_to)):
            self._refuse_bet(p, to, self._legal(p))
        increment = to - self._current_bet
        if fixed:
            full = self._full_fixed_raise(p, to)
        elif to == min_to and to < self._current_bet + self._full_raise:
            full = to < self.bets[p] + self.stacks[p]  # capped by what opponents can call
        else:
            full = increment >= self._full_raise
        self._put(p, to - self.bets[p])
        if full:
            if fixed:
                self._full_level = to
            else:
                self._full_raise = max(self._full_raise, increment)
            self._acted_at = {}  # a full raise reopens the betting for everyone
        if self._big_bet_open and max_to > min_to and to == max_to:
            self._big_bet_open = False  # a big bet was made: from now on only big bets
            self._open_pair_big = True
        self._bring_in_due = False
        self._current_bet = to
        if full or not fixed:  # fixed limit: an all-in of less than half a bet is no raise
            self._raises += 1
        self._aggressor = p
        if self.street == self._first_betting_street and self._first_bettor is None:
            self._first_bettor = p
        self._acted_at[p] = to
        self._pending = set(self._able()) - {p}
        self._after_action(p)

    def _full_fixed_raise(self, p: int, to: int) -> bool:
        """Fixed limit: whether a bet or raise to ``to`` counts as a full one. An all-in short
        of the full amount does under the half-bet rule when it is at least half a bet above
        the last full bet (Robert's Rules of Poker), and always without that rule."""
        if not self.config.half_bet_rule or to < self.bets[p] + self.stacks[p]:
            return True  # the full amount, or as much as the opponents can call
        low, _ = self._fixed_bounds()
        size = self._bet_size(self.current_street)
        return to >= low or 2 * (to - self._full_level) >= size

    def _refuse_bet(self, p: int, to: int, legal: Legal) -> None:
        """Raise the IllegalAction that says why betting or raising to ``to`` is refused."""
        raising = self._current_bet > 0
        words = {"verb": "raise to" if raising else "bet",
                 "verb_de": "Raise auf" if raising else "Bet",
                 "verb_noun": "raise to" if raising else "bet of"}
        fixed_words = {"verb": "a raise" if raising else "a bet",
                       "verb_de": "ein Raise" if raising else "ein Bet"}
        if to <= self._current_bet:
            raise IllegalAction("raise_not_above_bet", legal, to=to, current=self._current_bet)
        refusal = self._raise_refusal(p)
        if refusal is not None:
            refusal.legal = legal
            raise refusal
        if to > self.bets[p] + self.stacks[p]:
            raise IllegalAction("more_than_stack", legal, player=p, stack=self.stacks[p],
                                to=to, **words)
        fixed = self.variant.structure == FIXED_LIMIT
        if to < legal.min_to:
            if fixed:
                raise IllegalAction("fixed_amount", legal, exact=legal.min_to, to=to,
                                    **fixed_words)
            raise IllegalAction("below_min_bet", legal, to=to, minimum=legal.min_to, **words)
        if fixed:
            raise IllegalAction("fixed_amount", legal, exact=legal.max_to, to=to, **fixed_words)
        limit = STRUCTURE_NAMES[self.variant.structure]
        raise IllegalAction("above_max_bet", legal, to=to, maximum=legal.max_to,
                            limit=limit["en"], limit_de=limit["de"], **words)

    def _bring_in(self, event: BringIn) -> None:
        p = event.player
        self._require_turn(p, bring_in_ok=True)
        if not self._bring_in_due:
            raise IllegalAction("bring_in_not_now")
        self._bring_in_due = False
        self._put(p, min(self.config.bring_in, self.stacks[p]))
        self._current_bet = self.bets[p]
        self._acted_at[p] = self._current_bet
        self._pending = set(self._able()) - {p}
        self._after_action(p)

    def _after_action(self, p: int) -> None:
        if not self._pending:
            self._end_street()
            return
        self._actor = self._next_pending(p)

    def _run_twice(self, event: RunTwice) -> None:
        if not self.config.run_twice:
            raise IllegalAction("run_twice_not_allowed")
        remaining = self._streets[self.street:]
        if (not self._betting_closed or self._run_from is not None or self.phase not in
                (DEALING,) or not remaining or any(s.hole or s.up or s.draw
                                                           for s in remaining)):
            raise IllegalAction("run_twice_not_now")
        self._run_from = self.street

    def _shared_board_cards(self) -> int:
        return sum(s.board for s in self._streets[:self._run_from])

    # ----------------------------------------------------------------- showdown
    def _begin_showdown(self) -> None:
        self.phase = SHOWDOWN
        self._maybe_settle()

    def _show(self, event: Show) -> None:
        """Table or muck a hand. A player who tabled at an all-in tables again once more cards
        have come; after the hand is settled, a winner may still show voluntarily."""
        p = event.player
        if self.folded[p]:
            raise IllegalAction("hand_over" if self.is_over else "not_contending", player=p)
        if self.shown.get(p, ()) is None or (p in self.shown and event.cards is None):
            raise IllegalAction("already_shown", player=p)  # tabled cards speak
        if event.declared is not None and not self.config.declare_hands:
            raise IllegalAction("no_declaring")
        if self.is_over:
            if event.cards is None:
                raise IllegalAction("hand_over")
            self._reveal(p, tuple(event.cards))
            return
        if self.phase != SHOWDOWN and not self._betting_closed:
            raise IllegalAction("not_at_showdown")
        if event.cards is None:
            if self.config.all_hands_shown:
                raise IllegalAction("must_show", player=p)
            self.shown[p] = None
            self._mucked.append(p)
        else:
            if (self.config.declare_hands and event.declared is None
                    and self.phase == SHOWDOWN):
                # Hands are declared at the showdown; one tabled earlier (all in) that is never
                # declared speaks for itself.
                raise IllegalAction("must_declare", player=p)
            self._reveal(p, tuple(event.cards))
            if event.declared is not None:  # the latest declaration binds
                self.declarations[p] = event.declared
        if self.phase == SHOWDOWN:
            self._maybe_settle()

    def _tabled(self, p: int) -> bool:
        """Shown, with every card the player now holds known."""
        return self.shown.get(p) is not None and None not in self.hole[p]

    def _reveal(self, p: int, cards: tuple[Card, ...]) -> None:
        held = self.hole[p]
        known = [c for c in held if c is not None]
        if (len(cards) != len(held) or any(c is None for c in cards)
                or not set(known) <= set(cards)):
            dealt = " ".join("??" if c is None else str(c) for c in held)
            raise IllegalAction("wrong_shown_cards", player=p, dealt=dealt,
                                shown=" ".join(map(str, cards)))
        new = [c for c in cards if c not in known]
        self._check_new_cards(new, dealt=False)  # already dealt face down, now seen
        filled = iter(new)
        self.hole[p] = [c if c is not None else next(filled) for c in held]
        self.shown[p] = tuple(self.hole[p])

    def _contenders(self, pot: Pot) -> list[int]:
        """Eligible players who have not mucked."""
        return [p for p in pot.eligible if self.shown.get(p, ()) is not None]

    def _maybe_settle(self) -> None:
        pots = build_pots(self.contributed, [not f for f in self.folded], self.antes,
                         self._all_in_flags())
        for pot in pots:
            contenders = self._contenders(pot)
            if len(contenders) > 1 and not all(self._tabled(p) for p in contenders):
                return
        self._settle(pots)

    def _settle(self, pots: list[Pot] | None = None) -> None:
        if pots is None:
            if self._live_count == 1:
                # Everyone else folded: whatever the levels, every chip is the last player's.
                pots = [Pot(sum(self.contributed), (self.folded.index(False),))]
            else:
                pots = build_pots(self.contributed, [not f for f in self.folded], self.antes,
                                  self._all_in_flags())
        if self.config.carried_pot:
            first = pots[0] if pots else Pot(0, tuple(self._live()))
            pots = [Pot(first.amount + self.config.carried_pot, first.eligible), *pots[1:]]
        rake_left = 0
        if self.config.rake is not None:
            flop_seen = bool(self.board) or not any(s.board for s in self.variant.streets)
            rake_left = self.config.rake.of(sum(p.amount for p in pots), flop_seen)
        rake = rake_left
        values = self._values()
        if self._short_of_winning(values[0]):
            self._pass_out(self._in_after_first_round)
            return
        # Declare your hand: a misdeclared hand loses to every hand declared rightly.
        dead = [{p for p in run if self.misdeclared(p, i)} for i, run in enumerate(values)
                ] if self.declarations else None
        won = [0] * self.n
        results = []
        for index, pot in enumerate(pots):
            taken = min(rake_left, pot.amount)
            rake_left -= taken
            amount = pot.amount - taken
            # When every claimant has mucked, the last to muck was the last one left in it.
            contenders = self._contenders(pot) or [
                next(p for p in reversed(self._mucked) if p in pot.eligible)]
            awards = []
            for run, (run_amount, run_values) in enumerate(zip(
                    self._run_shares(amount), values, strict=False)):
                claimants = contenders
                if dead:
                    claimants = [p for p in contenders if p not in dead[run]] or contenders
                run_awards = self._award(run_amount, claimants, run_values)
                awards += [replace(a, run=run) for a in run_awards] if run else run_awards
            for award in awards:
                for p, share in award.shares.items():
                    won[p] += share
            results.append(PotResult(index, amount, pot.eligible, tuple(awards)))
        for p in range(self.n):
            self.stacks[p] += won[p]
        self.result = HandResult(tuple(results), tuple(won), rake, tuple(self.stacks))
        self.phase = COMPLETE
        self._actor = None

    def _run_shares(self, amount: int) -> list[int]:
        """A pot run twice is halved, the odd chip to the first run."""
        if len(self.boards) == 1:
            return [amount]
        return [amount - amount // 2, amount // 2]

    def _values(self) -> list[dict[int, HandValue | SplitValue]]:
        """Each shown hand judged against each run's board."""
        return [{p: self.value_of(p, run) for p in self.shown if self._tabled(p)}
                for run in range(len(self.boards))]

    def value_of(self, player: int, run: int = 0) -> HandValue | SplitValue:
        """How ``player``'s cards are judged in this hand (with ``run``'s board): the game's
        judge (Jacks Back turned low: ace-to-five), its wild cards, a wild widow's rank, and
        with declared hands the declaration when the cards make it."""
        if player in self.declarations:
            declared = self._declared_value(player, run)
            if declared is not None:
                return declared
        wild, cards_in_play = self._wild_and_board(run)
        return judge(self._judge, self.hole[player], cards_in_play, wild_ranks=wild,
                     bug=self.variant.bug)

    def _wild_and_board(self, run: int) -> tuple[tuple[int, ...], list[Card]]:
        """The wild ranks and the board cards that play for everyone, in ``run``."""
        variant, board = self.variant, self.boards[run]
        if variant.widow and board:
            # Wild widow: the card turned up plays for nobody; its three siblings are wild.
            return (*variant.wild_ranks, board[0].rank), board[1:]
        return variant.wild_ranks, board

    def _declared_value(self, player: int, run: int) -> HandValue | None:
        """The declared hand as the cards make it, or None when they cannot."""
        wild, cards_in_play = self._wild_and_board(run)
        return evaluate_declared([*self.hole[player], *cards_in_play],
                                 self.declarations[player], wild_ranks=wild,
                                 bug=self.variant.bug)

    def _award(self, amount: int, contenders: list[int],
               values: dict[int, HandValue | SplitValue]) -> list[Award]:
        if len(contenders) == 1 or not all(p in values for p in contenders):
            shares, odd = split(amount, contenders[:1] if len(contenders) == 1 else contenders)
            return [Award("all", amount, tuple(shares), shares, odd, {})]
        sample = values[contenders[0]]
        if isinstance(sample, SplitValue):
            highs = {p: values[p].high for p in contenders}
            lows = {p: values[p].low for p in contenders if values[p].low is not None}
            if not lows:
                return [self._best_share("high", amount, highs)]
            low_amount = amount // 2  # the odd chip goes to the high half
            return [self._best_share("high", amount - low_amount, highs),
                    self._best_share("low", low_amount, lows)]
        half = "high" if sample.family == Family.HIGH else "low"
        return [self._best_share(half, amount, {p: values[p] for p in contenders})]

    @staticmethod
    def _best_share(half: str, amount: int, hands: dict[int, HandValue]) -> Award:
        best = max(v.strength for v in hands.values())
        winners = tuple(sorted(p for p, v in hands.items() if v.strength == best))
        shares, odd = split(amount, winners)
        return Award(half, amount, winners, shares, odd, {p: hands[p] for p in winners})

    _HANDLERS: ClassVar[dict] = {
        DealHole: _deal_hole,
        DealBoard: _deal_board,
        Discard: _discard,
        Fold: _fold,
        CheckCall: _check_call,
        BetRaise: _bet_raise,
        BringIn: _bring_in,
        Show: _show,
        RunTwice: _run_twice,
    }
