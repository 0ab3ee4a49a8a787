"""A simulation's summary: every bet's simulated mean beside its exact value.

The seats of a round share the dealer's hand, so per-round sums of squares are kept too and
standard errors treat the round as the unit."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.exact import exact_dot, exact_squares
from crazy4.progressive.moments import progressive_exact
from crazy4.simulate.counts import BLIND_BET, Counts, ExactValue
from crazy4.simulate.plan import CHUNK_ROUNDS, SimulationPlan
from crazy4.simulate.plays import exact_bets, render_tail, summary_counts
from crazy4.simulate.progressive import (
    PROGRESSIVE,
    ProgressiveCounts,
    progressive_meter_metadata,
)

if TYPE_CHECKING:
    from crazy4.simulate.engine import SpecSimulator

SUMMARY_FORMAT = "crazy4-simulation-summary"


@dataclass(frozen=True)
class BetResult:
    """Simulated result of one bet beside its exact value (per unit of its base wager)."""

    name: str
    hands: int
    net: Fraction
    mean: float
    standard_error: float
    hit_frequency: float
    exact_mean: float
    exact_std_dev: float
    exact_hit_frequency: float

    @property
    def z(self) -> float:
        """``(mean - exact mean) / standard error`` (0 when the error is 0)."""
        if self.standard_error == 0:
            return 0.0
        return (self.mean - self.exact_mean) / self.standard_error


def bet_result(
    name: str,
    keyed: npt.NDArray[np.int64],
    nets: npt.NDArray[np.int64],
    unit: int,
    rounds: int,
    per_round: int,
    round_squares: int | None,
    exact: ExactValue,
) -> BetResult:
    """One bet's simulated mean, standard error and hit frequency, from ``keyed`` (hands
    counted by seat key) and ``nets`` (the bet's net per seat key over ``unit``); with more
    than one hand of this kind a round (``per_round``) and ``round_squares`` (the sum over
    rounds of the squared per-round net numerator) the round is the unit of the standard error.

    Examples
    --------
    >>> from collections import namedtuple
    >>> exact = namedtuple("Exact", "mean std_dev hit_frequency")(Fraction(0), 1.0, 0.5)
    >>> result = bet_result("even", np.array([3, 1]), np.array([-2, 2]), 2, 4, 1, None, exact)
    >>> result.net, result.mean, result.standard_error, result.hit_frequency
    (Fraction(-2, 1), -0.5, 0.5, 0.25)
    """
    used = keyed > 0
    total = exact_dot(keyed[used], nets[used])
    squares = exact_dot(keyed[used], exact_squares(nets[used]))
    hits = int(keyed[used & (nets > 0)].sum())
    sums = (int(keyed.sum()), total, squares, round_squares, hits)
    return result_of(name, sums, Fraction(unit), rounds, per_round, exact)


def progressive_result(
    sums: ProgressiveCounts, wager: Fraction, rounds: int, exact: ExactValue
) -> BetResult:
    """The progressive's row: :func:`bet_result`'s statistics from the exact sums of
    :class:`crazy4.simulate.progressive.ProgressiveCounts`, per dollar wagered.

    Examples
    --------
    >>> from collections import namedtuple
    >>> exact = namedtuple("Exact", "mean std_dev hit_frequency")(Fraction(0), 1.0, 0.5)
    >>> sums = ProgressiveCounts(1, hands=4, total=-2, squares=4, round_squares=4, hits=1)
    >>> result = progressive_result(sums, Fraction(2), 4, exact)
    >>> result.net, result.mean, result.hit_frequency
    (Fraction(-1, 1), -0.25, 0.25)
    """
    totals = (sums.hands, sums.total, sums.squares, sums.round_squares, sums.hits)
    seats = sums.hands // max(1, rounds)
    return result_of(PROGRESSIVE, totals, sums.denominator * wager, rounds, seats, exact)


def result_of(
    name: str,
    sums: tuple[int, int, int, int | None, int],
    scale: Fraction,
    rounds: int,
    per_round: int,
    exact: ExactValue,
) -> BetResult:
    """A bet's result from its exact ``(hands, total, squares, round squares, hits)``, the
    nets' numerators over ``scale``."""
    hands, total, squares, round_squares, hits = sums
    mean = total / (hands * scale)
    if per_round > 1 and round_squares is not None and rounds > 1:
        # the round is the unit: sum over rounds of (S_r - k * mean)^2, exactly
        spread = (
            round_squares / scale**2
            - 2 * per_round * mean * total / scale
            + rounds * (per_round * mean) ** 2
        )
        variance = spread * rounds / (rounds - 1) / hands**2
    elif hands > 1:
        variance = (squares / scale**2 - hands * mean * mean) / (hands - 1) / hands
    else:
        variance = Fraction(0)
    return BetResult(
        name=name,
        hands=hands,
        net=total / scale,
        mean=float(mean),
        standard_error=math.sqrt(max(0.0, float(variance))),
        hit_frequency=hits / hands,
        exact_mean=float(exact.mean),
        exact_std_dev=exact.std_dev,
        exact_hit_frequency=exact.hit_frequency,
    )


@dataclass(frozen=True)
class SimulationSummary:
    """What ``crazy4 simulate`` prints, and writes with ``--summary``."""

    plan: SimulationPlan
    counts: Counts
    bets: list[BetResult]
    exact: Mapping[str, ExactValue]
    game: SpecSimulator = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        """The JSON summary (also an input of ``crazy4 validate``; see ``docs/simulator.md``)."""
        plan, counts = self.plan, self.counts
        return {
            "format": SUMMARY_FORMAT,
            "version": 1,
            "rule_set": plan.rules.name,
            "rule_set_sha256": plan.rules.content_hash,
            "game": plan.rules.game,
            "strategy": plan.strategy,
            "seed": plan.seed,
            "rounds": counts.rounds,
            "seats": plan.seats,
            **self.game.summary_options(plan),
            "chunk_rounds": CHUNK_ROUNDS,
            **progressive_meter_metadata(plan.meter),
            **summary_counts(self.game.spec, plan, counts),
            "bets": self._bets_dict(),
        }

    def _bets_dict(self) -> dict[str, object]:
        return {
            bet.name: {
                "hands": bet.hands,
                "wagered": bet.hands,
                "net": float(bet.net),
                "net_exact": str(bet.net),
                "mean": bet.mean,
                "standard_error": bet.standard_error,
                "hit_frequency": bet.hit_frequency,
                "exact_mean": bet.exact_mean,
                "exact_std_dev": bet.exact_std_dev,
                "z": bet.z,
            }
            for bet in self.bets
        }

    def render(self) -> str:
        """Readable text summary."""
        plan, counts = self.plan, self.counts
        lines = [
            f"{plan.rules.name}: {counts.rounds:,} rounds, {plan.seats} seat(s)"
            + (f" ({plan.blind_hands} blind second hand(s))" if plan.blind_hands else "")
            + f", strategy {plan.strategy}, seed {plan.seed}",
            "",
            f"{'bet (per unit of its wager)':<34}{'mean':>11}{'± s.e.':>10}{'exact':>11}"
            f"{'z':>7}{'hits':>9}{'exact':>9}",
        ]
        for bet in self.bets:
            lines.append(
                f"{bet.name:<34}{bet.mean:>+11.5f}{bet.standard_error:>10.5f}"
                f"{bet.exact_mean:>+11.5f}{bet.z:>+7.2f}{bet.hit_frequency:>9.4f}"
                f"{bet.exact_hit_frequency:>9.4f}"
            )
        lines += render_tail(self.game.spec, plan, counts, self.to_dict())
        return "\n".join(lines)


def summarize(plan: SimulationPlan, counts: Counts, game: SpecSimulator) -> SimulationSummary:
    """Every bet's result: the strategy's seats' bets, then the blind second hands' bet."""
    nets = game.bet_nets(plan)
    exact: Mapping[str, ExactValue] = exact_bets(
        game.spec, plan.rules, plan.decision.astype(np.int64)
    )
    kinds = [(name, counts.seats, net, plan.normal_hands) for name, net in nets.seat.items()]
    if plan.blind_hands and nets.blind is not None:
        kinds.append((BLIND_BET, counts.blind, nets.blind, plan.blind_hands))
    squares = counts.round_squares
    bets = [
        bet_result(name, keyed, net, nets.unit, counts.rounds, n, squares.get(name), exact[name])
        for name, keyed, net, n in kinds
        if n
    ]
    if counts.progressive is not None and plan.rules.progressive is not None:
        assert plan.meter is not None
        value = progressive_exact(plan.rules.progressive, plan.meter, plan.seats)
        exact = {**exact, PROGRESSIVE: value}
        wager = plan.rules.progressive.wager
        bets.append(progressive_result(counts.progressive, wager, counts.rounds, value))
    return SimulationSummary(plan=plan, counts=counts, bets=bets, exact=exact, game=game)
