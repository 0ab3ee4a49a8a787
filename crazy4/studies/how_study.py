"""S. How's study run: his strategy, the exact count-optimal strategy and their baselines on the
same deals, each edge to a target standard error (:mod:`crazy4.studies.how` has the method).

Per deal every strategy's team total is an exact integer numerator (over ``k * C(m, 5) *
unit``); the sums kept are exact integers, so a seed gives the same numbers for any ``jobs``.

Examples
--------
>>> from crazy4.registry import load_rules
>>> edges = how_edges(load_rules("four-card-standard"), seats=6, deals=200, seed=1, count=False)
>>> [edge.strategy for edge in edges]
['honest', 'simple', 'how', 'full']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from crazy4.advantage.collusion import (
    CollusionPlan,
    colluder_role,
    collusion_tasks,
    deal_team,
    make_collusion_plan,
    team_prices,
)
from crazy4.core.cards import colex_indices
from crazy4.core.decisions import best_decisions, optimal_ev
from crazy4.core.exact import exact_dot
from crazy4.simulate.plan import worker_limit
from crazy4.studies.how import check_rules, how_decisions, published_grid

if TYPE_CHECKING:
    import numpy.typing as npt

    from crazy4.rules.ruleset import RuleSet

#: Each strategy's baseline: its edge is the baseline's exact edge minus the mean difference.
BASELINE = {"honest": "honest", "simple": "honest", "how": "simple", "count": "honest",
            "full": "honest"}  # fmt: skip


@dataclass
class HowSums:
    """Exact sums over deals: per strategy the team totals, and the differences from its
    baseline (:data:`BASELINE`) with their squares."""

    deals: int
    total: dict[str, int] = field(default_factory=dict)
    difference: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    decisions: dict[str, list[int]] = field(default_factory=dict)

    def add(self, other: HowSums) -> None:
        """Add another's sums."""
        self.deals += other.deals
        for name in other.total:
            self.total[name] = self.total.get(name, 0) + other.total[name]
            self.difference[name] = self.difference.get(name, 0) + other.difference[name]
            self.squares[name] = self.squares.get(name, 0) + other.squares[name]
            mine = self.decisions.setdefault(name, [0, 0, 0, 0])
            for code, number in enumerate(other.decisions[name]):
                mine[code] += number


def value_how_deals(plan: CollusionPlan, task: tuple[int, int, int]) -> HowSums:
    """Value one task's deals under every strategy of the study (``count`` when the plan has
    the practical rule ``up``)."""
    from crazy4.games.four_card.cells import simple_strategy
    from crazy4.games.four_card.rules import four_card_rules

    role = colluder_role(plan.rules)
    team = deal_team(plan, *task)
    assert team.up is not None
    deals, k, _ = team.hands.shape
    strengths, ev, allowed = team_prices(plan, team)
    chosen: dict[str, npt.NDArray[np.int64]] = {}
    colex = colex_indices(team.hands.reshape(deals * k, 5))
    chosen["honest"] = role.honest_decisions(plan.rules, colex, np.repeat(team.up, k))
    chosen["simple"] = simple_strategy(four_card_rules(plan.rules), strengths.ravel())
    chosen["how"] = how_decisions(published_grid(), strengths, team.up, team.hands)
    chosen["how"] = chosen["how"].ravel()
    if plan.practical is not None:
        from crazy4.advantage.team import practical_decisions

        ranks = role.practical_ranks(plan.rules, plan.practical, team.up, deals)
        chosen["count"] = practical_decisions(role, plan.rules, team.hands, team.up, ranks).ravel()
    chosen["full"] = best_decisions(ev, allowed)[0]
    rows = np.arange(deals * k)
    sums = HowSums(deals=deals)
    totals = {}
    for name, decision in chosen.items():
        decision = decision.astype(np.int64)
        if not allowed[rows, decision].all():
            raise ValueError(f"strategy {name!r} took a decision the rules do not allow")
        totals[name] = optimal_ev(ev, decision).reshape(deals, k).sum(axis=1)
    for name, total in totals.items():
        gap = total - totals[BASELINE[name]]
        sums.total[name] = int(total.sum())
        sums.difference[name] = int(gap.sum())
        sums.squares[name] = exact_dot(gap, gap)
        sums.decisions[name] = np.bincount(chosen[name], minlength=4).astype(int).tolist()
    return sums


