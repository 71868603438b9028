"""PokerStars hand histories of engine hands: the sections in order, PokerStars' wording for
every line, amounts that add up (checked by reading the text back with a few regular
expressions, not with the exporter's code), and - for no-limit hold'em, the one game its
parser reads - PokerKit's PokerStars parser, whose own engine must end every hand with the
same stacks as ours."""

from __future__ import annotations

import re
import warnings
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import pytest
from engine_helpers import check_around, deal_board, new, show_all, start
from pokerkit import PokerStarsParser

from tableside.cards import parse_cards
from tableside.engine import BetRaise, CheckCall, DealHole, Fold, Hand, Rake, RunTwice, Show
from tableside.evaluation import judge
from tableside.table.errors import TableError
from tableside.table.ledger import ChipValue
from tableside.table.pokerstars import hand_description, to_pokerstars

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Finn")
CET = timezone(timedelta(hours=1), "CET")
STARTED = datetime(2024, 3, 8, 21, 15, 0, tzinfo=CET)


def export(hand: Hand, **options) -> str:
    """The hand at a 9-max table: players in seats 2, 3, 4, ... with the button last."""
    n = hand.players
    arguments = dict(hand_id=20240308001, table_name="Kitchen",
                     seat_numbers=tuple(range(2, n + 2)), player_names=NAMES[:n],
                     button_seat=n + 1, max_seats=9, started_at=STARTED)
    arguments.update(options)
    return to_pokerstars(hand, **arguments)


# ----------------------------------------------------------------------------- hands


def showdown_hand() -> Hand:
    """Four players: a raise, a flop raise, an all-in on the turn, a showdown."""
    hand = start("NT", (1_000, 500, 1_500, 800), ["As Kd", "Qh Qc", "7c 2d", "Jh Th"],
                 blinds=(5, 10, 0, 0))
    hand.apply(BetRaise(2, 30))
    hand.apply(CheckCall(3))
    hand.apply(Fold(0))
    hand.apply(CheckCall(1))
    deal_board(hand, "Qs 8d 3c")
    hand.apply(CheckCall(1))
    hand.apply(BetRaise(2, 60))
    hand.apply(BetRaise(3, 200))
    hand.apply(Fold(1))
    hand.apply(CheckCall(2))
    deal_board(hand, "9c")
    hand.apply(CheckCall(2))
    hand.apply(BetRaise(3, 570))
    hand.apply(CheckCall(2))
    deal_board(hand, "2h")
    show_all(hand)
    return hand


def walk() -> Hand:
    """Everyone folds to the big blind."""
    hand = start("NT", (1_000,) * 4, blinds=(5, 10, 0, 0))
    for player in (2, 3, 0):
        hand.apply(Fold(player))
    return hand


def shown_after_a_raise() -> Hand:
    """Everyone folds to a raise; the raiser shows the hand anyway."""
    hand = start("NT", (1_000,) * 3, ["7c 2d", "Ks Kd", "As Ad"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 30))
    hand.apply(Fold(0))
    hand.apply(Fold(1))
    hand.apply(Show(2, tuple(hand.hole[2])))
    return hand


def side_pots() -> Hand:
    """Four stacks all-in preflop: a main pot and two side pots."""
    hand = start("NT", (100, 300, 1_000, 1_000), ["As Ad", "Ks Kd", "Qs Qd", "Js Jd"],
                 blinds=(5, 10, 0, 0))
    hand.apply(BetRaise(2, 1_000))
    hand.apply(CheckCall(3))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    for board in ("2c 3c 4d", "8h", "9s"):
        deal_board(hand, board)
    show_all(hand)
    return hand


def one_side_pot() -> Hand:
    """A short stack all-in, called by two; the bigger stacks bet on into one side pot."""
    hand = start("NT", (50, 1_000, 1_000), ["As Ad", "Ks Kd", "7c 2d"], blinds=(5, 10, 0))
    hand.apply(BetRaise(2, 50))
    hand.apply(CheckCall(0))  # all-in
    hand.apply(CheckCall(1))
    deal_board(hand, "2c 3c 4d")
    hand.apply(BetRaise(1, 100))
    hand.apply(CheckCall(2))
    deal_board(hand, "8h")
    check_around(hand)
    deal_board(hand, "9s")
    check_around(hand)
    show_all(hand)
    return hand


