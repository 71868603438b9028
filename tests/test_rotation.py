"""Rotations: dealer's choice, H.O.R.S.E. by orbit or by hands, replayed from the hands alone."""

from __future__ import annotations

import random

import pytest

from tableside.engine.catalogue import GameError
from tableside.engine.rotation import (
    EIGHT_GAME,
    HORSE,
    ROTATIONS,
    DealersChoice,
    FixedRotation,
    HandStart,
    named_rotation,
)
from tableside.engine.variants import VARIANTS


def games(rotation, players_per_hand, choices=None):
    choices = choices or [None] * len(players_per_hand)
    return rotation.games(HandStart(p, c) for p, c in zip(players_per_hand, choices, strict=True))


def test_horse_is_holdem_omaha_razz_stud_stud_eight():
    assert HORSE == ("FT", "FO/8", "FR", "F7S", "F7S/8")
    assert ROTATIONS["HORSE"] == HORSE
    assert named_rotation("HORSE").codes == HORSE
    assert [VARIANTS[c].name("en") for c in HORSE] == [
        "Fixed-limit Texas hold'em", "Fixed-limit Omaha hi-lo eight or better", "Razz",
        "Seven card stud", "Seven card stud hi-lo eight or better"]
    assert set(EIGHT_GAME) >= set(HORSE) and len(EIGHT_GAME) == 8


@pytest.mark.parametrize("players", range(3, 9))
def test_horse_changes_game_after_each_orbit(players):
    rotation = named_rotation("HORSE")
    dealt = games(rotation, [players] * (2 * len(HORSE) * players))
    expected = [code for code in HORSE * 2 for _ in range(players)]
    assert dealt == expected


def test_a_player_joining_mid_orbit_lengthens_the_orbit_by_one_hand():
    rotation = named_rotation("HORSE")
    turn = rotation.start()
    for _ in range(3):
        turn = turn.next_hand(6)
    assert (turn.game, turn.hand_in_game, turn.hands_in_game) == ("FT", 3, 6)
    turn = turn.next_hand(7)  # a seventh player is dealt in: the orbit is now seven hands
    assert (turn.game, turn.hand_in_game, turn.hands_in_game) == ("FT", 4, 7)
    assert turn.banner() == "H.O.R.S.E.: Fixed-limit Texas hold'em, 4 of 7 hands"
    assert games(rotation, [6] * 3 + [7] * 5) == ["FT"] * 7 + ["FO/8"]


def test_a_player_joining_after_a_complete_orbit_starts_with_the_next_game():
    rotation = named_rotation("HORSE")
    last = rotation.replay([HandStart(5)] * 5)
    assert last.banner() == (
        "H.O.R.S.E.: Fixed-limit Texas hold'em, 5 of 5 hands, "
        "next: Fixed-limit Omaha hi-lo eight or better")
    assert last.next_hand(6).game == "FO/8"
    assert games(rotation, [5] * 5 + [6] * 6 + [4] * 4) == (
        ["FT"] * 5 + ["FO/8"] * 6 + ["FR"] * 4)


def test_a_player_leaving_shortens_the_orbit():
    rotation = named_rotation("HORSE")
    # Five of six hands played, then two leave: the orbit of four is over, Omaha starts.
    assert games(rotation, [6] * 5 + [4]) == ["FT"] * 5 + ["FO/8"]
    # Two of six played, then two leave: two more hands of hold'em make the orbit of four.
    assert games(rotation, [6] * 2 + [4] * 3) == ["FT"] * 4 + ["FO/8"]


def test_n_hands_mode_ignores_the_number_of_players():
    rotation = FixedRotation(HORSE, hands_per_game=4)
    players = [3, 8, 5, 2, 7, 7, 4, 6, 3, 3, 3, 3, 5, 5, 5, 5, 6, 6, 6, 6, 8]
    assert games(rotation, players) == [code for code in HORSE for _ in range(4)] + ["FT"]
    turn = rotation.replay(HandStart(p) for p in players[:10])
    assert (turn.game, turn.hand_in_game, turn.hands_in_game) == ("FR", 2, 4)
    assert turn.banner() == "Mixed games: Razz, 2 of 4 hands"
    assert turn.banner("de") == "Gemischte Spiele: Razz, Hand 2 von 4"


