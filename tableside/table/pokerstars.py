"""A finished hold'em or Omaha hand as a PokerStars hand history, the text trackers import
(PokerTracker, Hand2Note, Holdem Manager).

:func:`to_pokerstars` replays the hand's events on a fresh :class:`~tableside.engine.Hand` to
see each action's amounts as they were, and writes the sections PokerStars writes: the header
(hand number, game, stakes, date), the table and seat lines, the posts, ``*** HOLE CARDS ***``
with ``Dealt to`` lines, the actions street by street (``folds``, ``checks``, ``calls X``,
``bets X``, ``raises X to Y``, ``and is all-in``), ``Uncalled bet (X) returned to``, the
``*** SHOW DOWN ***`` with the hands in PokerStars' words ("a pair of Kings"), the
``collected`` lines (main and side pots) and the ``*** SUMMARY ***`` with the total pot, side
pots, rake, board and one line per seat.

Amounts are chips, written like play money ("(5/10)", "1500 in chips"); with a
:class:`~tableside.table.ledger.ChipValue` they are money ("(€0.05/€0.10 EUR)", "€15 in
chips"), exactly as PokerStars writes cash games.

Games: no-limit, pot-limit and fixed-limit hold'em and Omaha (four and five cards, and hi-lo).
The others (stud, draw, short deck, spread limit) have no PokerStars form trackers read the
same way, and are refused.

What the format cannot express, and how it is written here:

- Straddles: PokerStars has none. A straddle is written ``posts straddle X``, the wording of
  the sites that have them; PokerStars' own parsers and some trackers do not know it and may
  count the straddle as a call or skip the hand.
- Hole cards of everybody: PokerStars writes ``Dealt to`` for the hero only. Here every player
  whose cards are known (read by the camera or shown) gets a ``Dealt to`` line, in position
  order; pass ``hero`` to keep only that player's (trackers take the first one as the hero).
- Run it twice: written in PokerStars' own run-it-twice form (``*** FIRST FLOP ***`` ...
  ``*** SECOND SHOW DOWN ***``, ``Hand was run twice``, ``FIRST Board``/``SECOND Board``);
  older trackers do not read it. A seat's summary line names the hand of the first run it won
  (or of the first run, when it lost both).
- Bomb pots, dealer's-choice rotations, house rules (all hands shown, bonuses for 7-2),
  corrections by the dealer and stack adjustments are table events, not hand events: they are
  not in the history. A misdealt (voided) hand is never finished, so it is never exported.
- Tournament hands are written as cash-game hands in chips (there is no tournament number or
  buy-in to state); the table's name can say which tournament it was.
- Time: the hand's start in its own time zone ("2024/03/08 21:15:00 CET"); PokerStars adds the
  Eastern time in brackets, which is left out (no time-zone database is read here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from tableside.cards import ACE, RANK_CHARS, Card, CardError
from tableside.engine import (
    BetRaise,
    CheckCall,
    DealBoard,
    Fold,
    Hand,
    RunTwice,
    Show,
    Structure,
)
from tableside.evaluation import Category, HandValue, SplitValue
from tableside.table.errors import TableError
from tableside.table.ledger import ChipValue

GAMES = {
    "NT": "Hold'em No Limit", "PT": "Hold'em Pot Limit", "FT": "Hold'em Limit",
    "NO": "Omaha No Limit", "PO": "Omaha Pot Limit", "FO": "Omaha Limit",
    "PO/8": "Omaha Hi/Lo Pot Limit", "FO/8": "Omaha Hi/Lo Limit",
    "P5O": "5 Card Omaha Pot Limit",
}
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}

_RANKS = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
          "Queen", "King", "Ace")
_PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
            "Jacks", "Queens", "Kings", "Aces")
_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_FOLDED_ON = ("before Flop", "on the Flop", "on the Turn", "on the River")
_RUNS = ("FIRST", "SECOND")
_TEMPLATES = {
    Category.HIGH_CARD: "high card {n0}",
    Category.PAIR: "a pair of {p0}",
    Category.TWO_PAIR: "two pair, {p0} and {p1}",
    Category.THREE_OF_A_KIND: "three of a kind, {p0}",
    Category.FLUSH: "a flush, {n0} high",
    Category.FULL_HOUSE: "a full house, {p0} full of {p1}",
    Category.FOUR_OF_A_KIND: "four of a kind, {p0}",
    Category.FIVE_OF_A_KIND: "five of a kind, {p0}",
}


def hand_description(value: HandValue | SplitValue) -> str:
    """A judged hand in PokerStars' words: "a pair of Kings", "two pair, Aces and Fives",
    "a straight, Ace to Five", "a Royal Flush"; hi-lo "HI: a flush, Ace high; LO: 8,6,4,2,A"."""
    if isinstance(value, SplitValue):
        text = f"HI: {hand_description(value.high)}"
        if value.low is not None:
            text += f"; LO: {','.join(RANK_CHARS[r] for r in value.low.ranks)}"
        return text
    if value.family.is_low:
        return ",".join(RANK_CHARS[r] for r in value.ranks)
    ranks, category = value.ranks, value.category
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        if category == Category.STRAIGHT_FLUSH and top == ACE:
            return "a Royal Flush"
        low = _RANKS[ACE] if top == 3 else _RANKS[top - 4]  # the wheel runs from the ace
        kind = "a straight" if category == Category.STRAIGHT else "a straight flush"
        return f"{kind}, {low} to {_RANKS[top]}"
    fields = {f"n{i}": _RANKS[r] for i, r in enumerate(ranks)}
    fields |= {f"p{i}": _PLURALS[r] for i, r in enumerate(ranks)}
    return _TEMPLATES[category].format(**fields)


def _few_cards_description(cards: Sequence[Card]) -> str:
    """Fewer than five cards (a hand shown before the flop) named by their ranks alone, as
    PokerStars does: "a pair of Aces", "high card King"."""
    counts = Counter(c.rank for c in cards)
    (top, most), *rest = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    if most >= 4:
        return f"four of a kind, {_PLURALS[top]}"
    if most == 3:
        return f"three of a kind, {_PLURALS[top]}"
    if most == 2 and rest and rest[0][1] == 2:
        return f"two pair, {_PLURALS[top]} and {_PLURALS[rest[0][0]]}"
    if most == 2:
        return f"a pair of {_PLURALS[top]}"
    return f"high card {_RANKS[top]}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


class _Writer:
    """Writes one hand; the state of the replay lives here while the lines are built."""

    def __init__(self, hand: Hand, names: Sequence[str], seats: Sequence[int],
                 chip_value: ChipValue | None):
        self.hand = hand
        self.names = list(names)
        self.seats = list(seats)
        self.chip_value = chip_value
        self.folded_on: dict[int, int] = {}  # player -> street index where they folded
        self.didnt_bet: set[int] = set()  # folded before the flop with no chips but an ante
        self.shows: list[Show] = []
        self.ran_twice = False

    def amount(self, chips: int) -> str:
        if self.chip_value is None:
            return str(chips)
        cents = self.chip_value.to_cents(chips)
        symbol = CURRENCY_SYMBOLS.get(self.chip_value.currency, "")
        whole, part = divmod(cents, 100)
        return f"{symbol}{whole}" if not part else f"{symbol}{whole}.{part:02d}"

    # ------------------------------------------------------------------- blinds
    def blind_roles(self) -> dict[int, str]:
        """Who posted which blind: "small blind", "big blind" or "straddle" (above the big
        blind, after it in position order). Heads-up the button posts the small blind."""
        config = self.hand.config
        posted = [p for p in range(config.players) if config.blind(p)]
        if not posted:
            return {}
        if config.players == 2:
            big = max(posted, key=lambda p: (config.blind(p), -p))
            return {p: "big blind" if p == big else "small blind" for p in posted}
        big = posted[1] if len(posted) >= 2 else posted[0]
        return {p: "small blind" if p < big else "big blind" if p == big else "straddle"
                for p in posted}

    def post_lines(self, start: Hand) -> list[str]:
        config, lines = self.hand.config, []
        for p in range(config.players):
            if start.antes[p]:
                all_in = " and is all-in" if start.antes[p] == config.stacks[p] else ""
                lines.append(f"{self.names[p]}: posts the ante {self.amount(start.antes[p])}"
                             f"{all_in}")
        roles = self.blind_roles()
        order = sorted(roles, key=lambda p: (("small blind", "big blind", "straddle").index(
            roles[p]), p))
        for p in order:
            if not start.bets[p]:
                continue  # the ante took the whole stack
            all_in = " and is all-in" if start.stacks[p] == 0 else ""
            lines.append(f"{self.names[p]}: posts {roles[p]} {self.amount(start.bets[p])}"
                         f"{all_in}")
        return lines

    # ------------------------------------------------------------------- actions
    def action_lines(self) -> list[str]:
        """Replay the events; each one's line (and any bet returned) as PokerStars says it."""
        replay = Hand(self.hand.config)
        lines: list[str] = []
        for event in self.hand.events:
            before = list(replay.contributed)
            put, line = 0, None
            if isinstance(event, Fold):
                p = event.player
                self.folded_on[p] = replay.street
                if replay.street == 0 and replay.contributed[p] == replay.antes[p]:
                    self.didnt_bet.add(p)
                line = f"{self.names[p]}: folds"
            elif isinstance(event, CheckCall):
                p = event.player
                put = min(replay.current_bet - replay.bets[p], replay.stacks[p])
                if put == 0:
                    line = f"{self.names[p]}: checks"
                else:
                    all_in = " and is all-in" if put == replay.stacks[p] else ""
                    line = f"{self.names[p]}: calls {self.amount(put)}{all_in}"
            elif isinstance(event, BetRaise):
                p, to, current = event.player, event.to, replay.current_bet
                put = to - replay.bets[p]
                all_in = " and is all-in" if put == replay.stacks[p] else ""
                if current == 0:
                    line = f"{self.names[p]}: bets {self.amount(to)}{all_in}"
                else:
                    line = (f"{self.names[p]}: raises {self.amount(to - current)} to "
                            f"{self.amount(to)}{all_in}")
            elif isinstance(event, Show):
                self.shows.append(event)
            elif isinstance(event, RunTwice):
                self.ran_twice = True
            run = len(replay.boards) - 1
            replay.apply(event)
            if isinstance(event, DealBoard):
                lines.append(self.street_line(replay.boards[run], len(event.cards), run))
            if line is not None:
                lines.append(line)
            actor = getattr(event, "player", None)
            for q in range(replay.players):
                returned = before[q] + (put if q == actor else 0) - replay.contributed[q]
                if returned > 0:
                    lines.append(f"Uncalled bet ({self.amount(returned)}) returned to "
                                 f"{self.names[q]}")
        return lines

    def street_line(self, board: Sequence[Card], dealt: int, run: int) -> str:
        name = _STREETS[len(board)]
        if self.ran_twice:
            name = f"{_RUNS[run]} {name}"
        old, new = board[:len(board) - dealt], board[len(board) - dealt:]
        if not old:
            return f"*** {name} *** [{_cards(new)}]"
        return f"*** {name} *** [{_cards(old)}] [{_cards(new)}]"

    # ------------------------------------------------------------------- showdown
    def description(self, player: int, run: int = 0) -> str:
        try:
            return hand_description(self.hand.value_of(player, run))
        except CardError:  # fewer than five cards: shown before the board was out
            return _few_cards_description([*self.hand.hole[player], *self.hand.boards[run]])

    def show_line(self, show: Show, run: int) -> str:
        name = self.names[show.player]
        if show.cards is None:
            return f"{name}: mucks hand"
        cards = self.hand.hole[show.player]
        return f"{name}: shows [{_cards(cards)}] ({self.description(show.player, run)})"

    def pot_name(self, index: int) -> str:
        pots = len(self.hand.result.pots)
        if pots == 1:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if pots == 2 else f"side pot-{index}"

    def collected_lines(self, run: int) -> list[str]:
        lines = []
        for pot in reversed(self.hand.result.pots):  # side pots first, as PokerStars does
            won: dict[int, int] = {}
            for award in pot.awards:
                if award.run != run:
                    continue
                for p, share in award.shares.items():
                    won[p] = won.get(p, 0) + share
            for p in sorted(won):
                if won[p]:
                    lines.append(f"{self.names[p]} collected {self.amount(won[p])} from "
                                 f"{self.pot_name(pot.index)}")
        return lines

    def showdown_lines(self) -> list[str]:
        hand = self.hand
        contested = sum(not f for f in hand.folded) > 1
        if not contested:
            winner = hand.folded.index(False)
            lines = self.collected_lines(0)
            shown = [s for s in self.shows if s.player == winner and s.cards is not None]
            if shown:
                lines.append(self.show_line(shown[0], 0))
            else:
                lines.append(f"{self.names[winner]}: doesn't show hand")
            return lines
        lines = []
        runs = len(hand.boards)
        for run in range(runs):
            title = f"{_RUNS[run]} SHOW DOWN" if runs > 1 else "SHOW DOWN"
            lines.append(f"*** {title} ***")
            for show in self.shows:
                if run == 0 or show.cards is not None:
                    lines.append(self.show_line(show, run))
            lines += self.collected_lines(run)
        return lines

    # ------------------------------------------------------------------- summary
    def summary_lines(self, button_seat: int) -> list[str]:
        hand, result = self.hand, self.hand.result
        total = sum(p.amount for p in result.pots) + result.rake
        pots = ""
        if len(result.pots) > 1:
            parts = [f"Main pot {self.amount(result.pots[0].amount)}."]
            for pot in result.pots[1:]:
                label = "Side pot" if len(result.pots) == 2 else f"Side pot-{pot.index}"
                parts.append(f"{label} {self.amount(pot.amount)}.")
            pots = " " + " ".join(parts)
        lines = ["*** SUMMARY ***",
                 f"Total pot {self.amount(total)}{pots} | Rake {self.amount(result.rake)}"]
        if len(hand.boards) > 1:
            lines.append("Hand was run twice")
            lines += [f"{_RUNS[run]} Board [{_cards(board)}]"
                      for run, board in enumerate(hand.boards)]
        elif hand.board:
            lines.append(f"Board [{_cards(hand.board)}]")
        roles = self.blind_roles()
        for p in sorted(range(hand.players), key=lambda p: self.seats[p]):
            marks = " (button)" if self.seats[p] == button_seat else ""
            if roles.get(p) in ("small blind", "big blind"):
                marks += f" ({roles[p]})"
            lines.append(f"Seat {self.seats[p]}: {self.names[p]}{marks} {self.outcome(p)}")
        return lines

    def outcome(self, p: int) -> str:
        hand = self.hand
        won = hand.result.won[p]
        if p in self.folded_on:
            didnt_bet = " (didn't bet)" if p in self.didnt_bet else ""
            return f"folded {_FOLDED_ON[self.folded_on[p]]}{didnt_bet}"
        shown = hand.shown.get(p, ())
        if shown is None:  # mucked
            known = None not in hand.hole[p]
            return f"mucked [{_cards(hand.hole[p])}]" if known else "mucked"
        if p not in hand.shown:
            return f"collected ({self.amount(won)})" if won else "mucked"
        cards = _cards(hand.hole[p])
        if won:
            runs = [a.run for pot in hand.result.pots for a in pot.awards if p in a.shares]
            description = self.description(p, min(runs, default=0))
            result = f"showed [{cards}] and won ({self.amount(won)})"
        else:
            description = self.description(p, 0)
            result = f"showed [{cards}] and lost"
        return f"{result} with {description}"


