"""Dealt (player hand, up card) pairs to their situation class: the simulator's lookup.

A situation is a player hand of five cards and one dealer card seen face up (Four Card
Poker's up card). Relabelling suits maps the dealt hand ``H`` to its suit class's
representative ``R`` (:mod:`crazy4.core.symmetry`), and an up card of rank ``r`` in a suit of
rank mask ``m`` (in ``H``) is equivalent to the up card of rank ``r`` in the lowest suit of
``R`` with mask ``m``: the orbit representative the specification engines' situations count
(:mod:`crazy4.analyze.situations`). So :func:`situation_slots` holds, for every five-card hand
(colex) and up-card suit, ``class * 52 + that lowest suit``; adding ``4 * r`` gives the
situation's entry in a ``(class, card)`` table (:func:`crazy4.simulate.fast.situation_base`).
The table is cached on disk; it depends on no game, only on the cards.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.symmetry import build_suit_classes

HANDS = comb(52, 5)
_VERSION = "v1"
#: Rows :func:`situation_entries` looks up at a time (a block whose temporaries stay in cache).
BLOCK = 1 << 14


def suit_masks(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The 13-bit rank mask of each suit in each hand, shape (n, 4).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> suit_masks(np.array([parse_cards("2c 3c Ad")])).tolist()
    [[3, 4096, 0, 0]]
    """
    cards = np.asarray(hands, dtype=np.int64)
    masks = np.zeros((cards.shape[0], 4), dtype=np.int64)
    for column in range(cards.shape[1]):
        for suit in range(4):
            masks[:, suit] |= np.where(
                cards[:, column] % 4 == suit, 1 << (cards[:, column] // 4), 0
            )
    return masks


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
        builders=(__name__,),
    )


def situation_entries(
    hands: npt.NDArray[np.integer],
    up: npt.NDArray[np.integer],
    colex: npt.NDArray[np.integer] | None = None,
) -> npt.NDArray[np.int64]:
    """Each (sorted five-card hand, up card)'s entry in the ``(class, card)`` space of
    :func:`situation_slots`: one entry for every situation of a class (``colex``: the hands'
    colex indices, when the caller has them).

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> hands = np.array([sorted(parse_cards(t)) for t in ("2c 3c 4d 5h 6s", "2d 3d 4c 5h 6s")])
    >>> up = np.array([parse_card("As"), parse_card("As")])
    >>> bool(situation_entries(hands, up)[0] == situation_entries(hands, up)[1])
    True
    """
    table = situation_slots()
    entries = np.empty(len(hands), dtype=np.int64)
    for start in range(0, len(hands), BLOCK):  # a block at a time: bounded temporaries
        block = slice(start, start + BLOCK)
        seen = np.asarray(up[block], dtype=np.int64)
        index = colex_indices(hands[block]) if colex is None else colex[block]
        entries[block] = table[np.asarray(index, dtype=np.int64) * 4 + (seen & 3)]
        entries[block] += seen & ~3
    return entries
