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
    """A hand result's EV of each decision, its optimal decision and its side bets."""
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


def qualifier_rows(result: dict[str, object]) -> list[tuple[str, int]]:
    """The dealer outcome lines of a hand result with a qualifier.

    Examples
    --------
    >>> counts = {"nq_player_higher": 1, "nq_tie": 0, "nq_dealer_higher": 2, "player_wins": 3,
    ...           "tie": 0, "dealer_wins": 4}
    >>> qualifier_rows({"dealer_outcomes": counts, "dealer_does_not_qualify": 3})[0]
    ('does not qualify', 3)
    """
    counts = result["dealer_outcomes"]
    not_qualified = result["dealer_does_not_qualify"]
    assert isinstance(counts, dict) and isinstance(not_qualified, int)
    return [
        ("does not qualify", not_qualified),
        ("  player higher", counts["nq_player_higher"]),
        ("  tie", counts["nq_tie"]),
        ("  dealer higher", counts["nq_dealer_higher"]),
        ("qualifies, player wins", counts["player_wins"]),
        ("qualifies, tie", counts["tie"]),
        ("qualifies, dealer wins", counts["dealer_wins"]),
    ]
