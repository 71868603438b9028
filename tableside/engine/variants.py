"""Variants are data: the deck, what each street deals, how it bets and how hands are judged.

A variant never holds stakes (those belong to a :class:`~tableside.engine.config.HandConfig`);
it says only what kind of game is played. New games are new rows in :data:`VARIANTS`, not new
code in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tableside.cards import JACK


class Structure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"
    SPREAD_LIMIT = "spread-limit"


# How people call each structure, in English and German (the catalogue, refusals).
STRUCTURE_NAMES: dict[Structure, dict[str, str]] = {
    Structure.NO_LIMIT: {"en": "no-limit", "de": "No-Limit"},
    Structure.POT_LIMIT: {"en": "pot-limit", "de": "Pot-Limit"},
    Structure.FIXED_LIMIT: {"en": "fixed-limit", "de": "Limit"},
    Structure.SPREAD_LIMIT: {"en": "spread-limit", "de": "Spread-Limit"},
}


class Opener(StrEnum):
    """Who acts first on a street."""

    BLINDS = "blinds"  # left of the big blind, or of the last straddle
    POSITION = "position"  # the first player still in, left of the button
    BRING_IN = "bring-in"  # stud third street: the lowest up card (razz: the highest) brings in
    BEST_SHOWING = "best-showing"  # stud: the best up cards (razz: the lowest)
    FIRST_BETTOR = "first-bettor"  # draw: whoever opened the first round (else position)


@dataclass(frozen=True, slots=True)
class Street:
    """One round of dealing and (usually) betting."""

    name: str
    hole: int = 0  # cards each player gets face down
    up: int = 0  # cards each player gets face up (stud), after the face-down ones
    board: int = 0  # community cards
    draw: bool = False  # players discard and are dealt replacements before the betting
    # Draw: how many cards a player may exchange besides standing pat, e.g. (1, 5) for "one
    # or all five"; empty: the variant's limit (max_discard, ace_draws_four, any_draw).
    draw_counts: tuple[int, ...] = ()
    # Draw: dealt only while the stock (the cards never dealt) could give every player still
    # in the largest exchange; otherwise this street and the ones after it are not played.
    while_stock_lasts: bool = False
    big_bet: bool = False  # fixed limit: this street bets the big bet
    opener: Opener = Opener.POSITION
    betting: bool = True

    @property
    def face_up(self) -> tuple[bool, ...]:
        """For each card a player gets on this street: is it dealt face up?"""
        return (False,) * self.hole + (True,) * self.up


@dataclass(frozen=True, slots=True)
class Unopened:
    """What a deal nobody opens turns into instead of being passed out: the same cards and
    pot play on with these streets (after the unopened round), judged by ``judge``."""

    streets: tuple[Street, ...]
    judge: str


@dataclass(frozen=True, slots=True)
class Variant:
    code: str  # the PHH variant code, e.g. "NT" for no-limit Texas hold'em
    names: dict[str, str]  # by language
    structure: Structure
    streets: tuple[Street, ...]
    judge: str  # a name in tableside.evaluation.JUDGES
    short_deck: bool = False
    jokers: int = 0
    wild_ranks: tuple[int, ...] = ()
    bug: bool = False
    max_discard: int = 0  # draw games: how many cards a player may throw (0: any number)
    ace_draws_four: bool = False  # draw games: four may be thrown when the fifth is an ace
    widow: bool = False  # the first board card is a widow: its rank is wild, it plays for nobody
    low_brings_in: bool = True  # stud: lowest up card brings in (razz: False)
    # Draw: opening the first round needs a pair of this rank or better (HandConfig.openers,
    # e.g. progressive openers, overrides it).
    openers: int | None = None
    if_unopened: Unopened | None = None  # None: a deal nobody opens is passed out
    extra: dict = field(default_factory=dict)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    @property
    def hole_count(self) -> int:
        """Cards each player holds by the end (not counting draws)."""
        return sum(s.hole + s.up for s in self.streets)

    @property
    def uses_blinds(self) -> bool:
        """Whether the first betting round opens after blinds."""
        first = next((s for s in self.streets if s.betting), self.streets[0])
        return first.opener == Opener.BLINDS


_HOLDEM_STREETS = (
    Street("preflop", hole=2, opener=Opener.BLINDS),
    Street("flop", board=3),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)


def _omaha_streets(hole: int) -> tuple[Street, ...]:
    return (Street("preflop", hole=hole, opener=Opener.BLINDS), *_HOLDEM_STREETS[1:])


def _holdem(code: str, en: str, de: str, structure: Structure, **options) -> Variant:
    return Variant(code, {"en": en, "de": de}, structure, _HOLDEM_STREETS, "high", **options)


_STUD_STREETS = (
    Street("third", hole=2, up=1, opener=Opener.BRING_IN),
    Street("fourth", up=1, opener=Opener.BEST_SHOWING),
    Street("fifth", up=1, big_bet=True, opener=Opener.BEST_SHOWING),
    Street("sixth", up=1, big_bet=True, opener=Opener.BEST_SHOWING),
    Street("seventh", hole=1, big_bet=True, opener=Opener.BEST_SHOWING),
)


_FIVE_STUD_STREETS = (
    Street("second", hole=1, up=1, opener=Opener.BRING_IN),
    Street("third", up=1, opener=Opener.BEST_SHOWING),
    Street("fourth", up=1, big_bet=True, opener=Opener.BEST_SHOWING),
    Street("fifth", up=1, big_bet=True, opener=Opener.BEST_SHOWING),
)


def _draw_streets(draws: int, after_draw: Opener = Opener.POSITION) -> tuple[Street, ...]:
    """Five cards, a betting round, then each draw followed by a betting round; the bets
    double from the second draw on (fixed limit)."""
    return (Street("predraw", hole=5, opener=Opener.BLINDS),
            *(Street(f"draw{i + 1}", draw=True, big_bet=i >= 1, opener=after_draw)
              for i in range(draws)))


# Five card draw as the seeds play it: after the draw the player who opened bets first.
_FIVE_CARD_DRAW = _draw_streets(1, after_draw=Opener.FIRST_BETTOR)

# Wild widow: four cards each, one card turned up (the widow), the fifth card each, then
# betting, the draw and betting as in five card draw.
_WILD_WIDOW = (
    Street("four", hole=4, betting=False),
    Street("widow", board=1, betting=False),
    Street("fifth", hole=1, opener=Opener.BLINDS),
    Street("draw1", draw=True, opener=Opener.FIRST_BETTOR),
)

# Jacks Back: five card draw with jacks or better to open. A deal nobody opens is not passed
# out: the same cards and pot play on as ace-to-five lowball - a new first betting round
# opened left of the button, a draw of any number of cards, a last round opened left of the
# button again - and the lowest hand wins.
_JACKS_BACK_LOWBALL = Unopened(
    streets=(Street("lowball", opener=Opener.POSITION),
             Street("lowball-draw", draw=True, draw_counts=(1, 2, 3, 4, 5),
                    opener=Opener.POSITION)),
    judge="a5-low")

# All for one: five card draw (up to three cards, four when keeping an ace), then up to three
# further draws in which each player still in may stand pat or exchange exactly one card or
# all five, each followed by a betting round. A further draw is dealt only while the stock
# (the cards never dealt) could give every player still in five new cards; when it cannot,
# the showdown follows at once. The opener of the first round bets first after every draw.
_ALL_FOR_ONE = (
    *_FIVE_CARD_DRAW,
    *(Street(f"draw{i}", draw=True, draw_counts=(1, 5), while_stock_lasts=True, big_bet=True,
             opener=Opener.FIRST_BETTOR) for i in (2, 3, 4)),
)


VARIANTS: dict[str, Variant] = {v.code: v for v in (
    _holdem("NT", "No-limit Texas hold'em", "No-Limit Texas Hold'em", Structure.NO_LIMIT),
    _holdem("PT", "Pot-limit Texas hold'em", "Pot-Limit Texas Hold'em", Structure.POT_LIMIT),
    _holdem("FT", "Fixed-limit Texas hold'em", "Limit Texas Hold'em", Structure.FIXED_LIMIT),
    _holdem("ST", "Spread-limit Texas hold'em", "Spread-Limit Texas Hold'em",
            Structure.SPREAD_LIMIT),
    Variant("NS", {"en": "No-limit short-deck hold'em", "de": "No-Limit Short Deck Hold'em"},
            Structure.NO_LIMIT, _HOLDEM_STREETS, "short-deck", short_deck=True),
    Variant("PO", {"en": "Pot-limit Omaha", "de": "Pot-Limit Omaha"}, Structure.POT_LIMIT,
            _omaha_streets(4), "omaha"),
    Variant("NO", {"en": "No-limit Omaha", "de": "No-Limit Omaha"}, Structure.NO_LIMIT,
            _omaha_streets(4), "omaha"),
    Variant("FO", {"en": "Fixed-limit Omaha", "de": "Limit Omaha"}, Structure.FIXED_LIMIT,
            _omaha_streets(4), "omaha"),
    Variant("PO/8", {"en": "Pot-limit Omaha hi-lo", "de": "Pot-Limit Omaha Hi-Lo"},
            Structure.POT_LIMIT, _omaha_streets(4), "omaha-hilo8"),
    Variant("FO/8", {"en": "Fixed-limit Omaha hi-lo eight or better",
                     "de": "Limit Omaha Hi-Lo (Acht oder besser)"},
            Structure.FIXED_LIMIT, _omaha_streets(4), "omaha-hilo8"),
    Variant("P5O", {"en": "Pot-limit five-card Omaha", "de": "Pot-Limit Five Card Omaha"},
            Structure.POT_LIMIT, _omaha_streets(5), "omaha"),
    Variant("F7S", {"en": "Seven card stud", "de": "Seven Card Stud"}, Structure.FIXED_LIMIT,
            _STUD_STREETS, "high"),
    Variant("F7S/8", {"en": "Seven card stud hi-lo eight or better",
                      "de": "Seven Card Stud Hi-Lo (Acht oder besser)"},
            Structure.FIXED_LIMIT, _STUD_STREETS, "hilo8"),
    Variant("FR", {"en": "Razz", "de": "Razz"}, Structure.FIXED_LIMIT, _STUD_STREETS, "a5-low",
            low_brings_in=False),
    Variant("F5S", {"en": "Five card stud", "de": "Five Card Stud"}, Structure.FIXED_LIMIT,
            _FIVE_STUD_STREETS, "high"),
    Variant("F5D", {"en": "Five card draw", "de": "Five Card Draw"}, Structure.FIXED_LIMIT,
            _FIVE_CARD_DRAW, "high", max_discard=3, ace_draws_four=True),
    Variant("P5D", {"en": "Pot-limit five card draw", "de": "Pot-Limit Five Card Draw"},
            Structure.POT_LIMIT, _FIVE_CARD_DRAW, "high", max_discard=3, ace_draws_four=True),
    Variant("F5DJ", {"en": "Five card draw, joker as bug",
                     "de": "Five Card Draw, Joker als Bug"},
            Structure.FIXED_LIMIT, _FIVE_CARD_DRAW, "high", jokers=1, bug=True,
            max_discard=3, ace_draws_four=True),
    Variant("F5DW", {"en": "Five card draw, deuces wild",
                     "de": "Five Card Draw, Zweien wild"},
            Structure.FIXED_LIMIT, _FIVE_CARD_DRAW, "high", wild_ranks=(0,),
            max_discard=3, ace_draws_four=True),
    Variant("F5DWW", {"en": "Five card draw, wild widow", "de": "Five Card Draw, Wilde Witwe"},
            Structure.FIXED_LIMIT, _WILD_WIDOW, "high", widow=True, max_discard=3,
            ace_draws_four=True),
    Variant("F5DJB", {"en": "Jacks back", "de": "Jacks Back"}, Structure.FIXED_LIMIT,
            _FIVE_CARD_DRAW, "high", max_discard=3, ace_draws_four=True, openers=JACK,
            if_unopened=_JACKS_BACK_LOWBALL),
    Variant("F5DAFO", {"en": "All for one", "de": "Alle für einen"}, Structure.FIXED_LIMIT,
            _ALL_FOR_ONE, "high", max_discard=3, ace_draws_four=True),
    Variant("FA5L1D", {"en": "Fixed-limit ace-to-five lowball single draw",
                       "de": "Limit Ace-to-Five Lowball Single Draw"},
            Structure.FIXED_LIMIT, _draw_streets(1), "a5-low"),
    Variant("NA5L1D", {"en": "No-limit ace-to-five lowball single draw",
                       "de": "No-Limit Ace-to-Five Lowball Single Draw"},
            Structure.NO_LIMIT, _draw_streets(1), "a5-low"),
    Variant("FA5L3D", {"en": "Fixed-limit ace-to-five lowball triple draw",
                       "de": "Limit Ace-to-Five Lowball Triple Draw"},
            Structure.FIXED_LIMIT, _draw_streets(3), "a5-low"),
    Variant("F2L1D", {"en": "Fixed-limit deuce-to-seven single draw",
                      "de": "Limit 2-7 Single Draw"},
            Structure.FIXED_LIMIT, _draw_streets(1), "27-low"),
    Variant("N2L1D", {"en": "No-limit deuce-to-seven single draw",
                      "de": "No-Limit 2-7 Single Draw"},
            Structure.NO_LIMIT, _draw_streets(1), "27-low"),
    Variant("F2L3D", {"en": "Fixed-limit deuce-to-seven triple draw",
                      "de": "Limit 2-7 Triple Draw"},
            Structure.FIXED_LIMIT, _draw_streets(3), "27-low"),
)}


def variant(code: str) -> Variant:
    try:
        return VARIANTS[code]
    except KeyError:
        raise ValueError(f"unknown variant {code!r}; known: {', '.join(VARIANTS)}") from None
