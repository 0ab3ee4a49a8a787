"""Exact dealer counts for any deal shape: every dealer hand from the unseen cards, listed.

For a player hand ``P`` and cards ``F`` the player sees of the dealer's hand (face up by the
rules, or seen), the dealer's hand is ``F`` plus ``d - |F|`` cards from the ``52 - |P| - |F|``
others. :func:`dealer_histograms` lists every such completion and counts them by the dealer
hand's strength (the ranking's table by colex index), so every comparison with the player --
lower, tie, higher, qualifying or not -- is a difference of cumulative sums of one histogram
(:mod:`crazy4.analyze.pricing`). Nothing is sampled; the totals are checked
(``C(52 - |P| - |F|, d - |F|)`` a row).

Player hands are reduced by suit symmetry (:func:`suit_classes`): hands that differ by a
relabelling of the suits have the same counts, so one representative a class is counted and
weighted by the class size. The cost is one pass over the completions per row: the engine for
games with small hands (Three Card Poker's 1,755 classes x 18,424 dealer hands); a game whose
deal is larger supplies its own counting kernel.

Examples
--------
>>> import numpy as np
>>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
>>> hands, weights = suit_classes(3)
>>> hands.shape[0], int(weights.sum())
(1755, 22100)
>>> table = ranking.strengths(3)
>>> counts = dealer_histograms(hands[:2], np.zeros((2, 0), np.uint8), table, 3,
...                            ranking.n_strengths)
>>> counts.sum(axis=1).tolist()
[18424, 18424]
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import BINOMIAL, hands_of_colex
from crazy4.core.precompile import compiled
from crazy4.core.strength_table import StrengthTable, table_builders
from crazy4.core.symmetry import suit_class_codes


@cache
def class_of_hands(cards: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The suit class of every ``cards``-card hand (by colex index), and each class's
    representative's colex index: the least of its class, classes in that order.

    Two hands are in one class when their suit masks, sorted, are equal; the classes are
    numbered by their least hand (:func:`crazy4.core.symmetry.suit_class_codes`), read from
    the table cache (``suit_class_of_<cards>``; building the five-card codes is half a second
    or more, every analysis, simulation and validation of a five-card hand's game).

    Examples
    --------
    >>> inverse, keys = class_of_hands(3)
    >>> keys.shape[0], keys[:3].tolist(), int(inverse[keys[5]])
    (1755, [0, 4, 6], 5)
    """
    codes = cached_array(
        f"suit_class_of_{cards}",
        partial(suit_class_codes, cards),
        expected_shape=(comb(52, cards),),
        dtype=np.int32,
    )
    inverse = codes.astype(np.int64)
    first = np.flatnonzero(np.diff(np.maximum.accumulate(inverse), prepend=-1))
    return inverse, first.astype(np.int64)


