"""Exact counts of dealer hands below given strengths, by inclusion-exclusion.

For a player hand ``P`` (five cards) and a strength ``t``: how many dealer hands ``D`` of ``d``
cards from the cards the player does not hold have strength ``v(D) < t``? Asked for
``t = v(P)``, ``v(P) + 1`` and the qualifier, it gives every dealer outcome without looking at
any dealer hand. A dealer card the player sees (the up card) is a *forced* card ``F`` every
counted hand contains. With ``N_T(t)`` the number of d-card hands of the full deck containing
the card set ``T`` with strength below ``t``::

    #{D ⊇ F : D ∩ P = ∅, v(D) < t} = Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ F}(t)

``N_T`` does not change when the suits of ``T`` are relabelled, so it is tabulated once per
*suit class* of card sets: ``below[k][c, t]`` for ``|T| = k < d`` (``class_of_set[k]`` maps a
set's colex index to its class); for ``|T| = d``, ``T`` is itself the one hand. Every count is
an integer; :func:`brute_force_counts` lists dealer hands directly, for the tests. ``README.md``
(Method) has the derivation and sizes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import BINOMIAL, colex_indices, combinations_array
from crazy4.core.strength_table import BEST_FOUR, StrengthTable, table_builders
from crazy4.core.symmetry import suit_class_keys

#: The player's cards in every best-four game.
PLAYER_CARDS = 5
DEALER_HANDS = comb(52 - PLAYER_CARDS, 5)

#: Hands looked up at once while tabulating, and player hands counted at once (both bound the
#: working memory).
_ROWS_PER_BLOCK = 4_000_000
_HANDS_PER_BLOCK = 16384
#: (representative, completion) pairs, and histogram slots, of one block of the merged builder
#: (small enough that its temporaries stay in the cache and are reused, not faulted in anew).
_PAIRS_PER_BLOCK = 1 << 19
_BINS_PER_BLOCK = 1 << 18


@dataclass(frozen=True)
class SubsetTables:
    """``N_T(t)`` for every card set ``T`` smaller than a dealer hand (module docstring).

    Attributes
    ----------
    dealer_size : int
        Cards in a dealer hand (5 or 6).
    class_of_set : tuple of ndarray of int32
        ``class_of_set[k][colex index of a k-card set]`` is its suit class, ``k < dealer_size``.
    below : tuple of ndarray
        ``below[k][class, t]``: hands of ``dealer_size`` cards containing a set of that class,
        with strength below ``t``; shape ``(classes, N_STRENGTHS + 1)``.
    own : ndarray
        The strength of every ``dealer_size``-card hand (a set as large as the hand).
    """

    dealer_size: int
    class_of_set: tuple[npt.NDArray[np.int32], ...]
    below: tuple[npt.NDArray[np.integer], ...]
    own: npt.NDArray[np.integer]


@cache
def set_classes(size: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """Suit classes of all ``size``-card sets: class of each (by colex index), representatives.

    Examples
    --------
    >>> classes, representatives = set_classes(2)
    >>> classes.shape, representatives.shape
    ((1326,), (169, 2))
    """
    if size == 0:
        return np.zeros(1, dtype=np.int32), np.zeros((1, 0), dtype=np.uint8)
    sets = combinations_array(52, size)
    _, first, inverse = np.unique(suit_class_keys(sets), return_index=True, return_inverse=True)
    return inverse.astype(np.int32), sets[first]


def extension_indices(
    sets: npt.NDArray[np.integer],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """For each sorted set ``R`` (a row of ``sets``) and each card ``x`` not in it: ``x``
    (ascending) and the colex index of ``R ∪ {x}``; both of shape ``(n, 52 - k)``.

    The index is ``C(x, 1 + b) + Σ_{j < b} C(R_j, j + 1) + Σ_{j >= b} C(R_j, j + 2)``, ``b``
    the cards of ``R`` below ``x``: ``x`` at place ``b``, the cards of ``R`` above it moved up
    one place. The two sums are tabulated per set for each ``b``, so an extension costs two
    lookups (no set is built or sorted).

    Examples
    --------
    >>> added, index = extension_indices(np.array([[1, 3]]))
    >>> added[0, :3].tolist(), index[0, :3].tolist()  # {0, 1, 3}, {1, 2, 3}, {1, 3, 4}
    ([0, 2, 4], [1, 3, 8])
    >>> unions = np.sort(np.c_[np.full((50, 2), [1, 3]), added[0]], axis=1)
    >>> bool((index[0] == colex_indices(unions)).all())
    True
    """
    representatives = np.asarray(sets, dtype=np.intp)
    n_sets, size = representatives.shape
    held = np.zeros((n_sets, 52), dtype=bool)
    held[np.arange(n_sets)[:, None], representatives] = True
    added = np.nonzero(~held)[1].reshape(n_sets, 52 - size)  # x, ascending, for every set
    # cards of R up to x, which is the number below x for an x not in R
    below = np.cumsum(held, axis=1, dtype=np.int8).ravel()[np.arange(n_sets)[:, None] * 52 + added]
    parts = np.zeros((n_sets, size + 1), dtype=np.int64)  # parts[r, b]: the two sums
    for j in range(size):
        parts[:, : j + 1] += BINOMIAL[representatives[:, j], j + 2][:, None]
        parts[:, j + 1 :] += BINOMIAL[representatives[:, j], j + 1][:, None]
    index = BINOMIAL.ravel()[added * BINOMIAL.shape[1] + 1 + below]
    index += parts.ravel()[np.arange(n_sets)[:, None] * (size + 1) + below]
    return added, index


def below_table(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table ``below[class, t]`` of the ``size``-card sets, as the cache builds it:
    derived from the sets a card larger for the small sets, merged colex sums for the others.

    Examples
    --------
    >>> below = below_table(2, 5)  # every two-card set is in C(50, 3) five-card hands
    >>> below.shape, below[:2, -1].tolist()
    ((169, 2536), [19600, 19600])
    """
    if size <= dealer_size - 3:  # few rows, each from its sets of one card more
        return below_table_derived(size, dealer_size, ranking)
    return below_table_merged(size, dealer_size, ranking)


