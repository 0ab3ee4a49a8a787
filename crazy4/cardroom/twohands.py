"""The card room's two hands: one player's first hand played optimally, the second blind."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.seats import Seat
from crazy4.errors import InputError


@dataclass(frozen=True)
class TwoHands:
    """One player's two hands at one Ante, per unit of Ante (no Queens Up, no collection): the
    pair's EV is exact, its variance exact through the dealer's hand plus the simulated card
    removal; ``pair_distribution`` takes the hands independent given the dealer's hand,
    ``pair_simulated`` deals them from one deck."""

    first_ev: Fraction
    blind_ev: Fraction
    first_variance: Fraction
    blind_variance: Fraction
    covariance_exact: Fraction
    covariance_removal: float
    covariance_removal_error: float
    blind_distribution: list[tuple[Fraction, int]]
    pair_distribution: list[tuple[Fraction, int]]
    pair_simulated: list[tuple[Fraction, int]]

    @property
    def pair_ev(self) -> Fraction:
        """Exact EV of both hands together, per unit of Ante."""
        return self.first_ev + self.blind_ev

    @property
    def pair_variance(self) -> float:
        """Variance of the two hands' total."""
        return (
            float(self.first_variance + self.blind_variance + 2 * self.covariance_exact)
            + 2 * self.covariance_removal
        )

    @property
    def pair_sd(self) -> float:
        """Standard deviation of the two hands' total, per unit of Ante."""
        return math.sqrt(self.pair_variance)


def two_hands(model: CardroomModel) -> TwoHands:
    """The card room's two hands: the first optimal, the second blind, from one deck."""
    if not model.rules.blind_second_hand:
        raise InputError(f"rule set {model.rules.name!r} has no blind second hand")
    first, blind = Seat(Fraction(1)), Seat(Fraction(1), strategy="blind")
    exact, removal, error = model.covariance(first, blind)
    simulated: list[tuple[Fraction, int]] = []
    if model.removal is not None:
        unit = model.removal.pair_unit
        simulated = sorted(
            (Fraction(key, unit), count) for key, count in model.removal.pair_sums.items()
        )
    return TwoHands(
        first_ev=model.seat_mean(first),
        blind_ev=model.seat_mean(blind),
        first_variance=model.seat_variance(first),
        blind_variance=model.seat_variance(blind),
        covariance_exact=exact,
        covariance_removal=removal,
        covariance_removal_error=error,
        blind_distribution=model.bases["blind:game"].distribution(),
        pair_distribution=model.pair_distribution("optimal:game", "blind:game"),
        pair_simulated=simulated,
    )
