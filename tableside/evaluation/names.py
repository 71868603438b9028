"""Hand names in English and German, as the seeds write them.

English: "Full house, fives full of kings"; German: "Full House, Fünfen voll mit Königen".
Lows name their cards from the top: "Eight-six low, 8-6-5-4-3" / "Acht-Sechs-Low, 8-6-5-4-3".
Short-deck hands are named as high hands; its lowest straight A-6-7-8-9 is "Straight, nine high".
"""

from __future__ import annotations

from tableside.cards import ACE, RANK_CHARS, RANK_DATIVE_PLURALS_DE, RANK_NAMES, RANK_PLURALS
from tableside.evaluation.strength import Category
from tableside.evaluation.value import HandValue

LANGUAGES = ("en", "de")

CATEGORY_NAMES = {
    "en": {
        Category.HIGH_CARD: "High card", Category.PAIR: "Pair", Category.TWO_PAIR: "Two pair",
        Category.THREE_OF_A_KIND: "Three of a kind", Category.STRAIGHT: "Straight",
        Category.FLUSH: "Flush", Category.FULL_HOUSE: "Full house",
        Category.FOUR_OF_A_KIND: "Four of a kind", Category.STRAIGHT_FLUSH: "Straight flush",
        Category.FIVE_OF_A_KIND: "Five of a kind",
    },
    "de": {
        Category.HIGH_CARD: "Höhere Karte", Category.PAIR: "Paar", Category.TWO_PAIR: "Zwei Paare",
        Category.THREE_OF_A_KIND: "Drilling", Category.STRAIGHT: "Straße",
        Category.FLUSH: "Flush", Category.FULL_HOUSE: "Full House",
        Category.FOUR_OF_A_KIND: "Vierer", Category.STRAIGHT_FLUSH: "Straight Flush",
        Category.FIVE_OF_A_KIND: "Fünfling",
    },
}

_TEMPLATES = {
    "en": {
        Category.FIVE_OF_A_KIND: "Five of a kind, {p0}",
        Category.STRAIGHT_FLUSH: "Straight flush, {n0} high",
        Category.FOUR_OF_A_KIND: "Four of a kind, {p0}",
        Category.FULL_HOUSE: "Full house, {p0} full of {p1}",
        Category.FLUSH: "Flush, {n0} high",
        Category.STRAIGHT: "Straight, {n0} high",
        Category.THREE_OF_A_KIND: "Three of a kind, {p0}",
        Category.TWO_PAIR: "Two pair, {p0} and {p1}",
        Category.PAIR: "Pair of {p0}",
        Category.HIGH_CARD: "High card, {n0}",
    },
    "de": {
        Category.FIVE_OF_A_KIND: "Fünfling, {p0}",
        Category.STRAIGHT_FLUSH: "Straight Flush, {n0} hoch",
        Category.FOUR_OF_A_KIND: "Vierer, {p0}",
        Category.FULL_HOUSE: "Full House, {p0} voll mit {d1}",
        Category.FLUSH: "Flush, {n0} hoch",
        Category.STRAIGHT: "Straße, {n0} hoch",
        Category.THREE_OF_A_KIND: "Drilling, {p0}",
        Category.TWO_PAIR: "Zwei Paare, {p0} und {p1}",
        Category.PAIR: "Paar, {p0}",
        Category.HIGH_CARD: "Höhere Karte, {n0}",
    },
}
_ROYAL = {"en": "Royal flush", "de": "Royal Flush"}
_LOW = {"en": "{n0}-{n1} low, {cards}", "de": "{n0}-{n1}-Low, {cards}"}


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def category_name(category: Category, lang: str = "en") -> str:
    _check(lang)
    return CATEGORY_NAMES[lang][category]


def hand_name(value: HandValue, lang: str = "en") -> str:
    """The spoken name of a judged hand."""
    _check(lang)
    ranks = value.ranks
    if value.family.is_low and value.category is Category.HIGH_CARD:
        names = [RANK_NAMES[lang][r] for r in ranks]
        if lang == "en":
            names = [n.capitalize() for n in names]
        return _LOW[lang].format(n0=names[0], n1=names[1].lower() if lang == "en" else names[1],
                                 cards="-".join(RANK_CHARS[r] for r in ranks))
    return class_name(value.category, ranks, lang)


def class_name(category: Category, ranks: tuple[int, ...], lang: str = "en") -> str:
    """The name of a high hand from its category and ranks; only the ranks the name uses are
    needed (the first one, two for a full house and two pair): "Three of a kind, kings"."""
    _check(lang)
    if category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        return _ROYAL[lang]
    fields = {}
    for i, rank in enumerate(ranks):
        fields[f"p{i}"] = RANK_PLURALS[lang][rank]
        fields[f"n{i}"] = RANK_NAMES[lang][rank]
        fields[f"d{i}"] = RANK_DATIVE_PLURALS_DE[rank]
    return _TEMPLATES[lang][category].format(**fields)
