"""The dealer hands below a colluder's thresholds given the team's pooled cards: listed, or by
inclusion-exclusion over the pooled cards, whichever is cheaper (``docs/collusion.md``, "One
deal, exactly").
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.advantage.colluder import CellColluder
from crazy4.core.cards import BINOMIAL
from crazy4.core.strength_table import BEST_FOUR, StrengthTable

IntArray = npt.NDArray[np.int64]

#: The dealer's hidden cards in the collusion engine.
HIDDEN = 5
#: What one table read of the count by subsets costs against one listed dealer hand.
SUBSET_READ_COST = 40
#: The most forced-card situations counted at once (bounds the memory of a batch).
SITUATIONS = 1 << 20


def subset_reads(pooled: int, hidden: int = HIDDEN) -> int:
    """Table reads of the count by subsets: the subsets of ``pooled`` cards of at most ``hidden``.

    Examples
    --------
    >>> subset_reads(10), subset_reads(15)
    (638, 4944)
    """
    return sum(comb(pooled, j) for j in range(hidden + 1))


def by_subsets_is_cheaper(
    colluders: int, up_cards: int, player_cards: int = 5, hidden: int = HIDDEN
) -> bool:
    """Whether a team is counted by subsets rather than listed.

    Examples
    --------
    >>> [by_subsets_is_cheaper(k, 1) for k in (1, 2, 3, 4, 7)]
    [True, True, True, False, False]
    >>> [by_subsets_is_cheaper(k, 0, 3, 3) for k in (2, 3, 7)]
    [True, True, False]
    """
    unseen = 52 - player_cards * colluders - up_cards
    reads = subset_reads(player_cards * colluders, hidden)
    return SUBSET_READ_COST * reads < comb(unseen, hidden)


def below_by_subsets(
    hands: IntArray,
    up: IntArray | None,
    thresholds: IntArray,
    *,
    hidden: int = HIDDEN,
    ranking: StrengthTable = BEST_FOUR,
) -> IntArray:
    """The dealer hands below each ``thresholds[i, j]`` avoiding the colluders' cards, by
    inclusion-exclusion over the pooled cards on the forced-card engine.

    Examples
    --------
    >>> from math import comb
    >>> hands = np.arange(10).reshape(1, 2, 5)
    >>> total = below_by_subsets(hands, None, np.array([[BEST_FOUR.n_strengths]]))
    >>> int(total[0, 0]) == comb(42, 5)
    True
    """
    from crazy4.core.forced import count_forced

    deals, k, p = hands.shape
    dealer_size = hidden + (0 if up is None else 1)
    own, others = hands[:, 0], hands[:, 1:].reshape(deals, p * (k - 1))
    below = np.zeros(thresholds.shape, dtype=np.int64)
    for j in range(min(hidden, others.shape[1]) + 1):
        chosen = list(combinations(range(others.shape[1]), j))
        picks = np.array(chosen, dtype=np.int64).reshape(len(chosen), j)
        step = max(1, SITUATIONS // picks.shape[0])
        for start in range(0, deals, step):
            rows = slice(start, start + step)
            m = others[rows].shape[0]
            forced = others[rows][:, picks].reshape(m * picks.shape[0], j)
            if up is not None:
                forced = np.concatenate([forced, np.repeat(up[rows], picks.shape[0])[:, None]], 1)
            hand_of = np.repeat(np.arange(m), picks.shape[0])
            found = count_forced(
                own[rows], hand_of, forced, thresholds[rows], dealer_size, ranking=ranking
            )
            signed = found.astype(np.int64).reshape(m, picks.shape[0], -1).sum(axis=1)
            below[rows] += -signed if j % 2 else signed
    return below


def listed_below(
    role: CellColluder, up: IntArray | None, unseen: IntArray, thresholds: IntArray
) -> IntArray:
    """The dealer hands below each threshold, every one listed from the unseen cards."""
    from crazy4.advantage.collusion_kernel import below_counts, below_counts_any

    shape = role.shape
    hidden = shape.dealer_cards - shape.face_up
    deals = unseen.shape[0]
    forced = up if up is not None else np.full(deals, -1, dtype=np.int64)
    smaller = shape.hand_cards <= shape.dealer_cards - 2
    if hidden == HIDDEN and (up is None or smaller):
        counted = below_counts(
            unseen, np.full(deals, unseen.shape[1], dtype=np.int64), forced,
            role.dealer_table(), role.ranking.strengths(shape.dealer_cards - shape.face_up),
            BINOMIAL, np.ascontiguousarray(thresholds), role.ranking.n_strengths,
        )  # fmt: skip
    else:
        counted = below_counts_any(
            unseen, forced, hidden, role.dealer_table(), BINOMIAL,
            np.ascontiguousarray(thresholds), role.ranking.n_strengths,
        )  # fmt: skip
    return np.asarray(counted, dtype=np.int64)


def team_below(
    role: CellColluder, hands: IntArray, up: IntArray | None, unseen: IntArray, thresholds: IntArray
) -> IntArray:
    """The dealer hands below each threshold given every pooled card, by the cheaper way.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.advantage.collusion import colluder_role
    >>> role = colluder_role(load_rules("four-card-standard"))
    >>> rng = np.random.default_rng(3)
    >>> cards = np.argsort(rng.random((4, 52)), axis=1)
    >>> hands = np.sort(cards[:, :20].reshape(4, 4, 5), axis=2).astype(np.int64)
    >>> up = cards[:, 20].astype(np.int64)
    >>> unseen = np.sort(cards[:, 21:], axis=1).astype(np.int64)
    >>> t = rng.integers(0, BEST_FOUR.n_strengths + 1, (4, 3))
    >>> listed = team_below(role, hands, up, unseen, t)  # four seats: listed
    >>> bool((listed == below_by_subsets(hands, up, t)).all())
    True
    """
    shape = role.shape
    hidden = shape.dealer_cards - shape.face_up
    if by_subsets_is_cheaper(hands.shape[1], shape.face_up, shape.player_cards, hidden):
        return below_by_subsets(hands, up, thresholds, hidden=hidden, ranking=role.ranking)
    return listed_below(role, up, unseen, thresholds)
