"""The Three Card Poker oracle (``tests/oracle_three_card.py``) against the published figures.

The oracle is written from ``shared/rules/three-card-poker.md`` alone and imports nothing from
the package (which has no Three Card Poker yet): these tests check the oracle itself, so that
the package's Three Card Poker can later be checked against it. Every deal is enumerated.

Exact figures the oracle finds (standard rules: Q-high qualifier, Ante Bonus 1-4-5):

* Ante + Play, optimal strategy (play Q-6-4 or better; 14,900 of the 22,100 hands play, no
  exact tie between folding and playing): house edge per Ante ``686689/20358520``
  (3.3730%), element of risk ``686689/34084400`` (2.0147%, per unit wagered: the average
  wager is ``1 + 14900/22100``);
* Pair Plus 1-4-6-30-40: house edge ``128/5525`` (2.3167%); 1-3-6-30-40: ``402/5525``
  (7.2760%);
* one dealer card seen, optimal play per hand and seen card: player edge per Ante
  ``443162/12724075`` (3.4829%).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from oracle_three_card import (
    CATEGORY_NAMES,
    COMPLETIONS,
    DEALER_HANDS,
    HANDS,
    HIGH_CARD,
    QUEEN,
    SCALE,
    Rules,
    all_dealer_counts,
    all_hands,
    category_of,
    dealer_counts,
    hand_text,
    hand_value,
    hand_values,
    optimal_strategy_edge,
    pair_plus_edge,
    parse_hand,
    read_rules,
    settle,
    value_floor,
)
from oracle_three_card_holecard import hole_card_counts, hole_card_edge, suit_classes


def percent(x: Fraction) -> float:
    """A fraction in percent, rounded to two decimals as the rules file prints them."""
    return round(float(x) * 100, 2)


# --- the evaluator ----------------------------------------------------------------------------


def test_category_counts_are_the_combinatorial_ones() -> None:
    """The 22,100 hands by category, counted by formula: 12 runs (A-2-3 .. Q-K-A) of 4^3 suit
    choices, 4 of them suited; 13 ranks of trips; pairs 13 * C(4,2) * 48 kickers; flushes
    4 * C(13,3) less the straight flushes."""
    straight_flush = 12 * 4
    expected = {
        "straight flush": straight_flush,
        "three of a kind": 13 * comb(4, 3),
        "straight": 12 * 4**3 - straight_flush,
        "flush": 4 * comb(13, 3) - straight_flush,
        "pair": 13 * comb(4, 2) * 48,
    }
    expected["high card"] = HANDS - sum(expected.values())
    counts = np.bincount(category_of(all_hands().values), minlength=6)
    assert dict(zip(CATEGORY_NAMES, counts.tolist(), strict=True)) == expected


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("4c 3d 2h", "3c 2d Ah"),  # A-2-3 the lowest straight
        ("3c 2d Ah", "Ac Kc 9c"),  # a straight beats a flush
        ("2c 2d 2h", "Ac Kd Qh"),  # three of a kind beats a straight
        ("4h 3h 2h", "Ac Ad As"),  # the lowest straight flush beats three aces
        ("Ac Kd Qh", "Kc Qd Jh"),  # Q-K-A the highest straight
        ("Jc Qd Kh", "Kc Ad 2h"),  # no wrap-around: K-A-2 is only ace high
        ("9c 9d 3h", "8c 8d Ah"),  # pairs by rank first
        ("9c 9d 4h", "9h 9s 3c"),  # then by kicker
        ("Ac 5d 3h", "Kc Qd 9c"),  # high cards rank by rank
        ("Qc 6d 4h", "Qh 6c 3d"),
    ],
)
def test_ranking(higher: str, lower: str) -> None:
    """Pairs of hands ordered by the rules text."""
    assert hand_value(higher) > hand_value(lower)


def test_suits_never_rank() -> None:
    """Every suit relabelling of a hand has its value."""
    hands = all_hands()
    for perm in itertools.permutations(range(4)):
        relabelled = hands.cards // 4 * 4 + np.array(perm)[hands.cards % 4]
        assert (hand_values(relabelled) == hands.values).all()


# --- settlement --------------------------------------------------------------------------------


CASES = [
    # player, dealer, decision, (ante, play, ante bonus, pair plus)
    ("Kh Kd 2c", "Qs 9d 4h", "play", (1, 1, 0, 1)),  # qualified dealer, player higher
    ("Jh 9d 2c", "Qs 9c 4h", "play", (-1, -1, 0, -1)),  # qualified dealer higher
    ("Qh 9d 4c", "Qs 9c 4h", "play", (0, 0, 0, -1)),  # a tie pushes both
    ("5h 4d 3c", "Js 9d 4s", "play", (1, 0, 1, 6)),  # dealer J high: Ante 1:1, Play pushes
    ("2h 2d 2c", "As Kd Qs", "play", (1, 1, 4, 30)),
    ("4h 3h 2h", "Ac Ad As", "play", (1, 1, 5, 40)),
    ("Ah Kd 9c", "2s 2d 3h", "fold", (-1, 0, 0, -1)),
    ("5h 4d 3c", "Ks Kd Kc", "fold", (-1, 0, 0, 6)),  # no bonus on a fold; Pair Plus settled
    ("5h 4d 3c", "Ks Kd Kc", "play", (-1, -1, 1, 6)),  # the bonus whatever the dealer holds
    ("9h 6h 2h", "Js 7d 4d", "play", (1, 0, 0, 4)),  # a flush: Pair Plus 4, no Ante Bonus
]


@pytest.mark.parametrize(("player", "dealer", "decision", "expected"), CASES)
def test_settlement_worked_by_hand(
    player: str, dealer: str, decision: str, expected: tuple[int, int, int, int]
) -> None:
    """Rounds settled by hand from the rules text."""
    nets = settle(player, dealer, decision)
    assert (nets["ante"], nets["play"], nets["ante_bonus"], nets["pair_plus"]) == expected


def test_settlement_follows_the_tables() -> None:
    """Another Pair Plus table and Ante Bonus 1-3-5 change only their lines."""
    rules = Rules(
        ante_bonus={"straight": Fraction(1), "three_of_a_kind": Fraction(3),
                    "straight_flush": Fraction(5)},
        pair_plus={"pair": Fraction(1), "flush": Fraction(3), "straight": Fraction(6),
                   "three_of_a_kind": Fraction(30), "straight_flush": Fraction(40)},
    )  # fmt: skip
    assert settle("2h 2d 2c", "As Kd Qs", "play", rules)["ante_bonus"] == 3
    assert settle("9h 6h 2h", "Js 7d 4d", "fold", rules)["pair_plus"] == 3


def test_settlement_refuses_bad_rounds() -> None:
    """A shared card, a short hand or an unknown decision is an error, never settled."""
    for player, dealer, decision in (("Kh Kd 2c", "Kh 9d 4h", "play"),
                                     ("Kh Kd", "Qs 9d 4h", "play"),
                                     ("Kh Kd 2c", "Qs 9d 4h", "raise")):  # fmt: skip
        with pytest.raises(ValueError):
            settle(player, dealer, decision)


STANDARD_TOML = """
name = "three-card-test"
game = "three-card-poker"
[dealer]
cards = 3
qualifier = "Q high"
ties = "push"
[play]
multiples = [1]
[not_qualified]
ante = "wins"
play = "push"
[ante_bonus]
paid_only_with_play = true
[ante_bonus.pays]
straight = 1
three_of_a_kind = 4
straight_flush = 5
[[pair_plus]]
name = "1-4-6-30-40"
[pair_plus.pays]
pair = 1
flush = 4
straight = 6
three_of_a_kind = 30
straight_flush = 40
[[pair_plus]]
name = "1-3-6-30-40"
[pair_plus.pays]
pair = 1
flush = 3
straight = 6
three_of_a_kind = 30
straight_flush = 40
"""


def test_rule_file_reading() -> None:
    """The rule-file format read: the standard rules are the oracle's defaults, the second
    Pair Plus table is chosen by name, and the switches change settlement as they say."""
    assert read_rules(STANDARD_TOML) == Rules()
    assert read_rules(STANDARD_TOML, "1-3-6-30-40").pair_plus["flush"] == 3
    variant = read_rules(
        STANDARD_TOML.replace('"Q high"', '"J high"')
        .replace('ties = "push"', 'ties = "player"')
        .replace('play = "push"', 'play = "wins"')
        .replace("paid_only_with_play = true", "paid_only_with_play = false")
    )
    assert variant.qualifier == value_floor(HIGH_CARD, QUEEN - 1)
    assert settle("Qh 9d 4c", "Qs 9c 4h", "play", variant)["ante"] == 1  # the player's tie
    assert settle("5h 4d 3c", "Ts 9d 4s", "play", variant)["play"] == 1  # Play wins
    # J high qualifies under the variant only
    assert settle("9h 7d 3c", "Js 8d 4s", "play", variant)["ante"] == -1
    assert settle("9h 7d 3c", "Js 8d 4s", "play")["ante"] == 1
    assert settle("5h 4d 3c", "Js 9d 4s", "fold", variant)["ante_bonus"] == 1
    with pytest.raises(ValueError):
        read_rules(STANDARD_TOML.replace('"Q high"', '"pair of queens"'))


def test_the_shipped_rule_file_is_the_rules_text() -> None:
    """Once the package ships ``three-card-standard.toml``, the oracle reads it as the rules
    text's standard game."""
    path = Path(__file__).resolve().parents[3] / "crazy4/rules/data/three-card-standard.toml"
    if not path.exists():
        pytest.skip("the package has no three-card-standard.toml yet")
    assert read_rules(path.read_text()) == Rules()


