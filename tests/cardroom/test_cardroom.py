"""The card room's economics: player's cost, the banker's side, two hands."""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest

from crazy4.analyze.record import Analysis, analyze_game
from crazy4.cardroom.economics import TwoHands, banker, player_cost, rounds_to_be_ahead, two_hands
from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.seats import Seat, find_table, joint_optimal_decisions
from crazy4.core.cards import colex_indices
from crazy4.core.ranking import build_best_four_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.errors import InputError
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules


@pytest.fixture(scope="module")
def analysis() -> Analysis:
    return analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"))


@pytest.fixture(scope="module")
def model(analysis: Analysis) -> CardroomModel:
    return CardroomModel(analysis, simulation_rounds=200_000, seed=5)


@pytest.fixture(scope="module")
def hands(model: CardroomModel) -> TwoHands:
    """The two hands of ``model``, computed once (their exact pair distribution takes seconds)."""
    return two_hands(model)


def test_blind_hand_ev_from_the_per_hand_table(
    analysis: Analysis, model: CardroomModel, hands: TwoHands
) -> None:
    """The blind hand from the per-class EV columns: 3x from a pair of aces, else 1x."""
    table = analysis.tables["player_hands"]
    raising = table["strength"] >= analysis.rules.play.raise_minimum_strength
    numerators = np.where(raising, table["ev_3x_numerator"], table["ev_1x_numerator"])
    total = sum(int(w) * int(n) for w, n in zip(table["weight"], numerators, strict=True))
    expected = Fraction(total, comb(52, 5) * int(table["ev_denominator"].iloc[0]))
    assert model.mean("blind:game") == expected
    assert hands.blind_ev == expected
    assert analysis.exact_ev("blind_second_hand") == expected
    assert -0.2 < float(expected) < -0.1


def test_player_cost_is_edge_plus_collection(analysis: Analysis, model: CardroomModel) -> None:
    edge = -analysis.exact_ev("ante_super_bonus_play")
    queens_edge = -analysis.exact_ev("queens-up-50-30-9-4-3-2-1")
    table = find_table(analysis.rules, "10-100")
    cost = player_cost(model, table, Seat(Fraction(50), Fraction(25)))
    assert cost.game_loss == 50 * edge and cost.queens_up_loss == 25 * queens_edge
    assert cost.expected_loss == 50 * edge + 25 * queens_edge + 1
    average_bet = Fraction(analysis.bet("ante_super_bonus_play")["average_total_bet"])
    assert float(cost.total_action) == pytest.approx(50 * float(average_bet) + 25, rel=1e-12)
    small = player_cost(model, find_table(analysis.rules, "5-20"), Seat(Fraction(5)))
    assert small.collection == Fraction(1, 2) and small.loss_per_ante > cost.loss_per_ante


def test_queens_up_does_not_change_the_optimal_strategy(analysis: Analysis) -> None:
    bet = analysis.rules.side_bets[0]
    assert bet.fold_forfeits
    for ratio in (Fraction(1, 5), Fraction(1), Fraction(4)):
        decision = joint_optimal_decisions(analysis, bet, ratio)
        assert np.array_equal(decision, analysis.prices.decision)


def settle(
    analysis: Analysis, hands: np.ndarray, dealer: np.ndarray, ante: float, queens: float
) -> np.ndarray:
    """Each seat's net result from the rules alone (not from the outcome lattices)."""
    rules = analysis.rules
    strengths = build_best_four_strengths(5)
    classes = build_suit_classes().class_of_hand
    v = strengths[colex_indices(hands)].astype(np.int64)
    d = strengths[colex_indices(dealer)].astype(np.int64)
    decision = analysis.prices.decision[classes[colex_indices(hands)]]
    assert rules.super_bonus is not None
    bonus, bonus_unit = rules.super_bonus.table.by_strength()
    queens_pay, queens_unit = rules.side_bets[0].table.by_strength()
    qualifies = d >= rules.dealer.qualifier_strength
    higher, tie = v > d, v == d
    ante_net = np.where(qualifies & higher, 1, np.where(qualifies & ~tie, -1, 0))
    play_net = np.where(~qualifies | higher, 1, np.where(tie, 0, -1)) * decision
    paid = bonus[v] / bonus_unit
    bonus_net = np.where(paid >= 0, paid, np.where(qualifies & ~higher & ~tie, -1, 0))
    played = ante * (ante_net + play_net + bonus_net)
    result = np.where(decision == 0, -2 * ante, played)
    side = np.where(queens_pay[v] >= 0, queens_pay[v] / queens_unit, -1)
    side = np.where(decision == 0, -1, side)  # the card room's fold forfeits Queens Up
    return result + queens * side