def to_pokerstars(hand: Hand, *, hand_id: int, table_name: str, seat_numbers: Sequence[int],
                  player_names: Sequence[str], button_seat: int, max_seats: int,
                  started_at: datetime, chip_value: ChipValue | None = None,
                  hero: int | None = None) -> str:
    """The PokerStars hand history of a finished hold'em or Omaha ``hand``.

    Engine player ``i`` (0 sits left of the button, the last is the button) sits in seat
    ``seat_numbers[i]`` (1 to ``max_seats``, clockwise) and is called ``player_names[i]``.
    ``hand_id`` is the hand's number, stable across exports; ``started_at`` must know its
    time zone. ``chip_value``: write money instead of chips. ``hero``: the only player whose
    hole cards get a ``Dealt to`` line (default: everyone whose cards are known).
    Raises TableError for a hand that is not over, a game PokerStars has no form for, or
    seats and names that do not fit.
    """
    _check(hand, seat_numbers, player_names, button_seat, max_seats, started_at)
    if hero is not None and not 0 <= hero < hand.players:
        raise TableError("bad_hero", f"there is no player {hero + 1} in this hand",
                         f"in dieser Hand gibt es keinen Spieler {hero + 1}")
    config = hand.config
    writer = _Writer(hand, player_names, seat_numbers, chip_value)
    if config.variant.structure == Structure.FIXED_LIMIT:
        low, high = config.small_bet, config.big_bet
    else:
        roles = writer.blind_roles()
        low = next((config.blind(p) for p, r in roles.items() if r == "small blind"), 0)
        high = config.big_blind
    stakes = f"{writer.amount(low)}/{writer.amount(high)}"
    if chip_value is not None:
        stakes += f" {chip_value.currency}"
    when = started_at.strftime("%Y/%m/%d %H:%M:%S")
    lines = [
        f"PokerStars Hand #{hand_id}:  {GAMES[config.variant.code]} ({stakes}) - {when} "
        f"{started_at.tzname()}",
        f"Table '{table_name}' {max_seats}-max Seat #{button_seat} is the button",
    ]
    for p in sorted(range(hand.players), key=lambda p: seat_numbers[p]):
        lines.append(f"Seat {seat_numbers[p]}: {player_names[p]} "
                     f"({writer.amount(config.stacks[p])} in chips)")
    lines += writer.post_lines(Hand(config))
    lines.append("*** HOLE CARDS ***")
    for p in range(hand.players) if hero is None else (hero,):
        cards = hand.hole[p]
        if cards and None not in cards:
            lines.append(f"Dealt to {player_names[p]} [{_cards(cards)}]")
    lines += writer.action_lines()
    lines += writer.showdown_lines()
    lines += writer.summary_lines(button_seat)
    return "\n".join(lines) + "\n"


