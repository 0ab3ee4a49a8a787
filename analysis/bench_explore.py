"""Benchmark: how fast the explorer answers a pay-line change, by game.

For each case (a rule set, a pay line, the bet the sweep follows), the explorer is built as
the page builds it (``crazy4.explore.page.Explorer``, widgets without a browser), its sweep
is set to the line (the line's models read: ``model_s``), then the line is set to each of
several odds in turn, as a user types them: ``answer`` is the time from the change to the
instant answer (the exact house edge of every bet the line moves, from the search's models,
the optimal strategy re-solved where the analysis lists every hand's EVs), ``analysis`` the
time until every figure of every bet is the game's own analysis (what ``crazy4 design --set``
prints) and the plots are drawn.

    .venv/bin/python analysis/bench_explore.py [--json FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from crazy4.explore.page import Explorer

#: (rule set, pay line, bet the sweep follows, odds typed in turn).
CASES = (
    ("crazy4-standard", "super_bonus.flush", "ante_super_bonus_play",
     ("1", "2", "5/2", "3/2", "1")),
    ("four-card-standard", "aces_up[0].two_pair", "aces-up-50-40-8-5-4-3-1",
     ("2", "4", "5/2", "3", "2")),
    ("three-card-standard", "ante_bonus.straight", "ante_play", ("2", "0", "3/2", "1", "2")),
    ("three-card-standard", "pair_plus[0].flush", "pair-plus-1-4-6-30-40",
     ("3", "5", "7/2", "4", "3")),
)  # fmt: skip
#: The first change of each line after "Read every line" (one value a line, none swept).
READ_AHEAD = ("crazy4-standard", "1")


def run_case(case: tuple[str, str, str, tuple[str, ...]]) -> dict[str, object]:
    """Build the explorer, read the line's model, then time each typed value's answers."""
    rules, line, bet, values = case
    load = os.getloadavg()[0]
    page = Explorer(rules, out=Path("/nonexistent"))
    start = time.perf_counter()
    page.sweep_bet.value = bet
    page.sweep_line.value = line
    model = time.perf_counter() - start
    answers, analyses = [], []
    for value in values:
        start = time.perf_counter()
        page.inputs[line].value = value
        analyses.append(time.perf_counter() - start)
        if page.preview.value:
            answers.append(page.last_answer)
    row = {
        "rules": rules,
        "line": line,
        "bet": bet,
        "changes": len(values),
        "answered": len(answers),
        "answer_ms": round(statistics.median(answers) * 1000, 1) if answers else None,
        "answer_max_ms": round(max(answers) * 1000, 1) if answers else None,
        "analysis_s": round(statistics.median(analyses), 2),
        "model_s": round(model, 2),
        "load": round(load, 2),
    }
    print(
        f"{rules} {line}: answered {len(answers)}/{len(values)} at once, median "
        f"{row['answer_ms']} ms (max {row['answer_max_ms']} ms); every figure and plot after "
        f"{row['analysis_s']} s (median); the line's model read in {model:.1f} s",
        flush=True,
    )
    return row


def run_read_ahead(rules: str, value: str) -> dict[str, object]:
    """Read every line's slopes, then change each line once (to ``value``, and back)."""
    load = os.getloadavg()[0]
    page = Explorer(rules, out=Path("/nonexistent"))
    start = time.perf_counter()
    page.read_lines()
    read = time.perf_counter() - start
    lines = [c for c in page.session.controls if c.kind == "line"]
    answers = []
    for control in lines:
        page.inputs[control.path].value = value if control.value != value else "2"
        if page.preview.value:
            answers.append(page.last_answer)
        page.inputs[control.path].value = control.value
    row = {
        "rules": rules,
        "line": f"each of {len(lines)} lines, first change after Read every line",
        "bet": "every bet the line moves",
        "changes": len(lines),
        "answered": len(answers),
        "answer_ms": round(statistics.median(answers) * 1000, 1) if answers else None,
        "answer_max_ms": round(max(answers) * 1000, 1) if answers else None,
        "analysis_s": None,
        "model_s": round(read, 2),
        "load": round(load, 2),
    }
    print(
        f"{rules}: {row['line']}: answered {len(answers)}/{len(lines)} at once, median "
        f"{row['answer_ms']} ms (max {row['answer_max_ms']} ms); read in {read:.1f} s"
    )
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = [run_case(case) for case in CASES]
    rows.append(run_read_ahead(*READ_AHEAD))
    if args.json is not None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench import write_results

        write_results(args.json, "explore", load_before, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
