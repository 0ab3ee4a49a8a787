"""Monte Carlo of a hole-carding seat: random rounds played by the exact hole-card strategy.

Chunks of :data:`CHUNK_ROUNDS` rounds are seeded from ``SeedSequence(seed).spawn``, so the
numbers do not depend on ``jobs``; sums are exact integers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np
import numpy.typing as npt

from crazy4.advantage.surveil import surveillance_of
from crazy4.core.decisions import best_decisions
from crazy4.core.table_kernels import set_threads
from crazy4.rules.ruleset import RuleSet

CHUNK_ROUNDS = 65_536


def situation_evs(
    rules: RuleSet, hands: npt.NDArray[np.integer], forced: npt.NDArray[np.integer]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], int]:
    """EV numerators of fold, 1x, 2x, 3x for each (hand, forced dealer cards) row, the allowed
    decisions, and the common denominator.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> ev, allowed, d = situation_evs(load_rules("crazy4-standard"),
    ...     np.array([parse_cards("As Ad 7c 4h 2s")]), np.array([parse_cards("Kd")]))
    >>> d, bool(allowed[0, 3])
    (326370, True)
    """
    hands64 = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    forced64 = np.asarray(forced, dtype=np.int64).reshape(hands64.shape[0], -1)
    return surveillance_of(rules).seen_evs(rules, hands64, forced64)


@dataclass(frozen=True)
class HoleCardSimulation:
    """Rounds played, the exact sums of the nets and of their squares (over ``unit``)."""

    rounds: int
    total: int
    squares: int
    unit: int

    @property
    def mean(self) -> float:
        """Mean net per round, in Antes."""
        return float(Fraction(self.total, self.rounds * self.unit))

    @property
    def standard_error(self) -> float:
        """Standard error of :attr:`mean`."""
        mean = Fraction(self.total, self.rounds * self.unit)
        variance = Fraction(self.squares, self.rounds * self.unit**2) - mean * mean
        return sqrt(float(variance) / self.rounds)


def deal_rounds(rng: np.random.Generator, rounds: int, cards: int) -> npt.NDArray[np.int64]:
    """The first ``cards`` cards of ``rounds`` shuffled decks (``argsort(keys)[:, :cards]`` of
    52 uniform keys, found by a partition).

    Examples
    --------
    >>> keys_rng, rng = np.random.default_rng(3), np.random.default_rng(3)
    >>> full = np.argsort(keys_rng.random((4, 52)), axis=1)[:, :10]
    >>> bool((deal_rounds(rng, 4, 10) == full).all())
    True
    """
    keys = rng.random((rounds, 52))
    chosen = np.argpartition(keys, cards - 1, axis=1)[:, :cards]
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
    return np.take_along_axis(chosen, order, axis=1).astype(np.int64)


def play_chunk(
    rules: RuleSet, seen: int, rounds: int, seed: np.random.SeedSequence
) -> tuple[int, int]:
    """Exact (sum of nets, sum of squared nets) of ``rounds`` rounds seeded by ``seed``."""
    table = surveillance_of(rules)
    rng = np.random.Generator(np.random.PCG64(seed))
    p = table.player_cards
    cards = deal_rounds(rng, rounds, p + table.dealer_size)
    hands, dealer = np.sort(cards[:, :p], axis=1), cards[:, p:]
    known = dealer[:, : table.face_up + seen]
    ev, allowed, _ = situation_evs(rules, hands, known)
    decision = best_decisions(ev, allowed)[0]
    net = table.settle(rules, hands, dealer, decision)
    return int(net.sum()), int((net * net).sum())


def simulate_hole_cards(
    rules: RuleSet,
    seen: int,
    rounds: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int = 1,
) -> HoleCardSimulation:
    """Play ``rounds`` rounds of a seat seeing ``seen`` hidden dealer cards.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> a = simulate_hole_cards(load_rules("crazy4-standard"), 1, 1000, seed=1)
    >>> a == simulate_hole_cards(load_rules("crazy4-standard"), 1, 1000, seed=1)
    True
    """
    sizes = [CHUNK_ROUNDS] * (rounds // CHUNK_ROUNDS)
    if rounds % CHUNK_ROUNDS:
        sizes.append(rounds % CHUNK_ROUNDS)
    children = np.random.SeedSequence(seed).spawn(len(sizes))
    previous = set_threads(jobs)
    total = squares = 0
    try:
        for size, child in zip(sizes, children, strict=True):
            chunk_total, chunk_squares = play_chunk(rules, seen, size, child)
            total += chunk_total
            squares += chunk_squares
            if progress is not None:
                progress(size)
    finally:
        set_threads(previous)
    unit = surveillance_of(rules).unit(rules)
    return HoleCardSimulation(rounds=rounds, total=total, squares=squares, unit=unit)
