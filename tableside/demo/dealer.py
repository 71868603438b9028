"""The simulated dealer: deals the cards, watches the players act, and tells the table what
happened through the same inputs a real dealer has.

Each step of a hand goes to the table by the way the hardware would carry it, when that
sensor is simulated, and by the dealer's console otherwise:

- hole cards and draw replacements go out face down: NEXT on the dealer pad;
- face-up cards (the board, stud's up cards, hands turned up at the showdown) lie under the
  camera; the camera's table feed (the one a real camera uses) proposes what the hand waits
  for and the dealer presses CONFIRM; when it proposes nothing fitting, the dealer types it;
- bets are chips put in the player's betting zone; the reader board reads them, the bet
  watcher proposes the action, the dealer presses CONFIRM; checks and folds are the pad's
  CHECK/CALL and FOLD; at the end of a street the dealer sweeps the zones into the pot.

When something read disagrees with what was placed, the dealer puts it right on the console
(``correct_card``, or typing the cards or the bet), and the summary lists it. The players
and the cards are the only things made up; the table service decides everything else.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from tableside.buttons.proposals import Proposals
from tableside.cards import Card, parse_card
from tableside.demo.console import DealerConsole, DemoTable
from tableside.demo.players import Decision, SimulatedPlayer
from tableside.demo.strength import hand_strength
from tableside.demo.summary import Tally
from tableside.demo.tabletop import TableTop
from tableside.engine import Hand, Legal, Phase
from tableside.engine.catalogue import entry
from tableside.table.codec import card_text
from tableside.table.errors import TableError
from tableside.table.hand import TableHand

UNREAD = "??"  # a card dealt face down that nobody reads

# Every so many hands the serial line from the reader board catches some noise.
NOISY_EVERY = 10
# Buy-ins in minimum buy-ins: varied stacks make all-ins for different amounts (side pots).
BUY_INS = (1, 1, 1.5, 2, 3)


class DemoStopped(Exception):
    """The demo was asked to stop while the dealer waited for the real camera."""


class DemoError(RuntimeError):
    """The demo could not go on (the pad refused what the table must take), in English and
    German."""

    def __init__(self, en: str, de: str):
        super().__init__(en)
        self.texts = {"en": en, "de": de}


def _no_pause(kind: str) -> None:
    return None


class DemoDealer:
    def __init__(self, table: DemoTable, players: list[SimulatedPlayer], tally: Tally,
                 rng: random.Random, *, proposals: Proposals | None = None,
                 pad: Any = None, chips: Any = None, camera: Any = None,
                 games: tuple[str, ...] | None = None,
                 pause: Callable[[str], None] = _no_pause):
        self.table = table
        self.console = DealerConsole(table, tally)
        self.players = {p.seat: p for p in players}
        self.tally = tally
        self.rng = rng
        self.proposals = proposals if proposals is not None else Proposals()
        self.pad = pad  # SimulatedPad, or None: the console instead
        self.chips = chips  # SimulatedChips, or None: bets typed on the console
        self.camera = camera  # SimulatedCamera, or None: face-up cards typed on the console
        self.games = games  # dealer's choice: the games to choose from
        self.pause = pause
        self.top: TableTop | None = None
        self.stop = threading.Event()

    # ------------------------------------------------------------------ the evening
    def seat_players(self) -> None:
        minimum = self.table.state.minimum_buy_in()
        for player in self.players.values():
            self.console.send({"type": "sit", "seat": player.seat, "player": player.name,
                               "buy_in": self._buy_in(minimum)})

    def play(self, hands: int | None = None) -> None:
        """Play ``hands`` hands (None: until :attr:`stop` is set)."""
        played = 0
        while not self.stop.is_set() and (hands is None or played < hands):
            try:
                self.play_hand()
            except DemoStopped:
                return
            played += 1

    def _buy_in(self, minimum: int) -> int:
        return int(minimum * self.rng.choice(BUY_INS))

    # ------------------------------------------------------------------ one hand
    def play_hand(self) -> None:
        self._rebuy_busted()
        table_hand = self._start()
        if self.chips is not None and table_hand.number % NOISY_EVERY == 0:
            self.chips.line_noise()
        self.top = TableTop(table_hand.hand.variant, self.rng)
        if self.camera is not None:
            self.camera.new_hand()
        hand = table_hand.hand
        # The forced bets lie in front of their players, the antes (and a carried pot) in
        # the pot before the first card.
        self.top.bets = {table_hand.seat_of(p): b for p, b in enumerate(hand.bets) if b}
        self.top.pot = hand.total_pot() - sum(hand.bets)
        if self.chips is not None:
            self.chips.forced_bets(self.top.bets, self.top.pot)
        self.pause("hand")
        while True:
            table_hand = self.table.state.hand
            hand = table_hand.hand
            waiting = hand.waiting_for()
            if waiting != "betting" and any(self.top.bets.values()) and not any(hand.bets):
                self._sweep(hand)
            if waiting == "over" or table_hand.voided:
                break
            if waiting == "deal_hole" or (waiting == "draw" and not hand.still_to_draw()):
                self._deal_hole(table_hand)  # the deal, or the draw's replacements
            elif waiting == "deal_board":
                self._deal_board(table_hand)
            elif waiting == "betting":
                self._act(table_hand)
            elif waiting == "draw":
                self._draw(table_hand)
            elif waiting == "showdown":
                self._show(table_hand)
        self._finish(self.table.state.hand)

    def _rebuy_busted(self) -> None:
        state = self.table.state
        for seat in sorted(state.seats.values(), key=lambda s: s.seat):
            if seat.stack == 0:
                self.console.send({"type": "rebuy", "seat": seat.seat,
                                   "amount": self._buy_in(state.minimum_buy_in())})

    def _start(self) -> TableHand:
        if self.games:
            players = len(self.table.state.in_game())
            games = [code for code in self.games if entry(code).seats >= players]
            self.console.send({"type": "start_hand", "game": self.rng.choice(games)})
        elif self.pad is not None:
            self._press("next")
        else:
            self.console.send({"type": "start_hand"})
        return self.table.state.hand

    def _finish(self, table_hand: TableHand) -> None:
        result = table_hand.hand.result
        if result is not None:
            self.tally.hands[table_hand.game] += 1
            shown = sum(1 for cards in table_hand.hand.shown.values() if cards is not None)
            self.tally.count_result(result, shown)
        self._check_conservation(table_hand)
        # The winners take the pot; a pot nobody won (passed out) stays for the next deal.
        self.top.pot = result.carried if result is not None else self.top.pot
        if self.chips is not None:
            self.chips.pot_to_winners(self.top.pot)
        self.pause("finished")

    # ------------------------------------------------------------------ dealing
    def _deal_hole(self, table_hand: TableHand) -> None:
        hand = table_hand.hand
        needs = hand.needs_hole_cards()
        street = hand.current_street
        dealt_up: dict[int, list[bool]] = {}
        for player, count in sorted(needs.items()):
            pattern = [False] * count
            if hand.phase == Phase.DEALING and street is not None:
                pattern = list(street.face_up[-count:]) if count <= len(street.face_up) \
                    else [False] * count
            seat = table_hand.seat_of(player)
            self.top.deal(seat, pattern)
            dealt_up[seat] = pattern
        self.pause("deal")
        if not any(any(p) for p in dealt_up.values()):
            if self.pad is not None:  # all face down: NEXT deals them
                self._press("next")
            else:
                for seat, pattern in dealt_up.items():
                    self.console.send({"type": "deal", "seat": seat,
                                       "cards": [UNREAD] * len(pattern)})
            return
        # Stud: face-up cards, read by the camera (or typed), one deal per seat. The camera
        # proposes the seats' deals one after another, in whatever order it finds them.
        pending = dict(dealt_up)
        while pending and self._live():
            seat, cards = self._live_cards(
                lambda c: c["type"] == "deal" and c.get("seat") in pending, "up cards")
            pending.pop(seat)
            self.top.place_up(seat, cards)
        while pending:
            proposal = self._camera_proposal(
                lambda c: c["type"] == "deal" and c.get("seat") in pending)
            seat = proposal.command["seat"] if proposal is not None else min(pending)
            pattern = pending.pop(seat)
            held = self.top.cards_of(seat)
            truth = [c for c, up in zip(held[-len(pattern):], pattern, strict=True) if up]
            up = iter(truth)
            command = {"type": "deal", "seat": seat,
                       "cards": [card_text(next(up)) if is_up else UNREAD for is_up in pattern]}
            self._enter_read(command, truth, proposal, seat, f"seat {seat} up card")

    def _deal_board(self, table_hand: TableHand) -> None:
        if self._live():
            _, cards = self._live_cards(lambda c: c["type"] == "board", "board")
            self.top.place_board(cards)
            return
        count = table_hand.hand.needs_board_cards()
        truth = self.top.deal_board(count)
        self.pause("deal")
        proposal = self._camera_proposal(lambda c: c["type"] == "board")
        self._enter_read({"type": "board", "cards": [card_text(c) for c in truth]}, truth,
                         proposal, "board", "board")

    def _live(self) -> bool:
        return self.camera is not None and self.camera.live

    def _live_cards(self, wanted: Callable[[dict[str, Any]], bool],
                    what: str) -> tuple[int | None, list[Card]]:
        """A real camera: wait for its proposal, confirm it; the cards it put into the game
        and the seat it was for (None: the board)."""
        proposal = self.camera.wait_for(wanted, self.stop)
        if proposal is None:
            if self.stop.is_set():
                raise DemoStopped
            raise DemoError(f"the camera proposed no {what} in time: is it calibrated, and "
                            f"are the cards in their zone?",
                            f"die Kamera hat keine Karten ({what}) rechtzeitig vorgeschlagen: "
                            f"ist sie kalibriert, und liegen die Karten in ihrer Zone?")
        if not self._confirm_proposal(proposal):
            raise DemoError(f"the table refused the camera's {what}: correct it on the console",
                            f"der Tisch hat die Karten der Kamera ({what}) abgelehnt: in der "
                            f"Konsole korrigieren")
        cards = [parse_card(c) for c in proposal.command["cards"] if c != UNREAD]
        self.camera.cards += len(cards)
        return proposal.command.get("seat"), cards

    def _camera_proposal(self, wanted: Callable[[dict[str, Any]], bool]) -> Any:
        """What the camera proposes for the cards just put down (None: it proposes nothing
        fitting, or there is no camera)."""
        if self.camera is None:
            return None
        return self.camera.proposal(self.top, wanted)

    def _tally(self, truth: list[Card], seen: list[Card], where: str) -> list[Card | None]:
        """Count each card put down as read right, misread or unread; per card of ``truth``,
        the card the camera took it for (None: not read)."""
        self.tally.cards_placed += len(truth)
        number = self.table.state.hand.number
        # By name, not by place: a fanned hand or a tilted row need not lie in the order the
        # cards were dealt, and one card missed must not shift every reading after it.
        others = iter([c for c in seen if c not in truth])
        aligned: list[Card | None] = [c if c in seen else next(others, None) for c in truth]
        for placed, read in zip(truth, aligned, strict=True):
            if read is None:
                self.tally.cards_unread.append({"hand": number, "card": str(placed),
                                                "where": where})
            elif placed == read:
                self.tally.cards_recognised += 1
            else:
                self.tally.card_misreads.append({"hand": number, "placed": str(placed),
                                                 "read": str(read), "where": where})
        return aligned

    def _enter_read(self, command: dict[str, Any], truth: list[Card], proposal: Any,
                    zone: object, where: str) -> None:
        """The camera's proposal confirmed, then each misread card corrected on the console;
        the truth typed when the camera proposed nothing or the table refused it. ``command``
        is what the dealer types then (the truth)."""
        if self.camera is None:
            self.console.send(command)
            return
        if proposal is None:
            # What the camera holds there, known cards aside, for the summary; then typed.
            hand = self.table.state.hand.hand
            known = {c for cards in (*hand.boards, *hand.hole) for c in cards
                     if c is not None and c not in truth}
            self._tally(truth, [c for c in self.camera.seen_in(zone) if c not in known], where)
            self.console.send(command)
            self._note_correction(command, "typed", truth, [])
            return
        read = [parse_card(c) for c in proposal.command["cards"] if c != UNREAD]
        aligned = self._tally(truth, read, where)
        if not self._confirm_proposal(proposal):
            self.console.send(command)
            self._note_correction(command, "typed", truth, read)
            return
        for wrong, right in zip(aligned, truth, strict=True):
            if wrong is None or wrong == right:
                continue
            try:
                self.console.send({"type": "correct_card", "wrong": str(wrong),
                                   "right": str(right)})
                self._note_correction(command, "correct_card", [right], [wrong])
            except TableError:
                # Misreads that cross (each card read as the other) cannot be swapped one by
                # one: take the deal back and type it.
                self.console.send({"type": "undo", "count": 1, "reason": "misread cards"})
                self.console.send(command)
                self._note_correction(command, "typed", truth, read)
                return

    def _note_correction(self, command: dict[str, Any], how: str, right: list[Card],
                         wrong: list[Card]) -> None:
        self.tally.corrections.append({
            "hand": self.table.state.hand.number, "command": command["type"], "how": how,
            "wrong": [str(c) for c in wrong], "right": [str(c) for c in right]})

    # ------------------------------------------------------------------ betting
    def _act(self, table_hand: TableHand) -> None:
        hand = table_hand.hand
        legal = hand.legal()
        seat = table_hand.seat_of(legal.player)
        player = self.players[seat]
        reach = hand.bets[legal.player] + hand.stacks[legal.player]
        strength = hand_strength(hand.variant, self.top.cards_of(seat), self.top.board,
                                 self.rng)
        decision = player.decide(legal, strength, reach, self.rng)
        command, kind = _command(decision, legal, seat, reach)
        self.tally.actions[kind] += 1
        self.pause("action")
        if kind == "fold":
            self.top.fold(seat)
            self._by_button_or_console("fold", command)
            return
        if kind == "check":
            self._by_button_or_console("check_call", command)
            return
        in_front = hand.bets[legal.player]
        total = _total_after(decision, legal, in_front)
        self.top.bets[seat] = total
        if self.chips is None:
            if kind == "call" and self.pad is not None:
                self._press("check_call")
            else:
                self.console.send(command)
            return
        self._bet_with_chips(seat, total, command)

    def _bet_with_chips(self, seat: int, total: int, command: dict[str, Any]) -> None:
        """The player puts chips in the zone; the board reads them, the watcher proposes."""
        self.tally.bets_placed += 1
        outcome = self.chips.bet(seat, total)
        number = self.table.state.hand.number
        if outcome.command == command and self._confirm_proposal(outcome.proposal):
            self.tally.bets_read += 1
            return
        self.proposals.withdraw(outcome.proposal)
        self.tally.bet_misreads.append({"hand": number, "seat": seat,
                                        "placed": command, "read": outcome.command,
                                        "text": outcome.texts})
        self.console.send(command)
        self.tally.corrections.append({"hand": number, "command": command["type"],
                                       "how": "typed bet", "seat": seat})

    def _sweep(self, hand: Hand) -> None:
        """End of a street: the zones go into the pot, an uncalled bet back to its owner."""
        amounts = sorted(self.top.bets.values(), reverse=True)
        uncalled = amounts[0] - (amounts[1] if len(amounts) > 1 else 0)
        self.top.pot += sum(amounts) - uncalled
        self.top.bets = {}
        if self.chips is not None:  # the board counts the pot while the hand goes on
            self.chips.sweep(self.top.pot, wait=not hand.is_over)
        self.pause("sweep")

    # ------------------------------------------------------------------ draw and showdown
    def _draw(self, table_hand: TableHand) -> None:
        hand = table_hand.hand
        player = hand.still_to_draw()[0]
        seat = table_hand.seat_of(player)
        held = self.top.cards_of(seat)
        counts = hand.discard_counts(player) or (0,)
        # Never more than the stock can replace for everyone still to draw.
        pending = sum(hand.needs_hole_cards().values())
        share = max(0, (self.top.stock_left() - pending) // len(hand.still_to_draw()))
        wanted = _discards(held, hand.variant.judge)
        count = max((k for k in counts if k <= min(len(wanted), share)), default=0)
        thrown = wanted[:count]
        self.tally.actions["discard" if thrown else "stand_pat"] += 1
        self.pause("action")
        command = {"type": "discard", "seat": seat, "cards": [UNREAD] * len(thrown)}
        try:
            self.console.send(command)
        except TableError as refusal:
            if refusal.rule != "split_openers":
                raise
            self.console.send({**command, "split_openers": True})
        self.top.discard(seat, thrown)

    def _show(self, table_hand: TableHand) -> None:
        hand = table_hand.hand
        order = hand.showdown_order()
        player = order[0]
        seat = table_hand.seat_of(player)
        self.pause("show")
        shown_before = any(cards is not None for cards in hand.shown.values())
        if shown_before and not hand.config.all_hands_shown and len(order) > 1 \
                and self.rng.random() < 0.25:
            self.top.fold(seat)  # mucks: face down into the muck, nobody reads them
            self.tally.actions["muck"] += 1
            self.console.send({"type": "show", "seat": seat, "cards": None})
            return
        self.tally.actions["show"] += 1
        if self._live():
            _, cards = self._live_cards(lambda c: c["type"] == "show" and c["seat"] == seat,
                                     f"seat {seat} showdown")
            self.top.place_shown(seat, cards)
            return
        truth = self.top.show(seat)
        proposal = self._camera_proposal(lambda c: c["type"] == "show" and c["seat"] == seat)
        self._enter_read({"type": "show", "seat": seat, "cards": [card_text(c) for c in truth]},
                         truth, proposal, seat, f"seat {seat} showdown")

    # ------------------------------------------------------------------ inputs
    def _press(self, action: str) -> None:
        report = self.pad.press(action)
        if not report.accepted:
            raise DemoError(f"the dealer pad refused {action}: {report.message('en')}",
                            f"die Gebertasten haben {action} abgelehnt: {report.message('de')}")

    def _by_button_or_console(self, action: str, command: dict[str, Any]) -> None:
        if self.pad is not None:
            self._press(action)
        else:
            self.console.send(command)

    def _confirm_proposal(self, proposal: Any) -> bool:
        if self.pad is not None:
            accepted = self.pad.press("confirm").accepted
        else:  # no pad: the dealer takes the proposal on the console
            try:
                self.console.send(dict(proposal.command))
                accepted = True
            except TableError:
                accepted = False
        self.proposals.withdraw(proposal)
        return accepted

    # ------------------------------------------------------------------ checks
    def _check_conservation(self, table_hand: TableHand) -> None:
        """After each hand: the chips bought are in the stacks, a carried pot or the rake;
        and the chips the players put on the felt are the pot the table settled."""
        state = self.table.state
        bought = sum(line["amount"] * (-1 if line["kind"] == "cash_out" else 1)
                     for line in state.ledger)
        hand = table_hand.hand
        carried = hand.result.carried if hand.result is not None else 0
        stacks = sum(seat.stack for seat in state.seats.values())
        settled = hand.total_pot()
        if stacks + carried + state.house_rake() != bought or self.top.pot != settled:
            self.tally.conservation = False
            self.tally.conservation_failures.append({
                "hand": table_hand.number, "bought": bought, "stacks": stacks,
                "carried": carried, "rake": state.house_rake(), "pot_on_felt": self.top.pot,
                "pot_settled": settled})


def _command(decision: Decision, legal: Legal, seat: int,
             reach: int) -> tuple[dict[str, Any], str]:
    """The table command of a decision, and what kind of action it is for the summary."""
    if decision.kind == "fold":
        return {"type": "fold", "seat": seat}, "fold"
    if decision.kind == "bring_in":
        return {"type": "bring_in", "seat": seat}, "bring_in"
    if decision.kind == "check_call":
        if legal.can_check:
            return {"type": "check_call", "seat": seat}, "check"
        return {"type": "check_call", "seat": seat}, "all_in" if legal.call_is_all_in else "call"
    to = decision.to
    if to == reach:
        kind = "all_in"
    elif legal.bring_in is not None:
        kind = "complete"
    else:
        kind = "raise" if legal.facing_bet else "bet"
    return {"type": "bet_raise", "seat": seat, "to": to}, kind


def _total_after(decision: Decision, legal: Legal, in_front: int) -> int:
    """What lies in the player's zone after the action: the whole bet for the street."""
    if decision.kind == "bring_in":
        return in_front + legal.bring_in
    if decision.kind == "check_call":
        return in_front + legal.call
    return decision.to


def _discards(held: list[Card], judge: str) -> list[Card]:
    """The cards a player would throw, worst first: unpaired cards in high games (an ace
    kept), high or paired cards in lowball."""
    ranks = [c.rank if not c.is_joker else -1 for c in held]
    if judge in ("a5-low", "27-low"):
        ace_low = judge == "a5-low"

        def badness(i: int) -> tuple[int, int]:
            rank = ranks[i]
            value = -1 if rank == -1 else (0 if ace_low and rank == 12 else rank + 1)
            paired = sum(r == rank for r in ranks[:i])
            return (paired, value)
        order = sorted(range(len(held)), key=badness, reverse=True)
        return [held[i] for i in order if badness(i)[0] or badness(i)[1] > 8]
    keep = {r for r in ranks if ranks.count(r) > 1 or r == -1}
    if not keep:
        keep = {max(ranks)} if max(ranks) >= 10 else set()
    throw = [(r, c) for r, c in zip(ranks, held, strict=True) if r not in keep]
    return [c for _, c in sorted(throw, key=lambda rc: rc[0])]