def run_how(plan: CollusionPlan, jobs: int = 1) -> HowSums:
    """Every task of the plan on ``jobs`` local threads (the sums do not depend on ``jobs``)."""
    total = HowSums(deals=0)
    tasks = list(collusion_tasks(plan))
    workers = worker_limit(jobs, len(tasks))
    if workers == 1:
        results = [value_how_deals(plan, task) for task in tasks]
    else:
        from joblib import Parallel, delayed

        calls = (delayed(value_how_deals)(plan, task) for task in tasks)
        results = Parallel(n_jobs=workers, prefer="threads")(calls)
    for result in results:
        total.add(result)
    return total


@dataclass(frozen=True)
class HowEdge:
    """A strategy's house edge per Ante per seat hand (control variate) and its error."""

    strategy: str
    house_edge: float
    standard_error: float
    plain_edge: float
    deals: int
    decisions: tuple[int, ...]


def exact_edges(rules: RuleSet) -> dict[str, Fraction]:
    """The exact edges of the honest (optimal) and simple strategies (the exact analysis)."""
    from crazy4.advantage.faceup import exact_bets

    bets, main = exact_bets(rules)
    simple = f"{main}_simple"
    edges = {}
    for name, bet in (("honest", main), ("simple", simple)):
        row = bets.loc[bets["bet"] == bet].iloc[0]
        edges[name] = Fraction(-int(row["ev_numerator"]), int(row["ev_denominator"]))
    return edges


def how_edges(
    rules: RuleSet, *, seats: int, deals: int, seed: int, count: bool, jobs: int = 1
) -> list[HowEdge]:
    """The edges of every strategy on ``deals`` deals of ``seats`` seats."""
    check_rules(rules, published_grid())
    plan = make_collusion_plan(
        rules, colluders=seats, deals=deals, seed=seed, practical="up" if count else None
    )
    sums = run_how(plan, jobs)
    scale = seats * plan.dealer_hands * colluder_role(rules).unit(rules)
    exact = exact_edges(rules)
    edges = []
    for name, difference in sums.difference.items():
        mean = Fraction(difference, deals)
        variance = (Fraction(sums.squares[name]) - deals * mean * mean) / max(deals - 1, 1)
        own = exact[name] if name in exact else exact[BASELINE[name]] - mean / scale
        edges.append(
            HowEdge(
                strategy=name,
                house_edge=float(own),
                standard_error=0.0 if name in exact else math.sqrt(float(variance) / deals) / scale,
                plain_edge=float(-Fraction(sums.total[name], deals) / scale),
                deals=deals,
                decisions=tuple(sums.decisions[name]),
            )
        )
    return edges


def edges_to_target(
    rules: RuleSet, *, seats: int, seed: int, count: bool, target: float, pilot: int,
    max_deals: int, jobs: int = 1, progress: Callable[[str], None] | None = None,
) -> list[HowEdge]:  # fmt: skip
    """:func:`how_edges`, runs extended (:func:`crazy4.advantage.faceup.deals_for`) until the
    standard error of ``count`` (with ``count``) or of ``how`` is at most ``target``."""
    from crazy4.advantage.faceup import deals_for

    watched = "count" if count else "how"
    deals = pilot
    while True:
        edges = how_edges(rules, seats=seats, deals=deals, seed=seed, count=count, jobs=jobs)
        error = next(edge.standard_error for edge in edges if edge.strategy == watched)
        if progress is not None:
            progress(f"{watched}: {deals:,} deals, standard error {100 * error:.4f} points")
        if error <= target or deals >= max_deals:
            return edges
        deals = min(max_deals, deals_for(deals, error, target))


def how_study(
    rules: RuleSet, *, seats: int, seed: int, target: float, pilot: int, count_pilot: int,
    max_deals: int, count: bool = True, jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> list[HowEdge]:  # fmt: skip
    """Every strategy to ``target``: ``honest``, ``simple`` (exact), ``how``, ``full`` (one run),
    ``count`` (a second run of its own, when ``count``: its deals cost a thousand times more).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rows = how_study(load_rules("four-card-standard"), seats=6, seed=1, target=0.01,
    ...                  pilot=300, count_pilot=2, max_deals=300, count=False)
    >>> [(row.strategy, row.deals) for row in rows]
    [('honest', 300), ('simple', 300), ('how', 300), ('full', 300)]
    """
    cheap = edges_to_target(
        rules, seats=seats, seed=seed, count=False, target=target, pilot=pilot,
        max_deals=max_deals, jobs=jobs, progress=progress,
    )  # fmt: skip
    if not count:
        return cheap
    dear = edges_to_target(
        rules, seats=seats, seed=seed, count=True, target=target, pilot=count_pilot,
        max_deals=max_deals, jobs=jobs, progress=progress,
    )  # fmt: skip
    counted = next(edge for edge in dear if edge.strategy == "count")
    return [*cheap[:3], counted, cheap[3]]
