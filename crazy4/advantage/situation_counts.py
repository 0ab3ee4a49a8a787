"""The dealer counts of a hole-card analysis's situations, cached on disk when they are small.

Counting the dealer hands below each threshold of every situation
(:func:`crazy4.core.forced.count_forced`) is most of a one-seen-card analysis: about two thirds
of Crazy 4 Poker's. The counts depend on the player hands, the forced cards, the dealer's hand
size and the thresholds, not on the pay tables or the strategies, so an analysis whose
thresholds another has counted (another pay table, the card room's rule set with the same
qualifier, a second run) reads them from the table cache (:mod:`crazy4.core.cache`: keyed on
the code that counts them and on a digest of the hands, the situations and the thresholds;
checked by CRC-32 when read).

Only the counts of one forced card are kept (5,649,150 situation classes: about 113 MB for Crazy
4 Poker's five thresholds); two or more forced cards give hundreds of millions of classes,
counted chunk by chunk as before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.forced import ForcedSituations, completions, count_forced, forced_situations

#: The forced cards whose counts are cached (one: 5,649,150 situation classes).
CACHED_FORCED = 1

#: Modules whose code decides the cached counts (beyond the core's table builders): the count,
#: and the order of the situations.
COUNTING_MODULES = (
    "crazy4.core.forced",
    "crazy4.core.forced_kernels",
    "crazy4.core.orbit_kernels",
    "crazy4.core.completions",
    "crazy4.advantage.situation_counts",
)


def counts_name(
    hands: npt.NDArray[np.integer],
    parts: Sequence[tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]],
    thresholds: npt.NDArray[np.int64],
    dealer_size: int,
) -> str:
    """The cached counts' name: the dealer's size, the forced cards and a digest of everything
    counted (the hands, every situation's hand and forced cards, the thresholds), so another
    rule set's thresholds, or other situations, are another table.

    Examples
    --------
    >>> hands, parts = np.array([[0, 1, 2, 3, 4]]), [(np.array([0]), np.array([[9]]))]
    >>> a = counts_name(hands, parts, np.array([[5, 6]]), 5)
    >>> a.startswith("holecard_counts_5_1_"), a == counts_name(hands, parts, np.array([[5, 7]]), 5)
    (True, False)
    """
    digest = hashlib.sha256()
    for array in (hands, thresholds, *(array for part in parts for array in part)):
        flat = np.ascontiguousarray(array, dtype=np.int64)
        digest.update(f"{flat.shape};".encode())
        digest.update(flat.tobytes())
    forced = parts[0][1].shape[1] if parts else 0
    return f"holecard_counts_{dealer_size}_{forced}_{digest.hexdigest()[:12]}"


def situation_counts(
    hands: npt.NDArray[np.integer],
    parts: Sequence[tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]],
    thresholds: npt.NDArray[np.int64],
    dealer_size: int,
) -> Iterator[npt.NDArray[np.int64]]:
    """The counts of :func:`crazy4.core.forced.count_forced` of each part ``(hand_of,
    forced_cards)`` in turn, read from the table cache (or counted and saved) when the parts
    (every situation of an analysis, in order) have one forced card; else counted part by
    part.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hands = np.array([parse_cards("Ks Qd 8c 4h 2s")])
    >>> part = (np.array([0]), np.array([sorted(parse_cards("Ah 2d"))]))  # two: not kept
    >>> t = np.array([[100, 322, 2000]])
    >>> [c.tolist() for c in situation_counts(hands, [part], t, 5)] == [
    ...     count_forced(hands, *part, t, 5).tolist()]
    True
    """
    forced = parts[0][1].shape[1] if parts else 0
    if forced != CACHED_FORCED or completions(dealer_size, forced) >= 2**31:
        for hand_of, cards in parts:
            yield count_forced(hands, hand_of, cards, thresholds, dealer_size).astype(np.int64)
        return

    def count_all() -> npt.NDArray[np.int32]:
        counted = [
            count_forced(hands, hand_of, cards, thresholds, dealer_size) for hand_of, cards in parts
        ]
        return np.concatenate(counted)

    total = sum(hand_of.shape[0] for hand_of, _ in parts)
    counts = cached_array(
        counts_name(hands, parts, thresholds, dealer_size),
        count_all,
        expected_shape=(total, thresholds.shape[1]),
        dtype=np.int32,
        builders=COUNTING_MODULES,
    )
    start = 0
    for hand_of, _ in parts:
        stop = start + hand_of.shape[0]
        yield counts[start:stop].astype(np.int64)
        start = stop


def counted_chunks(
    hands: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.int64],
    bounds: list[tuple[int, int]],
    thresholds: npt.NDArray[np.int64],
    forced: int,
    dealer_size: int,
    whole: bool,
) -> Iterator[tuple[tuple[int, int], ForcedSituations, npt.NDArray[np.int64], Any]]:
    """Each chunk of hand classes (``bounds``) with its situations, their hands and their
    dealer counts: from the table cache when ``whole`` covers every situation of one forced
    card (:mod:`crazy4.advantage.situation_counts`), else counted chunk by chunk (two or more
    forced cards: hundreds of millions of situations, never all in memory).

    Examples
    --------
    >>> from crazy4.core.symmetry import build_suit_classes
    >>> classes = build_suit_classes()
    >>> t = np.tile([100, 322, 2000], (classes.representatives.shape[0], 1))
    >>> pieces = counted_chunks(classes.representatives, classes.weights, [(0, 2)], t, 2, 5, False)
    >>> part, situations, hand, below = next(pieces)
    >>> part, below.shape[1], int(hand.max()) <= 1
    ((0, 2), 3, True)
    """

    def chunk(start: int, stop: int) -> tuple[ForcedSituations, npt.NDArray[np.int64]]:
        situations = forced_situations(hands[start:stop], weights[start:stop], forced)
        return situations, situations.hand_of.astype(np.int64) + start

    if whole and forced == CACHED_FORCED:
        made = [chunk(*part) for part in bounds]
        parts = [(hand, situations.cards) for situations, hand in made]
        counts = situation_counts(hands, parts, thresholds, dealer_size)
        for part, (situations, hand), below in zip(bounds, made, counts, strict=True):
            yield part, situations, hand, below
        return
    for part in bounds:
        situations, hand = chunk(*part)
        yield (
            part,
            situations,
            hand,
            count_forced(hands, hand, situations.cards, thresholds, dealer_size).astype(np.int64),
        )