def heads_up() -> Hand:
    """Heads-up the button posts the small blind; a bet on the flop takes it down."""
    hand = start("NT", (300, 1_000), ["As Ad", "Ks Kd"], blinds=(10, 5))
    hand.apply(BetRaise(1, 30))
    hand.apply(CheckCall(0))
    deal_board(hand, "2c 3c 4d")
    hand.apply(BetRaise(0, 50))
    hand.apply(Fold(1))
    return hand


def with_a_muck() -> Hand:
    """The river bettor shows first; the caller, beaten, mucks his (known) cards."""
    hand = start("NT", (1_000,) * 3, ["As Kd", "Qh Qc", "7c 2d"], blinds=(5, 10, 0))
    check_around(hand)
    for board in ("Ah 8d 3c", "9c"):
        deal_board(hand, board)
        check_around(hand)
    deal_board(hand, "2h")
    hand.apply(BetRaise(0, 40))
    hand.apply(CheckCall(1))
    hand.apply(Fold(2))
    hand.apply(Show(0, tuple(hand.hole[0])))
    hand.apply(Show(1, None))
    return hand


def fixed_limit() -> Hand:
    hand = start("FT", (200,) * 3, ["As Kd", "Qh Qc", "7c 2d"], blinds=(1, 2, 0), small_bet=2,
                 big_bet=4)
    hand.apply(BetRaise(2, 4))
    hand.apply(BetRaise(0, 6))
    hand.apply(CheckCall(1))
    hand.apply(CheckCall(2))
    deal_board(hand, "Ah 8d 3c")
    hand.apply(BetRaise(0, 2))
    hand.apply(Fold(1))
    hand.apply(Fold(2))
    return hand


def omaha_hi_lo() -> Hand:
    hand = start("PO/8", (500,) * 3, ["Ah 2h Kd Kc", "3s 4s Qd Qc", "9c 9d Tc Th"],
                 blinds=(5, 10, 0))
    check_around(hand)
    for board in ("5c 6d Kh", "7s", "Jd"):
        deal_board(hand, board)
        check_around(hand)
    show_all(hand)
    return hand


def run_twice() -> Hand:
    hand = start("NT", (500,) * 3, ["As Ad", "Ks Kd", "7c 2d"], blinds=(5, 10, 0),
                 run_twice=True)
    hand.apply(BetRaise(2, 30))
    hand.apply(Fold(0))
    hand.apply(BetRaise(1, 500))
    hand.apply(CheckCall(2))
    deal_board(hand, "2c 3c 4d")
    hand.apply(RunTwice())
    for board in ("8h", "9s", "Kh", "Qc"):
        deal_board(hand, board)
    show_all(hand)
    return hand


def straddle_and_antes() -> Hand:
    hand = start("NT", (1_000,) * 5, ["As Kd", "Qh Qc", "7c 2d", "Jh Th", "9s 9d"],
                 blinds=(5, 10, 20, 0, 0), antes=(1,) * 5)
    hand.apply(CheckCall(3))
    for player in (4, 0, 1):
        hand.apply(Fold(player))
    hand.apply(CheckCall(2))  # the straddle's option
    deal_board(hand, "Ah 8d 3c")
    hand.apply(BetRaise(2, 20))
    hand.apply(Fold(3))
    return hand


def raked() -> Hand:
    hand = start("NT", (10, 100, 100), ["As Ah", "Ks Kh", "Qs Qh"], blinds=(1, 2, 0),
                 rake=Rake(percent=5, cap=100))
    hand.apply(BetRaise(2, 100))
    hand.apply(CheckCall(0))
    hand.apply(CheckCall(1))
    for board in ("2c 7d 9h", "Jc", "3s"):
        deal_board(hand, board)
    show_all(hand)
    return hand


NO_LIMIT_HOLDEM = (showdown_hand, walk, shown_after_a_raise, side_pots, one_side_pot, heads_up,
                   with_a_muck)
