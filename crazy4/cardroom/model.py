"""The card room's economics: the player's true cost, the banker's side, two hands.

In the seed's card room a seated player/dealer (the *banker*) takes the other side of every
seat, and the room takes a collection (:mod:`crazy4.cardroom.collection`) instead of a house edge.
This
module turns the exact per-hand analysis (:mod:`crazy4.games.crazy_four.analysis`) into dollars.

Seats and their results
-----------------------
A seat is a player hand with an Ante ``A``, a Queens Up bet ``Q`` (0: none) and a strategy:
``optimal`` (the exact optimum for that seat's Ante and Queens Up: a fold that forfeits the
Queens Up can change it), ``simple`` (the published strategy) or ``blind`` (the card room's
blind second hand: never folds, 3x from a pair of aces, else 1x). Its net result in a round is
``X = A * G_s(P, D) + Q * U_s(P)``, where ``G_s`` is the Ante + Super Bonus + Play result per
unit of Ante and ``U_s`` the Queens Up result per unit, each a lattice over player hand classes
and dealer-outcome cells (:class:`crazy4.core.bets.BetOutcomes`). The collection is
paid to the
room, not to the banker. The banker's result is ``-Σ X_i`` minus its own collection.

What is exact
-------------
* Every mean (EVs, expected losses, the banker's expected win): exact fractions.
* Each seat's variance, and the covariance between two seats *through the dealer's hand*:
  ``Cov(X_i, X_j) ≈ E_D[h_i(D) h_j(D)] - μ_i μ_j`` with ``h(D) = E[X | D]`` computed exactly
  for each of the 134,459 dealer hand classes by inclusion-exclusion
  (:mod:`crazy4.cardroom.dealerside`). This treats two seats' hands as independent once the dealer's
  hand is known.
* What that leaves out is the card removal *between player hands* (two seats never hold the
  same card): ``R = E_D[Cov(X_i, X_j | D)]``. Counting it exactly needs, for every dealer hand,
  every pair of disjoint player hands (about 10^12 pairs per dealer class), out of reach; it is
  **estimated by simulation** (:func:`simulate_card_removal`, a U-statistic over every ordered
  pair of nine player hands dealt with one dealer hand, seeded), with its standard error. It is
  about -0.016 Ante² per pair of seats, some 1% of the covariance through the dealer's hand.
* The banker's standard deviation is ``sqrt(exact part + simulated R)``; both parts are reported.

Checking against a simulator
----------------------------
A simulation of rounds with the same seats gives the banker's result per round as
``-Σ (seat net) - banker_collection`` (the seats' collection goes to the room). Its sample mean
must agree with :attr:`BankerFigures.mean` within the sampling error, and its sample standard
deviation with :attr:`BankerFigures.sd`; the test suite does this with a small independent
simulation that settles every bet from the rules.

The banker's risk
-----------------
* Rounds to be ahead with 95% probability: the smallest ``n`` with ``n μ - z σ sqrt(n) > 0``,
  ``z = Φ^{-1}(0.95)``, i.e. the **normal approximation** of the sum of ``n`` rounds.
* Risk of ruin with bankroll ``B`` (playing forever): ``exp(-2 μ B / σ²)``, the ruin
  probability of a Brownian motion with the same drift and variance per round (the **diffusion
  approximation**; it ignores the skew of the rare large payouts, so it is optimistic for small
  bankrolls).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from crazy4.cardroom.collection import CardroomTable
from crazy4.cardroom.dealerside import (
    PLAYER_HANDS_PER_DEALER,
    dealer_classes,
    lattice_types,
    relation_cells,
    relation_counts,
)
from crazy4.core.bets import BetOutcomes
from crazy4.core.cards import colex_indices
from crazy4.core.decisions import FOLD, best_decisions
from crazy4.core.money import dollars
from crazy4.core.ranking import build_best_four_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.errors import InputError
from crazy4.games.crazy_four.analysis import Analysis
from crazy4.games.crazy_four.bets import blind_hand_decisions, game_bet, side_bet
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import simple_strategy
from crazy4.rules.ruleset import SideBet

STRATEGIES = ("optimal", "simple", "blind")
#: ``Φ^{-1}(0.95)``: one-sided 95% for the rounds-to-be-ahead figure.
Z_95 = NormalDist().inv_cdf(0.95)
#: Default simulation size for the card-removal term, and its seed.
SIMULATION_ROUNDS = 1_000_000
SIMULATION_SEED = 20_240_601
#: Independent batches of the simulation (their spread gives the standard errors).
SIMULATION_BATCHES = 50
#: Player hands dealt with each dealer hand in the simulation (9 x 5 + 5 = 50 cards).
SIMULATED_HANDS = 9
_DECKS_PER_CHUNK = 50_000


@dataclass(frozen=True)
class Seat:
    """One player hand at the table.

    Attributes
    ----------
    ante : Fraction
        Ante (and Super Bonus) in dollars.
    queens_up : Fraction
        Queens Up bet in dollars (0: none).
    strategy : str
        ``optimal``, ``simple`` or ``blind`` (module docstring).

    Examples
    --------
    >>> Seat(Fraction(20)).describe()
    '$20 Ante, optimal'
    """

    ante: Fraction
    queens_up: Fraction = Fraction(0)
    strategy: str = "optimal"

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise InputError(f"strategy {self.strategy!r}: expected one of {', '.join(STRATEGIES)}")
        if self.ante <= 0:
            raise InputError(f"Ante {dollars(self.ante)}: must be more than $0")
        if self.queens_up < 0:
            raise InputError(f"Queens Up {dollars(self.queens_up)}: must not be negative")

    def describe(self) -> str:
        """``"$20 Ante, $5 Queens Up, optimal"``."""
        queens = f", {dollars(self.queens_up)} Queens Up" if self.queens_up else ""
        return f"{dollars(self.ante)} Ante{queens}, {self.strategy}"


@dataclass(frozen=True)
class Basis:
    """One settled function per unit of its wager: a lattice ``net / unit`` over classes x cells.

    ``wager`` is the total amount put up per class (numerators over ``unit``).
    """

    name: str
    bet: BetOutcomes

    @property
    def net(self) -> npt.NDArray[np.int64]:
        """Net result numerators, shape (n_classes, 6)."""
        return self.bet.net

    @property
    def unit(self) -> int:
        """Denominator of :attr:`net`."""
        return self.bet.unit


def joint_optimal_decisions(
    analysis: Analysis, queens_up: SideBet | None, ratio: Fraction
) -> npt.NDArray[np.int64]:
    """The optimal decision per hand class for a seat betting ``ratio`` Antes on Queens Up.

    Maximises ``EV(Ante + Super Bonus + Play) + ratio * EV(Queens Up)`` over the decisions the
    hand is allowed, in exact integers; ties go to the smallest wager. Without a bet that a fold
    forfeits this is the ordinary optimum.

    Examples
    --------
    >>> from crazy4.games.crazy_four.analysis import analyze
    >>> from crazy4.rules.load import load_rules
    >>> analysis = analyze(load_rules("crazy4-cardroom"))
    >>> bet = analysis.rules.side_bets[0]
    >>> same = joint_optimal_decisions(analysis, bet, Fraction(5)) == analysis.prices.decision
    >>> bool(same.all())
    True
    """
    prices = analysis.prices
    if queens_up is None or ratio == 0 or not queens_up.fold_forfeits:
        return prices.decision
    payouts, unit = queens_up.table.by_strength()
    paid = payouts[analysis.outcomes.strengths]
    played = np.where(paid >= 0, paid, -unit)  # Queens Up net when the hand is played
    # score = (EV of the game + ratio * EV of Queens Up) * denominator * unit * ratio.denominator
    bound = (
        int(np.abs(prices.ev).max()) * unit * ratio.denominator
        + ratio.numerator * int(np.abs(played).max()) * prices.denominator
    )
    if bound >= 2**62:
        raise InputError(f"Queens Up to Ante ratio {ratio} is too fine to price exactly")
    score = np.empty(prices.ev.shape, dtype=np.int64)
    for code in range(prices.ev.shape[1]):
        side = np.full(played.shape, -unit) if code == FOLD else played
        score[:, code] = prices.ev[:, code] * (unit * ratio.denominator) + side * (
            ratio.numerator * prices.denominator
        )
    return best_decisions(score, prices.allowed)[0]


@dataclass(frozen=True)
class CardRemoval:
    """Simulated card-removal covariance between two player hands sharing a dealer hand.

    Attributes
    ----------
    batches : ndarray, shape (n_batches, m, m)
        Per batch, the estimate of ``R[a, b] = E[(φ_a(P_i) - h_a(D)) (φ_b(P_j) - h_b(D))]``
        (``i ≠ j``), per unit of each basis function.
    rounds : int
    seed : int
    hands_per_deal : int
    pair_sums : dict of int to int
        Deals counted by the sum (numerator over ``pair_unit``) of basis ``pair[0]`` on one hand
        and ``pair[1]`` on another, over disjoint pairs of hands of each deal.
    pair_unit : int
    """

    batches: npt.NDArray[np.float64]
    rounds: int
    seed: int
    hands_per_deal: int
    pair_sums: dict[int, int] = field(default_factory=dict)
    pair_unit: int = 1

    @property
    def estimate(self) -> npt.NDArray[np.float64]:
        """The matrix ``R`` (mean of the batches)."""
        result: npt.NDArray[np.float64] = self.batches.mean(axis=0)
        return result

    def combination(self, weights: npt.NDArray[np.float64]) -> tuple[float, float]:
        """``Σ weights[a, b] R[a, b]`` and its standard error (from the batch means)."""
        values = np.einsum("kab,ab->k", self.batches, weights)
        error = float(values.std(ddof=1) / math.sqrt(values.shape[0])) if len(values) > 1 else 0.0
        return float(values.mean()), error


def simulate_card_removal(
    types: npt.NDArray[np.intp],
    type_nets: Sequence[npt.NDArray[np.int64]],
    units: Sequence[int],
    dealer_means: npt.NDArray[np.float64],
    qualifier_strength: int,
    *,
    rounds: int = SIMULATION_ROUNDS,
    seed: int = SIMULATION_SEED,
    batches: int = SIMULATION_BATCHES,
    pair: tuple[int, int] | None = None,
) -> CardRemoval:
    """Estimate the card-removal covariance ``R`` between seats by simulation.

    Each simulated deal shuffles a deck (a seeded :class:`numpy.random.Generator`, one
    :class:`numpy.random.SeedSequence` child per batch, so the result does not depend on how
    the work is split) and deals a dealer hand and :data:`SIMULATED_HANDS` player hands. With
    ``d_a,i = φ_a(P_i, D) - h_a(D)`` (``h`` the exact conditional mean), the deal's estimate of
    ``R[a, b]`` is the U-statistic ``Σ_{i≠j} d_a,i d_b,j / (H (H - 1))``; its expectation is
    exactly ``E[φ_a(P_i, D) φ_b(P_j, D)] - E_D[h_a h_b]``.

    Parameters
    ----------
    types : ndarray, shape (n_classes,)
        Type of every player hand class (:func:`crazy4.cardroom.dealerside.lattice_types`).
    type_nets : sequence of ndarray, each (n_types, 6)
        Each basis function's net numerators per type and cell.
    units : sequence of int
        Their denominators.
    dealer_means : ndarray, shape (n_dealer_classes, m)
        ``h_a(D)`` per dealer hand class, per unit.
    qualifier_strength : int
    rounds, seed, batches : int
    pair : (int, int), optional
        Also count the distribution of ``φ_a`` on one hand plus ``φ_b`` on another.
    """
    if rounds < batches or batches < 2:
        raise InputError(f"simulation: {rounds} rounds is too few (at least {batches})")
    values = np.stack(
        [
            np.asarray(net, dtype=np.float64) / unit
            for net, unit in zip(type_nets, units, strict=True)
        ],
        axis=2,
    )  # (types, cells, m)
    strengths = build_best_four_strengths(5)
    class_of_hand = build_suit_classes().class_of_hand
    hands = SIMULATED_HANDS
    pair_unit = math.lcm(units[pair[0]], units[pair[1]]) if pair else 1
    pair_counts: dict[int, int] = {}
    results = np.zeros((batches, values.shape[2], values.shape[2]))
    per_batch = [rounds // batches + (1 if k < rounds % batches else 0) for k in range(batches)]
    children = np.random.SeedSequence(seed).spawn(batches)
    for batch, (count, child) in enumerate(zip(per_batch, children, strict=True)):
        rng = np.random.default_rng(child)
        total = np.zeros((values.shape[2], values.shape[2]))
        for start in range(0, count, _DECKS_PER_CHUNK):
            n = min(_DECKS_PER_CHUNK, count - start)
            decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (n, 1)), axis=1)
            dealt = decks[:, : 5 * (hands + 1)].reshape(n, hands + 1, 5)
            dealt.sort(axis=2)
            index = colex_indices(dealt.reshape(-1, 5)).reshape(n, hands + 1)
            v = strengths[index].astype(np.int64)
            classes = class_of_hand[index]
            cells = relation_cells(v[:, 0] >= qualifier_strength)  # (n, 3)
            player_v = v[:, 1:]
            relation = np.where(player_v > v[:, [0]], 0, np.where(player_v == v[:, [0]], 1, 2))
            cell = np.take_along_axis(cells, relation, axis=1)
            phi = values[types[classes[:, 1:]], cell]  # (n, hands, m)
            d = phi - dealer_means[classes[:, 0]][:, None, :]
            summed = d.sum(axis=1)
            total += np.einsum("na,nb->ab", summed, summed) - np.einsum("nha,nhb->ab", d, d)
            if pair is not None:
                scale = [pair_unit // units[pair[0]], pair_unit // units[pair[1]]]
                first = type_nets[pair[0]][types[classes[:, 1:-1:2]], cell[:, 0:-1:2]]
                second = type_nets[pair[1]][types[classes[:, 2::2]], cell[:, 1::2]]
                sums = (first * scale[0] + second * scale[1]).ravel()
                found, counted = np.unique(sums, return_counts=True)
                for key, number in zip(found.tolist(), counted.tolist(), strict=True):
                    pair_counts[key] = pair_counts.get(key, 0) + number
        results[batch] = total / (count * hands * (hands - 1))
    symmetric = (results + results.transpose(0, 2, 1)) / 2
    return CardRemoval(symmetric, rounds, seed, hands, pair_counts, pair_unit)


class CardroomModel:
    """Exact moments of every seat strategy, for dollar figures at any table.

    Parameters
    ----------
    analysis : Analysis
        The exact analysis of a rule set (:func:`crazy4.games.crazy_four.analysis.analyze`).
    simulation_rounds : int
        Deals simulated for the card-removal term (0: leave it out and say so).
    seed : int
        Seed of that simulation.

    Examples
    --------
    >>> from crazy4.games.crazy_four.analysis import analyze
    >>> from crazy4.rules.load import load_rules
    >>> model = CardroomModel(analyze(load_rules("crazy4-cardroom")), simulation_rounds=0)
    >>> round(float(-model.mean("optimal:game")), 6)  # house edge per unit of Ante
    0.079631
    """

    def __init__(
        self,
        analysis: Analysis,
        *,
        simulation_rounds: int = SIMULATION_ROUNDS,
        seed: int = SIMULATION_SEED,
    ) -> None:
        self.analysis = analysis
        self.rules: CrazyFourRules = analysis.rules
        self.simulation_rounds = simulation_rounds
        self.seed = seed
        self.queens_up: SideBet | None = self.rules.side_bets[0] if self.rules.side_bets else None
        outcomes = analysis.outcomes
        self.decisions: dict[str, npt.NDArray[np.int64]] = {
            "optimal": analysis.prices.decision,
            "simple": simple_strategy(self.rules, outcomes.strengths),
            "blind": blind_hand_decisions(self.rules, outcomes),
        }
        self.bases: dict[str, Basis] = {}
        self._same_hand: dict[tuple[str, str], Fraction] = {}
        self._means: dict[str, Fraction] = {}
        for name, decision in self.decisions.items():
            self._add_strategy(name, decision)

    def _add_strategy(self, name: str, decision: npt.NDArray[np.int64]) -> None:
        outcomes = self.analysis.outcomes
        self.decisions[name] = decision
        self.bases[f"{name}:game"] = Basis(
            f"{name}:game",
            game_bet(self.rules, outcomes, decision, name=name, description=name),
        )
        if self.queens_up is not None:
            self.bases[f"{name}:queens_up"] = Basis(
                f"{name}:queens_up", side_bet(self.queens_up, outcomes, decision)
            )
        for cached in ("_types", "_counts", "_dealer_numerators", "dealer_moments", "removal"):
            self.__dict__.pop(cached, None)

    # -- strategies ------------------------------------------------------------------------

    def strategy_of(self, seat: Seat) -> str:
        """The strategy key of a seat: ``optimal`` becomes the joint optimum for its bets."""
        if seat.strategy != "optimal" or not seat.queens_up:
            return seat.strategy
        decision = joint_optimal_decisions(
            self.analysis, self.queens_up, seat.queens_up / seat.ante
        )
        if np.array_equal(decision, self.decisions["optimal"]):
            return "optimal"
        name = f"optimal-qu-{seat.queens_up / seat.ante}"
        if name not in self.decisions:
            self._add_strategy(name, decision)
        return name

    def coefficients(self, seat: Seat) -> dict[str, Fraction]:
        """The seat's result as ``Σ coefficient * basis`` (dollars per unit)."""
        key = self.strategy_of(seat)
        result = {f"{key}:game": seat.ante}
        if seat.queens_up:
            if self.queens_up is None:
                raise InputError(f"rule set {self.rules.name!r} has no Queens Up bet")
            result[f"{key}:queens_up"] = seat.queens_up
        return result

    # -- exact moments ---------------------------------------------------------------------

    @property
    def deals(self) -> int:
        """Player/dealer deals, C(52, 5) C(47, 5)."""
        return comb(52, 5) * PLAYER_HANDS_PER_DEALER

    def mean(self, name: str) -> Fraction:
        """Exact EV of a basis function per unit."""
        if name not in self._means:
            basis = self.bases[name]
            total = int((basis.bet.combos * basis.net).sum())  # below 2^63: |net| * deals
            self._means[name] = Fraction(total, self.deals * basis.unit)
        return self._means[name]

    def average_wager(self, name: str) -> Fraction:
        """Exact expected amount wagered per unit of the base bet (Ante + Super Bonus + Play)."""
        basis = self.bases[name]
        weights = self.analysis.outcomes.weights
        return Fraction(int(np.dot(weights, basis.bet.wager)), comb(52, 5) * basis.unit)

    def same_hand_moment(self, first: str, second: str) -> Fraction:
        """Exact ``E[φ_a(P, D) φ_b(P, D)]`` for two functions settled on the same hand."""
        if (first, second) not in self._same_hand:
            a, b = self.bases[first], self.bases[second]
            x, y = a.net.ravel(), b.net.ravel()
            span = int(y.max()) - int(y.min()) + 1
            keys = (x - x.min()) * span + (y - y.min())
            found, inverse = np.unique(keys, return_inverse=True)
            combos = np.bincount(inverse, weights=a.bet.combos.ravel().astype(np.float64))
            assert combos.max() < 2**53  # float sums of integers below 2^53 are exact
            total = sum(
                (int(k) // span + int(x.min())) * (int(k) % span + int(y.min())) * int(c)
                for k, c in zip(
                    found.tolist(), np.rint(combos).astype(np.int64).tolist(), strict=True
                )
            )
            value = Fraction(total, self.deals * a.unit * b.unit)
            self._same_hand[(first, second)] = self._same_hand[(second, first)] = value
        return self._same_hand[(first, second)]

    @cached_property
    def _types(self) -> tuple[npt.NDArray[np.intp], dict[str, npt.NDArray[np.int64]]]:
        names = list(self.bases)
        types, nets = lattice_types([self.bases[name].net for name in names])
        return types, dict(zip(names, nets, strict=True))

    @cached_property
    def _counts(self) -> npt.NDArray[np.int64]:
        types, nets = self._types
        return relation_counts(types, next(iter(nets.values())).shape[0])

    @cached_property
    def _dealer_numerators(self) -> dict[str, npt.NDArray[np.int64]]:
        """``S_a(D)``: numerators of ``h_a(D)`` over ``C(47, 5) * unit``, per dealer class."""
        _, nets = self._types
        counts = self._counts
        qualifies = dealer_classes().strengths >= self.rules.dealer.qualifier_strength
        cells = relation_cells(qualifies)
        result = {}
        for name, net in nets.items():
            values = net.T[cells]  # (dealers, 3, types)
            result[name] = (counts * values).sum(axis=(1, 2))
        weights = dealer_classes().weights
        for name, sums in result.items():  # the dealer's view adds up to the player's
            basis = self.bases[name]
            assert int(np.dot(weights, sums)) == int((basis.bet.combos * basis.net).sum())
        return result

    def dealer_mean(self, name: str) -> npt.NDArray[np.float64]:
        """``h(D) = E[φ | D]`` per dealer hand class, per unit (floats, for display)."""
        numerators = self._dealer_numerators[name]
        return numerators / (PLAYER_HANDS_PER_DEALER * self.bases[name].unit)

    @cached_property
    def dealer_moments(self) -> dict[tuple[str, str], Fraction]:
        """Exact ``E_D[h_a(D) h_b(D)]`` for every pair of basis functions."""
        weights = dealer_classes().weights.astype(object)
        numerators = {name: sums.astype(object) for name, sums in self._dealer_numerators.items()}
        names = list(numerators)
        result: dict[tuple[str, str], Fraction] = {}
        for i, a in enumerate(names):
            weighted = weights * numerators[a]
            for b in names[i:]:
                total = int(np.dot(weighted, numerators[b]))
                value = Fraction(
                    total,
                    comb(52, 5)
                    * PLAYER_HANDS_PER_DEALER**2
                    * self.bases[a].unit
                    * self.bases[b].unit,
                )
                result[(a, b)] = result[(b, a)] = value
        return result

    @cached_property
    def removal(self) -> CardRemoval | None:
        """The simulated card-removal term (None when ``simulation_rounds`` is 0)."""
        if self.simulation_rounds == 0:
            return None
        types, nets = self._types
        names = list(nets)
        means = np.stack([self.dealer_mean(name) for name in names], axis=1)
        pair = None
        if "optimal:game" in names and "blind:game" in names:
            pair = (names.index("optimal:game"), names.index("blind:game"))
        return simulate_card_removal(
            types,
            [nets[name] for name in names],
            [self.bases[name].unit for name in names],
            means,
            self.rules.dealer.qualifier_strength,
            rounds=self.simulation_rounds,
            seed=self.seed,
            pair=pair,
        )

    # -- combinations ----------------------------------------------------------------------

    def seat_mean(self, seat: Seat) -> Fraction:
        """Exact expected net result of a seat per round, in dollars."""
        return sum(
            (c * self.mean(name) for name, c in self.coefficients(seat).items()), Fraction(0)
        )

    def seat_variance(self, seat: Seat) -> Fraction:
        """Exact variance of a seat's result per round (dollars squared)."""
        coefficients = self.coefficients(seat)
        total = Fraction(0)
        for a, ca in coefficients.items():
            for b, cb in coefficients.items():
                total += ca * cb * (self.same_hand_moment(a, b) - self.mean(a) * self.mean(b))
        return total

    def covariance(self, first: Seat, second: Seat) -> tuple[Fraction, float, float]:
        """Covariance of two seats at one table (different player hands, one dealer hand).

        Returns
        -------
        exact : Fraction
            Through the dealer's hand, exactly (hands independent given the dealer's).
        removal, removal_error : float
            The simulated card-removal term and its standard error (0, 0 without simulation).
        """
        ca, cb = self.coefficients(first), self.coefficients(second)
        removal, error = self._removal_term([(ca, cb)])
        return self._exact_covariance(ca, cb), removal, error

    def _removal_term(
        self, pairs: list[tuple[dict[str, Fraction], dict[str, Fraction]]]
    ) -> tuple[float, float]:
        if self.removal is None:
            return 0.0, 0.0
        names = list(self._types[1])
        weights = np.zeros((len(names), len(names)))
        for first, second in pairs:
            for a, x in first.items():
                for b, y in second.items():
                    weights[names.index(a), names.index(b)] += float(x * y)
        return self.removal.combination(weights)

    def table_variance(self, seats: Sequence[Seat]) -> tuple[Fraction, float, float]:
        """Variance of the sum of the seats' results: exact part, simulated part, its error."""
        exact = sum((self.seat_variance(seat) for seat in seats), Fraction(0))
        coefficients = [self.coefficients(seat) for seat in seats]
        pairs = []
        for i in range(len(seats)):
            for j in range(len(seats)):
                if i != j:
                    exact += self._exact_covariance(coefficients[i], coefficients[j])
                    pairs.append((coefficients[i], coefficients[j]))
        removal, error = self._removal_term(pairs)
        return exact, removal, error

    def _exact_covariance(self, ca: dict[str, Fraction], cb: dict[str, Fraction]) -> Fraction:
        total = Fraction(0)
        for a, x in ca.items():
            for b, y in cb.items():
                total += x * y * (self.dealer_moments[(a, b)] - self.mean(a) * self.mean(b))
        return total

    def pair_distribution(
        self, first: str = "optimal:game", second: str = "blind:game"
    ) -> list[tuple[Fraction, int]]:
        """Distribution of ``φ_first(P1, D) + φ_second(P2, D)`` with the hands independent
        given ``D`` (exact in the dealer's hand; card removal between P1 and P2 left out).

        Returns
        -------
        list of (net, count)
            Counts over ``C(52, 5) * C(47, 5)^2`` (dealer hand, then each player hand from the
            47 cards it leaves).
        """
        _, nets = self._types
        counts = self._counts
        dealers = dealer_classes()
        cells = relation_cells(dealers.strengths >= self.rules.dealer.qualifier_strength)
        distributions = []
        for name in (first, second):
            net = nets[name]
            values, index = np.unique(net, return_inverse=True)
            index = index.reshape(net.shape)
            table = np.zeros((counts.shape[0], values.shape[0]), dtype=np.int64)
            rows = np.arange(counts.shape[0])
            for relation in range(3):
                for kind in range(net.shape[0]):
                    column = index[kind, cells[:, relation]]
                    table[rows, column] += counts[:, relation, kind]
            distributions.append((values, table))
        (values_a, table_a), (values_b, table_b) = distributions
        joint = table_a.T @ (dealers.weights[:, None] * table_b)  # < 6.2e18: fits int64
        unit_a, unit_b = self.bases[first].unit, self.bases[second].unit
        result: dict[Fraction, int] = {}
        for i, x in enumerate(values_a.tolist()):
            for j, y in enumerate(values_b.tolist()):
                if joint[i, j]:
                    key = Fraction(x, unit_a) + Fraction(y, unit_b)
                    result[key] = result.get(key, 0) + int(joint[i, j])
        assert sum(result.values()) == comb(52, 5) * PLAYER_HANDS_PER_DEALER**2
        return sorted(result.items())


# -- the player's cost -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerCost:
    """What one hand costs a player per round at a card-room table (dollars, exact).

    ``expected_loss = game_loss + queens_up_loss + collection``; ``total_action`` is the
    expected amount wagered (Ante + Super Bonus + Play + Queens Up).
    """

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

    Raises
    ------
    InputError
        If the table's limits do not allow the seat's bets.

    Examples
    --------
    >>> from crazy4.games.crazy_four.analysis import analyze
    >>> from crazy4.rules.load import load_rules
    >>> analysis = analyze(load_rules("crazy4-cardroom"))
    >>> model = CardroomModel(analysis, simulation_rounds=0)
    >>> table = analysis.rules.cardroom_tables[1]  # $10-100: $1 a hand
    >>> cost = player_cost(model, table, Seat(Fraction(10)))
    >>> round(float(cost.expected_loss), 4), round(float(cost.loss_per_ante), 4)
    (1.7963, 0.1796)
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


# -- the banker ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BankerFigures:
    """The banker's side of one round against a set of seats.

    Attributes
    ----------
    mean : Fraction
        Expected win per round, net of the banker's own collection (exact).
    edge : Fraction
        Expected win from the seats before that collection (exact).
    collection : Fraction
        The banker's collection per round.
    players_collection : Fraction
        What the room takes from the seats per round (not the banker's money; for reference).
    action : Fraction
        The seats' expected total wager per round.
    variance_exact : Fraction
        Variance per round with the seats' hands independent given the dealer's hand (exact).
    variance_removal, variance_removal_error : float
        The simulated card-removal term and its standard error.
    bankroll : Fraction or None
        Bankroll for :attr:`risk_of_ruin`.
    """

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
        """Rounds after which the banker is ahead with 95% probability (normal approximation);
        None when the banker's expected win is not positive."""
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


def check_seats(rules: CrazyFourRules, table: CardroomTable, seats: Sequence[Seat]) -> None:
    """Raise :class:`InputError` on no seats, too many, or bets the table does not allow."""
    if not seats:
        raise InputError("seats: at least one seat is needed")
    if len(seats) > rules.max_seats:
        raise InputError(
            f"seats: {len(seats)} seats; the rule set {rules.name!r} seats at most "
            f"{rules.max_seats} player hands"
        )
    for seat in seats:
        table.check_ante(seat.ante)
        table.check_queens_up(seat.queens_up)
        if seat.strategy == "blind" and not rules.blind_second_hand:
            raise InputError(f"rule set {rules.name!r} has no blind second hand")


def banker(
    model: CardroomModel,
    table: CardroomTable,
    seats: Sequence[Seat],
    bankroll: Fraction | None = None,
) -> BankerFigures:
    """The banker's figures against ``seats`` at ``table``.

    Raises
    ------
    InputError
        No seats, more than the rule set's ``max_seats``, or bets outside the limits.

    Examples
    --------
    >>> from crazy4.games.crazy_four.analysis import analyze
    >>> from crazy4.rules.load import load_rules
    >>> analysis = analyze(load_rules("crazy4-cardroom"))
    >>> model = CardroomModel(analysis, simulation_rounds=0)
    >>> table = analysis.rules.cardroom_tables[1]
    >>> figures = banker(model, table, [Seat(Fraction(10))] * 3)
    >>> round(float(figures.mean), 4)  # 3 x $10 x 7.96% - $2
    0.3889
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


def find_table(
    rules: CrazyFourRules, name: str | None, ante: Fraction | None = None
) -> CardroomTable:
    """The table called ``name``, or the first whose limits allow ``ante``.

    Raises
    ------
    InputError
        No tables in the rule set, no such name, or no table allows the Ante.

    Examples
    --------
    >>> from crazy4.rules.load import load_rules
    >>> rules = load_rules("crazy4-cardroom")
    >>> find_table(rules, None, Fraction(50)).name
    '10-100'
    """
    tables = rules.cardroom_tables
    if not tables:
        raise InputError(f"rule set {rules.name!r} describes no card-room tables")
    if name is not None:
        for table in tables:
            if table.name == name:
                return table
        known = ", ".join(table.name for table in tables)
        raise InputError(f"table {name!r} is not in rule set {rules.name!r} (tables: {known})")
    if ante is None:
        return tables[0]
    for table in tables:
        if table.ante_min <= ante <= table.ante_max:
            return table
    limits = "; ".join(f"{t.name}: {dollars(t.ante_min)} to {dollars(t.ante_max)}" for t in tables)
    raise InputError(f"Ante {dollars(ante)} is outside the limits of every table ({limits})")


# -- two hands -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoHands:
    """One player's two hands at one Ante: the first played optimally, the second blind.

    All figures are per unit of Ante, without Queens Up and without the collection.

    Attributes
    ----------
    first_ev, blind_ev : Fraction
        Exact EVs (the pair's EV is their sum: each hand alone is a uniformly random hand).
    first_variance, blind_variance : Fraction
        Exact variances of each hand alone.
    covariance_exact : Fraction
        Covariance of the two hands through the dealer's hand (exact, hands independent given
        the dealer's hand).
    covariance_removal, covariance_removal_error : float
        The simulated card-removal term between the two hands and its standard error.
    blind_distribution : list of (Fraction, int)
        Exact distribution of the blind hand's net result (counts over C(52,5) C(47,5)).
    pair_distribution : list of (Fraction, int)
        Distribution of the two hands' total, hands independent given the dealer's hand
        (counts over C(52,5) C(47,5)^2).
    pair_simulated : list of (Fraction, int)
        The same distribution simulated with the two hands dealt from one deck (empty without
        simulation).
    """

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
        """Variance of the two hands' total (exact part plus the simulated card-removal term)."""
        return (
            float(self.first_variance + self.blind_variance + 2 * self.covariance_exact)
            + 2 * self.covariance_removal
        )

    @property
    def pair_sd(self) -> float:
        """Standard deviation of the two hands' total, per unit of Ante."""
        return math.sqrt(self.pair_variance)


def two_hands(model: CardroomModel) -> TwoHands:
    """The card room's two hands: the first optimal, the second blind, from one deck.

    Raises
    ------
    InputError
        If the rule set has no blind second hand.
    """
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
        blind_distribution=model.bases["blind:game"].bet.distribution(),
        pair_distribution=model.pair_distribution("optimal:game", "blind:game"),
        pair_simulated=simulated,
    )
