"""``tableside showcase``: what tableside can do so far, on its built-in examples."""

from __future__ import annotations

import argparse

from tableside.cards import parse_cards
from tableside.equity import equity, make_situation
from tableside.evaluation import evaluate_27_low, evaluate_a5_low, evaluate_high, judge
from tableside.evaluation.names import LANGUAGES

# (title, cards, how to judge) - the seeds' worked examples and house games.
_EXAMPLES = (
    ("Hold'em, seven cards", "As Ah | Kd Ks Kh 7c 2d", "high"),
    ("Seed: 4-4-4-7-7 beats 2-2-2-K-K", "4c 4d 4h 7s 7d", "high"),
    ("Seed: 4-4-4-7-7 beats 2-2-2-K-K", "2c 2d 2h Ks Kd", "high"),
    ("Joker as bug: five aces", "As Ah Ad Ac Xj", "bug"),
    ("Joker as bug in a flush", "As Ts 9s 8s Xj", "bug"),
    ("Deuces wild", "2c 2h 9s 9d Kc", "deuces"),
    ("Omaha: two from the hand, three from the board", "As Ks 2d 3c | Qs 4s Js 5c 9s", "omaha"),
    ("Omaha hi-lo", "Ah 2h Kc Kd | 3s 5c 8d Kh Qs", "omaha-hilo8"),
    ("Razz", "Ac 2d 2h 5s 7c 9d Kh", "a5"),
    ("Deuce-to-seven", "7c 5d 4h 3s 2c", "27"),
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("showcase", help="show what tableside can do (make run)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="one language only (default: English and German)")
    parser.set_defaults(handler=run)


def _judge(text: str, how: str):
    hole_text, _, board_text = text.partition("|")
    hole, board = parse_cards(hole_text), parse_cards(board_text)
    if how == "bug":
        return evaluate_high(hole + board, bug=True)
    if how == "deuces":
        return evaluate_high(hole + board, wild_ranks=(0,))
    if how == "a5":
        return evaluate_a5_low(hole + board)
    if how == "27":
        return evaluate_27_low(hole + board)
    return judge(how, hole, board)


def run(args: argparse.Namespace) -> int:
    languages = (args.lang,) if args.lang else LANGUAGES
    print("tableside showcase: hand evaluation / Handbewertung\n")
    for title, text, how in _EXAMPLES:
        value = _judge(text, how)
        halves = [("", value)] if not hasattr(value, "high") else [
            ("high: ", value.high), ("low:  ", value.low)]
        print(f"{title}\n  {text}")
        for label, half in halves:
            if half is None:
                print(f"  {label}no qualifying low / kein qualifizierendes Low")
                continue
            names = " / ".join(half.name(lang) for lang in languages)
            best = " ".join(c.pretty() for c in half.cards)
            print(f"  {label}{names}   [{best}]  strength {half.strength}")
        print()
    _show_equity(languages)
    return 0


# (title, game, hands, board) for the equity part of the showcase.
_MATCHUPS = (
    ("Hold'em preflop", "holdem", ("AsAh", "KsKd"), ""),
    ("Hold'em on the flop, against a random hand", "holdem", ("AhKh", "QsQc", "??"), "2h 7h Tc"),
    ("Omaha hi-lo on the flop", "omaha-hilo8", ("As2sKdQd", "7h8h9dTd"), "3c 4d Kh"),
)


def _show_equity(languages: tuple[str, ...]) -> None:
    print("Equity / Gewinnchancen\n")
    for title, game, hands, board in _MATCHUPS:
        result = equity(make_situation(game, hands, board=board))
        method = (f"exact, {result.deals:,} deals" if result.method == "exact"
                  else f"Monte Carlo, {result.deals:,} deals")
        print(f"{title} ({method})" + (f"\n  board: {board}" if board else ""))
        for hand, player in zip(hands, result.players, strict=True):
            scoop = f"  scoop {player.scoop:6.1%}" if player.scoop is not None else ""
            print(f"  {hand:10} {player.equity:6.1%}{scoop}")
        print()
