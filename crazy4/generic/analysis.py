"""A game specification's exact analysis: counts, prices, the optimal strategy and its bets.

Every situation class (a player hand class, with the dealer cards the rules turn face up:
:mod:`crazy4.generic.situations`) is counted against every dealer hand from the other cards,
the counts are turned into the six outcome cells and priced (:mod:`crazy4.generic.pricing`),
and each bet is an exact outcome lattice (:class:`crazy4.core.bets.BetOutcomes`): the main game
under the optimal strategy (rows: situation classes, cells: the six outcomes; deals:
``weight * cells``), and each side bet, settled whatever the decision: on the player's own
hand, or on the player's and the dealer's cards together (:mod:`crazy4.generic.joint_bets`).

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> result = analyze_spec(THREE_CARD, load_rules("three-card-standard"))
>>> result.main.name, sum(int(c) for c in result.main.combos.ravel()) == THREE_CARD.shape.deals
('ante_play', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.cards import colex_indices
from crazy4.generic.counting import cells_cached, counter_for, situation_cells
from crazy4.generic.joint_bets import joint_counts, pay_bounds
from crazy4.generic.pricing import Prices, price
from crazy4.generic.situations import deal_situations
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class SpecAnalysis:
    """Everything the tables and the report of a spec game are built from.

    Attributes
    ----------
    hands : ndarray of uint8, shape (n, player_cards)
        The player's cards of each situation class (a hand class representative).
    weights, strengths : ndarray of int64, shape (n,)
        Situations in each class; the player's hand strength.
    cells : ndarray of int64, shape (n, 6)
        Dealer hands in each outcome cell.
    prices : Prices
    main : BetOutcomes
        The main game under the optimal strategy.
    side_bets : list of BetOutcomes
    seen : ndarray of uint8, shape (n, face_up)
        The dealer cards the player sees in each situation (no columns when none is face up).
    """

    hands: npt.NDArray[np.uint8] = field(repr=False)
    weights: IntArray = field(repr=False)
    strengths: IntArray = field(repr=False)
    cells: IntArray = field(repr=False)
    prices: Prices
    main: BetOutcomes
    side_bets: list[BetOutcomes]
    seen: npt.NDArray[np.uint8] = field(
        repr=False, default_factory=lambda: np.zeros((0, 0), np.uint8)
    )

    def main_ev(self) -> Fraction:
        """The main game's exact EV per unit of Ante under the optimal strategy."""
        combos = self.main.combos.astype(object)
        total = int((combos * self.main.net.astype(object)).sum())
        return Fraction(total, int(combos.sum()) * self.main.unit)


def count_cells(
    spec: GameSpec, rules: RuleSet, jobs: int = 1
) -> tuple[npt.NDArray[np.uint8], IntArray, IntArray, IntArray, npt.NDArray[np.uint8]]:
    """Hands, weights, strengths, outcome cells and seen dealer cards of every situation class
    (the deal shape's counter: :func:`crazy4.generic.counting.counter_for`; the cells kept in
    the table cache: :func:`crazy4.generic.counting.situation_cells`)."""
    shape, ranking, qualifier = spec.shape, spec.ranking, spec.qualifier(rules)
    counter = counter_for(shape)
    if not cells_cached(shape, ranking, qualifier):
        counter.prepare()  # a compile beside the situations
    situations = deal_situations(shape)
    strengths = player_strengths(spec, situations.hands)
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
        ),
    )
    return situations.hands, situations.weights, strengths, cells, situations.seen


def player_strengths(spec: GameSpec, hands: npt.NDArray[np.uint8]) -> IntArray:
    """The strength of each player hand (cards ascending, one a row)."""
    table = spec.ranking.strengths(hands.shape[1])
    return table[colex_indices(hands)].astype(np.int64)


def main_bet(
    spec: GameSpec,
    rules: RuleSet,
    cells: IntArray,
    strengths: IntArray,
    weights: IntArray,
    decision: IntArray,
    name: str,
    description: str,
) -> BetOutcomes:
    """The main game under ``decision`` (one per row) as an exact outcome lattice."""
    settlement = spec.settlement(rules)
    return BetOutcomes(
        name=name,
        description=description,
        combos=cells * weights[:, None],
        net=settlement.nets[strengths, decision],
        unit=settlement.unit,
        wager=settlement.wagers[decision],
    )


