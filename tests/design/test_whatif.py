"""What-if pricing (:mod:`crazy4.design.whatif`) on any game, against independent prices.

Three Card Poker's figures come from the brute-force oracle (``tests/oracle_three_card.py``,
which imports nothing from the package): Pair Plus over all 22,100 hands, and the whole game
over all 22,100 x 18,424 deals with the optimal strategy re-solved for every Ante Bonus line
and switch; Four Card Poker's Aces Up from its own oracle over all 2,598,960 hands. Crazy 4
Poker's what-ifs are checked against full analyses of the changed rule sets and against
hand-derived probabilities.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import oracle_four_card as four_card
import pytest
from oracle_three_card import (
    DEALER_HANDS,
    HANDS,
    STANDARD_BONUS,
    Rules,
    all_dealer_counts,
    all_hands,
    bonus_odds,
    optimal_strategy_edge,
    pair_plus_edge,
)

from crazy4.analyze.record import Analysis, analyze_game
from crazy4.analyze.rule_prices import price_rules
from crazy4.design.basis import changed_rules
from crazy4.design.whatif import line_sensitivity, rule_variants, switch_variants, with_pay_line
from crazy4.errors import InputError
from crazy4.games.crazy_four.rules import CrazyFourRules, SuperBonus, super_bonus_variants
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules
from crazy4.rules.ruleset import RuleSet


@pytest.fixture(scope="module")
def three_card() -> RuleSet:
    return load_rules("three-card-standard")


# --- a second game: Three Card Poker against the oracle ----------------------------------------


def test_pair_plus_line_sensitivity_matches_the_oracle(three_card: RuleSet) -> None:
    """Each value of the flush line of the 1-4-6-30-40 table, and of the second table's pair
    line, priced over all 22,100 hands by the oracle."""
    values = [0, 2, Fraction(7, 2), 5]
    frame = line_sensitivity(three_card, "pair_plus[0]", "flush", values,
                             bets=["pair-plus-1-4-6-30-40"])  # fmt: skip
    table = {"pair": 1, "flush": 4, "straight": 6, "three_of_a_kind": 30, "straight_flush": 40}
    expected = [pair_plus_edge({**table, "flush": Fraction(v)}) for v in values]
    assert frame["house_edge_exact"].tolist() == expected
    assert frame["odds"].tolist() == [0.0, 2.0, 3.5, 5.0]
    frame = line_sensitivity(three_card, "pair_plus.1-3-6-30-40", "pair", [2],
                             bets=["pair-plus-1-3-6-30-40"])  # fmt: skip
    second = {**table, "flush": 3, "pair": 2}
    assert frame["house_edge_exact"].tolist() == [pair_plus_edge(second)]


def test_ante_bonus_line_sensitivity_resolves_the_strategy(three_card: RuleSet) -> None:
    """The main bet (Ante + Play) as the Ante Bonus's straight line changes: the oracle
    re-solves the optimal strategy over every deal for each value."""
    values = [0, 3, 10]
    frame = line_sensitivity(three_card, "ante_bonus", "straight", values)
    assert set(frame["bet"]) == {"ante_play"}
    expected = [
        optimal_strategy_edge(Rules(ante_bonus={**STANDARD_BONUS, "straight": Fraction(v)}))
        for v in values
    ]
    assert frame["house_edge_exact"].tolist() == [edge.house_edge for edge in expected]
    # more on a straight, a lower edge: the sweep runs the right way
    assert expected[0].house_edge > expected[1].house_edge > expected[2].house_edge


def three_x_edge() -> Fraction:
    """The standard game with a Play of 1x or 3x the Ante, from the oracle's counts per hand
    (dealer lower, tie, higher, not qualified) and the rules text: a non-qualifying dealer pays
    the Ante and pushes the Play; a qualifying one settles both, a tie pushes; the Ante Bonus
    is paid on any Play. The best of fold, 1x and 3x for each of the 22,100 hands."""
    hands, counts = all_hands(), all_dealer_counts()
    bonus = bonus_odds(hands.values, STANDARD_BONUS)
    total = Fraction(0)
    for (lower, _tie, higher, not_qualified), paid in zip(counts.tolist(), bonus, strict=True):
        evs = [
            Fraction(multiple_of + 1) * (lower - higher) / DEALER_HANDS
            + Fraction(not_qualified, DEALER_HANDS)
            + paid
            for multiple_of in (1, 3)
        ]
        total += max(Fraction(-1), *evs)
    return -total / HANDS


def test_switch_variants_match_the_oracle(three_card: RuleSet) -> None:
    """The switches Three Card Poker's rule file has (the Play's multiples, ties) priced as the
    oracle prices them; the one its file lacks (what a non-qualifying dealer does to the Play:
    Three Card Poker's file says it under ``[not_qualified]``) is left out."""
    frame = rule_variants(three_card).set_index("variant")
    assert list(frame.index) == [
        "baseline", "Play multiples 1x or 3x only", "Play 1x only", "player wins ties"
    ]  # fmt: skip
    assert frame.loc["Play multiples 1x or 3x only", "house_edge"] == float(three_x_edge())
    base, ties = optimal_strategy_edge(), optimal_strategy_edge(Rules(ties="player"))
    assert frame.loc["baseline", "house_edge"] == float(base.house_edge)
    assert frame.loc["Play 1x only", "house_edge"] == float(base.house_edge)
    assert frame.loc["player wins ties", "house_edge"] == float(ties.house_edge)
    assert frame.loc["player wins ties", "change_in_house_edge"] == float(
        ties.house_edge - base.house_edge
    )
    for name, edge in (("baseline", base), ("player wins ties", ties)):
        assert frame.loc[name, "element_of_risk"] == pytest.approx(
            float(edge.element_of_risk), rel=1e-12
        )
    assert list(switch_variants(three_card)) == list(frame.index[1:])


def test_the_exact_element_of_risk_matches_the_oracle(three_card: RuleSet) -> None:
    """The average total bet and element of risk as exact fractions, standard and with the
    player winning ties, against the oracle's (Ante + Play per hand that plays)."""
    ties = changed_rules(three_card, [("dealer.ties", "player")])
    for rules, oracle in ((three_card, Rules()), (ties, Rules(ties="player"))):
        price, edge = price_rules(rules), optimal_strategy_edge(oracle)
        assert price.house_edge == edge.house_edge
        assert price.exact_risk is not None
        average, risk = price.exact_risk
        assert average == 1 + Fraction(edge.plays, HANDS)
        assert risk == edge.element_of_risk
        assert price.element_of_risk == float(risk)


def test_a_bet_the_rules_lack_is_one_line(three_card: RuleSet) -> None:
    with pytest.raises(InputError, match=r"^queens-up: three-card-standard has no such bet"):
        line_sensitivity(three_card, "pair_plus[0]", "flush", [3], bets=["queens-up"])
    with pytest.raises(InputError, match=r"pair_plus\[0\]\.two_pair: no key or pay line"):
        line_sensitivity(three_card, "pair_plus[0]", "two_pair", [3])


# --- a third game: Four Card Poker's Aces Up against its oracle ----------------------------------


def test_aces_up_line_sensitivity_matches_the_four_card_oracle() -> None:
    """The two-pair line of the first Aces Up table, priced by the Four Card Poker oracle over
    all 2,598,960 player hands."""
    rules = load_rules("four-card-standard")
    bet, name = "aces-up-50-40-8-5-4-3-1", "50-40-8-5-4-3-1"
    frame = line_sensitivity(rules, "aces_up[0]", "two_pair", [2, 4], bets=[bet])
    reading = four_card.read_rules(four_card.rule_file("four-card-standard"))
    expected = []
    for value in (2, 4):
        table = {**reading.aces_up[name], "two_pair": Fraction(value)}
        changed = dataclasses.replace(reading, aces_up={**reading.aces_up, name: table})
        expected.append(four_card.aces_up_edge(changed, name))
    assert frame["house_edge_exact"].tolist() == expected


# --- Crazy 4 Poker: full analyses and hand-derived probabilities -------------------------------


def test_super_bonus_sensitivity_matches_a_full_analysis(standard: Analysis) -> None:
    rules = standard.rules
    frame = line_sensitivity(rules, "super_bonus", "three_of_a_kind", [2, 3])
    assert frame["house_edge"].iloc[0] == standard.bet("ante_super_bonus_play")["house_edge"]
    assert rules.super_bonus is not None
    table = with_pay_line(rules.super_bonus.table, "three_of_a_kind", 3)
    full = analyze_game(CRAZY_FOUR_SPEC, dataclasses.replace(rules, super_bonus=SuperBonus(table)))
    assert frame["house_edge"].iloc[1] == full.bet("ante_super_bonus_play")["house_edge"]


def test_side_bet_sensitivity_is_linear_in_the_odds(standard: Analysis) -> None:
    bet = "queens-up-50-30-9-4-3-2-1"
    frame = line_sensitivity(standard.rules, "queens_up[1]", "two_pair", [1, 2, 3], bets=[bet])
    evs = [-edge for edge in frame["house_edge_exact"]]
    # each extra unit of odds on two pair adds exactly P(two pair) = 123552 / 2598960
    assert evs[1] - evs[0] == evs[2] - evs[1] == Fraction(123552, 2598960)


def crazy_four_variants(rules: CrazyFourRules) -> dict[str, RuleSet]:
    """The switches any rule file has, then Crazy 4 Poker's own Super Bonus variants."""
    return {**switch_variants(rules), **super_bonus_variants(rules)}


def test_rule_variants_against_the_shipped_cardroom(standard: Analysis, cardroom: Analysis) -> None:
    variants = rule_variants(standard.rules, crazy_four_variants(standard.rules))
    variants = variants.set_index("variant")
    no_trips = variants.loc["Super Bonus without three of a kind (as printed by the card room)"]
    # the card room differs from the standard only by its table and 1x/3x play (which costs
    # nothing, 2x is never optimal)
    assert no_trips["house_edge"] == cardroom.bet("ante_super_bonus_play")["house_edge"]
    assert variants.loc["Play multiples 1x or 3x only", "change_in_house_edge"] == 0
    assert variants.loc["Play 1x only", "change_in_house_edge"] > 0.2
    assert load_rules("crazy4-standard").name == standard.rules.name


def test_rule_variants_price_what_a_full_analysis_prices(standard: Analysis) -> None:
    """A variant's row is a full analysis's bets row of the changed rules."""
    rules = standard.rules
    changed = dataclasses.replace(rules, dealer=dataclasses.replace(rules.dealer, ties="player"))
    row = analyze_game(CRAZY_FOUR_SPEC, changed, outcomes=standard.outcomes).bet(
        "ante_super_bonus_play"
    )
    summary = rule_variants(rules, {"ties": changed}).set_index("variant").loc["ties"]
    keys = ("house_edge", "element_of_risk", "average_total_bet")
    assert {key: summary[key] for key in keys} == {key: float(row[key]) for key in keys}
    assert summary["house_edge"] != standard.bet("ante_super_bonus_play")["house_edge"]
