"""The Super Bonus switch ``[super_bonus] unlisted``: what a hand the table does not list, at
or above the table's lowest line, does (issue 11: the card room's three of a kind).

The rules text (shared/rules/crazy-4-poker.md, the seed): the Super Bonus with a straight or
better pays its table whatever the dealer holds; below a straight it pushes, and loses only to a
qualifying dealer hand that beats it; a fold loses it. The card room's table lists no three of a
kind, and its text says the Super Bonus "wins with straight or better, loses if less than a
straight": three of a kind is better than a straight, so it never loses (``unlisted =
"push"``). The other reading (``"below_table"``, the default) settles it like a hand below the
table. Every expected amount below is settled by hand from these words.
"""

from __future__ import annotations

import contextlib
import dataclasses
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from in_process import crazy4

from crazy4.analyze.record import Analysis, analyze_game
from crazy4.analyze.rule_prices import price_readings
from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.ranking import build_best_four_strengths, hand_strength
from crazy4.design.whatif import rule_variants, switch_variants
from crazy4.errors import InputError
from crazy4.games.crazy_four.cells import crazy_four_settlement
from crazy4.games.crazy_four.rules import (
    STANDARD_SUPER_BONUS,
    CrazyFourRules,
    crazy_four_rules,
    super_bonus_variants,
    unlisted_readings,
)
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import game_of, load_rules, parse_rules
from crazy4.report.spec_report import render_spec_report
from crazy4.rules.load import RULES_DIR
from crazy4.spec.wagers import outcome_cells

#: A Crazy 4 Poker rule file written for these tests: the card room's Super Bonus table (no
#: three-of-a-kind line), the casinos' Play 1x-3x, king-high qualifier.
RULES_TEXT = """
name = "unlisted-test"
title = "The Super Bonus without a three-of-a-kind line"
game = "crazy-4-poker"
source = "tests/games/crazy_four/test_super_bonus_unlisted.py"

[dealer]
qualifier = "K high"
play_when_not_qualified = "wins"
ties = "push"

[play]
multiples = [1, 2, 3]
raise_minimum = "pair of aces"

[super_bonus]
{unlisted}

[super_bonus.pays]
four_aces = 200
four_of_a_kind = 30
straight_flush = 15
flush = 1.5
straight = 1
"""


def rules_with(line: str) -> CrazyFourRules:
    """The test rule file with ``line`` in its ``[super_bonus]`` section."""
    return crazy_four_rules(parse_rules(RULES_TEXT.format(unlisted=line), "unlisted.toml"))


READINGS = {"push": 'unlisted = "push"', "below_table": 'unlisted = "below_table"'}


# --- reading the switch ------------------------------------------------------------------------


def test_the_switch_is_read() -> None:
    """Each value is read; without the key it is ``below_table``; the shipped rule sets say
    what their texts say (the card room: push; the standard table lists every hand)."""
    for value, line in READINGS.items():
        bonus = rules_with(line).super_bonus
        assert bonus is not None and bonus.unlisted == value
    bonus = rules_with("").super_bonus
    assert bonus is not None and bonus.unlisted == "below_table"
    cardroom = crazy_four_rules(load_rules("crazy4-cardroom")).super_bonus
    standard = crazy_four_rules(load_rules("crazy4-standard")).super_bonus
    assert cardroom is not None and cardroom.unlisted == "push"
    assert standard is not None and standard.unlisted == "below_table"
    assert not standard.unlisted_mask().any()  # nothing unlisted: the switch changes nothing


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            'unlisted = "lose"',
            "unlisted.toml [super_bonus]: key 'unlisted' is 'lose'; "
            "expected one of below_table, push",
        ),
        ("unlisted = 1", "unlisted.toml [super_bonus]: key 'unlisted' must be text, got 1"),
        ('unlisted_hands = "push"', "unlisted.toml [super_bonus]: unknown key 'unlisted_hands'"),
    ],
)
def test_a_bad_value_is_one_line(line: str, message: str) -> None:
    """A bad value (or a misspelt key) names the file, the section, the key and the value."""
    with pytest.raises(InputError) as caught:
        rules_with(line)
    assert str(caught.value) == message


