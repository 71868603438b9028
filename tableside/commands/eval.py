"""``tableside eval``: judge hands read from standard input, one JSON object per line.

Input lines are ``HOLE [| BOARD]`` with cards separated by spaces or not (``AsKs | 2c3d4h``).
Blank lines and lines starting with ``#`` are skipped. Output per line:
``{"strength": int, "category": str, "name": str, "best": [cards]}``; for hi-lo games
``{"high": {...}, "low": {...} | null}``. A bad line prints ``{"error": message, "line": n}``
and the command exits with status 1 after reading all input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from tableside.cards import RANK_CHARS, CardError, parse_cards
from tableside.evaluation import JUDGES, judge
from tableside.evaluation.names import LANGUAGES


def parse_wild_ranks(text: str) -> tuple[int, ...]:
    """``"2"``, ``"2,J"`` or ``"2J"`` -> rank numbers."""
    ranks = []
    for token in text.replace(",", " ").replace("10", "T").split():
        for char in token:
            rank = RANK_CHARS.find(char.upper())
            if rank < 0:
                raise argparse.ArgumentTypeError(f'"{char}" is not a rank (use 2-9, T, J, Q, K, A)')
            ranks.append(rank)
    return tuple(ranks)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "eval", help="judge hands from stdin, one JSON object per line",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=list(JUDGES), default="high",
                        help="how hands are judged (default: high)")
    parser.add_argument("--wild", type=parse_wild_ranks, default=(), metavar="RANKS",
                        help="ranks that are wild, e.g. 2 (deuces wild) or 2,J")
    parser.add_argument("--bug", action="store_true",
                        help="jokers (Xj, Xr) are bugs: an ace, or completing a straight or flush;"
                             " without it jokers are fully wild")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of hand names")
    parser.add_argument("hands", nargs="*", metavar="HAND",
                        help="hands to judge instead of reading stdin, e.g. 'AsKs | QsJsTs'")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    lines = args.hands if args.hands else sys.stdin
    return evaluate_lines(lines, sys.stdout, game=args.game, wild_ranks=args.wild,
                          bug=args.bug, lang=args.lang)


def evaluate_lines(lines: Iterable[str], out: TextIO, *, game: str, wild_ranks=(),
                   bug: bool = False, lang: str = "en") -> int:
    status = 0
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            result = evaluate_line(text, game=game, wild_ranks=wild_ranks, bug=bug, lang=lang)
        except (CardError, ValueError) as error:
            result = {"error": str(error), "line": number}
            status = 1
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return status


def evaluate_line(text: str, *, game: str, wild_ranks=(), bug: bool = False,
                  lang: str = "en") -> dict:
    if text.count("|") > 1:
        raise ValueError("expected HOLE | BOARD with at most one '|'")
    hole_text, _, board_text = text.partition("|")
    hole = parse_cards(hole_text)
    board = parse_cards(board_text)
    return judge(game, hole, board, wild_ranks=wild_ranks, bug=bug).to_json(lang)
