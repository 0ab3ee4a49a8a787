"""A game's wagers (:mod:`crazy4.spec.wagers`) as the net of every decision in every cell.

:func:`decision_nets` adds the named wagers up into a :class:`crazy4.spec.game.Settlement`:
the net of fold, 1x, 2x, 3x in each outcome cell by the player's strength, the decisions each
strength may take and the amount each decision wagers. It is what a specification's
settlement is made of (Crazy 4 Poker's and Four Card Poker's), which the specification engines
price (``ev = counts . nets``, :func:`crazy4.analyze.pricing.price`). The strengths are the
best-four ranking's (:func:`crazy4.core.ranking.number_of_strengths` rows), as are the raise
minimum's the allowed decisions are read from.

The nets are int64 while every wager's largest net, added up, fits; else Python integers
(:mod:`crazy4.core.exact`).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import allowed_decisions
from crazy4.core.exact import fits_int64, widen
from crazy4.core.ranking import number_of_strengths
from crazy4.spec.game import Settlement
from crazy4.spec.wagers import WagerSettlement

IntArray = npt.NDArray[np.int64]


def decision_nets(
    settlement: WagerSettlement[Any],
    names: Sequence[str],
    cell: tuple[IntArray, ...],
    unit: int | None = None,
) -> Settlement:
    """The named wagers together: the net of fold, 1x, 2x, 3x in each of the listed cells, by
    strength, and the amount each decision wagers.

    Parameters
    ----------
    settlement : WagerSettlement
        The game's wagers.
    names : sequence of str
        The wagers to add up (log columns, :attr:`crazy4.spec.wagers.Wager.name`).
    cell : tuple of ndarray
        The cells' coordinates, one array per coordinate, each of length ``cells``.
    unit : int, optional
        The denominator of the nets (default: the least common multiple of the wagers').

    Examples
    --------
    An Ante (+1 / -1 in two cells) and a Play bet like it; a fold loses the Ante:

    >>> from crazy4.spec.wagers import Wager
    >>> from crazy4.registry import load_rules
    >>> ante = Wager("ante", "the Ante", np.array([1, -1]))
    >>> play = Wager("play", "Play", np.array([1, -1]), by_multiple=True, on_fold="none")
    >>> settle = WagerSettlement(load_rules("four-card-standard"), (ante, play), "x", (),
    ...                          np.array(["player higher", "dealer higher"]))
    >>> table = decision_nets(settle, ("ante", "play"), (np.arange(2),))
    >>> table.nets[0].tolist(), table.wagers.tolist(), table.unit
    ([[-1, -1], [2, -2], [3, -3], [4, -4]], [1, 2, 3, 4], 1)
    """
    wagers = [settlement.wager(name) for name in names]
    unit = unit or lcm(*(wager.unit for wager in wagers))
    strengths = np.arange(number_of_strengths(), dtype=np.int64)
    decisions = np.arange(4, dtype=np.int64)
    where = tuple(np.asarray(index, dtype=np.int64)[None, None, :] for index in cell)
    wide = not fits_int64(sum(wager.largest(unit) for wager in wagers))
    nets = sum(
        wager.net(strengths[:, None, None], decisions[None, :, None], where, unit, wide=wide)
        for wager in wagers
    )
    staked = np.zeros(4, dtype=np.int64)
    for wager in wagers:
        if wager.wagered:
            staked += decisions if wager.by_multiple else 1
    rules = settlement.rules
    allowed = allowed_decisions(rules.play.multiples, rules.play.raise_minimum_strength, strengths)
    wagers_staked = widen(staked, not fits_int64(4 * unit)) * unit
    return Settlement(nets=np.asarray(nets), allowed=allowed, wagers=wagers_staked, unit=unit)


__all__ = ["decision_nets"]
