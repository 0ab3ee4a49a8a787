"""The rows of a spec game's ``bets`` table beside its main game and side bets, from data.

A game whose settlement describes them (:class:`crazy4.spec.specification.BetRows`) gets, as
exact outcome lattices read from the analysis's sums, nothing counted again: each bet apart of
the main game under the optimal strategy, and the whole main game under a strategy by strength
(the published simple strategy, a blind second hand's multiples).

Examples
--------
>>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
>>> from crazy4.analyze.analysis import analyze_spec
>>> from crazy4.registry import load_rules
>>> analysis = analyze_spec(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"))
>>> [bet.name for bet in apart_bets(analysis)], [bet.name for bet in strategy_bets(analysis)]
(['ante_play', 'super_bonus'], ['ante_super_bonus_play_simple'])
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from crazy4.analyze.analysis import MainLattice, SpecAnalysis, main_bet, summed_by
from crazy4.core.bets import BetOutcomes
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import CellSettlement, GameSpec, SideBetSpec

IntArray = npt.NDArray[np.int64]
#: Prices side bets over the situation classes: each with the situations of its rows.
SituationBets = Callable[[list[SideBetSpec]], list[tuple[BetOutcomes, IntArray]]]


def stakes(settlement: CellSettlement, wagers: tuple[str, ...]) -> IntArray:
    """What ``wagers`` stake by decision (fold, 1x, 2x, 3x), numerators over the settlement's
    unit: one Ante each of :attr:`~CellSettlement.staked`, the decision's multiple for one of
    :attr:`~CellSettlement.by_multiple`.

    Examples
    --------
    >>> nets = np.zeros((1, 4, 6), dtype=np.int64)
    >>> settled = CellSettlement(nets, np.ones((1, 4), bool), np.arange(1, 5), 2)
    >>> stakes(settled, ("ante", "play")).tolist(), stakes(settled, ("play",)).tolist()
    ([2, 4, 6, 8], [0, 2, 4, 6])
    """
    multiples = np.arange(4, dtype=np.int64)
    staked = [
        multiples if wager in settlement.by_multiple else np.ones(4, dtype=np.int64)
        for wager in wagers
        if wager in settlement.staked
    ]
    return np.asarray(sum(staked, np.zeros(4, dtype=np.int64)) * settlement.unit, dtype=np.int64)


def apart_bets(analysis: SpecAnalysis) -> list[BetOutcomes]:
    """Each described bet apart of the main game under the optimal strategy, a lattice row per
    strength and decision (those of :attr:`SpecAnalysis.main_by_strength`)."""
    settlement = analysis.settlement
    if settlement.rows is None:
        return []
    main = analysis.main_by_strength
    bets = []
    for (name, wagers), description in zip(settlement.bets, settlement.rows.apart, strict=False):
        nets = sum(settlement.parts[wager] for wager in wagers)
        bets.append(
            BetOutcomes(
                name=name,
                description=description,
                combos=main.bet.combos,
                net=np.asarray(nets)[main.strength, main.decision],
                unit=settlement.unit,
                wager=stakes(settlement, wagers)[main.decision],
            )
        )
    return bets


def strategy_bets(analysis: SpecAnalysis) -> list[BetOutcomes]:
    """The whole main game under each described strategy by strength (the simple strategy,
    then the blind second hand where the rules deal one), a lattice row per strength."""
    settlement = analysis.settlement
    rows = settlement.rows
    if rows is None:
        return []
    chosen: list[tuple[tuple[str, str], IntArray]] = []
    if rows.simple is not None and settlement.simple is not None:
        chosen.append((rows.simple, settlement.simple))
    blind = settlement.blind
    if rows.blind is not None and blind is not None and blind.allowed:
        chosen.append((rows.blind, blind.multiple))
    if not chosen:
        return []
    strength, combos = summed_by(analysis.sums.strength, analysis.sums.deals)
    return [
        main_bet(settlement, combos, strength, decision[strength], name, description)
        for (name, description), decision in chosen
    ]


def strength_situations(analysis: SpecAnalysis) -> IntArray:
    """The situations of each strength, ascending (the hand weights of a lattice row per
    strength, :func:`strategy_bets`)."""
    return summed_by(analysis.sums.strength, analysis.sums.situations)[1]


def own_hand_bet(
    spec: GameSpec, side: SideBetSpec, strength: IntArray, decision: IntArray, combos: IntArray
) -> BetOutcomes | None:
    """A side bet on the player's own hand on the game's ranking as a lattice over rows of one
    player ``strength`` and ``decision`` each (``combos``: their deals by outcome cell), where
    its nets are alike; None for any other side bet (its rows need the situations' cards).

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> side = THREE_CARD.side_bets(load_rules("three-card-standard"))[0]
    >>> bet = own_hand_bet(THREE_CARD, side, np.array([0, 740]), np.array([0, 1]),
    ...                    np.ones((2, 6), dtype=np.int64))
    >>> bet is not None and bet.net[:, 0].tolist()
    [-1, 40]
    """
    if side.scores != "player" or side.ranking_of(spec.ranking) is not spec.ranking:
        return None
    unit = side.pays.unit
    nets = side.cell_nets(side.pays.odds_numerators(spec.ranking, unit), unit)
    return BetOutcomes(
        name=side.name,
        description=side.description,
        combos=combos,
        net=nets[strength, decision],
        unit=unit,
        wager=np.full(strength.shape[0], unit, dtype=np.int64),
    )


def side_bets_on_rows(
    spec: GameSpec, rules: RuleSet, rows: MainLattice, situation_bets: SituationBets
) -> list[tuple[BetOutcomes, IntArray]]:
    """Each side bet of ``rules`` with the situations of each of its lattice rows, in the
    rules' order: one on the player's own hand over ``rows`` (:func:`own_hand_bet`), the others
    as ``situation_bets`` prices them."""
    sides = spec.side_bets(rules)
    own = [
        own_hand_bet(spec, side, rows.strength, rows.decision, rows.bet.combos) for side in sides
    ]
    others = [side for side, bet in zip(sides, own, strict=True) if bet is None]
    priced = iter(situation_bets(others) if others else [])
    return [(bet, rows.situations) if bet is not None else next(priced) for bet in own]


def side_bets_by_strength(analysis: SpecAnalysis) -> list[tuple[BetOutcomes, IntArray]]:
    """:func:`side_bets_on_rows` on :attr:`SpecAnalysis.main_by_strength`, any bet not on the
    player's own hand priced over the situation classes.

    Examples
    --------
    >>> from crazy4.core.bets import summarize
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.analyze.analysis import analyze_spec
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze_spec(THREE_CARD, load_rules("three-card-side-bets"))
    >>> rows = [summarize(*bet) for bet in side_bets_by_strength(analysis)]
    >>> rows == [summarize(bet, analysis.weights) for bet in analysis.side_bets]
    True
    """
    spec, rules = analysis.spec, analysis.rules
    if spec is None or rules is None:
        return []

    def situation_bets(sides: list[SideBetSpec]) -> list[tuple[BetOutcomes, IntArray]]:
        return [(bet, analysis.weights) for bet in analysis.priced_side_bets(sides)]

    return side_bets_on_rows(spec, rules, analysis.main_by_strength, situation_bets)
