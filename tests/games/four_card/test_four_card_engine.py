"""The Four Card Poker engine against brute force, the numpy engine and the symmetry."""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest

import crazy4.core.upcard as fourcard_engine
from crazy4.core.cards import colex_indices, combinations_array, parse_card, parse_cards
from crazy4.core.engine import (
    below_table_compiled,
    below_table_numpy,
    brute_force_counts,
    count_dealer_below,
)
from crazy4.core.forced import start_compiling
from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    build_four_card_table,
    category_of_strength,
)
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard import situation_thresholds
from crazy4.core.upcard_situations import build_situations, situations_of
from crazy4.games.four_card.deal import (
    HIDDEN_COMPLETIONS,
    SITUATIONS,
    TOTAL_DEALS,
    count_situations,
    prepare_counting,
)

#: Published dealer best-four-of-six counts (../shared/rules/four-card-poker.md).
DEALER_COUNTS = {
    HandCategory.FOUR_OF_A_KIND: 14_664,
    HandCategory.STRAIGHT_FLUSH: 47_752,
    HandCategory.THREE_OF_A_KIND: 897_616,
    HandCategory.FLUSH: 2_245_352,
    HandCategory.STRAIGHT: 1_744_080,
    HandCategory.TWO_PAIR: 2_342_736,
    HandCategory.PAIR: 8_194_320,
    HandCategory.HIGH_CARD: 4_872_000,
}


