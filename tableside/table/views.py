"""What the table shows: the public state (for the TV and the players' phones) and the
dealer's state, as plain JSON-ready dicts.

The public state never holds a hidden card: a player's cards appear only as they are face up
(stud's up cards) or once the player has shown them (at the showdown, or tabled when all are
all-in); everything else is ``"??"``. The same rule applies to the hand's history: a card in a
deal, a discard or a correction appears only if it is public by now. The dealer's state shows
every card and adds the ledger and the seats' flags.

Shape of :func:`public_state` (seats numbered from 1; amounts in chips)::

    {"version": n,                          # the number of the last command applied
     "table": {"name", "mode", "language", "seats", "opened_at", "closed", "settings"},
     "seats": [{"seat", "player", "stack", "status", "button", "small_blind", "big_blind",
                "in_hand", "folded", "all_in", "bet", "cards", "to_act"}, ...],
     "hand": HAND or null,                  # in play, or finished and open to corrections
     "last_hand": HAND or null,             # the hand closed last
     "rotation": {"en", "de"} or null,      # "H.O.R.S.E.: Razz, 3 of 6 hands"
     "carried_pot": n,
     "redeal": REDEAL or null,              # the next deal is a redeal of a passed-out one
     "tournament": null or {"level", "next_level", "levels", "level_stakes", "eliminated",
                            "finishing_order", "winner", "clock",
                            "clock_state": null or {"started", "running", "banked",
                                                    "running_since", "stages"}},
     "action_timer": null or {"seat", "started_at", "seconds", "warn_before", "paused",
                              "remaining", "warned", "as_of", "expires_at", "warns_at"}}

    HAND = {"number", "started_at", "game", "game_name": {"en", "de"}, "level", "stakes",
            "button", "small_blind", "big_blind", "dead_button", "straddles", "voided",
            "declare_hands",
            "finished", "phase", "waiting_for", "street", "actor", "legal",
            "needs_cards": {"seats": {seat: count}, "board": count},
            "board", "boards", "pots": [{"amount", "eligible"}], "total_pot",
            "players": [{"seat", "player", "start_stack", "stack", "bet", "folded",
                         "all_in", "cards", "shown", "value", "declared"}],
            "result": null or {"pots": [...], "won": {seat: n}, "rake", "carried"},
            "redeal": REDEAL or null,       # this deal is a redeal: why, who plays it
            "history": [command with "seq" and "at", ...]}

    REDEAL = {"reason": "unopened" or "short_of_winning", "game", "seats", "players",
              "button", "pot", "passed_out", "openers": null or {"rank", "en", "de"},
              "text": {"en": "Nobody opened: redeal, queens or better to open", "de": ...}}

A shown hand's ``value`` is how the hand judges it, one per board (run it twice: two):
``[{"en": {"name", "category", "best", "strength", "stands_for"?}, "de": {...}}]`` (hi-lo:
``{"high": ..., "low": ... or null}``), or null while it is not shown or cannot be judged yet
(tabled all in before the flop). ``declared`` (house rule "declare your hand") is
``{"category", "ranks", "name": {"en", "de"}, "made": [bool per board]}`` or null.

``status`` is one of ``empty``, ``in_hand``, ``sitting_out``, ``busted`` (no chips),
``waiting`` (for the big blind), ``ready``. ``status`` of a seat in the hand in play is
``in_hand`` even after the player folded (``folded`` says so).
"""

from __future__ import annotations

from typing import Any

from tableside.engine.catalogue import entry
from tableside.table.clock import Break
from tableside.table.codec import UNKNOWN, card_text, declaration_to_json
from tableside.table.hand import TableHand
from tableside.table.redeal import Redeal
from tableside.table.state import TableState, legal_json


def public_state(state: TableState) -> dict[str, Any]:
    return _state(state, reveal=False)


def dealer_state(state: TableState) -> dict[str, Any]:
    data = _state(state, reveal=True)
    data["ledger"] = list(state.ledger)
    for seat in data["seats"]:
        own = state.seats.get(seat["seat"])
        seat["flags"] = None if own is None else {
            "sitting_out": own.sitting_out, "waiting": own.waiting,
            "missed_big_blind": own.missed_big_blind}
    data["minimum_buy_in"] = state.minimum_buy_in() if state.settings else None
    return data


def _state(state: TableState, reveal: bool) -> dict[str, Any]:
    s = state.settings
    if s is None:
        return {"version": state.seq, "table": None, "seats": [], "hand": None,
                "last_hand": None, "rotation": None, "carried_pot": 0, "redeal": None,
                "tournament": None,
                "action_timer": None}
    hand = state.hand
    hand_view = hand_state(hand, reveal) if hand else None
    settings = s.to_json()
    if not reveal:
        # The camera's corners and zones are the dealer's business, and large: not on the TV.
        settings.pop("camera_calibration", None)
    return {
        "version": state.seq,
        "table": {"name": s.name, "mode": s.mode, "language": s.language, "seats": s.seats,
                  "opened_at": state.opened_at, "closed": state.closed,
                  "settings": settings},
        "seats": [_seat(state, number, hand_view) for number in range(1, s.seats + 1)],
        "hand": hand_view,
        "last_hand": hand_state(state.last_hand, reveal) if state.last_hand else None,
        "rotation": ({"en": state.turn.banner("en"), "de": state.turn.banner("de")}
                     if state.turn is not None and state.turn.game else None),
        "carried_pot": state.carried_pot,
        "redeal": _redeal(state.pending_redeal()),
        "tournament": _tournament(state) if s.tournament else None,
        "action_timer": _timer(state),
    }