ALL_HANDS = (*NO_LIMIT_HOLDEM, fixed_limit, omaha_hi_lo, run_twice, straddle_and_antes, raked)


# ----------------------------------------------------------------------------- reading back

ACTION_LINES = [
    r"Dealt to .+ \[(\S\S ?)+\]",
    r".+: folds",
    r".+: checks",
    r".+: calls \d+( and is all-in)?",
    r".+: bets \d+( and is all-in)?",
    r".+: raises \d+ to \d+( and is all-in)?",
    r"\*\*\* ((FIRST|SECOND) )?(FLOP \*\*\* \[\S\S \S\S \S\S\]"
    r"|(TURN|RIVER) \*\*\* \[[^]]+\] \[\S\S\])",
    r"Uncalled bet \(\d+\) returned to .+",
    r"\*\*\* ((FIRST|SECOND) )?SHOW DOWN \*\*\*",
    r".+: shows \[[^]]+\] \(.+\)",
    r".+: mucks hand",
    r".+: doesn't show hand",
    r".+ collected \d+ from (pot|main pot|side pot|side pot-\d+)",
]
SUMMARY_LINES = [
    r"Total pot \d+( Main pot \d+\.( Side pot(-\d+)? \d+\.)+)? \| Rake \d+",
    r"Board \[[^]]+\]",
    r"Hand was run twice",
    r"(FIRST|SECOND) Board \[[^]]+\]",
    r"Seat \d+: .+? (\(button\) )?(\((small|big) blind\) )?(folded before Flop( \(didn't bet\))?"
    r"|folded on the (Flop|Turn|River)|collected \(\d+\)|mucked( \[[^]]+\])?"
    r"|showed \[[^]]+\] and (won \(\d+\)|lost) with .+)",
]


def sections(text: str) -> list[str]:
    return re.findall(r"^\*\*\* (.+?) \*\*\*", text, re.MULTILINE)


def account(text: str) -> tuple[dict[str, int], dict[str, int], dict[str, int], int, int]:
    """Read the amounts back: each player's starting stack, chips put in, chips collected;
    the total pot and the rake, from the text alone."""
    stacks, put, won = {}, {}, {}
    street_bets: dict[str, int] = {}
    total = rake = None
    for line in text.splitlines():
        if m := re.fullmatch(r"Seat \d+: (.+) \((\d+) in chips\)", line):
            stacks[m[1]], put[m[1]], won[m[1]] = int(m[2]), 0, 0
        elif m := re.fullmatch(r"(.+): posts the ante (\d+)( and is all-in)?", line):
            put[m[1]] += int(m[2])
        elif m := re.fullmatch(r"(.+): posts (small blind|big blind|straddle) (\d+).*", line):
            put[m[1]] += int(m[3])
            street_bets[m[1]] = int(m[3])
        elif re.match(r"\*\*\* ((FIRST|SECOND) )?(FLOP|TURN|RIVER)", line):
            street_bets = {}
        elif m := re.fullmatch(r"(.+): (calls|bets) (\d+)( and is all-in)?", line):
            put[m[1]] += int(m[3])
            street_bets[m[1]] = street_bets.get(m[1], 0) + int(m[3])
        elif m := re.fullmatch(r"(.+): raises (\d+) to (\d+)( and is all-in)?", line):
            put[m[1]] += int(m[3]) - street_bets.get(m[1], 0)
            street_bets[m[1]] = int(m[3])
        elif m := re.fullmatch(r"Uncalled bet \((\d+)\) returned to (.+)", line):
            put[m[2]] -= int(m[1])
        elif m := re.fullmatch(r"(.+) collected (\d+) from .*pot.*", line):
            won[m[1]] += int(m[2])
        elif m := re.fullmatch(r"Total pot (\d+).* \| Rake (\d+)", line):
            total, rake = int(m[1]), int(m[2])
    return stacks, put, won, total, rake


