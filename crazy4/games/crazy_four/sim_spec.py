"""Crazy 4 Poker for the best-four simulator (:mod:`crazy4.generic.bestfour_simulate`).

The dealer's five cards are all hidden; a seat's decision is that of the suit class of its five
cards (:mod:`crazy4.games.crazy_four.hand_reference`). The dealer classes are "does not qualify"
(0) and "qualifies" (1), so a seat key's last two fields are the outcome cell
``3 * qualified + result`` of :data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`, which
:mod:`crazy4.games.crazy_four.qualifier_cells` settles. Each seat wagers 1 Ante, 1 Super Bonus, 1
Queens Up and its Play bet; the card room's blind second hands put 3 Antes on Play without
looking (:meth:`crazy4.generic.bestfour_settle.BestFourSettlement.blind_multiple`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import ExactBet
from crazy4.core.ranking import number_of_strengths
from crazy4.games.crazy_four.hand_reference import load_reference
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS
from crazy4.games.crazy_four.qualifier_cells import CrazyFourSettlement, crazy_four_settlement
from crazy4.games.crazy_four.rules import crazy_four_rules
from crazy4.generic.bestfour_sim_spec import BestFourSim, IntArray, KeyFields, SeatLookup
from crazy4.generic.bestfour_simulate import BestFourSimulator
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import Counts
from crazy4.simulate.plan import SimulationPlan


def lookup(rules: RuleSet) -> SeatLookup:
    """A hand's decision class is its suit class."""
    reference = load_reference(crazy_four_rules(rules))
    return SeatLookup(
        strength=reference.strength_of_hand,
        entry_class=reference.class_of_hand,
        class_strength=reference.outcomes.strengths,
    )


def qualified(rules: RuleSet) -> npt.NDArray[np.int64]:
    """Per dealer strength: 1 if the dealer qualifies, else 0."""
    strengths = np.arange(number_of_strengths(), dtype=np.int64)
    return (strengths >= rules.dealer.qualifier_strength).astype(np.int64)


def bets(settlement: CrazyFourSettlement, fields: KeyFields) -> dict[str, IntArray]:
    """The summary's bets per seat key: the whole game, Ante and Play, the Super Bonus and each
    Queens Up table (by name).

    Examples
    --------
    >>> from crazy4.generic.bestfour_sim_spec import key_fields
    >>> from crazy4.registry import load_rules
    >>> settle = crazy_four_settlement(crazy_four_rules(load_rules("crazy4-standard")))
    >>> four_aces_3x_qualified_player_higher = ((2534 * 4 + 3) * 2 + 1) * 3 + 0
    >>> nets = bets(settle, key_fields(np.array([four_aces_3x_qualified_player_higher]), 2))
    >>> list(nets)[:3], int(nets["ante_super_bonus_play"][0]) / settle.unit  # 1 + 3 + 200
    (['ante_super_bonus_play', 'ante_play', 'super_bonus'], 204.0)
    """
    strength, multiple, qualifies, result = fields
    nets = settlement.nets(strength, multiple, 3 * qualifies + result)
    ante_play = (nets["ante"] + nets["play"]).astype(np.int64)
    found = {"ante_super_bonus_play": ante_play + nets["super_bonus"], "ante_play": ante_play}
    if settlement.rules.super_bonus is not None:
        found["super_bonus"] = nets["super_bonus"].astype(np.int64)
    for index, bet in enumerate(settlement.rules.side_bets):
        found[bet.name] = settlement.side_bet_nets(strength, multiple == 0, index).astype(np.int64)
    return found


def log_columns(
    plan: SimulationPlan,
    settlement: CrazyFourSettlement,
    fields: KeyFields,
    is_blind: npt.NDArray[np.bool_],
) -> dict[str, npt.NDArray[np.float64]]:
    """The wagers (the blind hand's Play: 3 Antes) and their nets per unit of Ante."""
    strength, multiple, qualifies, result = fields
    nets = settlement.nets(strength, multiple, 3 * qualifies + result, side_bet=plan.side_bet)
    has_bonus = settlement.rules.super_bonus is not None
    ones = np.ones(strength.shape[0])
    columns = {"ante": ones}
    if has_bonus:
        columns["super_bonus"] = ones
    columns["play"] = np.where(is_blind, 3.0, multiple.astype(np.float64))
    if plan.side_bet is not None:
        columns["queens_up"] = ones
    for name in ("ante", "super_bonus", "play", "queens_up"):
        if name in columns:
            columns[f"{name}_net"] = nets[name] / settlement.unit
    return columns


def summary(plan: SimulationPlan, counts: Counts) -> dict[str, object]:
    """The dealer's qualifications and the strategy seats' outcome cells."""
    cells = counts.seats.reshape(-1, len(OUTCOME_CELLS)).sum(axis=0)
    return {
        "dealer_qualified": int(counts.dealer[plan.rules.dealer.qualifier_strength :].sum()),
        "outcomes": {name: int(n) for name, n in zip(OUTCOME_CELLS, cells, strict=True)},
    }


def tail_line(plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> str:
    """The dealer's qualifications beside the exact probability."""
    rules = crazy_four_rules(plan.rules)
    qualified_rounds = int(counts.dealer[rules.dealer.qualifier_strength :].sum())
    exact = load_reference(rules).qualification_probability()
    return (
        f"dealer qualifies ({rules.dealer.qualifier}): {qualified_rounds / counts.rounds:.5f} "
        f"(exact {exact:.5f})"
    )


def category_probabilities(
    rules: RuleSet,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """A five-card hand's (the player's and the dealer's alike)."""
    probabilities = load_reference(crazy_four_rules(rules)).category_probabilities()
    return probabilities, probabilities


def exact_bets(rules: RuleSet, decision: IntArray) -> dict[str, ExactBet]:
    """From the exact reference (:func:`crazy4.games.crazy_four.hand_reference.load_reference`)."""
    return load_reference(crazy_four_rules(rules)).exact_bets(decision)


#: The simulator's role of Crazy 4 Poker (:class:`crazy4.simulate.game.SimulatedGame`).
SIMULATOR = BestFourSimulator(
    BestFourSim(
        side_bet_label="Queens Up",
        side_bet_key="queens_up",
        face_up=0,
        dealer_classes=2,
        lookup=lookup,
        dealer_class=qualified,
        strategy=lambda rules, spec: load_reference(crazy_four_rules(rules)).strategy(spec),
        exact_bets=exact_bets,
        settlement=lambda rules: crazy_four_settlement(crazy_four_rules(rules)),
        bets=bets,
        log_columns=log_columns,
        summary=summary,
        tail_line=tail_line,
        category_probabilities=category_probabilities,
        blind_multiple=lambda settlement, strength: settlement.blind_multiple(strength),
        blind_hands_allowed=lambda rules: crazy_four_rules(rules).blind_second_hand,
    )
)
