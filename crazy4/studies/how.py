"""S. How's Four Card Poker collusion (2010) as he ran it: six seats share one number, how many
cards of the dealer's up-card rank the table holds, and play his count-adjusted simple strategy.

The strategy is data: ``data/how_four_card.csv``, one row per (hand, the pair's rank against the
up card's, the table's count), each marked ``How`` (published, quoted in issue 28) or ``simple
strategy`` (completed from the published simple strategy). :func:`how_grid` checks that every
cell has exactly one decision; the code holds no decision of its own.

On the same seeded deals of six seats and the up card, every seat's EV of every decision is
computed exactly given all the table's cards, so a strategy that depends only on what a seat
knows has its exact conditional EV per deal, and the mean over deals estimates its EV without
bias. Five strategies are valued: ``honest`` (the exact optimum without the count), ``simple``,
``how`` (his table), ``count`` (the exact optimum given the count; the expensive one) and
``full`` (every card shared). Each edge is a control-variate estimate: a baseline's exact edge
minus the mean difference on the same deals, with that difference's standard error. Per deal
every strategy's team total is an exact integer numerator (over ``k * C(m, 5) * unit``); the
sums kept are exact integers, so a seed gives the same numbers for any ``jobs``.

Examples
--------
>>> rows = read_how_table()
>>> [(r.hand, r.pair_vs_up, r.count, r.decision) for r in rows if r.hand == "pair of 8s"][-2:]
[('pair of 8s', 'below', '3', '3x'), ('pair of 8s', 'at or above', 'any', '1x')]
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.advantage.collusion import (
    CollusionPlan,
    colluder_role,
    collusion_tasks,
    deal_team,
    make_collusion_plan,
    team_prices,
)
from crazy4.core.cards import RANKS, colex_indices
from crazy4.core.decisions import best_decisions, optimal_ev
from crazy4.core.exact import exact_dot
from crazy4.core.ranking import HandCategory, build_four_card_table
from crazy4.errors import InputError
from crazy4.simulate.plan import worker_limit

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Hand classes of the table: the pairs by rank (0 = 2s .. 12 = aces), then these.
AK_HIGH, OTHER_HIGH, TWO_PAIR_UP = 13, 14, 15
#: Relations of a pair to the up card: index 0 ``below``, 1 ``at or above``.
RELATIONS = ("below", "at or above")
DECISION_CODES = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}
SOURCES = ("How", "simple strategy")


@dataclass(frozen=True)
class HowRow:
    """One row of the table (strings as written)."""

    hand: str
    pair_vs_up: str
    count: str
    decision: str
    source: str


def read_how_table(text: str | None = None) -> list[HowRow]:
    """The rows of ``data/how_four_card.csv`` (or of ``text``, CSV with the same columns).

    Raises
    ------
    InputError
        For a row with an unknown decision or source (naming the row).
    """
    if text is None:
        text = files("crazy4.studies").joinpath("data/how_four_card.csv").read_text("utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    rows = []
    for number, record in enumerate(csv.DictReader(io.StringIO("\n".join(lines))), start=2):
        row = HowRow(**{key: value.strip() for key, value in record.items()})
        if row.decision not in DECISION_CODES or row.source not in SOURCES:
            raise InputError(f"How's table, row {number}: {row.decision!r} / {row.source!r}")
        rows.append(row)
    return rows


def _hand_class(hand: str) -> int:
    """The class index of a ``hand`` cell."""
    if hand.startswith("pair of ") and hand.endswith("s") and hand[8:-1] in RANKS:
        return RANKS.index(hand[8:-1])
    names = {"A-K high": AK_HIGH, "other high card": OTHER_HIGH, "two pair or better": TWO_PAIR_UP}
    if hand not in names:
        raise InputError(f"How's table: unknown hand {hand!r}")
    return names[hand]


def how_grid(rows: list[HowRow]) -> npt.NDArray[np.int64]:
    """Decision codes by (hand class, relation, count), shape ``(16, 2, 4)``.

    Raises
    ------
    InputError
        If a cell has no decision or more than one.

    Examples
    --------
    >>> grid = how_grid(read_how_table())
    >>> grid[RANKS.index("8"), 0].tolist(), grid[AK_HIGH, 1].tolist()
    ([0, 1, 1, 3], [0, 0, 0, 1])
    """
    grid = np.full((16, 2, 4), -1, dtype=np.int64)
    for row in rows:
        kind = _hand_class(row.hand)
        relations = range(2) if row.pair_vs_up == "any" else [RELATIONS.index(row.pair_vs_up)]
        counts = range(4) if row.count == "any" else [int(row.count)]
        for relation in relations:
            for count in counts:
                if grid[kind, relation, count] >= 0:
                    raise InputError(f"How's table: {row.hand}, {row.pair_vs_up}, {row.count} "
                                     "has two decisions")  # fmt: skip
                grid[kind, relation, count] = DECISION_CODES[row.decision]
    impossible = [(RANKS.index("A"), 0)]  # no pair of aces is below the up card
    missing = [c for c in np.argwhere(grid < 0).tolist() if tuple(c[:2]) not in impossible]
    if missing:
        raise InputError(f"How's table: no decision for (class, relation, count) {missing[0]}")
    return grid


@cache
def published_grid() -> npt.NDArray[np.int64]:
    """:func:`how_grid` of the shipped table (read once per process)."""
    return how_grid(read_how_table())


def hand_classes(
    strengths: npt.NDArray[np.int64], up_ranks: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each hand's class in the table and its relation to the up card (0 below, 1 at or above,
    as is every hand without a pair).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> hands = ["8s 8d 2c 4h 5s", "As Kd 9c 7h 2s", "As Qd 9c 7h 2s", "3s 3d 4c 4h Ks"]
    >>> strengths = np.array([hand_strength(parse_cards(h)) for h in hands])
    >>> kinds, relation = hand_classes(strengths, np.array([RANKS.index("9")] * 4))
    >>> kinds.tolist(), relation.tolist()
    ([6, 13, 14, 15], [0, 1, 1, 1])
    """
    raw = build_four_card_table()[1][np.asarray(strengths, dtype=np.int64)]
    category = raw // 13**4
    top = (raw // 13**3) % 13
    second = (raw // 13**2) % 13
    kinds = np.where(category > HandCategory.PAIR, TWO_PAIR_UP, OTHER_HIGH)
    kinds = np.where((category == HandCategory.HIGH_CARD) & (top == 12) & (second == 11),
                     AK_HIGH, kinds)  # fmt: skip
    kinds = np.where(category == HandCategory.PAIR, top, kinds).astype(np.int64)
    below = (category == HandCategory.PAIR) & (top < up_ranks)
    return kinds, np.where(below, 0, 1).astype(np.int64)


def how_decisions(
    grid: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    hands: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """How's decision of every seat of every deal.

    Parameters
    ----------
    grid : ndarray, shape (16, 2, 4)
        :func:`how_grid`.
    strengths : ndarray of int64, shape (deals, k)
        Each seat's best-four strength.
    up : ndarray of int64, shape (deals,)
        The up card.
    hands : ndarray of int64, shape (deals, k, 5)
        The seats' cards (the count is the table's copies of the up card's rank).

    Returns
    -------
    ndarray of int64, shape (deals, k)
    """
    up_rank = up // 4
    count = (hands // 4 == up_rank[:, None, None]).sum(axis=(1, 2))
    kinds, relation = hand_classes(strengths, np.broadcast_to(up_rank[:, None], strengths.shape))
    decided: npt.NDArray[np.int64] = grid[kinds, relation, count[:, None]]
    return decided


def check_rules(rules: RuleSet, grid: npt.NDArray[np.int64]) -> None:
    """Refuse a rule set that is not Four Card Poker or does not allow a decision of the table.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> check_rules(load_rules("crazy4-standard"), how_grid(read_how_table()))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'crazy4-standard' is not a Four Card Poker rule set
    """
    from crazy4.games.four_card.rules import four_card_rules

    chosen = four_card_rules(rules)
    for code in np.unique(grid[grid > 0]).tolist():
        if code not in chosen.play.multiples:
            raise InputError(f"{rules.name}: How's table plays {code}x; the rules do not allow it")


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
    """The edges of every strategy on ``deals`` deals of ``seats`` seats.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> edges = how_edges(load_rules("four-card-standard"), seats=6, deals=200, seed=1, count=False)
    >>> [edge.strategy for edge in edges]
    ['honest', 'simple', 'how', 'full']
    """
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