def test_custom_lists_cycle_and_may_repeat_games():
    rotation = FixedRotation(("NT", "PO", "NT", "FR"), hands_per_game=2)
    assert games(rotation, [5] * 10) == ["NT", "NT", "PO", "PO", "NT", "NT", "FR", "FR",
                                         "NT", "NT"]
    single = FixedRotation(("PO",))
    assert games(single, [4] * 9) == ["PO"] * 9
    assert single.replay([HandStart(4)] * 4).banner() == (
        "Mixed games: Pot-limit Omaha, 4 of 4 hands")


def test_banners_in_english_and_german():
    rotation = named_rotation("HORSE")
    start = rotation.start()
    assert start.banner("en") == "H.O.R.S.E.: first Fixed-limit Texas hold'em"
    assert start.banner("de") == "H.O.R.S.E.: zuerst Limit Texas Hold'em"
    razz = rotation.replay([HandStart(6)] * 15)
    assert razz.banner("en") == "H.O.R.S.E.: Razz, 3 of 6 hands"
    assert razz.banner("de") == "H.O.R.S.E.: Razz, Hand 3 von 6"
    last = rotation.replay([HandStart(6)] * 18)
    assert last.banner("en") == "H.O.R.S.E.: Razz, 6 of 6 hands, next: Seven card stud"
    assert last.banner("de") == "H.O.R.S.E.: Razz, Hand 6 von 6, danach: Seven Card Stud"
    wrap = rotation.replay([HandStart(3)] * 15)
    assert wrap.banner("en").endswith("3 of 3 hands, next: Fixed-limit Texas hold'em")

    choice = DealersChoice()
    assert choice.start().banner("en") == "Dealer's choice"
    assert choice.start().banner("de") == "Geber wählt"
    turn = choice.start().next_hand(5, "FO/8")
    assert turn.banner("en") == "Dealer's choice: Fixed-limit Omaha hi-lo eight or better"
    assert turn.banner("de") == "Geber wählt: Limit Omaha Hi-Lo (Acht oder besser)"


def test_dealers_choice_plays_what_the_dealer_names():
    rotation = DealersChoice(("NT", "PO", "FR"))
    assert games(rotation, [6, 6, 5, 5], ["FR", "PO", "PO", "NT"]) == ["FR", "PO", "PO", "NT"]
    turn = rotation.replay(HandStart(6, c) for c in ["FR", "PO", "PO"])
    assert (turn.game, turn.hand, turn.hand_in_game, turn.hands_in_game) == ("PO", 3, 2, None)
    assert DealersChoice().allowed == tuple(VARIANTS)


def test_dealers_choice_refuses_a_game_not_on_the_list():
    rotation = DealersChoice(("NT", "PO", "FR"))
    turn = rotation.start().next_hand(6, "NT")
    with pytest.raises(GameError) as refused:
        turn.next_hand(6, "F2L3D")
    assert str(refused.value) == (
        "dealer's choice: 'F2L3D' is not one of the games at this table (NT, PO, FR)")
    assert refused.value.message("de") == (
        "Geber wählt: 'F2L3D' gehört nicht zu den Spielen an diesem Tisch (NT, PO, FR)")
    with pytest.raises(GameError) as unnamed:
        turn.next_hand(6)
    assert unnamed.value.message("en") == (
        "dealer's choice: the dealer must name the game for this hand")
    assert unnamed.value.message("de") == (
        "Geber wählt: der Geber muss das Spiel für diese Hand nennen")
    assert turn.next_hand(6, "PO").game == "PO"  # the refusals changed nothing


