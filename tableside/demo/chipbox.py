"""The demo's box of RFID chips: tag ids by denomination, enrolled once in the chip registry,
and the chips a player (or the dealer colouring up the pot) takes for an amount.

Tag ids follow ISO 15693 (16 hex digits, E0 first) and share their high digits, as chips of
one batch do, so the firmware's anticollision has work to do.
"""

from __future__ import annotations

from collections import deque

from tableside.rfid.registry import ChipRegistry

# Denomination -> colour, highest first: a home set.
DENOMINATIONS: tuple[tuple[int, str], ...] = (
    (1000, "yellow"), (500, "purple"), (100, "black"), (25, "green"), (5, "red"), (1, "white"))
PER_DENOMINATION = 400


def tag_id(denomination: int, number: int) -> str:
    return f"E0040150{denomination:04X}{number:04X}"


class ChipBox:
    """Chips not on the felt; :meth:`take` the fewest chips worth an amount."""

    def __init__(self, per_denomination: int = PER_DENOMINATION):
        # Chips come back to the end of the line: a chip just swept into the pot is not the
        # one a player puts down next (the board may not have seen it leave yet).
        self.free: dict[int, deque[str]] = {
            value: deque(tag_id(value, n) for n in range(per_denomination))
            for value, _ in DENOMINATIONS}
        self.value_of: dict[str, int] = {tag: value for value, tags in self.free.items()
                                         for tag in tags}

    def enrol(self, registry: ChipRegistry) -> None:
        """Record every chip of the box in the registry (enrolment, done once per set)."""
        for value, colour in DENOMINATIONS:
            registry.enrol(self.free[value], value, colour)

    def take(self, amount: int, *, pieces: int = 1) -> list[str]:
        """Chips worth exactly ``amount``: the fewest, or at least ``pieces`` chips (a player
        who would put in a single chip breaks it into smaller ones)."""
        counts = change(amount)
        while sum(counts.values()) < pieces:
            value = min((v for v, n in counts.items() if n and v > 1), default=None)
            if value is None:
                break
            counts[value] -= 1
            for smaller, count in change(value, below=value).items():
                counts[smaller] = counts.get(smaller, 0) + count
        return self._pop(counts)

    def give_back(self, tags: list[str]) -> None:
        for tag in tags:
            self.free[self.value_of[tag]].append(tag)

    def worth(self, tags: list[str]) -> int:
        return sum(self.value_of[tag] for tag in tags)

    def _pop(self, counts: dict[int, int]) -> list[str]:
        taken: list[str] = []
        for value, count in counts.items():
            if count > len(self.free[value]):
                raise RuntimeError(f"the chip box ran out of {value} chips")
            taken += [self.free[value].popleft() for _ in range(count)]
        return taken


def change(amount: int, below: int | None = None) -> dict[int, int]:
    """The fewest chips worth ``amount`` (only chips worth less than ``below``, if given):
    denomination -> count."""
    counts: dict[int, int] = {}
    for value, _ in DENOMINATIONS:
        if below is not None and value >= below:
            continue
        count, amount = divmod(amount, value)
        if count:
            counts[value] = count
    return counts
