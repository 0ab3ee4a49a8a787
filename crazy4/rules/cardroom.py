"""The ``[cardroom]`` section of a Crazy 4 Poker rule file: the blind second hand and the tables.

Format (every key is checked; an unknown key is an error)::

    [cardroom]                             # optional
    blind_second_hand = true               # a second hand must play blind, 3x (2x returned
                                           # below the raise minimum)
    max_seats = 7                          # player hands (betting spots) at a table, 1 to 9

    [[cardroom.tables]]                    # any number of tables
    name = "5-20"
    ante_min = 5                           # dollars: 5, "0.50", "1/2" or 0.5
    ante_max = 20
    ante_step = 1                          # Antes allowed: 5, 6, ..., 20 (default 1); at
                                           # most 1,000 sizes (MAX_ANTE_SIZES)
    queens_up_min = 5                      # defaults: the Ante limits; every limit at most
    queens_up_max = 20                     # $1,000,000,000 (MAX_LIMIT)
    banker_collection = 2                  # from the player/dealer, every round
    note = "..."                           # how the room's wording was read

    [[cardroom.tables.collection]]         # from each player hand, by band of Ante sizes
    ante_from = 5                          # both ends included; bands may not overlap
    ante_to = 20
    flat = 0                               # $ a hand
    per_bet = 0                            # $ for each bet placed before the deal
    per_amount = 0.5                       # $ for every `every` dollars of Ante,
    every = 20                             # counted by `rounding`:
    rounding = "started"                   # "started" (ceil) or "complete" (floor)

Card-room tables hold betting limits and the collection, as exact dollar amounts. A California
card room earns no house edge: a seated player/dealer banks the game and the room takes a
**collection** before every deal. Within a band of Ante sizes a hand pays::

    flat + per_bet * (bets placed) + per_amount * units(Ante)

``per_bet`` counts the bets placed before the deal (Ante, Super Bonus, Queens Up; never the
Play bet); ``units`` is ``ceil(Ante / every)`` (``rounding = "started"``) or
``floor(Ante / every)`` (``"complete"``). An Ante no band covers pays nothing; bands may not
overlap; a player with two hands pays for each. Amounts are exact :class:`fractions.Fraction`
dollars.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from crazy4.core.money import dollars
from crazy4.errors import InputError
from crazy4.rules.sections import Section

ROUNDINGS = ("started", "complete")


@dataclass(frozen=True)
class CollectionBand:
    """The collection from each player hand for Antes from ``ante_from`` to ``ante_to``.

    Examples
    --------
    >>> band = CollectionBand(Fraction(5), Fraction(20), per_amount=Fraction(1, 2),
    ...                       every=Fraction(20), rounding="started")
    >>> [str(band.charge(Fraction(a), bets=2)) for a in (5, 19, 20)]
    ['1/2', '1/2', '1/2']
    """

    ante_from: Fraction
    ante_to: Fraction
    flat: Fraction = Fraction(0)
    per_bet: Fraction = Fraction(0)
    per_amount: Fraction = Fraction(0)
    every: Fraction | None = None
    rounding: str = "started"

    def covers(self, ante: Fraction) -> bool:
        """Whether the band applies to this Ante (both ends included)."""
        return self.ante_from <= ante <= self.ante_to

    def units(self, ante: Fraction) -> int:
        """How many ``every``-dollar units of Ante are charged ``per_amount``.

        Examples
        --------
        >>> band = CollectionBand(Fraction(5), Fraction(100), per_amount=Fraction(1, 2),
        ...                       every=Fraction(20), rounding="complete")
        >>> [band.units(Fraction(a)) for a in (5, 19, 20, 21, 100)]
        [0, 0, 1, 1, 5]
        """
        if self.every is None:
            return 0
        ratio = ante / self.every
        return math.ceil(ratio) if self.rounding == "started" else math.floor(ratio)

    def charge(self, ante: Fraction, bets: int) -> Fraction:
        """The collection from one hand with this Ante and this many bets placed."""
        return self.flat + self.per_bet * bets + self.per_amount * self.units(ante)

    def describe(self) -> str:
        """One line: ``"Ante $5 to $20: $0.50 for every started $20 of Ante"``."""
        parts = []
        if self.flat:
            parts.append(f"{dollars(self.flat)} a hand")
        if self.per_bet:
            parts.append(f"{dollars(self.per_bet)} for each bet placed before the deal")
        if self.per_amount and self.every is not None:
            parts.append(
                f"{dollars(self.per_amount)} for every {self.rounding} "
                f"{dollars(self.every)} of Ante"
            )
        charge = " + ".join(parts) if parts else "nothing"
        return f"Ante {dollars(self.ante_from)} to {dollars(self.ante_to)}: {charge}"


@dataclass(frozen=True)
class CardroomTable:
    """One table of a card room: limits and collection schedule.

    Attributes
    ----------
    name : str
        As written in the rule file (``"5-20"``).
    ante_min, ante_max, ante_step : Fraction
        The Ante sizes allowed: ``ante_min, ante_min + ante_step, ..., ante_max``.
    queens_up_min, queens_up_max : Fraction
        Limits of a Queens Up bet (when one is made).
    banker_collection : Fraction
        Taken from the player/dealer (the banker) every round.
    bands : tuple of CollectionBand
        The collection from each player hand, by Ante (non-overlapping).
    note : str
        How the room's wording was read, printed in reports.
    """

    name: str
    ante_min: Fraction
    ante_max: Fraction
    ante_step: Fraction
    queens_up_min: Fraction
    queens_up_max: Fraction
    banker_collection: Fraction
    bands: tuple[CollectionBand, ...]
    note: str = ""

    def ante_sizes(self) -> list[Fraction]:
        """Every Ante the limits allow, smallest first.

        Examples
        --------
        >>> table = CardroomTable("t", Fraction(5), Fraction(8), Fraction(1), Fraction(1),
        ...                       Fraction(8), Fraction(2), ())
        >>> [int(a) for a in table.ante_sizes()]
        [5, 6, 7, 8]
        """
        count = int((self.ante_max - self.ante_min) / self.ante_step)
        return [self.ante_min + k * self.ante_step for k in range(count + 1)]

    def check_ante(self, ante: Fraction) -> None:
        """Raise :class:`InputError` unless the limits allow this Ante."""
        if not self.ante_min <= ante <= self.ante_max:
            raise InputError(
                f"Ante {dollars(ante)} is outside the limits of table {self.name!r} "
                f"({dollars(self.ante_min)} to {dollars(self.ante_max)})"
            )
        if ((ante - self.ante_min) / self.ante_step).denominator != 1:
            raise InputError(
                f"Ante {dollars(ante)} is not allowed at table {self.name!r}: Antes go from "
                f"{dollars(self.ante_min)} in steps of {dollars(self.ante_step)}"
            )

    def check_queens_up(self, queens_up: Fraction) -> None:
        """Raise :class:`InputError` unless ``queens_up`` is 0 (no bet) or within its limits."""
        if queens_up and not self.queens_up_min <= queens_up <= self.queens_up_max:
            raise InputError(
                f"Queens Up {dollars(queens_up)} is outside the limits of table {self.name!r} "
                f"({dollars(self.queens_up_min)} to {dollars(self.queens_up_max)}, or 0 for "
                "no bet)"
            )

    def band_for(self, ante: Fraction) -> CollectionBand | None:
        """The band covering this Ante, if any."""
        return next((band for band in self.bands if band.covers(ante)), None)

    def collection(
        self, ante: Fraction, queens_up: Fraction = Fraction(0), *, super_bonus: bool = True
    ) -> Fraction:
        """The collection from one player hand per round with these bets in dollars
        (``queens_up = 0``: none; ``super_bonus``: the rule set has the mandatory Super Bonus).

        Raises
        ------
        InputError
            If the limits do not allow the Ante or the Queens Up bet.

        Examples
        --------
        >>> band = CollectionBand(Fraction(10), Fraction(100), flat=Fraction(1))
        >>> table = CardroomTable("10-100", Fraction(10), Fraction(100), Fraction(1),
        ...                       Fraction(10), Fraction(100), Fraction(2), (band,))
        >>> table.collection(Fraction(10)), table.collection(Fraction(100))
        (Fraction(1, 1), Fraction(1, 1))
        """
        self.check_ante(ante)
        self.check_queens_up(queens_up)
        band = self.band_for(ante)
        if band is None:
            return Fraction(0)
        bets = 1 + int(super_bonus) + int(queens_up > 0)
        return band.charge(ante, bets)

    def describe(self) -> list[str]:
        """Readable lines: limits, the banker's collection, each band, the note."""
        lines = [
            f"Table {self.name}: Ante {dollars(self.ante_min)} to {dollars(self.ante_max)} in "
            f"steps of {dollars(self.ante_step)}; Queens Up {dollars(self.queens_up_min)} to "
            f"{dollars(self.queens_up_max)}; {dollars(self.banker_collection)} a round from "
            "the player/dealer.",
            *[f"  collection from each player hand, {band.describe()}" for band in self.bands],
        ]
        if self.note:
            lines.append(f"  reading: {self.note}")
        return lines


