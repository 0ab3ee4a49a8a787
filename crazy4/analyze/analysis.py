"""A game specification's exact analysis: counts, prices, the optimal strategy and its bets.

Every situation class (:mod:`crazy4.analyze.situations`) is counted against every dealer hand
from the other cards into the six outcome cells and priced (:mod:`crazy4.analyze.pricing`); each
bet is an exact outcome lattice (:class:`crazy4.core.bets.BetOutcomes`): the main game under the
optimal strategy, and each side bet, on the player's own hand or on both hands' cards together.

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> result = analyze_spec(THREE_CARD, load_rules("three-card-standard"))
>>> result.main.name, sum(int(c) for c in result.main.combos.ravel()) == THREE_CARD.shape.deals
('ante_play', True)

The tables read the situation classes summed by strength, seen rank and decision, and the main
bet a row per strength and decision: the same deals and EV in fewer rows.

>>> int(result.sums.situations.sum()) == int(result.weights.sum())
True
>>> lattice = result.main_by_strength
>>> int(lattice.bet.combos.sum()) == THREE_CARD.shape.deals, lattice.bet.combos.shape[0] < 1755
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.analyze.counting import situation_cells, start_count
from crazy4.analyze.joint_bets import joint_counts, pay_bounds
from crazy4.analyze.keyed_sums import FEW_ROWS, add_keyed_sums, keyed_sums, zero_sums
from crazy4.analyze.pricing import Prices, price
from crazy4.analyze.situations import deal_situations, first_rows, seen_rank_codes
from crazy4.core.bets import BetOutcomes, SharedArrays, sums_by_value
from crazy4.core.cache import cache_dir
from crazy4.core.cards import colex_indices
from crazy4.core.exact import exact_sum
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import (
    DECISIONS,
    CellSettlement,
    GameSpec,
    Ranking,
    SideBetSpec,
)

IntArray = npt.NDArray[np.int64]

#: What :func:`count_cells` returns: hands, weights, strengths, cells and seen cards.
Counted = tuple[
    npt.NDArray[np.uint8], IntArray, IntArray, npt.NDArray[np.int32], npt.NDArray[np.uint8]
]


@dataclass(frozen=True)
class SpecAnalysis:
    """Everything the tables and the report of a spec game are built from.

    Attributes
    ----------
    hands : ndarray of uint8, shape (n, player_cards)
        The player's cards of each situation class (a hand class representative).
    weights, strengths : ndarray of int64, shape (n,)
        Situations in each class; the player's hand strength.
    cells : ndarray of int32, shape (n, 6)
        Dealer hands in each outcome cell (every product with them is taken in int64).
    seen : ndarray of uint8, shape (n, face_up)
        The dealer cards the player sees in each situation.
    settlement : CellSettlement
        The main game's nets by strength, decision and cell.
    spec, rules : GameSpec and RuleSet, or None
        The game and rule set analyzed, from which :attr:`side_bets` are priced.
    """

    hands: npt.NDArray[np.uint8] = field(repr=False)
    weights: IntArray = field(repr=False)
    strengths: IntArray = field(repr=False)
    cells: npt.NDArray[np.int32] = field(repr=False)
    prices: Prices
    settlement: CellSettlement = field(repr=False)
    main_name: str = "ante_play"
    main_description: str = ""
    seen: npt.NDArray[np.uint8] = field(
        repr=False, default_factory=lambda: np.zeros((0, 0), np.uint8)
    )
    spec: GameSpec | None = field(default=None, repr=False, compare=False)
    rules: RuleSet | None = field(default=None, repr=False, compare=False)

    @cached_property
    def side_bets(self) -> list[BetOutcomes]:
        """Each side bet under the optimal strategy, priced when first asked for."""
        return self.priced_side_bets()

    def priced_side_bets(self, sides: Sequence[SideBetSpec] | None = None) -> list[BetOutcomes]:
        """``sides`` (by default the rules') under the optimal strategy, a lattice row a
        situation class (:func:`side_bet_outcomes`); none without :attr:`spec` and :attr:`rules`."""
        if self.spec is None or self.rules is None:
            return []
        return side_bet_outcomes(
            self.spec,
            self.rules,
            self.strengths,
            self.weights,
            self.prices.completions,
            self.hands,
            self.seen,
            self.prices.decision,
            self.cells,
            sides=sides,
        )

    @cached_property
    def main(self) -> BetOutcomes:
        """The main game under the optimal strategy, a lattice row a situation class."""
        combos = self.cells * self.weights[:, None]
        return main_bet(
            self.settlement,
            combos,
            self.strengths,
            self.prices.decision,
            self.main_name,
            self.main_description,
        )

    @cached_property
    def sums(self) -> SituationSums:
        """The situation classes summed by strength, seen rank and decision
        (:func:`situation_sums`)."""
        return situation_sums(self)

    @cached_property
    def main_by_strength(self) -> MainLattice:
        """:attr:`main` with its rows of one strength and decision summed (nets alike there)."""
        return self.sums.main_lattice(self.settlement, self.main_name, self.main_description)

    def main_ev(self) -> Fraction:
        """The main game's exact EV per unit of Ante under the optimal strategy."""
        main = self.main_by_strength.bet
        combos = main.combos.astype(object)
        total = int((combos * main.net.astype(object)).sum())
        return Fraction(total, int(combos.sum()) * main.unit)


@dataclass(frozen=True)
class MainLattice:
    """The main bet a lattice row per player strength and decision.

    Attributes
    ----------
    bet : BetOutcomes
    situations, strength, decision : ndarray of int64, shape (k,)
        Each row's situations (the weights of :func:`crazy4.core.bets.summarize`), strength
        and decision, ascending by strength then decision.
    """

    bet: BetOutcomes
    situations: IntArray
    strength: IntArray
    decision: IntArray


@dataclass(frozen=True)
class SituationSums:
    """The situation classes summed exactly by player strength, seen rank and decision.

    Attributes
    ----------
    strength, rank, decision : ndarray of int64, shape (k,)
        Each group's, ascending in that order; ``rank`` numbers the seen cards' ranks
        (:func:`seen_rank_codes`).
    rank_rows : ndarray of int64, shape (r,)
        A situation class of each seen rank.
    situations, deals, optimal : ndarray of int64, shape (k,), (k, 6), (k,)
        Situations in the group, its deals in each outcome cell, and the sum of its EV
        numerators under the decision (Python integers when a sum may pass int64).
    """

    strength: IntArray
    rank: IntArray
    decision: IntArray
    rank_rows: IntArray
    situations: IntArray
    deals: IntArray
    optimal: IntArray

    def main_lattice(self, settlement: CellSettlement, name: str, description: str) -> MainLattice:
        """The main bet a row per strength and decision (:class:`MainLattice`)."""
        decisions = settlement.nets.shape[1]
        kept, combos, situations = summed_by(
            self.strength * decisions + self.decision, self.deals, self.situations
        )
        strength, decision = kept // decisions, kept % decisions
        bet = main_bet(settlement, combos, strength, decision, name, description)
        return MainLattice(bet, situations, strength, decision)


def summed_by(key: IntArray, *values: IntArray) -> tuple[IntArray, ...]:
    """The distinct keys, ascending, then the sums of each of ``values`` (by row) by key.

    Examples
    --------
    >>> [part.tolist() for part in summed_by(np.array([3, 1, 3]), np.array([1, 2, 4]))]
    [[1, 3], [2, 5]]
    """
    kept, where = np.unique(key, return_inverse=True)
    sums = []
    for value in values:
        summed = np.zeros((kept.shape[0], *value.shape[1:]), dtype=np.int64)
        np.add.at(summed, where, value)
        sums.append(summed)
    return (kept, *sums)


def rank_codes(
    seen: npt.NDArray[np.uint8], spec: GameSpec | None
) -> tuple[npt.NDArray[np.integer[Any]], IntArray]:
    """:func:`crazy4.analyze.situations.seen_rank_codes` of ``seen``, those kept with the deal
    shape's situations when ``seen`` is theirs."""
    if spec is not None and spec.shape.face_up:
        situations = deal_situations(spec.shape)
        if seen is situations.seen:
            return situations.rank_codes
    return seen_rank_codes(seen)


def situation_sums(analysis: SpecAnalysis) -> SituationSums:
    """:class:`SituationSums` of an analysis, summed exactly: by the keyed sums (past
    :data:`~crazy4.analyze.keyed_sums.FEW_ROWS` rows, that many at a time) when no sum can
    pass int64, else a column at a time (in float64 where exact, int64, or Python integers)."""
    prices = analysis.prices
    decisions = prices.tied.shape[1]
    codes, rank_rows = rank_codes(analysis.seen, analysis.spec)
    ranks = rank_rows.shape[0]

    def key_of(rows: slice) -> IntArray:  # each row's group
        key = np.multiply(analysis.strengths[rows], ranks, dtype=np.int64)  # in place from here
        key += codes[rows]
        key *= decisions
        key += prices.decision[rows]
        return key

    n = analysis.strengths.shape[0]
    size = (int(analysis.strengths.max()) + 1 if n else 0) * ranks * decisions
    weights, cells, chosen = analysis.weights, analysis.cells, prices.optimal
    total = int(weights.sum())
    largest = max(int(chosen.max()), -int(chosen.min())) if n else 0
    if max(largest, prices.completions, 1) * total < 2**63:  # int64 holds every partial sum
        if n > FEW_ROWS:  # a block at a time: no int64 key of n rows
            sums, found = zero_sums(size, cells.shape[1]), np.zeros(size, dtype=np.int64)
            for rows in (slice(start, start + FEW_ROWS) for start in range(0, n, FEW_ROWS)):
                found += np.bincount(key := key_of(rows), minlength=size)
                add_keyed_sums(sums, key, weights[rows], cells[rows], chosen[rows])
        else:
            key = key_of(slice(None))
            sums = keyed_sums(key, weights, cells, chosen, size)
            found = np.bincount(key, minlength=size)
        kept = np.flatnonzero(found)
        situations, deals, optimal = sums.situations[kept], sums.deals[kept], sums.optimal[kept]
    else:
        key = key_of(slice(None))
        kept = np.flatnonzero(np.bincount(key, minlength=size))

        def summed(amounts: npt.NDArray[np.integer], most: int) -> IntArray:
            # Σ amounts * weights by key; no amount's absolute value above ``most``
            if most * total < 2**52:
                values = amounts * weights.astype(np.float64)
                return np.bincount(key, weights=values, minlength=size)[kept].astype(np.int64)
            if most * total >= 2**63:  # Python integers (EVs of payouts past int64)
                wide = np.zeros(size, dtype=object)
                np.add.at(wide, key, amounts.astype(object) * weights.astype(object))
                return wide[kept]
            return sums_by_value(key, amounts * weights, size)[kept]

        deals = np.empty((kept.shape[0], cells.shape[1]), dtype=np.int64)
        for cell in range(deals.shape[1]):
            deals[:, cell] = summed(cells[:, cell], prices.completions)
        situations, optimal = summed(np.ones_like(weights), 1), summed(chosen, largest)
    return SituationSums(
        strength=kept // (ranks * decisions),
        rank=kept // decisions % ranks,
        decision=kept % decisions,
        rank_rows=rank_rows,
        situations=situations,
        deals=deals,
        optimal=optimal,
    )


#: The counts of the latest rule sets' qualifiers in this process (:func:`count_cells`), by
#: what decides them: the deal shape, the ranking, the qualifier and the cache folder.
_COUNTED: dict[tuple[object, ...], Counted] = {}

#: How many qualifiers' counts :data:`_COUNTED` keeps (the oldest is dropped).
COUNTED_KEPT = 2


def count_cells(spec: GameSpec, rules: RuleSet, jobs: int = 1) -> Counted:
    """Hands, weights, strengths, outcome cells and seen dealer cards of every situation class,
    read-only: those of the last :data:`COUNTED_KEPT` qualifiers are kept in the process."""
    shape, ranking, qualifier = spec.shape, spec.ranking, spec.qualifier(rules)
    key = (shape, ranking.key, qualifier, str(cache_dir()))
    if key not in _COUNTED:
        while len(_COUNTED) >= COUNTED_KEPT:
            _COUNTED.pop(next(iter(_COUNTED)))
        _COUNTED[key] = _count(spec, qualifier, jobs)
    return _COUNTED[key]


def _count(spec: GameSpec, qualifier: int, jobs: int) -> Counted:
    shape, ranking = spec.shape, spec.ranking
    counter = start_count(shape, ranking, qualifier)  # a compile beside the situations
    situations = deal_situations(shape)
    if shape.face_up:
        situations.start_rank_codes()  # read by the sums, not the count: made beside it
    # a class's situations are consecutive rows of one hand: each hand looked up once
    first = first_rows(situations.hands)
    strengths = np.repeat(
        player_strengths(spec, situations.hands[first]), np.diff(first, append=situations.rows)
    )
    strengths.flags.writeable = False
    cells = situation_cells(
        shape,
        ranking,
        qualifier,
        situations.rows,
        lambda: counter.cells(
            situations.hands,
            strengths,
            qualifier,
            ranking,
            shape.dealer_cards,
            jobs,
            forced=situations.seen,
            dtype=np.int32,  # as the cache keeps them: no int64 copy of millions of rows
        ),
    )
    return situations.hands, situations.weights, strengths, cells, situations.seen


def player_strengths(spec: GameSpec, hands: npt.NDArray[np.uint8]) -> IntArray:
    """The strength of each player hand (cards ascending, one a row)."""
    table = spec.ranking.strengths(hands.shape[1])
    return table[colex_indices(hands)].astype(np.int64)


def main_bet(
    settlement: CellSettlement,
    combos: IntArray,
    strengths: IntArray,
    decision: IntArray,
    name: str,
    description: str,
) -> BetOutcomes:
    """The main game as an exact outcome lattice: rows of one strength and ``decision`` each,
    ``combos`` their deals by outcome cell."""
    return BetOutcomes(
        name=name,
        description=description,
        combos=combos,
        net=settlement.nets[strengths, decision],
        unit=settlement.unit,
        wager=settlement.wagers[decision],
    )


def joint_lattice(
    spec: GameSpec,
    sides: tuple[SideBetSpec, ...],
    ranking: Ranking,
    cards: int,
    hands: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint8],
) -> tuple[IntArray, IntArray]:
    """The pay lines' bounds of every side bet on ``cards`` cards of both hands ranked by
    ``ranking``, and each situation's dealer hands by line, counted once for all such bets."""
    alike = [
        s.pays for s in sides if (s.ranking_of(spec.ranking).key, s.cards(spec.shape)) == (
            ranking.key, cards)
    ]  # fmt: skip
    bounds = pay_bounds(ranking.category_starts(), alike)
    column = np.searchsorted(bounds, np.arange(ranking.n_strengths), side="right") - 1
    table = ranking.strengths(cards)
    counts = joint_counts(
        hands, seen, table, spec.shape.dealer_cards, column.astype(np.int64), len(bounds)
    )
    return bounds, counts


