"""The cash ledger of a night: who bought chips, who cashed out, and at the end who pays whom.

Amounts at the table are chips; money is integer cents, converted by a :class:`ChipValue`
(1 chip = 0.01 EUR by default), never by floats. The ledger is a list of :class:`Entry`
(buy-in, rebuy, add-on, cash-out), folded into balances:

- :meth:`Ledger.check`: money in equals money out plus what is still on the table (and what
  the house kept as rake);
- :meth:`Ledger.net_results`: each player's result, counting chips still in front of a
  seated player as if cashed out now;
- :func:`settle`: who pays whom, with the fewest transfers;
- :meth:`Ledger.to_csv`: the entries and per-player totals as CSV.

Settlement assumes the chips were bought on credit: nobody has paid the bank yet, so each
player's net result is what they receive (or, when negative, pay). The fewest transfers that
settle a night is NP-hard in general; :func:`settle` is exact for up to
:data:`EXACT_SETTLEMENT_LIMIT` players with a non-zero result (it partitions them into as many
groups summing to zero as possible: a group of k needs k - 1 transfers), greedy beyond.

Pure: no clock (times are passed in as seconds since the epoch), no I/O (CSV is returned as
text).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from tableside.table.errors import TableError

EXACT_SETTLEMENT_LIMIT = 14  # players with a non-zero result; 2**14 subsets stay instant
LANGUAGES = ("en", "de")


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def format_money(cents: int, lang: str = "en") -> str:
    """``cents`` as an amount with two decimals: 3500 is "35.00" in English, "35,00" in German;
    thousands are grouped ("1,234.50" / "1.234,50")."""
    _check_lang(lang)
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    grouped = f"{whole:,}"
    if lang == "de":
        return f"{sign}{grouped.replace(',', '.')},{part:02d}"
    return f"{sign}{grouped}.{part:02d}"


def _plain_money(cents: int, lang: str) -> str:
    """An amount for a spreadsheet cell: no grouping, the language's decimal mark."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}{',' if lang == 'de' else '.'}{part:02d}"


@dataclass(frozen=True, slots=True)
class ChipValue:
    """What chips are worth: ``cents`` cents for every ``chips`` chips, in ``currency``.

    ``ChipValue()`` is 1 chip = 0.01 EUR; ``ChipValue(cents=25)`` is 1 chip = 0.25 EUR;
    ``ChipValue(cents=1, chips=2)`` is 2 chips = 0.01 EUR (then only even chip counts are whole
    cents, and odd ones are refused rather than rounded).
    """

    cents: int = 1
    chips: int = 1
    currency: str = "EUR"

    def __post_init__(self) -> None:
        if type(self.cents) is not int or type(self.chips) is not int or \
                self.cents <= 0 or self.chips <= 0:
            raise ValueError(f"a chip value needs whole cents and chips above 0, "
                             f"got {self.cents!r} cents for {self.chips!r} chips")

    def to_cents(self, chips: int) -> int:
        """The money ``chips`` are worth, exactly; refused when it is not a whole cent."""
        cents, rest = divmod(chips * self.cents, self.chips)
        if rest:
            raise TableError(
                "chips_not_whole_cents",
                f"{chips} chips are not a whole number of cents at {self.describe('en')}",
                f"{chips} Chips ergeben keinen ganzen Cent-Betrag bei {self.describe('de')}")
        return cents

    def describe(self, lang: str = "en") -> str:
        """"1 chip = 0.01 EUR" / "1 Chip = 0,01 EUR" (amounts below a cent as a fraction)."""
        _check_lang(lang)
        word = ("chip" if self.chips == 1 else "chips") if lang == "en" else (
            "Chip" if self.chips == 1 else "Chips")
        return f"{self.chips} {word} = {format_money(self.cents, lang)} {self.currency}"


class EntryKind(StrEnum):
    BUY_IN = "buy-in"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    CASH_OUT = "cash-out"
    ADJUSTMENT = "adjustment"  # the dealer corrects a stack (with a reason): chips, no money

    def label(self, lang: str = "en") -> str:
        _check_lang(lang)
        return _KIND_LABELS[lang][self]


