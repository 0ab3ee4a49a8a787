"""The compiled simulator kernels give exactly the numpy path's counts and log rows.

The numpy chunk player (``SpecSimulator.numpy_chunk``, ``simulate/engine.py``:
:func:`deal_hands` and array passes) is the reference; the compiled loops must consume the same
random draws and give identical integer counts, sums of squares and log tables, for the
three games (Three Card Poker's hands of three cards too), several seat counts (with the card
room's blind hands), seeds, with and without a side bet, and with payouts so large that the
sums of squares leave int64. The kernels' bit select is checked against a sorted list of the
set bits.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from math import comb
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from crazy4.core.deal import deal_hands
from crazy4.registry import load_rules
from crazy4.rules.load import RULES_DIR
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate import fast_kernel as sim_kernel
from crazy4.simulate import kernel as shared_kernel
from crazy4.simulate import pcg
from crazy4.simulate.counts import Chunk, Counts
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.simulate.engine import SpecSimulator, simulator_of
from crazy4.simulate.kernel import draw_indices, select_bit, select_table
from crazy4.simulate.plan import CHUNK_ROUNDS, SimulationPlan

_simulator = simulator_of(load_rules("crazy4-standard"))
assert isinstance(_simulator, SpecSimulator)
crazy_four: SpecSimulator = _simulator
#: Rounds of a plan: a whole chunk and a short one.
ROUNDS = CHUNK_ROUNDS + 3_001


def same_chunk(a: Chunk, b: Chunk) -> None:
    assert a.counts.rounds == b.counts.rounds
    assert np.array_equal(a.counts.seats, b.counts.seats)
    assert np.array_equal(a.counts.blind, b.counts.blind)
    assert np.array_equal(a.counts.dealer, b.counts.dealer)
    assert a.counts.round_squares == b.counts.round_squares
    assert (a.log is None) == (b.log is None)
    if a.log is not None and b.log is not None:
        assert a.log.equals(b.log)


def numpy_chunk_of(rules: RuleSet) -> Callable[[SimulationPlan, int, bool], Chunk]:
    """The numpy chunk player of the rules' game."""
    game = simulator_of(rules)
    assert isinstance(game, SpecSimulator)
    return game.numpy_chunk


def edited_rules(tmp_path: Path, name: str, edit: Callable[[str], str], new_name: str) -> RuleSet:
    text = edit((RULES_DIR / f"{name}.toml").read_text())
    path = tmp_path / f"{new_name}.toml"
    path.write_text(re.sub(r'(?m)^name = ".*"$', f'name = "{new_name}"', text, count=1))
    return load_rules(str(path))


def without_side_bets(text: str) -> str:
    """The rule file without its ``[[queens_up]]`` / ``[[aces_up]]`` tables."""
    kept, skipping = [], False
    for line in text.splitlines():
        if line.startswith("["):
            skipping = line.strip("[]").split(".")[0] in ("queens_up", "aces_up")
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


CASES = [
    ("crazy4-standard", 1, 0, 1),
    ("crazy4-standard", 2, 0, 7),
    ("crazy4-standard", 7, 0, 12345),
    ("crazy4-cardroom", 3, 1, 5),
    ("crazy4-cardroom", 6, 3, 99),
    ("four-card-standard", 1, 0, 3),
    ("four-card-standard", 2, 0, 8),
    ("four-card-standard", 7, 0, 2024),
    ("four-card-ante-bonus-2", 4, 0, 11),
    ("three-card-standard", 1, 0, 1),
    ("three-card-standard", 7, 0, 77),
    ("three-card-side-bets", 3, 0, 21),
]


@pytest.mark.parametrize(("name", "seats", "blind", "seed"), CASES)
def test_kernel_counts_and_log_equal_the_numpy_path(
    name: str, seats: int, blind: int, seed: int
) -> None:
    rules = load_rules(name)
    plan = make_plan(rules, rounds=ROUNDS, seed=seed, seats=seats, blind_hands=blind)
    game = simulator_of(rules)
    numpy_path = numpy_chunk_of(rules)
    for chunk in range(plan.chunks):
        same_chunk(game.play_chunk(plan, chunk, False), numpy_path(plan, chunk, False))
    same_chunk(game.play_chunk(plan, 1, True), numpy_path(plan, 1, True))


