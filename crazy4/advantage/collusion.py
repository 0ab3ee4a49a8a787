"""Collusion, exactly per deal: ``k`` seats pool their cards; the average over deals by seeded
Monte Carlo, every sum an exact integer, so a seed gives the same numbers for any ``jobs``,
task size or backend (``docs/collusion.md``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.advantage.colluder import CellColluder
from crazy4.advantage.collusion_engine import spec_colluder
from crazy4.advantage.pooled import team_below
from crazy4.advantage.team import practical_decisions
from crazy4.core.cards import colex_indices
from crazy4.core.deal import DealtHands, deal_hands
from crazy4.core.decisions import best_decisions, optimal_ev
from crazy4.core.exact import exact_dot
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.cluster import dask_map
from crazy4.simulate.engine import MAX_SEATS
from crazy4.simulate.plan import CHUNK_ROUNDS, MAX_ROUNDS, chunk_generator, worker_limit
from crazy4.spec.game import spec_of

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Deals one task values (any value gives the same numbers).
TASK_DEALS = 8192
#: The strategies valued on every deal, and ``practical`` when asked.
STRATEGIES = ("full", "honest")


def colluder_role(rules: RuleSet) -> CellColluder:
    """The collusion role of the rule set's game, seating the simulator's largest table."""
    spec = spec_of(rules)
    return spec_colluder(spec, MAX_SEATS, spec.team_rules, spec.bet_parts)


@dataclass(frozen=True)
class CollusionPlan:
    """What a worker needs (picklable).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_collusion_plan(load_rules("crazy4-standard"), colluders=6, deals=70000,
    ...                            seed=1)
    >>> plan.chunks, plan.unseen, plan.dealer_hands
    (2, 22, 26334)
    """

    rules: RuleSet
    colluders: int
    deals: int
    seed: int
    practical: str | None = None
    bets: bool = False

    @property
    def chunks(self) -> int:
        """Chunks of :data:`CHUNK_ROUNDS` deals."""
        return -(-self.deals // CHUNK_ROUNDS)

    @property
    def unseen(self) -> int:
        """Cards the team does not see."""
        shape = colluder_role(self.rules).shape
        return 52 - shape.player_cards * self.colluders - shape.face_up

    @property
    def hidden(self) -> int:
        """The dealer's cards the team does not see."""
        shape = colluder_role(self.rules).shape
        return shape.dealer_cards - shape.face_up

    @property
    def dealer_hands(self) -> int:
        """Dealer hands per deal: ``C(unseen, hidden)``."""
        return math.comb(self.unseen, self.hidden)

    @property
    def strategies(self) -> tuple[str, ...]:
        """The strategies valued."""
        return STRATEGIES + (("practical",) if self.practical is not None else ())


def make_collusion_plan(
    rules: RuleSet,
    *,
    colluders: int,
    deals: int,
    seed: int,
    practical: str | None = None,
    bets: bool = False,
) -> CollusionPlan:
    """Check the options and build a :class:`CollusionPlan`.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> make_collusion_plan(load_rules("crazy4-standard"), colluders=8, deals=10, seed=1)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --colluders 8: a Crazy 4 Poker table seats at most 7
    """
    role = colluder_role(rules)
    title = spec_of(rules).title
    if colluders > role.max_seats:
        raise InputError(f"--colluders {colluders}: a {title} table seats at most {role.max_seats}")
    if colluders < 1:
        raise InputError(f"--colluders {colluders}: at least 1")
    if role.up_cards > 1:
        raise InputError(f"{title}: collusion with {role.up_cards} dealer cards face up")
    if not 1 <= deals <= MAX_ROUNDS:
        raise InputError(f"--deals {deals:,}: 1 to {MAX_ROUNDS:,}")
    if seed < 0:
        raise InputError("--seed must be a non-negative whole number")
    if practical is not None:
        role.practical_ranks(rules, practical, np.zeros(1, dtype=np.int64), 1)
    return CollusionPlan(rules, colluders, deals, seed, practical, bets)


