"""Benchmark: pay-table candidates priced a second by `crazy4 design --search`, by game and bet.

For each case (a rule set, a bet, a pay table and the searched lines' ranges), the search's
models are read once (the base analysis and one per searched line: `probe_s`), then every
candidate of the ranges is priced exactly (best of `--repeat`: `price_s`), and the figure is
candidates / price_s. The main bets re-solve the optimal strategy per candidate.

    .venv/bin/python analysis/bench_design.py [--repeat 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

from crazy4.design.search import make_space, pricer
from crazy4.rules.load import load_rules

F = Fraction

#: (rule set, bet, pay table, ranges, step).
CASES = (
    (
        "crazy4-standard",
        "ante_super_bonus_play",
        "super_bonus",
        {"straight": (F(1), F(3)), "flush": (F(1), F(4)), "three_of_a_kind": (F(1), F(6)),
         "straight_flush": (F(10), F(50))},
        F(1, 2),
    ),
    (
        "crazy4-standard",
        "queens-up-50-40-8-4-3-2-1",
        "queens_up[0]",
        {"pair_of_queens": (F(1), F(2)), "two_pair": (F(1), F(4)), "straight": (F(2), F(6)),
         "flush": (F(3), F(8)), "three_of_a_kind": (F(5), F(12))},
        F(1, 2),
    ),
    (
        "four-card-standard",
        "ante_play",
        "ante_bonus",
        {"three_of_a_kind": (F(1), F(4)), "straight_flush": (F(10), F(40)),
         "four_of_a_kind": (F(20), F(60))},
        F(1, 2),
    ),
    (
        "three-card-standard",
        "ante_play",
        "ante_bonus",
        {"straight": (F(0), F(3)), "three_of_a_kind": (F(2), F(8)),
         "straight_flush": (F(4), F(40))},
        F(1, 2),
    ),
)  # fmt: skip


def run_case(case: tuple[object, ...], repeat: int) -> dict[str, object]:
    """Read the models of one case, then price its candidates ``repeat`` times."""
    rules_name, bet, table, ranges, step = case
    rules = load_rules(str(rules_name))
    space = make_space(rules, str(table), ranges, step)  # type: ignore[arg-type]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    model = pricer(rules, str(bet), space)
    probe = time.perf_counter() - start
    grid = space.grid()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        model.price(grid)
        best = min(best, time.perf_counter() - start)
    row = {
        "rules": rules_name,
        "bet": bet,
        "lines": len(ranges),  # type: ignore[arg-type]
        "candidates": len(grid),
        "strategy_resolved": model.hands is not None,
        "probe_s": round(probe, 2),
        "price_s": round(best, 4),
        "per_second": int(len(grid) / best),
        "load": round(load, 2),
    }
    print(
        f"{rules_name} {bet}: {len(grid):,} candidates priced in {best:.3f} s "
        f"({row['per_second']:,}/s; models read in {probe:.1f} s)",
        flush=True,
    )
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many pricings")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = [run_case(case, args.repeat) for case in CASES]
    if args.json is not None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench import write_results

        write_results(args.json, "design", load_before, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
