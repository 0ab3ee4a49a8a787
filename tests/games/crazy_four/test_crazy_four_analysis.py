"""Exact prices, strategy and bets: published anchors and an independent settlement check."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from crazy4.analyze.record import Analysis
from crazy4.core.cards import colex_indices, combinations_array, parse_cards
from crazy4.core.ranking import build_best_four_strengths, hand_strength, strength_of_description

TOTAL_DEALS = 3_986_646_103_440  # C(52,5) * C(47,5)


def settle_by_listing(hand: np.ndarray, decision: int, rules_pay: dict[int, Fraction]) -> Fraction:
    """EV of Ante + Super Bonus + Play for one hand, listing every dealer hand.

    Written from the rules text, independently of crazy4.games.crazy_four.cells: the
    dealer qualifies with king high; not qualifying, the Ante pushes and the Play wins;
    qualifying, both win, push or lose on the comparison; the Super Bonus pays its table, else
    pushes unless a qualifying dealer beats the player.
    """
    strengths = build_best_four_strengths(5)
    remaining = np.setdiff1d(np.arange(52), hand)
    dealer = strengths[colex_indices(remaining[combinations_array(47, 5)])].astype(np.int64)
    values, counts = np.unique(dealer, return_counts=True)
    player = int(strengths[colex_indices(np.sort(hand)[None, :])[0]])
    king_high = strength_of_description("K high")
    total = Fraction(0)
    for value, count in zip(values.tolist(), counts.tolist(), strict=True):
        if decision == 0:
            total += -2 * count
            continue
        qualifies = value >= king_high
        comparison = (player > value) - (player < value)
        ante = comparison if qualifies else 0
        play = decision * (comparison if qualifies else 1)
        if player in rules_pay:
            bonus = rules_pay[player]
        else:
            bonus = Fraction(-1 if qualifies and value > player else 0)
        total += (ante + play + bonus) * count
    return total / int(counts.sum())


def test_published_house_edge_and_element_of_risk(standard: Analysis) -> None:
    main = standard.bet("ante_super_bonus_play")
    assert round(100 * float(main["element_of_risk"]), 2) == 1.09  # Wizard of Odds / S. Ko
    assert round(100 * float(main["house_edge"]), 2) == 3.42
    assert int(main["deals"]) == TOTAL_DEALS


def test_exact_values_are_fractions_of_the_deal_count(standard: Analysis) -> None:
    ev = standard.exact_ev("ante_super_bonus_play")
    assert ev == Fraction(-264142729, 7726058340)
    assert (ev * TOTAL_DEALS * 2).denominator == 1  # numerator over deals x pay denominator


def test_prices_match_independent_settlement(standard: Analysis) -> None:
    prices, outcomes = standard.prices, standard.outcomes
    payouts, unit = standard.rules.super_bonus.table.by_strength()  # type: ignore[union-attr]
    pay = {s: Fraction(int(n), unit) for s, n in enumerate(payouts) if n >= 0}
    rng = np.random.default_rng(11)
    picks = list(rng.choice(outcomes.hands.shape[0], size=3, replace=False))
    picks.append(int(np.flatnonzero(outcomes.strengths == outcomes.strengths.max())[0]))
    for index in picks:
        for decision in (0, 1, 3):
            if not prices.allowed[index, decision]:
                continue
            exact = Fraction(int(prices.ev[index, decision]), prices.denominator)
            assert exact == settle_by_listing(outcomes.hands[index], decision, pay)


def test_strategy_matches_the_published_one_away_from_the_border(standard: Analysis) -> None:
    frame = standard.tables["player_hands"]
    pair_of_aces = strength_of_description("pair of aces")
    k_q_8_4 = hand_strength(parse_cards("Kc Qd 8h 4s"))
    pair_of_kings = strength_of_description("pair of Ks")
    raised = frame[frame["strength"] >= pair_of_aces]
    assert (raised["decision"] == "3x").all()
    assert (
        frame[(frame["strength"] > k_q_8_4) & (frame["strength"] < pair_of_aces)]["decision"]
        == "1x"
    ).all()
    assert pair_of_kings < pair_of_aces
    weak = frame[frame["strength"] < hand_strength(parse_cards("Kc Qd 7h 5s"))]
    assert (weak["decision"] == "fold").all()


def test_border_hands_are_found_where_the_fifth_card_matters(standard: Analysis) -> None:
    segments = standard.tables["strategy"]
    mixed = segments[segments["decision"] == "mixed"]
    assert set(mixed["from_hand"]) == {"K-Q-7-6", "K-Q-8-4"}
    border = standard.tables["border_hands"]
    assert set(border["decision"]) == {"fold", "1x"}
    assert int(border["weight"].sum()) == int(mixed["combinations"].sum())
    cost = standard.simple_strategy_cost
    assert cost > 0  # the optimum is strictly better than the published simple strategy


def test_returns_table_sums_to_the_ev(standard: Analysis) -> None:
    returns = standard.tables["returns"]
    assert int(returns["combinations"].sum()) == TOTAL_DEALS
    exact = (
        sum(
            (
                Fraction(net) * int(c)
                for net, c in zip(returns["net"], returns["combinations"], strict=True)
            ),
            Fraction(0),
        )
        / TOTAL_DEALS
    )
    assert exact == standard.exact_ev("ante_super_bonus_play")
    distribution = standard.tables["net_distribution"]
    assert int(distribution["combinations"].sum()) == TOTAL_DEALS
    assert distribution["cumulative_probability"].iloc[-1] == pytest.approx(1.0, abs=1e-12)


def test_hand_frequencies(standard: Analysis) -> None:
    frequencies = standard.tables["hand_frequencies"].set_index("hand")["combinations"]
    assert int(frequencies["four aces"]) == 48
    assert int(frequencies["four of a kind"]) == 576
    assert int(frequencies.sum()) == 2598960


def test_player_hands_table_is_complete_and_consistent(standard: Analysis) -> None:
    frame = standard.tables["player_hands"]
    assert len(frame) == 134459 and int(frame["weight"].sum()) == 2598960
    cells = ["nq_player_higher", "nq_tie", "nq_dealer_higher", "player_wins", "tie", "dealer_wins"]
    assert (frame[cells].sum(axis=1) == 1533939).all()
    numerators = frame[
        ["ev_fold_numerator", "ev_1x_numerator", "ev_2x_numerator", "ev_3x_numerator"]
    ].to_numpy()
    allowed = frame[["ev_fold", "ev_1x", "ev_2x", "ev_3x"]].notna().to_numpy()
    best = np.where(allowed, numerators, np.iinfo(np.int64).min).max(axis=1)
    code = frame["decision"].map({"fold": 0, "1x": 1, "2x": 2, "3x": 3}).to_numpy()
    assert (numerators[np.arange(len(frame)), code] == best).all()


def test_cardroom_rules_change_what_they_should(standard: Analysis, cardroom: Analysis) -> None:
    three_of_a_kind = standard.tables["returns"]
    assert "three of a kind" in set(three_of_a_kind["hand"])
    standard_bonus = standard.bet("super_bonus")["house_edge"]
    cardroom_bonus = cardroom.bet("super_bonus")["house_edge"]
    assert cardroom_bonus > standard_bonus + 0.04  # no 2:1 for three of a kind
    assert set(cardroom.tables["player_hands"]["decision"]) == {"fold", "1x", "3x"}
    assert "blind_second_hand" in set(cardroom.tables["bets"]["bet"])
    # A fold forfeits the card room's Queens Up, the standard one is settled regardless; the
    # edge is the same because no hand that wins Queens Up is ever folded.
    assert (
        cardroom.bet("queens-up-50-30-9-4-3-2-1")["house_edge"]
        == standard.bet("queens-up-50-30-9-4-3-2-1")["house_edge"]
    )
    folded = cardroom.tables["player_hands"].query("decision == 'fold'")
    assert int(folded["strength"].max()) < strength_of_description("pair of queens")