@dataclass
class CollusionSums:
    """Exact integer sums over deals, per strategy."""

    deals: int
    total: dict[str, int] = field(default_factory=dict)  # Σ per-deal team total
    squares: dict[str, int] = field(default_factory=dict)  # Σ total²
    gain_squares: dict[str, int] = field(default_factory=dict)  # Σ (total - honest total)²
    decisions: dict[str, list[int]] = field(default_factory=dict)  # fold, 1x, 2x, 3x
    bets: dict[str, list[int]] = field(default_factory=dict)  # bet: generic.collusion.BET_MOMENTS

    def add(self, other: CollusionSums) -> None:
        """Add another's sums."""
        self.deals += other.deals
        for name in other.total:
            self.total[name] = self.total.get(name, 0) + other.total[name]
            self.squares[name] = self.squares.get(name, 0) + other.squares[name]
            self.gain_squares[name] = self.gain_squares.get(name, 0) + other.gain_squares[name]
        for mine, theirs in ((self.bets, other.bets), (self.decisions, other.decisions)):
            for name, values in theirs.items():
                summed = mine.setdefault(name, [0] * len(values))
                summed[:] = [a + b for a, b in zip(summed, values, strict=True)]


@dataclass(frozen=True)
class DealtTeam:
    """One slice of a chunk's deals."""

    hands: IntArray  # (deals, k, p), sorted
    up: IntArray | None  # (deals,)
    unseen: IntArray  # (deals, m), sorted


_DEALT: dict[tuple[int, int, int, tuple[int, ...]], DealtHands] = {}


def chunk_deal(seed: int, chunk: int, rounds: int, sizes: tuple[int, ...]) -> DealtHands:
    """The hands of one chunk, from its seed (the last one kept per process)."""
    key = (seed, chunk, rounds, sizes)
    if key not in _DEALT:
        _DEALT.clear()
        _DEALT[key] = deal_hands(chunk_generator(seed, chunk), rounds, sizes)
    return _DEALT[key]


def deal_sizes(plan: CollusionPlan) -> tuple[int, ...]:
    """The cards dealt: each colluder's hand, then the dealer's up card (if any)."""
    shape = colluder_role(plan.rules).shape
    return (shape.player_cards,) * plan.colluders + (1,) * shape.face_up


def deal_team(plan: CollusionPlan, chunk: int, start: int, stop: int) -> DealtTeam:
    """Deals ``start .. stop`` of chunk ``chunk``."""
    rounds = min(CHUNK_ROUNDS, plan.deals - chunk * CHUNK_ROUNDS)
    dealt = chunk_deal(plan.seed, chunk, rounds, deal_sizes(plan))
    return team_of(plan, dealt, start, stop)


def team_of(plan: CollusionPlan, dealt: DealtHands, start: int, stop: int) -> DealtTeam:
    """Deals ``start .. stop`` of dealt hands (:func:`deal_sizes`) as the team sees them."""
    role = colluder_role(plan.rules)
    hands = np.stack(
        [dealt.cards[s][:, start:stop].T for s in range(plan.colluders)], axis=1
    ).astype(np.int64)
    up = dealt.cards[plan.colluders][0, start:stop].astype(np.int64) if role.up_cards else None
    seen = np.zeros((stop - start, 52), dtype=bool)
    rows = np.arange(stop - start)[:, None]
    seen[rows, hands.reshape(stop - start, -1)] = True
    if up is not None:
        seen[np.arange(stop - start), up] = True
    unseen = np.argsort(seen, axis=1, kind="stable")[:, : plan.unseen].astype(np.int64)
    return DealtTeam(hands=hands, up=up, unseen=unseen)


def team_counts(plan: CollusionPlan, team: DealtTeam) -> tuple[IntArray, IntArray]:
    """Every colluder's strength and the dealer hands below each of its thresholds."""
    role = colluder_role(plan.rules)
    deals, k, p = team.hands.shape
    colex = colex_indices(team.hands.reshape(deals * k, p))
    strengths = role.player_table()[colex].astype(np.int64).reshape(deals, k)
    thresholds = role.thresholds(plan.rules, strengths.ravel())
    per_deal = thresholds.reshape(deals, -1)
    below = team_below(role, team.hands, team.up, team.unseen, per_deal)
    return strengths, below.reshape(deals * k, -1)


