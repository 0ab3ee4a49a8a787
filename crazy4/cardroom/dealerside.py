"""Exact sums over player hands for every dealer hand: the player-side counts turned around.

For each dealer hand class ``D``, relation ``r`` (above, tie, below) and player type ``τ`` (classes
that settle alike), ``n[D, r, τ] = Σ_{T ⊆ D} (-1)^{|T|} M_T[r, τ](v(D))`` by inclusion-exclusion
over prefix counts of the completions of each subset class (as :mod:`crazy4.core.engine`, with
the roles of the hands exchanged); every sum over player hands follows. Everything is an
integer; nothing is sampled.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.engine import set_classes
from crazy4.core.hidden import OUTCOME_CELLS
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.core.symmetry import build_suit_classes

HAND = 5
#: Player hands disjoint from one dealer hand, C(47, 5).
PLAYER_HANDS_PER_DEALER = comb(52 - HAND, HAND)

#: Table entries handled at once (bounds the working memory to about 100 MB).
_ENTRIES_PER_BLOCK = 12_000_000


@dataclass(frozen=True)
class DealerClasses:
    """The suit classes of dealer hands: a representative, the hands and the strength of each."""

    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]
    strengths: npt.NDArray[np.int64]


@cache
def dealer_classes() -> DealerClasses:
    """The suit classes of dealer hands, with weights and strengths.

    Examples
    --------
    >>> classes = dealer_classes()
    >>> classes.hands.shape, int(classes.weights.sum())
    ((134459, 5), 2598960)
    """
    classes = build_suit_classes()
    strengths = build_best_four_strengths(HAND)[colex_indices(classes.representatives)]
    return DealerClasses(classes.representatives, classes.weights, strengths.astype(np.int64))


def _completions(representatives: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Every five-card hand containing each representative: shape (b, C(52-k, 5-k), 5)."""
    size = representatives.shape[1]
    slots = combinations_array(52 - size, HAND - size).astype(np.intp)
    outside = np.ones((representatives.shape[0], 52), dtype=bool)
    outside[np.arange(representatives.shape[0])[:, None], representatives.astype(np.intp)] = False
    remaining = np.broadcast_to(np.arange(52), outside.shape)[outside].reshape(
        representatives.shape[0], -1
    )
    chosen = remaining[:, slots]
    hands = np.concatenate(
        [np.broadcast_to(representatives[:, None, :], (*chosen.shape[:2], size)), chosen], axis=2
    ).astype(np.int64)
    hands.sort(axis=2)
    return hands


#: The three relations of a player hand to the dealer's hand, in the order of the counts.
RELATIONS = ("above", "tie", "below")


