"""The PAR sheet's optional simulation confirmation: a seeded run of the simulator beside the
exact values (``crazy4 report --confirm-rounds N --seed S``; the sheet's intro explains it).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.report.parsheet import Sheet, bet_edge, records, z_value

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: The bets table's rows priced under the published simple strategy end so.
SIMPLE_SUFFIX = "_simple"
#: The coverage of the interval printed.
LEVEL = 95
#: The most rounds the report's confirmation runs (the simulator's own limit is larger).
MAX_ROUNDS = 1_000_000_000


def confirmation_rows(
    exact: dict[str, Fraction], simulated: list[tuple[str, int, float, float]]
) -> pd.DataFrame:
    """The confirmation table from the exact edges and ``(bet, hands, mean, s.e.)`` of a run.

    Examples
    --------
    >>> frame = confirmation_rows({"b": Fraction(1, 20)}, [("b", 100, -0.06, 0.01), ("x", 1, 0, 0)])
    >>> frame[["bet", "house_edge_exact", "exact_in_interval"]].values.tolist()
    [['b', '1/20', True]]
    >>> round(float(frame["z"].iloc[0]), 6)
    -1.0
    """
    z = z_value(LEVEL)
    rows = []
    for name, hands, mean, error in simulated:
        if name not in exact:
            continue
        edge, simulated_edge = exact[name], -mean
        low, high = simulated_edge - z * error, simulated_edge + z * error
        rows.append(
            {
                "bet": name,
                "hands": hands,
                "house_edge": float(edge),
                "house_edge_exact": fraction_text(edge),
                "simulated_house_edge": simulated_edge,
                "standard_error": error,
                "ci95_low": low,
                "ci95_high": high,
                "exact_in_interval": bool(low <= float(edge) <= high),
                "z": (float(edge) - simulated_edge) / error if error else 0.0,
            }
        )
    return pd.DataFrame(rows)


def confirmation_sheet(
    rules: RuleSet, bets: pd.DataFrame, rounds: int, seed: int, jobs: int = 1
) -> Sheet:
    """Run the simulator (one seat, the optimal strategy) and compare with the bets table."""
    from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts

    exact = {str(row["bet"]): bet_edge(row) for row in records(bets)}
    simulated = []
    for strategy, suffix in (("optimal", ""), ("simple", SIMPLE_SUFFIX)):
        if strategy == "simple" and not any(name.endswith(SIMPLE_SUFFIX) for name in exact):
            continue
        plan = make_plan(rules, rounds=rounds, seed=seed, strategy=strategy)
        summary = summarize_counts(plan, run_simulation(plan, jobs=jobs))
        simulated += [
            (bet.name + suffix, bet.hands, bet.mean, bet.standard_error) for bet in summary.bets
        ]
    frame = confirmation_rows(exact, simulated)
    outside = int((~frame["exact_in_interval"]).sum()) if len(frame) else 0
    intro = (
        f"A seeded run of the simulator: {rounds:,} rounds, seed {seed}, one seat, the "
        "optimal strategy (and, for the rows of the published simple strategy, a second run "
        "of the same rounds played by it), dealt from a random generator and settled by the "
        "rules independently of the exact counting. Per bet: the simulated house edge (-mean "
        "net result per unit of the initial wager), its standard error, the 95% interval "
        "simulated +- 1.96 x s.e. (normal approximation), whether the exact house edge lies "
        f"inside, and z = (exact - simulated) / s.e. The exact value lies outside the interval "
        f"for {outside} of {len(frame)} bets; about one in twenty is expected to by chance "
        "alone. The same rounds and seed give the same figures on any machine."
    )
    printed = (
        *("bet", "house_edge", "house_edge_exact", "simulated_house_edge", "standard_error"),
        *("ci95_low", "ci95_high", "exact_in_interval", "z"),
    )
    source = "crazy4.simulate (seeded run) and bets.parquet"
    return Sheet("confirmation", "Simulation confirmation", intro, frame, source, printed)
