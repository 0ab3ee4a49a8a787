"""The sets one card short of a dealer hand, as their completions' sorted strengths.

For a set ``T`` of ``d - 1`` cards the subset table's row ``N_T(t)`` (:mod:`crazy4.core.engine`)
counts only the ``53 - d`` hands ``T ∪ {x}``: a step function that ``N_STRENGTHS + 1`` cells
store and ``53 - d`` sorted strengths list far smaller (for a six-card dealer hand, 12.6 MB
instead of 341 MB)::

    N_T(t) = #{x ∉ T : v(T ∪ {x}) < t} = #{k : completion_strengths[class(T), k] < t}

which the forced-card count (:mod:`crazy4.core.forced_kernels`) adds up over the row with no
branch, and :func:`counts_below` computes for the columns that are the same for every hand.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.engine import extension_indices, set_classes
from crazy4.core.strength_table import BEST_FOUR, StrengthTable, table_builders


def completions_per_set(dealer_size: int) -> int:
    """Cards that complete a set of ``dealer_size - 1`` cards: ``53 - dealer_size``.

    Examples
    --------
    >>> completions_per_set(5), completions_per_set(6)
    (48, 47)
    """
    return 53 - dealer_size


def build_completion_strengths(
    dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.uint16]:
    """The strengths (by ``ranking``, fewer than 2^16 of them) of the completions of each
    class representative of ``dealer_size - 1`` cards (:func:`crazy4.core.engine.set_classes`),
    ascending along each row.

    Each completion's colex index comes from :func:`crazy4.core.engine.extension_indices`
    (no hand is built or sorted).

    Examples
    --------
    >>> rows = build_completion_strengths(5)
    >>> rows.shape, bool((rows[:, 1:] >= rows[:, :-1]).all())
    ((16432, 48), True)
    """
    _, index = extension_indices(set_classes(dealer_size - 1)[1])
    rows = np.asarray(ranking.strengths(dealer_size))[index]
    rows.sort(axis=1)
    return np.ascontiguousarray(rows, dtype=np.uint16)


@cache
def completion_strengths(
    dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.uint16]:
    """:func:`build_completion_strengths`, cached on disk (12.6 MB for a six-card hand, 1.6 MB
    for a five-card one) and read-only.

    Examples
    --------
    >>> completion_strengths(6).shape
    (134459, 47)
    """
    n_classes = int(set_classes(dealer_size - 1)[1].shape[0])
    prefix = "" if ranking == BEST_FOUR else f"{ranking.key}_"
    return cached_array(
        f"{prefix}completion_strengths_of_{dealer_size}",
        lambda: build_completion_strengths(dealer_size, ranking),
        expected_shape=(n_classes, completions_per_set(dealer_size)),
        dtype=np.uint16,
        builders=("crazy4.core.completions", *table_builders(ranking)),
    )


def counts_below(
    rows: npt.NDArray[np.uint16], thresholds: tuple[int, ...]
) -> npt.NDArray[np.uint8]:
    """``N_T(t)`` of every row for each threshold: the strengths below it, shape
    ``(rows, len(thresholds))`` (at most 48 each, so uint8).

    Examples
    --------
    >>> counts_below(np.array([[3, 5, 5, 9]], dtype=np.uint16), (0, 5, 6, 100)).tolist()
    [[0, 1, 3, 4]]
    """
    counts = np.empty((rows.shape[0], len(thresholds)), dtype=np.uint8)
    for j, threshold in enumerate(thresholds):
        np.sum(rows < threshold, axis=1, dtype=np.uint8, out=counts[:, j])
    return counts


__all__ = [
    "build_completion_strengths",
    "completion_strengths",
    "completions_per_set",
    "counts_below",
]
