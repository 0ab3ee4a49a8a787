"""A game's bets as exact distributions, from its wagers (:mod:`crazy4.spec.wagers`).

A bet is some of a game's wagers played by a decision per row (a hand class, a situation):
every row's net in every cell is the sum of the wagers' nets, an integer numerator over one
unit (int64 while it fits, else Python integers), and the amount wagered per row the sum of the
wagers put up. :func:`outcome_bet` makes it a :class:`crazy4.core.bets.BetOutcomes`.

Examples
--------
>>> from crazy4.spec.wagers import Wager
>>> ante = Wager("ante", "the Ante", np.array([1, -1]))
>>> play = Wager("play", "Play", np.array([1, -1]), by_multiple=True, on_fold="none")
>>> nets, wagered, unit = row_nets([ante, play], np.array([5, 5]), np.array([0, 3]),
...                                (np.arange(2),))
>>> [net.tolist() for net in nets], wagered.tolist(), unit
([[[-1, -1], [1, -1]], [[0, 0], [3, -3]]], [1, 4], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.exact import fits_int64, widen
from crazy4.core.hidden import PlayerOutcomes
from crazy4.rules.ruleset import SideBet
from crazy4.spec.wagers import Wager, WagerSettlement, side_bet_wager

IntArray = npt.NDArray[np.int64]


def row_nets(
    wagers: Sequence[Wager],
    strengths: IntArray,
    decisions: IntArray,
    cell: tuple[IntArray, ...],
    unit: int | None = None,
) -> tuple[list[IntArray], IntArray, int]:
    """Each wager's net per row and cell, the amount wagered per row, and their unit.

    Parameters
    ----------
    wagers : sequence of Wager
        The bet's wagers.
    strengths, decisions : ndarray of int64, shape (n,)
        The player's strength and decision code per row.
    cell : tuple of ndarray
        The cells' coordinates (broadcast together: the cells' shape).
    unit : int, optional
        The nets' denominator (default: the least common multiple of the wagers').

    Returns
    -------
    nets : list of ndarray, each shape (n, *cells)
    wagered : ndarray, shape (n,)
    unit : int
    """
    unit = unit or lcm(*(wager.unit for wager in wagers))
    wide = not fits_int64(sum(wager.largest(unit) for wager in wagers))
    dims = (slice(None),) + (None,) * np.broadcast(*cell).ndim
    seat = np.asarray(strengths, dtype=np.int64)[dims]
    stake = widen(np.asarray(decisions, dtype=np.int64), wide)
    where = tuple(np.asarray(index, dtype=np.int64)[None] for index in cell)
    nets = [wager.net(seat, stake[dims], where, unit, wide=wide) for wager in wagers]
    wagered = widen(np.zeros(seat.shape[0], dtype=np.int64), wide)
    for wager in wagers:
        if wager.wagered:
            wagered = wagered + (stake if wager.by_multiple else 1) * unit
    return nets, wagered, unit


def outcome_bet(
    name: str,
    description: str,
    wagers: Sequence[Wager],
    combos: IntArray,
    strengths: IntArray,
    decisions: IntArray,
    cell: tuple[IntArray, ...],
    unit: int | None = None,
) -> BetOutcomes:
    """The wagers together as a :class:`crazy4.core.bets.BetOutcomes`: ``combos[i, j]`` deals
    of row ``i`` in cell ``j``, each netting the wagers' sum."""
    nets, wagered, unit = row_nets(wagers, strengths, decisions, cell, unit)
    return BetOutcomes(name, description, combos, sum(nets[1:], nets[0]), unit, wagered)


def settlement_bet(
    settle: WagerSettlement[Any],
    outcomes: PlayerOutcomes,
    decision: IntArray,
    parts: Sequence[str],
    cell: tuple[IntArray, ...],
    *,
    name: str,
    description: str,
    unit: int | None = None,
) -> BetOutcomes:
    """Some of a settlement's wagers (``parts``, by name) played by ``decision`` on a game's
    hand classes (``outcomes``), over ``unit`` (default: the wagers' least common multiple).

    Examples
    --------
    >>> from crazy4.core.hidden import OUTCOME_CELLS
    >>> from crazy4.games.crazy_four.cells import SIX_CELLS, crazy_four_settlement
    >>> from crazy4.registry import load_rules
    >>> settle = crazy_four_settlement(load_rules("crazy4-standard"))
    >>> cells = np.ones((1, len(OUTCOME_CELLS)), dtype=np.int64)
    >>> outcomes = PlayerOutcomes(np.zeros((1, 5), np.uint8), np.array([1]), np.array([2534]),
    ...                           cells, 6, 0)
    >>> bet = settlement_bet(settle, outcomes, np.array([3]), ("ante", "play"), SIX_CELLS,
    ...                      name="x", description="x")
    >>> bet.net.tolist(), bet.unit
    ([[3, 3, 3, 4, 0, -4]], 1)
    """
    wagers = [settle.wager(part) for part in parts]
    combos = outcomes.weights[:, None] * outcomes.counts
    return outcome_bet(name, description, wagers, combos, outcomes.strengths, decision, cell, unit)


def side_table_bet(
    label: str,
    bet: SideBet,
    outcomes: PlayerOutcomes,
    decision: IntArray,
    cells: tuple[int, ...],
    cell: tuple[IntArray, ...],
) -> BetOutcomes:
    """A side bet on the player's own hand (its pay table, ``label`` the game's name for it),
    played beside ``decision`` on a game's hand classes, per unit of its own wager."""
    forfeits = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
    return outcome_bet(
        bet.name,
        f"{label}, pays {bet.table.describe()}; {forfeits}",
        [side_bet_wager(bet.name, bet, cells)],
        outcomes.weights[:, None] * outcomes.counts,
        outcomes.strengths,
        decision,
        cell,
    )


__all__ = ["outcome_bet", "row_nets", "settlement_bet", "side_table_bet"]
