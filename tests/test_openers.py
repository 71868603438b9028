import pytest

from tableside.cards import ACE, JACK, KING, QUEEN
from tableside.engine.openers import openers_for


def test_jacks_or_better_stays_jacks_without_the_house_option():
    assert [openers_for(n) for n in range(5)] == [JACK] * 5


def test_progressive_openers_climb_to_aces_and_come_back_down():
    assert [openers_for(n, progressive=True) for n in range(8)] == [
        JACK, QUEEN, KING, ACE, KING, QUEEN, JACK, QUEEN]


def test_negative_counts_are_refused():
    with pytest.raises(ValueError):
        openers_for(-1)
