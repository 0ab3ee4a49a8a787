"""Dealt (player hand, up card) pairs to their situation class, and each class's three counts.

A strategy of the up-card shape is one decision per *situation class* (player hand, up card)
of :func:`crazy4.core.upcard_situations.build_situations`. Mapping a dealt situation to its
class costs two table lookups: relabelling suits maps the dealt hand ``H`` to its class
representative ``R``, and an up card of rank ``r`` in a suit of rank mask ``m`` (in ``H``) is
equivalent to the up card of rank ``r`` in the lowest suit of ``R`` with mask ``m`` (the orbit
representative the engine counts). So :func:`situation_slots` holds, for every five-card hand
(colex) and up-card suit, ``class * 52 + that lowest suit``; adding ``4 * r`` gives the index
of the situation in a dense ``(class, card)`` table (:func:`situation_index_table`).

:func:`situation_counts` keeps, per situation class, the hidden completions where the dealer
is lower, ties and is higher: what a reference prices without the dealer's categories. All
three tables are cached on disk; none depends on a game, only on the shape.

This module is apart from :mod:`crazy4.core.upcard_situations` on purpose: its code is no
part of the key of the cached situation counts (:data:`crazy4.core.upcard.COUNTING_MODULES`),
so a change here never makes the 0.2 GB count be taken again.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import combinations_array
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard import COUNTING_MODULES, UpCardShape, compute_upcard_outcomes
from crazy4.core.upcard_situations import SITUATION_MODULES, build_situations, suit_masks

HANDS = comb(52, 5)
_VERSION = "v1"


def _build_slots() -> npt.NDArray[np.int32]:
    classes = build_suit_classes()
    hands = combinations_array(52, 5)
    masks = suit_masks(hands)  # (n, 4) by suit of the dealt hand
    rep_masks = suit_masks(classes.representatives)[classes.class_of_hand]
    # for each suit s of H: the lowest suit t of R with the same rank mask
    same = rep_masks[:, None, :] == masks[:, :, None]  # (n, s, t)
    lowest = np.argmax(same, axis=2).astype(np.int32)
    slots = classes.class_of_hand[:, None].astype(np.int32) * 52 + lowest
    return np.ascontiguousarray(slots.reshape(-1))


@cache
def situation_slots() -> npt.NDArray[np.int32]:
    """``class * 52 + suit`` for every (five-card colex index, up-card suit), flattened.

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices, parse_cards
    >>> slots = situation_slots()
    >>> hand = colex_indices(np.array([parse_cards("2c 3c 4d 5h 6s")]))[0]
    >>> int(slots[4 * hand + 0]) % 52 == int(slots[4 * hand + 1]) % 52   # c and d differ
    False
    """
    return cached_array(
        f"up_card_situation_slots_{_VERSION}",
        _build_slots,
        expected_shape=(HANDS * 4,),
        dtype=np.int32,
        builders=(__name__, *SITUATION_MODULES),
    )


@cache
def situation_index_table() -> npt.NDArray[np.int32]:
    """Situation class (index into :func:`build_situations`) by ``class * 52 + card``; -1 where
    the card is not an orbit representative.

    Examples
    --------
    >>> table = situation_index_table()
    >>> int((table >= 0).sum()) == len(build_situations().weights)
    True
    """
    situations = build_situations()
    n_classes = build_suit_classes().weights.shape[0]
    table = np.full(n_classes * 52, -1, dtype=np.int32)
    keys = situations.hand_class.astype(np.int64) * 52 + situations.up_card
    table[keys] = np.arange(keys.shape[0], dtype=np.int32)
    return table


def situation_of(
    colex: npt.NDArray[np.integer], up_card: npt.NDArray[np.integer]
) -> npt.NDArray[np.int32]:
    """Situation class of dealt (hand, up card) pairs: two lookups.

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices, parse_card, parse_cards
    >>> a = colex_indices(np.array([parse_cards("2c 3c 4d 5h 6s")]))
    >>> b = colex_indices(np.array([parse_cards("2d 3d 4c 5h 6s")]))    # clubs <-> diamonds
    >>> bool(situation_of(a, np.array([parse_card("Kc")]))[0]
    ...      == situation_of(b, np.array([parse_card("Kd")]))[0])
    True
    """
    up = np.asarray(up_card, dtype=np.int64)
    slot = situation_slots()[np.asarray(colex, dtype=np.int64) * 4 + (up & 3)]
    result: npt.NDArray[np.int32] = situation_index_table()[slot + (up & ~3)]
    return result


@cache
def situation_counts(shape: UpCardShape) -> npt.NDArray[np.int32]:
    """Hidden completions where the dealer is lower / ties / is higher, per situation class of
    the shape (columns in that order; read from the cache after the first count).

    Examples
    --------
    >>> counts = situation_counts(UpCardShape(6))
    >>> bool((counts.sum(axis=1) == UpCardShape(6).completions).all())
    True
    """

    def build() -> npt.NDArray[np.int32]:
        outcomes = compute_upcard_outcomes(shape)
        return np.stack([outcomes.lower, outcomes.tie, outcomes.higher], axis=1).astype(np.int32)

    return cached_array(
        f"up_card_situation_cells_of_{shape.dealer_cards}_{_VERSION}",
        build,
        expected_shape=(build_situations().weights.shape[0], 3),
        dtype=np.int32,
        builders=(*COUNTING_MODULES, __name__),
    )


__all__ = [
    "situation_counts",
    "situation_index_table",
    "situation_of",
    "situation_slots",
]