def relation_cells(qualifies: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
    """Cell (:data:`OUTCOME_CELLS`) of each relation for dealer hands that qualify or not.

    Examples
    --------
    >>> relation_cells(np.array([False, True])).tolist()
    [[0, 1, 2], [3, 4, 5]]
    """
    offset = np.where(np.asarray(qualifies), 3, 0)
    return (offset[:, None] + np.arange(3)[None, :]).astype(np.intp)


class _PrefixCounts:
    """``B[row, t, τ]``: hands ⊇ representative ``row`` of type ``τ`` with strength below ``t``
    (dense, or running counts queried by binary search)."""

    def __init__(
        self, representatives: npt.NDArray[np.uint8], types: npt.NDArray[np.intp], n_types: int
    ) -> None:
        n_strengths = number_of_strengths()
        hands = _completions(representatives)
        rows, per_row = hands.shape[:2]
        flat = hands.reshape(-1, HAND)
        index = colex_indices(flat)
        strengths = build_best_four_strengths(HAND)[index].astype(np.int64)
        hand_types = types[build_suit_classes().class_of_hand[index]]
        keys = np.repeat(np.arange(rows, dtype=np.int64), per_row) * n_strengths + strengths
        self.n_strengths = n_strengths
        self.dense = per_row >= n_strengths
        if self.dense:
            histogram = np.bincount(
                keys * n_types + hand_types, minlength=rows * n_strengths * n_types
            ).reshape(rows, n_strengths, n_types)
            self.table = np.zeros((rows, n_strengths + 1, n_types), dtype=np.int64)
            np.cumsum(histogram, axis=1, out=self.table[:, 1:])
        else:
            order = np.argsort(keys, kind="stable")
            self.keys = keys[order]
            one_hot = np.zeros((order.shape[0] + 1, n_types), dtype=np.int64)
            one_hot[np.arange(1, order.shape[0] + 1), hand_types[order]] = 1
            self.running = np.cumsum(one_hot, axis=0)

    def at(self, rows: npt.NDArray[np.intp], t: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Prefix counts for each query (row, threshold ``t`` in 0..N_STRENGTHS): (q, types)."""
        if self.dense:
            found: npt.NDArray[np.int64] = self.table[rows, t]
            return found
        base = rows.astype(np.int64) * self.n_strengths
        first = np.searchsorted(self.keys, base, side="left")
        last = np.searchsorted(self.keys, base + t, side="left")
        counts: npt.NDArray[np.int64] = self.running[last] - self.running[first]
        return counts


def relation_counts(types: npt.NDArray[np.integer], n_types: int) -> npt.NDArray[np.int64]:
    """``n[D, r, τ]`` for every dealer hand class (relations :data:`RELATIONS`), cached on disk
    by a digest of ``types``.

    Examples
    --------
    >>> counts = relation_counts(np.zeros(134459, dtype=np.intp), 1)
    >>> counts.shape, bool((counts.sum(axis=(1, 2)) == 1533939).all())
    ((134459, 3, 1), True)
    """
    kinds: npt.NDArray[np.intp] = np.asarray(types, dtype=np.intp)
    digest = hashlib.sha256(kinds.astype(np.int64).tobytes()).hexdigest()[:20]
    return cached_array(
        f"relation_counts_{n_types}_{digest}",
        lambda: _relation_counts(kinds, n_types),
        expected_shape=(dealer_classes().hands.shape[0], 3, n_types),
        dtype=np.int64,
        builders=(__name__,),
    )


def _relation_counts(kinds: npt.NDArray[np.intp], n_types: int) -> npt.NDArray[np.int64]:
    dealers = dealer_classes()
    n_dealers = dealers.hands.shape[0]
    total = np.zeros((n_dealers, 3, n_types), dtype=np.int64)
    n_strengths = number_of_strengths()
    for size in range(HAND):
        class_of_set, representatives = set_classes(size)
        sign = -1 if size % 2 else 1
        positions = list(combinations(range(HAND), size))
        subset_classes = np.concatenate(
            [
                class_of_set[colex_indices(dealers.hands[:, list(p)])]
                if size
                else np.zeros(n_dealers, dtype=np.int32)
                for p in positions
            ]
        )  # subset-major: entry p * n_dealers + d
        owner = np.tile(np.arange(n_dealers), len(positions))
        order = np.argsort(subset_classes, kind="stable")
        sorted_classes = subset_classes[order]
        per_row = comb(52 - size, HAND - size)
        # entries a representative takes: its completions, plus its dense table (strengths x
        # types) or its running counts (completions x types)
        width = per_row + (n_strengths if per_row >= n_strengths else per_row) * n_types
        block = max(1, _ENTRIES_PER_BLOCK // width)
        for start in range(0, representatives.shape[0], block):
            stop = min(start + block, representatives.shape[0])
            prefix = _PrefixCounts(representatives[start:stop], kinds, n_types)
            lo, hi = np.searchsorted(sorted_classes, [start, stop])
            queries = order[lo:hi]
            dealer = owner[queries]
            rows = (subset_classes[queries] - start).astype(np.intp)
            v = dealers.strengths[dealer]
            at_v = prefix.at(rows, v)
            at_next = prefix.at(rows, v + 1)
            at_end = prefix.at(rows, np.full_like(v, n_strengths))
            position = queries // n_dealers
            for p in range(len(positions)):  # a dealer hand appears once per subset position
                mine = position == p
                where = dealer[mine]
                total[where, 0] += sign * (at_end[mine] - at_next[mine])
                total[where, 1] += sign * (at_next[mine] - at_v[mine])
                total[where, 2] += sign * at_v[mine]
    # |T| = 5: the dealer's own hand, as a player hand, ties with itself
    own_type = kinds[build_suit_classes().class_of_hand[colex_indices(dealers.hands)]]
    total[np.arange(n_dealers), 1, own_type] -= 1
    assert (total >= 0).all() and (total.sum(axis=(1, 2)) == PLAYER_HANDS_PER_DEALER).all()
    return total


def lattice_types(
    nets: list[npt.NDArray[np.int64]],
) -> tuple[npt.NDArray[np.intp], list[npt.NDArray[np.int64]]]:
    """Group player hand classes that settle alike under every lattice given: each class's type
    and each lattice's row for each type.

    Examples
    --------
    >>> net = np.array([[1, 1, 1, 2, 0, -2], [1, 1, 1, 2, 0, -2], [0] * 6])
    >>> types, (rows,) = lattice_types([net])
    >>> types.tolist(), rows.tolist()
    ([1, 1, 0], [[0, 0, 0, 0, 0, 0], [1, 1, 1, 2, 0, -2]])
    """
    stacked = np.ascontiguousarray(
        np.concatenate([np.asarray(n, dtype=np.int64) for n in nets], axis=1)
    )
    rows = stacked.view(np.dtype((np.void, stacked.dtype.itemsize * stacked.shape[1])))[:, 0]
    _, first, inverse = np.unique(rows, return_index=True, return_inverse=True)
    unique = stacked[first]
    cells = len(OUTCOME_CELLS)
    return (
        inverse.reshape(-1).astype(np.intp),
        [unique[:, cells * i : cells * (i + 1)] for i in range(len(nets))],
    )


def sums_from_counts(
    counts: npt.NDArray[np.int64], type_net: npt.NDArray[np.int64], qualifier_strength: int
) -> npt.NDArray[np.int64]:
    """``S(D) = Σ_{P ∩ D = ∅} net[class(P), cell(P, D)]`` of one lattice, per dealer hand
    class, from the relation counts of its types."""
    qualifies = dealer_classes().strengths >= qualifier_strength
    cells = relation_cells(qualifies)  # (n_dealers, 3)
    values = type_net.T[cells]  # (n_dealers, 3, n_types)
    result: npt.NDArray[np.int64] = (counts * values).sum(axis=(1, 2))
    return result


def brute_force_dealer_sum(
    net: npt.NDArray[np.int64], qualifier_strength: int, dealer_hand: tuple[int, ...]
) -> int:
    """``S(D)`` for one dealer hand by listing all 1,533,939 player hands it leaves (a check).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> ones = np.ones((134459, 6), dtype=np.int64)
    >>> int(brute_force_dealer_sum(ones, 322, parse_cards("As Ks Qs Js 9d")))
    1533939
    """
    remaining = np.setdiff1d(np.arange(52), np.asarray(dealer_hand))
    players = remaining[combinations_array(remaining.shape[0], HAND)]
    index = colex_indices(players)
    strengths = build_best_four_strengths(HAND)[index].astype(np.int64)
    classes = build_suit_classes().class_of_hand[index]
    dealer = np.array([sorted(dealer_hand)])
    dealer_strength = int(build_best_four_strengths(HAND)[colex_indices(dealer)][0])
    offset = 3 if dealer_strength >= qualifier_strength else 0
    cell = np.where(
        strengths > dealer_strength,
        offset,
        np.where(strengths == dealer_strength, offset + 1, offset + 2),
    )
    return int(np.asarray(net, dtype=np.int64)[classes, cell].sum())
