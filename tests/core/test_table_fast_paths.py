"""The analysis path's fast routes give what the plain routes give (issue 14).

Each fast route is checked against an independent computation written here: a Python loop over
rows, ``itertools.combinations``, or the general (sorting, group-by) route forced by Python
integers, on random inputs.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from crazy4.core import cache
from crazy4.core.bet_tables import grouped_returns
from crazy4.core.bets import BetOutcomes
from crazy4.core.cards import format_card, format_hands, hands_of_colex
from crazy4.core.decisions import best_decisions


def test_hands_of_colex_lists_every_hand_in_colex_order() -> None:
    # colex order: sorted by the reversed (descending) card tuple
    expected = sorted(combinations(range(20), 3), key=lambda hand: hand[::-1])
    got = hands_of_colex(np.arange(len(expected)), 3)
    assert got.tolist() == [list(hand) for hand in expected]


def test_format_hands_joins_card_texts() -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, size=5, replace=False) for _ in range(200)])
    assert format_hands(hands).tolist() == [
        " ".join(format_card(int(card)) for card in row) for row in hands
    ]
    assert format_hands(hands[:, :1]).tolist() == [format_card(int(row[0])) for row in hands]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_best_decisions_against_a_row_loop(seed: int) -> None:
    rng = np.random.default_rng(seed)
    ev = rng.integers(-4, 4, size=(500, 4))
    allowed = rng.random((500, 4)) < 0.6
    allowed[np.arange(500), rng.integers(0, 4, size=500)] = True  # one allowed at least
    decision, tied = best_decisions(ev, allowed)
    for row in range(500):
        best = max(int(ev[row, c]) for c in range(4) if allowed[row, c])
        ties = [bool(allowed[row, c] and ev[row, c] == best) for c in range(4)]
        assert tied[row].tolist() == ties
        assert decision[row] == ties.index(True)
    wide_decision, wide_tied = best_decisions(ev.astype(object) * 2**70, allowed)
    assert (wide_decision == decision).all() and (wide_tied == tied).all()


def _random_bet(seed: int) -> BetOutcomes:
    rng = np.random.default_rng(seed)
    combos = rng.integers(0, 50, size=(300, 6))
    combos[rng.random((300, 6)) < 0.2] = 0
    net = rng.integers(-8, 9, size=(300, 6))
    return BetOutcomes("x", "", combos, net, 2, np.full(300, 2))


@pytest.mark.parametrize("seed", [3, 4])
def test_distribution_against_a_dictionary(seed: int) -> None:
    bet = _random_bet(seed)
    totals: dict[int, int] = {}
    for value, count in zip(bet.net.ravel().tolist(), bet.combos.ravel().tolist(), strict=True):
        totals[value] = totals.get(value, 0) + count
    expected = [(Fraction(v, 2), c) for v, c in sorted(totals.items()) if c]
    assert bet.distribution() == expected
    wide = BetOutcomes("x", "", bet.combos, bet.net.astype(object), 2, bet.wager)
    assert wide.distribution() == expected  # the sorting route


@pytest.mark.parametrize("seed", [5, 6])
def test_grouped_returns_counting_equals_group_by(seed: int) -> None:
    bet = _random_bet(seed)
    rng = np.random.default_rng(seed)
    decisions = np.repeat(rng.integers(0, 4, size=300), 6)
    strengths = np.repeat(rng.integers(0, 2535, size=300), 6)
    cells = np.tile(np.arange(6), 300)
    labels = [f"cell {c}" for c in range(6)]
    fast = grouped_returns(bet, decisions, strengths, cells, "outcome", labels)
    wide = BetOutcomes("x", "", bet.combos, bet.net.astype(object), 2, bet.wager)
    general = grouped_returns(wide, decisions, strengths, cells, "outcome", labels)  # group-by
    assert fast.equals(general)
    assert int(fast["combinations"].sum()) == int(bet.combos.sum())


def test_cached_tables_are_mapped_read_only_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    table = np.arange(24, dtype=np.int16).reshape(4, 6)
    cache.cached_array("m", lambda: table, expected_shape=(4, 6), dtype=np.int16)
    loaded = cache.cached_array(
        "m", lambda: pytest.fail("rebuilt"), expected_shape=(4, 6), dtype=np.int16
    )
    assert type(loaded) is np.ndarray and not loaded.flags.writeable
    assert (loaded == table).all()
    (path,) = tmp_path.glob("m-*.npy")
    data = bytearray(path.read_bytes())
    data[-3] ^= 1  # one bit of the table, not of the header
    path.write_bytes(bytes(data))
    calls: list[int] = []

    def build() -> np.ndarray:
        calls.append(1)
        return table

    rebuilt = cache.cached_array("m", build, expected_shape=(4, 6), dtype=np.int16)
    assert calls == [1] and (rebuilt == table).all()
