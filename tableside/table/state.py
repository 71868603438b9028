"""The table as a pure fold over its commands: seats, stacks, the hand in play, the ledger.

``state.apply(command, at)`` takes one command in canonical form (:mod:`.commands`) with the
wall-clock time the service stamped on it, and either changes the state or raises
:class:`TableError` and changes nothing. No I/O, no clock: the same commands with the same
times always give the same state, which is how the service rebuilds it from the log.

Rules as implemented (besides the engine's, and the blinds of :mod:`.blinds`):

- Stacks carry from hand to hand. During a hand a seat's stack is what the player had when
  it was dealt; when the hand is over it is the stack after the hand.
- A finished hand stays open to corrections (undo, corrected cards, voluntary shows) until
  the next hand starts or a command changes the seats' chips (rebuy, add-on, leave, stack
  adjustment, elimination, closing the table); then it is closed for good.
- Rebuys, add-ons, stack adjustments and leaving happen between hands only (table stakes);
  sitting down, sitting out and coming back may happen any time and count from the next hand.
- Misdeal: a hand may be voided while fewer than two player actions have been taken. The
  stacks, the button and blinds, the rotation and the level are as before it; the next hand
  is dealt with the same button.
- Tournament: a player who ends a hand without chips is eliminated when the hand closes,
  unless rebuys are open (then the dealer eliminates them with ``eliminate``). Players out
  in the same hand finish in the order of the chips they started it with (equal: shared
  place). The last player with chips wins. Level changes take effect at the next hand.
- Passed-out deals (nobody opened, or trips to win without trips): the next deal is a redeal
  of the same game for the pot, with the same button; who plays it and what opens it is
  :mod:`.redeal`'s rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from tableside.cards import parse_card
from tableside.engine import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Event,
    Fold,
    Hand,
    IllegalAction,
    RunTwice,
    Show,
)
from tableside.engine.catalogue import GameError, entry
from tableside.engine.errors import chips
from tableside.engine.rotation import Rotation, Turn
from tableside.table.action_timer import ActionTimer
from tableside.table.blinds import Marks, Positions, plan_hand
from tableside.table.clock import (
    DEFAULT_STRUCTURE,
    Clock,
    ClockEvent,
    ClockMoved,
    ClockPaused,
    ClockResumed,
    ClockStarted,
)
from tableside.table.codec import cards_of, declaration_of
from tableside.table.commands import HAND_ACTIONS
from tableside.table.errors import TableError
from tableside.table.hand import TableHand
from tableside.table.redeal import Redeal, redeal_after
from tableside.table.settings import TableSettings
from tableside.table.stakes import hand_config, posts_blinds, stakes_for, straddle_amounts

# Commands that close a finished hand before their last checks (the others check first).
_CLOSING = frozenset({"start_hand", "rebuy", "add_on", "leave", "adjust_stack", "eliminate",
                      "close"})
# Settings whose change restarts the rotation at the next hand.
_ROTATION_SETTINGS = ("game", "rotation", "games", "hands_per_game")


@dataclass(slots=True)
class Seat:
    seat: int
    player: str
    stack: int
    joined_at: float
    sitting_out: bool = False
    waiting: bool = False  # for the big blind (see tableside.table.blinds)
    missed_big_blind: bool = False  # sat out while the big blind passed

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> Seat:
        return Seat(self.seat, self.player, self.stack, self.joined_at, self.sitting_out,
                    self.waiting, self.missed_big_blind)


def refuse(rule: str, en: str, de: str) -> TableError:
    return TableError(rule, en, de)


class TableState:
    """A table after some commands. Read the attributes; change it only with :meth:`apply`."""

    def __init__(self) -> None:
        self.seq = 0  # commands applied
        self.last_at = 0.0  # the time of the last command applied
        self.opened_at: float | None = None
        self.settings: TableSettings | None = None
        self.seats: dict[int, Seat] = {}
        self.hand: TableHand | None = None  # in play, or finished and open to corrections
        self.last_hand: TableHand | None = None  # the hand closed last
        self.hands_started = 0  # hand numbers, misdeals included
        self.marks = Marks()
        self.turn: Turn | None = None  # the rotation's turn (None: a single game, or anew)
        self.level = 1  # tournament level of the current or last hand, from 1
        self.next_level: int | None = None  # set by the dealer, from the next hand
        self.ledger: list[dict[str, Any]] = []  # buy-ins, rebuys, add-ons, cash-outs, adjusts
        self.eliminated: list[dict[str, Any]] = []  # tournament, in order of elimination
        self.clock: list[dict[str, Any]] = []  # tournament clock: start, pause, resume
        self.carried_pot = 0  # a passed-out deal's pot, for the next hand
        self.redeal: Redeal | None = None  # who plays for it, and why (tableside.table.redeal)
        self.rake = 0  # kept by the house, hands closed so far
        self.redeal_button: int | None = None  # a misdealt first hand's button, for the redeal
        self.closed = False
        self.winner: str | None = None  # tournament
        self._rotation_cache: tuple[TableSettings, Rotation | None] | None = None

    # ------------------------------------------------------------------ the fold
    def apply(self, command: dict[str, Any], at: float) -> None:
        """Apply one canonical command stamped ``at`` (seconds since the epoch), or raise
        TableError and change nothing. A betting action without a seat gets the seat of the
        player to act written into ``command``, so that the log records who acted."""
        kind = command["type"]
        handler = _HANDLERS[kind]
        if self.settings is None and kind != "open":
            raise refuse("not_open", "the table is not open yet", "der Tisch ist noch nicht offen")
        if self.closed:
            raise refuse("closed", "the table is closed", "der Tisch ist geschlossen")
        if kind in _CLOSING:
            saved = self._save()
            try:
                handler(self, command, at)
            except BaseException:
                self._restore(saved)
                raise
        else:
            handler(self, command, at)  # checks everything before it changes anything
        self.seq += 1
        self.last_at = at

    @classmethod
    def replay(cls, commands: list[tuple[dict[str, Any], float]]) -> TableState:
        state = cls()
        for command, at in commands:
            state.apply(command, at)
        return state

    def _save(self) -> tuple:
        # Commands that close the finished hand first may still be refused after that: what
        # they changed on the way (seats, marks, the hand in play) is put back from this copy.
        return (dict(self.__dict__), {n: s.copy() for n, s in self.seats.items()},
                len(self.ledger), len(self.eliminated), len(self.clock))

    def _restore(self, saved: tuple) -> None:
        fields, seats, ledger, eliminated, clock = saved
        self.__dict__.update(fields)
        self.seats = seats
        del self.ledger[ledger:], self.eliminated[eliminated:], self.clock[clock:]

    # ------------------------------------------------------------------ queries
    def hand_in_progress(self) -> bool:
        return self.hand is not None and self.hand.in_progress

    def rotation(self) -> Rotation | None:
        cache = self._rotation_cache
        if cache is None or cache[0] is not self.settings:
            cache = self._rotation_cache = (self.settings, self.settings.make_rotation())
        return cache[1]

    def pending_redeal(self) -> Redeal | None:
        """The redeal the next deal will be, as things stand (the finished hand still open to
        corrections included); None when the next deal is a regular one."""
        hand = self.hand
        if hand is not None and not hand.voided:
            return redeal_after(hand, self.settings) if hand.finished else None
        return self.redeal

    def house_rake(self) -> int:
        """Chips the house kept, the finished hand still open to corrections included."""
        hand = self.hand
        open_rake = hand.hand.result.rake if hand is not None and hand.finished else 0
        return self.rake + open_rake

    def tournament_clock(self) -> Clock:
        """The tournament clock folded from its events (tableside.table.clock)."""
        structure = self.settings.blind_structure() or DEFAULT_STRUCTURE
        return Clock.replay(structure, (_clock_event(e) for e in self.clock))

    def action_timer(self) -> ActionTimer | None:
        """The time to act of the player whose turn it is (None: no timer, nobody to act).
        The turn began with the hand's last command other than the timer's own."""
        timer_settings = self.settings.timer_settings() if self.settings else None
        hand = self.hand
        if timer_settings is None or hand is None or hand.voided or hand.hand.actor is None:
            return None
        entries = hand.history
        last = max(i for i, e in enumerate(entries) if e["type"] != "timer")
        timer = ActionTimer(entries[last]["at"], settings=timer_settings)
        for stop in entries[last + 1:]:
            timer = timer.pause(stop["at"]) if stop["action"] == "pause" else timer.resume(
                stop["at"])
        return timer

    def in_game(self) -> list[int]:
        """Seats whose players may be dealt in (waiting ones included)."""
        return [n for n, s in sorted(self.seats.items()) if not s.sitting_out and s.stack > 0]

    def minimum_buy_in(self) -> int:
        s = self.settings
        if s.min_buy_in:
            return s.min_buy_in
        bets = [stakes_for(s, code, self._level_stakes()).minimum_bet for code in s.game_codes()]
        return s.buy_in_multiple * max(bets)

    def _level_stakes(self, level: int | None = None) -> dict[str, Any] | None:
        s = self.settings
        if not (s.tournament and s.levels):
            return None
        index = min(level or self.level, len(s.levels)) - 1
        return s.levels[index]

    # ------------------------------------------------------------------ table
    def _open(self, command: dict[str, Any], at: float) -> None:
        if self.settings is not None:
            raise refuse("already_open", "the table is already open", "der Tisch ist schon offen")
        self.settings = TableSettings.from_json(command["settings"])
        self.opened_at = at

    def _settings(self, command: dict[str, Any], at: float) -> None:
        old = self.settings
        new = old.changed(command["changes"])
        if self.seats and max(self.seats) > new.seats:
            raise refuse("seat_taken", f"seat {max(self.seats)} is taken: keep {max(self.seats)} "
                         "seats or more", f"Platz {max(self.seats)} ist besetzt: mindestens "
                         f"{max(self.seats)} Plätze behalten")
        if new.mode != old.mode and self.hands_started:
            raise refuse("mode_fixed", "cash game or tournament is fixed once hands are dealt",
                         "Cash-Game oder Turnier steht fest, sobald Hände gegeben sind")
        if any(getattr(new, name) != getattr(old, name) for name in _ROTATION_SETTINGS):
            self.turn = None  # the new game or rotation starts with the next hand
        self.settings = new

    def _close(self, command: dict[str, Any], at: float) -> None:
        self._between_hands()
        if not self.settings.tournament:
            for seat in sorted(self.seats.values(), key=lambda s: s.seat):
                self._book(at, seat, "cash_out", seat.stack)
        self.closed = True

    # ------------------------------------------------------------------ players
    def _sit(self, command: dict[str, Any], at: float) -> None:
        s, number, name = self.settings, command["seat"], command["player"]
        self._check_seat_number(number)
        if number in self.seats:
            raise refuse("seat_taken", f"seat {number} is taken by {self.seats[number].player}",
                         f"Platz {number} ist von {self.seats[number].player} besetzt")
        if any(seat.player == name for seat in self.seats.values()):
            raise refuse("already_seated", f"{name} already has a seat",
                         f"{name} hat schon einen Platz")
        if self.winner is not None:
            raise refuse("tournament_over", "the tournament is over", "das Turnier ist vorbei")
        if s.tournament and not s.rebuys and any(e["player"] == name for e in self.eliminated):
            raise refuse("eliminated", f"{name} is out of the tournament (no re-entry now)",
                         f"{name} ist aus dem Turnier ausgeschieden (kein Wiedereinstieg jetzt)")
        buy_in = command["buy_in"]
        if buy_in is None and s.tournament and s.starting_stack:
            buy_in = command["buy_in"] = s.starting_stack
        if buy_in is None:
            raise refuse("buy_in_needed", f"{name} needs to buy in (at least "
                         f"{chips(self.minimum_buy_in())})", f"{name} muss sich einkaufen "
                         f"(mindestens {chips(self.minimum_buy_in(), 'de')})")
        if not s.tournament:
            self._check_buy_in(buy_in, 0, name)
        elif buy_in <= 0:
            raise refuse("buy_in_too_small", "a buy-in needs chips", "ein Buy-in braucht Chips")
        seat = Seat(number, name, buy_in, at, waiting=True)
        self.seats[number] = seat
        self._book(at, seat, "buy_in", buy_in)

    def _check_buy_in(self, amount: int, stack: int, name: str) -> None:
        s, lowest = self.settings, self.minimum_buy_in()
        if stack == 0 and amount < lowest:
            raise refuse("buy_in_too_small",
                         f"the minimum buy-in is {chips(lowest)}, not {chips(amount)}",
                         f"das Mindest-Buy-in ist {chips(lowest, 'de')}, nicht "
                         f"{chips(amount, 'de')}")
        if amount <= 0:
            raise refuse("buy_in_too_small", "chips are bought in positive amounts",
                         "Chips werden in positiven Beträgen gekauft")
        if s.max_buy_in and stack + amount > s.max_buy_in:
            raise refuse("buy_in_too_large",
                         f"{name} may have at most {chips(s.max_buy_in)} on the table",
                         f"{name} darf höchstens {chips(s.max_buy_in, 'de')} am Tisch haben")

    def _rebuy(self, command: dict[str, Any], at: float) -> None:
        s = self.settings
        self._between_hands()
        seat = self._seat(command["seat"])
        kind = command["type"]
        amount = command["amount"]
        if s.tournament:
            if not s.rebuys:
                raise refuse("rebuys_closed", "rebuys and add-ons are closed",
                             "Rebuys und Add-ons sind geschlossen")
            if amount is None and s.starting_stack:
                amount = command["amount"] = s.starting_stack
        if amount is None:
            raise refuse("amount_needed", f"{kind}: how many chips?", f"{kind}: wie viele Chips?")
        if s.tournament:
            if amount <= 0:
                raise refuse("buy_in_too_small", "chips are bought in positive amounts",
                             "Chips werden in positiven Beträgen gekauft")
        else:
            self._check_buy_in(amount, seat.stack, seat.player)
        if seat.stack == 0:
            seat.waiting = seat.waiting or seat.missed_big_blind
        seat.stack += amount
        self._book(at, seat, kind, amount)

    def _sit_out(self, command: dict[str, Any], at: float) -> None:
        seat = self._seat(command["seat"])
        if seat.sitting_out:
            raise refuse("already_out", f"{seat.player} is already sitting out",
                         f"{seat.player} setzt schon aus")
        seat.sitting_out = True

    def _sit_in(self, command: dict[str, Any], at: float) -> None:
        seat = self._seat(command["seat"])
        if not seat.sitting_out:
            raise refuse("not_out", f"{seat.player} is not sitting out",
                         f"{seat.player} setzt nicht aus")
        seat.sitting_out = False
        seat.waiting = seat.waiting or seat.missed_big_blind

    def _leave(self, command: dict[str, Any], at: float) -> None:
        seat = self._seat(command["seat"])
        if self.hand_in_progress() and self.hand.player_of(seat.seat) is not None:
            raise refuse("in_hand", f"{seat.player} is in the hand: finish or void it first",
                         f"{seat.player} spielt die Hand: erst beenden oder annullieren")
        if self.settings.tournament and seat.stack > 0:
            raise refuse("tournament_leave", "in a tournament a player with chips stays "
                         "(sit out instead)", "im Turnier bleibt ein Spieler mit Chips "
                         "(stattdessen aussetzen)")
        self._close_hand()
        if self.settings.tournament:  # without chips: leaving is being eliminated
            if seat.seat in self.seats:  # (closing the hand may have done that already)
                self._knock_out([seat], {seat.seat: 0}, None, at)
            return
        self._book(at, seat, "cash_out", seat.stack)
        del self.seats[seat.seat]

    def _adjust_stack(self, command: dict[str, Any], at: float) -> None:
        self._between_hands()
        seat = self._seat(command["seat"])
        if command["amount"] == 0:
            raise refuse("bad_amount", "an adjustment changes the stack: not by 0",
                         "eine Korrektur ändert den Stack: nicht um 0")
        if seat.stack + command["amount"] < 0:
            raise refuse("negative_stack", f"{seat.player} has only {chips(seat.stack)}",
                         f"{seat.player} hat nur {chips(seat.stack, 'de')}")
        seat.stack += command["amount"]
        self._book(at, seat, "adjust", command["amount"], reason=command["reason"])

    def _eliminate(self, command: dict[str, Any], at: float) -> None:
        if not self.settings.tournament:
            raise refuse("not_tournament", "eliminations are for tournaments",
                         "Ausscheiden gibt es nur im Turnier")
        self._between_hands()
        seat = self._seat(command["seat"])
        if seat.stack > 0:
            raise refuse("has_chips", f"{seat.player} still has chips",
                         f"{seat.player} hat noch Chips")
        self._knock_out([seat], {seat.seat: 0}, None, at)

    # ------------------------------------------------------------------ tournament
    def _set_level(self, command: dict[str, Any], at: float) -> None:
        levels = self.settings.levels
        if not levels or not 1 <= command["level"] <= len(levels):
            raise refuse("no_level", f"there is no level {command['level']} "
                         f"(levels: {len(levels)})", f"es gibt keine Stufe {command['level']} "
                         f"(Stufen: {len(levels)})")
        if self.clock:  # the clock jumps to that level, and so does the next hand
            self.clock.append({"action": "move", "stage": command["level"] - 1, "at": at})
        self.next_level = command["level"]

    def _clock(self, command: dict[str, Any], at: float) -> None:
        event = {"action": command["action"], "at": at}
        self.tournament_clock().apply(_clock_event(event))  # TableError if it cannot
        self.clock.append(event)

    def _timer(self, command: dict[str, Any], at: float) -> None:
        timer = self.action_timer()
        if timer is None:
            raise refuse("no_timer", "no action timer is running",
                         "es läuft kein Aktions-Timer")
        if command["action"] == "pause":
            timer.pause(at)  # each refuses what it cannot do (paused twice, ...)
        else:
            timer.resume(at)
        self.hand.history.append({**command, "seq": self.seq + 1, "at": at})

    # ------------------------------------------------------------------ hands
    def _start_hand(self, command: dict[str, Any], at: float) -> None:
        s = self.settings
        if self.hand_in_progress():
            raise refuse("hand_in_progress", "a hand is being played: finish or void it first",
                         "eine Hand läuft: erst beenden oder annullieren")
        button = command["button"]
        if button is not None and (self.marks.button is not None or button not in self.seats):
            raise refuse("button_moves", "the dealer places the button only for the first "
                         "hand, on a seat with a player", "der Geber setzt den Button nur für "
                         "die erste Hand, auf einen besetzten Platz")
        self._close_hand()
        if self.winner is not None:
            raise refuse("tournament_over", "the tournament is over", "das Turnier ist vorbei")
        if button is None:
            button = self.redeal_button
        redeal = self.redeal
        positions = redeal.positions_for(self.in_game()) if redeal is not None else None
        if positions is None:  # a regular deal (fewer than two left for a redeal: the pot too)
            redeal = None
            positions, turn = self._choose_game(command, button)
            code = turn.game if turn is not None else s.game
        else:
            if command["game"] not in (None, redeal.game):
                raise refuse("redeal_game", f"this deal is a redeal of {redeal.game}",
                             f"diese Hand wird als {redeal.game} neu gegeben")
            turn, code = self.turn, redeal.game  # a rotation counts the redeal as one hand
        level = self.next_level or self.level
        if s.tournament and s.levels and self.clock:
            level = self.tournament_clock().reading(at).stage_index + 1
        level_stakes = self._level_stakes(level)
        if level_stakes is not None and level_stakes.get("is_break"):
            raise refuse("break", f"level {level} is a break", f"Stufe {level} ist eine Pause")
        stakes = stakes_for(s, code, level_stakes)
        order = positions.order
        blinds = self._place_blinds(stakes, positions, command["straddles"])
        stacks = [self.seats[seat].stack for seat in order]
        try:
            config = hand_config(s, stakes, stacks, blinds=blinds, carried_pot=self.carried_pot,
                                 openers=redeal.openers if redeal is not None else None)
        except ValueError as error:
            raise refuse("config", f"this hand cannot be dealt: {error}",
                         f"diese Hand kann nicht gegeben werden: {error}") from None
        before = {
            "marks": self.marks.to_json(), "turn": _turn_json(self.turn),
            "flags": {str(n): [self.seats[n].waiting, self.seats[n].missed_big_blind]
                      for n in (*positions.order, *positions.missed)},
            "carried_pot": self.carried_pot, "level": self.level, "next_level": self.next_level,
            "redeal": self.redeal.to_json() if self.redeal is not None else None}
        self.hands_started += 1
        table_hand = TableHand(
            number=self.hands_started, started_at=at, game=code,
            level=level if level_stakes is not None else None, stakes=stakes,
            positions=positions, names=tuple(self.seats[seat].player for seat in order),
            straddles=command["straddles"], hand=Hand(config), before=before,
            redeal=redeal.to_json() if redeal is not None else None)
        table_hand.history.append({**command, "seq": self.seq + 1, "at": at})
        self.hand = table_hand
        self.marks = positions.marks
        self.turn = turn
        self.level, self.next_level = level, None
        self.carried_pot = 0
        self.redeal = None
        self.redeal_button = None
        for seat in order:
            self.seats[seat].waiting = self.seats[seat].missed_big_blind = False
        for seat in positions.missed:
            self.seats[seat].missed_big_blind = True

    def _choose_game(self, command: dict[str, Any],
                     button: int | None) -> tuple[Positions, Turn | None]:
        """The positions and the rotation's turn of the next hand. Which game it is depends on
        how many are dealt in, and that on whether the game has blinds: the plan with blinds
        decides, unless its game has none and the plan without them agrees."""
        s, rotation = self.settings, self.rotation()
        choice = command["game"]
        if rotation is None:
            if choice is not None and choice != s.game:
                raise refuse("game_fixed", f"this table deals {s.game}, not {choice}",
                             f"an diesem Tisch wird {s.game} gegeben, nicht {choice}")
            positions = self._plan(posts_blinds(s, s.game), button)
            self._check_seats(s.game, positions)
            return positions, None
        turn = self.turn or rotation.start()
        positions = self._plan(True, button)
        try:
            chosen = turn.next_hand(len(positions.order), choice)
            if not posts_blinds(s, chosen.game):
                plain = self._plan(False, button)
                retry = turn.next_hand(len(plain.order), choice)
                if not posts_blinds(s, retry.game):
                    positions, chosen = plain, retry
        except GameError as error:
            raise TableError.from_game(error) from None
        return positions, chosen

    def _plan(self, blinds: bool, button: int | None) -> Positions:
        in_game = self.in_game()
        waiting = [n for n in in_game if self.seats[n].waiting]
        out = [n for n in self.seats if n not in in_game]
        positions = plan_hand(self.settings.seats, in_game, waiting, out, self.marks,
                              blinds=blinds, button=button)
        if positions is None:
            raise refuse("too_few_players", "a hand needs at least two players in the game",
                         "eine Hand braucht mindestens zwei Spieler im Spiel")
        return positions

    @staticmethod
    def _check_seats(code: str, positions: Positions) -> None:
        try:
            entry(code).check_seats(len(positions.order))
        except GameError as error:
            raise TableError.from_game(error) from None

    def _place_blinds(self, stakes: Any, positions: Positions, straddles: int) -> list[int]:
        order, n = positions.order, len(positions.order)
        blinds = [0] * n
        # Nobody posts a blind in a redeal (no blind positions): its pot holds the blinds.
        posting = stakes.uses_blinds and positions.big_blind is not None
        if straddles and (not self.settings.straddles or not posting):
            raise refuse("no_straddles", "straddles are not allowed at this table",
                         "Straddles sind an diesem Tisch nicht erlaubt")
        if not posting:
            return blinds
        if n == 2:
            if straddles:
                raise refuse("no_straddles", "heads-up there is no straddle",
                             "heads-up gibt es keinen Straddle")
            return [stakes.big_blind, stakes.small_blind]  # (big blind, button)
        big = order.index(positions.big_blind)
        if positions.small_blind is not None:
            blinds[order.index(positions.small_blind)] = stakes.small_blind
        blinds[big] = stakes.big_blind
        if straddles < 0 or big + straddles >= n:
            raise refuse("no_straddles", f"{straddles} straddles need more players",
                         f"{straddles} Straddles brauchen mehr Spieler")
        for i, amount in enumerate(straddle_amounts(stakes, straddles)):
            blinds[big + 1 + i] = amount
        return blinds

    def _hand_action(self, command: dict[str, Any], at: float) -> None:
        table_hand = self._current_hand()
        kind, hand = command["type"], table_hand.hand
        if "seat" in command and command["seat"] is None:
            if hand.actor is None:
                raise refuse("no_actor", "nobody is to act now", "niemand ist jetzt am Zug")
            command["seat"] = table_hand.seat_of(hand.actor)
        player = 0
        if "seat" in command:
            player = table_hand.player_of(command["seat"])
            if player is None:
                raise refuse("not_in_hand", f"seat {command['seat']} is not in this hand",
                             f"Platz {command['seat']} spielt diese Hand nicht")
        event = _event(kind, command, player)
        try:
            hand.apply(event)
        except IllegalAction as refusal:
            raise _engine_refusal(refusal, table_hand) from None
        table_hand.history.append({**command, "seq": self.seq + 1, "at": at})
        table_hand.event_seqs.append(self.seq + 1)
        if hand.is_over:  # until then the seats keep the stacks the hand started with
            self._sync_stacks(table_hand)

    def _undo(self, command: dict[str, Any], at: float) -> None:
        table_hand = self._current_hand()
        count, events = command["count"], table_hand.hand.events
        if not 1 <= count <= len(events):
            raise refuse("undo_range", f"this hand has {len(events)} actions to undo, not {count}",
                         f"diese Hand hat {len(events)} Aktionen zum Zurücknehmen, nicht {count}")
        table_hand.hand = table_hand.hand.undo(count)
        removed = table_hand.event_seqs[-count:]
        del table_hand.event_seqs[-count:]
        table_hand.history.append({**command, "removed": removed, "seq": self.seq + 1, "at": at})
        self._sync_stacks(table_hand)

    def _correct_card(self, command: dict[str, Any], at: float) -> None:
        table_hand = self._current_hand()
        wrong, right = parse_card(command["wrong"]), parse_card(command["right"])
        events = [_swap_card(e, wrong, right) for e in table_hand.hand.events]
        if events == table_hand.hand.events:
            raise refuse("card_not_in_hand", f"{wrong} is not in this hand",
                         f"{wrong} ist nicht in dieser Hand")
        try:
            corrected = Hand.replay(table_hand.config, events)
        except IllegalAction as refusal:
            raise _engine_refusal(refusal, table_hand) from None
        table_hand.hand = corrected
        table_hand.history.append({**command, "seq": self.seq + 1, "at": at})
        self._sync_stacks(table_hand)

    def _misdeal(self, command: dict[str, Any], at: float) -> None:
        table_hand = self._current_hand()
        if table_hand.hand.is_over or table_hand.actions_taken() >= 2:
            raise refuse("misdeal_too_late", "too late for a misdeal: two players have acted",
                         "zu spät für eine Fehlgabe: zwei Spieler haben gehandelt")
        before = table_hand.before
        self.marks = Marks.from_json(before["marks"])
        self.turn = _turn_from(before["turn"], self.rotation())
        self.carried_pot = before["carried_pot"]
        self.redeal = Redeal.from_json(before["redeal"])
        self.level = before["level"]
        if self.next_level is None:  # a level set during the hand still counts
            self.next_level = before["next_level"]
        for number, (waiting, missed) in before["flags"].items():
            if int(number) in self.seats:
                seat = self.seats[int(number)]
                seat.waiting, seat.missed_big_blind = waiting, missed
        # The hand is dealt again with the same button; a fresh start has no marks to
        # say where that was.
        self.redeal_button = table_hand.positions.button if table_hand.positions.fresh else None
        table_hand.voided = True
        table_hand.history.append({**command, "seq": self.seq + 1, "at": at})
        self._sync_stacks(table_hand)
        self.hand, self.last_hand = None, table_hand

    # ------------------------------------------------------------------ helpers
    def _current_hand(self) -> TableHand:
        if self.hand is None:
            raise refuse("no_hand", "no hand is being played", "es wird keine Hand gespielt")
        return self.hand

    def _between_hands(self) -> None:
        """Refuse during a hand; otherwise close the finished one."""
        if self.hand_in_progress():
            raise refuse("between_hands", "only between hands (table stakes)",
                         "nur zwischen den Händen (Table Stakes)")
        self._close_hand()

    def _seat(self, number: int) -> Seat:
        self._check_seat_number(number)
        seat = self.seats.get(number)
        if seat is None:
            raise refuse("empty_seat", f"seat {number} is empty", f"Platz {number} ist leer")
        return seat

    def _check_seat_number(self, number: int) -> None:
        if not 1 <= number <= self.settings.seats:
            raise refuse("no_such_seat", f"the seats are 1 to {self.settings.seats}",
                         f"die Plätze sind 1 bis {self.settings.seats}")

    def _sync_stacks(self, table_hand: TableHand) -> None:
        for seat, stack in zip(table_hand.seats, table_hand.stacks_now(), strict=True):
            self.seats[seat].stack = stack

    def _book(self, at: float, seat: Seat, kind: str, amount: int, **extra: Any) -> None:
        self.ledger.append({"seq": self.seq + 1, "at": at, "seat": seat.seat,
                            "player": seat.player, "kind": kind, "amount": amount, **extra})

    def _close_hand(self) -> None:
        """Close the finished hand: no more corrections; tournament eliminations."""
        table_hand = self.hand
        if table_hand is None:
            return
        busted = self._busted_in(table_hand)
        self.hand, self.last_hand = None, table_hand
        result = table_hand.hand.result
        self.carried_pot = result.carried if result is not None else 0
        self.redeal = redeal_after(table_hand, self.settings)
        if result is not None and table_hand.finished:
            self.rake += result.rake
        if busted:
            start = dict(zip(table_hand.seats, table_hand.config.stacks, strict=True))
            self._knock_out(busted, start, table_hand.number, table_hand.history[-1]["at"])

    def _busted_in(self, table_hand: TableHand) -> list[Seat]:
        """Tournament players this finished hand leaves without chips, to be eliminated
        (none while rebuys are open: the dealer decides then)."""
        s = self.settings
        if not s.tournament or s.rebuys or not table_hand.finished:
            return []
        return [self.seats[n] for n in table_hand.seats if self.seats[n].stack == 0]

    def _knock_out(self, busted: list[Seat], start: dict[int, int], hand: int | None,
                   at: float) -> None:
        records, winner = self._places(busted, start, hand, at)
        for seat in busted:
            del self.seats[seat.seat]
        self.eliminated.extend(records)
        self.winner = winner

    def _places(self, busted: list[Seat], start: dict[int, int], hand: int | None,
                at: float) -> tuple[list[dict[str, Any]], str | None]:
        """The places of players out together (fewer chips at the start of the hand finish
        lower; equal: shared place), and the winner if one player is left."""
        out = {seat.seat for seat in busted}
        left = [s for n, s in self.seats.items() if n not in out]
        remaining = [s for s in left if s.stack > 0]
        records = []
        for seat in sorted(busted, key=lambda s: start[s.seat]):
            better = sum(start[b.seat] > start[seat.seat] for b in busted)
            records.append({"player": seat.player, "seat": seat.seat,
                            "place": len(remaining) + better + 1, "hand": hand, "at": at})
        winner = remaining[0].player if len(remaining) == 1 == len(left) else None
        return records, winner

    def finishing_order(self) -> list[dict[str, Any]]:
        """Tournament places so far, first place first; a finished hand still open to
        corrections counts as it stands."""
        eliminated, winner = list(self.eliminated), self.winner
        if self.hand is not None:
            busted = self._busted_in(self.hand)
            if busted:
                start = dict(zip(self.hand.seats, self.hand.config.stacks, strict=True))
                records, winner = self._places(busted, start, self.hand.number,
                                               self.hand.history[-1]["at"])
                eliminated += records
        places = sorted(eliminated, key=lambda e: e["place"])
        if winner is not None:
            places.insert(0, {"player": winner, "place": 1})
        return places

    # ------------------------------------------------------------------ snapshots
    def to_snapshot(self) -> dict[str, Any]:
        return {
            "seq": self.seq, "last_at": self.last_at, "opened_at": self.opened_at,
            "settings": self.settings.to_json() if self.settings else None,
            "seats": [seat.to_json() for _, seat in sorted(self.seats.items())],
            "hand": self.hand.to_snapshot() if self.hand else None,
            "last_hand": self.last_hand.to_snapshot() if self.last_hand else None,
            "hands_started": self.hands_started, "marks": self.marks.to_json(),
            "turn": _turn_json(self.turn), "level": self.level, "next_level": self.next_level,
            "ledger": list(self.ledger), "eliminated": list(self.eliminated),
            "clock": list(self.clock), "carried_pot": self.carried_pot,
            "redeal_button": self.redeal_button, "rake": self.rake,
            "redeal": self.redeal.to_json() if self.redeal is not None else None,
            "closed": self.closed, "winner": self.winner,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> TableState:
        state = cls()
        state.seq, state.opened_at = data["seq"], data["opened_at"]
        state.last_at = data["last_at"]
        state.settings = TableSettings.from_json(data["settings"]) if data["settings"] else None
        state.seats = {s["seat"]: Seat(**s) for s in data["seats"]}
        state.hand = TableHand.from_snapshot(data["hand"]) if data["hand"] else None
        state.last_hand = (TableHand.from_snapshot(data["last_hand"])
                           if data["last_hand"] else None)
        state.hands_started = data["hands_started"]
        state.marks = Marks.from_json(data["marks"])
        state.turn = _turn_from(data["turn"], state.rotation()) if state.settings else None
        state.level, state.next_level = data["level"], data["next_level"]
        state.ledger, state.eliminated = list(data["ledger"]), list(data["eliminated"])
        state.clock, state.carried_pot = list(data["clock"]), data["carried_pot"]
        state.redeal_button, state.rake = data["redeal_button"], data["rake"]
        state.redeal = Redeal.from_json(data["redeal"])
        state.closed, state.winner = data["closed"], data["winner"]
        return state


def _turn_json(turn: Turn | None) -> list | None:
    if turn is None:
        return None
    return [turn.game, turn.hand, turn.index, turn.hand_in_game, turn.players]


def _turn_from(data: list | None, rotation: Rotation | None) -> Turn | None:
    if data is None or rotation is None:
        return None
    return Turn(rotation, *data)


def _clock_event(event: dict[str, Any]) -> ClockEvent:
    action, at = event["action"], event["at"]
    if action == "move":
        return ClockMoved(at, event["stage"])
    return {"start": ClockStarted, "pause": ClockPaused, "resume": ClockResumed}[action](at)


def _event(kind: str, command: dict[str, Any], player: int) -> Event:
    cards = cards_of(command.get("cards"))
    match kind:
        case "deal":
            return DealHole(player, cards)
        case "board":
            return DealBoard(cards)
        case "fold":
            return Fold(player)
        case "check_call":
            return CheckCall(player)
        case "bet_raise":
            return BetRaise(player, command["to"])
        case "bring_in":
            return BringIn(player)
        case "discard":
            return Discard(player, cards, command["split_openers"])
        case "show":
            declared = command.get("declared")  # (commands logged before it have none)
            return Show(player, cards, declaration_of(declared) if declared else None)
    return RunTwice()


def _swap_card(event: Event, wrong: Any, right: Any) -> Event:
    cards = getattr(event, "cards", None)
    if not cards or wrong not in cards:
        return event
    return replace(event, cards=tuple(right if c == wrong else c for c in cards))


def _engine_refusal(refusal: IllegalAction, table_hand: TableHand) -> TableError:
    seat_of = dict(enumerate(table_hand.seats))
    return TableError.from_engine(refusal, seat_of, legal_json(table_hand))


def legal_json(table_hand: TableHand) -> dict[str, Any] | None:
    """What the player to act may do, in seats; None when nobody is to act."""
    legal = table_hand.hand.legal()
    if legal is None:
        return None
    return {"seat": table_hand.seat_of(legal.player), "call": legal.call,
            "call_is_all_in": legal.call_is_all_in, "can_check": legal.can_check,
            "min_to": legal.min_to, "max_to": legal.max_to, "bring_in": legal.bring_in,
            "fixed": legal.fixed, "text": {"en": legal.describe("en"), "de": legal.describe("de")}}


_HANDLERS: dict[str, Callable[[TableState, dict[str, Any], float], None]] = {
    "open": TableState._open,
    "settings": TableState._settings,
    "close": TableState._close,
    "sit": TableState._sit,
    "rebuy": TableState._rebuy,
    "add_on": TableState._rebuy,
    "sit_out": TableState._sit_out,
    "sit_in": TableState._sit_in,
    "leave": TableState._leave,
    "adjust_stack": TableState._adjust_stack,
    "eliminate": TableState._eliminate,
    "set_level": TableState._set_level,
    "clock": TableState._clock,
    "timer": TableState._timer,
    "start_hand": TableState._start_hand,
    "undo": TableState._undo,
    "correct_card": TableState._correct_card,
    "misdeal": TableState._misdeal,
    **dict.fromkeys(HAND_ACTIONS, TableState._hand_action),
}