_KIND_LABELS = {
    "en": {EntryKind.BUY_IN: "buy-in", EntryKind.REBUY: "rebuy", EntryKind.ADD_ON: "add-on",
           EntryKind.CASH_OUT: "cash-out", EntryKind.ADJUSTMENT: "stack adjustment"},
    "de": {EntryKind.BUY_IN: "Buy-in", EntryKind.REBUY: "Rebuy", EntryKind.ADD_ON: "Add-on",
           EntryKind.CASH_OUT: "Auszahlung", EntryKind.ADJUSTMENT: "Stack-Korrektur"},
}
CHIPS_IN = (EntryKind.BUY_IN, EntryKind.REBUY, EntryKind.ADD_ON)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the ledger: ``player`` bought (or cashed out) ``chips`` at time ``at``; an
    adjustment's chips are signed (added to the stack or taken off), its note the reason."""

    player: str
    kind: EntryKind
    chips: int
    at: float  # seconds since the epoch
    note: str = ""


@dataclass(frozen=True, slots=True)
class Balance:
    """Money in against money out, in cents. ``difference`` is what is missing (positive) or
    left over (negative) once money out, the chips on the table and the rake are counted;
    ``adjusted`` is the worth of the chips the dealer's stack adjustments added (negative:
    took away), which no money paid for."""

    money_in: int
    money_out: int
    on_table: int
    rake: int
    adjusted: int = 0

    @property
    def difference(self) -> int:
        return self.money_in + self.adjusted - self.money_out - self.on_table - self.rake

    @property
    def balanced(self) -> bool:
        return self.difference == 0

    def describe(self, lang: str = "en") -> str:
        """One line for the display: the equation, and what is wrong when it does not hold."""
        _check_lang(lang)
        m = {k: format_money(v, lang) for k, v in (
            ("in", self.money_in), ("out", self.money_out), ("table", self.on_table),
            ("rake", self.rake), ("diff", abs(self.difference)),
            ("adjusted", self.adjusted))}
        rake_en = f" + rake {m['rake']}" if self.rake else ""
        rake_de = f" + Rake {m['rake']}" if self.rake else ""
        adjusted_en = f" (stack adjustments {m['adjusted']})" if self.adjusted else ""
        adjusted_de = f" (Stack-Korrekturen {m['adjusted']})" if self.adjusted else ""
        if lang == "en":
            equation = (f"money in {m['in']}{adjusted_en}, money out {m['out']} + on the "
                        f"table {m['table']}{rake_en}")
            if self.balanced:
                return f"Balanced: {equation}"
            what = "missing" if self.difference > 0 else "too much"
            return f"Not balanced: {equation}; {m['diff']} {what}"
        equation = (f"Einzahlungen {m['in']}{adjusted_de}, Auszahlungen {m['out']} + auf dem "
                    f"Tisch {m['table']}{rake_de}")
        if self.balanced:
            return f"Stimmt: {equation}"
        what = "fehlen" if self.difference > 0 else "zu viel"
        return f"Stimmt nicht: {equation}; {m['diff']} {what}"


