"""Money as engines record it, read as nets once the exact settlement is known.

A log mapping (:mod:`crazy4.log.mapping`) turns most amounts into nets as it reads them (a
return less its stake, cents into units). Two records cannot be turned into nets without the
settlement, and are resolved here, on the good rows of each batch, before the game's amounts
are compared (:func:`crazy4.validate.checks.mismatches`), so the comparison, the rule
inference and the statistics all see nets:

* **winnings** (``[amounts] ante = "winnings"``): the profit on a win, 0 on a loss and on a
  push alike. A positive amount is the net. A 0 is the net the rules settle when they settle a
  push or a loss (the log cannot tell those apart, so a wrong loss amount is not seen), and
  stays 0 (nothing paid) where the rules settle a win.
* **combined** (``[amounts] play = "in ante"``): one amount for several wagers, in the
  column of the first. When it is the sum of their exact nets each is given its own; else
  the others are given theirs and the difference is the first wager's, where the finding
  names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from crazy4.log.mapping import LogMapping

#: Relative tolerance of an amount compared with an exact one (as the settlement compares).
_RTOL, _ATOL = 1e-6, 1e-9


@dataclass(frozen=True)
class MoneyReading:
    """Which wagers a log records as winnings, and which inside another wager's amount.

    Examples
    --------
    >>> MoneyReading().active, MoneyReading(winnings=frozenset({"ante"})).active
    (False, True)
    """

    winnings: frozenset[str] = frozenset()
    #: A wager to the wager whose amount holds it too.
    combined: dict[str, str] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        """Whether anything is to be resolved."""
        return bool(self.winnings or self.combined)


def money_reading(mapping: LogMapping) -> MoneyReading:
    """What a mapping's ``[amounts]`` leaves to resolve: its winnings, and its wagers held in
    another's amount (the Ante Bonus inside the Ante excepted: the games read it there).

    Examples
    --------
    >>> money_reading(LogMapping(amounts={"ante": "winnings", "play": "in ante",
    ...                                   "ante_bonus": "in ante"}))
    MoneyReading(winnings=frozenset({'ante'}), combined={'play': 'ante'})
    """
    winnings = frozenset(w for w, kind in mapping.amounts.items() if kind == "winnings")
    combined = {
        wager: kind[3:].strip()
        for wager, kind in mapping.amounts.items()
        if kind.startswith("in ") and wager != "ante_bonus"
    }
    return MoneyReading(winnings=winnings, combined=combined)


class Amounts(NamedTuple):
    """One wager's amounts on a batch: its name, exact nets and logged amounts (resolved in
    place)."""

    name: str
    expected: npt.NDArray[np.float64]
    logged: npt.NDArray[np.float64]


def resolve(reading: MoneyReading, amounts: Sequence[Amounts], good: npt.NDArray[np.bool_]) -> None:
    """Turn the logged amounts of the ``good`` rows into nets, in place: a 0 of *winnings*
    becomes the net the rules settle where they settle a push or a loss; a *combined* amount
    gives each other wager its exact net and the rest to the first.

    Examples
    --------
    >>> ante = Amounts("ante", np.array([1.0, -1.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0, 0.0]))
    >>> resolve(MoneyReading(winnings=frozenset({"ante"})), [ante], np.ones(4, bool))
    >>> ante.logged.tolist()
    [1.0, -1.0, 0.0, 0.0]
    >>> ante = Amounts("ante", np.array([1.0, -1.0]), np.array([4.0, -4.0]))
    >>> play = Amounts("play", np.array([3.0, -3.0]), np.array([0.0, 0.0]))
    >>> resolve(MoneyReading(combined={"play": "ante"}), [ante, play], np.ones(2, bool))
    >>> ante.logged.tolist(), play.logged.tolist()
    ([1.0, -1.0], [3.0, -3.0])
    """
    by_name = {a.name: a for a in amounts}
    rows = np.flatnonzero(good)
    targets = {target for wager, target in reading.combined.items() if wager in by_name}
    for target in sorted(targets):
        if target not in by_name:
            continue
        parts = [by_name[w] for w, t in reading.combined.items() if t == target and w in by_name]
        total = by_name[target].logged[rows]
        others = sum((part.expected[rows] for part in parts), np.zeros(rows.size))
        for part in parts:
            part.logged[rows] = part.expected[rows]
        by_name[target].logged[rows] = total - others
    for name in sorted(reading.winnings & set(by_name)):
        found = by_name[name]
        logged, expected = found.logged[rows], found.expected[rows]
        nothing = np.isclose(logged, 0.0, rtol=_RTOL, atol=_ATOL)
        found.logged[rows] = np.where(nothing & (expected <= 0), expected, logged)