@pytest.mark.parametrize(("name", "seats"), [("crazy4-standard", 3), ("four-card-standard", 2)])
def test_kernel_without_a_side_bet(tmp_path: Path, name: str, seats: int) -> None:
    rules = edited_rules(tmp_path, name, without_side_bets, "no-side")
    assert rules.side_bets == ()
    plan = make_plan(rules, rounds=9_000, seed=4, seats=seats)
    assert plan.side_bet is None
    game = simulator_of(rules)
    same_chunk(game.play_chunk(plan, 0, True), numpy_chunk_of(rules)(plan, 0, True))


def test_kernel_sums_of_squares_past_int64(tmp_path: Path) -> None:
    """A 10^15 Super Bonus: per-round totals squared pass int64; the kernel hands the keys to
    the exact Python-integer sums and still agrees with the numpy path."""
    rules = edited_rules(
        tmp_path,
        "crazy4-standard",
        lambda text: re.sub(r"(?m)^four_aces = .*$", "four_aces = 1000000000000000", text),
        "huge-bonus",
    )
    plan = make_plan(rules, rounds=20_000, seed=6, seats=4)
    chunk = simulator_of(rules).play_chunk(plan, 0, False)
    same_chunk(chunk, crazy_four.numpy_chunk(plan, 0, False))
    assert max(chunk.counts.round_squares.values()) > 2**63


@pytest.mark.parametrize("jobs", [1, 2])
def test_kernel_run_equals_numpy_run_for_any_jobs(jobs: int) -> None:
    rules = load_rules("crazy4-standard")
    plan = make_plan(rules, rounds=3 * CHUNK_ROUNDS + 17, seed=31, seats=2)
    counts = run_simulation(plan, jobs=jobs)
    reference = [crazy_four.numpy_chunk(plan, chunk, False).counts for chunk in range(plan.chunks)]
    assert counts.rounds == sum(c.rounds for c in reference)
    assert np.array_equal(counts.seats, sum(c.seats for c in reference))
    assert np.array_equal(counts.dealer, sum(c.dealer for c in reference))
    for name, value in counts.round_squares.items():
        assert value == sum(c.round_squares[name] for c in reference)


def test_draw_indices_are_the_deal_hands_draws() -> None:
    sizes = (5, 5, 1, 5)
    drawn = draw_indices(np.random.default_rng(8), 500, sizes)
    dealt = deal_hands(np.random.default_rng(8), 500, sizes)
    assert np.array_equal(drawn[0], dealt.colex[0])
    # the same generator state afterwards: the draws consumed the same stream
    a, b = np.random.default_rng(8), np.random.default_rng(8)
    draw_indices(a, 500, sizes)
    deal_hands(b, 500, sizes)
    assert a.integers(0, 2**62) == b.integers(0, 2**62)


@pytest.mark.parametrize(
    ("module", "digest", "source"),
    [
        (sim_kernel, "KERNEL_SOURCE_DIGEST", shared_kernel),
        (shared_kernel, "PCG_SOURCE_DIGEST", pcg),
    ],
)
def test_game_kernels_name_the_shared_kernel_source(
    module: ModuleType, digest: str, source: ModuleType
) -> None:
    """numba's cache would keep a kernel's stale code after a change to the file of a function
    it compiles in (kernel.py for the game kernels, pcg.py for kernel.py): each records that
    file's digest, so such a change must touch it too."""
    text = Path(str(source.__file__)).read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == getattr(module, digest)


@njit
def _select(free: int, c: int, table: np.ndarray) -> int:  # type: ignore[type-arg]
    return select_bit(free, c, table)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=1), st.data())
def test_select_bit_is_the_kth_set_bit(bits: set[int], data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(bits) - 1))
    mask = sum(1 << bit for bit in bits)
    assert _select(mask, k, select_table()) == sorted(bits)[k]


