"""The generic rule-section readers every game reads its sections with (crazy4.rules)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crazy4.core.three_card_ranking import THREE_CARD_RANKING
from crazy4.errors import InputError
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.registry import load_rules
from crazy4.rules.category_section import read_category_pays
from crazy4.rules.limits import Limits, read_limits
from crazy4.rules.ruleset import RuleSet, rules_of
from crazy4.rules.sections import Section, named_tables, optional_section


def test_optional_section_reads_checks_every_key_and_is_none_when_absent() -> None:
    top = Section({"bonus": {"odds": 3}}, "x.toml")
    assert optional_section(top, "bonus", lambda section: section.integer("odds", 0)) == 3
    assert optional_section(top, "other", lambda section: 1) is None
    extra = Section({"bonus": {"odds": 3, "typo": 1}}, "x.toml")
    with pytest.raises(InputError, match=r"^x\.toml \[bonus\]: unknown key 'typo'$"):
        optional_section(extra, "bonus", lambda section: section.integer("odds", 0))


def test_named_tables_keep_file_order_and_refuse_a_missing_name_or_an_unknown_key() -> None:
    top = Section({"t": [{"name": "b", "v": 2}, {"name": "a", "v": 1}]}, "x.toml")
    read = named_tables(top, "t", lambda s, label: (label, s.integer("v", 0)), lambda i: i[0])
    assert read == (("b", 2), ("a", 1))
    nameless = Section({"t": [{"name": "a"}, {"v": 1}]}, "x.toml")
    with pytest.raises(InputError, match=r"^x\.toml \[\[t\]\] #2: missing key 'name'$"):
        named_tables(nameless, "t", lambda section, label: label, str)
    unread = Section({"t": [{"name": "a", "v": 1}]}, "x.toml")
    with pytest.raises(InputError, match=r"^x\.toml \[\[t\]\] #1: unknown key 'v'$"):
        named_tables(unread, "t", lambda section, label: label, str)
    assert named_tables(Section({}, "x.toml"), "t", lambda section, label: label, str) == ()


def test_limits_read_in_dollars_with_a_default_minimum_of_one() -> None:
    top = Section({"limits": {"maximum_bet": "50", "aggregate_payout_cap": 2.5}}, "x.toml")
    assert read_limits(top) == Limits(Fraction(1), Fraction(50), Fraction(5, 2))
    missing = Section({"limits": {"minimum_bet": 5}}, "x.toml")
    with pytest.raises(InputError, match=r"^x\.toml \[limits\]: missing key 'maximum_bet'$"):
        read_limits(missing)
    zero = Section({"limits": {"maximum_bet": 0}}, "x.toml")
    with pytest.raises(InputError, match=r"key 'maximum_bet' must be positive, got 0$"):
        read_limits(zero)


def test_category_pays_refuses_an_empty_table() -> None:
    empty = Section({"pays": {}}, "x.toml [ante_bonus]")
    with pytest.raises(InputError, match=r"'pays' must be a table of hand = odds$"):
        read_category_pays(empty, "ante-bonus", THREE_CARD_RANKING)


def test_rules_of_names_the_rule_set_and_the_game_it_is_not() -> None:
    rules = load_rules("three-card-standard")
    assert rules_of(rules, RuleSet, "any") is rules
    with pytest.raises(
        InputError, match=r"^'three-card-standard' is not a Crazy 4 Poker rule set$"
    ):
        rules_of(rules, CrazyFourRules, "Crazy 4 Poker")