# The house as a party to the settlement (tableside.table.books): it is paid the rake it
# kept. Not a player's name.
HOUSE = "@house"
_HOUSE_NAMES = {"en": ("The house", "the house"), "de": ("Das Haus", "dem Haus")}


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``cents``."""

    payer: str
    payee: str
    cents: int

    def describe(self, lang: str = "en") -> str:
        """"Anna pays Ben 35.00" / "Anna zahlt Ben 35,00"; "Anna pays the house 1.50" /
        "Anna zahlt dem Haus 1,50"."""
        _check_lang(lang)
        verb = "pays" if lang == "en" else "zahlt"
        payer = _HOUSE_NAMES[lang][0] if self.payer == HOUSE else self.payer
        payee = _HOUSE_NAMES[lang][1] if self.payee == HOUSE else self.payee
        return f"{payer} {verb} {payee} {format_money(self.cents, lang)}"


class Ledger:
    """The entries of one night, in the order they happened, with their chip value."""

    def __init__(self, chip_value: ChipValue | None = None, entries: Iterable[Entry] = ()):
        self.chip_value = chip_value or ChipValue()
        self.entries: list[Entry] = []
        for entry in entries:
            self.add(entry)

    # ----------------------------------------------------------------- recording
    def add(self, entry: Entry) -> None:
        """Record an entry, or raise TableError (and record nothing).

        A buy-in seats a player; rebuys, add-ons, adjustments and the cash-out need a seated
        player (after a cash-out, coming back is a new buy-in). Chips bought are above zero; a
        cash-out may be zero (a player who lost everything leaves); an adjustment is not zero.
        """
        adjustment = entry.kind is EntryKind.ADJUSTMENT
        if type(entry.chips) is not int or (entry.chips < 0 and not adjustment) or (
                entry.chips == 0 and entry.kind is not EntryKind.CASH_OUT):
            raise TableError("bad_amount",
                             f"{entry.kind.label('en')} of {entry.chips!r} chips: a whole "
                             f"number {'other than' if adjustment else 'above'} zero is needed",
                             f"{entry.kind.label('de')} über {entry.chips!r} Chips: eine ganze "
                             f"Zahl {'ungleich' if adjustment else 'über'} null ist nötig")
        if self.entries and entry.at < self.entries[-1].at:
            raise TableError("entry_out_of_order",
                             "ledger entries are recorded in the order they happen",
                             "Einträge ins Kassenbuch kommen in der Reihenfolge, in der sie "
                             "geschehen")
        seated = entry.player in self.seated()
        if entry.kind is EntryKind.BUY_IN and seated:
            raise TableError("already_seated",
                             f"{entry.player} has already bought in: add chips with a rebuy",
                             f"{entry.player} hat schon ein Buy-in: Chips kommen per Rebuy dazu")
        if entry.kind is not EntryKind.BUY_IN and not seated:
            raise TableError("not_seated",
                             f"{entry.player} has not bought in (or has already cashed out)",
                             f"{entry.player} hat kein Buy-in (oder schon ausgezahlt)")
        self.chip_value.to_cents(entry.chips)  # refuse amounts that are no whole cents
        self.entries.append(entry)

    def buy_in(self, player: str, chips: int, at: float, note: str = "") -> Entry:
        return self._record(player, EntryKind.BUY_IN, chips, at, note)

    def rebuy(self, player: str, chips: int, at: float, note: str = "") -> Entry:
        return self._record(player, EntryKind.REBUY, chips, at, note)

    def add_on(self, player: str, chips: int, at: float, note: str = "") -> Entry:
        return self._record(player, EntryKind.ADD_ON, chips, at, note)

    def cash_out(self, player: str, chips: int, at: float, note: str = "") -> Entry:
        return self._record(player, EntryKind.CASH_OUT, chips, at, note)

    def adjust(self, player: str, chips: int, at: float, reason: str) -> Entry:
        """The dealer adds (``chips`` > 0) or takes off chips from a seated player's stack."""
        return self._record(player, EntryKind.ADJUSTMENT, chips, at, reason)

    def _record(self, player: str, kind: EntryKind, chips: int, at: float, note: str) -> Entry:
        entry = Entry(player, kind, chips, at, note)
        self.add(entry)
        return entry

    # ----------------------------------------------------------------- reading
    def players(self) -> list[str]:
        """Everyone with an entry, in the order they first appear."""
        return list(dict.fromkeys(e.player for e in self.entries))

    def seated(self) -> set[str]:
        """Players who have bought in and not cashed out since."""
        seated: set[str] = set()
        for entry in self.entries:
            if entry.kind is EntryKind.BUY_IN:
                seated.add(entry.player)
            elif entry.kind is EntryKind.CASH_OUT:
                seated.discard(entry.player)
        return seated

    def chips_in(self, player: str | None = None) -> int:
        """Chips bought (by ``player``, or by everyone)."""
        return sum(e.chips for e in self.entries
                   if e.kind in CHIPS_IN and player in (None, e.player))

    def chips_out(self, player: str | None = None) -> int:
        """Chips cashed out (by ``player``, or by everyone)."""
        return sum(e.chips for e in self.entries
                   if e.kind is EntryKind.CASH_OUT and player in (None, e.player))

    def chips_adjusted(self, player: str | None = None) -> int:
        """Chips the dealer's adjustments added (taken off: negative)."""
        return sum(e.chips for e in self.entries
                   if e.kind is EntryKind.ADJUSTMENT and player in (None, e.player))

    def check(self, on_table: int = 0, rake: int = 0) -> Balance:
        """Money in against money out plus the chips still on the table (``on_table``: every
        seated player's stack and any pot in play) and the chips the house kept (``rake``).
        Stack adjustments count as chips that came (or went) without money."""
        value = self.chip_value.to_cents
        return Balance(value(self.chips_in()), value(self.chips_out()), value(on_table),
                       value(rake), value(self.chips_adjusted()))

    def net_results(self, stacks: Mapping[str, int] | None = None) -> dict[str, int]:
        """Each player's result in cents: cashed out (plus the chips in ``stacks`` for players
        still seated) minus bought. Every seated player needs a stack: a result that leaves
        out chips on the table would be wrong, so that is refused."""
        stacks = dict(stacks or {})
        missing = sorted(self.seated() - stacks.keys())
        if missing:
            names = ", ".join(missing)
            raise TableError("stack_missing",
                             f"still seated, stack needed for a result: {names}",
                             f"noch am Tisch, für ein Ergebnis fehlt der Stack: {names}")
        unknown = sorted(stacks.keys() - self.seated())
        if unknown:
            names = ", ".join(unknown)
            raise TableError("not_seated", f"not seated at the table: {names}",
                             f"nicht am Tisch: {names}")
        value = self.chip_value.to_cents
        return {p: value(self.chips_out(p) + stacks.get(p, 0)) - value(self.chips_in(p))
                for p in self.players()}

    def settlement(self, stacks: Mapping[str, int] | None = None) -> list[Transfer]:
        """Who pays whom to settle the night (see :func:`settle`)."""
        return settle(self.net_results(stacks))

    # ----------------------------------------------------------------- export
    def to_csv(self, lang: str = "en", stacks: Mapping[str, int] | None = None) -> str:
        """The ledger as CSV text: a header row, one row per entry (time in UTC, ISO 8601; the
        chips as recorded; the amount is the money the player paid, negative, or took, positive),
        then one total row per player with the net result in chips and money (a seated
        player's ``stacks`` count as cashed out, as in :meth:`net_results`).

        English uses commas and decimal points; German uses semicolons and decimal commas,
        as German spreadsheets expect.
        """
        _check_lang(lang)
        out = io.StringIO()
        writer = csv.writer(out, delimiter=";" if lang == "de" else ",", lineterminator="\n")
        header = _CSV_HEADER[lang]
        currency = self.chip_value.currency
        writer.writerow((*header[:4], f"{header[4]} ({currency})", header[5]))
        value = self.chip_value.to_cents
        for entry in self.entries:
            sign = -1 if entry.kind in CHIPS_IN else 1
            when = datetime.fromtimestamp(entry.at, tz=UTC).isoformat(timespec="seconds")
            money = "" if entry.kind is EntryKind.ADJUSTMENT else _plain_money(
                sign * value(entry.chips), lang)  # an adjustment moves chips, not money
            writer.writerow((when, entry.player, entry.kind.label(lang), entry.chips, money,
                             entry.note))
        nets = self.net_results(stacks)
        stacks = stacks or {}
        for player in self.players():
            bought, left = self.chips_in(player), self.chips_out(player) + stacks.get(player, 0)
            note = _CSV_TOTAL_NOTE[lang].format(bought=bought, left=left)
            writer.writerow(("", player, _CSV_TOTAL[lang], left - bought,
                             _plain_money(nets[player], lang), note))
        return out.getvalue()


