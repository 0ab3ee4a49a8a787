"""Face-up dealing: the house edge when every player at the table sees every player's cards
(the collusion engine's full pooling with every player a colluder), run until the standard
error reaches a target, every bet of the game priced on the same deals (estimated face up,
exact, or not priced; ``docs/faceup.md``).

Examples
--------
>>> from crazy4.registry import load_rules
>>> row = face_up_row(load_rules("crazy4-standard"), 7, seed=1, target=0.005, pilot=200)
>>> row.players, row.deals, row.standard_error <= 0.005
(7, 200, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from fractions import Fraction

import pandas as pd

from crazy4.advantage.collusion import (
    colluder_role,
    make_collusion_plan,
    run_collusion,
    strategy_edges,
)
from crazy4.analyze.record import game_analysis
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of

#: The largest standard error asked of each row: 0.02 points of the Ante.
TARGET_STANDARD_ERROR = 0.0002
#: Deals of the first run of each number of players.
PILOT_DEALS = 1000
#: Deals no run goes beyond.
MAX_DEALS = 2_000_000
#: Players at one table.
MAX_PLAYERS = 7


@dataclass(frozen=True)
class FaceUpRow:
    """The main game's house edge (per Ante, per player hand) with ``players`` players seeing
    every player's cards: the exact honest edge minus the ``gain`` over honest play on the same
    deals (``plain_edge``: the plain mean, a check)."""

    players: int
    deals: int
    house_edge: float
    standard_error: float
    gain: float
    gain_standard_error: float
    plain_edge: float
    plain_standard_error: float
    exact_honest_edge: Fraction
    runs: int
    bets: tuple[BetEdge, ...] = ()


def deals_for(deals: int, error: float, target: float) -> int:
    """Deals a run needs to reach ``target`` after ``deals`` gave standard error ``error``.

    Examples
    --------
    >>> deals_for(1000, 0.0004, 0.0002), deals_for(7000, 0.000512, 0.0005)
    (5000, 9000)
    """
    needed = max(deals * (error / target) ** 2 * 1.1, 1.25 * deals)
    return 1000 * math.ceil(needed / 1000)


@dataclass(frozen=True)
class _Run:
    """One run's figures: the main game's, and every priced bet's sums."""

    gain: float
    gain_error: float
    plain: float
    plain_error: float
    exact: Fraction
    sums: dict[str, list[int]]
    scales: dict[str, int]
    unpriced: dict[str, str]


def _measure(
    rules: RuleSet, players: int, deals: int, seed: int, jobs: int, backend: str,
    scheduler: str | None,
) -> _Run:  # fmt: skip
    """One run of full pooling among ``players`` seats, every bet the decision settles."""
    plan = make_collusion_plan(rules, colluders=players, deals=deals, seed=seed, bets=True)
    sums = run_collusion(plan, jobs=jobs, backend=backend, scheduler=scheduler)
    edge = next(edge for edge in strategy_edges(plan, sums) if edge.strategy == "full")
    role = colluder_role(rules)
    settlements, unpriced = role.bet_settlements(rules)
    scales = {
        name: players * plan.dealer_hands * settlement.unit
        for name, settlement in settlements.items()
    }
    return _Run(
        edge.gain, edge.gain_standard_error, edge.house_edge, edge.standard_error,
        role.exact_edge(rules), sums.bets, scales, unpriced,
    )  # fmt: skip


_ANALYSES: dict[str, tuple[pd.DataFrame, str]] = {}


def exact_bets(rules: RuleSet) -> tuple[pd.DataFrame, str]:
    """The exact analysis' ``bets`` table and its main bet (kept per rule set's content hash)."""
    key = rules.content_hash
    if key not in _ANALYSES:
        analysis = game_analysis(spec_of(rules), rules, jobs=1, progress=lambda step: None)
        _ANALYSES[key] = (analysis.tables["bets"], analysis.main_bet)
    return _ANALYSES[key]


