"""A game's wagers as data, settled per seat and vectorized, with the rule behind every amount.

A seat's result depends only on its strength, the Play multiple it put in action (0 for a
fold) and the *cell* of the deal: coordinates a game chooses (one index, qualifier x showdown,
:func:`outcome_cells`; or the dealer's hand category and the showdown result,
:func:`showdown_results`). A game states each wager as data (:class:`Wager`): its net per unit
of stake in every cell where the player's hand is not paid, what a pay table pays on the
player's strength, the stake and what a fold does to it. :class:`WagerSettlement` gives every
wager's net numerators over one unit and the words of the rule behind each; the simulator and
the validator settle by it. The strengths are the best-four ranking's.

Examples
--------
>>> showdown_results(np.array([5, 5, 5]), np.array([4, 5, 6])).tolist()
[0, 1, 2]
>>> outcome_cells(np.array([10, 500, 500, 400]), np.array([20, 400, 500, 600]), 322).tolist()
[2, 3, 4, 5]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.exact import fits_int64, largest_magnitude, widen
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import describe_strength
from crazy4.rules.ruleset import RuleSet, SideBet

IntArray = npt.NDArray[np.int64]
R = TypeVar("R", bound=RuleSet)

#: What a fold does to a wager: lost (-1), nothing (0), or settled as if the hand had played.
FOLD_RULES = ("lost", "none", "settled")


def showdown_results(
    player_strength: npt.NDArray[np.integer], dealer_strength: npt.NDArray[np.integer]
) -> IntArray:
    """Result code of each showdown: 0 player higher, 1 tie, 2 dealer higher."""
    player = np.asarray(player_strength, dtype=np.int64)
    dealer = np.asarray(dealer_strength, dtype=np.int64)
    result: IntArray = (player == dealer).astype(np.int64) + 2 * (player < dealer)
    return result


def outcome_cells(
    player_strength: npt.NDArray[np.integer],
    dealer_strength: npt.NDArray[np.integer],
    qualifier_strength: int,
) -> npt.NDArray[np.signedinteger[Any]]:
    """``3 * (dealer qualifies) + showdown result`` of each deal (the six cells of a game with
    a dealer qualifier, :data:`crazy4.spec.specification.CELLS`), in the strengths' integer
    type, at least 32 bits (a simulator's 32-bit strengths are not copied to 64).

    Examples
    --------
    >>> outcome_cells(np.array([7, 9], np.int32), np.array([9, 9], np.int32), 8).dtype
    dtype('int32')
    """
    player, dealer = np.asarray(player_strength), np.asarray(dealer_strength)
    kind = np.promote_types(np.result_type(player, dealer), np.int32).type
    cells: npt.NDArray[np.signedinteger[Any]] = (dealer >= qualifier_strength) * kind(3)
    cells += player == dealer
    cells += (player < dealer) * kind(2)
    return cells


def hand_pays(pays: tuple[IntArray, int], below: int = -1) -> tuple[IntArray, int]:
    """Payout numerators by strength and their denominator (``by_strength()``'s pair), with
    ``below`` where not on the table (``-1`` there marks the table's own ``-1``).

    Examples
    --------
    >>> numerators, unit = hand_pays((np.array([-1, 0, 3]), 2), below=-2)
    >>> numerators.tolist(), unit
    ([-2, 0, 3], 2)
    """
    numerators, denominator = pays
    return np.where(numerators >= 0, numerators, below), denominator


@dataclass(frozen=True)
class Wager:
    """One wager of a seat, as data (module docstring).

    Attributes
    ----------
    name : str
        Its log column (``"ante"``, ``"super_bonus"``).
    label : str
        Its name in words (``"Ante"``, ``"the Super Bonus"``).
    cells : ndarray of int64, shape of the game's cells
        Net numerators over :attr:`unit`, per unit of stake, where the player's hand is not
        paid.
    hand_pays : ndarray of int64, shape (n_strengths,), optional
        Numerators over :attr:`unit` paid on the player's strength (negative: not on the table).
    pays_in : ndarray of bool, shape of the cells, optional
        The cells where ``hand_pays`` applies (None: everywhere).
    by_multiple : bool
        The stake is the Play multiple (else one unit).
    on_fold : str
        :data:`FOLD_RULES`.
    table : PayTable, optional
        The table behind ``hand_pays``, for its lines' names.
    notes : ndarray of str, shape of the cells, optional
        The rule switch behind each cell's amount (``"ties = push"``), in words.
    hand_note : ndarray of bool and str, optional
        Strengths settled by a special rule, and its words (``"unlisted = push"``).
    unit : int
        The denominator of the numerators above (its pay table's).
    wagered : bool
        A bet put up (the Ante Bonus is not: it is paid on the Ante).
    """

    name: str
    label: str
    cells: IntArray = field(repr=False)
    hand_pays: IntArray | None = field(default=None, repr=False)
    pays_in: npt.NDArray[np.bool_] | None = field(default=None, repr=False)
    by_multiple: bool = False
    on_fold: str = "lost"
    table: PayTable | None = field(default=None, repr=False)
    notes: npt.NDArray[np.str_] | None = field(default=None, repr=False)
    hand_note: tuple[npt.NDArray[np.bool_], str] | None = field(default=None, repr=False)
    unit: int = 1
    wagered: bool = True
    _tables: dict[int, IntArray | None] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.on_fold not in FOLD_RULES:
            raise ValueError(f"unknown fold rule {self.on_fold!r}")

    def largest(self, unit: int) -> int:
        """The largest magnitude of a net over ``unit`` (a multiple of :attr:`unit`), for the
        int64 bounds: a Play bet's at 3x.

        Examples
        --------
        >>> Wager("play", "Play", np.array([1, 0, -1]), by_multiple=True).largest(2)
        6
        """
        pays = 0 if self.hand_pays is None else largest_magnitude(self.hand_pays)
        most = max(largest_magnitude(self.cells), pays, self.unit)
        return most * (unit // self.unit) * (3 if self.by_multiple else 1)

    def net(
        self,
        strength: IntArray,
        multiple: IntArray,
        cell: tuple[IntArray, ...],
        unit: int,
        *,
        wide: bool = False,
    ) -> IntArray:
        """Net numerators over ``unit`` (a multiple of :attr:`unit`) per seat, broadcast over
        the arguments' shapes (Python integers when ``wide``).

        Examples
        --------
        >>> bet = Wager("x", "X", np.array([[1, 0], [-1, -1]]), hand_pays=np.array([-1, 4]))
        >>> where = (np.array([[0], [1]]), np.array([[1], [0]]))
        >>> bet.net(np.array([0, 1, 1]), np.array([1, 1, 0]), where, 2).tolist()
        [[0, 8, -2], [-2, 8, -2]]
        >>> bet.net(np.array([0, 1, 1]), np.array([1, 1, 0]), where, 2, wide=True).tolist()
        [[0, 8, -2], [-2, 8, -2]]
        """
        assert (unit // self.unit) * self.unit == unit, "a unit the wager's does not divide"
        if wide or len(cell) != self.cells.ndim or self.scaled(unit) is None:
            return self._net_wide(strength, multiple, cell, unit, wide)
        seat = np.asarray(strength, dtype=np.int64)
        stake = np.asarray(multiple, dtype=np.int64)
        flat = cell_index(cell, self.cells.shape)
        key = None if self.hand_pays is None else seat * self.cells.size + flat
        shape = np.broadcast_shapes(seat.shape, stake.shape, flat.shape)
        return self.settle(key, flat, stake, stake == 0, unit, shape)

    def settle(
        self,
        key: IntArray | None,
        flat: IntArray,
        multiple: IntArray,
        fold: npt.NDArray[np.bool_],
        unit: int,
        shape: tuple[int, ...],
    ) -> IntArray:
        """:meth:`net` in int64, of the seats' ``shape`` (their arguments' broadcast), from
        the flat cell index (:func:`cell_index`) and, for a wager with ``hand_pays``, the key
        ``strength * cells.size + flat``: one lookup in a table per (strength, cell) made once
        per ``unit``, then the stake and the fold (``multiple == 0``) in place."""
        table = self.scaled(unit)
        assert table is not None, "nets past int64 are settled by net(wide=True)"
        value: IntArray = table.take(flat if key is None else key)
        if self.by_multiple:
            value = multiple * value
        if value.shape != shape:
            value = np.broadcast_to(value, shape).copy()
        if self.on_fold == "lost":
            np.putmask(value, np.broadcast_to(fold, shape), -unit)
        elif self.on_fold == "none" and not self.by_multiple:  # a multiple of 0 nets 0
            np.putmask(value, np.broadcast_to(fold, shape), 0)
        return value

    def scaled(self, unit: int) -> IntArray | None:
        """The net per unit of stake of every cell (flat), or of every (strength, cell) for a
        wager with ``hand_pays``, over ``unit``; made once per unit. None when a net could
        leave int64 (:meth:`largest`).

        Examples
        --------
        >>> bet = Wager("x", "X", np.array([1, -1]), hand_pays=np.array([-1, 4]))
        >>> bet.scaled(3).tolist()
        [3, -3, 12, 12]
        """
        if unit in self._tables:
            return self._tables[unit]
        found = None
        if fits_int64(self.largest(unit)):
            value = self.cells.reshape(-1).astype(np.int64)
            if self.hand_pays is not None:
                paid = self.hand_pays.astype(np.int64)[:, None]
                pays = paid >= 0
                if self.pays_in is not None:
                    pays = pays & self.pays_in.reshape(1, -1)
                value = np.where(pays, paid, value[None, :]).reshape(-1)
            found = value * (unit // self.unit)
        self._tables[unit] = found
        return found

    def _net_wide(
        self,
        strength: IntArray,
        multiple: IntArray,
        cell: tuple[IntArray, ...],
        unit: int,
        wide: bool,
    ) -> IntArray:
        """:meth:`net` element by element, in Python integers when ``wide`` or past int64."""
        scale = unit // self.unit
        wide = wide or not fits_int64(self.largest(unit))
        value = widen(self.cells[cell], True) if wide else self.cells[cell]
        if self.hand_pays is not None:
            paid = self.hand_pays[strength]
            paid = widen(paid, True) if wide else paid
            pays = paid >= 0 if self.pays_in is None else (paid >= 0) & self.pays_in[cell]
            value = np.where(pays, paid, value)
        if scale != 1:
            value = value * scale
        if self.by_multiple:
            value = multiple * value
        fold = multiple == 0
        if self.on_fold == "lost":
            value = np.where(fold, -unit, value)
        elif self.on_fold == "none":
            value = np.where(fold, 0, value)
        shape = np.broadcast(strength, multiple, *cell).shape
        result = np.broadcast_to(value, shape)  # int64, or Python integers past int64
        return result.copy() if result.dtype == object else result.astype(np.int64)


def cell_index(cell: tuple[IntArray, ...], shape: tuple[int, ...]) -> IntArray:
    """The flat (C order) index of each cell of coordinates ``cell`` in cells of ``shape``.

    Examples
    --------
    >>> cell_index((np.array([0, 1, 7]), np.array([2, 0, 1])), (8, 3)).tolist()
    [2, 3, 22]
    """
    flat = np.asarray(cell[-1], dtype=np.int64)
    stride = 1
    for index, size in zip(cell[-2::-1], shape[:0:-1], strict=True):
        stride *= size
        flat = flat + stride * np.asarray(index, dtype=np.int64)
    return flat


def hand_bet(
    name: str,
    label: str,
    table: PayTable | None,
    cells: tuple[int, ...],
    *,
    on_fold: str = "lost",
    below: int = -1,
) -> Wager:
    """A bet on the player's own hand: its table's odds whatever the dealer holds, else lost
    (``below = 0``: else nothing); no table pays nothing.

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> aces = strength_of_description("pair of aces")
    >>> bet = hand_bet("x", "X", PayTable.from_mapping("x", {"pair_of_aces": 1.5}), (2,))
    >>> bet.net(np.array([0, aces]), np.array([1, 1]), (np.array([0, 1]),), 2).tolist()
    [-2, 3]
    """
    if table is None:
        return Wager(name, label, np.zeros(cells, dtype=np.int64), on_fold=on_fold)
    pays, unit = hand_pays(table.by_strength(), below=below)
    lost = widen(np.full(cells, -1, dtype=np.int64), not fits_int64(unit)) * unit
    return Wager(name, label, lost, hand_pays=pays, on_fold=on_fold, table=table, unit=unit)


def side_bet_wager(name: str, bet: SideBet, cells: tuple[int, ...]) -> Wager:
    """A side bet on the player's own hand (a fold forfeits it when the rule file says so)."""
    fold = "lost" if bet.fold_forfeits else "settled"
    return hand_bet(name, bet.name, bet.table, cells, on_fold=fold)


@dataclass(frozen=True)
class WagerSettlement(Generic[R]):
    """Every wager of one rule set, settled per seat (module docstring).

    Attributes
    ----------
    rules : RuleSet
        The game's rule set.
    wagers : tuple of Wager
        The wagers, in log-column order; the one named :attr:`side_name` stands for the side
        bet table chosen (:attr:`side_tables`), and is lost when the rule set has none.
    side_name : str
        The side bet's log column (``"queens_up"``).
    side_tables : tuple of Wager
        One per side bet table of the rule set.
    cell_words : ndarray of str, shape of the cells
        Each cell in words (``"dealer qualifies, player's hand higher"``).
    blind_play : int
        The Play multiple a blind hand puts up; below the raise minimum all but 1x is returned.
    """

    rules: R
    wagers: tuple[Wager, ...] = field(repr=False)
    side_name: str
    side_tables: tuple[Wager, ...] = field(repr=False)
    cell_words: npt.NDArray[np.str_] = field(repr=False)
    blind_play: int = 3

    @cached_property
    def unit(self) -> int:
        """The common denominator of every net: the least common multiple of the wagers'."""
        return lcm(*(wager.unit for wager in (*self.wagers, *self.side_tables)))

    def wager(self, name: str, side_bet: int | None = None) -> Wager:
        """The wager of a log column (the side bet's: table ``side_bet``, default the first).

        Raises
        ------
        ValueError
            For a name that is no wager of the game.
        """
        found = next((wager for wager in self.wagers if wager.name == name), None)
        if found is None:
            raise ValueError(f"unknown wager {name!r}")
        if name == self.side_name and self.side_tables:
            return self.side_tables[side_bet or 0]
        return found

    def blind_multiple(self, strength: npt.NDArray[np.integer]) -> IntArray:
        """Play multiple in action on a blind second hand: :attr:`blind_play` from the raise
        minimum, else 1."""
        raise_minimum = self.rules.play.raise_minimum_strength
        return np.where(np.asarray(strength) >= raise_minimum, self.blind_play, 1).astype(np.int64)

    def nets(
        self,
        strength: npt.NDArray[np.integer],
        multiple: npt.NDArray[np.integer],
        *cell: npt.NDArray[np.integer],
        side_bet: int | None = None,
    ) -> dict[str, IntArray]:
        """Net numerators (over :attr:`unit`) of every wager, per seat.

        Parameters
        ----------
        strength, multiple : ndarray
            Player strength and Play multiple in action (0: fold).
        *cell : ndarray
            The cell's coordinates (the game's: one index, or dealer category and result).
        side_bet : int, optional
            Which side bet table to settle (index into ``rules.side_bets``); None for none. A
            rule set without one loses it.
        """
        seat = np.asarray(strength, dtype=np.int64)
        stake = np.asarray(multiple, dtype=np.int64)
        where = tuple(np.asarray(index, dtype=np.int64) for index in cell)
        shape = np.broadcast_shapes(seat.shape, stake.shape, *(index.shape for index in where))
        fold = stake == 0
        keys: dict[tuple[int, ...], tuple[IntArray, IntArray | None]] = {}
        nets = {}
        for wager in self.wagers:
            if wager.name == self.side_name:
                if side_bet is None:
                    continue
                wager = self.wager(wager.name, side_bet)
            if len(where) != wager.cells.ndim or wager.scaled(self.unit) is None:
                nets[wager.name] = wager.net(seat, stake, where, self.unit)
                continue
            # The cells' flat index and the (strength, cell) key, shared by the wagers.
            flat, key = keys.get(wager.cells.shape) or (cell_index(where, wager.cells.shape), None)
            if key is None and wager.hand_pays is not None:
                key = seat * wager.cells.size + flat
            keys[wager.cells.shape] = flat, key
            hand_key = None if wager.hand_pays is None else key
            nets[wager.name] = wager.settle(hand_key, flat, stake, fold, self.unit, shape)
        return nets

    def explain(
        self,
        name: str,
        strength: int,
        multiple: int,
        *cell: int,
        blind: bool = False,
        side_bet: int | None = None,
        hand_text: str | None = None,
    ) -> str:
        """The rule that settles one wager of one seat, in words.

        ``hand_text`` names the player's hand (default: its best four cards described), so a
        finding about many hands can name their group instead of one of them.
        """
        wager = self.wager(name, side_bet)
        where = tuple(np.array([index]) for index in cell)
        net = int(wager.net(np.array([strength]), np.array([multiple]), where, self.unit)[0])
        label = wager.label
        if multiple == 0 and (wager.on_fold != "settled" or wager.by_multiple):
            if wager.by_multiple:
                return f"the player folded: no {label} bet"
            return f"the player folded: {label} is {'lost' if net < 0 else 'not paid'}"
        prefix = ""
        if blind and wager.by_multiple:
            prefix = f"blind hand: {multiple}x in action; "
        hand = hand_text or describe_strength(strength)
        per_stake = net // multiple if wager.by_multiple else net
        note = ""
        if wager.hand_note is not None and bool(wager.hand_note[0][strength]):
            note = f" ({wager.hand_note[1]})"
        paid = wager.hand_pays is not None and int(wager.hand_pays[strength]) >= 0
        if paid and (wager.pays_in is None or bool(wager.pays_in[cell])):
            line = _line(wager.table, strength)
            return (
                f"{prefix}player holds {hand}: {label} {_amount(per_stake, self.unit)}{line}{note}"
            )
        words = str(self.cell_words[cell])
        if wager.notes is not None and str(wager.notes[cell]):
            note = f"{note} ({wager.notes[cell]})"
        if wager.hand_pays is not None:
            words = f"player's {hand} is not paid by the table, {words}"
        return f"{prefix}{words}: {label} {_amount(per_stake, self.unit)}{note}"


def _amount(net: int, unit: int) -> str:
    if net == 0:
        return "pushes"
    if net < 0:
        return "loses" if net == -unit else f"loses {format_odds(Fraction(-net, unit))}"
    return "wins 1:1" if net == unit else f"pays {format_odds(Fraction(net, unit))} to 1"


def _line(table: PayTable | None, strength: int) -> str:
    if table is None or table.odds_of(strength) is None:
        return ""
    line = max(
        (entry for entry in table.entries if entry.minimum_strength <= strength),
        key=lambda entry: entry.minimum_strength,
    )
    return f" ({line.label} line)"
