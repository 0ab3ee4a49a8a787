"""The text ``crazy4 hand`` prints for one hand, shared by every game's one-hand view."""

from __future__ import annotations

from collections.abc import Iterable


def count_lines(rows: Iterable[tuple[str, int]], total: int) -> list[str]:
    """One line per (label, count): the count and its share of ``total``.

    Examples
    --------
    >>> count_lines([("tie", 1)], 4)
    ['  tie                              1  25.0000%']
    """
    return [f"  {label:<24}{count:>10,}  {count / total:8.4%}" for label, count in rows]


def decision_lines(result: dict[str, object], heading: str) -> list[str]:
    """A hand result's EV of each decision (under ``heading``), its optimal decision and its
    side bets."""
    lines = [heading]
    evs = result["ev_per_ante"]
    side_bets = result["side_bets"]
    tie = result["exact_tie"]
    assert isinstance(evs, dict) and isinstance(side_bets, dict) and isinstance(tie, list)
    for label, ev in evs.items():
        text = "not allowed" if ev is None else f"{ev['value']:+.6f}  (exact {ev['exact']})"
        lines.append(f"  {label:<5} {text}")
    note = f"  (exact tie: {' = '.join(tie)})" if tie else ""
    lines.append(f"Optimal decision: {result['optimal_decision']}{note}")
    lines.extend(f"{name}: {outcome}" for name, outcome in side_bets.items())
    return lines
