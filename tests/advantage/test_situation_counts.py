"""The hole-card analysis's cached dealer counts (crazy4/advantage/situation_counts.py): the
same integers as counting each part, read back from the table cache without counting."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from crazy4.advantage import situation_counts as module
from crazy4.core.cards import parse_cards
from crazy4.core.engine import brute_force_counts
from crazy4.core.forced import count_forced


def test_cached_counts_are_the_counts_and_are_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    hands = np.array([parse_cards("Ks Qd 8c 4h 2s"), parse_cards("Ah Ad 7c 7s 2d")])
    thresholds = np.array([[100, 322, 2000], [50, 1800, 2400]])
    parts = [
        (np.array([0, 0, 1]), np.array([parse_cards("Ah"), parse_cards("2d"), parse_cards("Kc")])),
        (np.array([1]), np.array([parse_cards("3c")])),
    ]
    first = list(module.situation_counts(hands, parts, thresholds, 5))
    for (hand_of, cards), counts in zip(parts, first, strict=True):
        for row, hand, card in zip(counts, hand_of, cards, strict=True):
            expected = brute_force_counts(hands[hand], thresholds[hand], forced_cards=tuple(card))
            assert row.tolist() == list(expected)  # by listing every dealer hand
    assert len(list(tmp_path.glob("holecard_counts_5_1_*.npy"))) == 1

    def no_counting(*args: object) -> None:
        raise AssertionError("counted again")

    monkeypatch.setattr(module, "count_forced", no_counting)
    again = list(module.situation_counts(hands, parts, thresholds, 5))
    assert [a.tolist() for a in again] == [f.tolist() for f in first]
    other = thresholds + 1  # other thresholds: another table, counted
    with pytest.raises(AssertionError, match="counted again"):
        list(module.situation_counts(hands, parts, other, 5))


def test_two_forced_cards_are_counted_part_by_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    hands = np.array([parse_cards("Ks Qd 8c 4h 2s")])
    parts = [(np.array([0]), np.array([sorted(parse_cards("Ah 2d"))]))]
    thresholds = np.array([[100, 322, 2000]])
    counts = list(module.situation_counts(hands, parts, thresholds, 5))
    assert counts[0].tolist() == count_forced(hands, *parts[0], thresholds, 5).tolist()
    assert not list(tmp_path.glob("holecard_counts_*"))
