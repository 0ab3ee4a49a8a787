"""Four Card Poker for the best-four simulator (:mod:`crazy4.generic.bestfour_simulate`).

The dealer's first card is dealt face up, then five hidden ones; the dealer plays the best four
of the six. A seat's decision is that of its situation class (hand, up card;
:func:`crazy4.games.four_card.situations.situation_of`). The dealer classes are the dealer's
hand categories, so a seat key is ``(strength, decision, dealer category, result)``, which
:mod:`crazy4.games.four_card.showdown_cells` settles. Each seat wagers 1 Ante, its Play bet,
1 Aces Up and 1 Bad Beat (when the rule set has them); no blind hands.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import ExactBet
from crazy4.core.ranking import HandCategory, category_of_strength
from crazy4.core.upcard_lattice import RESULTS
from crazy4.games.four_card.rules import four_card_rules
from crazy4.games.four_card.showdown_cells import FourCardSettlement, four_card_settlement
from crazy4.games.four_card.situations import (
    load_fourcard_reference,
    situation_index_table,
    situation_slots,
)
from crazy4.generic.bestfour_sim_spec import BestFourSim, IntArray, KeyFields, SeatLookup
from crazy4.generic.bestfour_simulate import BestFourSimulator
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import Counts
from crazy4.simulate.plan import SimulationPlan


def lookup(rules: RuleSet) -> SeatLookup:
    """A seat's decision class is the situation class of its hand and the up card."""
    reference = load_fourcard_reference(four_card_rules(rules))
    return SeatLookup(
        strength=reference.strength_of_hand,
        entry_class=situation_index_table(),
        class_strength=reference.strengths,
        slots=situation_slots(),
        dealer_strength=reference.dealer_strength_of_hand,
    )


def bets(settlement: FourCardSettlement, fields: KeyFields) -> dict[str, IntArray]:
    """The summary's bets per seat key: Ante and Play (with the Ante Bonus), each Aces Up table
    (by name) and the Bad Beat.

    Examples
    --------
    >>> from crazy4.generic.bestfour_sim_spec import key_fields
    >>> from crazy4.registry import load_rules
    >>> settle = four_card_settlement(four_card_rules(load_rules("four-card-standard")))
    >>> from crazy4.core.ranking import strength_of_description
    >>> trips_3x_won = ((strength_of_description("three of a kind") * 4 + 3) * 8 + 2) * 3 + 0
    >>> nets = bets(settle, key_fields(np.array([trips_3x_won]), 8))
    >>> [(name, int(net[0]) // settle.unit) for name, net in nets.items()][:2]  # 1 + 2 + 3
    [('ante_play', 6), ('aces-up-50-40-8-5-4-3-1', 8)]
    >>> int(nets["bad_beat"][0]) // settle.unit  # the dealer did not win
    -1
    """
    nets = settlement.nets(*fields)
    found = {"ante_play": (nets["ante"] + nets["ante_bonus"] + nets["play"]).astype(np.int64)}
    for index, bet in enumerate(settlement.rules.side_bets):
        found[bet.name] = settlement.nets(*fields, side_bet=index)["aces_up"].astype(np.int64)
    if settlement.rules.four_card.bad_beat is not None:
        found["bad_beat"] = nets["bad_beat"].astype(np.int64)
    return found


def log_columns(
    plan: SimulationPlan,
    settlement: FourCardSettlement,
    fields: KeyFields,
    is_blind: npt.NDArray[np.bool_],
) -> dict[str, npt.NDArray[np.float64]]:
    """The wagers and their nets per unit of Ante (the Aces Up table of the plan)."""
    table = plan.side_bet if plan.side_bet is not None else 0
    nets = settlement.nets(*fields, side_bet=table)
    ones = np.ones(fields.strength.shape[0])
    columns = {"ante": ones, "play": fields.decision.astype(np.float64)}
    has_aces_up = plan.side_bet is not None
    has_bad_beat = settlement.rules.four_card.bad_beat is not None
    if has_aces_up:
        columns["aces_up"] = ones
    if has_bad_beat:
        columns["bad_beat"] = ones
    for name, shown in (
        ("ante", True),
        ("ante_bonus", True),
        ("play", True),
        ("aces_up", has_aces_up),
        ("bad_beat", has_bad_beat),
    ):
        if shown:
            columns[f"{name}_net"] = nets[name] / settlement.unit
    return columns


def summary(plan: SimulationPlan, counts: Counts) -> dict[str, object]:
    """The showdown results of the seats."""
    results = counts.seats.reshape(-1, len(RESULTS)).sum(axis=0)
    return {"results": {name: int(n) for name, n in zip(RESULTS, results, strict=True)}}


def tail_line(plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> str:
    """The showdown results' shares."""
    player, results = data["player_categories"], data["results"]
    assert isinstance(player, dict) and isinstance(results, dict)
    hands = max(1, sum(player.values()))
    return "showdowns: " + ", ".join(f"{name} {n / hands:.5f}" for name, n in results.items())


def category_probabilities(
    rules: RuleSet,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """A five-card hand's (the player's) and the best four of six's (the dealer's)."""
    reference = load_fourcard_reference(four_card_rules(rules))
    return reference.category_probabilities(), reference.dealer_category_probabilities()


def exact_bets(rules: RuleSet, decision: IntArray) -> dict[str, ExactBet]:
    """From the exact reference (:func:`.reference.load_fourcard_reference`)."""
    return load_fourcard_reference(four_card_rules(rules)).exact_bets(decision)


#: The simulator's role of Four Card Poker (:class:`crazy4.simulate.game.SimulatedGame`).
SIMULATOR = BestFourSimulator(
    BestFourSim(
        side_bet_label="Aces Up",
        side_bet_key="aces_up",
        face_up=1,
        dealer_classes=len(HandCategory),
        lookup=lookup,
        dealer_class=lambda rules: category_of_strength(),
        strategy=lambda rules, spec: load_fourcard_reference(four_card_rules(rules)).strategy(spec),
        exact_bets=exact_bets,
        settlement=lambda rules: four_card_settlement(four_card_rules(rules)),
        bets=bets,
        log_columns=log_columns,
        summary=summary,
        tail_line=tail_line,
        category_probabilities=category_probabilities,
    )
)