def _seat(state: TableState, number: int, hand_view: dict[str, Any] | None) -> dict[str, Any]:
    seat = state.seats.get(number)
    data: dict[str, Any] = {
        "seat": number, "player": None, "stack": 0, "status": "empty", "button": False,
        "small_blind": False, "big_blind": False, "in_hand": False, "folded": False,
        "all_in": False, "bet": 0, "cards": [], "to_act": False}
    if hand_view is not None:
        data["button"] = hand_view["button"] == number
        data["small_blind"] = hand_view["small_blind"] == number
        data["big_blind"] = hand_view["big_blind"] == number
    if seat is None:
        return data
    data["player"], data["stack"] = seat.player, seat.stack
    playing = None
    if hand_view is not None:
        playing = next((p for p in hand_view["players"] if p["seat"] == number), None)
    if playing is not None and not hand_view["finished"] and not hand_view["voided"]:
        data.update(status="in_hand", in_hand=True, folded=playing["folded"],
                    all_in=playing["all_in"], bet=playing["bet"], cards=playing["cards"],
                    stack=playing["stack"], to_act=hand_view["actor"] == number)
        return data
    if playing is not None:
        data["cards"] = playing["cards"]
    if seat.sitting_out:
        data["status"] = "sitting_out"
    elif seat.stack == 0:
        data["status"] = "busted"
    elif seat.waiting:
        data["status"] = "waiting"
    else:
        data["status"] = "ready"
    return data


def hand_state(table_hand: TableHand, reveal: bool = False) -> dict[str, Any]:
    """One hand as the table shows it (``reveal``: every card, for the dealer)."""
    hand, seats = table_hand.hand, table_hand.seats
    public = _public_cards(table_hand)
    players = []
    for player, seat in enumerate(seats):
        cards = [card_text(c) for c in hand.hole[player]] if reveal else public[player]
        players.append({
            "seat": seat, "player": table_hand.names[player],
            "start_stack": table_hand.config.stacks[player], "stack": hand.stacks[player],
            "bet": hand.bets[player], "folded": hand.folded[player],
            "all_in": hand.all_in(player), "cards": cards,
            "shown": hand.shown.get(player) is not None,
            "value": _value(table_hand, player), "declared": _declared(table_hand, player)})
    visible = {c for cards in public for c in cards if c != UNKNOWN}
    visible.update(card_text(c) for board in hand.boards for c in board)
    street = hand.current_street
    result = hand.result
    actor = hand.actor
    positions = table_hand.positions
    return {
        "number": table_hand.number, "started_at": table_hand.started_at,
        "game": table_hand.game, "game_name": dict(entry(table_hand.game).names),
        "level": table_hand.level, "stakes": table_hand.stakes.to_json(),
        "button": positions.button, "small_blind": positions.small_blind,
        "big_blind": positions.big_blind, "dead_button": positions.dead_button,
        "straddles": table_hand.straddles, "voided": table_hand.voided,
        "declare_hands": table_hand.config.declare_hands,
        "finished": table_hand.finished, "phase": str(hand.phase),
        "waiting_for": "voided" if table_hand.voided else hand.waiting_for(),
        "street": street.name if street is not None else None,
        "actor": seats[actor] if actor is not None else None,
        "legal": legal_json(table_hand) if not table_hand.voided else None,
        "needs_cards": {"seats": {str(seats[p]): k for p, k in hand.needs_hole_cards().items()},
                        "board": hand.needs_board_cards()},
        "board": [card_text(c) for c in hand.board],
        "boards": [[card_text(c) for c in board] for board in hand.boards],
        "pots": [{"amount": pot.amount, "eligible": [seats[p] for p in pot.eligible]}
                 for pot in hand.pots()],
        "total_pot": hand.total_pot(),
        "players": players,
        "result": _result(result, seats, table_hand) if result is not None else None,
        "redeal": _redeal(Redeal.from_json(table_hand.redeal)),
        "history": [_entry(e, visible, reveal) for e in table_hand.history],
    }


def _redeal(redeal: Redeal | None) -> dict[str, Any] | None:
    return redeal.to_public() if redeal is not None else None


