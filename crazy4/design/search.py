"""Target search: the pay tables of one bet whose exact house edge falls in a window, priced
all at once (:mod:`crazy4.design.model`), ranked, and the listed ones analyzed again through
the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING

import numpy as np

from crazy4.design.basis import (
    BetFigures,
    analyze_quietly,
    bet_of,
    changed_rules,
    rule_data,
    table_lines,
)
from crazy4.design.model import (
    AffineModel,
    HandModel,
    SideBase,
    Spread,
    hand_model,
    line_spread,
    returns_spread,
    side_moments,
)
from crazy4.design.ruletext import odds_value, pays_at
from crazy4.errors import InputError

if TYPE_CHECKING:
    import numpy.typing as npt

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis

#: The most candidates one search prices (a bound on memory, not on speed).
MAX_CANDIDATES = 5_000_000


@dataclass(frozen=True)
class Space:
    """What is searched: a pay table's lines (weakest first), base odds, ranges and step."""

    table: str
    lines: tuple[str, ...]
    base: tuple[Fraction, ...]
    ranges: dict[str, tuple[Fraction, Fraction]]
    step: Fraction

    @property
    def searched(self) -> list[int]:
        """Positions (in :attr:`lines`) of the searched lines."""
        return [number for number, line in enumerate(self.lines) if line in self.ranges]

    @property
    def scale(self) -> int:
        """A common denominator of every odds value the space takes."""
        return lcm(self.step.denominator, *(odds.denominator for odds in self.base))

    def grid(self) -> npt.NDArray[np.int64]:
        """Every candidate's odds on every line times :attr:`scale`, no weaker hand paid more.

        Examples
        --------
        >>> F = Fraction
        >>> space = Space("t", ("pair", "flush", "trips"), (F(1), F(3), F(5)),
        ...               {"flush": (F(1), F(2)), "trips": (F(1), F(3))}, F(1, 2))
        >>> grid = space.grid()  # odds times 2; 3 x 5 tables less 3 paying flush above trips
        >>> len(grid), grid[:3].tolist()
        (12, [[2, 2, 2], [2, 2, 3], [2, 2, 4]])
        """
        scale = self.scale
        axes = []
        for line in self.lines:
            if line in self.ranges:
                low, high = self.ranges[line]
                count = int((high - low) / self.step) + 1
                axes.append(np.array([int((low + k * self.step) * scale) for k in range(count)]))
            else:
                axes.append(np.array([int(self.base[self.lines.index(line)] * scale)]))
        size = int(np.prod([len(axis) for axis in axes], dtype=object))
        if size > MAX_CANDIDATES:
            raise InputError(
                f"--range: {size:,} candidates; at most {MAX_CANDIDATES:,} (narrow a range or "
                "use a coarser --step)"
            )
        mesh = np.meshgrid(*axes, indexing="ij")
        grid = np.stack([axis.ravel() for axis in mesh], axis=1).astype(np.int64)
        return grid[np.all(np.diff(grid, axis=1) >= 0, axis=1)]


def make_space(
    rules: RuleSet, table: str, ranges: dict[str, tuple[Fraction, Fraction]], step: Fraction
) -> Space:
    """The :class:`Space` of ``table`` (a rule-file path such as ``super_bonus``)."""
    from crazy4.core.paytables import parse_odds

    pays = pays_at(rule_data(rules), table)
    lines = tuple(table_lines(rules, pays, table))
    for line, (low, high) in ranges.items():
        if line not in pays:
            raise InputError(
                f"--range {line}: {table} has no such line; its lines: {', '.join(lines)}"
            )
        if low < 0 or low > high or (high - low) % step:
            raise InputError(
                f"--range {line}: {low}:{high} is not low:high (at least 0) in steps of {step}"
            )
    if not ranges:
        raise InputError("--search: give at least one --range LINE=LOW:HIGH")
    base = tuple(parse_odds(pays[line], where=f"{table} {line}") for line in lines)
    return Space(table, lines, base, ranges, step)


@dataclass(frozen=True)
class Priced:
    """Every candidate of a space with its exact edge and its modelled spread."""

    grid: npt.NDArray[np.int64]
    edge_numerators: npt.NDArray[np.object_]
    denominator: int
    hit_frequency: npt.NDArray[np.float64]
    std_dev: npt.NDArray[np.float64]
    average_total_bet: float

    def edge(self, index: int) -> Fraction:
        """Candidate ``index``'s exact house edge."""
        return Fraction(int(self.edge_numerators[index]), self.denominator)


