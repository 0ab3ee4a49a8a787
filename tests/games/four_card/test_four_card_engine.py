"""Four Card Poker's tables under the specification engines' counting: the dealer's best four
of six against the published counts, the compiled subset tables against numpy, and a bad
``--out`` refused before any compile starts (the up-card engine these tests also checked
against brute force is gone: the specification engines' counting is checked in
``tests/generic``)."""

from __future__ import annotations

from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from crazy4.core.cards import colex_indices
from crazy4.core.engine import below_table_compiled, below_table_numpy
from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    build_four_card_table,
    category_of_strength,
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


@pytest.mark.parametrize("command", ["analyze", "report"])
def test_a_bad_out_is_refused_before_any_compile_starts(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On a cache without the counts, a bad ``--out`` is exit status 2 with no child started
    (the input is checked before the game prepares)."""
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
