"""The collusion table: the house edge against the number of colluders, per strategy (its
columns: ``docs/collusion.md``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.advantage.collusion import (
    CollusionPlan,
    CollusionSums,
    StrategyEdge,
    deal_sizes,
    make_collusion_plan,
    strategy_edges,
    team_decisions,
    team_of,
)
from crazy4.advantage.collusion_engine import main_settlement
from crazy4.core.deal import deal_hands
from crazy4.core.decisions import optimal_ev
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import GameSpec

IntArray = npt.NDArray[np.int64]


def exact_rows(rule_set: str, exact: Fraction) -> list[dict[str, object]]:
    """The no-pooling rows (one colluder): the exact edge.

    Examples
    --------
    >>> rows = exact_rows("x", Fraction(1, 40))
    >>> [(row["strategy"], row["house_edge"], row["standard_error"]) for row in rows]
    [('honest', 0.025, 0.0), ('full', 0.025, 0.0)]
    """
    edges = [
        StrategyEdge(strategy, float(exact), 0.0, 0.0, 0.0, -exact.numerator, exact.denominator)
        for strategy in ("honest", "full")
    ]
    return edge_rows(rule_set, 1, 0, None, edges, exact)


def plan_rows(plan: CollusionPlan, sums: CollusionSums, exact: Fraction) -> list[dict[str, object]]:
    """The rows of one Monte Carlo run."""
    edges = strategy_edges(plan, sums)
    return edge_rows(plan.rules.name, plan.colluders, sums.deals, plan.practical, edges, exact)


def edge_rows(
    rule_set: str,
    colluders: int,
    deals: int,
    practical: str | None,
    edges: list[StrategyEdge],
    exact: Fraction,
) -> list[dict[str, object]]:
    """The table's rows of the strategies' edges, ``practical`` the team rule."""
    return [
        {
            "rule_set": rule_set,
            "colluders": colluders,
            "strategy": edge.strategy,
            "team_rule": practical if edge.strategy == "practical" else "",
            "deals": deals,
            "house_edge": edge.house_edge,
            "standard_error": edge.standard_error,
            "gain": edge.gain,
            "gain_standard_error": edge.gain_standard_error,
            "house_edge_controlled": float(exact) - edge.gain,
            "ev_numerator": edge.ev_numerator,
            "ev_denominator": edge.ev_denominator,
            "exact_honest_edge": float(exact),
        }
        for edge in edges
    ]


def collusion_frame(rows: list[dict[str, object]]) -> pd.DataFrame:
    """The table, rows in (colluders, strategy) order."""
    frame = pd.DataFrame(rows)
    order = {"honest": 0, "full": 1, "practical": 2}
    frame["_order"] = frame["strategy"].map(order)
    frame = frame.sort_values(["colluders", "_order"], kind="stable").drop(columns="_order")
    return frame.reset_index(drop=True)


def render(frame: pd.DataFrame) -> str:
    """The table as text lines (percent of the Ante).

    Examples
    --------
    >>> print(render(collusion_frame(exact_rows("x", Fraction(1, 40)))))
    colluders  strategy    team rule   deals   house edge     ± SE   controlled     ± SE
            1  honest                      0      2.5000%  0.0000%      2.5000%  0.0000%
            1  full                        0      2.5000%  0.0000%      2.5000%  0.0000%
    """
    lines = [
        f"{'colluders':>9}  {'strategy':<10}  {'team rule':<9}  {'deals':>6}  {'house edge':>11}"
        f"  {'± SE':>7}  {'controlled':>11}  {'± SE':>7}"
    ]
    for record in frame.to_dict("records"):
        row = {str(key): value for key, value in record.items()}
        edge, se = float(row["house_edge"]), float(row["standard_error"])
        controlled, gain_se = float(row["house_edge_controlled"]), float(row["gain_standard_error"])
        lines.append(
            f"{int(row['colluders']):>9}  {row['strategy']!s:<10}  {row['team_rule']!s:<9}  "
            f"{int(row['deals']):>6}  {100 * edge:>10.4f}%  {100 * se:>6.4f}%  "
            f"{100 * controlled:>10.4f}%  {100 * gain_se:>6.4f}%"
        )
    return "\n".join(lines)


def deal_values(
    spec: GameSpec, rules: RuleSet, colluders: int, rng: np.random.Generator, deals: int,
    jobs: int = 1,
) -> tuple[IntArray, IntArray, IntArray, IntArray]:  # fmt: skip
    """Per deal, the team's EV numerators ``full`` and ``honest`` and its wagers under each.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> full, honest, _, _ = deal_values(THREE_CARD, rules, 3, np.random.default_rng(1), 50)
    >>> bool((full >= honest).all())
    True
    """
    del jobs
    plan = make_collusion_plan(rules, colluders=colluders, deals=deals, seed=0)
    team = team_of(plan, deal_hands(rng, deals, deal_sizes(plan)), 0, deals)
    _, _, ev, chosen = team_decisions(plan, team)
    wagers = main_settlement(spec, rules).wagers * plan.dealer_hands
    values = []
    for strategy in ("full", "honest"):
        values.append(optimal_ev(ev, chosen[strategy]).reshape(deals, colluders).sum(axis=1))
    for strategy in ("full", "honest"):
        values.append(wagers[chosen[strategy]].reshape(deals, colluders).sum(axis=1))
    return values[0], values[1], values[2], values[3]
