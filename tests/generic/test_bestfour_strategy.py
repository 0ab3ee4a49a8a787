"""The strategy read by strength: runs, border hands and threshold strategies, on hand-made
classes whose answers are written out by hand."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from crazy4.core.cards import parse_cards
from crazy4.core.ranking import hand_strength
from crazy4.errors import InputError
from crazy4.generic.bestfour_strategy import (
    ThresholdStrategy,
    border_hands,
    strategy_segments,
    threshold_strength,
)
from crazy4.registry import load_rules


def strength(cards: str) -> int:
    return hand_strength(parse_cards(cards))


def test_runs_split_where_the_decision_changes_or_mixes() -> None:
    low, middle, high, top = 10, 11, 12, 2000  # 10-12 high cards; 2000 well above
    strengths = np.array([low, low, middle, middle, high, top])
    weights = np.array([4, 12, 24, 4, 12, 24])
    decision = np.array([0, 0, 0, 1, 1, 3])
    runs = strategy_segments(strengths, weights, decision)
    assert runs["from_strength"].tolist() == [low, middle, high, top]
    assert runs["to_strength"].tolist() == [low, middle, high, top]
    assert runs["decision"].tolist() == ["fold", "mixed", "1x", "3x"]
    assert runs["combinations"].tolist() == [16, 28, 12, 24]
    assert runs["combinations_fold"].tolist() == [16, 24, 0, 0]
    assert runs["combinations_1x"].tolist() == [0, 4, 12, 0]
    assert runs["share_fold"].tolist()[1] == 24 / 28
    assert runs["hand_classes"].tolist() == [2, 2, 1, 1]


def test_consecutive_strengths_with_one_decision_make_one_run() -> None:
    runs = strategy_segments(np.array([5, 6, 7]), np.array([4, 4, 4]), np.array([1, 1, 1]))
    assert runs[["from_strength", "to_strength", "decision"]].values.tolist() == [[5, 7, "1x"]]


def test_border_hands_name_the_discard_and_the_margin() -> None:
    hands = np.array(
        [sorted(parse_cards("Kc Qd 7h 6s 5c")), sorted(parse_cards("Kc Qd 7h 6s 2c"))],
        dtype=np.uint8,
    )
    same = strength("Kc Qd 7h 6s")
    prices = SimpleNamespace(
        denominator=4,
        allowed=np.array([[True, True, False, True], [True, True, False, True]]),
        ev=np.array([[-4, -2, 0, 1], [-4, -5, 0, -6]]),
        decision=np.array([3, 0]),
    )
    border = border_hands(hands, np.array([same, same]), np.array([24, 12]), prices)
    assert border["hand"].tolist() == ["Kc Qd 7h 6s 2c", "Kc Qd 7h 6s 5c"]  # by margin
    assert border["discard"].tolist() == ["2c", "5c"]
    assert border["decision"].tolist() == ["fold", "3x"]
    assert border["margin"].tolist() == [-4 / 4 - (-5 / 4), 1 / 4 - (-2 / 4)]
    assert np.isnan(border["ev_2x"]).all()


def test_no_border_hands_where_every_strength_is_pure() -> None:
    hands = np.array([sorted(parse_cards("Kc Qd 7h 6s 5c"))], dtype=np.uint8)
    prices = SimpleNamespace(
        denominator=1, allowed=np.ones((1, 4), bool), ev=np.zeros((1, 4), int),
        decision=np.array([0]),
    )  # fmt: skip
    border = border_hands(hands, np.array([strength("Kc Qd 7h 6s")]), np.array([24]), prices)
    assert border.empty and "margin" in border.columns


def test_a_threshold_strategy_plays_from_its_hands() -> None:
    rules = load_rules("crazy4-standard")  # Play up to 3x from a pair of aces
    simple = ThresholdStrategy("Kc Qd 8h 4s", "pair of aces")
    hands = ["Ks Qd 8c 3h", "Ks Qd 8c 4h", "Ks Kd Qc Jh", "As Ad 3c 2h"]
    decided = simple.decisions(rules, np.array([strength(hand) for hand in hands]))
    assert decided.tolist() == [0, 1, 1, 3]


def test_a_threshold_names_four_cards_or_a_phrase() -> None:
    assert threshold_strength("Kc Qd 8h 4s") == strength("Ks Qh 8d 4c")  # suits never rank
    assert threshold_strength("pair of 3s") == strength("3s 3d 4c 2h")  # the weakest pair of 3s
    with pytest.raises(InputError):
        threshold_strength("a good hand")
