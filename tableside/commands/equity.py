"""``tableside equity``: each hand's share of the pot, exact or by Monte Carlo.

Hands (one argument each, spaces inside allowed when quoted):
  AsAh, "As Ah"   known cards
  random or ??    a whole unknown hand (two random cards in hold'em)
  As??            one card known, one unknown (each ?? is one unknown card)
Quote ?? in the shell ('??'), or it may match file names.
Stud and razz: the cards each player has so far (up cards, and hole cards if known); the
rest up to seven come from the stock. Draw games: the cards a player keeps; they draw the
rest up to five. KsKd7c/2 says so explicitly (keeps three, draws two; /0 stands pat).

Games: holdem, omaha (4-6 cards), omaha-hilo8, stud, stud-hilo8, razz, draw, draw-27
(deuce-to-seven), draw-a5 (ace-to-five). Every deal of the unseen cards is enumerated when
that is affordable (heads-up preflop hold'em is); otherwise --trials random deals are drawn,
reproducibly from --seed, and each equity comes with its standard error.

Examples:
  tableside equity AsAh KsKd --json
  tableside equity AhKh random random --board "2h 7h Tc"
  tableside equity --game omaha-hilo8 As2sKdQd 7h8h9dTd --board "3c 4d Kh"
  tableside equity --game stud AsAh7c KsKd2c --dead "7d 2h"
  tableside equity --game draw-27 7s5d3c2h 8h6c4d3h2s/0 random/1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import numpy as np

from tableside.cards import Card, CardError, parse_cards
from tableside.equity import (
    DEFAULT_SEED,
    DEFAULT_TRIALS,
    GAMES,
    EquityResult,
    equity,
    format_hand,
    make_situation,
    parse_hand,
)
from tableside.evaluation.names import LANGUAGES

# Column headings and labels of the table, by language.
_TEXT = {
    "en": {"hand": "hand", "equity": "equity", "win": "win", "tie": "tie", "scoop": "scoop",
           "stderr": "± s.e.", "board": "board", "dead": "dead",
           "exact": "exact: all {deals} deals",
           "monte-carlo": "Monte Carlo: {deals} random deals (seed {seed}), ± one standard error"},
    "de": {"hand": "Hand", "equity": "Equity", "win": "Gewinn", "tie": "Geteilt",
           "scoop": "Scoop", "stderr": "± Std.-F.", "board": "Board", "dead": "tote Karten",
           "exact": "exakt: alle {deals} Austeilungen",
           "monte-carlo": "Monte Carlo: {deals} zufällige Austeilungen (Seed {seed}), "
                          "± ein Standardfehler"},
}
_TITLES_DE = {
    "holdem": "Texas Hold'em", "omaha": "Omaha", "omaha-hilo8": "Omaha Hi-Lo (Acht oder besser)",
    "stud": "Seven Card Stud", "stud-hilo8": "Seven Card Stud Hi-Lo (Acht oder besser)",
    "razz": "Razz", "draw": "Five Card Draw", "draw-27": "Deuce-to-Seven Single Draw",
    "draw-a5": "Ace-to-Five Lowball Draw",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "equity", help="each hand's share of the pot (exact or Monte Carlo)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", nargs="+", metavar="HAND", help="a hand, see above")
    parser.add_argument("--game", default="holdem", metavar="GAME",
                        help=f"one of {', '.join(GAMES)} (default: holdem)")
    parser.add_argument("--board", default="", metavar="CARDS",
                        help="board so far: flop, turn or river (hold'em, Omaha)")
    parser.add_argument("--dead", default="", metavar="CARDS",
                        help="cards out of play: folded, mucked, discarded, seen")
    method = parser.add_mutually_exclusive_group()
    method.add_argument("--exact", dest="method", action="store_const", const="exact",
                        help="enumerate every deal even when that is slow")
    method.add_argument("--monte-carlo", dest="method", action="store_const",
                        const="monte-carlo", help="sample random deals even when exact is cheap")
    parser.add_argument("--trials", type=int, default=DEFAULT_TRIALS, metavar="N",
                        help=f"random deals for Monte Carlo (default: {DEFAULT_TRIALS:,})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S",
                        help=f"seed of the random deals (default: {DEFAULT_SEED})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of the table's headings")
    parser.set_defaults(handler=run, method="auto")


def run(args: argparse.Namespace) -> int:
    try:
        if args.trials < 2:
            raise ValueError(f"--trials must be at least 2, not {args.trials}")
        situation = make_situation(args.game, [parse_hand(text) for text in args.hands],
                                   board=parse_cards(args.board), dead=parse_cards(args.dead))
        result = equity(situation, method=args.method, trials=args.trials,
                        rng=np.random.default_rng(args.seed))
    except (CardError, ValueError) as error:
        print(f"tableside equity: {error}", file=sys.stderr)
        return 2
    hands = [format_hand(hand) for hand in situation.hands]
    if args.json:
        print(json.dumps(to_json(result, hands)))
    else:
        print(format_table(result, hands, board=situation.board, dead=situation.dead,
                           seed=args.seed, lang=args.lang))
    return 0


def to_json(result: EquityResult, hands: list[str]) -> dict:
    """The ``--json`` object; ``scoop`` only in hi-lo games, ``stderr`` only for Monte Carlo."""
    players = []
    for hand, player in zip(hands, result.players, strict=True):
        entry = {"hand": hand, "equity": player.equity, "win": player.win, "tie": player.tie}
        if player.scoop is not None:
            entry["scoop"] = player.scoop
        if player.stderr is not None:
            entry["stderr"] = player.stderr
        players.append(entry)
    return {"game": result.game, "method": result.method, "deals": result.deals,
            "players": players}


def format_table(result: EquityResult, hands: list[str], *, board: Sequence[Card] = (),
                 dead: Sequence[Card] = (), seed: int = DEFAULT_SEED, lang: str = "en") -> str:
    """A readable table, headings in ``lang`` ("en" or "de")."""
    text = _TEXT[lang]
    title = _TITLES_DE[result.game] if lang == "de" else GAMES[result.game].title
    lines = [title]
    for key, cards in (("board", board), ("dead", dead)):
        if cards:
            lines.append(f"{text[key]}: {' '.join(str(c) for c in cards)}")
    deals = f"{result.deals:,}".replace(",", "." if lang == "de" else ",")
    lines.append(text[result.method].format(deals=deals, seed=seed))
    columns = ["equity", "win", "tie"]
    if any(p.scoop is not None for p in result.players):
        columns.append("scoop")
    if any(p.stderr is not None for p in result.players):
        columns.append("stderr")
    width = max(len(text["hand"]), *(len(h) for h in hands))
    cells = [[text[c] for c in columns]]
    for player in result.players:
        cells.append([_percent(getattr(player, c), lang) for c in columns])
    column_widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    for hand, row in zip([text["hand"], *hands], cells, strict=True):
        lines.append("  ".join([hand.ljust(width),
                                *(cell.rjust(w) for cell, w in zip(row, column_widths,
                                                                   strict=True))]))
    return "\n".join(lines)


def _percent(value: float, lang: str) -> str:
    text = f"{100 * value:.2f}"
    return f"{text.replace('.', ',')} %" if lang == "de" else f"{text}%"
