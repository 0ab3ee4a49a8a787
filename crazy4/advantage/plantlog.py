"""The log rows and the summary of a planted simulation: a normal crazy4 log in money, every
bet settled by the rules, its metadata naming what was planted (``planted``) and the Ante.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import pyarrow as pa
import pyarrow.compute as pc

from crazy4.advantage.plant import PlantedChunk, Planting, SeatSums
from crazy4.simulate.engine import simulator_of
from crazy4.simulate.plan import SimulationPlan
from crazy4.simulate.progressive import PROGRESSIVE_COLUMNS


def chunk_table(
    chunk: PlantedChunk, first_round: int, plan: SimulationPlan, ante: float
) -> pa.Table:
    """One chunk's log rows, rounds numbered from ``first_round``; ``plan``: the honest
    simulation of the same table.

    Examples
    --------
    >>> import numpy as np
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> from crazy4.simulate.driver import make_plan
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=1, seed=0, seats=2)
    >>> hands = np.array([[sorted(parse_cards(h)) for h in ("As Ad Ac Ah Kd", "9c 7d 5h 3s 2c")]])
    >>> dealer = np.array([parse_cards("Ks Qd 8c 4c 2s")])
    >>> chunk = PlantedChunk(hands, dealer, np.array([[3, 1]]), np.array([[0, 0]]), [])
    >>> table = chunk_table(chunk, 7, plan, 10.0)
    >>> table.column("round").to_pylist(), table.column("play").to_pylist()
    ([7, 7], [30.0, 10.0])
    >>> table.column("super_bonus_net").to_pylist(), table.column("play_net").to_pylist()
    ([2000.0, -10.0], [30.0, -10.0])
    """
    table = simulator_of(plan.rules).decided_log(
        plan, first_round, chunk.hands, chunk.dealer, chunk.decisions
    )
    for index, field in enumerate(table.schema):
        if pa.types.is_floating(field.type) and field.name not in PROGRESSIVE_COLUMNS:
            table = table.set_column(index, field, pc.multiply(table.column(index), ante))
    return table


@dataclass(frozen=True)
class SeatResult:
    """One seat's result: mean net per round (Antes, exact), and the exact EV per round its
    decisions gained over the honest ones given what it knew."""

    seat: int
    role: str
    mean: Fraction
    standard_error: float
    gain: Fraction
    deviated: int = 0


def seat_results(planting: Planting, sums: SeatSums) -> list[SeatResult]:
    """Every seat's result from the exact sums.

    Examples
    --------
    >>> sums = SeatSums(1, 2, [2, -2], [2, 2], [Fraction(1, 2), Fraction(0)])
    >>> [(r.role, r.mean, r.standard_error, r.gain) for r in seat_results(Planting(2, (1,)),
    ...  sums)]  # doctest: +NORMALIZE_WHITESPACE
    [('hole-carder', Fraction(1, 1), 0.0, Fraction(1, 4)),
     ('honest', Fraction(-1, 1), 0.0, Fraction(0, 1))]
    """
    found = []
    for s in range(planting.seats):
        mean = Fraction(sums.total[s], sums.rounds * sums.unit)
        variance = Fraction(sums.squares[s], sums.rounds * sums.unit**2) - mean * mean
        found.append(
            SeatResult(
                seat=s + 1,
                role=planting.role_of(s + 1),
                mean=mean,
                standard_error=sqrt(float(variance) / sums.rounds),
                gain=sums.gains[s] / sums.rounds,
                deviated=sums.deviated[s] if sums.deviated else 0,
            )
        )
    return found


def role_label(planting: Planting, role: str) -> str:
    """A role as the summary prints it.

    Examples
    --------
    >>> role_label(Planting(3, (1,), 2), "hole-carder")
    'hole-carder (sees 2 hidden cards)'
    """
    if role == "hole-carder":
        card = "card" if planting.hole_cards == 1 else "cards"
        return f"hole-carder (sees {planting.hole_cards} hidden {card})"
    if role == "team":
        rule = "full pooling" if planting.team_rule is None else f"rule {planting.team_rule}"
        seats = ",".join(map(str, planting.team_seats))
        return f"team {seats} ({rule})"
    return "honest"


def summary_text(
    name: str,
    planting: Planting,
    results: list[SeatResult],
    honest_ev: Fraction,
    run: tuple[int, int, float],
) -> str:
    """The lines ``crazy4 simulate`` prints for a planted run (``run``: rounds, seed, Ante)."""
    rounds, seed, ante = run
    lines = [
        f"{name}: {rounds:,} rounds, {planting.seats} seat(s), planted: "
        + (", ".join(_planted_parts(planting)) or "nothing (every seat honest)")
        + f", seed {seed}",
        f"honest play's exact EV: {float(honest_ev):+.6f} Antes a round; 'gained': the exact EV "
        "of each seat's decisions above the honest ones, given what it knew",
    ]
    for r in results:
        lines.append(
            f"  seat {r.seat}: {role_label(planting, r.role):40s} mean {float(r.mean):+.6f} "
            f"± {r.standard_error:.6f} Antes a round; gained {float(r.gain):+.6f} a round, "
            f"{float(r.gain) * ante * rounds:+,.2f} over the session at Ante {ante:g}"
        )
    return "\n".join(lines)


def _planted_parts(planting: Planting) -> list[str]:
    parts = []
    if planting.hole_card_seats:
        seats = ",".join(map(str, planting.hole_card_seats))
        parts.append(f"hole-carder(s) at seat(s) {seats} seeing {planting.hole_cards} card(s)")
    if planting.team_seats:
        parts.append(role_label(planting, "team"))
    return parts


def summary_dict(
    planting: Planting, results: list[SeatResult], honest_ev: Fraction, rounds: int, ante: float
) -> dict[str, object]:
    """The ``--summary`` JSON of a planted run (exact means as fractions too)."""
    return {
        "rounds": rounds,
        "ante": ante,
        "planted": planting.metadata(),
        "honest_ev": str(honest_ev),
        "seats": [
            {
                "seat": r.seat,
                "role": r.role,
                "mean": float(r.mean),
                "mean_exact": str(r.mean),
                "standard_error": r.standard_error,
                "gain_per_round": float(r.gain),
                "gain_per_round_exact": str(r.gain),
                "gain_session_money": float(r.gain) * ante * rounds,
                "rounds_deviated": r.deviated,
            }
            for r in results
        ],
    }
