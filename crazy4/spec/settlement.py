"""A bet's settlement by dealer-outcome cell: what a specification's bets apart
(:meth:`crazy4.spec.specification.GameSpec.bet_parts`) and the collusion engine's pricing are
made of.

Examples
--------
>>> import numpy as np
>>> nets = np.zeros((2, 4, 6), dtype=np.int64)
>>> Settlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1).unit
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


@dataclass(frozen=True)
class Settlement:
    """A game's decisions settled per dealer-outcome cell, by the player's strength.

    Attributes
    ----------
    nets : ndarray, shape (n_strengths, 4, cells)
        Net result (integer numerator over :attr:`unit`, per unit of Ante) of fold, 1x, 2x, 3x
        in each dealer-outcome cell (the collusion role's cells).
    allowed : ndarray of bool, shape (n_strengths, 4)
        The decisions a hand of each strength may take.
    wagers : ndarray, shape (4,)
        Total wagered (numerator over :attr:`unit`, in Antes) by each decision.
    unit : int
        The common denominator of the pay tables.
    """

    nets: npt.NDArray[np.int64] = field(repr=False)
    allowed: npt.NDArray[np.bool_] = field(repr=False)
    wagers: npt.NDArray[np.int64] = field(repr=False)
    unit: int
