"""The whole exact analysis of one rule set, from counts to tables.

``analyze`` runs the pipeline of the design notes: dealer-outcome counts per hand class
(rule-independent but for the qualifier), exact prices and the optimal strategy, every bet as an
exact distribution, and the result tables. Pricing the same counts under another pay table
costs milliseconds: pass the ``outcomes`` of an earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import pandas as pd

from crazy4.core.bet_tables import net_distribution
from crazy4.core.bets import BetOutcomes
from crazy4.games.crazy_four.bets import all_bets
from crazy4.games.crazy_four.outcomes import (
    OUTCOME_CELLS,
    OUTCOME_LABELS,
    PlayerOutcomes,
    compute_outcomes,
)
from crazy4.games.crazy_four.pricing import HandPrices, price_hands
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import border_hands, simple_strategy, strategy_segments
from crazy4.generic.bestfour_tables import bets_table, cell_returns, hand_classes_table
from crazy4.generic.frequencies import group_frequencies
from crazy4.generic.report_frame import BetLookup, bet_ev


@dataclass(frozen=True)
class Analysis(BetLookup):
    """Everything computed for one rule set.

    Attributes
    ----------
    rules : CrazyFourRules
    outcomes : PlayerOutcomes
    prices : HandPrices
    bets : list of BetOutcomes
    tables : dict of str to DataFrame
        ``bets``, ``hand_frequencies``, ``player_hands``, ``returns``, ``net_distribution``,
        ``strategy``, ``border_hands``, each written as ``<name>.parquet``.
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze(load_rules("crazy4-standard"))
    >>> round(float(-analysis.exact_ev("ante_super_bonus_play")), 4)
    0.0342
    """

    rules: CrazyFourRules
    outcomes: PlayerOutcomes
    prices: HandPrices
    bets: list[BetOutcomes]
    tables: dict[str, pd.DataFrame] = field(repr=False)
    simple_strategy_cost: Fraction


def analyze(
    rules: CrazyFourRules,
    *,
    jobs: int = 1,
    outcomes: PlayerOutcomes | None = None,
    progress: Callable[[str], None] | None = None,
) -> Analysis:
    """Analyze a rule set exactly.

    Parameters
    ----------
    rules : CrazyFourRules
    jobs : int
        Threads for the counting (the results do not depend on it).
    outcomes : PlayerOutcomes, optional
        Counts from an earlier run with the same qualifier, to skip the counting.
    progress : callable, optional
        Called with a message after each step.
    """
    say = progress or (lambda message: None)
    if outcomes is None or outcomes.qualifier_strength != rules.dealer.qualifier_strength:
        outcomes = compute_outcomes(rules.dealer.qualifier_strength, jobs=jobs, progress=say)
    prices = price_hands(rules, outcomes)
    simple = simple_strategy(rules, outcomes.strengths)
    bets = all_bets(rules, outcomes, prices, simple)
    say("prices and bets")
    main_bet = bets[0]
    tables = {
        "bets": bets_table((bet, outcomes.weights) for bet in bets),
        "hand_frequencies": group_frequencies(outcomes.strengths, outcomes.weights),
        "player_hands": hand_classes_table(
            outcomes.hands,
            outcomes.weights,
            outcomes.strengths,
            (OUTCOME_CELLS, outcomes.counts),
            prices,
        ),
        "returns": cell_returns(
            main_bet,
            prices.decision,
            outcomes.strengths,
            np.arange(len(OUTCOME_CELLS)),
            "dealer_outcome",
            [OUTCOME_LABELS[cell] for cell in OUTCOME_CELLS],
        ),
        "net_distribution": net_distribution(main_bet),
        "strategy": strategy_segments(outcomes, prices),
        "border_hands": border_hands(outcomes, prices),
    }
    say("tables")
    bets_ev = tables["bets"]
    return Analysis(
        rules=rules,
        outcomes=outcomes,
        prices=prices,
        bets=bets,
        tables=tables,
        simple_strategy_cost=bet_ev(bets_ev, "ante_super_bonus_play")
        - bet_ev(bets_ev, "ante_super_bonus_play_simple"),
    )
