"""The card removal between player hands at one table, ``R = E_D[Cov(X_i, X_j | D)]``,
estimated by simulation with its standard error from independent batches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from crazy4.cardroom.dealerside import relation_cells
from crazy4.cardroom.defaults import SIMULATION_BATCHES, SIMULATION_ROUNDS, SIMULATION_SEED
from crazy4.core.cards import colex_indices
from crazy4.core.ranking import build_best_four_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.errors import InputError

#: Player hands dealt with each dealer hand in the simulation (9 x 5 + 5 = 50 cards).
SIMULATED_HANDS = 9
_DECKS_PER_CHUNK = 50_000


@dataclass(frozen=True)
class CardRemoval:
    """Simulated card-removal covariance between two player hands sharing a dealer hand: per
    batch, the estimate of ``R[a, b]``; ``pair_sums`` counts the sums (over ``pair_unit``) of
    the ``pair`` of functions on two hands of a deal."""

    batches: npt.NDArray[np.float64]
    rounds: int
    seed: int
    hands_per_deal: int
    pair_sums: dict[int, int] = field(default_factory=dict)
    pair_unit: int = 1

    def combination(self, weights: npt.NDArray[np.float64]) -> tuple[float, float]:
        """``Σ weights[a, b] R[a, b]`` and its standard error (from the batch means)."""
        values = np.einsum("kab,ab->k", self.batches, weights)
        error = float(values.std(ddof=1) / math.sqrt(values.shape[0])) if len(values) > 1 else 0.0
        return float(values.mean()), error


@dataclass(frozen=True)
class _Bases:
    """The basis functions being simulated, by player hand type."""

    types: npt.NDArray[np.intp]
    type_nets: Sequence[npt.NDArray[np.int64]]
    units: Sequence[int]
    dealer_means: npt.NDArray[np.float64]
    values: npt.NDArray[np.float64]  # (types, cells, m): nets per unit


def _deal(
    rng: np.random.Generator, decks: int, qualifier_strength: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.intp]]:
    """Shuffle ``decks`` decks and deal a dealer hand and :data:`SIMULATED_HANDS` player hands:
    the hand class of every hand (dealer first) and the outcome cell of every player hand."""
    hands = SIMULATED_HANDS
    shuffled = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (decks, 1)), axis=1)
    dealt = shuffled[:, : 5 * (hands + 1)].reshape(decks, hands + 1, 5)
    dealt.sort(axis=2)
    index = colex_indices(dealt.reshape(-1, 5)).reshape(decks, hands + 1)
    v = build_best_four_strengths(5)[index].astype(np.int64)
    classes: npt.NDArray[np.int32] = build_suit_classes().class_of_hand[index]
    cells = relation_cells(v[:, 0] >= qualifier_strength)  # (n, 3)
    player_v = v[:, 1:]
    relation = np.where(player_v > v[:, [0]], 0, np.where(player_v == v[:, [0]], 1, 2))
    return classes, np.take_along_axis(cells, relation, axis=1)


def _removal_sum(
    bases: _Bases, classes: npt.NDArray[np.int32], cell: npt.NDArray[np.intp]
) -> npt.NDArray[np.float64]:
    """``Σ_deals Σ_{i≠j} d_a,i d_b,j`` over the dealt decks, shape (m, m)."""
    phi = bases.values[bases.types[classes[:, 1:]], cell]  # (n, hands, m)
    d = phi - bases.dealer_means[classes[:, 0]][:, None, :]
    summed = d.sum(axis=1)
    total: npt.NDArray[np.float64] = np.einsum("na,nb->ab", summed, summed) - np.einsum(
        "nha,nhb->ab", d, d
    )
    return total


def _count_pair_sums(
    counts: dict[int, int],
    bases: _Bases,
    pair: tuple[int, int],
    pair_unit: int,
    classes: npt.NDArray[np.int32],
    cell: npt.NDArray[np.intp],
) -> None:
    """Add to ``counts`` the sums of basis ``pair[0]`` on one hand and ``pair[1]`` on the next."""
    scale = [pair_unit // bases.units[pair[0]], pair_unit // bases.units[pair[1]]]
    types = bases.types
    first = bases.type_nets[pair[0]][types[classes[:, 1:-1:2]], cell[:, 0:-1:2]]
    second = bases.type_nets[pair[1]][types[classes[:, 2::2]], cell[:, 1::2]]
    sums = (first * scale[0] + second * scale[1]).ravel()
    found, counted = np.unique(sums, return_counts=True)
    for key, number in zip(found.tolist(), counted.tolist(), strict=True):
        counts[key] = counts.get(key, 0) + number


def simulate_card_removal(
    types: npt.NDArray[np.intp],
    type_nets: Sequence[npt.NDArray[np.int64]],
    units: Sequence[int],
    dealer_means: npt.NDArray[np.float64],
    qualifier_strength: int,
    *,
    rounds: int = SIMULATION_ROUNDS,
    seed: int = SIMULATION_SEED,
    batches: int = SIMULATION_BATCHES,
    pair: tuple[int, int] | None = None,
) -> CardRemoval:
    """Estimate the card-removal covariance ``R`` between seats by simulation: per deal, with
    ``d_a,i = φ_a(P_i, D) - h_a(D)``, the U-statistic ``Σ_{i≠j} d_a,i d_b,j / (H (H - 1))``
    (one seed child per batch: the result does not depend on how the work is split); ``pair``
    also counts the distribution of ``φ_a`` on one hand plus ``φ_b`` on another."""
    if rounds < batches or batches < 2:
        raise InputError(f"simulation: {rounds} rounds is too few (at least {batches})")
    values = np.stack(
        [
            np.asarray(net, dtype=np.float64) / unit
            for net, unit in zip(type_nets, units, strict=True)
        ],
        axis=2,
    )
    bases = _Bases(types, type_nets, units, dealer_means, values)
    hands, m = SIMULATED_HANDS, values.shape[2]
    pair_unit = math.lcm(units[pair[0]], units[pair[1]]) if pair else 1
    pair_counts: dict[int, int] = {}
    results = np.zeros((batches, m, m))
    per_batch = [rounds // batches + (1 if k < rounds % batches else 0) for k in range(batches)]
    children = np.random.SeedSequence(seed).spawn(batches)
    for batch, (count, child) in enumerate(zip(per_batch, children, strict=True)):
        rng = np.random.default_rng(child)
        total = np.zeros((m, m))
        for start in range(0, count, _DECKS_PER_CHUNK):
            classes, cell = _deal(rng, min(_DECKS_PER_CHUNK, count - start), qualifier_strength)
            total += _removal_sum(bases, classes, cell)
            if pair is not None:
                _count_pair_sums(pair_counts, bases, pair, pair_unit, classes, cell)
        results[batch] = total / (count * hands * (hands - 1))
    symmetric = (results + results.transpose(0, 2, 1)) / 2
    return CardRemoval(symmetric, rounds, seed, hands, pair_counts, pair_unit)