def pokerkit_stacks(text: str, parse_value=int) -> list:
    """PokerKit parses the text and plays the actions with its own engine."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about the time-zone field it keeps
        histories = list(PokerStarsParser()(text, parse_value=parse_value, error_status=True))
        assert len(histories) == 1
        history = histories[0]
        return history, list(tuple(history)[-1].stacks)


# ----------------------------------------------------------------------------- structure


@pytest.mark.parametrize("build", ALL_HANDS)
def test_the_sections_come_in_pokerstars_order(build):
    hand = build()
    text = export(hand)
    lines = text.splitlines()
    assert re.fullmatch(r"PokerStars Hand #20240308001:  (Hold'em|Omaha).* \(\d+/\d+\) - "
                        r"2024/03/08 21:15:00 CET", lines[0])
    assert re.fullmatch(rf"Table 'Kitchen' 9-max Seat #{hand.players + 1} is the button",
                        lines[1])
    assert [line.split(":")[0] for line in lines[2:2 + hand.players]] == [
        f"Seat {s}" for s in range(2, hand.players + 2)]
    found = sections(text)
    assert found[0] == "HOLE CARDS" and found[-1] == "SUMMARY"
    order = ["HOLE CARDS", "FLOP", "TURN", "RIVER", "FIRST FLOP", "FIRST TURN", "FIRST RIVER",
             "SECOND FLOP", "SECOND TURN", "SECOND RIVER", "SHOW DOWN", "FIRST SHOW DOWN",
             "SECOND SHOW DOWN", "SUMMARY"]
    assert [order.index(s) for s in found] == sorted(order.index(s) for s in found)
    assert text.endswith("\n") and "\n\n" not in text


@pytest.mark.parametrize("build", ALL_HANDS)
def test_every_line_uses_the_pokerstars_wording(build):
    text = export(build())
    lines = text.splitlines()
    holes, summary = lines.index("*** HOLE CARDS ***"), lines.index("*** SUMMARY ***")
    for line in lines[2 + build().players:holes]:
        assert re.fullmatch(r".+: posts (small blind|big blind|straddle|the ante) \d+"
                            r"( and is all-in)?", line), line
    for line in lines[holes + 1:summary]:
        assert any(re.fullmatch(p, line) for p in ACTION_LINES), line
    for line in lines[summary + 1:]:
        assert any(re.fullmatch(p, line) for p in SUMMARY_LINES), line


@pytest.mark.parametrize("build", ALL_HANDS)
def test_the_amounts_add_up_to_the_pot_and_to_the_engines_stacks(build):
    hand = build()
    stacks, put, won, total, rake = account(export(hand))
    assert list(stacks.values()) == list(hand.config.stacks)
    assert sum(put.values()) == total == sum(hand.contributed)
    assert sum(won.values()) + rake == total
    assert rake == hand.result.rake
    ending = [stacks[name] - put[name] + won[name] for name in NAMES[:hand.players]]
    assert ending == list(hand.result.stacks)


# ----------------------------------------------------------------------------- wording


def test_a_hand_to_the_showdown_reads_like_pokerstars():
    text = export(showdown_hand())
    assert "Anna: posts small blind 5\nBen: posts big blind 10\n*** HOLE CARDS ***" in text
    assert "Dealt to Anna [As Kd]\nDealt to Ben [Qh Qc]" in text
    assert "Cleo: raises 20 to 30\nDora: calls 30\nAnna: folds\nBen: calls 20\n" in text
    assert "*** FLOP *** [Qs 8d 3c]\nBen: checks\nCleo: bets 60\nDora: raises 140 to 200\n" in text
    assert "*** TURN *** [Qs 8d 3c] [9c]\n" in text
    assert "Dora: bets 570 and is all-in\nCleo: calls 570\n" in text
    assert "*** RIVER *** [Qs 8d 3c 9c] [2h]\n*** SHOW DOWN ***\n" in text
    assert "Cleo: shows [7c 2d] (a pair of Deuces)\n" in text
    assert ("Dora: shows [Jh Th] (a straight, Eight to Queen)\n"
            "Dora collected 1635 from pot\n") in text
    assert text.endswith(
        "*** SUMMARY ***\n"
        "Total pot 1635 | Rake 0\n"
        "Board [Qs 8d 3c 9c 2h]\n"
        "Seat 2: Anna (small blind) folded before Flop\n"
        "Seat 3: Ben (big blind) folded on the Flop\n"
        "Seat 4: Cleo showed [7c 2d] and lost with a pair of Deuces\n"
        "Seat 5: Dora (button) showed [Jh Th] and won (1635) with a straight, Eight to Queen\n")


def test_an_uncontested_pot_returns_the_uncalled_bet_and_is_not_shown():
    text = export(walk())
    assert text.split("Dealt to Dora [3h 3s]\n")[1].startswith(
        "Cleo: folds\nDora: folds\nAnna: folds\n"
        "Uncalled bet (5) returned to Ben\nBen collected 10 from pot\nBen: doesn't show hand\n")
    assert "SHOW DOWN" not in text and "Board" not in text
    assert "Seat 3: Ben (big blind) collected (10)\n" in text
    assert "Seat 4: Cleo folded before Flop (didn't bet)\n" in text
    assert "Seat 2: Anna (small blind) folded before Flop\n" in text


def test_a_winner_may_show_without_a_showdown():
    text = export(shown_after_a_raise())
    assert ("Uncalled bet (20) returned to Cleo\nCleo collected 25 from pot\n"
            "Cleo: shows [As Ad] (a pair of Aces)\n*** SUMMARY ***\n") in text
    assert "SHOW DOWN" not in text
    assert "Seat 4: Cleo (button) showed [As Ad] and won (25) with a pair of Aces\n" in text


def test_side_pots_are_collected_and_summed_up_one_by_one():
    text = export(side_pots())
    assert "Anna: calls 95 and is all-in\nBen: calls 290 and is all-in\n" in text
    assert ("Cleo collected 1400 from side pot-2\nBen collected 600 from side pot-1\n"
            "Anna collected 400 from main pot\n") in text
    assert "Total pot 2400 Main pot 400. Side pot-1 600. Side pot-2 1400. | Rake 0\n" in text
    single = export(one_side_pot())
    assert "Total pot 350 Main pot 150. Side pot 200. | Rake 0\n" in single
    assert "Ben collected 200 from side pot\nAnna collected 150 from main pot\n" in single


def test_heads_up_the_button_is_the_small_blind():
    text = export(heads_up())
    assert "Ben: posts small blind 5\nAnna: posts big blind 10\n" in text
    assert "Seat 3: Ben (button) (small blind) folded on the Flop\n" in text
    assert "Uncalled bet (50) returned to Anna\nAnna collected 60 from pot\n" in text


def test_mucked_hands():
    text = export(with_a_muck())
    assert "Anna: shows [As Kd] (a pair of Aces)\nBen: mucks hand\n" in text
    assert "Seat 3: Ben (big blind) mucked [Qh Qc]\n" in text


def test_fixed_limit_states_the_small_and_big_bet():
    text = export(fixed_limit())
    assert text.startswith("PokerStars Hand #20240308001:  Hold'em Limit (2/4) - ")
    assert "Cleo: raises 2 to 4\nAnna: raises 2 to 6\nBen: calls 4\nCleo: calls 2\n" in text
    assert "Anna: bets 2\n" in text


def test_omaha_hi_lo_names_both_halves():
    text = export(omaha_hi_lo())
    assert text.startswith("PokerStars Hand #20240308001:  Omaha Hi/Lo Pot Limit (5/10)")
    assert "Anna: shows [Ah 2h Kd Kc] (HI: three of a kind, Kings; LO: 7,6,5,2,A)\n" in text
    assert "Cleo: shows [9c 9d Tc Th] (HI: a pair of Tens)\n" in text
    assert "Anna collected 15 from pot\nBen collected 15 from pot\n" in text
    assert ("Seat 3: Ben (big blind) showed [3s 4s Qd Qc] and won (15) with "
            "HI: a straight, Three to Seven; LO: 7,6,5,4,3\n") in text


def test_run_it_twice_uses_the_first_and_second_boards():
    text = export(run_twice())
    assert sections(text) == ["HOLE CARDS", "FLOP", "FIRST TURN", "FIRST RIVER", "SECOND TURN",
                              "SECOND RIVER", "FIRST SHOW DOWN", "SECOND SHOW DOWN", "SUMMARY"]
    assert "*** SECOND TURN *** [2c 3c 4d] [Kh]\n*** SECOND RIVER *** [2c 3c 4d Kh] [Qc]" in text
    assert "Hand was run twice\nFIRST Board [2c 3c 4d 8h 9s]\nSECOND Board [2c 3c 4d Kh Qc]\n" \
        in text
    assert "*** SECOND SHOW DOWN ***\nBen: shows [Ks Kd] (three of a kind, Kings)\n" in text


def test_straddles_and_antes_are_posted():
    text = export(straddle_and_antes())
    posts = text.split("*** HOLE CARDS ***")[0].splitlines()[7:]
    assert posts == [f"{name}: posts the ante 1" for name in NAMES[:5]] + [
        "Anna: posts small blind 5", "Ben: posts big blind 10", "Cleo: posts straddle 20"]
    assert "Dora: calls 20\n" in text
    assert "Emil: folds\nAnna: folds\nBen: folds\nCleo: checks\n" in text
    assert "Seat 6: Emil (button) folded before Flop (didn't bet)\n" in text


def test_the_rake_is_stated_and_kept_out_of_the_collected_amounts():
    text = export(raked())
    assert "Total pot 210 Main pot 20. Side pot 180. | Rake 10\n" in text
    assert "Anna collected 20 from main pot\n" in text


def test_money_instead_of_chips():
    text = export(heads_up(), chip_value=ChipValue(cents=5, currency="EUR"))
    assert "Hold'em No Limit (€0.25/€0.50 EUR)" in text.splitlines()[0]
    assert "Seat 2: Anna (€15 in chips)\n" in text
    assert "Ben: raises €1 to €1.50\nAnna: calls €1\n" in text
    assert "Uncalled bet (€2.50) returned to Anna\nAnna collected €3 from pot\n" in text
    assert "Total pot €3 | Rake €0\n" in text


def test_only_the_heros_cards_when_a_hero_is_named():
    text = export(showdown_hand(), hero=3)
    assert re.findall(r"^Dealt to .*$", text, re.MULTILINE) == ["Dealt to Dora [Jh Th]"]


def test_cards_nobody_read_are_not_dealt_to_anybody():
    hand = new("NT", (1_000,) * 3, blinds=(5, 10, 0))
    for player in range(3):
        hand.apply(DealHole(player, (None, None)))
    for player in (2, 0):
        hand.apply(Fold(player))
    assert "Dealt to" not in export(hand)


@pytest.mark.parametrize(("cards", "board", "judged", "words"), [
    ("As Kd", "Qs 8d 3c 9c 2h", "high", "high card Ace"),
    ("Ks Kd", "Qs 8d 3c 9c 2h", "high", "a pair of Kings"),
    ("Ks 8d", "Kc 8h 3c 9c 2h", "high", "two pair, Kings and Eights"),
    ("2s 2d", "Kc 8h 3c 9c 2h", "high", "three of a kind, Deuces"),
    ("As 2d", "3c 4h 5c 9c Kh", "high", "a straight, Ace to Five"),
    ("Ts Jd", "Qc Kh Ac 9c 2h", "high", "a straight, Ten to Ace"),
    ("As 2s", "3s 8s Qs 9c Kh", "high", "a flush, Ace high"),
    ("Ks Kd", "Kc 8h 8c 9c 2h", "high", "a full house, Kings full of Eights"),
    ("8s 8d", "Kc 8h 8c 9c 2h", "high", "four of a kind, Eights"),
    ("6h 7h", "8h 9h Th 2c 3d", "high", "a straight flush, Six to Ten"),
    ("Ah Kh", "Qh Jh Th 2c 3d", "high", "a Royal Flush"),
    ("Ah 2h Kd Kc", "5c 6d Kh 7s Jd", "omaha-hilo8", "HI: three of a kind, Kings; "
     "LO: 7,6,5,2,A"),
])
def test_hands_are_named_in_pokerstars_words(cards, board, judged, words):
    value = judge(judged, parse_cards(cards), parse_cards(board))
    assert hand_description(value) == words


# ----------------------------------------------------------------------------- PokerKit


@pytest.mark.parametrize("build", NO_LIMIT_HOLDEM)
def test_pokerkits_parser_plays_the_history_to_the_same_stacks(build):
    hand = build()
    history, stacks = pokerkit_stacks(export(hand))
    assert history.players == list(NAMES[:hand.players])
    assert history.seats == list(range(2, hand.players + 2))
    assert history.starting_stacks == list(hand.config.stacks)
    assert history.hand == 20240308001 and history.table == "Kitchen"
    assert stacks == list(hand.result.stacks)


def test_pokerkit_reads_the_money_version_to_the_same_stacks_in_money():
    hand = showdown_hand()
    value = ChipValue(cents=5, currency="USD")
    _, stacks = pokerkit_stacks(export(hand, chip_value=value), parse_value=Decimal)
    assert stacks == [Decimal(value.to_cents(s)) / 100 for s in hand.result.stacks]


# ----------------------------------------------------------------------------- refusals


def test_an_unfinished_hand_is_refused():
    hand = start("NT", (1_000,) * 3, blinds=(5, 10, 0))
    with pytest.raises(TableError) as refused:
        export(hand)
    assert refused.value.rule == "hand_not_over"
    assert refused.value.message("de") == "nur eine beendete Hand kann exportiert werden"


@pytest.mark.parametrize("code", ["F7S", "F5D", "NS", "ST"])
def test_games_without_a_pokerstars_form_are_refused(code):
    options = {"F7S": dict(antes=(1, 1), bring_in=1, small_bet=2, big_bet=4),
               "F5D": dict(blinds=(1, 2), small_bet=2, big_bet=4),
               "NS": dict(blinds=(2, 1)), "ST": dict(blinds=(2, 1), small_bet=2, big_bet=10)}
    hand = new(code, (100, 100), **options[code])
    with pytest.raises(TableError) as refused:
        export(hand)
    assert refused.value.rule == "no_pokerstars_form"
    assert hand.variant.name("en") in refused.value.message("en")
    assert hand.variant.name("de") in refused.value.message("de")


@pytest.mark.parametrize(("options", "rule"), [
    (dict(seat_numbers=(2, 3, 3, 5)), "bad_seats"),
    (dict(seat_numbers=(2, 3, 4)), "bad_seats"),
    (dict(seat_numbers=(2, 3, 4, 10)), "bad_seats"),
    (dict(max_seats=11, seat_numbers=(2, 3, 4, 11)), "bad_seats"),
    (dict(seat_numbers=(3, 2, 4, 5)), "seats_out_of_order"),
    (dict(button_seat=3), "seats_out_of_order"),
    (dict(player_names=("Anna", "Anna", "Cleo", "Dora")), "bad_names"),
    (dict(player_names=("Anna", "Ben: 1", "Cleo", "Dora")), "bad_names"),
    (dict(player_names=("Anna", "", "Cleo", "Dora")), "bad_names"),
    (dict(started_at=datetime(2024, 3, 8, 21, 15)), "time_without_zone"),
])
def test_seats_names_and_times_that_do_not_fit_are_refused(options, rule):
    with pytest.raises(TableError) as refused:
        export(showdown_hand(), **options)
    assert refused.value.rule == rule
    assert refused.value.message("en") != refused.value.message("de")


def test_a_dead_button_seat_and_wrapped_seats_are_fine():
    # The button seat is empty (its player left); the players sit 8, 9, 1, 2 clockwise.
    text = export(showdown_hand(), seat_numbers=(8, 9, 1, 2), button_seat=5)
    assert "Table 'Kitchen' 9-max Seat #5 is the button\n" in text
    assert [line.split(" (")[0] for line in text.splitlines()[2:6]] == [
        "Seat 1: Cleo", "Seat 2: Dora", "Seat 8: Anna", "Seat 9: Ben"]
    assert "(button)" not in text
