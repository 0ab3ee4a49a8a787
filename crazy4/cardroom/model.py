"""The card room's exact model: the moments of every seat strategy, for dollar figures.

A seat's net is ``X = A * G_s(P, D) + Q * U_s(P)`` (Ante times the main game's result under
strategy ``s``, plus Queens Up), each a lattice over player hand classes and outcome cells. Means,
variances and covariances through the dealer's hand are exact fractions
(:mod:`crazy4.cardroom.dealerside`); the card removal between player hands is simulated
(:func:`crazy4.cardroom.removal.simulate_card_removal`) with its standard error.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.analyze.record import Analysis, analyze_game
from crazy4.cardroom.dealerside import (
    PLAYER_HANDS_PER_DEALER,
    dealer_classes,
    lattice_types,
    relation_cells,
    relation_counts,
    sums_from_counts,
)
from crazy4.cardroom.defaults import SIMULATION_ROUNDS, SIMULATION_SEED
from crazy4.cardroom.removal import CardRemoval, simulate_card_removal
from crazy4.cardroom.seats import Seat, joint_optimal_decisions
from crazy4.core.bets import BetOutcomes
from crazy4.core.exact import fits_int64, largest_magnitude
from crazy4.errors import InputError
from crazy4.games.crazy_four.cells import (
    CELLS,
    MAIN_GAME,
    SIX_CELLS,
    crazy_four_settlement,
    simple_strategy,
)
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.rules.ruleset import RuleSet, SideBet
from crazy4.spec.wager_nets import settlement_bet, side_table_bet


def cardroom_rules(rules: RuleSet) -> CrazyFourRules:
    """``rules`` as the Crazy 4 Poker rule set a card room extends.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> cardroom_rules(load_rules("four-card-standard"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'four-card-standard' is not a Crazy 4 Poker rule set
    """
    return crazy_four_rules(rules)


class CardroomModel:
    """Exact moments of every seat strategy, for dollar figures at any table
    (``simulation_rounds``: deals simulated for the card-removal term, 0 to leave it out).

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.analyze.record import analyze_game
    >>> from crazy4.registry import load_rules
    >>> model = CardroomModel(analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom")),
    ...                       simulation_rounds=0)
    >>> round(float(-model.mean("optimal:game")), 6)  # house edge per unit of Ante
    0.079327
    """

    def __init__(
        self,
        analysis: Analysis[CrazyFourRules],
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
            "blind": crazy_four_settlement(self.rules).blind_multiple(outcomes.strengths),
        }
        #: Each settled function per unit of its wager, a lattice over classes x cells.
        self.bases: dict[str, BetOutcomes] = {}
        self._same_hand: dict[tuple[str, str], Fraction] = {}
        self._means: dict[str, Fraction] = {}
        #: strategy key of ``optimal`` by Queens Up / Ante (the joint optimum depends on no more)
        self._joint: dict[Fraction, str] = {}
        for name, decision in self.decisions.items():
            self._add_strategy(name, decision)

    @classmethod
    def of_rules(
        cls,
        rules: CrazyFourRules,
        *,
        jobs: int = 1,
        simulation_rounds: int = SIMULATION_ROUNDS,
        seed: int = SIMULATION_SEED,
    ) -> CardroomModel:
        """The model of a rule set, analyzed exactly here (the command reaches the game so)."""
        return cls(
            analyze_game(CRAZY_FOUR_SPEC, rules, jobs=jobs),
            simulation_rounds=simulation_rounds,
            seed=seed,
        )

    def _add_strategy(self, name: str, decision: npt.NDArray[np.int64]) -> None:
        outcomes = self.analysis.outcomes
        settle = crazy_four_settlement(self.rules)
        self.decisions[name] = decision
        self.bases[f"{name}:game"] = settlement_bet(
            settle,
            outcomes,
            decision,
            MAIN_GAME,
            SIX_CELLS,
            name=name,
            description=name,
            unit=settle.wager("super_bonus").unit,  # the Super Bonus table's denominator
        )
        if self.queens_up is not None:
            self.bases[f"{name}:queens_up"] = side_table_bet(
                "Queens Up", self.queens_up, outcomes, decision, CELLS, SIX_CELLS
            )
        for key in (f"{name}:game", f"{name}:queens_up"):
            if key in self.bases:
                self._check_int64(self.bases[key])
        for cached in ("_types", "_counts", "_dealer_numerators", "dealer_moments", "removal"):
            self.__dict__.pop(cached, None)

    def _check_int64(self, basis: BetOutcomes) -> None:
        """Refuse pay tables whose nets could overflow the int64 moments."""
        largest = largest_magnitude(basis.net)
        if not fits_int64(largest * largest * self.deals):
            raise InputError(
                f"rule set {self.rules.name!r}: the card room's tables are computed in 64-bit "
                f"integers, and its payouts are too large for them (a net of {largest} per "
                f"{basis.unit} over {self.deals:,} deals); analyze it without [[cardroom.tables]]"
            )

    # -- strategies ------------------------------------------------------------------------

    def strategy_of(self, seat: Seat) -> str:
        """The strategy key of a seat: ``optimal`` becomes the joint optimum for its bets."""
        if seat.strategy != "optimal" or not seat.queens_up:
            return seat.strategy
        ratio = seat.queens_up / seat.ante
        if ratio in self._joint:  # every Ante size of a table's cost table shares a few ratios
            return self._joint[ratio]
        decision = joint_optimal_decisions(self.analysis, self.queens_up, ratio)
        name = f"optimal-qu-{ratio}"
        if np.array_equal(decision, self.decisions["optimal"]):
            name = "optimal"
        elif name not in self.decisions:
            self._add_strategy(name, decision)
        self._joint[ratio] = name
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
            total = int((basis.combos * basis.net).sum())  # below 2^63: |net| * deals
            self._means[name] = Fraction(total, self.deals * basis.unit)
        return self._means[name]

    def average_wager(self, name: str) -> Fraction:
        """Exact expected amount wagered per unit of the base bet (Ante + Super Bonus + Play)."""
        basis = self.bases[name]
        weights = self.analysis.outcomes.weights
        return Fraction(int(np.dot(weights, basis.wager)), comb(52, 5) * basis.unit)

    def same_hand_moment(self, first: str, second: str) -> Fraction:
        """Exact ``E[φ_a(P, D) φ_b(P, D)]`` for two functions settled on the same hand."""
        if (first, second) not in self._same_hand:
            a, b = self.bases[first], self.bases[second]
            x, y = a.net.ravel(), b.net.ravel()
            span = int(y.max()) - int(y.min()) + 1
            keys = (x - x.min()) * span + (y - y.min())
            found, inverse = np.unique(keys, return_inverse=True)
            combos = np.bincount(inverse, weights=a.combos.ravel().astype(np.float64))
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
        qualifier = self.rules.dealer.qualifier_strength
        result = {
            name: sums_from_counts(self._counts, net, qualifier)
            for name, net in self._types[1].items()
        }
        weights = dealer_classes().weights
        for name, sums in result.items():  # the dealer's view adds up to the player's
            basis = self.bases[name]
            assert int(np.dot(weights, sums)) == int((basis.combos * basis.net).sum())
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
        """Covariance of two seats: exact through the dealer's hand, the simulated removal term."""
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
        given ``D``: (net, count) over ``C(52, 5) * C(47, 5)^2``."""
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