def _random_situations(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    hands = np.empty((count, 5), dtype=np.int64)
    ups = np.empty(count, dtype=np.int64)
    for row in range(count):
        cards = rng.choice(52, size=6, replace=False)
        hands[row] = np.sort(cards[:5])
        ups[row] = cards[5]
    return hands, ups


def test_constants() -> None:
    assert HIDDEN_COMPLETIONS == comb(46, 5) == 1_370_754
    assert comb(52, 5) * 47 == SITUATIONS
    assert TOTAL_DEALS == comb(52, 5) * 47 * comb(46, 5) == comb(52, 5) * comb(47, 6) * 6


def test_dealer_best_four_of_six_counts() -> None:
    strengths = build_best_four_strengths(6)
    assert strengths.shape == (comb(52, 6),)
    counts = np.bincount(category_of_strength()[strengths], minlength=len(HandCategory))
    assert {HandCategory(c): int(n) for c, n in enumerate(counts)} == DEALER_COUNTS


def test_compiled_six_card_strengths_match_four_card_subsets() -> None:
    rng = np.random.default_rng(1)
    hands = np.sort(np.array([rng.choice(52, 6, replace=False) for _ in range(3000)]), axis=1)
    four_card = build_four_card_table()[0]
    expected = np.zeros(len(hands), dtype=np.int64)
    for kept in combinations(range(6), 4):
        expected = np.maximum(expected, four_card[colex_indices(hands[:, list(kept)])])
    assert (build_best_four_strengths(6)[colex_indices(hands)] == expected).all()


@pytest.mark.parametrize(("size", "dealer_size"), [(1, 5), (3, 5), (4, 5), (3, 6), (4, 6)])
def test_compiled_subset_tables_match_numpy(size: int, dealer_size: int) -> None:
    compiled = below_table_compiled(size, dealer_size)
    reference = below_table_numpy(size, dealer_size)
    assert compiled.dtype == reference.dtype
    assert np.array_equal(compiled, reference)


def test_situation_weights_cover_every_situation() -> None:
    situations = build_situations()
    assert int(situations.weights.sum()) == SITUATIONS
    assert len(situations.weights) == 5_649_150
    assert set(np.unique(situations.weights).tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24, 36, 48, 72}


def _relabel(cards: np.ndarray, permutation: tuple[int, ...]) -> np.ndarray:
    return np.sort(4 * (cards // 4) + np.array(permutation)[cards % 4], axis=-1)


def test_situation_orbits_match_weights() -> None:
    """For sampled hand classes: the orbits of the kept up cards under all 24 suit relabellings
    are disjoint, have the stated sizes, and together hold every (hand, up card) of the class."""
    classes = build_suit_classes()
    rng = np.random.default_rng(7)
    chosen = np.concatenate(
        [
            rng.choice(len(classes.weights), 60, replace=False),
            np.flatnonzero(classes.weights == 4)[:20],
        ]
    )
    situations = situations_of(classes.representatives[chosen], classes.weights[chosen])
    for position, class_index in enumerate(chosen):
        hand = classes.representatives[class_index].astype(np.int64)
        covered: set[tuple[tuple[int, ...], int]] = set()
        rows = np.flatnonzero(situations.hand_class == position)
        for row in rows:
            up = int(situations.up_card[row])
            orbit = {
                (tuple(_relabel(hand, p).tolist()), int(_relabel(np.array([up]), p)[0]))
                for p in permutations(range(4))
            }
            assert len(orbit) == situations.weights[row]
            assert not orbit & covered
            covered |= orbit
        assert len(covered) == classes.weights[class_index] * 47


def test_kernel_matches_brute_force_on_sampled_situations() -> None:
    hands, ups = _random_situations(8, seed=2024)
    fixed = [
        (parse_cards("As Ad 7c 4h 2s"), parse_card("Kd")),  # the CLI example
        (parse_cards("Ac Ad Ah As Kc"), parse_card("Kd")),  # four aces
        (parse_cards("2c 3c 4c 5c 7d"), parse_card("6c")),  # up card completes straight flushes
        (parse_cards("2c 3d 4h 5s 7d"), parse_card("Ac")),
    ]
    hands = np.vstack([hands, np.array([h for h, _ in fixed])])
    ups = np.concatenate([ups, [u for _, u in fixed]])
    counts = count_situations(hands, np.arange(len(ups)), ups)
    thresholds = situation_thresholds(hands)
    for row in range(len(ups)):
        expected = brute_force_counts(
            hands[row], thresholds[row], forced_cards=(int(ups[row]),), dealer_size=6
        )
        assert counts[row].tolist() == expected.tolist()


def test_kernel_matches_numpy_engine() -> None:
    """The compiled inclusion-exclusion against crazy4.core.engine's numpy one, 300 situations."""
    hands, ups = _random_situations(300, seed=11)
    thresholds = situation_thresholds(hands)
    counts = count_situations(hands, np.arange(len(ups)), ups, jobs=2)
    expected = count_dealer_below(hands, thresholds, forced_cards=ups[:, None], dealer_size=6)
    assert (counts == expected).all()


def test_counts_invariant_under_suit_relabelling() -> None:
    situations = build_situations()
    classes = build_suit_classes()
    rng = np.random.default_rng(3)
    rows = rng.choice(len(situations.weights), 200, replace=False)
    hands = classes.representatives[situations.hand_class[rows]].astype(np.int64)
    ups = situations.up_card[rows]
    base = count_situations(hands, np.arange(200), ups)
    for permutation in [(1, 0, 2, 3), (3, 2, 1, 0), (2, 3, 0, 1)]:
        moved = count_situations(
            _relabel(hands, permutation), np.arange(200), _relabel(ups[:, None], permutation)[:, 0]
        )
        assert (moved == base).all()


def test_counts_are_consistent() -> None:
    hands, ups = _random_situations(2000, seed=5)
    counts = count_situations(hands, np.arange(len(ups)), ups)
    assert (np.diff(counts[:, 2:], axis=1) >= 0).all()  # cumulative by category
    assert (counts[:, 1] >= counts[:, 0]).all()
    assert (counts <= HIDDEN_COMPLETIONS).all() and (counts >= 0).all()
    strengths = build_best_four_strengths(5)[colex_indices(hands)]
    category = category_of_strength()[strengths].astype(np.int64)
    rows = np.arange(len(ups))
    # the dealer hands below the player's category are below the player, and those below the
    # next category include every hand tying the player
    own = category >= 1
    assert (counts[rows[own], 1 + category[own]] <= counts[own, 0]).all()
    top = category <= 6
    assert (counts[rows[top], 2 + category[top]] >= counts[top, 1]).all()


def test_up_card_in_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="forced card is in its player hand"):  # As is 51
        count_situations(np.array([parse_cards("As Ad 7c 4h 2s")]), np.array([0]), np.array([51]))


def test_single_situation_totals() -> None:
    """A hand/up pair: the dealer-category counts sum to C(46, 5) and match a direct listing."""
    hand = np.array(parse_cards("Kc Qd 8h 4s 2c"))
    up = parse_card("Ah")
    counts = count_situations(hand[None], np.array([0]), np.array([up]))[0]
    remaining = np.setdiff1d(np.arange(52), np.append(hand, up))
    hidden = remaining[combinations_array(len(remaining), 5)]
    dealer = np.sort(np.column_stack([hidden, np.full(len(hidden), up)]), axis=1)
    categories = category_of_strength()[build_best_four_strengths(6)[colex_indices(dealer)]]
    histogram = np.bincount(categories, minlength=8)
    assert len(hidden) == HIDDEN_COMPLETIONS
    assert counts[2:].tolist() == np.cumsum(histogram)[:-1].tolist()


def test_prepare_starts_the_count_kernels_compile_once_and_only_when_uncounted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``crazy4 analyze`` has the game prepare right after reading the rules: on a cache
    without the counts it starts the kernel's compile, which the count then asks for again
    and gets (the same running child); with the counts cached it starts nothing."""
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))  # an empty table cache
    compiling = prepare_counting()
    assert compiling is not None
    assert start_compiling() is compiling or not compiling.is_alive()
    compiling.join()
    monkeypatch.setattr(fourcard_engine, "is_cached", lambda *names: True)
    assert prepare_counting() is None


@pytest.mark.parametrize("command", ["analyze", "report"])
def test_a_bad_out_is_refused_before_any_compile_starts(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On a cache without the counts, a bad ``--out`` is exit status 2 with no child started
    (the input is checked before the game prepares); a good one starts the compile."""
    import crazy4.core.forced as forced
    from crazy4.cli.main import main

    started: list[tuple[str, ...]] = []
    monkeypatch.setattr(forced, "compile_in_child", lambda *targets: started.append(targets))
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path / "cache"))  # no counts cached
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = blocker / "results" if command == "analyze" else blocker / "report.md"
    argv = [command, "--rules", "four-card-standard", "--out", str(out)]
    assert main(argv) == 2
    assert "--out" in capsys.readouterr().err and started == []
    assert prepare_counting() is None and started == [("crazy4.core.forced:compile_count_kernel",)]
