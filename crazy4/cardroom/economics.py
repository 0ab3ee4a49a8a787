"""Dollar figures of one round at a card-room table: the player's true cost, the banker's side
(the normal approximation for rounds to be ahead, the diffusion one for the risk of ruin) and a
player's two hands, the second blind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.seats import Seat, check_seats
from crazy4.errors import InputError
from crazy4.rules.cardroom import CardroomTable

#: ``Φ^{-1}(0.95)``: one-sided 95% for the rounds-to-be-ahead figure.
Z_95 = NormalDist().inv_cdf(0.95)


@dataclass(frozen=True)
class PlayerCost:
    """What one hand costs a player per round at a card-room table (dollars, exact)."""

    table: str
    seat: Seat
    collection: Fraction
    game_loss: Fraction
    queens_up_loss: Fraction
    total_action: Fraction

    @property
    def expected_loss(self) -> Fraction:
        """Expected loss per round, collection included."""
        return self.game_loss + self.queens_up_loss + self.collection

    @property
    def loss_per_ante(self) -> Fraction:
        """Expected loss as a share of the Ante."""
        return self.expected_loss / self.seat.ante

    @property
    def loss_per_action(self) -> Fraction:
        """Expected loss as a share of the expected total wager."""
        return self.expected_loss / self.total_action


def player_cost(model: CardroomModel, table: CardroomTable, seat: Seat) -> PlayerCost:
    """The player's true cost of one hand per round: house edge plus collection.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.analyze.record import analyze_game
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"))
    >>> model = CardroomModel(analysis, simulation_rounds=0)
    >>> table = analysis.rules.cardroom_tables[1]  # $10-100: $1 a hand
    >>> cost = player_cost(model, table, Seat(Fraction(10)))
    >>> round(float(cost.expected_loss), 4), round(float(cost.loss_per_ante), 4)
    (1.7933, 0.1793)
    """
    coefficients = model.coefficients(seat)
    key = model.strategy_of(seat)
    collection = table.collection(
        seat.ante, seat.queens_up, super_bonus=model.rules.super_bonus is not None
    )
    game = f"{key}:game"
    game_loss = -coefficients[game] * model.mean(game)
    queens_loss = Fraction(0)
    if seat.queens_up:
        queens_loss = -seat.queens_up * model.mean(f"{key}:queens_up")
    action = seat.ante * model.average_wager(game) + seat.queens_up
    return PlayerCost(table.name, seat, collection, game_loss, queens_loss, action)


@dataclass(frozen=True)
class BankerFigures:
    """The banker's side of one round against a set of seats: ``mean`` net of its own
    collection, ``edge`` before it; the variance exact through the dealer's hand plus the
    simulated card-removal term."""

    seats: tuple[Seat, ...]
    table: str
    mean: Fraction
    edge: Fraction
    collection: Fraction
    players_collection: Fraction
    action: Fraction
    variance_exact: Fraction
    variance_removal: float
    variance_removal_error: float
    bankroll: Fraction | None = None

    @property
    def sd(self) -> float:
        """Standard deviation per round (exact part plus the simulated card-removal term)."""
        return math.sqrt(float(self.variance_exact) + self.variance_removal)

    @property
    def sd_dealer_conditioned(self) -> float:
        """Standard deviation from the exact part alone."""
        return math.sqrt(float(self.variance_exact))

    @property
    def rounds_to_be_ahead(self) -> int | None:
        """Rounds after which the banker is ahead with 95% probability (None: never)."""
        return rounds_to_be_ahead(float(self.mean), self.sd)

    @property
    def risk_of_ruin(self) -> float | None:
        """Probability of ever losing :attr:`bankroll` (diffusion approximation)."""
        if self.bankroll is None:
            return None
        return risk_of_ruin(float(self.mean), self.sd, float(self.bankroll))

    @property
    def bankroll_for_one_percent(self) -> float | None:
        """Bankroll with a 1% risk of ruin (diffusion approximation); None if ``mean <= 0``."""
        if self.mean <= 0:
            return None
        return self.sd**2 * math.log(100) / (2 * float(self.mean))


def rounds_to_be_ahead(mean: float, sd: float, z: float = Z_95) -> int | None:
    """Smallest ``n`` with ``n * mean - z * sd * sqrt(n) > 0`` (normal approximation).

    Examples
    --------
    >>> rounds_to_be_ahead(1.0, 10.0)  # (1.645 * 10)^2 = 270.6
    271
    >>> rounds_to_be_ahead(-1.0, 10.0) is None
    True
    """
    if mean <= 0:
        return None
    return math.floor((z * sd / mean) ** 2) + 1


def risk_of_ruin(mean: float, sd: float, bankroll: float) -> float:
    """``exp(-2 mean bankroll / sd^2)``: ruin probability of a Brownian motion with drift.

    Examples
    --------
    >>> round(risk_of_ruin(1.0, 10.0, 100.0), 4)
    0.1353
    >>> risk_of_ruin(0.0, 10.0, 100.0)
    1.0
    """
    if mean <= 0:
        return 1.0
    return math.exp(-2 * mean * bankroll / sd**2)


def banker(
    model: CardroomModel,
    table: CardroomTable,
    seats: Sequence[Seat],
    bankroll: Fraction | None = None,
) -> BankerFigures:
    """The banker's figures against ``seats`` at ``table``.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.analyze.record import analyze_game
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"))
    >>> model = CardroomModel(analysis, simulation_rounds=0)
    >>> table = analysis.rules.cardroom_tables[1]
    >>> figures = banker(model, table, [Seat(Fraction(10))] * 3)
    >>> round(float(figures.mean), 4)  # 3 x $10 x 7.93% - $2
    0.3798
    """
    check_seats(model.rules, table, seats)
    edge = -sum((model.seat_mean(seat) for seat in seats), Fraction(0))
    super_bonus = model.rules.super_bonus is not None
    players = sum(
        (table.collection(s.ante, s.queens_up, super_bonus=super_bonus) for s in seats),
        Fraction(0),
    )
    action = sum(
        (s.ante * model.average_wager(f"{model.strategy_of(s)}:game") + s.queens_up for s in seats),
        Fraction(0),
    )
    exact, removal, error = model.table_variance(seats)
    return BankerFigures(
        seats=tuple(seats),
        table=table.name,
        mean=edge - table.banker_collection,
        edge=edge,
        collection=table.banker_collection,
        players_collection=players,
        action=action,
        variance_exact=exact,
        variance_removal=removal,
        variance_removal_error=error,
        bankroll=bankroll,
    )


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