# --- counts ------------------------------------------------------------------------------------


def listed_counts(cards: list[int], dealer_cards: list[list[int]]) -> dict[str, int]:
    """Dealer hands by outcome, hand by hand."""
    mine = hand_value(cards)
    out = dict.fromkeys(("lower", "tie", "higher", "not_qualified"), 0)
    for theirs in hand_values(np.array(dealer_cards)).tolist():
        if theirs < value_floor(HIGH_CARD, QUEEN):
            key = "not_qualified"
        else:
            key = "lower" if theirs < mine else "tie" if theirs == mine else "higher"
        out[key] += 1
    return out


@pytest.mark.parametrize("hand", ["Qh 6c 4d", "As Ks Qs", "7c 7d 2h", "3h 2d Ac"])
def test_dealer_counts_equal_a_listing(hand: str) -> None:
    """``dealer_counts`` and the all-hands table equal a one-by-one listing of the 18,424
    dealer hands."""
    cards = parse_hand(hand)
    rest = [c for c in range(52) if c not in cards]
    listed = listed_counts(cards, [list(d) for d in itertools.combinations(rest, 3)])
    assert sum(listed.values()) == DEALER_HANDS
    assert dealer_counts(cards) == listed
    row = np.flatnonzero(all_hands().masks == sum(1 << c for c in cards))[0]
    assert all_dealer_counts()[row].tolist() == list(listed.values())