def test_a_game_the_deck_cannot_serve_is_refused():
    with pytest.raises(GameError) as refused:
        DealersChoice().start().next_hand(9, "FR")
    assert str(refused.value) == "Razz seats at most 8 players, not 9"
    assert refused.value.message("de") == "Razz: höchstens 8 Spieler, nicht 9"
    # H.O.R.S.E. for nine deals the flop games, then stops at razz.
    turn = named_rotation("HORSE").replay([HandStart(9)] * 18)
    assert turn.game == "FO/8"
    with pytest.raises(GameError, match="Razz seats at most 8"):
        turn.next_hand(9)
    assert turn.next_hand(8).game == "FR"


def test_a_fixed_rotation_only_accepts_its_own_game():
    rotation = named_rotation("HORSE")
    turn = rotation.start().next_hand(4, "FT")
    assert turn.game == "FT"
    with pytest.raises(GameError) as refused:
        turn.next_hand(4, "NT")
    assert str(refused.value) == "H.O.R.S.E. deals FT now, not NT"
    assert refused.value.message("de") == "H.O.R.S.E. spielt jetzt FT, nicht NT"


def test_bad_rotations_and_tables_are_refused():
    with pytest.raises(GameError, match="at least one game"):
        FixedRotation(())
    with pytest.raises(GameError) as unknown:
        FixedRotation(("NT", "NLH"))
    assert unknown.value.message("de").startswith("unbekannte Spiele: NLH")
    with pytest.raises(GameError, match="at least one hand"):
        FixedRotation(HORSE, hands_per_game=0)
    with pytest.raises(GameError, match="unknown rotation"):
        named_rotation("HOSE")
    with pytest.raises(GameError, match="unknown games: XX"):
        DealersChoice(("NT", "XX"))
    for players in (1, 11):
        with pytest.raises(GameError) as refused:
            named_rotation("HORSE").start().next_hand(players)
        assert refused.value.message("de") == (
            f"eine Hand braucht 2 bis 10 Spieler, nicht {players}")


def random_hands(seed: int, count: int, choices: tuple[str, ...] | None = None):
    rng = random.Random(seed)
    return [HandStart(rng.randint(2, 7), rng.choice(choices) if choices else None)
            for _ in range(count)]


@pytest.mark.parametrize("rotation", [
    named_rotation("HORSE"), named_rotation("8GAME", hands_per_game=3),
    FixedRotation(("NT", "FR", "PO")), DealersChoice(("NT", "F7S", "P5O", "F2L3D")),
], ids=["horse-orbit", "8game-3-hands", "custom-orbit", "dealers-choice"])
def test_replaying_the_same_hands_gives_the_same_games(rotation):
    choices = rotation.allowed if isinstance(rotation, DealersChoice) else None
    hands = random_hands(7, 200, choices)
    first, second = rotation.games(hands), rotation.games(list(hands))
    assert first == second
    assert len(set(first)) > 1
    # The fold hand by hand, a replay of every prefix and a replay from scratch all agree.
    turn = rotation.start()
    for i, hand in enumerate(hands):
        turn = turn.next_hand(hand.players, hand.choice)
        assert turn.game == first[i]
        if i % 37 == 0:
            assert rotation.replay(hands[:i + 1]) == turn
    assert rotation.replay(hands) == turn
    assert turn.hand == len(hands)
    if choices:
        assert first == [h.choice for h in hands]


def test_an_orbit_is_as_many_hands_as_players_in_every_game():
    """With a steady table, each game of a long orbit rotation lasts exactly one orbit."""
    rng = random.Random(3)
    rotation = named_rotation("HORSE")
    hands, runs = [], []
    for _ in range(12):
        players = rng.randint(3, 8)
        hands += [HandStart(players)] * players
        runs.append(players)
    dealt = rotation.games(hands)
    position = 0
    for index, players in enumerate(runs):
        assert dealt[position:position + players] == [HORSE[index % len(HORSE)]] * players
        position += players
