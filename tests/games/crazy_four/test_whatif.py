"""What-if re-pricing against full re-analysis."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crazy4.games.crazy_four.analysis import Analysis, analyze
from crazy4.games.crazy_four.rules import SuperBonus
from crazy4.games.crazy_four.whatif import (
    main_bet_summary,
    rule_variants,
    side_bet_sensitivity,
    super_bonus_sensitivity,
    with_pay_line,
)
from crazy4.registry import load_rules


def test_super_bonus_sensitivity_matches_a_full_analysis(standard: Analysis) -> None:
    frame = super_bonus_sensitivity(standard, "three_of_a_kind", [2, 3])
    assert frame["house_edge"].iloc[0] == standard.bet("ante_super_bonus_play")["house_edge"]
    rules = standard.rules
    assert rules.super_bonus is not None
    table = with_pay_line(rules.super_bonus.table, "three_of_a_kind", 3)
    full = analyze(dataclasses.replace(rules, super_bonus=SuperBonus(table)))
    assert frame["house_edge"].iloc[1] == full.bet("ante_super_bonus_play")["house_edge"]


def test_side_bet_sensitivity_is_linear_in_the_odds(standard: Analysis) -> None:
    frame = side_bet_sensitivity(standard, "queens-up-50-30-9-4-3-2-1", "two_pair", [1, 2, 3])
    evs = [
        Fraction(int(n), int(d))
        for n, d in zip(frame.ev_numerator, frame.ev_denominator, strict=True)
    ]
    # each extra unit of odds on two pair adds exactly P(two pair) = 123552 / 2598960
    assert evs[1] - evs[0] == evs[2] - evs[1] == Fraction(123552, 2598960)


def test_rule_variants_against_the_shipped_cardroom(standard: Analysis, cardroom: Analysis) -> None:
    variants = rule_variants(standard).set_index("variant")
    no_trips = variants.loc["Super Bonus without three of a kind (as printed by the card room)"]
    # the card room differs from the standard only by its table and 1x/3x play (which costs
    # nothing, 2x is never optimal)
    assert no_trips["house_edge"] == cardroom.bet("ante_super_bonus_play")["house_edge"]
    assert variants.loc["Play multiples 1x or 3x only", "change_in_house_edge"] == 0
    assert variants.loc["Play 1x only", "change_in_house_edge"] > 0.2
    assert load_rules("crazy4-standard").name == standard.rules.name


def test_rule_variants_price_what_a_full_analysis_prices(standard: Analysis) -> None:
    """rule_variants prices only the main bet (main_bet_summary): a full analysis's bets row."""
    rules = standard.rules
    changed = dataclasses.replace(rules, dealer=dataclasses.replace(rules.dealer, ties="player"))
    row = analyze(changed, outcomes=standard.outcomes).bet("ante_super_bonus_play")
    summary = main_bet_summary(standard, changed)
    assert summary == {key: float(row[key]) for key in summary}
    assert summary["house_edge"] != standard.bet("ante_super_bonus_play")["house_edge"]
