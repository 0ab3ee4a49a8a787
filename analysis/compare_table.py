"""The table of ``analysis/bench_compare.py``: each workload's runs on both versions summed up
(medians, their ratio, the ratios of the runs paired in time, the spreads, peaks, rates, the
load, whether both computed the same, and a verdict), and printed."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any


def spread(values: Sequence[float]) -> float:
    """(largest - smallest) / median: how far apart the repeats of one version fell.

    >>> spread([10.0, 11.0, 12.0])
    0.18181818181818182
    """
    return (max(values) - min(values)) / statistics.median(values)


def summarize(
    name: str, unit: str, before: list[dict[str, Any]], after: list[dict[str, Any]]
) -> dict[str, Any]:
    """One row of the table from the runs of each version, in the order they ran (the i-th of
    each is a pair): medians, their ratio, the pairs' ratios, the spreads, peaks, rates, the
    load, whether every run computed the same and the verdict.

    >>> runs = lambda *s: [{"seconds": x, "units": 10, "peak_mib": 100.0, "load": 1.0,
    ...                     "check": "c", "cache_grew": False} for x in s]
    >>> row = summarize("w", "rounds/s", runs(10, 11, 12), runs(11, 12, 13))
    >>> row["ratio"], row["pair_ratios"], row["verdict"], row["same"]
    (1.091, [1.083, 1.091, 1.1], 'slower', True)
    >>> summarize("w", "", runs(10, 13, 12), runs(11, 12, 13))["verdict"]
    'same within noise'
    >>> summarize("w", "", runs(10, 10.1, 10), runs(11, 11.1, 11))["verdict"]
    'slower'
    """
    seconds = [[run["seconds"] for run in runs] for runs in (before, after)]
    medians = [statistics.median(values) for values in seconds]
    ratio = medians[1] / medians[0]
    pairs = sorted(b / a for a, b in zip(*seconds, strict=True))
    noise = max(spread(values) for values in seconds)
    # past 5%, and past the repeats' spread or on the same side in every pair run together
    if abs(ratio - 1) <= 0.05:
        verdict = "same within noise"
    elif ratio > 1 and (ratio - 1 > noise or pairs[0] > 1):
        verdict = "slower"
    elif ratio < 1 and (1 - ratio > noise or pairs[-1] < 1):
        verdict = "faster"
    else:
        verdict = "same within noise"
    checks = sorted({run["check"] for run in before + after})
    rates = [
        round(statistics.median(run["units"] / run["seconds"] for run in runs)) if unit else None
        for runs in (before, after)
    ]
    return {
        "workload": name,
        "before_s": round(medians[0], 3),
        "after_s": round(medians[1], 3),
        "ratio": round(ratio, 3),
        "pair_ratios": [round(value, 3) for value in pairs],
        "before_spread": round(spread(seconds[0]), 3),
        "after_spread": round(spread(seconds[1]), 3),
        "verdict": verdict,
        "unit": unit,
        "before_rate": rates[0],
        "after_rate": rates[1],
        "before_peak_mib": round(max(run["peak_mib"] for run in before)),
        "after_peak_mib": round(max(run["peak_mib"] for run in after)),
        "runs": len(before),
        "load": round(statistics.median(run["load"] for run in before + after), 2),
        "same": len(checks) == 1,
        "check": " | ".join(checks),
        "cache_grew": any(run["cache_grew"] for run in before + after),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a fixed-width text table.

    >>> row = {"workload": "w", "before_s": 2.0, "after_s": 1.0, "ratio": 0.5,
    ...        "pair_ratios": [0.5], "before_spread": 0.0, "after_spread": 0.0,
    ...        "verdict": "faster", "unit": "", "before_rate": None, "after_rate": None,
    ...        "before_peak_mib": 10, "after_peak_mib": 9, "runs": 1, "load": 1.5, "same": True,
    ...        "check": "c", "cache_grew": False}
    >>> table([row]).splitlines()[1].split()
    ['w', '2.00', '1.00', '0.50', '0.50-0.50', '0%/0%', '10/9', '1', '1.50', 'yes', 'faster']
    """
    header = (
        f"{'workload':<40}{'before s':>10}{'after s':>9}{'after/before':>14}  {'pairs':<11}"
        f"{'spread b/a':<11}{'peak MiB b/a':<14}{'runs':>4}{'load':>6}  {'same':<6}verdict"
    )
    lines = [header]
    for row in rows:
        pairs = f"{row['pair_ratios'][0]:.2f}-{row['pair_ratios'][-1]:.2f}"
        spreads = f"{row['before_spread']:.0%}/{row['after_spread']:.0%}"
        peaks = f"{row['before_peak_mib']}/{row['after_peak_mib']}"
        same = "yes" if row["same"] else "NO"
        grew = " (cache grew: not warm)" if row["cache_grew"] else ""
        lines.append(
            f"{row['workload']:<40}{row['before_s']:>10.2f}{row['after_s']:>9.2f}"
            f"{row['ratio']:>14.2f}  {pairs:<11}{spreads:<11}{peaks:<14}{row['runs']:>4}"
            f"{row['load']:>6.2f}  {same:<6}{row['verdict']}{grew}"
        )
    return "\n".join(lines)