def side_bet_outcomes(
    spec: GameSpec,
    rules: RuleSet,
    strengths: IntArray,
    weights: IntArray,
    completions: int,
    hands: npt.NDArray[np.uint8] | None = None,
    seen: npt.NDArray[np.uint8] | None = None,
    decisions: IntArray | None = None,
    cells: npt.NDArray[np.integer] | None = None,
    sides: Sequence[SideBetSpec] | None = None,
) -> list[BetOutcomes]:
    """Each side bet (``sides``, by default the rules'), on the player's own hand (one cell, or
    the six outcome ``cells``), or on both hands' cards together (a cell per pay line); a bet a
    fold forfeits loses on every situation whose decision is a fold.

    Raises
    ------
    ValueError
        When a bet needs the situations, outcome cells or decisions and has none, or a
        lattice does not total the game's deals.
    """
    bets = []
    sides = spec.side_bets(rules) if sides is None else tuple(sides)
    joint: dict[tuple[str, int], tuple[IntArray, IntArray]] = {}  # counted once per ranking
    alike = SharedArrays()
    for side in sides:
        unit = side.pays.unit
        ranking = side.ranking_of(spec.ranking)
        pays = side.pays.odds_numerators(ranking, unit)
        wager = alike(("wager", unit), partial(np.full, weights.shape[0], unit, dtype=np.int64))
        if side.scores == "player":
            scored = strengths
            if side.ranking is not None and side.ranking is not spec.ranking:
                if hands is None:
                    raise ValueError(f"side bet {side.name!r} needs the player's hands")
                scored = ranking.strengths(hands.shape[1])[colex_indices(hands)].astype(np.int64)
            if side.pays_when == "always":
                combos = alike(("deals", 0), lambda: (weights * completions)[:, None])
                net = pays[scored][:, None]
            else:  # the outcome cells settle it
                if cells is None or decisions is None:
                    raise ValueError(f"side bet {side.name!r} needs the cells and decisions")
                combos = alike(("cells", 0), lambda: cells * weights[:, None])
                nets = side.cell_nets(pays, unit).copy()
                if side.fold_forfeits:  # a fold (decision 0) loses the stake in every cell
                    nets[:, 0, :] = -unit
                net = nets[scored, decisions]
        else:
            if hands is None or seen is None:
                raise ValueError(f"side bet {side.name!r} needs the situations' cards")
            group = (ranking.key, side.cards(spec.shape))
            if group not in joint:
                joint[group] = joint_lattice(spec, sides, ranking, group[1], hands, seen)
            bounds, counts = joint[group]
            combos = counts * weights[:, None]
            net = np.broadcast_to(pays[bounds], combos.shape).copy()
            if exact_sum(combos) != spec.shape.deals:
                raise ValueError(f"side bet {side.name!r}: the lattice misses deals")
        if side.fold_forfeits and (side.scores != "player" or side.pays_when == "always"):
            if decisions is None:
                raise ValueError(f"side bet {side.name!r} needs the decisions (a fold forfeits)")
            net = np.where((decisions == 0)[:, None], -unit, net)
        bets.append(
            BetOutcomes(
                name=side.name,
                description=side.description,
                combos=combos,
                net=net,
                unit=unit,
                wager=wager,
            )
        )
    return bets


def analyze_spec(
    spec: GameSpec, rules: RuleSet, jobs: int = 1, counted: Counted | None = None
) -> SpecAnalysis:
    """Count, price and settle every deal of ``rules`` (module docstring); ``counted``: the
    counts of an earlier run at the rules' qualifier (:func:`count_cells`), not counted again."""
    hands, weights, strengths, cells, seen = counted or count_cells(spec, rules, jobs)
    settlement = spec.settlement(rules)
    prices = price(cells, strengths, settlement)
    present = np.bincount(strengths, minlength=1) > 0  # the strengths some situation has
    allowed = np.any(settlement.allowed[: present.shape[0]][present], axis=0).tolist()
    decisions = ", ".join(DECISIONS[d] for d in range(4) if allowed[d])
    return SpecAnalysis(
        hands=hands,
        weights=weights,
        strengths=strengths,
        cells=cells,
        prices=prices,
        settlement=settlement,
        main_name=spec.main_bet,
        main_description=(
            f"the whole mandatory game, optimal strategy ({decisions}), per unit of Ante"
            if settlement.rows is None
            else settlement.rows.main
        ),
        seen=seen,
        spec=spec,
        rules=rules,
    )