def test_a_bad_value_exits_2_with_one_line(tmp_path: Path) -> None:
    """Through the command line: exit status 2 and one line, no traceback."""
    path = tmp_path / "bad.toml"
    path.write_text(RULES_TEXT.format(unlisted='unlisted = "maybe"'))
    with contextlib.chdir(tmp_path):
        done = crazy4("hand", "7c 7d 7h 2s 9c", "--rules", str(path))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "bad.toml [super_bonus]: key 'unlisted' is 'maybe'" in done.stderr


# --- settlement --------------------------------------------------------------------------------

SEVENS = "7c 7d 7h 2s 9c"  # three of a kind: not on the table, above its lowest line (straight)

#: (player, dealer, multiple, Super Bonus net under push, under below_table), settled by hand.
CASES = [
    # three sevens lose to three eights (a qualifying, better hand): push / lose
    (SEVENS, "8c 8d 8h 3s 4c", 1, 0, -1),
    (SEVENS, "8c 8d 8h 3s 4c", 3, 0, -1),
    # ... to a qualifying straight flush: push / lose
    (SEVENS, "Js Ts 9s 8s 2d", 1, 0, -1),
    # three sevens beat a qualifying pair of kings: push either way
    (SEVENS, "Kc Kd 5h 3s 4c", 1, 0, 0),
    # the dealer does not qualify (queen high): push either way
    (SEVENS, "Qd Jc 8s 4h 3d", 1, 0, 0),
    # a fold loses the Super Bonus either way
    (SEVENS, "8c 8d 8h 3s 4c", 0, -1, -1),
    # a pair (below the table) still loses to a qualifying better hand under both readings
    ("2c 2d 9h 7s 4c", "Kc Kd 5h 3s 6c", 1, -1, -1),
    # a straight and a flush are on the table: paid whatever the dealer holds
    ("9c 8d 7h 6s 2c", "Kc Kd Kh 3s 4c", 1, 1, 1),
    ("Qh Jh 8h 4h 2c", "Ac Ad Ah 3s 4c", 1, Fraction(3, 2), Fraction(3, 2)),
]


@pytest.mark.parametrize(("player", "dealer", "multiple", "push", "below"), CASES)
def test_settlement_under_each_reading(
    player: str, dealer: str, multiple: int, push: Fraction | int, below: Fraction | int
) -> None:
    """The settlement the simulator and the validator use, for each reading, against the
    amounts settled by hand; the validator's words name the rule that applied."""
    strengths = np.array([hand_strength(parse_cards(player))])
    dealer_strengths = np.array([hand_strength(parse_cards(dealer))])
    for value, expected in (("push", push), ("below_table", below)):
        rules = rules_with(READINGS[value])
        settle = crazy_four_settlement(rules)
        cell = outcome_cells(strengths, dealer_strengths, rules.dealer.qualifier_strength)
        nets = settle.nets(strengths, np.array([multiple]), cell)
        assert Fraction(int(nets["super_bonus"][0]), settle.unit) == expected, value
        words = settle.explain("super_bonus", int(strengths[0]), multiple, int(cell[0]))
        if player == SEVENS and multiple:
            assert f"unlisted = {value}" in words, words
            assert ("loses" in words) == (expected == -1), words


def test_the_exact_pricing_follows_the_switch() -> None:
    """The exact EV of three sevens played 1x: under ``push`` the Super Bonus adds nothing;
    under ``below_table`` it loses one unit on every qualifying dealer hand that beats three
    sevens, counted here by listing all 1,533,939 dealer hands."""
    cards = parse_cards(SEVENS)
    evs = {}
    for value, line in READINGS.items():
        rules = rules_with(line)
        result = game_of(rules).hand_result(rules, tuple(sorted(cards)), None)
        ev = result["ev_per_ante"]
        assert isinstance(ev, dict)
        evs[value] = Fraction(ev["1x"]["exact"])
    rest = [card for card in range(52) if card not in cards]
    strengths = build_best_four_strengths()
    dealer = np.array(list(combinations(rest, 5)), dtype=np.int64)
    dealer_strength = strengths[colex_indices(dealer)]
    mine = hand_strength(cards)
    beaten = int((dealer_strength > mine).sum())  # every hand above three sevens qualifies
    assert len(dealer) == 1_533_939 and beaten > 0
    assert evs["push"] - evs["below_table"] == Fraction(beaten, len(dealer))


