"""The settings one hand is played under: variant, stacks, forced bets and limits."""

from __future__ import annotations

from dataclasses import dataclass

from tableside.engine.variants import Structure, Variant

MAX_PLAYERS = 10
_INT = {int}


@dataclass(frozen=True, slots=True)
class Rake:
    """House rake: ``percent`` of the pot, at most ``cap`` chips; none without a flop."""

    percent: float
    cap: int
    no_flop_no_drop: bool = True

    def of(self, pot: int, flop_seen: bool) -> int:
        if self.no_flop_no_drop and not flop_seen:
            return 0
        return min(self.cap, int(pot * self.percent) // 100)


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Players are listed by position: first the seat left of the button, last the button.

    ``antes`` and ``blinds`` give what each player posts (the PHH convention: a big-blind
    ante is ``(0, ante, 0, ...)``, straddles are further blinds, ``(50, 100, 200, 0, ...)``).
    Heads-up the button posts the small blind: ``blinds=(100, 50)`` with the button last.
    """

    variant: Variant
    stacks: tuple[int, ...]
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    bring_in: int = 0
    small_bet: int = 0  # fixed limit; spread limit: the smallest bet
    big_bet: int = 0  # fixed limit; spread limit: the largest bet
    min_bet: int = 0  # no-limit and pot-limit; 0: the largest blind
    raise_cap: int | None = 4  # limit games: bets, raises and completions per betting round
    uncapped_heads_up: bool = False  # limit games: no cap when only two players are left
    live_straddles: bool = True  # a straddler acts last preflop and may raise when checked to
    all_hands_shown: bool = False  # house rule: no mucking at showdown
    run_twice: bool = False  # house rule: all-in players may run the rest of the board twice
    any_draw: bool = False  # house rule: draw any number of cards, whatever the variant says
    open_pair_big_bet: bool = False  # stud: an open pair on fourth street allows the big bet
    # Draw: opening the first round needs a pair of this rank or better (JACK: jacks or better;
    # None: the variant's, as Jacks Back's jacks); if nobody opens, the deal is passed out and
    # the pot carries to the next deal (Jacks Back: the hand turns lowball).
    openers: int | None = None
    carried_pot: int = 0  # dead money from a passed-out deal, in the main pot
    # Trips to win: a showdown needs at least this category (Category.THREE_OF_A_KIND), or
    # the pot stays and the players still in after the first round are dealt again.
    to_win: int | None = None
    button_opens_after_draw: bool = False  # house rule: after a draw, left of the button first
    rake: Rake | None = None
    # A blind posted short (all-in) is still called in full: the card-room rule (Wikipedia
    # "Betting in poker", TDA rulings). False: calling what the blind put in is enough, as
    # online sites and PokerKit, the PHH records' reference, play it.
    call_full_blind: bool = True
    # Fixed limit, Robert's Rules of Poker: an all-in raise of at least half a bet counts as a
    # full raise (it reopens the betting and counts toward the cap); a smaller one does
    # neither, and the next raise completes the last full bet. False: every all-in raise is a
    # full raise, as PokerKit (the PHH records' reference) plays it.
    half_bet_rule: bool = True
    # House rule for wild-card games: each player declares their hand at the showdown and is
    # bound by it; see tableside.evaluation.declared.
    declare_hands: bool = False

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"a hand needs 2 to {MAX_PLAYERS} players, got {n}")
        for name in ("antes", "blinds"):
            values = getattr(self, name)
            if values and len(values) != n:
                raise ValueError(f"{name} has {len(values)} entries for {n} players")
        for name in ("stacks", "antes", "blinds"):
            values = getattr(self, name)
            if set(map(type, values)) <= _INT and min(values, default=0) >= 0:
                continue  # whole chip counts, checked in C: this runs for every hand
            bad = next(v for v in values if not isinstance(v, int) or v < 0)
            raise ValueError(f"{name} must be whole chip counts >= 0, got {bad!r}")
        if min(self.stacks) <= 0:
            raise ValueError("every player needs chips to play a hand")
        structure = self.variant.structure
        if structure in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT) and not (
                0 < self.small_bet <= self.big_bet):
            raise ValueError(f"{structure} needs 0 < small_bet <= big_bet")
        if structure in (Structure.NO_LIMIT, Structure.POT_LIMIT) and self.opening_bet <= 0:
            raise ValueError(f"{structure} needs a minimum bet (min_bet or blinds)")
        game = self.variant
        if self.declare_hands and not (
                game.judge == "high" and game.if_unopened is None
                and (game.wild_ranks or game.jokers or game.widow)):
            raise ValueError("declaring hands is a house rule for wild-card games judged high, "
                             f"not for {game.code}")

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def opening_bet(self) -> int:
        """The smallest bet in no-limit and pot-limit: ``min_bet``, else the big blind."""
        return self.min_bet or self.big_blind

    @property
    def big_blind(self) -> int:
        """The second blind in position order (straddles come after it); heads-up the larger
        one, since the button's small blind is listed last; with a single blind, that one."""
        posted = [b for b in self.blinds if b]
        if len(self.stacks) == 2 or len(posted) < 2:
            return max(posted, default=0)
        return posted[1]

    def ante(self, player: int) -> int:
        return self.antes[player] if self.antes else 0

    def blind(self, player: int) -> int:
        return self.blinds[player] if self.blinds else 0