def side_bet_outcomes(
    spec: GameSpec,
    rules: RuleSet,
    strengths: IntArray,
    weights: IntArray,
    completions: int,
    hands: npt.NDArray[np.uint8] | None = None,
    seen: npt.NDArray[np.uint8] | None = None,
    decisions: IntArray | None = None,
    cells: IntArray | None = None,
) -> list[BetOutcomes]:
    """Each side bet, on the player's own hand (one cell: the hand decides; the six outcome
    cells, ``cells``, when it pays only if the dealer is higher), or on the player's and the
    dealer's cards together (a cell per pay line: :func:`crazy4.generic.joint_bets.joint_counts`;
    ``hands`` and ``seen`` are the situations'); a bet a fold forfeits loses on every situation
    whose decision (``decisions``) is a fold.

    Raises
    ------
    ValueError
        When a bet on the dealer's cards too is asked for without the situations, a bet the
        outcome or the decision settles without them, or a lattice that does not total the
        game's deals.
    """
    bets = []
    sides = spec.side_bets(rules)
    joint: dict[tuple[str, int], tuple[IntArray, IntArray]] = {}  # counted once per ranking
    for side in sides:
        unit = side.pays.unit
        ranking = side.ranking_of(spec.ranking)
        pays = side.pays.odds_numerators(ranking, unit)
        wager = np.full(weights.shape[0], unit, dtype=np.int64)
        if side.scores == "player":
            scored = strengths
            if side.ranking is not None and side.ranking is not spec.ranking:
                if hands is None:
                    raise ValueError(f"side bet {side.name!r} needs the player's hands")
                scored = ranking.strengths(hands.shape[1])[colex_indices(hands)].astype(np.int64)
            combos, net = (weights * completions)[:, None], pays[scored][:, None]
            if side.pays_when != "always":  # the outcome cells settle it
                if cells is None or decisions is None:
                    raise ValueError(f"side bet {side.name!r} needs the cells and decisions")
                combos = cells * weights[:, None]
                net = side.cell_nets(pays, unit)[scored, decisions]
        else:
            if hands is None or seen is None:
                raise ValueError(f"side bet {side.name!r} needs the situations' cards")
            group = (ranking.key, side.cards(spec.shape))
            if group not in joint:
                alike = [
                    s.pays
                    for s in sides
                    if (s.ranking_of(spec.ranking).key, s.cards(spec.shape)) == group
                ]
                bounds = pay_bounds(ranking.category_starts(), alike)
                column = np.searchsorted(bounds, np.arange(ranking.n_strengths), side="right") - 1
                table = ranking.strengths(group[1])
                counts = joint_counts(
                    hands,
                    seen,
                    table,
                    spec.shape.dealer_cards,
                    column.astype(np.int64),
                    len(bounds),
                )
                joint[group] = (bounds, counts)
            bounds, counts = joint[group]
            combos = counts * weights[:, None]
            net = np.broadcast_to(pays[bounds], combos.shape).copy()
            if int(combos.sum(dtype=object)) != spec.shape.deals:
                raise ValueError(f"side bet {side.name!r}: the lattice misses deals")
        if side.fold_forfeits:
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


def analyze_spec(spec: GameSpec, rules: RuleSet, jobs: int = 1) -> SpecAnalysis:
    """Count, price and settle every deal of ``rules`` (module docstring)."""
    hands, weights, strengths, cells, seen = count_cells(spec, rules, jobs)
    prices = price(cells, strengths, spec.settlement(rules))
    decisions = ", ".join(DECISIONS[d] for d in range(4) if prices.allowed[:, d].any())
    main = main_bet(
        spec,
        rules,
        cells,
        strengths,
        weights,
        prices.decision,
        spec.main_bet,
        f"the whole mandatory game, optimal strategy ({decisions}), per unit of Ante",
    )
    return SpecAnalysis(
        hands=hands,
        weights=weights,
        strengths=strengths,
        cells=cells,
        prices=prices,
        main=main,
        side_bets=side_bet_outcomes(
            spec, rules, strengths, weights, prices.completions, hands, seen, prices.decision, cells
        ),
        seen=seen,
    )
