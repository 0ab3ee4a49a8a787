"""A game's wagers (:mod:`crazy4.spec.wagers`) added up: as the net of every decision in every
cell, and as a game's bets played by a decision per row, exact distributions.

:func:`decision_nets` adds the named wagers up into a
:class:`crazy4.spec.specification.Settlement`: the net of fold, 1x, 2x, 3x in each outcome cell
by the player's best-four strength, the decisions each strength may take and the amount each
decision wagers. The nets are int64 while every wager's largest net, added up, fits; else Python
integers (:mod:`crazy4.core.exact`).

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

from collections.abc import Mapping, Sequence
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.decisions import allowed_decisions
from crazy4.core.exact import fits_int64, widen
from crazy4.core.hidden import PlayerOutcomes
from crazy4.core.ranking import number_of_strengths
from crazy4.rules.ruleset import SideBet
from crazy4.spec.specification import CellSettlement, Settlement
from crazy4.spec.wagers import Wager, WagerSettlement, side_bet_wager

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


def wager_groups(
    settlement: WagerSettlement[Any],
    groups: Mapping[str, Sequence[str]],
    cell: tuple[IntArray, ...],
    unit: int | None = None,
) -> dict[str, Settlement]:
    """Each named group of wagers as a settlement of its own (:func:`decision_nets`), all over
    ``unit``.

    Examples
    --------
    >>> from crazy4.spec.wagers import Wager
    >>> from crazy4.registry import load_rules
    >>> ante = Wager("ante", "the Ante", np.array([1, -1]))
    >>> play = Wager("play", "Play", np.array([1, -1]), by_multiple=True, on_fold="none")
    >>> settle = WagerSettlement(load_rules("four-card-standard"), (ante, play), "x", (),
    ...                          np.array(["player higher", "dealer higher"]))
    >>> parts = wager_groups(settle, {"a": ("ante",), "p": ("play",)}, (np.arange(2),))
    >>> parts["p"].nets[0, 3].tolist()
    [3, -3]
    """
    return {name: decision_nets(settlement, names, cell, unit) for name, names in groups.items()}


def wager_cell_settlement(
    settlement: WagerSettlement[Any],
    main: Settlement,
    names: Sequence[str],
    cell: tuple[IntArray, ...],
    *,
    repeat: int = 1,
    **fields: Any,
) -> CellSettlement:
    """The main game (``main``: :func:`decision_nets` of the wagers ``names``) as a
    specification's settlement, each wager apart in its parts, with the other ``fields`` of
    :class:`crazy4.spec.specification.CellSettlement`; ``repeat`` lays the cells that many
    times along their axis (a dealer who always qualifies: the unqualified three the same).
    """

    def laid(nets: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return np.concatenate([nets] * repeat, axis=2) if repeat > 1 else nets

    parts = {
        name: laid(decision_nets(settlement, (name,), cell, main.unit).nets.astype(main.nets.dtype))
        for name in names
    }
    return CellSettlement(laid(main.nets), main.allowed, main.wagers, main.unit, parts, **fields)


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
