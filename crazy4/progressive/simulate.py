"""Playing the progressive by Monte Carlo (meter fixed per run) against its exact value.

``seats`` hands of five from one deck a round, every seat making the bet. Chunk ``i`` draws
from the ``i``-th :class:`numpy.random.SeedSequence` child of the seed, so the answer depends
on the seed and the number of rounds only. It estimates ``R(M, seats - 1) - 1`` per dollar.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np

from crazy4.core.deal import deal_hands
from crazy4.progressive.returns import progressive_return
from crazy4.progressive.settle import seat_nets
from crazy4.rules.progressive_bet import ProgressiveBet

#: Rounds dealt per chunk.
CHUNK_ROUNDS = 50_000


@dataclass(frozen=True)
class ProgressiveRun:
    """A simulation's estimate beside the exact value, per dollar wagered.

    Attributes
    ----------
    bets : int
        Seat-rounds played (rounds x seats).
    mean : float
        Average net per dollar wagered.
    standard_error : float
        Of ``mean``, counting each round (all its seats together) as one draw.
    exact : Fraction
        ``R(M, seats - 1) - 1``.
    """

    bets: int
    mean: float
    standard_error: float
    exact: Fraction

    @property
    def z(self) -> float:
        """``(mean - exact) / standard_error``."""
        return (self.mean - float(self.exact)) / self.standard_error


def simulate_progressive(
    bet: ProgressiveBet, meter: Fraction, *, rounds: int, seats: int, seed: int
) -> ProgressiveRun:
    """Deal ``rounds`` rounds of ``seats`` seats and settle every seat's progressive.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> bet = load_rules("crazy4-progressive").progressive
    >>> run = simulate_progressive(bet, Fraction(5000), rounds=2000, seats=3, seed=1)
    >>> run.bets, float(run.exact) < 0
    (6000, True)
    """
    if not 1 <= seats <= 10:
        raise ValueError("1 to 10 seats of five cards fit one deck")
    children = np.random.SeedSequence(seed).spawn((rounds + CHUNK_ROUNDS - 1) // CHUNK_ROUNDS)
    total, squares, denominator = 0, 0, 1
    for number, child in enumerate(children):
        size = min(CHUNK_ROUNDS, rounds - number * CHUNK_ROUNDS)
        dealt = deal_hands(np.random.default_rng(child), size, (5,) * seats)
        nets, denominator = seat_nets(bet, meter, dealt.colex)
        per_round = [int(value) for value in nets.sum(axis=0)]  # exact Python integers
        total += sum(per_round)
        squares += sum(value * value for value in per_round)
    scale = denominator * bet.wager
    mean_round = Fraction(total, rounds)
    variance = Fraction(squares, rounds) - mean_round**2
    error = sqrt(float(variance) / rounds) / float(scale * seats)
    exact = progressive_return(bet).at(meter, seats - 1) - 1
    return ProgressiveRun(rounds * seats, float(mean_round / (scale * seats)), error, exact)