def face_up_row(
    rules: RuleSet,
    players: int,
    *,
    seed: int,
    target: float = TARGET_STANDARD_ERROR,
    pilot: int = PILOT_DEALS,
    max_deals: int = MAX_DEALS,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> FaceUpRow:
    """The house edge with ``players`` players dealt face up, to a standard error of ``target``."""
    if not 1 <= players <= MAX_PLAYERS:
        raise InputError(f"--players {players}: 1 to {MAX_PLAYERS}")
    if not target > 0:
        raise InputError(f"--target-se {100 * target:g}: must be above 0 points")
    if not 1 <= pilot <= max_deals:
        raise InputError(f"--pilot-deals {pilot:,}: 1 to --max-deals ({max_deals:,})")
    say = progress or (lambda line: None)
    deals, runs = pilot, 0
    table, main_bet = exact_bets(rules)
    while True:
        runs += 1
        run = _measure(rules, players, deals, seed, jobs, backend, scheduler)
        if players == 1:
            deals = 0  # the gain is exactly 0 on every deal: the edge is exact
        bets = bet_edges(table, main_bet, run.sums, run.scales, deals, run.unpriced)
        error = max(run.gain_error, largest_error(bets))
        say(f"{players} player(s): {deals:,} deals, largest standard error {100 * error:.4f} "
            "points")  # fmt: skip
        if error <= target or deals >= max_deals:
            break
        deals = min(max_deals, deals_for(deals, error, target))
    return FaceUpRow(
        players=players, deals=deals, house_edge=float(run.exact) - run.gain,
        standard_error=run.gain_error, gain=run.gain, gain_standard_error=run.gain_error,
        plain_edge=run.plain, plain_standard_error=run.plain_error,
        exact_honest_edge=run.exact, runs=runs, bets=bets,
    )  # fmt: skip


def face_up_frame(rules: RuleSet, rows: list[FaceUpRow], seed: int) -> pd.DataFrame:
    """The rows as a table (one row per number of players).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> frame = face_up_frame(rules, [face_up_row(rules, 1, seed=1)], seed=1)
    >>> frame[["players", "deals", "standard_error"]].to_dict("records")
    [{'players': 1, 'deals': 0, 'standard_error': 0.0}]
    """
    return pd.DataFrame(
        [
            {
                "rule_set": rules.name,
                "players": row.players,
                "deals": row.deals,
                "seed": seed,
                "house_edge": row.house_edge,
                "standard_error": row.standard_error,
                "gain": row.gain,
                "plain_edge": row.plain_edge,
                "plain_standard_error": row.plain_standard_error,
                "exact_honest_edge": float(row.exact_honest_edge),
                "exact_honest_edge_fraction": str(row.exact_honest_edge),
            }
            for row in rows
        ]
    )


def face_up_bets_frame(rules: RuleSet, rows: list[FaceUpRow], seed: int) -> pd.DataFrame:
    """Every bet of every row as a table.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> frame = face_up_bets_frame(rules, [face_up_row(rules, 1, seed=1)], seed=1)
    >>> frame[["bet", "status", "standard_error"]].to_dict("records")[0]
    {'bet': 'ante_play', 'status': 'exact', 'standard_error': 0.0}
    """
    records = []
    for row in rows:
        for bet in row.bets:
            figures = asdict(bet)
            note, edge = figures.pop("note"), figures.pop("exact_honest_edge")
            head = {
                "rule_set": rules.name,
                "players": row.players,
                "deals": row.deals,
                "seed": seed,
            }
            exact = {"exact_honest_edge": float(edge), "exact_honest_edge_fraction": str(edge)}
            records.append({**head, **figures, **exact, "note": note})
    return pd.DataFrame(records)


#: The statuses of a bet's row.
FACE_UP, EXACT, NOT_PRICED = "face up", "exact", "not priced"


@dataclass(frozen=True)
class BetEdge:
    """One bet's figures with the players' cards face up (per unit of its own wager);
    ``plain_edge`` is the plain mean of the same deals (a check; 0 for rows not estimated).
    """

    bet: str
    status: str
    house_edge: float
    standard_error: float
    element_of_risk: float
    element_of_risk_standard_error: float
    average_total_bet: float
    plain_edge: float
    plain_standard_error: float
    exact_honest_edge: Fraction
    note: str = ""


def _mean_var(total: int, squares: int, deals: int) -> tuple[Fraction, Fraction]:
    """Mean and sample variance of per-deal values from their sum and sum of squares."""
    mean = Fraction(total, deals)
    return mean, (squares - deals * mean * mean) / max(deals - 1, 1)


def estimate(
    bet: str, moments: list[int], deals: int, scale: int, honest_ev: Fraction, honest_bet: float
) -> BetEdge:
    """A priced bet's figures from its :data:`crazy4.advantage.collusion.BET_MOMENTS` over ``deals``
    deals (numerators over ``scale``), against the exact honest EV and average total bet.

    Examples
    --------
    >>> e = estimate("x", [4, 40, 2, 6, 6, 0, 0], 10, 2, Fraction(-1, 20), 2.0)
    >>> round(e.house_edge, 6), round(e.average_total_bet, 6), e.status
    (-0.15, 2.1, 'face up')
    """
    g, gg, w, ww, gw, f, ff = moments
    gain, gain_var = _mean_var(g, gg, deals)
    wager, wager_var = _mean_var(w, ww, deals)
    covariance = (gw - deals * gain * wager) / max(deals - 1, 1)
    plain, plain_var = _mean_var(f, ff, deals)
    edge = float(-honest_ev) - float(gain / scale)
    average = honest_bet + float(wager / scale)
    ratio = edge / average
    spread = float(gain_var) + ratio * ratio * float(wager_var) + 2 * ratio * float(covariance)
    return BetEdge(
        bet=bet, status=FACE_UP, house_edge=edge,
        standard_error=math.sqrt(max(float(gain_var), 0.0) / deals) / scale,
        element_of_risk=ratio,
        element_of_risk_standard_error=math.sqrt(max(spread, 0.0) / deals) / scale / average,
        average_total_bet=average, plain_edge=float(-plain / scale),
        plain_standard_error=math.sqrt(max(float(plain_var), 0.0) / deals) / scale,
        exact_honest_edge=-honest_ev,
    )  # fmt: skip


def bet_edges(
    bets: pd.DataFrame,
    main_bet: str,
    sums: Mapping[str, list[int]],
    scales: Mapping[str, int],
    deals: int,
    unpriced: Mapping[str, str],
) -> tuple[BetEdge, ...]:
    """Every row of the exact analysis' ``bets`` table, the main bet first.

    Raises
    ------
    ValueError
        When the engine priced a bet the analysis does not list (the names must agree).
    """
    names = bets["bet"].tolist()
    unknown = sorted(set(sums) - set(names))
    if unknown:
        raise ValueError(f"bets priced face up but not in the exact analysis: {unknown}")
    rows = []
    for record in bets.to_dict("records"):
        name = str(record["bet"])
        ev = Fraction(int(record["ev_numerator"]), int(record["ev_denominator"]))
        average = float(record["average_total_bet"])
        if name in sums and deals > 0:
            rows.append(estimate(name, sums[name], deals, scales[name], ev, average))
            continue
        if name in unpriced:
            status, note = NOT_PRICED, f"honest play's figure: {unpriced[name]}"
        elif name in sums or name == main_bet:
            status, note = EXACT, "one player sees nothing more than their own cards"
        else:
            status, note = EXACT, "does not depend on any card beyond the player's own hand"
        risk = float(record["element_of_risk"])  # every standard error and plain figure 0
        rows.append(BetEdge(name, status, float(-ev), 0.0, risk, 0.0, average, 0.0, 0.0, -ev, note))
    rows.sort(key=lambda row: row.bet != main_bet)
    return tuple(rows)


def largest_error(rows: tuple[BetEdge, ...]) -> float:
    """The largest standard error (house edge) among the bets estimated face up.

    Examples
    --------
    >>> largest_error(())
    0.0
    """
    return max((row.standard_error for row in rows if row.status == FACE_UP), default=0.0)
