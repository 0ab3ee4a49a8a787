"""The log rows and the summary of a planted simulation (:mod:`crazy4.advantage.plant`).

The log has one row per seat and round: ``round``, ``seat``, ``player``, ``dealer`` (the whole
hand, highest card first), ``up_card`` (games with a face-up card), ``decision`` (fold, 1x, 2x,
3x), ``ante`` (the Ante's size in money), ``wagered`` and ``net`` (the main bets' total, in
money). Its metadata (the provenance) records what was planted under ``planted`` and the Ante
under ``ante``; ``crazy4 advantage detect`` reads both.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np
import pyarrow as pa

from crazy4.advantage.plant import PlantedChunk, Planting, SeatSums
from crazy4.log.roundlog import DECISION_NAMES, hand_text_array


def chunk_table(
    chunk: PlantedChunk,
    first_round: int,
    face_up: int,
    wagers: np.ndarray,
    unit: int,
    ante: float,
) -> pa.Table:
    """One chunk's log rows (the module docstring), rounds numbered from ``first_round``.

    Examples
    --------
    >>> hands = np.array([[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]])
    >>> chunk = PlantedChunk(hands, np.array([[51, 50, 49, 48, 47]]), np.array([[0, 1]]),
    ...                      np.array([[-2, 4]]), [])
    >>> table = chunk_table(chunk, 7, 0, np.array([2, 3, 4, 5]), 1, 10.0)
    >>> table.column("player").to_pylist(), table.column("net").to_pylist()
    (['3c 2s 2h 2d 2c', '4d 4c 3s 3h 3d'], [-20.0, 40.0])
    """
    rounds, seats, size = chunk.hands.shape
    n = rounds * seats
    player = chunk.hands.reshape(n, size).T
    dealer = np.repeat(np.sort(chunk.dealer, axis=1), seats, axis=0).T
    decisions = chunk.decisions.reshape(n)
    columns: dict[str, pa.Array] = {
        "round": pa.array(np.repeat(np.arange(first_round, first_round + rounds), seats)),
        "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
        "player": hand_text_array(player),
        "dealer": hand_text_array(dealer),
    }
    if face_up:
        up = np.repeat(np.sort(chunk.dealer[:, :face_up], axis=1), seats, axis=0).T
        columns["up_card"] = hand_text_array(up)
    columns["decision"] = pa.DictionaryArray.from_arrays(
        pa.array(decisions.astype(np.int8)), pa.array(list(DECISION_NAMES))
    )
    columns["ante"] = pa.array(np.full(n, float(ante)))
    columns["wagered"] = pa.array(wagers[decisions] / unit * ante)
    columns["net"] = pa.array(chunk.nets.reshape(n) / unit * ante)
    return pa.table(columns)


@dataclass(frozen=True)
class SeatResult:
    """One seat's result: its role, mean net per round (Antes, exact) and its standard error,
    and ``gain``: the exact EV per round its decisions gained over the honest decisions, given
    what it knew in each round (0 for an honest seat; the noise of the cards left out)."""

    seat: int
    role: str
    mean: Fraction
    standard_error: float
    gain: Fraction


def seat_results(planting: Planting, sums: SeatSums) -> list[SeatResult]:
    """Every seat's :class:`SeatResult` from the exact sums.

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
            }
            for r in results
        ],
    }