@pytest.mark.parametrize(
    ("name", "seats", "blind"),
    [("crazy4-cardroom", 3, 1), ("crazy4-progressive", 2, 0), ("four-card-progressive", 2, 0)],
)
def test_counting_into_a_total_equals_adding_the_chunks(name: str, seats: int, blind: int) -> None:
    """``play_chunk(..., into=total)`` (the driver's summary mode) leaves in ``total`` what adding
    each chunk's own counts gives (those equal the numpy reference path's: the tests above):
    every count, sum of squares and progressive sum."""
    rules = load_rules(name)
    plan = make_plan(rules, rounds=3 * CHUNK_ROUNDS - 5, seed=4, seats=seats, blind_hands=blind)
    game = simulator_of(rules)
    total, added = Counts.empty(game.key_bins), Counts.empty(game.key_bins)
    for chunk in range(plan.chunks):
        assert game.play_chunk(plan, chunk, False, into=total).counts is total
        added.add(game.play_chunk(plan, chunk, False).counts)
    same_chunk(Chunk(total, None), Chunk(added, None))
    assert total.round_squares or seats == 1  # several seats: sums of squares were added
    if "progressive" in name:
        assert total.progressive is not None and added.progressive is not None
        assert vars(total.progressive) == vars(added.progressive)
    else:
        assert total.progressive is None and added.progressive is None


@njit(cache=True)
def _both_placements(
    relative: np.ndarray, dealt: np.ndarray, table: np.ndarray, out: np.ndarray
) -> None:
    binomial = np.zeros((53, 8), dtype=np.int64)
    for n in range(53):
        binomial[n, 0] = 1
        for k in range(1, min(n, 7) + 1):
            binomial[n, k] = binomial[n - 1, k - 1] + (binomial[n - 1, k] if k < n else 0)
    cards = np.zeros(5, dtype=np.int64)
    for i in range(relative.shape[0]):
        out[i, 0], out[i, 1] = shared_kernel.place_hand_select(
            relative[i], 5, dealt[i], binomial, table, cards, 0
        )
        out[i, 2:7] = cards
        if shared_kernel.FAST_DEPOSIT:  # pdep only where the processor runs it in hardware
            out[i, 7], out[i, 8] = shared_kernel.place_hand_deposit(
                relative[i], 5, dealt[i], binomial, table, cards, 0
            )
            out[i, 9:14] = cards


def test_hand_placement_by_pdep_and_by_bit_selection_agree_with_a_listing() -> None:
    """Both ways of placing a hand give the relative cards' undealt cards, sorted, by a listing
    of the undealt cards (and the new mask, and the colex index)."""
    rng = np.random.default_rng(7)
    n = 600
    dealt = np.zeros(n, dtype=np.int64)
    relative = np.zeros(n, dtype=np.int64)
    expected = []
    for i in range(n):
        gone = rng.choice(52, int(rng.integers(0, 47)), replace=False)
        dealt[i] = sum(1 << int(c) for c in gone)
        undealt = [c for c in range(52) if c not in set(gone.tolist())]
        chosen = sorted(rng.choice(len(undealt), 5, replace=False).tolist())
        relative[i] = sum(c << (6 * j) for j, c in enumerate(chosen))
        expected.append([undealt[c] for c in chosen])
    out = np.zeros((n, 14), dtype=np.int64)
    _both_placements(relative, dealt, select_table(), out)
    cards = np.array(expected)
    colex = sum(np.array([comb(int(c), j + 1) for c in cards[:, j]]) for j in range(5))
    masks = dealt | sum(np.left_shift(np.int64(1), cards[:, j]) for j in range(5))
    assert (
        (out[:, 2:7] == cards).all() and (out[:, 0] == colex).all() and (out[:, 1] == masks).all()
    )
    if shared_kernel.FAST_DEPOSIT:
        assert (out[:, 7:] == out[:, :7]).all()


def test_a_plan_carries_its_decisions_as_int8() -> None:
    """What goes to every worker with each task: Four Card Poker's decisions in 5.6 MB, not
    45; a plan made from int64 decisions is the same plan, with the same key (which names the
    workers' tables)."""
    import dataclasses
    import pickle

    plan = make_plan(load_rules("four-card-standard"), rounds=10, seed=1)
    assert plan.decision.dtype == np.int8
    assert len(pickle.dumps(plan)) < plan.decision.shape[0] * 2
    wide = dataclasses.replace(plan, decision=plan.decision.astype(np.int64))
    assert wide.decision.dtype == np.int8 and wide.key == plan.key
    with pytest.raises(ValueError, match="outside int8"):
        dataclasses.replace(plan, decision=np.array([0, 300]))