def test_banker_mean_and_sd_against_a_simulation(analysis: Analysis, model: CardroomModel) -> None:
    seats, ante, queens, rounds = 4, 20.0, 5.0, 400_000
    table = find_table(analysis.rules, "5-20")
    figures = banker(
        model, table, [Seat(Fraction(20), Fraction(5))] * seats, bankroll=Fraction(10_000)
    )
    rng = np.random.default_rng(12345)
    totals = np.zeros(rounds)
    for start in range(0, rounds, 100_000):
        n = min(100_000, rounds - start)
        decks = rng.permuted(np.tile(np.arange(52), (n, 1)), axis=1)[:, : 5 * (seats + 1)]
        dealt = np.sort(decks.reshape(n, seats + 1, 5), axis=2)
        for seat in range(seats):
            totals[start : start + n] -= settle(
                analysis, dealt[:, seat + 1], dealt[:, 0], ante, queens
            )
    totals -= 2.0  # the banker's collection
    error = totals.std() / sqrt(rounds)
    assert abs(totals.mean() - float(figures.mean)) < 4 * error
    # the seats' correlation through the dealer's hand is a third of the variance here
    independent = sqrt(seats * float(model.seat_variance(Seat(Fraction(20), Fraction(5)))))
    assert abs(totals.std() / figures.sd - 1) < 0.03
    assert figures.sd > 1.1 * independent
    assert figures.rounds_to_be_ahead == rounds_to_be_ahead(float(figures.mean), figures.sd)
    assert figures.risk_of_ruin is not None and 0 < figures.risk_of_ruin < 1


def test_card_removal_term_is_small_and_measured(model: CardroomModel) -> None:
    seats = [Seat(Fraction(10))] * 6
    exact, removal, error = model.table_variance(seats)
    assert 0 < error < abs(removal) and abs(removal) < 0.01 * float(exact)
    one = model.table_variance(seats[:1])
    assert one[1:] == (0.0, 0.0)  # one seat: nothing shared but the dealer


def test_banker_seats_and_limits(analysis: Analysis, model: CardroomModel) -> None:
    table = find_table(analysis.rules, "5-20")
    with pytest.raises(InputError, match="at least one seat"):
        banker(model, table, [])
    with pytest.raises(InputError, match="8 seats; the rule set 'crazy4-cardroom' seats at most 7"):
        banker(model, table, [Seat(Fraction(5))] * 8)
    with pytest.raises(InputError, match=r"Ante \$21 is outside the limits of table '5-20'"):
        banker(model, table, [Seat(Fraction(21))])
    with pytest.raises(InputError, match=r"Ante \$200 is outside the limits of every table"):
        find_table(analysis.rules, None, Fraction(200))
    with pytest.raises(InputError, match="strategy 'wild'"):
        Seat(Fraction(5), strategy="wild")
    mixed = banker(model, table, [Seat(Fraction(5)), Seat(Fraction(20), strategy="blind")])
    alone = [banker(model, table, [s]) for s in mixed.seats]
    assert mixed.edge == sum(f.edge for f in alone)
    assert mixed.mean == mixed.edge - 2


def test_two_hands_distribution(hands: TwoHands) -> None:
    total = sum(count for _, count in hands.pair_distribution)
    mean = sum((value * count for value, count in hands.pair_distribution), Fraction(0)) / total
    assert mean == hands.pair_ev  # exact, whatever the dependence between the hands
    second = sum(value * value * count for value, count in hands.pair_distribution) / total
    independent_given_dealer = (
        hands.first_variance + hands.blind_variance + 2 * hands.covariance_exact
    )
    assert second - mean * mean == independent_given_dealer
    assert hands.covariance_exact > 1  # the shared dealer hand ties the two hands together
    blind_total = sum(count for _, count in hands.blind_distribution)
    assert blind_total == comb(52, 5) * comb(47, 5)
    # the simulated pair (both hands from one deck) agrees with the approximation
    simulated = dict(hands.pair_simulated)
    n = sum(simulated.values())
    exact_cdf = simulated_cdf = 0.0
    for value, count in hands.pair_distribution:
        exact_cdf += count / total
        simulated_cdf += simulated.get(value, 0) / n
        assert abs(exact_cdf - simulated_cdf) < 5 * sqrt(0.25 / (n / 4)) + 0.002


def test_banker_against_the_simulator(analysis: Analysis, model: CardroomModel) -> None:
    """The banker's exact mean and SD against ``crazy4 simulate`` with six seats."""
    from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts

    seats, ante, rounds = 6, Fraction(20), 600_000
    table = find_table(analysis.rules, "5-20")
    figures = banker(model, table, [Seat(ante)] * seats, bankroll=Fraction(10_000))
    plan = make_plan(analysis.rules, rounds=rounds, seed=314, seats=seats)
    counts = run_simulation(plan, jobs=1)
    game = next(b for b in summarize_counts(plan, counts).bets if b.name == "ante_super_bonus_play")
    # the banker wins what the seats lose, less its own $2 collection
    simulated_mean = -float(game.mean) * seats * float(ante) - 2.0
    error = game.standard_error * seats * float(ante)
    assert abs(simulated_mean - float(figures.mean)) < 4 * error
    # per-round SD of the seats' total, from the simulator's exact sums of squares
    unit = plan.rules.super_bonus.table.denominator()  # type: ignore[union-attr]
    squares = counts.round_squares["ante_super_bonus_play"] / unit**2 / rounds
    round_mean = float(game.mean) * seats
    simulated_sd = sqrt(squares - round_mean**2) * float(ante)
    assert abs(simulated_sd / figures.sd - 1) < 0.02