def team_prices(plan: CollusionPlan, team: DealtTeam) -> tuple[IntArray, IntArray, BoolArray]:
    """Every colluder's strength, EV numerators and allowed decisions given all pooled cards."""
    strengths, below = team_counts(plan, team)
    hands = np.full(below.shape[0], plan.dealer_hands, dtype=np.int64)
    role = colluder_role(plan.rules)
    ev, allowed = role.prices(plan.rules, strengths.ravel(), below, hands)
    return strengths, ev, allowed


def team_decisions(plan: CollusionPlan, team: DealtTeam) -> tuple[
    IntArray, IntArray, IntArray,
    dict[str, IntArray],
]:  # fmt: skip
    """Every colluder's strength, counts, EV numerators and decision under each strategy."""
    role = colluder_role(plan.rules)
    deals, k, p = team.hands.shape
    strengths, below = team_counts(plan, team)
    hands = np.full(deals * k, plan.dealer_hands, dtype=np.int64)
    ev, allowed = role.prices(plan.rules, strengths.ravel(), below, hands)
    chosen: dict[str, IntArray] = {"full": best_decisions(ev, allowed)[0]}
    colex = colex_indices(team.hands.reshape(deals * k, p))
    up = None if team.up is None else np.repeat(team.up, k)
    chosen["honest"] = role.honest_decisions(plan.rules, colex, up).astype(np.int64)
    if plan.practical is not None:
        ranks = role.practical_ranks(plan.rules, plan.practical, team.up, deals)
        chosen["practical"] = practical_decisions(role, plan.rules, team.hands, team.up, ranks)
        chosen["practical"] = chosen["practical"].ravel()
    return strengths, below, ev, chosen


def value_deals(plan: CollusionPlan, chunk: int, start: int, stop: int) -> CollusionSums:
    """Value deals ``start .. stop`` of one chunk under every strategy of the plan."""
    team = deal_team(plan, chunk, start, stop)
    deals, k, _ = team.hands.shape
    strengths, below, ev, chosen = team_decisions(plan, team)
    sums = CollusionSums(deals=deals)
    totals = {
        name: optimal_ev(ev, decision).reshape(deals, k).sum(axis=1)
        for name, decision in chosen.items()
    }
    for name, total in totals.items():
        gain = total - totals["honest"]
        sums.total[name] = int(total.sum())
        sums.squares[name] = exact_dot(total, total)
        sums.gain_squares[name] = exact_dot(gain, gain)
        sums.decisions[name] = np.bincount(chosen[name], minlength=4).astype(int).tolist()
    if plan.bets:
        sums.bets = _bet_sums(plan, strengths, below, chosen)
    return sums


#: The exact sums kept per bet: ``full`` EV ``f``, its gain ``g`` over honest play, wager ``w``.
BET_MOMENTS = ("g", "gg", "w", "ww", "gw", "f", "ff")


def bet_moments(
    full: IntArray, honest: IntArray,
    full_wager: IntArray, honest_wager: IntArray
) -> list[int]:  # fmt: skip
    """The :data:`BET_MOMENTS` of per-deal values (exact integers).

    Examples
    --------
    >>> a = np.array
    >>> bet_moments(a([3, -1]), a([1, -1]), a([2, 2]), a([1, 2]))
    [2, 4, 1, 1, 2, 2, 10]
    """
    gain, wager = full - honest, full_wager - honest_wager
    return [
        int(gain.sum()), exact_dot(gain, gain), int(wager.sum()), exact_dot(wager, wager),
        exact_dot(gain, wager), int(full.sum()), exact_dot(full, full),
    ]  # fmt: skip