# --- the card room's figures and the other readings --------------------------------------------


def shipped_cardroom_with(old: str, new: str) -> CrazyFourRules:
    """The card room's rule file with one line changed."""
    text = (RULES_DIR / "crazy4-cardroom.toml").read_text()
    assert old in text
    return crazy_four_rules(parse_rules(text.replace(old, new), "crazy4-cardroom.toml"))


def test_the_readings_are_full_analyses_of_each_rule_file(cardroom: Analysis) -> None:
    """The report's readings equal full analyses of the card room's rule file with the switch
    flipped, and with the standard 2 to 1 line for three of a kind; the as-printed one is the
    rule set's own bets table. The below-the-table reading is the card room's figure before
    this switch existed (-1845704071/23178175020, as committed)."""
    readings = price_readings(unlisted_readings(cardroom.rules))
    assert [r.name for r in readings] == [
        'this rule set: unlisted = "push"',
        'unlisted = "below_table"',
        "the standard table's line",
    ]
    below = shipped_cardroom_with('unlisted = "push"', 'unlisted = "below_table"')
    trips = shipped_cardroom_with(
        "straight_flush = 15\n", "straight_flush = 15\nthree_of_a_kind = 2\n"
    )
    analyses = [cardroom] + [
        analyze_game(CRAZY_FOUR_SPEC, r, outcomes=cardroom.outcomes) for r in (below, trips)
    ]
    for reading, analysis in zip(readings, analyses, strict=True):
        game = analysis.bet("ante_super_bonus_play")
        bonus = analysis.bet("super_bonus")
        assert reading.house_edge == -Fraction(game["ev_numerator"], game["ev_denominator"])
        assert float(reading.element_of_risk) == pytest.approx(game["element_of_risk"], rel=1e-12)
        assert reading.bet_edges["super_bonus"] == -Fraction(
            bonus["ev_numerator"], bonus["ev_denominator"]
        )
    assert readings[1].house_edge == Fraction(1845704071, 23178175020)
    # pushing instead of losing can only help the player; 2 to 1 helps more
    assert readings[2].house_edge < readings[0].house_edge < readings[1].house_edge


def test_the_standard_table_is_crazy4_standard() -> None:
    """The odds the "standard table" reading takes are crazy4-standard's Super Bonus table."""
    standard = crazy_four_rules(load_rules("crazy4-standard")).super_bonus
    assert standard is not None
    written = {e.label.replace(" ", "_"): e.odds for e in standard.table.entries}
    assert written == {k: Fraction(v) for k, v in STANDARD_SUPER_BONUS.items()}


def render_report(analysis: Analysis, provenance: dict[str, object]) -> str:
    """The Crazy 4 Poker report of ``analysis``."""
    return render_spec_report(CRAZY_FOUR_SPEC, analysis.rules, analysis.tables, provenance)


def test_the_report_shows_the_other_readings(standard: Analysis, cardroom: Analysis) -> None:
    """The card room's report prices the three readings; the standard's has no such section
    (its table lists every hand from a straight up)."""
    text = render_report(cardroom, {})
    section = text.split("## Super Bonus: the readings of an unlisted hand")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == 3
    assert "7.9327%" in rows[0] and "7.9631%" in rows[1] and "3.4189%" in rows[2]
    assert 'unlisted = "push"' in text.split("## Bets")[0]
    assert "readings of an unlisted hand" not in render_report(standard, {})


def test_rule_variants_flip_the_switch(cardroom: Analysis) -> None:
    """The rule-variant table of the card room has the other reading, at the old figure."""
    rules = cardroom.rules
    variants = rule_variants(rules, {**switch_variants(rules), **super_bonus_variants(rules)})
    variants = variants.set_index("variant")
    flipped = variants.loc["Super Bonus unlisted hands: below_table"]
    assert flipped["house_edge"] == float(Fraction(1845704071, 23178175020))
    rules = cardroom.rules
    assert rules.super_bonus is not None
    assert dataclasses.replace(rules.super_bonus, unlisted="below_table").unlisted_mask().any()