def test_hole_card_counts_equal_a_listing_and_respect_suits() -> None:
    """For sampled hands and seen cards, the counts equal a listing of the 1,128 completions,
    and a suit relabelling of the hand and the seen card leaves them unchanged (the reduction
    to suit classes is exact); the classes cover the 22,100 hands."""
    rng = np.random.default_rng(3)
    for _ in range(4):
        cards = sorted(rng.choice(52, 3, replace=False).tolist())
        counts = hole_card_counts(cards)
        seen = int(rng.choice([c for c in range(52) if c not in cards]))
        rest = [c for c in range(52) if c not in cards and c != seen]
        completions = [[seen, *pair] for pair in itertools.combinations(rest, 2)]
        assert len(completions) == COMPLETIONS
        assert counts[seen].tolist() == list(listed_counts(cards, completions).values())
        perm = np.array(rng.permutation(4))
        moved = [c // 4 * 4 + int(perm[c % 4]) for c in cards]
        assert (hole_card_counts(moved)[np.arange(52) // 4 * 4 + perm[np.arange(52) % 4]]
                == counts).all()  # fmt: skip
    reps, sizes = suit_classes()
    assert sizes.sum() == HANDS and len(reps) == 1_755


# --- the published figures ------------------------------------------------------------------------


def test_optimal_strategy_is_the_published_one() -> None:
    """Play Q-6-4 or better, fold below; house edge 3.37% of the Ante, element of risk 2.01%
    (Wizard of Odds)."""
    edge = optimal_strategy_edge()
    lowest = all_hands().cards[all_hands().values == edge.lowest_played][0]
    highest_folded = all_hands().cards[all_hands().values == edge.highest_folded][0]
    assert [c // 4 for c in sorted(lowest.tolist(), reverse=True)] == [QUEEN, 4, 2]  # Q-6-4
    assert edge.lowest_played == value_floor(HIGH_CARD, QUEEN, 4, 2)
    assert hand_text(highest_folded.tolist())[::3] == "Q63"  # Q-6-3 folds
    assert edge.exact_ties == 0
    assert percent(edge.house_edge) == 3.37
    assert percent(edge.element_of_risk) == 2.01
    assert edge.element_of_risk == edge.house_edge / (1 + Fraction(edge.plays, HANDS))


@pytest.mark.parametrize(("table", "published"), [("1-4-6-30-40", 2.32), ("1-3-6-30-40", 7.28)])
def test_pair_plus_edges(table: str, published: float) -> None:
    """Pair Plus house edges (Wizard of Odds)."""
    assert percent(pair_plus_edge(table)) == published


def test_hole_card_edge_is_the_published_one() -> None:
    """Seeing one dealer card and playing optimally: player edge 3.48% (E. Jacobson), more
    than the house edge of the honest game away."""
    edge = hole_card_edge()
    assert percent(edge) == 3.48
    assert edge > 0 > -optimal_strategy_edge().house_edge


def test_values_are_category_major() -> None:
    """A value's category is its leading digit (so comparing values compares hands)."""
    values = all_hands().values
    assert (category_of(values) == values // SCALE).all() and values.max() < 6 * SCALE
