"""What a log's validation tests of a game beyond what it tests of every game, as data.

Every game's log is tested for its hand categories, its cards by position, the sequence of
its rounds and each bet's mean (:mod:`crazy4.validate.spec_stats`); a game's settlement may
ask for more (:attr:`crazy4.spec.specification.CellSettlement.tests`).

Examples
--------
>>> LogTests().outcome_cells, dict(LogTests().awards)
(False, {})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays
from crazy4.core.paytables import PayTable
from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class LogTests:
    """A game's tests of a log beside every game's (module docstring).

    Attributes
    ----------
    outcome_cells : bool
        The first seats' outcome cells by chi-square and the dealer's qualification rate by
        z-score, against the exact analysis.
    serial_by_strength : bool
        The serial correlation of the dealer's hands by strength (else by category).
    design_effect : bool
        Each bet's design effect shown beside its mean, and a summary of several seats noted
        as treating hands as independent.
    raise_minimum : bool
        A Play above 1x below the rule set's raise minimum flagged, and the strategy's
        deviations searched for a minimum one category higher.
    groups : tuple or None
        The group code of every strength the strategy's findings name hands by, and the
        groups' names (``pair of aces: 3x expected, 1x played``); None: by decision alone.
    misreadings : tuple of str
        The game's own misreadings the rule inference searches beside every game's
        (:data:`crazy4.validate.rulesearch.GAME_MISREADINGS`).
    bonus : tuple or None
        The wager those misreadings of a bonus act on (:func:`table_bonus`).
    switches : tuple
        Other readings of the game's own rules the inference searches, each the difference
        and the pattern it names and the rule set read so.
    awards : mapping of str to tuple of PayTable
        The pay tables paying each bet (by name), each line whose awards the sample cannot
        resolve noted; empty: the bets' rare top awards noted together.
    """

    outcome_cells: bool = False
    serial_by_strength: bool = False
    design_effect: bool = False
    raise_minimum: bool = False
    groups: tuple[npt.NDArray[np.int64], tuple[str, ...]] | None = field(default=None, repr=False)
    misreadings: tuple[str, ...] = ()
    bonus: tuple[str, str, str, npt.NDArray[np.bool_], CategoryPays] | None = field(
        default=None, repr=False
    )
    switches: tuple[tuple[str, str, RuleSet], ...] = field(default=(), repr=False)
    awards: Mapping[str, tuple[PayTable, ...]] = field(default_factory=dict)


def table_bonus(
    name: str, label: str, table: PayTable
) -> tuple[str, str, str, npt.NDArray[np.bool_], CategoryPays]:
    """A bonus wager's :attr:`LogTests.bonus`: its name in the log, its label, its lowest line's
    label, whether its table pays each strength, and its table's lines.

    Examples
    --------
    >>> bonus = table_bonus("bonus", "Bonus", PayTable.from_mapping("b", {"straight": 1}))
    >>> bonus[:3], int(bonus[3].sum()) > 0
    (('bonus', 'Bonus', 'straight'), True)
    """
    return (name, label, table.entries[0].label, table.paid_mask(), table.category_pays())