def _bet_sums(
    plan: CollusionPlan, strengths: IntArray, below: IntArray,
    chosen: dict[str, IntArray]
) -> dict[str, list[int]]:  # fmt: skip
    """Every bet's :data:`BET_MOMENTS` over the deals."""
    role = colluder_role(plan.rules)
    deals, k = strengths.shape
    hands = np.full(deals * k, plan.dealer_hands, dtype=np.int64)
    settlements, _ = role.bet_settlements(plan.rules)
    prices = role.bet_prices(plan.rules, strengths.ravel(), below, hands)
    sums = {}
    for name, ev in prices.items():
        wagers = settlements[name].wagers * plan.dealer_hands
        full, honest = (
            (
                optimal_ev(ev, chosen[strategy]).reshape(deals, k).sum(axis=1),
                wagers[chosen[strategy]].reshape(deals, k).sum(axis=1),
            )
            for strategy in ("full", "honest")
        )
        sums[name] = bet_moments(full[0], honest[0], full[1], honest[1])
    return sums


def collusion_tasks(plan: CollusionPlan) -> Iterator[tuple[int, int, int]]:
    """(chunk, start, stop) of every task, in order.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_collusion_plan(load_rules("crazy4-standard"), colluders=6, deals=5000,
    ...                            seed=1)
    >>> list(collusion_tasks(plan))
    [(0, 0, 5000)]
    """
    for chunk in range(plan.chunks):
        rounds = min(CHUNK_ROUNDS, plan.deals - chunk * CHUNK_ROUNDS)
        for start in range(0, rounds, TASK_DEALS):
            yield chunk, start, min(start + TASK_DEALS, rounds)


def _run(plan: CollusionPlan, task: tuple[int, int, int]) -> CollusionSums:
    return value_deals(plan, *task)


def run_collusion(
    plan: CollusionPlan,
    *,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> CollusionSums:
    """Value every deal of a plan (the sums do not depend on ``jobs`` or ``backend``).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_collusion_plan(load_rules("crazy4-standard"), colluders=7, deals=50,
    ...                            seed=3)
    >>> sums = run_collusion(plan)
    >>> sums.deals, sum(sums.decisions["full"])
    (50, 350)
    """
    say = progress or (lambda deals: None)
    total = CollusionSums(deals=0)
    workers = worker_limit(jobs, -(-plan.deals // TASK_DEALS))
    results: Iterator[CollusionSums]
    if backend == "dask":
        tasks = lambda threads: collusion_tasks(plan)  # noqa: E731 - the sizes are fixed
        results = dask_map(_run, plan, tasks, scheduler, ordered=False)
    elif workers == 1:
        results = (_run(plan, task) for task in collusion_tasks(plan))
    else:
        from joblib import Parallel, delayed

        calls = (delayed(_run)(plan, task) for task in collusion_tasks(plan))
        results = Parallel(n_jobs=workers, return_as="generator", prefer="threads")(calls)
    for result in results:
        total.add(result)
        say(result.deals)
    return total


@dataclass(frozen=True)
class StrategyEdge:
    """A strategy's house edge (per Ante, per colluder hand) and its gain over honest play."""

    strategy: str
    house_edge: float
    standard_error: float
    gain: float
    gain_standard_error: float
    ev_numerator: int
    ev_denominator: int


def strategy_edges(plan: CollusionPlan, sums: CollusionSums) -> list[StrategyEdge]:
    """Means and standard errors from the exact sums."""
    role = colluder_role(plan.rules)
    scale = plan.colluders * plan.dealer_hands * role.unit(plan.rules)
    n = sums.deals
    rows = []
    honest = sums.total["honest"]
    for name in plan.strategies:
        mean = Fraction(sums.total[name], n)
        var = (Fraction(sums.squares[name]) - n * mean * mean) / max(n - 1, 1)
        gain_mean = Fraction(sums.total[name] - honest, n)
        gain_var = (Fraction(sums.gain_squares[name]) - n * gain_mean * gain_mean) / max(n - 1, 1)
        rows.append(
            StrategyEdge(
                strategy=name,
                house_edge=float(-mean / scale),
                standard_error=math.sqrt(float(var) / n) / scale,
                gain=float(gain_mean / scale),
                gain_standard_error=math.sqrt(max(float(gain_var), 0.0) / n) / scale,
                ev_numerator=sums.total[name],
                ev_denominator=n * scale,
            )
        )
    return rows
