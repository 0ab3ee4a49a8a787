"""What the counting engines read of a hand ranking: a strength for every hand.

A ranking gives every ``cards``-card hand a strength ``0 .. n_strengths - 1`` by the hand's
colex index; equal strengths tie, a higher strength wins. The inclusion–exclusion engine
(:mod:`crazy4.core.engine`) counts any ranking the same way from these strengths alone,
assuming that relabelling the suits changes no hand's strength. ``key`` names the ranking's
tables in the table cache, whose key holds the module defining the ranking's class.

Examples
--------
>>> BEST_FOUR.key, BEST_FOUR.n_strengths, BEST_FOUR.strengths(5).shape
('best_four', 2535, (2598960,))
>>> table_builders(BEST_FOUR)
('crazy4.core.strength_table',)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    category_thresholds,
    describe_strength,
    hand_group,
    number_of_strengths,
    strength_of_description,
)


class StrengthTable(Hashable, Protocol):
    """A hand ranking as the counting engines read it (module docstring); hashable, since the
    tables built from it are kept per ranking."""

    @property
    def key(self) -> str:
        """A short name of the ranking, naming its cached tables (``"best_four"``)."""
        ...

    @property
    def n_strengths(self) -> int:
        """How many distinct strengths there are."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand sizes :meth:`strengths` ranks (checked without building a table)."""
        ...

    def strengths(self, cards: int) -> npt.NDArray[np.integer]:
        """Strength of every ``cards``-card hand, by colex index (one of :attr:`hand_sizes`)."""
        ...


@dataclass(frozen=True)
class BestFourRanking:
    """The best four cards of a hand, as Crazy 4 Poker and Four Card Poker rank them
    (:mod:`crazy4.core.ranking`; hands of 4, 5 or 6 cards): the counting engines' default, and a
    game's whole ranking (:class:`crazy4.spec.specification.Ranking`: its categories, the
    descriptions a rule file uses, the hand groups the reports use).

    Examples
    --------
    >>> BEST_FOUR.describe(BEST_FOUR.strength_of("pair of aces"))
    'pair of aces, 3-2'
    >>> BEST_FOUR.categories[-1], BEST_FOUR.group(BEST_FOUR.n_strengths - 1)
    ('four of a kind', 'four aces')
    """

    key: str = "best_four"

    @property
    def categories(self) -> tuple[str, ...]:
        """:class:`crazy4.core.ranking.HandCategory`'s labels, weakest first."""
        return tuple(category.label for category in HandCategory)

    @property
    def n_strengths(self) -> int:
        """2,535 four-card strengths."""
        return number_of_strengths()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Hands of 4, 5 or 6 cards."""
        return (4, 5, 6)

    def strengths(self, cards: int) -> npt.NDArray[np.integer]:
        """:func:`crazy4.core.ranking.build_best_four_strengths`."""
        return build_best_four_strengths(cards)

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category."""
        return category_thresholds()[:-1]

    def describe(self, strength: int) -> str:
        """:func:`crazy4.core.ranking.describe_strength`."""
        return describe_strength(strength)

    def strength_of(self, description: str) -> int:
        """:func:`crazy4.core.ranking.strength_of_description`."""
        return strength_of_description(description)

    def group(self, strength: int) -> str:
        """:func:`crazy4.core.ranking.hand_group`."""
        return hand_group(strength)


#: The best-four ranking, the counting engines' default.
BEST_FOUR = BestFourRanking()


def table_builders(ranking: StrengthTable) -> tuple[str, ...]:
    """The module whose code decides a ranking's strengths: part of its tables' cache key."""
    return (type(ranking).__module__,)
