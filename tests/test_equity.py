"""Equity: exact results checked against independent brute force, Monte Carlo against exact,
every game, validation, and the ``tableside equity`` command."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from phevaluator import evaluate_cards, evaluate_omaha_cards

from tableside.cards import EIGHT, Card, CardError, parse_cards
from tableside.cli import main
from tableside.equity import Hand, equity, exact_cost, make_situation, parse_hand
from tableside.equity.combinations import assignments, combination_blocks
from tableside.equity.combinations import combinations as ours
from tableside.evaluation import evaluate_27_low, evaluate_a5_low, high_strength
from tableside.evaluation.games import evaluate_omaha, omaha_low


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def equities(result) -> list[float]:
    return [p.equity for p in result.players]


def brute_force(judge, hands, board=(), dead=(), *, board_size=0, hand_size=None):
    """Every deal of the unseen cards, one at a time, with exact fractions.

    ``judge(hole, board) -> (high, low)``: higher wins, low 0 or None for no low. Returns
    (equities, scoops, deals).
    """
    hands = [cards(h) for h in hands]
    board, dead = cards(board), cards(dead)
    seen = {*board, *dead, *(c for h in hands for c in h)}
    stock = [Card(c) for c in range(52) if c not in seen]
    sizes = [board_size - len(board)] + [hand_size - len(h) for h in hands]
    players = len(hands)
    share = [Fraction(0)] * players
    scoops = [0] * players
    deals = 0

    def deal(left, groups, sizes):
        if not sizes:
            yield groups
            return
        for chosen in combinations(left, sizes[0]):
            rest = [c for c in left if c not in chosen]
            yield from deal(rest, [*groups, chosen], sizes[1:])

    for groups in deal(stock, [], sizes):
        full_board = (*board, *groups[0])
        values = [judge((*h, *g), full_board) for h, g in zip(hands, groups[1:], strict=True)]
        highs = [v[0] for v in values]
        lows = [v[1] or 0 for v in values]
        got = [Fraction(0)] * players
        high_winners = [i for i in range(players) if highs[i] == max(highs)]
        high_pot = Fraction(1) if max(lows) == 0 else Fraction(1, 2)
        for i in high_winners:
            got[i] += high_pot / len(high_winners)
        if max(lows) > 0:
            low_winners = [i for i in range(players) if lows[i] == max(lows)]
            for i in low_winners:
                got[i] += Fraction(1, 2) / len(low_winners)
        for i in range(players):
            share[i] += got[i]
            scoops[i] += got[i] == 1
        deals += 1
    return [s / deals for s in share], [Fraction(s, deals) for s in scoops], deals


def phevaluator_high(hole, board):
    return -evaluate_cards(*hole, *board), None  # phevaluator: lower is better


# --- hold'em ---------------------------------------------------------------------------

def test_aces_against_kings_exact_over_every_board():
    result = equity(make_situation("holdem", ["AsAh", "KsKd"]))
    assert result.method == "exact"
    assert result.deals == comb(48, 5) == 1_712_304
    # Independent brute force: every board, each hand judged by the scalar evaluator.
    first, second = cards("AsAh"), cards("KsKd")
    stock = [c for c in range(52) if c not in first + second]
    wins = [0, 0]
    ties = 0
    for board in combinations(stock, 5):
        mine, theirs = high_strength((*board, *first)), high_strength((*board, *second))
        if mine == theirs:
            ties += 1
        else:
            wins[mine < theirs] += 1
    assert (wins, ties) == ([1_399_204, 305_177], 7_923)
    aces, kings = result.players
    assert aces.win * result.deals == pytest.approx(1_399_204, abs=1e-6)
    assert kings.win * result.deals == pytest.approx(305_177, abs=1e-6)
    assert aces.tie * result.deals == kings.tie * result.deals == pytest.approx(7_923, abs=1e-6)
    assert aces.equity == pytest.approx((1_399_204 + 7_923 / 2) / 1_712_304, abs=1e-15)
    assert round(aces.equity, 4) == 0.8195
    assert aces.equity + kings.equity == pytest.approx(1, abs=1e-12)
    assert aces.stderr is None and aces.scoop is None


def test_three_way_preflop_sums_to_one_and_orders_the_pairs():
    result = equity(make_situation("holdem", ["AsAh", "KsKd", "QcQd"]))
    assert result.method == "exact" and result.deals == comb(46, 5)
    values = equities(result)
    assert sum(values) == pytest.approx(1, abs=1e-12)
    assert values[0] > values[1] > values[2] > 0.1
    for player in result.players:
        assert player.equity == pytest.approx(player.win + player.tie / 2, abs=0.002)
        assert player.win <= player.equity <= player.win + player.tie


@pytest.mark.parametrize(("hands", "board"), [
    (["AhKh", "7c7d"], "2h 7h Tc"),                  # flop
    (["AhKh", "7c7d"], "2h 7h Tc 3s"),               # turn
    (["AsKd", "QhQs", "Jc Tc"], "9c 8d 2s"),          # three-way flop, straight and flush draws
    (["AsKd", "AhKc"], "Qs Js 4d 5h"),               # a chopped pot unless a spade comes
])
def test_board_given_matches_phevaluator_brute_force(hands, board):
    result = equity(make_situation("holdem", hands, board=board))
    expected, _, deals = brute_force(phevaluator_high, hands, board, board_size=5, hand_size=2)
    assert result.method == "exact" and result.deals == deals
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)
    assert sum(equities(result)) == pytest.approx(1, abs=1e-12)


def test_two_identical_hands_split_every_pot():
    result = equity(make_situation("holdem", ["AsKs", "AdKd"], board="2c 7h 9h Qc"))
    # One card to come and neither hand's suit is on the board: they always hold the same.
    assert [p.tie for p in result.players] == [1.0, 1.0]
    assert equities(result) == [0.5, 0.5]


def test_dead_cards_change_the_result():
    plain = equity(make_situation("holdem", ["AsAh", "KsKd"])).players[0].equity
    result = equity(make_situation("holdem", ["AsAh", "KsKd"], dead="Kh Kc"))
    assert result.deals == comb(46, 5)
    assert result.players[0].equity > plain + 0.05  # the kings' set outs are gone
    # On a flop of kings the aces need one of the two other aces; with one dead, one is left.
    live = equity(make_situation("holdem", ["AsAh", "KsKd"], board="Kc 7h 2d"))
    board_given = equity(make_situation("holdem", ["AsAh", "KsKd"], board="Kc 7h 2d",
                                        dead="Ad 9s"))
    expected, _, deals = brute_force(phevaluator_high, ["AsAh", "KsKd"], "Kc 7h 2d",
                                     "Ad 9s", board_size=5, hand_size=2)
    assert board_given.deals == deals == comb(43, 2)
    assert equities(board_given) == pytest.approx([float(e) for e in expected], abs=1e-12)
    assert board_given.players[0].equity < live.players[0].equity


def test_unknown_hand_on_the_turn_is_enumerated_exactly():
    situation = make_situation("holdem", ["AsAh", "??"], board="Kd 8c 5h 2s")
    result = equity(situation)
    assert result.method == "exact"
    assert result.deals == 46 * comb(45, 2)  # river, then the unknown hole cards
    expected, _, deals = brute_force(phevaluator_high, ["AsAh", ""], "Kd 8c 5h 2s",
                                     board_size=5, hand_size=2)
    assert deals == result.deals
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)


def test_one_known_card_and_one_unknown():
    result = equity(make_situation("holdem", ["AsAh", "Kd??"], board="Kc 8c 5h 2s"))
    expected, _, deals = brute_force(phevaluator_high, ["AsAh", "Kd"], "Kc 8c 5h 2s",
                                     board_size=5, hand_size=2)
    assert result.deals == deals
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)


def test_monte_carlo_agrees_with_exact_within_four_standard_errors():
    situation = make_situation("holdem", ["AhKh", "7c7d", "QsJs"])
    exact = equity(situation, method="exact")
    sampled = equity(situation, method="monte-carlo", trials=40_000,
                     rng=np.random.default_rng(11))
    assert sampled.method == "monte-carlo" and sampled.deals == 40_000
    assert sum(equities(sampled)) == pytest.approx(1, abs=1e-12)
    for want, got in zip(exact.players, sampled.players, strict=True):
        assert 0.001 < got.stderr < 0.004
        assert abs(got.equity - want.equity) < 4 * got.stderr


def test_monte_carlo_repeats_with_the_same_seed_and_thread_count_does_not_matter():
    situation = make_situation("holdem", ["AsAh", "random"])
    assert situation.missing == (0, 2)
    one = equity(situation, trials=30_000, rng=np.random.default_rng(5), workers=1)
    two = equity(situation, trials=30_000, rng=np.random.default_rng(5), workers=2)
    assert one == two
    assert one.method == "monte-carlo"  # 2.1 billion deals
    # Aces against a random hand: 85.2% (a standard reference value).
    aces = one.players[0]
    assert abs(aces.equity - 0.852) < 4 * aces.stderr
    from_random = equity(situation, trials=30_000, rng=random.Random(3))
    assert from_random.players[0].equity != aces.equity
    assert abs(from_random.players[0].equity - 0.852) < 4 * aces.stderr


def test_exact_threads_give_identical_sums():
    situation = make_situation("holdem", ["AhKh", "7c7d"])
    assert equity(situation, workers=1) == equity(situation, workers=2)


def test_a_complete_board_is_one_deal():
    result = equity(make_situation("holdem", ["AsAh", "KsKd"], board="Kc 7d 2h 9s 3c"),
                    method="monte-carlo")
    assert (result.method, result.deals, equities(result)) == ("exact", 1, [0.0, 1.0])


# --- Omaha -------------------------------------------------------------------------------

def omaha_phevaluator(hole, board):
    return -evaluate_omaha_cards(*board, *hole), None


def omaha_hilo(hole, board):
    low = omaha_low(hole, board, EIGHT)
    return evaluate_omaha(hole, board).strength, low.strength if low else 0


@pytest.mark.parametrize(("hands", "board"), [
    (["As Ks Qd Jd", "9h 9c 8h 7c"], "Ts 9s 2d"),
    (["Ah Kh Qc Jc", "Ac 2c 3d 4d", "9h 8h 7s 6s"], "Th 5h 2s 2d"),
])
def test_omaha_high_matches_phevaluator(hands, board):
    result = equity(make_situation("omaha", hands, board=board))
    expected, _, deals = brute_force(omaha_phevaluator, hands, board, board_size=5, hand_size=4)
    assert result.method == "exact" and result.deals == deals
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)
    assert [p.scoop for p in result.players] == [None] * len(hands)


def test_omaha_hilo_scoops_and_splits():
    hands, board = ["As 2s Kd Qd", "Ah 3h 8c 9c"], "4s 5d Kh 7c"
    result = equity(make_situation("omaha-hilo8", hands, board=board))
    expected, scoops, deals = brute_force(omaha_hilo, hands, board, board_size=5, hand_size=4)
    assert result.deals == deals == 40
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)
    assert [p.scoop for p in result.players] == pytest.approx([float(s) for s in scoops],
                                                              abs=1e-12)
    assert sum(equities(result)) == pytest.approx(1, abs=1e-12)
    for player in result.players:
        assert player.equity == pytest.approx(player.win + player.tie / 2, abs=1e-12)


def test_omaha_hilo_without_a_possible_low_gives_the_high_everything():
    hands, board = ["As Ks 2d 3d", "Qh Qc 4c 5h"], "Kh Qs Jd 9c"  # two low cards can't come
    high = equity(make_situation("omaha", hands, board=board))
    hilo = equity(make_situation("omaha-hilo8", hands, board=board))
    assert equities(hilo) == pytest.approx(equities(high), abs=1e-12)
    for player in hilo.players:
        assert player.scoop == pytest.approx(player.win, abs=1e-12)


def test_five_and_six_card_omaha():
    result = equity(make_situation("omaha", ["As Ks Qd Jd Td", "9h 9c 8h 7c 6c"],
                                   board="Ts 9s 2d"))
    assert result.deals == comb(39, 2)
    assert sum(equities(result)) == pytest.approx(1, abs=1e-12)
    six = equity(make_situation("omaha", ["As Ks Qd Jd Td 2c", "random"], board="Ts 9s 2d 3h"))
    assert six.method == "monte-carlo" and six.players[1].stderr > 0


def test_preflop_omaha_uses_monte_carlo():
    situation = make_situation("omaha-hilo8", ["As 2s Kd Qd", "7h 8h 9d Td"])
    assert exact_cost(situation).deals == comb(44, 5)
    result = equity(situation, trials=20_000)
    assert result.method == "monte-carlo"
    assert 0.55 < result.players[0].equity < 0.65
    assert all(0 < p.scoop < p.equity + 0.5 for p in result.players)


# --- stud, razz, draw -----------------------------------------------------------------------

def stud_high(hole, _board):
    return high_strength(hole), None


def stud_hilo(hole, _board):
    low = evaluate_a5_low(hole, qualifier=EIGHT)
    return high_strength(hole), low.strength if low else 0


def razz(hole, _board):
    return evaluate_a5_low(hole).strength, None


def low27(hole, _board):
    return evaluate_27_low(hole).strength, None


@pytest.mark.parametrize(("game", "judge", "hands", "dead"), [
    ("stud", stud_high, ["As Ah 7c 2d 9h 5s", "Ks Kd Qc Jc Tc 4c"], "8c 3c"),
    ("stud-hilo8", stud_hilo, ["As 2d 4c 7h Kc Qs", "3h 5h 6c Kh Kd 9s"], ""),
    ("razz", razz, ["As 2d 4c 7h Kc 8d", "3h 5h 6c 8h Qd 2s"], "Ad 2c 7s"),
    ("draw", stud_high, ["As Ah Kc 7d", "Qh Jh Th 9h"], ""),
    ("draw-27", low27, ["7s 5d 3c 2h", "8h 6c 4d 3h"], "2s 2d"),
])
def test_stud_razz_and_draw_match_brute_force(game, judge, hands, dead):
    size = 5 if game.startswith("draw") else 7
    result = equity(make_situation(game, hands, dead=dead))
    expected, scoops, deals = brute_force(judge, hands, dead=dead, hand_size=size)
    assert result.method == "exact" and result.deals == deals
    assert equities(result) == pytest.approx([float(e) for e in expected], abs=1e-12)
    if game == "stud-hilo8":
        assert [p.scoop for p in result.players] == pytest.approx([float(s) for s in scoops],
                                                                  abs=1e-12)


def test_stud_from_third_street_and_a_random_hand():
    result = equity(make_situation("stud", ["As Ah 7c", "Ks Kd 2c", "??"]), trials=20_000)
    assert result.method == "monte-carlo"
    aces, kings, stranger = equities(result)
    assert aces > kings > stranger > 0.1
    assert sum(equities(result)) == pytest.approx(1, abs=1e-12)


def test_razz_prefers_the_low_cards():
    result = equity(make_situation("razz", ["As 2d 3c", "Kh Qd Jc"]), trials=20_000)
    assert result.players[0].equity > 0.9


def test_draw_counts_must_add_up_to_five():
    assert make_situation("draw", ["KsKd7c/2", "AsAh/3"]).missing == (2, 3)
    assert make_situation("draw", ["8h6c4d3h2s/0", "random/1"]).missing == (0, 5)
    with pytest.raises(ValueError, match="keeps 2 and draws 2, but a hand has 5 cards"):
        make_situation("draw", ["KsKd/2", "AsAh"])
    with pytest.raises(ValueError, match="only draw games take a number of cards drawn"):
        make_situation("holdem", ["KsKd/2", "AsAh"])


# --- input -----------------------------------------------------------------------------

def test_hand_notation():
    assert parse_hand("As Ah") == Hand(cards("AsAh"), 0)
    assert parse_hand("As??") == Hand(cards("As"), 1)
    assert parse_hand("????") == Hand((), 2)
    assert parse_hand("random") == parse_hand("??") == Hand((), None)
    assert parse_hand("KsKd7c/2") == Hand(cards("KsKd7c"), 0, 2)
    with pytest.raises(CardError, match='"1x" is not a card'):
        parse_hand("As1x")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": ["AsAh", "AsKd"]}, "duplicate card: As"),
    ({"hands": ["AsAh", "KsKd"], "board": "Kd 7c 2h"}, "duplicate card: Kd"),
    ({"hands": ["AsAh", "KsKd"], "dead": "Ah"}, "duplicate card: Ah"),
    ({"hands": ["AsAh", "Xj Kd"]}, "without jokers"),
])
def test_duplicate_cards_and_jokers_are_named(kwargs, message):
    with pytest.raises(CardError, match=message):
        make_situation("holdem", **kwargs)


@pytest.mark.parametrize(("game", "hands", "board", "message"), [
    ("holdem", ["AsAhKd", "KsQd"], "", "player 1: a Texas hold'em hand has 2 cards, not 3"),
    ("holdem", ["As", "KsKd"], "", "player 1: a Texas hold'em hand has 2 cards, not 1"),
    ("holdem", ["AsAh"], "", "at least two hands"),
    ("holdem", ["AsAh", "KsKd"], "2c 3c", "a board has 0, 3, 4 or 5 cards"),
    ("omaha", ["AsAhKsKd", "2c3c4c"], "", "every hand has the same number of cards"),
    ("omaha", ["AsAhKs", "2c3c4c"], "", "Omaha hands have 4, 5 or 6 cards, not 3"),
    ("stud", ["AsAh", "KsKd"], "2c 3c 4c", "has no board"),
    ("stud", ["AsAh2c3c4c5c6c7c", "KsKd"], "", "has 8 cards but a Seven card stud hand"),
    ("poker", ["AsAh", "KsKd"], "", "unknown game 'poker'"),
])
def test_wrong_card_counts(game, hands, board, message):
    with pytest.raises(ValueError, match=message):
        make_situation(game, hands, board=board)


def test_not_enough_cards_and_too_much_exact_work():
    with pytest.raises(ValueError, match="not enough cards"):
        make_situation("stud", ["random"] * 8)
    with pytest.raises(ValueError, match="too many; use Monte Carlo"):
        equity(make_situation("holdem", ["AsAh", "random"]), method="exact")
    with pytest.raises(ValueError, match="unknown method"):
        equity(make_situation("holdem", ["AsAh", "KsKd"]), method="guess")


# --- combinations -----------------------------------------------------------------------

def test_combination_arrays():
    assert ours(5, 3).tolist() == [list(c) for c in combinations(range(5), 3)]
    assert ours(4, 0).shape == (1, 0) and ours(2, 3).shape == (0, 3)
    blocks = list(combination_blocks(12, 4, max_rows=40))
    assert np.concatenate(blocks).tolist() == [list(c) for c in combinations(range(12), 4)]
    assert max(len(b) for b in blocks) <= 40
    shares = assignments((2, 1, 1))
    assert shares.shape == (12, 4)
    assert {tuple(row) for row in shares.tolist()} == {
        (*a, *b, *c) for a in combinations(range(4), 2)
        for b in combinations([p for p in range(4) if p not in a], 1)
        for c in combinations([p for p in range(4) if p not in (*a, *b)], 1)}


# --- the command -----------------------------------------------------------------------------

def test_command_json(capsys):
    assert main(["equity", "AsAh", "KsKd", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "holdem" and report["method"] == "exact"
    assert report["deals"] == 1_712_304
    assert [p["hand"] for p in report["players"]] == ["AsAh", "KsKd"]
    assert set(report["players"][0]) == {"hand", "equity", "win", "tie"}
    assert sum(p["equity"] for p in report["players"]) == pytest.approx(1, abs=1e-12)
    assert round(report["players"][0]["equity"], 3) == 0.819


def test_command_json_monte_carlo_and_hilo(capsys):
    argv = ["equity", "--game", "omaha-hilo8", "As 2s Kd Qd", "random", "--board", "3c 4d Kh",
            "--monte-carlo", "--trials", "5000", "--seed", "3", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["method"] == "monte-carlo" and report["deals"] == 5000
    assert [p["hand"] for p in report["players"]] == ["As2sKdQd", "random"]
    for player in report["players"]:
        assert set(player) == {"hand", "equity", "win", "tie", "scoop", "stderr"}
        assert 0 < player["stderr"] < 0.02
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == report  # the seed makes it repeatable


def test_command_table_in_both_languages(capsys):
    assert main(["equity", "AsAh", "KsKd", "--board", "2c 7d 9h"]) == 0
    out = capsys.readouterr().out
    assert "Texas hold'em" in out and "exact: all 990 deals" in out
    assert "hand" in out and "equity" in out and "tie" in out
    assert "AsAh" in out and "%" in out
    assert main(["equity", "AsAh", "random", "--trials", "2000", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Gewinn" in out and "Geteilt" in out and "Std.-F." in out
    assert "Monte Carlo: 2.000 zufällige Austeilungen (Seed 1)" in out
    assert " %" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["AsAh", "AsKd"], "duplicate card: As"),
    (["AsAh", "1x"], '"1x" is not a card'),
    (["AsAh", "KsKd", "--game", "poker"], "unknown game 'poker'"),
    (["AsAh", "KsKd", "--board", "2c 3c"], "a board has 0, 3, 4 or 5 cards"),
    (["AsAhKs", "Kd2c"], "has 2 cards, not 3"),
    (["AsAh", "KsKd", "--trials", "1"], "--trials must be at least 2"),
    (["AsAh", "random", "--exact"], "too many; use Monte Carlo"),
])
def test_command_bad_input_exits_2_with_one_line(capsys, argv, message):
    assert main(["equity", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("tableside equity: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
