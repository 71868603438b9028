"""The cash ledger: entries, the money check, net results, settlement with the fewest transfers
(checked against a brute-force search) and the CSV export, in English and German."""

from __future__ import annotations

import csv
import io
import random

import pytest

from tableside.table.errors import TableError
from tableside.table.ledger import (
    EXACT_SETTLEMENT_LIMIT,
    ChipValue,
    Entry,
    EntryKind,
    Ledger,
    Transfer,
    _settle_greedily,
    format_money,
    settle,
    settlement_text,
)

T0 = 1_700_000_000.0  # a Tuesday night in November 2023, seconds since the epoch


def brute_force_fewest_transfers(balances: list[int]) -> int:
    """The fewest transfers, by trying every way to pass one player's balance on to another
    player of the opposite sign (the classic exhaustive search; exponential, small cases)."""
    values = [b for b in balances if b]

    def search(start: int) -> int:
        while start < len(values) and values[start] == 0:
            start += 1
        if start == len(values):
            return 0
        best = len(values)
        for other in range(start + 1, len(values)):
            if values[other] * values[start] < 0:
                values[other] += values[start]
                best = min(best, 1 + search(start + 1))
                values[other] -= values[start]
        return best

    return search(0)


def apply_transfers(results: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    left = dict(results)
    for t in transfers:
        assert t.cents > 0
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    return left


def random_results(rng: random.Random, players: int) -> dict[str, int]:
    values = [rng.choice((-1, 1)) * rng.randint(1, 12) * 250 for _ in range(players - 1)]
    values.append(-sum(values))
    return {f"player{i}": v for i, v in enumerate(values)}


# ----------------------------------------------------------------------------- money


@pytest.mark.parametrize(("cents", "en", "de"), [
    (3500, "35.00", "35,00"), (5, "0.05", "0,05"), (123456, "1,234.56", "1.234,56"),
    (-250, "-2.50", "-2,50"), (0, "0.00", "0,00"), (100_000_000, "1,000,000.00", "1.000.000,00"),
])
def test_money_is_written_with_two_decimals_in_each_language(cents, en, de):
    assert format_money(cents, "en") == en
    assert format_money(cents, "de") == de


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        format_money(1, "fr")


def test_chip_values_convert_exactly_and_refuse_fractions_of_a_cent():
    assert ChipValue().to_cents(3500) == 3500
    assert ChipValue(cents=25).to_cents(7) == 175
    half = ChipValue(cents=1, chips=2)
    assert half.to_cents(10) == 5
    with pytest.raises(TableError) as refused:
        half.to_cents(11)
    assert refused.value.rule == "chips_not_whole_cents"
    assert "2 chips = 0.01 EUR" in refused.value.message("en")
    assert "2 Chips = 0,01 EUR" in refused.value.message("de")
    assert ChipValue(cents=50, currency="USD").describe("en") == "1 chip = 0.50 USD"
    with pytest.raises(ValueError):
        ChipValue(cents=0)


# ----------------------------------------------------------------------------- entries


def test_entries_follow_the_seat_a_player_sits_down_plays_and_leaves():
    ledger = Ledger()
    ledger.buy_in("Anna", 2000, T0)
    ledger.rebuy("Anna", 1000, T0 + 60)
    ledger.add_on("Anna", 500, T0 + 120)
    assert ledger.seated() == {"Anna"}
    ledger.cash_out("Anna", 0, T0 + 180)  # lost everything: a cash-out of nothing
    assert ledger.seated() == set()
    ledger.buy_in("Anna", 2000, T0 + 240)  # back again: a new buy-in
    assert ledger.chips_in("Anna") == 5500
    assert ledger.chips_out("Anna") == 0
    assert [e.kind for e in ledger.entries] == [
        EntryKind.BUY_IN, EntryKind.REBUY, EntryKind.ADD_ON, EntryKind.CASH_OUT,
        EntryKind.BUY_IN]


@pytest.mark.parametrize(("entries", "rule"), [
    ([Entry("Anna", EntryKind.REBUY, 100, T0)], "not_seated"),
    ([Entry("Anna", EntryKind.CASH_OUT, 100, T0)], "not_seated"),
    ([Entry("Anna", EntryKind.BUY_IN, 100, T0), Entry("Anna", EntryKind.BUY_IN, 100, T0)],
     "already_seated"),
    ([Entry("Anna", EntryKind.BUY_IN, 100, T0), Entry("Anna", EntryKind.CASH_OUT, 300, T0),
      Entry("Anna", EntryKind.ADD_ON, 100, T0)], "not_seated"),
    ([Entry("Anna", EntryKind.BUY_IN, 0, T0)], "bad_amount"),
    ([Entry("Anna", EntryKind.BUY_IN, -5, T0)], "bad_amount"),
    ([Entry("Anna", EntryKind.BUY_IN, 10.5, T0)], "bad_amount"),
    ([Entry("Anna", EntryKind.BUY_IN, 100, T0), Entry("Ben", EntryKind.BUY_IN, 100, T0 - 1)],
     "entry_out_of_order"),
    ([Entry("Anna", EntryKind.ADJUSTMENT, 50, T0)], "not_seated"),
    ([Entry("Anna", EntryKind.BUY_IN, 100, T0), Entry("Anna", EntryKind.ADJUSTMENT, 0, T0)],
     "bad_amount"),
    ([Entry("Anna", EntryKind.BUY_IN, 100, T0), Entry("Anna", EntryKind.CASH_OUT, -1, T0)],
     "bad_amount"),
])
def test_impossible_entries_are_refused_and_leave_the_ledger_as_it_was(entries, rule):
    ledger = Ledger()
    for entry in entries[:-1]:
        ledger.add(entry)
    before = list(ledger.entries)
    with pytest.raises(TableError) as refused:
        ledger.add(entries[-1])
    assert refused.value.rule == rule
    assert refused.value.message("en") and refused.value.message("de")
    assert refused.value.message("en") != refused.value.message("de")
    assert ledger.entries == before


def test_a_ledger_rebuilt_from_its_entries_is_the_same_ledger():
    ledger = Ledger(ChipValue(cents=5))
    ledger.buy_in("Anna", 400, T0)
    ledger.buy_in("Ben", 400, T0 + 1)
    ledger.cash_out("Ben", 900, T0 + 2, note="went home early")
    again = Ledger(ChipValue(cents=5), ledger.entries)
    assert again.entries == ledger.entries
    assert again.net_results({"Anna": 0}) == ledger.net_results({"Anna": 0})


# ----------------------------------------------------------------------------- the check


def night() -> Ledger:
    """Anna buys 20.00 and rebuys 10.00, Ben buys 20.00, Cleo buys 20.00; Ben leaves with
    45.00; Anna and Cleo are still seated."""
    ledger = Ledger()
    ledger.buy_in("Anna", 2000, T0)
    ledger.buy_in("Ben", 2000, T0 + 10)
    ledger.buy_in("Cleo", 2000, T0 + 20)
    ledger.rebuy("Anna", 1000, T0 + 3600)
    ledger.cash_out("Ben", 4500, T0 + 7200)
    return ledger


def test_money_in_equals_money_out_plus_the_chips_still_on_the_table():
    ledger = night()
    balance = ledger.check(on_table=2500)
    assert (balance.money_in, balance.money_out, balance.on_table) == (7000, 4500, 2500)
    assert balance.balanced and balance.difference == 0
    assert balance.describe("en") == (
        "Balanced: money in 70.00, money out 45.00 + on the table 25.00")
    assert balance.describe("de") == (
        "Stimmt: Einzahlungen 70,00, Auszahlungen 45,00 + auf dem Tisch 25,00")


def test_a_missing_or_surplus_amount_is_named():
    ledger = night()
    short = ledger.check(on_table=2300)
    assert not short.balanced and short.difference == 200
    assert short.describe("en").endswith("; 2.00 missing")
    assert short.describe("de").endswith("; 2,00 fehlen")
    over = ledger.check(on_table=2600)
    assert over.difference == -100
    assert over.describe("en").endswith("; 1.00 too much")
    assert over.describe("de").endswith("; 1,00 zu viel")


def test_the_house_rake_is_part_of_the_check():
    balance = night().check(on_table=2400, rake=100)
    assert balance.balanced
    assert "+ rake 1.00" in balance.describe("en")
    assert "+ Rake 1,00" in balance.describe("de")


def test_stack_adjustments_are_chips_without_money():
    ledger = night()
    ledger.adjust("Anna", 300, T0 + 8000, reason="pot paid to the wrong player")
    ledger.adjust("Cleo", -300, T0 + 8000, reason="pot paid to the wrong player")
    assert ledger.chips_adjusted() == 0
    assert ledger.check(on_table=2500).balanced
    ledger.adjust("Cleo", 100, T0 + 8100, reason="chip found under the table")
    balance = ledger.check(on_table=2600)
    assert balance.balanced and balance.adjusted == 100
    assert balance.describe("en") == ("Balanced: money in 70.00 (stack adjustments 1.00), "
                                      "money out 45.00 + on the table 26.00")
    assert balance.describe("de") == ("Stimmt: Einzahlungen 70,00 (Stack-Korrekturen 1,00), "
                                      "Auszahlungen 45,00 + auf dem Tisch 26,00")
    # The chip that came from nowhere is in Cleo's stack: the results no longer sum to zero.
    results = ledger.net_results({"Anna": 500, "Cleo": 2100})
    assert sum(results.values()) == 100
    with pytest.raises(TableError):
        settle(results)
    rows = list(csv.reader(io.StringIO(ledger.to_csv("en", {"Anna": 500, "Cleo": 2100}))))
    assert rows[6] == ["2023-11-15T00:26:40+00:00", "Anna", "stack adjustment", "300", "",
                       "pot paid to the wrong player"]


# ----------------------------------------------------------------------------- results


def test_net_results_count_a_seated_players_stack_as_cashed_out():
    results = night().net_results({"Anna": 500, "Cleo": 2000})
    assert results == {"Anna": 500 - 3000, "Ben": 4500 - 2000, "Cleo": 0}
    assert sum(results.values()) == 0


def test_results_need_the_stack_of_every_seated_player_and_no_others():
    with pytest.raises(TableError) as missing:
        night().net_results({"Anna": 500})
    assert missing.value.rule == "stack_missing"
    assert "Cleo" in missing.value.message("en") and "Cleo" in missing.value.message("de")
    with pytest.raises(TableError) as extra:
        night().net_results({"Anna": 500, "Cleo": 2000, "Ben": 10})
    assert extra.value.rule == "not_seated"


def test_the_settlement_reads_anna_pays_ben():
    ledger = Ledger()
    ledger.buy_in("Anna", 5000, T0)
    ledger.buy_in("Ben", 5000, T0)
    ledger.cash_out("Anna", 1500, T0 + 1)
    ledger.cash_out("Ben", 8500, T0 + 2)
    transfers = ledger.settlement()
    assert transfers == [Transfer("Anna", "Ben", 3500)]
    assert settlement_text(transfers, "en") == "Anna pays Ben 35.00"
    assert settlement_text(transfers, "de") == "Anna zahlt Ben 35,00"


def test_a_night_without_winners_needs_no_transfer():
    assert settle({"Anna": 0, "Ben": 0}) == []
    assert settlement_text([], "en") == "Nobody owes anybody anything."
    assert settlement_text([], "de") == "Niemand schuldet etwas."


def test_results_that_do_not_sum_to_zero_cannot_be_settled():
    with pytest.raises(TableError) as refused:
        settle({"Anna": -100, "Ben": 50})
    assert refused.value.rule == "results_unbalanced"
    assert "-0.50" in refused.value.message("en")
    assert "-0,50" in refused.value.message("de")


def test_settlement_finds_fewer_transfers_than_the_greedy_rule_where_it_can():
    # Greedy (largest debt to largest credit) needs four transfers here; Ben and Dora can
    # settle between themselves, the other three among themselves: three in all.
    results = {"Anna": -300, "Ben": 500, "Cleo": -300, "Dora": -500, "Emil": 600}
    greedy = _settle_greedily(sorted(results.items()))
    exact = settle(results)
    assert len(exact) == brute_force_fewest_transfers(list(results.values()))
    assert len(exact) < len(greedy)
    assert all(v == 0 for v in apply_transfers(results, exact).values())


@pytest.mark.parametrize("players", range(2, 8))
def test_settlement_needs_as_few_transfers_as_a_brute_force_search(players):
    rng = random.Random(players)
    for _ in range(60):
        results = random_results(rng, players)
        transfers = settle(results)
        assert all(v == 0 for v in apply_transfers(results, transfers).values())
        assert len(transfers) == brute_force_fewest_transfers(list(results.values()))


def test_settlement_with_many_equal_results_pairs_them_off():
    results = {f"p{i}": (-1000 if i % 2 else 1000) for i in range(12)}
    transfers = settle(results)
    assert len(transfers) == 6
    assert all(t.cents == 1000 for t in transfers)


def test_beyond_the_exact_limit_the_greedy_rule_still_settles_everyone():
    rng = random.Random(7)
    results = random_results(rng, EXACT_SETTLEMENT_LIMIT + 6)
    transfers = settle(results)
    assert all(v == 0 for v in apply_transfers(results, transfers).values())
    assert len(transfers) <= len([v for v in results.values() if v]) - 1


def test_settlement_is_listed_by_payer_and_does_not_depend_on_the_order_given():
    results = {"Dora": -700, "Anna": 300, "Cleo": -100, "Ben": 500}
    transfers = settle(results)
    assert transfers == settle(dict(reversed(list(results.items()))))
    assert transfers == sorted(transfers, key=lambda t: (t.payer, t.payee))


# ----------------------------------------------------------------------------- CSV


def test_csv_export_has_a_header_each_entry_and_a_total_per_player():
    ledger = night()
    ledger.cash_out("Anna", 500, T0 + 9000, note="last hand lost")
    text = ledger.to_csv("en", stacks={"Cleo": 2000})
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["time", "player", "entry", "chips", "amount (EUR)", "note"]
    entries, totals = rows[1:1 + len(ledger.entries)], rows[1 + len(ledger.entries):]
    assert len(entries) == len(ledger.entries) == 6
    assert entries[0] == ["2023-11-14T22:13:20+00:00", "Anna", "buy-in", "2000", "-20.00", ""]
    assert entries[-1] == ["2023-11-15T00:43:20+00:00", "Anna", "cash-out", "500", "5.00",
                           "last hand lost"]
    assert [r[1] for r in totals] == ["Anna", "Ben", "Cleo"]
    assert [r[2] for r in totals] == ["net result"] * 3
    assert [int(r[3]) for r in totals] == [-2500, 2500, 0]
    assert sum(float(r[4]) for r in totals) == 0
    # Every entry's amount adds up to its player's net result (Cleo's stack counts as out).
    for total in totals[:2]:
        assert sum(float(r[4]) for r in entries if r[1] == total[1]) == float(total[4])


def test_german_csv_uses_semicolons_and_decimal_commas():
    ledger = night()
    text = ledger.to_csv("de", stacks={"Anna": 500, "Cleo": 2000})
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0] == ["Zeit", "Spieler", "Eintrag", "Chips", "Betrag (EUR)", "Notiz"]
    assert rows[1][2:5] == ["Buy-in", "2000", "-20,00"]
    assert rows[5][2:5] == ["Auszahlung", "4500", "45,00"]
    assert rows[-3][1:5] == ["Anna", "Saldo", "-2500", "-25,00"]
    assert rows[-3][5] == "3000 Chips gekauft, mit 500 gegangen"