@cache
def suit_classes(cards: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """One representative of each suit class of ``cards``-card hands, and the class sizes.

    The representative is the class's hand of least colex index (cards ascending); classes are
    in colex order of their representatives, and the sizes sum to ``C(52, cards)``.
    """
    inverse, keys = class_of_hands(cards)
    sizes = np.bincount(inverse, minlength=keys.shape[0]).astype(np.int64)
    return hands_of_colex(keys, cards), sizes  # not every hand built to pick these


def _count_rows(
    players: npt.NDArray[np.uint8],
    forced: npt.NDArray[np.uint8],
    table: npt.NDArray[np.int32],
    binomial: npt.NDArray[np.int64],
    size: int,
    out: npt.NDArray[np.int64],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled
    seen = forced.shape[1]
    free = size - seen
    hand = np.empty(size, np.int64)
    pool = np.empty(52, np.int64)
    pick = np.empty(max(free, 1), np.int64)
    for row in range(start, stop):
        used = np.zeros(52, np.bool_)
        for j in range(players.shape[1]):
            used[players[row, j]] = True
        for j in range(seen):
            used[forced[row, j]] = True
        left = 0
        for card in range(52):
            if not used[card]:
                pool[left] = card
                left += 1
        for j in range(free):
            pick[j] = j
        while True:
            for j in range(seen):
                hand[j] = forced[row, j]
            for j in range(free):
                hand[seen + j] = pool[pick[j]]
            for j in range(1, size):  # insertion sort: at most a few cards
                value = hand[j]
                k = j - 1
                while k >= 0 and hand[k] > value:
                    hand[k + 1] = hand[k]
                    k -= 1
                hand[k + 1] = value
            code = 0
            for j in range(size):
                code += binomial[hand[j], j + 1]
            out[row, table[code]] += 1
            j = free - 1
            while j >= 0 and pick[j] == left - free + j:
                j -= 1
            if j < 0:
                break
            pick[j] += 1
            for k in range(j + 1, free):
                pick[k] = pick[k - 1] + 1


#: :func:`_count_rows` compiled when first wanted (an analysis whose counts are cached never
#: imports numba).
_row_counter = compiled(_count_rows)


def dealer_histograms(
    players: npt.NDArray[np.uint8],
    forced: npt.NDArray[np.uint8],
    table: npt.NDArray[np.integer],
    dealer_cards: int,
    n_strengths: int,
    jobs: int = 1,
) -> npt.NDArray[np.int64]:
    """Dealer hands by strength for each row: ``out[i, s]`` completions of strength ``s``.

    Parameters
    ----------
    players : ndarray of uint8, shape (n, p)
        The player's cards, one hand a row.
    forced : ndarray of uint8, shape (n, f)
        Dealer cards the player sees (in every counted dealer hand); ``f`` may be 0.
    table : ndarray of integers
        Strength of every ``dealer_cards``-card hand by colex index (read as int32).
    dealer_cards, n_strengths : int
    jobs : int
        Threads (the kernel releases the GIL).

    Raises
    ------
    AssertionError
        When a row's total is not the number of completions (a broken table or input).
    """
    rows = players.shape[0]
    out = np.zeros((rows, n_strengths), dtype=np.int64)
    players = np.ascontiguousarray(players, dtype=np.uint8)
    forced = np.ascontiguousarray(forced, dtype=np.uint8)
    strengths = np.ascontiguousarray(table, dtype=np.int32)
    step = max(1, -(-rows // (4 * max(jobs, 1))))
    bounds = [(start, min(rows, start + step)) for start in range(0, rows, step)]

    count_rows = _row_counter()

    def work(bound: tuple[int, int]) -> None:
        count_rows(players, forced, strengths, BINOMIAL, dealer_cards, out, *bound)

    if jobs > 1 and len(bounds) > 1:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(work, bounds))
    else:
        for bound in bounds:
            work(bound)
    unseen = 52 - players.shape[1] - forced.shape[1]
    expected = comb(unseen, dealer_cards - forced.shape[1])
    assert bool((out.sum(axis=1) == expected).all()), "dealer completions miscounted"
    return out


@cache
def strength_counts(ranking: StrengthTable, cards: int) -> npt.NDArray[np.int64]:
    """Every ``cards``-card hand counted by its strength under ``ranking`` (read-only), from
    the table cache (``<ranking>_strength_counts_of_<cards>``: a few thousand numbers, where
    counting Four Card Poker's 20 million six-card dealer hands took half a second a run).

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> int(strength_counts(THREE_CARD.ranking, 3).sum())  # C(52, 3)
    22100
    """
    counts = cached_array(
        f"{ranking.key}_strength_counts_of_{cards}",
        lambda: np.bincount(ranking.strengths(cards), minlength=ranking.n_strengths).astype(
            np.int64
        ),
        expected_shape=(ranking.n_strengths,),
        dtype=np.int64,
        builders=(__name__, *table_builders(ranking)),
    )
    counts.setflags(write=False)
    return counts
