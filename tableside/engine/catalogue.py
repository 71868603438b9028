"""The games a dealer can pick: every variant with a description, its stakes and defaults.

A :class:`CatalogueEntry` wraps one :class:`~tableside.engine.variants.Variant`. Only the
descriptions are written by hand (:data:`DESCRIPTIONS`, in English and German); the family,
the stakes a game needs, the suggested home-game stakes and how many players one deck seats
all follow from the variant's data, so a new row in :data:`VARIANTS` only needs a description.

Stakes are named by :class:`~tableside.engine.config.HandConfig` field, except ``straddles``
(extra blinds after the big blind, which a HandConfig lists among its ``blinds``). Defaults
are in base units: ``entry.config(stacks, unit=5)`` plays blinds 5/10 where the default is 1/2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tableside.cards import deck
from tableside.engine.config import MAX_PLAYERS, HandConfig
from tableside.engine.errors import chips
from tableside.engine.variants import (  # noqa: F401 - STRUCTURE_NAMES is read from here too
    STRUCTURE_NAMES,
    VARIANTS,
    Opener,
    Structure,
    Variant,
)


class GameError(ValueError):
    """A refusal about which game to deal or how, in English and German (``str()``: English)."""

    def __init__(self, en: str, de: str):
        super().__init__(en)
        self.texts = {"en": en, "de": de}

    def message(self, lang: str = "en") -> str:
        return self.texts.get(lang, self.texts["en"])


class GameFamily(StrEnum):
    HOLDEM = "hold'em"
    OMAHA = "omaha"
    STUD = "stud"
    DRAW = "draw"


# The codes defined by the Poker Hand History standard; the others are tableside's own names
# for games of our home games that PHH has no code for.
PHH_CODES = frozenset({"NT", "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"})

DESCRIPTIONS: dict[str, dict[str, str]] = {
    "NT": {
        "en": "Two hole cards each and five community cards (flop, turn, river); the best "
              "five-card hand out of the seven wins. No limit: two blinds start the pot and any "
              "bet up to a player's whole stack is allowed.",
        "de": "Jeder bekommt zwei verdeckte Karten, dazu kommen fünf Gemeinschaftskarten (Flop, "
              "Turn, River); die beste Fünf-Karten-Hand aus den sieben gewinnt. No-Limit: zwei "
              "Blinds eröffnen den Pot, gesetzt werden darf bis zum ganzen eigenen Stack."},
    "PT": {
        "en": "Hold'em: two hole cards each and five community cards, the best five of seven "
              "wins. Pot limit: two blinds start the pot; a bet or raise is at most the pot "
              "after calling.",
        "de": "Hold'em: zwei verdeckte Karten für jeden und fünf Gemeinschaftskarten, die besten "
              "fünf aus sieben gewinnen. Pot-Limit: zwei Blinds eröffnen den Pot; eine Bet oder "
              "ein Raise ist höchstens so groß wie der Pot nach dem Call."},
    "FT": {
        "en": "Hold'em: two hole cards each and five community cards, the best five of seven "
              "wins. Fixed limit with two blinds: bets and raises are the small bet before and "
              "on the flop and the big bet on turn and river, at most a bet and three raises "
              "per round.",
        "de": "Hold'em: zwei verdeckte Karten für jeden und fünf Gemeinschaftskarten, die besten "
              "fünf aus sieben gewinnen. Limit mit zwei Blinds: Bets und Raises sind vor und auf "
              "dem Flop das Small Bet, auf Turn und River das Big Bet, höchstens eine Bet und "
              "drei Raises pro Runde."},
    "ST": {
        "en": "Hold'em: two hole cards each and five community cards, the best five of seven "
              "wins. Spread limit with two blinds: on every street a bet is anything from the "
              "small to the big bet, and a raise adds at least the last bet or raise.",
        "de": "Hold'em: zwei verdeckte Karten für jeden und fünf Gemeinschaftskarten, die besten "
              "fünf aus sieben gewinnen. Spread-Limit mit zwei Blinds: in jeder Runde liegt eine "
              "Bet zwischen Small Bet und Big Bet, ein Raise erhöht mindestens um die letzte Bet "
              "oder den letzten Raise."},
    "NS": {
        "en": "Short deck (six plus): 36 cards, the deuces to fives are taken out. Hold'em with "
              "two hole cards and five community cards, no limit with two blinds; a flush beats "
              "a full house and the ace also plays low in the straight A-6-7-8-9.",
        "de": "Short Deck (Six Plus): 36 Karten, die Zweien bis Fünfen sind herausgenommen. "
              "Hold'em mit zwei verdeckten und fünf Gemeinschaftskarten, No-Limit mit zwei "
              "Blinds; ein Flush schlägt ein Full House und das Ass zählt auch niedrig in der "
              "Straße A-6-7-8-9."},
    "PO": {
        "en": "Four hole cards each and five community cards; a hand is exactly two hole cards "
              "with exactly three from the board. Pot limit: two blinds start the pot; a bet or "
              "raise is at most the pot after calling.",
        "de": "Vier verdeckte Karten für jeden und fünf Gemeinschaftskarten; eine Hand besteht "
              "aus genau zwei eigenen und genau drei Boardkarten. Pot-Limit: zwei Blinds eröffnen "
              "den Pot; eine Bet oder ein Raise ist höchstens so groß wie der Pot nach dem Call."},
    "NO": {
        "en": "Four hole cards each and five community cards; a hand is exactly two hole cards "
              "with exactly three from the board. No limit: two blinds start the pot and any "
              "bet up to a player's whole stack is allowed.",
        "de": "Vier verdeckte Karten für jeden und fünf Gemeinschaftskarten; eine Hand besteht "
              "aus genau zwei eigenen und genau drei Boardkarten. No-Limit: zwei Blinds eröffnen "
              "den Pot, gesetzt werden darf bis zum ganzen eigenen Stack."},
    "FO": {
        "en": "Four hole cards each and five community cards; a hand is exactly two hole cards "
              "with exactly three from the board. Fixed limit with two blinds: the small bet "
              "before and on the flop, the big bet on turn and river.",
        "de": "Vier verdeckte Karten für jeden und fünf Gemeinschaftskarten; eine Hand besteht "
              "aus genau zwei eigenen und genau drei Boardkarten. Limit mit zwei Blinds: Small "
              "Bet vor und auf dem Flop, Big Bet auf Turn und River."},
    "PO/8": {
        "en": "Omaha (four hole cards, exactly two of them with three from the board) for a "
              "split pot: half to the best high hand, half to the best low of five different "
              "ranks eight or lower (ace to five, straights and flushes don't count). Without a "
              "qualifying low the high hand wins it all; pot limit with two blinds.",
        "de": "Omaha (vier verdeckte Karten, genau zwei davon mit drei vom Board) um einen "
              "geteilten Pot: eine Hälfte für die beste hohe Hand, die andere für das beste Low "
              "aus fünf verschiedenen Rängen bis zur Acht (Ass bis Fünf, Straßen und Flushes "
              "zählen nicht). Ohne qualifiziertes Low gewinnt die hohe Hand alles; Pot-Limit mit "
              "zwei Blinds."},
    "FO/8": {
        "en": "Omaha (four hole cards, exactly two of them with three from the board) for a "
              "split pot: half to the best high hand, half to the best low of five different "
              "ranks eight or lower (ace to five, straights and flushes don't count). Without a "
              "qualifying low the high hand wins it all; fixed limit with two blinds, the big "
              "bet on turn and river.",
        "de": "Omaha (vier verdeckte Karten, genau zwei davon mit drei vom Board) um einen "
              "geteilten Pot: eine Hälfte für die beste hohe Hand, die andere für das beste Low "
              "aus fünf verschiedenen Rängen bis zur Acht (Ass bis Fünf, Straßen und Flushes "
              "zählen nicht). Ohne qualifiziertes Low gewinnt die hohe Hand alles; Limit mit "
              "zwei Blinds, Big Bet auf Turn und River."},
    "P5O": {
        "en": "Omaha with five hole cards each and five community cards; a hand is still "
              "exactly two hole cards with exactly three from the board. Pot limit: two blinds "
              "start the pot; a bet or raise is at most the pot after calling.",
        "de": "Omaha mit fünf verdeckten Karten für jeden und fünf Gemeinschaftskarten; eine "
              "Hand besteht weiterhin aus genau zwei eigenen und genau drei Boardkarten. "
              "Pot-Limit: zwei Blinds eröffnen den Pot; eine Bet oder ein Raise ist höchstens so "
              "groß wie der Pot nach dem Call."},
    "F7S": {
        "en": "Seven cards each and no board: two down and one up, three more up, the last one "
              "down, with a betting round after each (third to seventh street); the best five "
              "of seven wins. Everyone antes, the lowest up card brings in, then the best hand "
              "showing acts first; fixed limit, the big bet from fifth street on.",
        "de": "Sieben Karten für jeden, kein Board: zwei verdeckt und eine offen, drei weitere "
              "offen, die letzte verdeckt, nach jeder eine Setzrunde (dritte bis siebte Straße); "
              "die besten fünf aus sieben gewinnen. Alle zahlen ein Ante, die niedrigste offene "
              "Karte setzt das Bring-in, danach beginnt das beste offene Blatt; Limit, Big Bet "
              "ab der fünften Straße."},
    "F7S/8": {
        "en": "Seven card stud (two down and one up, three up, one down; antes, the lowest up "
              "card brings in, fixed limit) for a split pot: half to the best high hand, half to "
              "the best low of five different ranks eight or lower (ace to five). Without a "
              "qualifying low the high hand wins it all.",
        "de": "Seven Card Stud (zwei verdeckt und eine offen, drei offen, eine verdeckt; Antes, "
              "die niedrigste offene Karte setzt das Bring-in, Limit) um einen geteilten Pot: "
              "eine Hälfte für die beste hohe Hand, die andere für das beste Low aus fünf "
              "verschiedenen Rängen bis zur Acht (Ass bis Fünf). Ohne qualifiziertes Low gewinnt "
              "die hohe Hand alles."},
    "FR": {
        "en": "Seven card stud for the lowest hand: ace-to-five low, the ace is low, straights "
              "and flushes don't count and pairs are bad, so 5-4-3-2-A is best. Everyone antes, "
              "the highest up card brings in, then the lowest hand showing acts first; fixed "
              "limit, the big bet from fifth street on.",
        "de": "Seven Card Stud um die niedrigste Hand: Ass-bis-Fünf-Low, das Ass ist niedrig, "
              "Straßen und Flushes zählen nicht, Paare sind schlecht, also ist 5-4-3-2-A das "
              "beste Blatt. Alle zahlen ein Ante, die höchste offene Karte setzt das Bring-in, "
              "danach beginnt das niedrigste offene Blatt; Limit, Big Bet ab der fünften Straße."},
    "F5S": {
        "en": "Five card stud: one card down and one up, then three more up, with a betting "
              "round after each; the best five-card hand wins. Everyone antes, the lowest up "
              "card brings in; fixed limit, the big bet from the fourth card on.",
        "de": "Five Card Stud: eine verdeckte und eine offene Karte, dann drei weitere offene, "
              "nach jeder eine Setzrunde; die beste Fünf-Karten-Hand gewinnt. Alle setzen eine "
              "Ante, die niedrigste offene Karte bringt das Bring-in; Limit, ab der vierten "
              "Karte der große Einsatz."},
    "F5D": {
        "en": "Five card draw: five cards down, a betting round, one draw of up to three cards "
              "(four when the card kept is an ace), a last betting round opened by the player "
              "who opened the first; the best hand wins. Fixed limit with antes or blinds.",
        "de": "Five Card Draw: fünf verdeckte Karten, eine Setzrunde, ein Tausch von bis zu drei "
              "Karten (vier, wenn die behaltene Karte ein Ass ist), eine letzte Setzrunde, die "
              "der Eröffner der ersten beginnt; die beste Hand gewinnt. Limit mit Ante oder "
              "Blinds."},
    "P5D": {
        "en": "Five card draw with pot-limit betting: five cards down, a betting round, one draw "
              "of up to three cards (four when keeping an ace). A last betting round is opened "
              "by the first round's opener; the best hand wins.",
        "de": "Five Card Draw mit Pot-Limit: fünf verdeckte Karten, eine Setzrunde, ein Tausch "
              "von bis zu drei Karten (vier mit einem behaltenen Ass). Die letzte Setzrunde "
              "beginnt der Eröffner der ersten; die beste Hand gewinnt."},
    "F5DJ": {
        "en": "Five card draw with a 53-card deck: the joker is a bug, an ace or any card that "
              "completes a straight or flush, so A-A-A-A-joker is five aces. Up to three cards "
              "are drawn, four when keeping an ace; fixed limit.",
        "de": "Five Card Draw mit 53 Karten: der Joker ist ein Bug, ein Ass oder jede Karte, die "
              "eine Straße oder einen Flush vollendet, also sind A-A-A-A-Joker fünf Asse. Bis zu "
              "drei Karten werden getauscht, vier mit einem behaltenen Ass; Limit."},
    "F5DW": {
        "en": "Five card draw with every deuce wild: a deuce stands for any card it does not "
              "duplicate, and five of a kind beats a straight flush. Up to three cards are "
              "drawn, four when keeping an ace; fixed limit.",
        "de": "Five Card Draw, alle Zweien sind wild: eine Zwei steht für jede Karte, die sie "
              "nicht verdoppelt, und ein Fünfling schlägt den Straight Flush. Bis zu drei Karten "
              "werden getauscht, vier mit einem behaltenen Ass; Limit."},
    "F5DWW": {
        "en": "Five card draw with a wild widow: after four cards each, one card is turned up "
              "for everyone to see; it plays for nobody, but its three siblings are wild. Then "
              "the fifth card, a betting round, a draw of up to three and a last betting round.",
        "de": "Five Card Draw mit wilder Witwe: nach vier Karten für jeden wird eine Karte "
              "offen aufgedeckt; sie gehört niemandem, aber ihre drei Geschwister sind wild. "
              "Dann die fünfte Karte, eine Setzrunde, ein Tausch von bis zu drei Karten und "
              "eine letzte Setzrunde."},
    "F5DJB": {
        "en": "Jacks back: five card draw where a pair of jacks or better is needed to open. "
              "If nobody opens, the same cards and pot are played as ace-to-five lowball: a "
              "new betting round opened left of the button, a draw of any number of cards, a "
              "last betting round, and the lowest hand wins (5-4-3-2-A is best). Fixed limit.",
        "de": "Jacks Back: Five Card Draw, eröffnet wird nur mit einem Paar Buben oder besser. "
              "Eröffnet niemand, werden dieselben Karten und derselbe Pot als "
              "Ace-to-Five-Lowball weitergespielt: eine neue Setzrunde links vom Button, ein "
              "Tausch beliebig vieler Karten, eine letzte Setzrunde, und die niedrigste Hand "
              "gewinnt (5-4-3-2-A ist die beste). Limit."},
    "F5DAFO": {
        "en": "All for one: five card draw (up to three cards, four when keeping an ace), then "
              "up to three more draws in which each player stands pat or exchanges exactly one "
              "card or all five, each followed by a betting round. A further draw is dealt "
              "only while the undealt cards could give every player still in five new ones; "
              "otherwise the showdown follows. Best for two to five players; fixed limit, the "
              "big bet from the second draw on.",
        "de": "Alle für einen: Five Card Draw (bis zu drei Karten, vier mit einem behaltenen "
              "Ass), dann bis zu drei weitere Tauschrunden, in denen jeder stehen bleibt oder "
              "genau eine Karte oder alle fünf tauscht, jede gefolgt von einer Setzrunde. Eine "
              "weitere Tauschrunde gibt es nur, solange die ungegebenen Karten jedem, der noch "
              "dabei ist, fünf neue geben könnten; sonst folgt der Showdown. Am besten für zwei "
              "bis fünf Spieler; Limit, ab dem zweiten Tausch der große Einsatz."},
    "FA5L1D": {
        "en": "Ace-to-five lowball: five cards down, a betting round, one draw of any number of "
              "cards, a last betting round. The lowest hand wins: the ace is low and straights "
              "and flushes do not count, so 5-4-3-2-A is best; fixed limit.",
        "de": "Ace-to-Five-Lowball: fünf verdeckte Karten, eine Setzrunde, ein Tausch beliebig "
              "vieler Karten, eine letzte Setzrunde. Die niedrigste Hand gewinnt: das Ass ist "
              "niedrig, Straßen und Flushes zählen nicht, also ist 5-4-3-2-A das beste Blatt; "
              "Limit."},
    "NA5L1D": {
        "en": "Ace-to-five lowball with no-limit betting: five cards down, a betting round, one "
              "draw, a last betting round. The ace is low and straights and flushes do not "
              "count; 5-4-3-2-A is the best hand.",
        "de": "Ace-to-Five-Lowball mit No-Limit: fünf verdeckte Karten, eine Setzrunde, ein "
              "Tausch, eine letzte Setzrunde. Das Ass ist niedrig, Straßen und Flushes zählen "
              "nicht; 5-4-3-2-A ist das beste Blatt."},
    "FA5L3D": {
        "en": "Ace-to-five lowball triple draw: five cards down and four betting rounds with a "
              "draw between each. The lowest hand wins, ace low, straights and flushes do not "
              "count; fixed limit, the big bet from the second draw on.",
        "de": "Ace-to-Five-Lowball Triple Draw: fünf verdeckte Karten und vier Setzrunden mit "
              "einem Tausch dazwischen. Die niedrigste Hand gewinnt, das Ass ist niedrig, "
              "Straßen und Flushes zählen nicht; Limit, ab dem zweiten Tausch der große Einsatz."},
    "F2L1D": {
        "en": "Deuce-to-seven lowball single draw with fixed-limit betting: five cards down, a "
              "betting round, one draw, a last betting round. The ace is high and straights "
              "and flushes count against you, so 7-5-4-3-2 is best.",
        "de": "Deuce-to-Seven-Lowball Single Draw im Limit: fünf verdeckte Karten, eine "
              "Setzrunde, ein Tausch, eine letzte Setzrunde. Das Ass ist hoch, Straßen und "
              "Flushes zählen gegen einen, also ist 7-5-4-3-2 das beste Blatt."},
    "N2L1D": {
        "en": "Deuce-to-seven lowball: five cards down, a betting round, one draw (throw away "
              "and replace any number of cards), a last betting round. The lowest hand wins: "
              "the ace is high and straights and flushes count against you, so 7-5-4-3-2 is "
              "best; no limit with two blinds.",
        "de": "Deuce-to-Seven-Lowball: fünf verdeckte Karten, eine Setzrunde, ein Tausch "
              "(beliebig viele Karten abwerfen und ersetzen), eine letzte Setzrunde. Die "
              "niedrigste Hand gewinnt: das Ass ist hoch, Straßen und Flushes zählen gegen einen, "
              "also ist 7-5-4-3-2 das beste Blatt; No-Limit mit zwei Blinds."},
    "F2L3D": {
        "en": "Deuce-to-seven lowball with three draws: five cards down and four betting "
              "rounds, one before and one after each draw. The lowest hand wins: the ace is high "
              "and straights and flushes count against you, so 7-5-4-3-2 is best; fixed limit "
              "with two blinds, the big bet after the second and third draws.",
        "de": "Deuce-to-Seven-Lowball mit drei Tauschrunden: fünf verdeckte Karten und vier "
              "Setzrunden, eine vor und eine nach jedem Tausch. Die niedrigste Hand gewinnt: das "
              "Ass ist hoch, Straßen und Flushes zählen gegen einen, also ist 7-5-4-3-2 das beste "
              "Blatt; Limit mit zwei Blinds, Big Bet nach dem zweiten und dritten Tausch."},
}

FAMILY_NAMES: dict[GameFamily, dict[str, str]] = {
    GameFamily.HOLDEM: {"en": "hold'em", "de": "Hold'em"},
    GameFamily.OMAHA: {"en": "Omaha", "de": "Omaha"},
    GameFamily.STUD: {"en": "stud", "de": "Stud"},
    GameFamily.DRAW: {"en": "draw", "de": "Draw"},
}

STAKE_NAMES: dict[str, dict[str, str]] = {
    "blinds": {"en": "blinds", "de": "Blinds"},
    "straddles": {"en": "straddles", "de": "Straddles"},
    "antes": {"en": "antes", "de": "Antes"},
    "bring_in": {"en": "bring-in", "de": "Bring-in"},
    "small_bet": {"en": "small bet", "de": "Small Bet"},
    "big_bet": {"en": "big bet", "de": "Big Bet"},
    "min_bet": {"en": "minimum bet", "de": "Mindesteinsatz"},
}

# Suggested home-game stakes in base units, by what the game needs. The limits are twice the
# big blind (2/4 behind blinds 1/2), so a mixed rotation keeps one size of game; stud's ante
# and bring-in are one unit each under the same 2/4 limits.
_BLINDS = {"blinds": (1, 2)}
_STUD_FORCED = {"antes": 1, "bring_in": 1}
_LIMITS = {
    Structure.FIXED_LIMIT: {"small_bet": 2, "big_bet": 4},
    Structure.SPREAD_LIMIT: {"small_bet": 2, "big_bet": 6},
}
_MIN_BET = {"min_bet": 2}  # no-limit and pot-limit games without blinds

_BET_SIZED = (Structure.NO_LIMIT, Structure.POT_LIMIT)


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """One game as the dealer sees it. Build entries with :func:`entry` or :func:`catalogue`.

    ``defaults`` maps HandConfig fields to suggested stakes in base units: ``blinds`` in
    posting order (small, big), ``antes`` what each player antes. ``max_players`` is how many
    players one deck serves when everyone stays to the end; stud seats
    ``community_card_players`` when the dealer turns one card for everyone on seventh street
    as the deck runs out (None: no such rule for this game).
    """

    code: str
    names: dict[str, str]
    description: dict[str, str]
    family: GameFamily
    structure: Structure
    origin: str  # "phh": the PHH standard's code; "tableside": our own
    stakes_needed: tuple[str, ...]
    stakes_optional: tuple[str, ...]
    defaults: dict[str, Any]
    max_players: int
    community_card_players: int | None
    variant: Variant = field(repr=False, compare=False)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    def describe(self, lang: str = "en") -> str:
        return self.description.get(lang, self.description["en"])

    @property
    def seats(self) -> int:
        """The most players a hand of this game can be dealt to."""
        return self.community_card_players or self.max_players

    def check_seats(self, players: int) -> None:
        """GameError if one deck cannot deal this game to ``players``."""
        if players > self.seats:
            raise GameError(
                f"{self.name('en')} seats at most {self.seats} players, not {players}",
                f"{self.name('de')}: höchstens {self.seats} Spieler, nicht {players}")

    def stakes(self, unit: int = 1) -> dict[str, Any]:
        """The default stakes scaled to ``unit``."""
        _check_unit(unit)
        return {k: _scaled(v, unit) for k, v in self.defaults.items()}

    def config(self, stacks: Sequence[int], unit: int = 1, **overrides: Any) -> HandConfig:
        """A HandConfig for this game: the default stakes times ``unit``, placed by position.

        ``stacks`` are in position order (first the seat left of the button, last the button).
        ``overrides`` replace stakes in the defaults' shape and are not scaled: ``blinds`` in
        posting order, straddles after the big blind (``blinds=(1, 2, 4)``), ``antes`` one
        number for everyone or a tuple by position; any other HandConfig field (``raise_cap``,
        ``rake``, ``run_twice``, ...) is passed on as given.
        """
        stacks = tuple(stacks)
        n = len(stacks)
        self.check_seats(n)
        fields = {**self.stakes(unit), **overrides}
        blinds = fields.pop("blinds", ())
        if blinds:
            fields["blinds"] = place_blinds(blinds, n)
        antes = fields.pop("antes", 0)
        if antes:
            fields["antes"] = (antes,) * n if isinstance(antes, int) else tuple(antes)
        return HandConfig(self.variant, stacks, **fields)

    def describe_stakes(self, lang: str = "en", unit: int = 1) -> str:
        """The default stakes for people: ``blinds 1/2, limits 2/4``."""
        return describe_stakes(self.stakes(unit), self.structure, lang)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "origin": self.origin,
            "names": dict(self.names),
            "family": str(self.family),
            "structure": str(self.structure),
            "stakes_needed": list(self.stakes_needed),
            "stakes_optional": list(self.stakes_optional),
            "defaults": {k: list(v) if isinstance(v, tuple) else v
                         for k, v in self.defaults.items()},
            "max_players": self.max_players,
            "community_card_players": self.community_card_players,
            "description": dict(self.description),
        }


def catalogue() -> list[CatalogueEntry]:
    """An entry for every variant, in the order of :data:`VARIANTS`."""
    return [_entry_of(v) for v in VARIANTS.values()]


def entry(code: str) -> CatalogueEntry:
    if code not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise GameError(f"unknown game {code!r}; known: {known}",
                        f"unbekanntes Spiel {code!r}; bekannt: {known}")
    return _entry_of(VARIANTS[code])


def family_of(v: Variant) -> GameFamily:
    if v.streets[0].opener == Opener.BRING_IN:
        return GameFamily.STUD
    if any(s.draw for s in v.streets):
        return GameFamily.DRAW
    return GameFamily.OMAHA if v.judge.startswith("omaha") else GameFamily.HOLDEM


def stakes_of(v: Variant) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The stakes a game needs and the ones it may have, from its openers and structure."""
    needed: list[str] = []
    optional: list[str] = []
    blinds = v.uses_blinds
    if blinds:
        needed.append("blinds")
    if v.streets[0].opener == Opener.BRING_IN:
        needed += ["antes", "bring_in"]
    if v.structure in _BET_SIZED:
        # Without blinds nothing else sets the smallest bet; with them it defaults to the big
        # blind and the table may choose another.
        (optional if blinds else needed).append("min_bet")
    else:
        needed += ["small_bet", "big_bet"]
    if blinds:
        optional += ["antes", "straddles"]
    return tuple(needed), tuple(optional)