@dataclass(frozen=True)
class Pricer:
    """The models of one bet over one space, read from the base and bumped analyses."""

    space: Space
    bet: str
    figures: BetFigures
    affine: AffineModel
    hands: HandModel | None
    spread: Spread | None
    side: SideBase
    strategy_held: bool = True

    def price(self, grid: npt.NDArray[np.int64]) -> Priced:
        """Price candidates ``grid`` (rows of :meth:`Space.grid`)."""
        space, scale = self.space, self.space.scale
        searched = space.searched
        base = np.array([int(odds * scale) for odds in space.base], dtype=np.int64)
        steps = grid[:, searched] - base[searched]
        if self.hands is not None:
            low, high = steps.min(axis=0), steps.max(axis=0)
            numerators = -self.hands.numerators(steps, scale, low, high)
            denominator = self.hands.denominator * scale * int(self.hands.weights.sum())
        else:
            numerators = -self.affine.numerators(steps, scale)
            denominator = self.affine.denominator * scale
        change = steps.astype(np.float64) / scale
        ev = -np.asarray(numerators, dtype=np.float64) / denominator
        if self.spread is not None:
            hit, second = self.spread.moments(change)
        else:
            hit, second = side_moments(self.side, grid[:, searched].astype(np.float64) / scale)
        std = np.sqrt(np.maximum(second - ev**2, 0.0))
        return Priced(grid, numerators, denominator, hit, std, self.figures.average_total_bet)


def pricer(rules: RuleSet, bet: str, space: Space) -> Pricer:
    """Analyze the base rules and each with a searched line one unit higher; read the models."""
    bumped = []
    for number in space.searched:
        line = space.lines[number]
        odds = odds_value(space.base[number] + 1)
        bumped.append(analyze_quietly(changed_rules(rules, [(f"{space.table}.{line}", str(odds))])))
    return pricer_from(rules, bet, space, analyze_quietly(rules), bumped)


def pricer_from(
    rules: RuleSet, bet: str, space: Space, base: GameAnalysis, bumped: list[GameAnalysis]
) -> Pricer:
    """The models of ``bet`` over ``space`` from the base and bumped analyses.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> space = make_space(rules, "pair_plus[0]", {"flush": (Fraction(0), Fraction(6))},
    ...                    Fraction(1))
    >>> bumped = [analyze_quietly(changed_rules(rules, [("pair_plus[0].flush", "5")]))]
    >>> model = pricer_from(rules, "pair-plus-1-4-6-30-40", space, analyze_quietly(rules), bumped)
    >>> model.price(np.array([[1, 3, 6, 30, 40]])).edge(0)  # flush 3: the 1-3-6-30-40 table
    Fraction(402, 5525)
    """
    figures = bet_of(base, bet, rules)
    evs = [-bet_of(analysis, bet, rules).house_edge for analysis in bumped]
    affine = AffineModel.from_evs(-figures.house_edge, evs)
    hands = spread = None
    if bet == base.main_bet:
        hands = hand_model(base, bumped)
        if hands is not None and not _reproduces(hands, figures.house_edge):
            hands = None
        spread = returns_spread(base, bumped)
    from crazy4.design.compare import decision_changes

    # without the hand model the price holds the strategy: say whether one unit more on a
    # searched line already moves it
    held = hands is not None or all(decision_changes(base, b).empty for b in bumped)
    slopes = [float(Fraction(s, affine.denominator)) for s in affine.slopes]
    base_odds = [float(space.base[number]) for number in space.searched]
    side = line_spread(figures, slopes, base_odds)
    return Pricer(space, bet, figures, affine, hands, spread, side, held)


def _reproduces(hands: HandModel, edge: Fraction) -> bool:
    """Whether the hand model prices the base table at the analysis's own edge."""
    steps = np.zeros((1, len(hands.slopes)), dtype=np.int64)
    value = hands.numerators(steps, 1, steps[0], steps[0])[0]
    return Fraction(int(value), hands.denominator * int(hands.weights.sum())) == -edge


def in_window(priced: Priced, low: Fraction, high: Fraction) -> npt.NDArray[np.int64]:
    """Indices of the candidates whose exact edge lies in ``[low, high]``, nearest the middle
    first, then the more volatile.

    Examples
    --------
    >>> grid = np.array([[1], [2], [3], [4]])
    >>> p = Priced(grid, np.array([1, 4, 6, 9], dtype=object), 100, np.zeros(4),
    ...            np.array([1.0, 2.0, 3.0, 4.0]), 1.0)
    >>> in_window(p, Fraction(3, 100), Fraction(7, 100)).tolist()  # 4% and 6% tie: more volatile
    [2, 1]
    """
    den = priced.denominator
    inside = [k for k, n in enumerate(priced.edge_numerators) if low * den <= n <= high * den]
    middle = (low + high) / 2
    return np.array(
        sorted(
            inside,
            key=lambda k: (abs(priced.edge(k) - middle), -priced.std_dev[k], tuple(priced.grid[k])),
        ),
        dtype=np.int64,
    )


def frontier(priced: Priced, chosen: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The non-dominated candidates among ``chosen`` (edge and standard deviation), by edge.

    Examples
    --------
    >>> grid = np.zeros((3, 1), dtype=np.int64)
    >>> p = Priced(grid, np.array([1, 2, 3], dtype=object), 100, np.zeros(3),
    ...            np.array([3.0, 1.0, 2.0]), 1.0)
    >>> frontier(p, np.array([0, 1, 2])).tolist()
    [0, 2]
    """
    order = sorted(chosen.tolist(), key=lambda k: (-priced.edge(k), -priced.std_dev[k]))
    kept: list[int] = []
    best = -np.inf
    for k in order:
        if priced.std_dev[k] > best:
            kept.append(k)
            best = priced.std_dev[k]
    return np.array(sorted(kept, key=priced.edge), dtype=np.int64)
