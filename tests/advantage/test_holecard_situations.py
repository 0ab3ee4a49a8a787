"""The hole-card engine's situations and their cached cells
(crazy4/advantage/holecard_situations.py): with one forced card the cells are the counter's, read
back from the table cache without counting; with two they are counted chunk by chunk and never
cached. The expected cells are the counter's own, called here on the same rows, and every row's
cells add up to the dealer hands the cards leave."""

from __future__ import annotations

from math import comb
from pathlib import Path

import numpy as np
import pytest

from crazy4.advantage import holecard_situations as module
from crazy4.analyze.counts import suit_classes
from crazy4.games.three_card.game import THREE_CARD
from crazy4.registry import load_rules


def test_cached_cells_are_the_counts_and_are_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    rules = load_rules("three-card-standard")
    first = list(module.counted_chunks(THREE_CARD, rules, 1, 1))
    shape = module.forced_shape(THREE_CARD.shape, 1)
    hands = suit_classes(3)[0]
    for chunk in first:
        counted = module.count_cells(THREE_CARD, rules, shape, hands[chunk.hand], chunk.cards, 1)
        assert chunk.cells.tolist() == counted.tolist()
        assert (chunk.cells.sum(axis=1) == comb(48, 2)).all()
    assert int(sum(int(chunk.weights.sum()) for chunk in first)) == comb(52, 3) * 49
    assert len(list(tmp_path.glob("three_card*_cells_3x3_up1_*.npy"))) == 1

    def no_counting(*args: object) -> None:
        raise AssertionError("counted again")

    monkeypatch.setattr(module, "count_cells", no_counting)
    again = list(module.counted_chunks(THREE_CARD, rules, 1, 1))
    assert [a.cells.tolist() for a in again] == [f.cells.tolist() for f in first]


def test_two_forced_cards_are_counted_part_by_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    rules = load_rules("three-card-standard")
    selected = np.array([0, 500, 1754])
    chunks = list(module.counted_chunks(THREE_CARD, rules, 2, 1, selected))
    assert {int(h) for chunk in chunks for h in chunk.hand} == set(selected.tolist())
    weights = suit_classes(3)[1][selected]
    assert sum(int(chunk.weights.sum()) for chunk in chunks) == int(weights.sum()) * comb(49, 2)
    assert all((chunk.cells.sum(axis=1) == 47).all() for chunk in chunks)
    assert not list(tmp_path.glob("*_up2_*"))
