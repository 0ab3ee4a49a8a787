"""Benchmark: how fast the explorer answers a pay-line change, by game and bet: the first
change of a line and the later ones, apart.

For each rule set the explorer is built as the page builds it (``crazy4.explore.page.Explorer``,
widgets without a browser) and every pay line's slopes are read ahead, as the page does when a
rule set is loaded (``prepare_s``: the time, ``analyses``: how many analyses it took). Then, for
each case (a pay line and the bet it moves), the line is set to several odds in turn, as a
user types them: ``first_ms`` is the time from the line's first change to the instant answer
(the exact house edge of every bet the line moves), ``later_ms`` the median of the later
changes (``later_max_ms`` the slowest), ``analysis_s`` the median time until every figure of
every bet is the game's own analysis (what ``crazy4 design --set`` prints) and the plots are
drawn. A change that got no instant answer counts in ``answered`` as missing.

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

#: rule set -> (pay line, the bet it moves that the case is about, odds typed in turn).
CASES = {
    "crazy4-standard": (
        ("super_bonus.flush", "ante_super_bonus_play", ("1", "2", "5/2", "3/2", "1")),
        ("queens_up[0].flush", "queens-up-50-40-8-4-3-2-1", ("5", "3", "7/2", "6", "5")),
    ),
    "four-card-standard": (
        ("ante_bonus.three_of_a_kind", "ante_play", ("3", "1", "5/2", "4", "3")),
        ("aces_up[0].two_pair", "aces-up-50-40-8-5-4-3-1", ("2", "4", "5/2", "3", "2")),
    ),
    "three-card-standard": (
        ("ante_bonus.straight", "ante_play", ("2", "0", "3/2", "1", "2")),
        ("pair_plus[0].flush", "pair-plus-1-4-6-30-40", ("3", "5", "7/2", "4", "3")),
    ),
}


def ms(seconds: float | None) -> float | None:
    """Seconds as milliseconds to a tenth (``None`` stays ``None``)."""
    return None if seconds is None else round(seconds * 1000, 1)


def run_case(page: Explorer, line: str, bet: str, values: tuple[str, ...]) -> dict[str, object]:
    """Type each value into the line; time the instant answer (``bet`` in it) and the
    analysis; put the line back."""
    load = os.getloadavg()[0]
    answers: list[float | None] = []
    analyses = []
    for value in values:
        page.last_answer = 0.0
        page.preview.value = ""
        start = time.perf_counter()
        page.inputs[line].value = value
        analyses.append(time.perf_counter() - start)
        answered = page.last_answer > 0 and f"<b>{bet}</b>" in page.preview.value
        answers.append(page.last_answer if answered else None)
    base = next(c.value for c in page.session.controls if c.path == line)
    page.inputs[line].value = base
    later = [answer for answer in answers[1:] if answer is not None]
    return {
        "rules": page.session.base.name,
        "line": line,
        "bet": bet,
        "changes": len(values),
        "answered": sum(answer is not None for answer in answers),
        "first_ms": ms(answers[0]),
        "later_ms": ms(statistics.median(later)) if later else None,
        "later_max_ms": ms(max(later)) if later else None,
        "analysis_s": round(statistics.median(analyses), 2),
        "load": round(load, 2),
    }


def run_rules(rules: str) -> list[dict[str, object]]:
    """Build the explorer with every line read ahead, then run each case of ``rules``."""
    start = time.perf_counter()
    page = Explorer(rules, out=Path("/nonexistent"), prepare="now")
    built = time.perf_counter() - start
    done = page.session.prepared[next(iter(page.session.prepared))]
    rows = []
    for line, bet, values in CASES[rules]:
        row = run_case(page, line, bet, values)
        row.update(prepare_s=round(page.prepare_seconds, 1), analyses=done.analyses,
                   lines=len(done.slopes), built_s=round(built, 1))  # fmt: skip
        print(
            f"{rules} {line} ({bet}): answered {row['answered']}/{row['changes']} at once; "
            f"first change {row['first_ms']} ms, later {row['later_ms']} ms (max "
            f"{row['later_max_ms']} ms); every figure and plot after {row['analysis_s']} s; "
            f"{row['lines']} lines read ahead in {row['prepare_s']} s ({row['analyses']} "
            "analyses)",
            flush=True,
        )
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = [row for rules in CASES for row in run_rules(rules)]
    if args.json is not None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench import write_results

        write_results(args.json, "explore", load_before, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
