"""Four Card Poker rule files: the shipped ones load; every bad key or value is an InputError."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.rules.load import RULES_DIR

STANDARD = (RULES_DIR / "four-card-standard.toml").read_text()


def test_standard_rule_set() -> None:
    rules = load_rules("four-card-standard")
    assert rules.game == "four-card-poker"
    assert (rules.dealer.cards, rules.dealer.up_cards) == (6, 1)
    assert rules.dealer.qualifier_strength == 0
    assert rules.dealer.ties == "player"
    assert rules.play.multiples == (1, 2, 3)
    four = rules.four_card
    assert four is not None and four.ante_bonus is not None
    assert (
        four.ante_bonus.table.describe()
        == "four of a kind 25, straight flush 20, three of a kind 2"
    )
    assert [bet.name.removeprefix("aces-up-") for bet in rules.side_bets] == [
        "50-40-8-5-4-3-1",
        "50-40-8-6-4-2-1",
        "50-30-7-6-5-2-1",
        "50-40-9-6-4-2-1",
        "50-40-7-5-4-3-1",
    ]
    assert four.bad_beat is not None and four.bad_beat.illustrative
    assert four.limits is not None
    assert (four.limits.minimum_bet, four.limits.maximum_bet) == (Fraction(3), Fraction(100))
    assert four.limits.aggregate_payout_cap == Fraction(25000)


def test_ante_bonus_2_rule_set() -> None:
    rules = load_rules("four-card-ante-bonus-2")
    assert rules.four_card is not None and rules.four_card.ante_bonus is not None
    assert rules.four_card.ante_bonus.paid_only_with_play
    assert rules.four_card.ante_bonus.table.describe().startswith("four of a kind 30, straight")


def test_crazy4_rule_sets_unchanged() -> None:
    for name in ("crazy4-standard", "crazy4-cardroom"):
        rules = load_rules(name)
        assert not hasattr(rules, "four_card")  # Four Card sections live in FourCardRuleSet only
        assert (rules.dealer.cards, rules.dealer.up_cards) == (5, 0)
        assert rules.super_bonus is not None
        assert all(bet.name.startswith("queens-up-") for bet in rules.side_bets)


def _edited(old: str, new: str) -> str:
    assert old in STANDARD
    return STANDARD.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "paid_only_with_play = false",
            "paid_only_with_pley = false",
            "unknown key 'paid_only_with_pley'",
        ),
        ("paid_only_with_play = false", 'paid_only_with_play = "no"', "must be true or false"),
        ('keyed_on = "player"', 'keyed_on = "table"', "key 'keyed_on' is 'table'"),
        ('keyed_on = "player"\n', 'keyed_on = "dealer"\n', "pays whole categories only"),
        ("cards = 6", "cards = 5", "cards = 5, up_cards = 1 is not supported"),
        ("up_cards = 1", "up_cards = 2", "cards = 6, up_cards = 2 is not supported"),
        ('qualifier = "none"', 'qualifier = "K high"', "has no dealer qualifier"),
        ("maximum_bet = 100", "maximum_bet = 2", "'maximum_bet' is below 'minimum_bet'"),
        ("aggregate_payout_cap = 25000", "aggregate_payout_cap = -5", "is negative"),
        ("aggregate_payout_cap = 25000", 'aggregate_payout_cap = "lots"', "is not a number"),
        ('name = "50-40-8-6-4-2-1"', 'name = "50-40-8-5-4-3-1"', "share a name"),
        ("two_pair = 15", "two_pairs = 15", "unknown hand 'two_pairs'"),
        ("[limits]", "[super_bonus.pays]\nflush = 1\n\n[limits]", "unknown key 'super_bonus'"),
    ],
)
def test_bad_values_name_file_and_key(old: str, new: str, message: str) -> None:
    text = _edited(old, new)
    if old == 'keyed_on = "player"\n':  # the dealer-keyed table may only name categories
        text = text.replace("two_pair = 15", "two_pair = 15\npair_of_aces = 5")
    with pytest.raises(InputError) as error:
        parse_rules(text, "four.toml")
    assert str(error.value).startswith("four.toml")
    assert message in str(error.value)


def test_crazy4_file_rejects_four_card_sections() -> None:
    text = (RULES_DIR / "crazy4-standard.toml").read_text() + "\n[ante_bonus.pays]\nflush = 1\n"
    with pytest.raises(InputError, match=r"crazy4\.toml: unknown key 'ante_bonus'"):
        parse_rules(text, "crazy4.toml")


def test_unknown_game() -> None:
    with pytest.raises(InputError, match="key 'game' is 'five-card-poker'"):
        parse_rules(_edited('game = "four-card-poker"', 'game = "five-card-poker"'), "x.toml")


def test_dealer_keyed_bad_beat_of_whole_categories() -> None:
    rules = parse_rules(_edited('keyed_on = "player"', 'keyed_on = "dealer"'), "x.toml")
    assert rules.four_card is not None and rules.four_card.bad_beat is not None
    assert rules.four_card.bad_beat.keyed_on == "dealer"


def test_limits_without_cap() -> None:
    rules = parse_rules(_edited("aggregate_payout_cap = 25000\n", ""), "x.toml")
    assert rules.four_card is not None and rules.four_card.limits is not None
    assert rules.four_card.limits.aggregate_payout_cap is None
