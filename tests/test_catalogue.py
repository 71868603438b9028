"""The game catalogue: an entry per variant, stakes derived from the rules, configs that play."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from tableside.cards import deck
from tableside.cli import main
from tableside.engine import (
    VARIANTS,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Hand,
    Opener,
    Show,
    Structure,
)
from tableside.engine.catalogue import (
    DESCRIPTIONS,
    PHH_CODES,
    CatalogueEntry,
    GameError,
    GameFamily,
    catalogue,
    entry,
)
from tableside.engine.rotation import HORSE

ENTRIES = catalogue()
CODES = [e.code for e in ENTRIES]
LIMITS = (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


def test_every_variant_has_a_description_and_nothing_else_does():
    missing = sorted(set(VARIANTS) - set(DESCRIPTIONS))
    stale = sorted(set(DESCRIPTIONS) - set(VARIANTS))
    assert not missing, f"add a catalogue description for {missing}"
    assert not stale, f"descriptions of games that no longer exist: {stale}"


def test_the_catalogue_follows_variants():
    assert [e.code for e in catalogue()] == list(VARIANTS)
    for e in ENTRIES:
        assert e.variant is VARIANTS[e.code]
        assert e.names == VARIANTS[e.code].names
        assert entry(e.code) == e


def test_a_new_variant_without_a_description_is_refused(monkeypatch):
    new = dataclasses.replace(VARIANTS["NT"], code="XT")
    monkeypatch.setitem(VARIANTS, "XT", new)
    with pytest.raises(LookupError, match="'XT' has no description"):
        catalogue()


@pytest.mark.parametrize("code", CODES)
def test_descriptions_are_two_or_three_sentences_in_both_languages(code):
    text = DESCRIPTIONS[code]
    assert set(text) == {"en", "de"}
    assert text["en"] != text["de"]
    for lang, description in text.items():
        sentences = re.findall(r"[.!?](?:\s|$)", description)
        assert 2 <= len(sentences) <= 3, (lang, description)
        assert description == description.strip() and "  " not in description


def test_descriptions_name_the_rules_that_set_each_game_apart():
    assert "ace-to-five low" in entry("FR").describe("en")
    assert "straights and flushes don't count" in entry("FR").describe("en")
    assert "highest up card brings in" in entry("FR").describe("en")
    assert "höchste offene Karte" in entry("FR").describe("de")
    assert "lowest up card brings in" in entry("F7S").describe("en")
    assert "36 cards" in entry("NS").describe("en")
    assert "flush beats a full house" in entry("NS").describe("en")
    assert "exactly two hole cards" in entry("PO").describe("en")
    assert "7-5-4-3-2" in entry("F2L3D").describe("en")
    assert "eight or lower" in entry("FO/8").describe("en")
    assert "bis zur Acht" in entry("F7S/8").describe("de")


def test_phh_codes_and_tableside_codes():
    phh = {e.code for e in ENTRIES if e.origin == "phh"}
    own = {e.code for e in ENTRIES if e.origin == "tableside"}
    assert phh == {"NT", "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}
    assert phh == PHH_CODES
    assert own == {"PT", "ST", "NO", "FO", "PO/8", "P5O", "F5S", "F5D", "P5D", "F5DJ", "F5DW",
                   "F5DWW", "F5DJB", "F5DAFO", "FA5L1D", "NA5L1D", "FA5L3D", "F2L1D"}


def test_families():
    family = {e.code: e.family for e in ENTRIES}
    assert {c for c, f in family.items() if f == GameFamily.HOLDEM} == {
        "NT", "PT", "FT", "ST", "NS"}
    assert {c for c, f in family.items() if f == GameFamily.OMAHA} == {
        "PO", "NO", "FO", "PO/8", "FO/8", "P5O"}
    assert {c for c, f in family.items() if f == GameFamily.STUD} == {
        "F7S", "F7S/8", "FR", "F5S"}
    assert {c for c, f in family.items() if f == GameFamily.DRAW} == {
        "N2L1D", "F2L3D", "F5D", "P5D", "F5DJ", "F5DW", "F5DWW", "F5DJB", "F5DAFO", "FA5L1D",
        "NA5L1D", "FA5L3D", "F2L1D"}


def test_stakes_needed_examples():
    assert entry("F7S").stakes_needed == ("antes", "bring_in", "small_bet", "big_bet")
    assert entry("F7S").stakes_optional == ()
    assert entry("NT").stakes_needed == ("blinds",)
    assert entry("NT").stakes_optional == ("min_bet", "antes", "straddles")
    assert entry("FT").stakes_needed == ("blinds", "small_bet", "big_bet")
    assert entry("FT").stakes_optional == ("antes", "straddles")


@pytest.mark.parametrize("e", ENTRIES, ids=CODES)
def test_stakes_needed_follow_the_structure_and_openers(e: CatalogueEntry):
    v = e.variant
    needed, optional = set(e.stakes_needed), set(e.stakes_optional)
    assert not needed & optional
    stud = v.streets[0].opener == Opener.BRING_IN
    assert ("blinds" in needed) == v.uses_blinds
    assert ("straddles" in optional) == v.uses_blinds
    assert ({"antes", "bring_in"} <= needed) == stud
    assert ({"small_bet", "big_bet"} <= needed) == (v.structure in LIMITS)
    if v.structure in LIMITS:
        assert "min_bet" not in needed | optional
    else:  # the big blind is the smallest bet unless the table sets another
        assert "min_bet" in (optional if v.uses_blinds else needed)
    # Every stake needed has a default, and defaults are stakes the game uses.
    assert needed <= set(e.defaults)
    assert set(e.defaults) <= needed | optional


def test_defaults_for_a_home_game():
    assert entry("NT").defaults == {"blinds": (1, 2)}
    assert entry("PO").defaults == {"blinds": (1, 2)}
    assert entry("FT").defaults == {"blinds": (1, 2), "small_bet": 2, "big_bet": 4}
    assert entry("FR").defaults == {"antes": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
    assert entry("F2L3D").defaults == {"blinds": (1, 2), "small_bet": 2, "big_bet": 4}
    spread = entry("ST").defaults
    assert spread["small_bet"] < spread["big_bet"]
    assert entry("FT").describe_stakes("en") == "blinds 1/2, limits 2/4"
    assert entry("FR").describe_stakes("de", unit=500) == (
        "Ante 500, Bring-in 500, Limits 1.000/2.000")


def test_max_players_for_one_deck():
    players = {e.code: (e.max_players, e.community_card_players) for e in ENTRIES}
    for code in ("F7S", "F7S/8", "FR"):
        assert players.pop(code) == (7, 8)
    assert players.pop("P5O") == (9, None)
    assert set(players.values()) == {(10, None)}


# ----------------------------------------------------------------------------- configs


def play_passively(hand: Hand) -> None:
    """Deal from a fresh deck in order; everyone checks or calls, brings in, stands pat and
    shows down: the deck must last to the end."""
    cards = iter(deck(jokers=hand.variant.jokers, short=hand.variant.short_deck))
    while not hand.is_over:
        waiting = hand.waiting_for()
        if waiting == "deal_hole":
            for player, count in hand.needs_hole_cards().items():
                hand.apply(DealHole(player, tuple(next(cards) for _ in range(count))))
        elif waiting == "deal_board":
            hand.apply(DealBoard(tuple(next(cards) for _ in range(hand.needs_board_cards()))))
        elif waiting == "draw":
            for player in range(hand.players):
                if hand.waiting_for() == "draw" and hand.in_hand(player):
                    hand.apply(Discard(player, ()))
        elif waiting == "betting":
            legal = hand.legal()
            hand.apply(BringIn(hand.actor) if legal.bring_in is not None
                       else CheckCall(hand.actor))
        else:
            player = hand.showdown_order()[0]
            hand.apply(Show(player, tuple(hand.hole[player])))


@pytest.mark.parametrize("e", ENTRIES, ids=CODES)
def test_every_config_plays_a_hand_for_every_table_the_deck_serves(e: CatalogueEntry):
    for n in range(2, e.max_players + 1):
        config = e.config((100,) * n)
        assert config.variant is e.variant and config.players == n
        hand = Hand(config)
        play_passively(hand)
        assert sum(hand.result.stacks) == 100 * n
        assert sum(hand.contributed) > 0  # the forced bets went in


def test_stud_seats_eight_with_the_community_card_rule_and_no_more():
    assert Hand(entry("F7S").config((100,) * 8)).players == 8
    with pytest.raises(GameError) as refused:
        entry("F7S").config((100,) * 9)
    assert str(refused.value) == "Seven card stud seats at most 8 players, not 9"
    assert refused.value.message("de") == "Seven Card Stud: höchstens 8 Spieler, nicht 9"
    with pytest.raises(GameError, match="at most 9 players, not 10"):
        entry("P5O").config((100,) * 10)


def test_blinds_are_placed_by_position():
    nt = entry("NT")
    assert nt.config((100, 100, 100, 100)).blinds == (1, 2, 0, 0)
    heads_up = nt.config((100, 100))
    assert heads_up.blinds == (2, 1)  # big blind first, the button posts the small blind
    assert heads_up.big_blind == 2
    assert nt.config((100,) * 5, blinds=(5, 10, 20)).blinds == (5, 10, 20, 0, 0)
    with pytest.raises(GameError, match="no straddle"):
        nt.config((100, 100), blinds=(1, 2, 4))


def test_unit_scales_every_default_and_overrides_are_taken_as_given():
    config = entry("FT").config((500,) * 3, unit=25)
    assert (config.blinds, config.small_bet, config.big_bet) == ((25, 50, 0), 50, 100)
    stud = entry("F7S/8").config((500,) * 4, unit=5, bring_in=3, raise_cap=None)
    assert (stud.antes, stud.bring_in, stud.small_bet, stud.big_bet) == ((5,) * 4, 3, 10, 20)
    assert stud.raise_cap is None
    bb_ante = entry("NT").config((100,) * 3, antes=(0, 2, 0))
    assert bb_ante.antes == (0, 2, 0)
    assert entry("NT").config((100,) * 3, antes=1).antes == (1, 1, 1)
    with pytest.raises(GameError) as refused:
        entry("NT").config((100, 100), unit=0)
    assert "Grundeinheit" in refused.value.message("de")


def test_unknown_codes_are_refused_in_both_languages():
    with pytest.raises(GameError) as refused:
        entry("NLH")
    assert str(refused.value).startswith("unknown game 'NLH'; known: NT, PT")
    assert refused.value.message("de").startswith("unbekanntes Spiel 'NLH'")


def test_json_is_plain_data():
    for e in ENTRIES:
        data = json.loads(json.dumps(e.to_json()))
        assert data["code"] == e.code
        assert data["stakes_needed"] == list(e.stakes_needed)
        assert data["description"] == e.description
        assert data["family"] == str(e.family)


# ----------------------------------------------------------------------------- command line


def test_variants_json_lists_the_catalogue_and_the_rotations(capsys):
    assert main(["variants", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [v["code"] for v in document["variants"]] == list(VARIANTS)
    assert document["rotations"]["HORSE"] == list(HORSE)
    razz = next(v for v in document["variants"] if v["code"] == "FR")
    assert razz["defaults"] == {"antes": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
    assert razz["stakes_needed"] == ["antes", "bring_in", "small_bet", "big_bet"]
    assert (razz["max_players"], razz["community_card_players"]) == (7, 8)
    assert razz["names"] == {"en": "Razz", "de": "Razz"}
    assert razz["description"]["de"] == DESCRIPTIONS["FR"]["de"]


def test_variants_json_with_a_code_prints_that_entry(capsys):
    assert main(["variants", "--json", "fo/8"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == entry("FO/8").to_json()


def test_variants_table_in_german(capsys):
    assert main(["variants", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == [
        "CODE", "SPIEL", "FAMILIE", "STRUKTUR", "SPIELER", "EINSÄTZE", "VORGABEN"]
    assert "Limit Omaha Hi-Lo (Acht oder besser)" in out
    assert "Ante 1, Bring-in 1, Limits 2/4" in out
    assert "H.O.R.S.E. (HORSE): FT, FO/8, FR, F7S, F7S/8" in out
    for code in VARIANTS:
        assert any(line.startswith(f"{code} ") for line in out.splitlines()), code


def test_variants_table_for_one_game(capsys):
    assert main(["variants", "FR"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:2] == ["FR", "Razz"]
    assert "2-7 (8)" in lines[1]
    assert "highest up card brings in" in " ".join(lines)
    assert not any("Rotations" in line for line in lines)


def test_variants_refuses_an_unknown_code(capsys):
    assert main(["variants", "--lang", "de", "XX"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("unbekanntes Spiel 'XX'")
