"""Card-room tables: betting limits and the collection, as exact dollar amounts.

A California card room earns no house edge: a seated player/dealer banks the game and the room
takes a **collection** before every deal (``[[cardroom.tables]]``, :mod:`crazy4.rules.cardroom`).
Within a band of Ante sizes a hand pays::

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
