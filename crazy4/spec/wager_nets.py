"""A game's wagers (:mod:`crazy4.spec.wagers`) as the net of every decision in every cell.

:func:`decision_nets` adds the named wagers up into a :class:`crazy4.spec.game.Settlement`: the
net of fold, 1x, 2x, 3x in each outcome cell by the player's best-four strength, the decisions
each strength may take and the amount each decision wagers. The nets are int64 while every
wager's largest net, added up, fits; else Python integers (:mod:`crazy4.core.exact`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import allowed_decisions
from crazy4.core.exact import fits_int64, widen
from crazy4.core.ranking import number_of_strengths
from crazy4.spec.game import Settlement
from crazy4.spec.specification import CellSettlement
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


__all__ = ["decision_nets", "wager_cell_settlement", "wager_groups"]
