"""The published threshold strategies (:mod:`crazy4.spec.threshold`), on hands whose answers are
written out by hand (the strategy read by strength: ``tests/analyze/test_border_hands.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.core.cards import parse_cards
from crazy4.core.ranking import hand_strength
from crazy4.errors import InputError
from crazy4.registry import load_rules
from crazy4.spec.threshold import ThresholdStrategy, threshold_strength


def strength(cards: str) -> int:
    return hand_strength(parse_cards(cards))


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
