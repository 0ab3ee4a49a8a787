"""The published figures of issue 27 reconciled (``docs/published-figures.md``): for each, the
definition under which our exact number equals it as published, or why none does.

The expected values are the published figures themselves (Wizard of Odds, Shuffle Master,
M. Frome, S. Ko, E. Jacobson; ``shared/rules/*.md``), with the rounding each source used.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from crazy4.design.basis import BetFigures, analyze_quietly, bet_rows, changed_rules
from crazy4.rules.load import load_rules

TABLE_2 = [("ante_bonus.four_of_a_kind", "30"), ("ante_bonus.straight_flush", "15")]


@pytest.fixture(scope="module")
def bets() -> dict[str, dict[str, BetFigures]]:
    four_card = load_rules("four-card-standard")
    return {
        "crazy4-standard": bet_rows(analyze_quietly(load_rules("crazy4-standard"))),
        "four-card-standard": bet_rows(analyze_quietly(four_card)),
        "four-card table 2": bet_rows(analyze_quietly(changed_rules(four_card, TABLE_2))),
        "three-card-standard": bet_rows(analyze_quietly(load_rules("three-card-standard"))),
    }


def _percent(value: float | Fraction, places: str, mode: str) -> Decimal:
    exact = Decimal(str(float(value))) * 100
    return exact.quantize(Decimal(places), rounding=ROUND_DOWN if mode == "cut" else ROUND_HALF_UP)


def _figure(row: BetFigures, quantity: str) -> float | Fraction:
    if quantity == "house_edge":
        return row.house_edge
    if quantity == "element_of_risk":
        return row.element_of_risk
    return 1 - row.element_of_risk  # return per unit wagered


#: (source, published %, rule set, bet, quantity, rounding): the definitions that reproduce it.
RECONCILED = [
    ("Crazy 4 Poker, Wizard of Odds / S. Ko", "3.42", "crazy4-standard",
     "ante_super_bonus_play", "house_edge", "round"),
    ("Crazy 4 Poker, Wizard of Odds / S. Ko", "1.09", "crazy4-standard",
     "ante_super_bonus_play", "element_of_risk", "round"),
    ("Four Card Poker, Wizard of Odds", "2.78", "four-card-standard", "ante_play", "house_edge",
     "cut"),
    ("Four Card Poker, Wizard of Odds", "1.30", "four-card-standard", "ante_play",
     "element_of_risk", "round"),
    ("Four Card Poker, Shuffle Master", "1.58", "four-card-standard", "ante_play_simple",
     "element_of_risk", "round"),
    ("Four Card Poker, M. Frome (return)", "98.41", "four-card-standard", "ante_play_simple",
     "return", "cut"),
    ("Four Card Poker, S. Ko (simple strategy)", "3.40", "four-card-standard",
     "ante_play_simple", "house_edge", "round"),
    ("Four Card Poker, Aces Up, lowest published edge", "1.98", "four-card-standard",
     "aces-up-50-40-9-6-4-2-1", "house_edge", "round"),
    ("Four Card Poker, Aces Up, highest published edge", "6.15", "four-card-standard",
     "aces-up-50-40-7-5-4-3-1", "house_edge", "round"),
    ("Three Card Poker, Wizard of Odds", "3.37", "three-card-standard", "ante_play",
     "house_edge", "round"),
    ("Three Card Poker, Wizard of Odds", "2.01", "three-card-standard", "ante_play",
     "element_of_risk", "round"),
    ("Three Card Poker, Pair Plus 1-4-6-30-40", "2.32", "three-card-standard",
     "pair-plus-1-4-6-30-40", "house_edge", "round"),
    ("Three Card Poker, Pair Plus 1-3-6-30-40", "7.28", "three-card-standard",
     "pair-plus-1-3-6-30-40", "house_edge", "round"),
]  # fmt: skip


@pytest.mark.parametrize(("source", "published", "rules", "bet", "quantity", "mode"), RECONCILED)
def test_published_figure_is_our_exact_number_under_its_definition(
    bets: dict[str, dict[str, BetFigures]],
    source: str,
    published: str,
    rules: str,
    bet: str,
    quantity: str,
    mode: str,
) -> None:
    value = _figure(bets[rules][bet], quantity)
    assert _percent(value, "0.01", mode) == Decimal(published), source


def test_wizard_of_odds_2_78_is_cut_not_rounded(bets: dict[str, dict[str, BetFigures]]) -> None:
    edge = bets["four-card-standard"]["ante_play"].house_edge
    assert _percent(edge, "0.01", "round") == Decimal("2.79")  # 2.7879 %


def test_frome_1_50_has_no_definition(bets: dict[str, dict[str, BetFigures]]) -> None:
    """Per Ante or per total wagered, optimal or simple strategy, Ante Bonus table 1 or 2:
    none gives 1.50% (however rounded)."""
    values = [
        _figure(rows[bet], quantity)
        for key, rows in bets.items()
        if key.startswith("four-card")
        for bet in ("ante_play", "ante_play_simple")
        for quantity in ("house_edge", "element_of_risk")
    ]
    for mode in ("round", "cut"):
        assert Decimal("1.50") not in {_percent(v, "0.01", mode) for v in values}


def test_jacobson_2_9_lies_between_the_optimal_and_the_simple_strategy(
    bets: dict[str, dict[str, BetFigures]],
) -> None:
    rows = bets["four-card-standard"]
    optimal, simple = rows["ante_play"], rows["ante_play_simple"]
    assert optimal.house_edge < Fraction(29, 1000) < simple.house_edge
    # a simulation of n rounds has a standard error of std_dev / sqrt(n) per Ante: 0.11% (the
    # gap to the exact 2.79%) is one standard error at about six million rounds
    rounds = (optimal.std_dev / (0.029 - float(optimal.house_edge))) ** 2
    assert 5e6 < rounds < 7e6


def test_bad_beat_table_is_illustrative() -> None:
    """20.3% advertised and 19.5% computed name a Bad Beat table no source gives; the shipped
    one is illustrative, so no definition of ours can equal either."""
    notes = " ".join(load_rules("four-card-standard").notes)
    assert "Bad Beat Bonus table is ILLUSTRATIVE" in notes
