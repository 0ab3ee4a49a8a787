"""Exact prices of a best-four game from outcome-cell counts: price = counts · nets.

A game states its wagers as data (:mod:`crazy4.generic.bestfour_settle`); here they become the
net of every decision in every cell by the player's strength (:func:`decision_nets`, a
:class:`crazy4.spec.game.Settlement`: what the hole-card and collusion engines price with
too), and a row of cell counts (a hand class's dealer hands, a situation's hidden completions)
is priced by one sum::

    ev[row, d] = sum over cells c of counts[row, c] * nets[strength[row], d, c]

an exact integer numerator over ``completions * unit``. The EVs are int64 when
``completions * max |net|`` fits (:func:`ev_fits_int64`), else Python integers
(:mod:`crazy4.core.exact`). Decisions compare exactly; among exact ties the smallest wager is
taken and the tie is reported (:func:`crazy4.core.decisions.best_decisions`).

Examples
--------
>>> from crazy4.spec.game import Settlement
>>> nets = np.array([[[-1, -1], [2, -2], [4, -4], [6, -6]]])
>>> table = Settlement(nets, np.ones((1, 4), bool), np.arange(1, 5), 1)
>>> prices = price_cells(table, np.array([0, 0]), np.array([[3, 1], [1, 3]]), 4)
>>> prices.ev.tolist(), prices.decision.tolist(), prices.denominator
([[-4, 4, 8, 12], [-4, -4, -8, -12]], [3, 0], 4)
>>> prices.tied[1].tolist()   # fold and 1x tie exactly
[True, True, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import allowed_decisions, best_decisions, optimal_ev
from crazy4.core.exact import fits_int64, largest_magnitude, widen
from crazy4.core.ranking import number_of_strengths
from crazy4.generic.bestfour_settle import BestFourSettlement
from crazy4.generic.colluder import cell_evs
from crazy4.spec.game import Settlement

IntArray = npt.NDArray[np.int64]


def decision_nets(
    settlement: BestFourSettlement[Any],
    names: Sequence[str],
    cell: tuple[IntArray, ...],
    unit: int | None = None,
) -> Settlement:
    """The named wagers together: the net of fold, 1x, 2x, 3x in each of the listed cells, by
    strength, and the amount each decision wagers.

    Parameters
    ----------
    settlement : BestFourSettlement
        The game's wagers.
    names : sequence of str
        The wagers to add up (log columns, :attr:`crazy4.generic.bestfour_settle.Wager.name`).
    cell : tuple of ndarray
        The cells' coordinates, one array per coordinate, each of length ``cells``.
    unit : int, optional
        The denominator of the nets (default: the least common multiple of the wagers').

    Examples
    --------
    An Ante (+1 / -1 in two cells) and a Play bet like it; a fold loses the Ante:

    >>> from crazy4.generic.bestfour_settle import Wager
    >>> from crazy4.registry import load_rules
    >>> ante = Wager("ante", "the Ante", np.array([1, -1]))
    >>> play = Wager("play", "Play", np.array([1, -1]), by_multiple=True, on_fold="none")
    >>> settle = BestFourSettlement(load_rules("four-card-standard"), (ante, play), "x", (),
    ...                             np.array(["player higher", "dealer higher"]))
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


def ev_fits_int64(nets: Settlement, completions: int) -> bool:
    """Whether every EV numerator over ``completions`` cell counts fits int64: ``|EV| <=
    completions x max |net|``; only a huge pay table or a fine denominator fails it.

    Examples
    --------
    >>> from crazy4.spec.game import Settlement
    >>> table = Settlement(np.array([[[-1, 10**13]]]), np.ones((1, 1), bool), np.ones(1), 1)
    >>> ev_fits_int64(table, 100_000), ev_fits_int64(table, 1_000_000)
    (True, False)
    """
    return fits_int64(completions * largest_magnitude(nets.nets))


@dataclass(frozen=True)
class BestFourPrices:
    """Exact EVs of every decision per row (hand class or situation class), as integer
    numerators over :attr:`denominator`, per unit of Ante.

    Attributes
    ----------
    denominator : int
        ``completions * unit``: the cell counts of a row times the nets' denominator.
    allowed : ndarray of bool, shape (n, 4)
        The decisions (fold, 1x, 2x, 3x) each row may take.
    ev : ndarray of int64, shape (n, 4)
        EV numerators of fold, 1x, 2x, 3x (meaningless where not allowed; Python integers past
        int64).
    decision : ndarray of int64, shape (n,)
        The optimal decision code (the smallest wager among exact ties).
    tied : ndarray of bool, shape (n, 4)
        The allowed decisions whose EV equals the optimum exactly.
    """

    denominator: int
    allowed: npt.NDArray[np.bool_] = field(repr=False)
    ev: IntArray = field(repr=False)
    decision: IntArray = field(repr=False)
    tied: npt.NDArray[np.bool_] = field(repr=False)

    @cached_property
    def optimal_ev(self) -> IntArray:
        """EV numerator of the optimal decision per row (computed once)."""
        return optimal_ev(self.ev, self.decision)


#: Rows priced at a time by :func:`int64_evs`: their (rows, decisions, cells) nets stay small.
EV_BLOCK = 1 << 15


def int64_evs(nets: Settlement, strengths: IntArray, counts: IntArray) -> IntArray:
    """EV numerators of every decision per row, ``sum_c counts[n, c] * nets[strength, d, c]``
    in int64 (:func:`ev_fits_int64`), :data:`EV_BLOCK` rows at a time: never the (rows,
    decisions, cells) table of every row's nets (0.5 GB for Four Card Poker's 5.6 million
    situations), and the block's stays in the caches.

    Examples
    --------
    >>> table = Settlement(np.array([[[-1, -1], [2, -2]], [[-1, -1], [2, 0]]]),
    ...                    np.ones((2, 2), bool), np.ones(2), 1)
    >>> int64_evs(table, np.array([0, 1]), np.array([[3, 1], [1, 3]])).tolist()
    [[-4, 4], [-4, 2]]
    """
    table = np.asarray(nets.nets, dtype=np.int64)
    ev = np.empty((strengths.shape[0], table.shape[1]), dtype=np.int64)
    for start in range(0, strengths.shape[0], EV_BLOCK):
        rows = slice(start, start + EV_BLOCK)
        np.einsum("nc,ndc->nd", counts[rows], table[strengths[rows]], out=ev[rows])
    return ev


def price_cells(
    nets: Settlement, strengths: IntArray, counts: IntArray, completions: int
) -> BestFourPrices:
    """Every row's EVs and optimal decision from its cell counts (module docstring).

    Parameters
    ----------
    nets : Settlement
        The game's decisions settled per cell (:func:`decision_nets`).
    strengths : ndarray of int64, shape (n,)
        The player's strength per row.
    counts : ndarray of int64, shape (n, cells)
        The dealer hands (or completions) in each cell; every row sums to ``completions``.
    completions : int
    """
    if ev_fits_int64(nets, completions):  # in int64
        ev = int64_evs(nets, strengths, np.asarray(counts, dtype=np.int64))
    else:  # Python integers, cell by cell
        ev = cell_evs(nets, strengths, widen(counts, True))
    allowed = nets.allowed[strengths]
    decision, tied = best_decisions(ev, allowed)
    return BestFourPrices(completions * nets.unit, allowed, ev, decision, tied)


__all__ = ["BestFourPrices", "decision_nets", "ev_fits_int64", "int64_evs", "price_cells"]