_CSV_HEADER = {
    "en": ("time", "player", "entry", "chips", "amount", "note"),
    "de": ("Zeit", "Spieler", "Eintrag", "Chips", "Betrag", "Notiz"),
}
_CSV_TOTAL = {"en": "net result", "de": "Saldo"}
_CSV_TOTAL_NOTE = {"en": "bought {bought} chips, left with {left}",
                   "de": "{bought} Chips gekauft, mit {left} gegangen"}


# ----------------------------------------------------------------------------- settlement
def settle(results: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that bring every result to zero: players below zero pay, players
    above receive. ``results`` must sum to zero (cents).

    Exact up to :data:`EXACT_SETTLEMENT_LIMIT` players with a non-zero result, greedy (the
    largest debt to the largest credit) beyond. Transfers are listed by payer, then payee.
    """
    if sum(results.values()) != 0:
        total = sum(results.values())
        raise TableError("results_unbalanced",
                         f"the results add up to {format_money(total, 'en')}, not zero: "
                         f"check the ledger first",
                         f"die Ergebnisse ergeben {format_money(total, 'de')} statt null: "
                         f"erst das Kassenbuch prüfen")
    balances = sorted((p, r) for p, r in results.items() if r)
    exact = len(balances) <= EXACT_SETTLEMENT_LIMIT
    groups = _zero_sum_groups(balances) if exact else [balances]
    transfers = [t for group in groups for t in _settle_greedily(group)]
    return sorted(transfers, key=lambda t: (t.payer, t.payee))


def _zero_sum_groups(balances: Sequence[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The balances split into the largest number of groups that each sum to zero.

    ``best[mask]`` is the most zero-sum groups the players in ``mask`` (a bitset) can be cut
    into, counting a last group that does not sum to zero yet as none; adding players one by
    one, a subset that sums to zero closes one more group. The players of a subset summing to
    zero can always be grouped so, which makes the recursion exact (the known dynamic
    programme for the fewest transactions: transfers = players - groups).
    """
    n = len(balances)
    amounts = [a for _, a in balances]
    size = 1 << n
    sums = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    best = [0] * size
    for mask in range(1, size):
        most = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] > most:
                most = best[mask ^ low]
        best[mask] = most + (1 if sums[mask] == 0 else 0)
    # Walk back: peel off players while the count stays; a drop marks a closed group.
    groups: list[list[tuple[str, int]]] = []
    mask, current = size - 1, []
    while mask:
        rest, chosen = mask, None
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] == best[mask] - (1 if sums[mask] == 0 else 0):
                chosen = low
                break
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        current.append(balances[chosen.bit_length() - 1])
        mask ^= chosen
    if current:
        groups.append(current)
    return groups


def _settle_greedily(group: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Settle a group summing to zero: the largest debtor pays the largest creditor as much as
    one of them needs. Each transfer settles at least one of the two and the last settles
    both, so a group of k needs at most k - 1 transfers."""
    debts = sorted(((-a, p) for p, a in group if a < 0), key=lambda x: (-x[0], x[1]))
    credits = sorted(((a, p) for p, a in group if a > 0), key=lambda x: (-x[0], x[1]))
    transfers = []
    while debts and credits:
        owed, payer = debts[0]
        due, payee = credits[0]
        paid = min(owed, due)
        transfers.append(Transfer(payer, payee, paid))
        debts[0], credits[0] = (owed - paid, payer), (due - paid, payee)
        debts = sorted((d for d in debts if d[0]), key=lambda x: (-x[0], x[1]))
        credits = sorted((c for c in credits if c[0]), key=lambda x: (-x[0], x[1]))
    return transfers


def settlement_text(transfers: Sequence[Transfer], lang: str = "en") -> str:
    """The transfers, one per line; a night with nothing to pay says so."""
    _check_lang(lang)
    if not transfers:
        return "Nobody owes anybody anything." if lang == "en" else "Niemand schuldet etwas."
    return "\n".join(t.describe(lang) for t in transfers)
