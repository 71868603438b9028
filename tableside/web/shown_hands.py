"""Every hand shown at the table, judged: its name and its best five cards, on each board.

The public state names the winning hands only (in each award); the display shows every hand
that was tabled, losers too. Only public cards go in (cards a player has shown, the board),
so nothing here can reveal a hidden card.
"""

from __future__ import annotations

from typing import Any

from tableside.cards import Card, CardError, parse_card
from tableside.engine import variant
from tableside.evaluation import judge

UNKNOWN = "??"


def _cards(texts: list[str]) -> list[Card] | None:
    if not texts or UNKNOWN in texts:
        return None
    try:
        return [parse_card(t) for t in texts]
    except CardError:
        return None


def judge_public(code: str, hole: list[Card], board: list[Card]) -> Any:
    """How a hand is judged with this board: the game's judge and wild cards. A wild widow
    (the first board card) plays for nobody and makes its rank wild, as in
    :meth:`tableside.engine.Hand.value_of`."""
    game = variant(code)
    wild, in_play = game.wild_ranks, board
    if game.widow and board:
        wild, in_play = (*wild, board[0].rank), board[1:]
    return judge(game.judge, hole, in_play, wild_ranks=wild, bug=game.bug)


def shown_values(hand: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Seat -> one judged value per board (run it twice: two), in English and German:
    ``{"3": [{"en": {"name", "best", ...}, "de": {...}}]}``. Hi-lo values have ``high`` and
    ``low`` (None when no low qualifies)."""
    values: dict[str, list[dict[str, Any]]] = {}
    boards = hand.get("boards") or [hand.get("board") or []]
    for player in hand.get("players", []):
        if not player.get("shown") or player.get("folded"):
            continue
        hole = _cards(player.get("cards") or [])
        if hole is None:
            continue
        judged = []
        for board_texts in boards:
            board = _cards(board_texts) if board_texts else []
            if board is None:
                break
            try:
                value = judge_public(hand["game"], hole, board)
            except (ValueError, CardError):
                break  # not enough cards yet for a hand (shown at an all-in before the flop)
            judged.append({"en": value.to_json("en"), "de": value.to_json("de")})
        if judged:
            values[str(player["seat"])] = judged
    return values
