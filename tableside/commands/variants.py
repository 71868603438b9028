"""``tableside variants [CODE]``: the games a dealer can pick, with their stakes and defaults.

Without CODE every game is listed; with it (``NT``, ``fo/8``, ...) just that one. ``--json``
prints one JSON document, ``{"variants": [...], "rotations": {"HORSE": [...], ...}}``, or
with CODE the one entry; names and descriptions carry both languages there, so ``--lang``
only picks the language of the table.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from tableside.engine.catalogue import (
    FAMILY_NAMES,
    STAKE_NAMES,
    STRUCTURE_NAMES,
    CatalogueEntry,
    GameError,
    catalogue,
    entry,
)
from tableside.engine.rotation import ROTATION_NAMES, ROTATIONS
from tableside.engine.variants import VARIANTS
from tableside.evaluation.names import LANGUAGES

_HEADINGS = {
    "en": ("CODE", "GAME", "FAMILY", "STRUCTURE", "PLAYERS", "STAKES", "DEFAULTS"),
    "de": ("CODE", "SPIEL", "FAMILIE", "STRUKTUR", "SPIELER", "EINSÄTZE", "VORGABEN"),
}
_OPTIONAL = {"en": "optional", "de": "optional"}
_ROTATIONS = {"en": "Rotations", "de": "Rotationen"}
_COMMUNITY_CARD = {
    "en": "(n): players with the community card rule (when the deck runs short on seventh "
          "street, one card is turned up for everyone)",
    "de": "(n): Spieler mit der Community-Card-Regel (reicht das Deck auf der siebten Straße "
          "nicht, wird eine Karte offen für alle gegeben)",
}
_DESCRIPTION_WIDTH = 92


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "variants", help="list the games a dealer can pick, with stakes and defaults",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("code", nargs="?", metavar="CODE", help="show just this game, e.g. FR")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        entries = [entry(_known_code(args.code))] if args.code else catalogue()
    except GameError as error:
        print(error.message(args.lang), file=sys.stderr)
        return 2
    if args.json:
        document = entries[0].to_json() if args.code else {
            "variants": [e.to_json() for e in entries],
            "rotations": {name: list(codes) for name, codes in ROTATIONS.items()},
        }
        print(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        print(render_table(entries, args.lang, rotations=not args.code))
    return 0


def render_table(entries: list[CatalogueEntry], lang: str = "en", *,
                 rotations: bool = True) -> str:
    """One row per game, its description wrapped underneath; then the named rotations."""
    rows = [_HEADINGS[lang], *(_row(e, lang) for e in entries)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    indent = " " * (widths[0] + 2)
    lines = [_line(rows[0], widths)]
    for e, row in zip(entries, rows[1:], strict=True):
        lines.append(_line(row, widths))
        lines += textwrap.wrap(e.describe(lang), _DESCRIPTION_WIDTH, initial_indent=indent,
                               subsequent_indent=indent)
    if any(e.community_card_players for e in entries):
        lines += ["", _COMMUNITY_CARD[lang]]
    if rotations:
        lines += ["", f"{_ROTATIONS[lang]}:"]
        for name, codes in ROTATIONS.items():
            lines.append(f"  {ROTATION_NAMES[name][lang]} ({name}): {', '.join(codes)}")
    return "\n".join(lines)


def _row(e: CatalogueEntry, lang: str) -> tuple[str, ...]:
    stakes = ", ".join(STAKE_NAMES[s][lang] for s in e.stakes_needed)
    if e.stakes_optional:
        optional = ", ".join(STAKE_NAMES[s][lang] for s in e.stakes_optional)
        stakes += f" ({_OPTIONAL[lang]}: {optional})"
    players = f"2-{e.max_players}"
    if e.community_card_players:
        players += f" ({e.community_card_players})"
    return (e.code, e.name(lang), FAMILY_NAMES[e.family][lang],
            STRUCTURE_NAMES[e.structure][lang], players, stakes, e.describe_stakes(lang))


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()


def _known_code(code: str) -> str:
    """Codes as typed: ``fo/8`` means ``FO/8``."""
    return code.upper() if code.upper() in VARIANTS else code