def _value(table_hand: TableHand, player: int) -> list[dict[str, Any]] | None:
    """A shown hand judged as the hand judges it (the engine's ``value_of``: wild cards, a
    wild widow, a declaration), per board; None when not shown or not judgeable yet."""
    hand = table_hand.hand
    if table_hand.voided or hand.shown.get(player) is None or hand.folded[player]:
        return None
    runs = []
    for run in range(len(hand.boards)):
        try:
            value = hand.value_of(player, run)
        except ValueError:  # too few cards for a hand yet (tabled all in before the flop)
            return None
        runs.append({"en": value.to_json("en"), "de": value.to_json("de")})
    return runs


def _declared(table_hand: TableHand, player: int) -> dict[str, Any] | None:
    hand = table_hand.hand
    declared = hand.declarations.get(player)
    if declared is None:
        return None
    made = []
    for run in range(len(hand.boards)):
        try:
            made.append(not hand.misdeclared(player, run))
        except ValueError:
            made.append(None)  # not judgeable yet
    return {**declaration_to_json(declared),
            "name": {"en": declared.name("en"), "de": declared.name("de")}, "made": made}


def _public_cards(table_hand: TableHand) -> list[list[str]]:
    """Each player's cards as everyone may see them."""
    hand = table_hand.hand
    cards = []
    for player in range(hand.players):
        shown = hand.shown.get(player)
        if shown is not None:
            cards.append([card_text(c) for c in shown])
            continue
        cards.append([card_text(c) if up else UNKNOWN
                      for c, up in zip(hand.hole[player], hand.up[player], strict=True)])
    return cards


def _entry(entry_: dict[str, Any], visible: set[str], reveal: bool) -> dict[str, Any]:
    if reveal:
        return dict(entry_)
    data = dict(entry_)
    if entry_["type"] in ("deal", "discard") and entry_["cards"]:
        data["cards"] = [c if c in visible else UNKNOWN for c in entry_["cards"]]
    elif entry_["type"] == "correct_card" and entry_["right"] not in visible:
        # Once the right card is public (on the board, or shown), the misread one says
        # nothing about anyone's hand; until then both stay hidden.
        data["wrong"] = data["right"] = UNKNOWN
    return data


def _result(result: Any, seats: tuple[int, ...], table_hand: TableHand) -> dict[str, Any]:
    pots = []
    for pot in result.pots:
        awards = []
        for award in pot.awards:
            awards.append({
                "half": award.half, "amount": award.amount, "run": award.run,
                "winners": [seats[p] for p in award.winners],
                "shares": {str(seats[p]): share for p, share in award.shares.items()},
                "odd_chips": [seats[p] for p in award.odd_chips],
                "hands": {str(seats[p]): {"en": value.to_json("en"), "de": value.to_json("de")}
                          for p, value in award.hands.items()}})
        pots.append({"pot": pot.index, "amount": pot.amount,
                     "eligible": [seats[p] for p in pot.eligible], "awards": awards})
    return {"pots": pots, "won": {str(seats[p]): won for p, won in enumerate(result.won)},
            "rake": result.rake, "carried": result.carried,
            "stacks": {str(seats[p]): stack for p, stack in enumerate(result.stacks)}}


def _timer(state: TableState) -> dict[str, Any] | None:
    """The player to act's timer (tableside.table.action_timer), as times: the display counts
    down to ``expires_at`` while it runs; paused, it shows ``remaining``. ``remaining`` and
    ``warned`` are as of the state's last command (the fold reads no clock)."""
    timer = state.action_timer()
    if timer is None:
        return None
    reading = timer.reading(state.last_at)
    return {"seat": state.hand.seat_of(state.hand.hand.actor), "started_at": timer.started_at,
            "seconds": timer.settings.seconds, "warn_before": timer.settings.warn_before,
            "paused": timer.paused, "remaining": reading.remaining, "warned": reading.warned,
            "as_of": state.last_at, "expires_at": timer.expires_at(),
            "warns_at": timer.warns_at()}


def _tournament(state: TableState) -> dict[str, Any]:
    s = state.settings
    order = state.finishing_order()
    winner = order[0]["player"] if order and order[0]["place"] == 1 else None
    return {"level": state.level, "next_level": state.next_level, "levels": list(s.levels),
            "level_stakes": s.levels[state.level - 1] if s.levels else None,
            "eliminated": list(state.eliminated), "finishing_order": order,
            "winner": winner, "clock": list(state.clock),
            "clock_state": _clock_state(state) if s.levels else None}


def _clock_state(state: TableState) -> dict[str, Any]:
    """The tournament clock as folded (tableside.table.clock), as times: its running time is
    ``banked`` plus, while it runs, the time since ``running_since``. Each stage starts at a
    running time (``start``) and has the number players call its level."""
    clock = state.tournament_clock()
    structure = clock.structure
    return {"started": clock.started, "running": clock.running, "banked": clock.banked,
            "running_since": clock.running_since,
            "stages": [{"start": start, "seconds": stage.seconds,
                        "is_break": isinstance(stage, Break),
                        "number": structure.level_number(index)}
                       for index, (start, stage) in enumerate(zip(structure.starts(),
                                                                  structure.stages,
                                                                  strict=True))]}