def _check(hand: Hand, seats: Sequence[int], names: Sequence[str], button_seat: int,
           max_seats: int, started_at: datetime) -> None:
    code = hand.variant.code
    if code not in GAMES:
        raise TableError("no_pokerstars_form",
                         f"{hand.variant.name('en')}: no PokerStars hand history for this "
                         f"game (only no-limit, pot-limit and fixed-limit hold'em and Omaha)",
                         f"{hand.variant.name('de')}: kein PokerStars-Format für dieses Spiel "
                         f"(nur No-Limit, Pot-Limit und Limit Hold'em und Omaha)")
    if not hand.is_over or hand.result is None:
        raise TableError("hand_not_over", "only a finished hand can be exported",
                         "nur eine beendete Hand kann exportiert werden")
    n = hand.players
    if not 2 <= max_seats <= 10 or len(seats) != n or len(names) != n or len(set(seats)) != n \
            or not all(1 <= s <= max_seats for s in (*seats, button_seat)):
        raise TableError("bad_seats",
                         f"{n} players need {n} different seats from 1 to {max_seats} "
                         f"(2 to 10) and {n} names",
                         f"{n} Spieler brauchen {n} verschiedene Plätze von 1 bis {max_seats} "
                         f"(2 bis 10) und {n} Namen")
    clockwise = sorted(range(n), key=lambda p: (seats[p] - button_seat - 1) % max_seats)
    if clockwise != list(range(n)):
        raise TableError("seats_out_of_order",
                         "the players must sit clockwise from the seat left of the button, "
                         "the button last",
                         "die Spieler müssen im Uhrzeigersinn ab dem Platz links vom Button "
                         "sitzen, der Button zuletzt")
    bad = [name for name in names if not name or name != name.strip() or "\n" in name
           or ": " in name]
    if bad or len(set(names)) != n:
        raise TableError("bad_names",
                         "player names must be different, not empty, without line breaks, "
                         "\": \" or spaces at the ends",
                         "Spielernamen müssen verschieden und nicht leer sein, ohne "
                         "Zeilenumbrüche, \": \" oder Leerzeichen am Rand")
    if started_at.tzinfo is None or started_at.utcoffset() is None:
        raise TableError("time_without_zone", "the hand's start time needs a time zone",
                         "die Startzeit der Hand braucht eine Zeitzone")