def below_table_derived(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table from the one of sets a card larger: a hand holding ``T`` holds
    ``T ∪ {x}`` for each of its ``dealer_size - size`` other cards ``x``, so
    ``N_T(t) = Σ_{x ∉ T} N_{T ∪ {x}}(t) / (dealer_size - size)``, exactly.

    Examples
    --------
    >>> bool((below_table_derived(2, 5) == below_table_merged(2, 5)).all())
    True
    """
    larger = subset_table(size + 1, dealer_size, ranking)
    class_of_larger = set_classes(size + 1)[0]
    _, index = extension_indices(set_classes(size)[1])  # the colex index of T ∪ {x}
    n_sets, others = index.shape
    rows = class_of_larger[index]
    dtype = _below_dtype(size, dealer_size)
    below: npt.NDArray[np.integer] = np.empty((n_sets, larger.shape[1]), dtype=dtype)
    per_block = max(1, _PAIRS_PER_BLOCK * 8 // (others * larger.shape[1]))
    for first in range(0, n_sets, per_block):
        block = rows[first : first + per_block]
        total = larger[block.ravel()].reshape(*block.shape, -1).sum(axis=1, dtype=np.int64)
        counted, rest = np.divmod(total, dealer_size - size)
        assert not rest.any(), "a subset table that is not a sum over its hands"
        below[first : first + block.shape[0]] = counted
    return below


def below_table_merged(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table with every hand's colex index added up from its two sorted parts.

    A hand holding representative ``R`` (``size`` cards) is ``R`` with a completion ``F``, any
    ``free``-set of the deck that misses ``R``. In the merged hand a card of either part sits
    at its place in its own part plus the cards of the other part below it, so the colex index
    is a sum of one binomial a card, each looked up from small tables: ``R``'s card ``j``
    below ``x`` completion cards, ``F``'s card ``i`` below ``y`` cards of ``R``. That is done
    for blocks of (representative, completion) pairs at once, with no hand built or sorted;
    the pairs that meet count at a sentinel strength and are dropped.

    Examples
    --------
    >>> below = below_table_merged(4, 5)  # every four-card set is in 48 five-card hands
    >>> below.shape, below[:3, -1].tolist()
    ((16432, 2536), [48, 48, 48])
    """
    strengths = ranking.strengths(dealer_size)
    n_strengths = ranking.n_strengths
    representatives = set_classes(size)[1].astype(np.intp)
    free = dealer_size - size
    completions = combinations_array(52, free).astype(np.intp)
    total = comb(52, dealer_size)
    # index `total`: a pair that meets
    with_sentinel = np.append(strengths, np.asarray(n_strengths, dtype=strengths.dtype))
    binomial = BINOMIAL.astype(np.int32)
    deck = np.arange(52)
    # below_completion[x, c]: cards of completion c below card x
    below_completion = np.zeros((52, completions.shape[0]), dtype=np.uint8)
    for i in range(free):
        below_completion += completions[None, :, i] < deck[:, None]
    # own[j][x * (free + 1) + b]: C(x, j + 1 + b), card x at place j of R, b completion cards below
    own = [binomial[:52, j + 1 : j + 2 + free].ravel() for j in range(size)]
    # theirs[i][r, y]: C(y, i + 1 + cards of representative r below y), card y at place i of F
    below_representative = (representatives[:, :, None] < deck).sum(axis=1)
    theirs = [binomial[deck, i + 1 + below_representative] for i in range(free)]
    bit = np.left_shift(np.uint64(1), deck.astype(np.uint64))
    completion_mask = np.bitwise_or.reduce(bit[completions], axis=1)
    representative_mask = np.bitwise_or.reduce(bit[representatives], axis=1)
    dtype = _below_dtype(size, dealer_size)
    below: npt.NDArray[np.integer] = np.empty(
        (representatives.shape[0], n_strengths + 1), dtype=dtype
    )
    below[:, 0] = 0
    rows_per_block = max(
        1, min(_PAIRS_PER_BLOCK // completions.shape[0], _BINS_PER_BLOCK // (n_strengths + 1))
    )
    for first in range(0, representatives.shape[0], rows_per_block):
        rows = slice(first, first + rows_per_block)
        block = representatives[rows]
        index = np.zeros((block.shape[0], completions.shape[0]), dtype=np.int32)
        for j in range(size):
            cards = block[:, j]
            index += own[j][(cards * (free + 1))[:, None] + below_completion[cards]]
        for i in range(free):
            index += np.take(theirs[i][rows], completions[:, i], axis=1)
        meets = (representative_mask[rows, None] & completion_mask[None, :]) != 0
        index[meets] = total
        slots = with_sentinel[index] + (np.arange(block.shape[0]) * (n_strengths + 1))[:, None]
        histogram = np.bincount(slots.ravel(), minlength=block.shape[0] * (n_strengths + 1))
        counts = np.cumsum(histogram.reshape(block.shape[0], -1)[:, :n_strengths], axis=1)
        below[rows, 1:] = counts  # fits: dtype holds the largest count
    return below


def below_table_compiled(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table by :mod:`crazy4.core.table_kernels` (compiled; a reference the tests
    compare the vectorized builders with).

    Examples
    --------
    >>> bool((below_table_compiled(4, 5) == below_table_merged(4, 5)).all())
    True
    """
    from crazy4.core import table_kernels

    representatives = set_classes(size)[1]
    below: npt.NDArray[np.integer] = np.empty(
        (representatives.shape[0], ranking.n_strengths + 1), dtype=_below_dtype(size, dealer_size)
    )
    strengths = ranking.strengths(dealer_size)
    table_kernels.build_below_table(representatives, dealer_size, strengths, BINOMIAL, below)
    return below


def below_table_numpy(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table with every hand of every class listed and looked up (the plain
    reference: all ``C(52 - size, dealer_size - size)`` completions of each representative).

    Examples
    --------
    >>> bool((below_table_numpy(4, 5) == below_table_merged(4, 5)).all())
    True
    """
    strengths = ranking.strengths(dealer_size)
    n_strengths = ranking.n_strengths
    dtype = _below_dtype(size, dealer_size)
    if size == 0:  # the empty set is in every hand
        histogram = np.bincount(strengths, minlength=n_strengths)
        return np.concatenate([[0], np.cumsum(histogram)])[None, :].astype(dtype)
    _, representatives = set_classes(size)
    free = dealer_size - size
    completion_slots = combinations_array(52 - size, free).astype(np.intp)
    below: npt.NDArray[np.integer] = np.zeros(
        (representatives.shape[0], n_strengths + 1), dtype=dtype
    )
    per_block = max(1, _ROWS_PER_BLOCK // max(completion_slots.shape[0], n_strengths))
    deck = np.arange(52)
    for start in range(0, representatives.shape[0], per_block):
        block = representatives[start : start + per_block]
        outside = np.ones((block.shape[0], 52), dtype=bool)
        outside[np.arange(block.shape[0])[:, None], block.astype(np.intp)] = False
        remaining = np.broadcast_to(deck, outside.shape)[outside].reshape(block.shape[0], -1)
        completions = remaining[:, completion_slots]  # (block, C(52-k, free), free)
        hands = np.concatenate(
            [np.broadcast_to(block[:, None, :], (*completions.shape[:2], size)), completions],
            axis=2,
        ).reshape(-1, dealer_size)
        hands.sort(axis=1)
        hand_strengths = strengths[colex_indices(hands)].astype(np.int64)
        rows = np.repeat(np.arange(block.shape[0]), completion_slots.shape[0])
        histogram = np.bincount(
            rows * n_strengths + hand_strengths, minlength=block.shape[0] * n_strengths
        ).reshape(block.shape[0], n_strengths)
        np.cumsum(histogram, axis=1, out=below[start : start + block.shape[0], 1:], dtype=dtype)
    return below


def _below_dtype(size: int, dealer_size: int) -> type:
    largest = comb(52 - size, dealer_size - size)
    return np.uint8 if largest < 2**8 else np.uint16 if largest < 2**16 else np.int32


def _table_name(size: int, dealer_size: int, ranking: StrengthTable) -> str:
    return f"{ranking.key}_below_{size}_of_{dealer_size}"


def subset_table(
    size: int, dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> npt.NDArray[np.integer]:
    """The subset table of the ``size``-card sets for ``dealer_size``-card hands,
    ``below[class, t]`` (:func:`below_table`), from the cache or built and saved.

    Examples
    --------
    >>> subset_table(1, 5)[0, -1]  # every card is in C(51, 4) five-card hands
    np.int32(249900)
    """
    n_classes = int(set_classes(size)[1].shape[0])
    return cached_array(
        _table_name(size, dealer_size, ranking),
        lambda: below_table(size, dealer_size, ranking),
        expected_shape=(n_classes, ranking.n_strengths + 1),
        dtype=_below_dtype(size, dealer_size),
        builders=table_builders(ranking),
    )


@cache
def build_subset_tables(dealer_size: int = 5, ranking: StrengthTable = BEST_FOUR) -> SubsetTables:
    """Tabulate ``N_T(t)`` for every card set smaller than a dealer hand (cached on disk).

    Examples
    --------
    >>> tables = build_subset_tables()
    >>> int(tables.below[0][0, -1]), int(tables.below[1][0, -1])  # all hands; hands with a 2c
    (2598960, 249900)
    >>> [table.shape[0] for table in tables.below]
    [1, 13, 169, 1755, 16432]
    """
    return SubsetTables(
        dealer_size=dealer_size,
        class_of_set=tuple(set_classes(size)[0] for size in range(dealer_size)),
        below=tuple(subset_table(size, dealer_size, ranking) for size in range(dealer_size)),
        own=ranking.strengths(dealer_size),
    )


def count_dealer_below(
    player_hands: npt.NDArray[np.integer],
    thresholds: npt.NDArray[np.integer],
    *,
    forced_cards: npt.NDArray[np.integer] | None = None,
    dealer_size: int = 5,
    ranking: StrengthTable = BEST_FOUR,
) -> npt.NDArray[np.int64]:
    """Count dealer hands disjoint from each player hand with strength below each threshold.

    Parameters
    ----------
    player_hands : ndarray, shape (n, 5)
        Player hands (any card order).
    thresholds : ndarray, shape (n, m)
        Strengths ``t`` (0 to N_STRENGTHS inclusive) to count below, per hand.
    forced_cards : ndarray, shape (n, f), optional
        Dealer cards known to be in every counted hand (the up card), disjoint from the hand.
    dealer_size : int
        Cards in a dealer hand.
    ranking : StrengthTable
        How the dealer's hands rank (:mod:`crazy4.core.strength_table`; the best four cards
        by default).

    Returns
    -------
    ndarray of int64, shape (n, m)
        ``#{D : |D| = dealer_size, D ⊇ F, D ∩ P = ∅, v(D) < t}``.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand = np.array([parse_cards("As Ad Ah Ac Ks")])
    >>> count_dealer_below(hand, np.array([[0, 2535]])).tolist()
    [[0, 1533939]]
    """
    hands64 = np.asarray(player_hands, dtype=np.int64)
    thresholds64 = np.asarray(thresholds, dtype=np.int64)
    if forced_cards is None:
        forced64 = np.zeros((hands64.shape[0], 0), dtype=np.int64)
    else:
        forced64 = np.asarray(forced_cards, dtype=np.int64)
    tables = build_subset_tables(dealer_size, ranking)
    result = np.empty(thresholds64.shape, dtype=np.int64)
    for start in range(0, hands64.shape[0], _HANDS_PER_BLOCK):
        block = slice(start, start + _HANDS_PER_BLOCK)
        result[block] = _count_block(tables, hands64[block], forced64[block], thresholds64[block])
    return result


def _count_block(
    tables: SubsetTables,
    hands: npt.NDArray[np.int64],
    forced: npt.NDArray[np.int64],
    thresholds: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    dealer_size, own = tables.dealer_size, tables.own
    counts = np.zeros(thresholds.shape, dtype=np.int64)
    for size in range(hands.shape[1] + 1):
        sign = -1 if size % 2 else 1
        set_size = size + forced.shape[1]
        if set_size > dealer_size:
            break
        for positions in combinations(range(hands.shape[1]), size):
            cards = np.concatenate([hands[:, list(positions)], forced], axis=1)
            cards.sort(axis=1)
            index = colex_indices(cards)
            if set_size == dealer_size:  # the set is the one dealer hand that contains it
                term = (own[index][:, None] < thresholds).astype(np.int64)
            else:
                classes = tables.class_of_set[set_size][index]
                term = tables.below[set_size][classes[:, None], thresholds].astype(np.int64)
            if sign > 0:
                counts += term
            else:
                counts -= term
    return counts


def brute_force_counts(
    player_hand: npt.NDArray[np.integer] | tuple[int, ...],
    thresholds: npt.NDArray[np.integer],
    *,
    forced_cards: tuple[int, ...] = (),
    dealer_size: int = 5,
    ranking: StrengthTable = BEST_FOUR,
) -> npt.NDArray[np.int64]:
    """The same counts as :func:`count_dealer_below`, by listing every dealer hand.

    Enumerates every dealer hand from the cards the player does not hold (containing the forced
    cards) and looks each one up directly; independent of the subset tables.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand = parse_cards("Ks Qd 8c 4h 2s")
    >>> t = np.array([100, 322, 2000])
    >>> bool((brute_force_counts(hand, t) == count_dealer_below(np.array([hand]), t[None])).all())
    True
    """
    forced = np.asarray(forced_cards, dtype=np.int64)
    excluded = np.concatenate([np.asarray(player_hand, dtype=np.int64), forced])
    remaining = np.setdiff1d(np.arange(52), excluded)
    free = dealer_size - forced.shape[0]
    chosen = remaining[combinations_array(remaining.shape[0], free)]
    dealer_hands = np.concatenate(
        [chosen, np.broadcast_to(forced, (chosen.shape[0], forced.shape[0]))], axis=1
    )
    dealer_hands.sort(axis=1)
    strengths = ranking.strengths(dealer_size)[colex_indices(dealer_hands)]
    histogram = np.bincount(strengths, minlength=ranking.n_strengths)
    below = np.concatenate([[0], np.cumsum(histogram)])
    return below[np.asarray(thresholds, dtype=np.int64)].astype(np.int64)