#: Player hands a table can seat: five cards each plus the dealer's five from 52 cards.
MOST_SEATS_POSSIBLE = 9
#: The most Ante sizes a table may offer: ``crazy4 analyze`` prices every one of them
#: (``cardroom_cost``), so a table of millions of sizes could not finish.
MAX_ANTE_SIZES = 1000
#: The largest Ante or Queens Up limit of a table, in dollars.
MAX_LIMIT = Fraction(10**9)


@dataclass(frozen=True)
class CardroomRules:
    """The card room's house rules: the blind second hand, the seats, the tables offered."""

    blind_second_hand: bool = False
    max_seats: int = 7
    tables: tuple[CardroomTable, ...] = ()


def read_cardroom(top: Section) -> CardroomRules:
    """Read the optional ``[cardroom]`` section (defaults when it is absent)."""
    section = top.section("cardroom", required=False)
    if section is None:
        return CardroomRules()
    blind_second_hand = section.boolean("blind_second_hand", False)
    max_seats = section.integer("max_seats", 7, 1, MOST_SEATS_POSSIBLE)
    tables = [cardroom_table(table) for table in section.sections("tables")]
    section.finish()
    names = [table.name for table in tables]
    if len(set(names)) != len(names):
        raise InputError(f"{top.where}: two [[cardroom.tables]] share a name")
    return CardroomRules(blind_second_hand, max_seats, tuple(tables))


