"""The pay tables the best-four rule inference edits (Crazy 4 Poker's; Four Card Poker's is the
specification validator's)
(:meth:`crazy4.generic.bestfour_variants.BestFourVariants.pay_table` and ``edit_table``).

The game's bonus table (Crazy 4 Poker's Super Bonus) and its side-bet tables are found and
edited where the rule file puts them; the expected lines are
copied here from the shipped rule files (``crazy4/rules/data/*.toml``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crazy4.core.paytables import PayTable
from crazy4.generic.bestfour_variants import BestFourVariants
from crazy4.registry import game_named, load_rules
from crazy4.validate.switches import PayEdit

F = Fraction

#: Per rule set: its game; the bonus wager, its lines, name and what an unlisted hand does;
#: the side wager, its second table's lines and the side bet's name (the rule files' text).
CASES = {
    "crazy4-standard": (
        "crazy-4-poker",
        "super_bonus",
        {
            "four aces": F(200),
            "four of a kind": F(30),
            "straight flush": F(15),
            "three of a kind": F(2),
            "flush": F(3, 2),
            "straight": F(1),
        },
        "Super Bonus",
        "pushed or lost",
        "queens_up",
        {
            "four of a kind": F(50),
            "straight flush": F(30),
            "three of a kind": F(9),
            "flush": F(4),
            "straight": F(3),
            "two pair": F(2),
            "pair of queens": F(1),
        },
        "Queens Up",
    ),
}


def _lines(table: PayTable) -> dict[str, Fraction]:
    return {entry.label: entry.odds for entry in table.entries}


def _found(variants: BestFourVariants[Any, Any], rules: Any, wager: str, side: int | None) -> Any:
    found = variants.pay_table(rules, wager, side)
    assert found is not None
    return found


@pytest.mark.parametrize("rule_set", list(CASES))
def test_bonus_table_found_and_edited(rule_set: str) -> None:
    key, bonus, lines, name, unpaid, side, side_lines, _ = CASES[rule_set]
    game = game_named(key)
    variants: BestFourVariants[Any, Any] = BestFourVariants(
        load_rules(rule_set), game, game.checks().readings
    )
    table, bet, does = _found(variants, variants.rules, bonus, None)
    assert (_lines(table), bet, does) == (lines, name, unpaid)
    edit = PayEdit.of_group("three of a kind", Fraction(5))
    edited = variants.edit_table(variants.rules, bonus, None, edit)
    assert _lines(_found(variants, edited, bonus, None)[0]) == {**lines, "three of a kind": F(5)}
    assert _lines(_found(variants, edited, side, 1)[0]) == side_lines  # the side bet untouched
    assert _lines(_found(variants, variants.rules, bonus, None)[0]) == lines  # a new rule set


@pytest.mark.parametrize("rule_set", list(CASES))
def test_side_table_found_and_edited(rule_set: str) -> None:
    key, bonus, lines, _, _, side, side_lines, side_name = CASES[rule_set]
    game = game_named(key)
    variants: BestFourVariants[Any, Any] = BestFourVariants(
        load_rules(rule_set), game, game.checks().readings
    )
    table, bet, does = _found(variants, variants.rules, side, 1)
    assert (_lines(table), bet, does) == (side_lines, side_name, "lost")
    edited = variants.edit_table(variants.rules, side, 1, PayEdit.of_group("two pair", None))
    without = {label: odds for label, odds in side_lines.items() if label != "two pair"}
    assert _lines(_found(variants, edited, side, 1)[0]) == without
    first = _found(variants, variants.rules, side, 0)[0]
    assert _lines(_found(variants, edited, side, 0)[0]) == _lines(first)  # the other table
    assert _lines(_found(variants, edited, bonus, None)[0]) == lines
    assert variants.pay_table(variants.rules, side, None) is None  # no table chosen
    assert variants.pay_table(variants.rules, "play", 1) is None  # a wager with no table