def defaults_of(v: Variant) -> dict[str, Any]:
    needed, _ = stakes_of(v)
    stakes: dict[str, Any] = {}
    if "blinds" in needed:
        stakes.update(_BLINDS)
    if "bring_in" in needed:
        stakes.update(_STUD_FORCED)
    if "min_bet" in needed:
        stakes.update(_MIN_BET)
    stakes.update(_LIMITS.get(v.structure, {}))
    return stakes


def players_of(v: Variant) -> tuple[int, int | None]:
    """How many players one deck serves, and with stud's community card rule how many then."""
    cards = len(deck(jokers=v.jokers, short=v.short_deck))
    per_player = v.hole_count
    board = sum(s.board for s in v.streets)
    most = min(MAX_PLAYERS, (cards - board) // per_player)
    last = v.streets[-1]
    # Stud's rule: when the deck cannot give everyone a last down card, one card is turned
    # face up in the middle and plays for all.
    if v.streets[0].opener == Opener.BRING_IN and last.hole == 1 and not last.up and not board:
        community = min(MAX_PLAYERS, (cards - 1) // (per_player - 1))
        return most, community if community > most else None
    return most, None


def place_blinds(posted: Sequence[int], players: int) -> tuple[int, ...]:
    """Blinds in posting order (small, big, straddles...) as a HandConfig tuple by position.

    Heads-up the button posts the small blind: the big blind is player 0, the button last.
    """
    posted = tuple(posted)
    if players == 2:
        if len(posted) > 2:
            raise GameError("heads-up there are two blinds and no straddle",
                            "heads-up gibt es zwei Blinds und keinen Straddle")
        return (posted[1], posted[0]) if len(posted) == 2 else (posted[0], 0)
    if len(posted) > players:
        raise GameError(f"{len(posted)} blinds and straddles for {players} players",
                        f"{len(posted)} Blinds und Straddles für {players} Spieler")
    return posted + (0,) * (players - len(posted))


def describe_stakes(stakes: Mapping[str, Any], structure: Structure, lang: str = "en") -> str:
    de = lang == "de"
    parts = []
    if blinds := stakes.get("blinds"):
        parts.append(f"{'Blinds' if de else 'blinds'} {'/'.join(chips(b, lang) for b in blinds)}")
    if antes := stakes.get("antes"):
        word = "Ante" if de else "ante"
        parts.append(f"{word} {chips(antes, lang)}" if isinstance(antes, int)
                     else f"{word}s {'/'.join(chips(a, lang) for a in antes)}")
    if bring_in := stakes.get("bring_in"):
        parts.append(f"{'Bring-in' if de else 'bring-in'} {chips(bring_in, lang)}")
    if min_bet := stakes.get("min_bet"):
        parts.append(f"{STAKE_NAMES['min_bet'][lang]} {chips(min_bet, lang)}")
    if "small_bet" in stakes:
        small, big = chips(stakes["small_bet"], lang), chips(stakes["big_bet"], lang)
        if structure == Structure.SPREAD_LIMIT:
            parts.append(f"{'Bets' if de else 'bets'} {small}-{big}")
        else:
            parts.append(f"{'Limits' if de else 'limits'} {small}/{big}")
    return ", ".join(parts)


def _entry_of(v: Variant) -> CatalogueEntry:
    try:
        description = DESCRIPTIONS[v.code]
    except KeyError:
        raise LookupError(f"variant {v.code!r} has no description in the catalogue") from None
    needed, optional = stakes_of(v)
    most, community = players_of(v)
    return CatalogueEntry(
        code=v.code, names=v.names, description=description, family=family_of(v),
        structure=v.structure, origin="phh" if v.code in PHH_CODES else "tableside",
        stakes_needed=needed, stakes_optional=optional, defaults=defaults_of(v),
        max_players=most, community_card_players=community, variant=v)


def _scaled(value: Any, unit: int) -> Any:
    return tuple(x * unit for x in value) if isinstance(value, tuple) else value * unit


def _check_unit(unit: int) -> None:
    if type(unit) is not int or unit < 1:
        raise GameError(f"the base unit must be a whole number of chips >= 1, not {unit!r}",
                        f"die Grundeinheit muss eine ganze Chipzahl >= 1 sein, nicht {unit!r}")