def collection_band(section: Section) -> CollectionBand:
    """One ``[[cardroom.tables.collection]]`` band."""
    ante_from = section.money("ante_from", positive=True)
    ante_to = section.money("ante_to", positive=True)
    if ante_to < ante_from:
        raise InputError(
            f"{section.where}: ante_to {dollars(ante_to)} is below ante_from {dollars(ante_from)}"
        )
    charges = [key for key in ("flat", "per_bet", "per_amount") if section.has(key)]
    if not charges:
        raise InputError(f"{section.where}: give at least one of 'flat', 'per_bet', 'per_amount'")
    flat = section.money("flat", Fraction(0))
    per_bet = section.money("per_bet", Fraction(0))
    per_amount = section.money("per_amount", Fraction(0))
    every: Fraction | None = None
    rounding = "started"
    if section.has("per_amount"):
        if not section.has("every") or not section.has("rounding"):
            raise InputError(
                f"{section.where}: 'per_amount' needs 'every' (dollars of Ante) and 'rounding' "
                f"({' or '.join(repr(r) for r in ROUNDINGS)})"
            )
        every = section.money("every", positive=True)
        rounding = section.choice("rounding", ROUNDINGS, "started")
    elif section.has("every") or section.has("rounding"):
        raise InputError(f"{section.where}: 'every' and 'rounding' go with 'per_amount'")
    section.finish()
    return CollectionBand(ante_from, ante_to, flat, per_bet, per_amount, every, rounding)


def _check_limit(section: Section, key: str, amount: Fraction) -> None:
    if amount > MAX_LIMIT:
        raise InputError(
            f"{section.where}: {key} is more than {dollars(MAX_LIMIT)}, the largest limit a "
            "table may have"
        )


def cardroom_table(section: Section) -> CardroomTable:
    """One ``[[cardroom.tables]]`` table with its collection bands."""
    name = section.string("name")
    ante_min = section.money("ante_min", positive=True)
    ante_max = section.money("ante_max", positive=True)
    ante_step = section.money("ante_step", Fraction(1), positive=True)
    if ante_max < ante_min:
        raise InputError(
            f"{section.where}: ante_max {dollars(ante_max)} is below ante_min {dollars(ante_min)}"
        )
    _check_limit(section, "ante_max", ante_max)
    steps = (ante_max - ante_min) / ante_step
    if steps.denominator != 1:
        raise InputError(
            f"{section.where}: ante_max - ante_min ({dollars(ante_max - ante_min)}) is not a "
            f"whole number of ante_step ({dollars(ante_step)})"
        )
    if steps + 1 > MAX_ANTE_SIZES:
        raise InputError(
            f"{section.where}: {dollars(ante_min)} to {dollars(ante_max)} in steps of "
            f"{dollars(ante_step)} is {int(steps) + 1:,} Ante sizes; a table may offer at most "
            f"{MAX_ANTE_SIZES:,} (the analysis prices every one): raise ante_step"
        )
    queens_up_min = section.money("queens_up_min", ante_min, positive=True)
    queens_up_max = section.money("queens_up_max", ante_max, positive=True)
    if queens_up_max < queens_up_min:
        raise InputError(f"{section.where}: queens_up_max is below queens_up_min")
    _check_limit(section, "queens_up_max", queens_up_max)
    banker_collection = section.money("banker_collection")
    note = section.string("note", "")
    bands = [collection_band(band) for band in section.sections("collection")]
    for number, band in enumerate(bands, start=1):
        if band.ante_from < ante_min or band.ante_to > ante_max:
            raise InputError(
                f"{section.where}: collection band #{number} (Ante {dollars(band.ante_from)} to "
                f"{dollars(band.ante_to)}) reaches outside the Ante limits "
                f"({dollars(ante_min)} to {dollars(ante_max)})"
            )
        for other_number, other in enumerate(bands[: number - 1], start=1):
            if band.ante_from <= other.ante_to and other.ante_from <= band.ante_to:
                raise InputError(
                    f"{section.where}: collection bands #{other_number} (Ante "
                    f"{dollars(other.ante_from)} to {dollars(other.ante_to)}) and #{number} "
                    f"(Ante {dollars(band.ante_from)} to {dollars(band.ante_to)}) overlap"
                )
    section.finish()
    return CardroomTable(
        name=name,
        ante_min=ante_min,
        ante_max=ante_max,
        ante_step=ante_step,
        queens_up_min=queens_up_min,
        queens_up_max=queens_up_max,
        banker_collection=banker_collection,
        bands=tuple(bands),
        note=note,
    )
