"""Pay tables by hand category, for any ranking: the side bets and bonuses of a game
specification (:mod:`crazy4.spec.specification`), read by
:func:`crazy4.rules.category_section.read_category_pays`.

Examples
--------
>>> from fractions import Fraction
>>> table = CategoryPays("pp", (PayLine("pair", 1, "pair", 2, Fraction(1)),))
>>> table.unit, table.lines[0].category_name
(1, 'pair')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Protocol

import numpy as np
import numpy.typing as npt


class Categories(Protocol):
    """What a pay table needs of a ranking: its strengths and where each category starts."""

    @property
    def n_strengths(self) -> int:
        """How many distinct strengths there are."""
        ...

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category."""
        ...


@dataclass(frozen=True)
class PayLine:
    """One line of a :class:`CategoryPays`: every hand of a category (or at least a strength)."""

    label: str
    category: int
    category_name: str
    minimum_strength: int
    odds: Fraction


@dataclass(frozen=True)
class CategoryPays:
    """A pay table on the player's own hand, by category (``pair = 1``, ``flush = 4`` ...).

    A hand is paid by the line of its category when it reaches the line's minimum strength;
    every other hand is below the table.
    """

    name: str
    lines: tuple[PayLine, ...]

    @property
    def unit(self) -> int:
        """The least common denominator of the odds."""
        return lcm(*(line.odds.denominator for line in self.lines)) if self.lines else 1

    def odds_numerators(
        self, ranking: Categories, unit: int, below: int = -1
    ) -> npt.NDArray[np.int64]:
        """Odds times ``unit`` per strength; ``below`` times ``unit`` for a hand below the table
        (-1: the bet is lost; 0: nothing paid)."""
        strengths = np.arange(ranking.n_strengths)
        category = np.searchsorted(ranking.category_starts(), strengths, side="right") - 1
        pays = np.full(ranking.n_strengths, below * unit, dtype=np.int64)
        for line in self.lines:
            hit = (category == line.category) & (strengths >= line.minimum_strength)
            pays[hit] = int(line.odds * unit)
        return pays
