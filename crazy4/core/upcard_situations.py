"""The suit classes of (player hand, dealer up card) situations.

A *situation* is a player hand ``P`` of five cards and one dealer card ``u`` seen face up
(Four Card Poker deals it; a flashed card is the same question): 2,598,960 x 47 = 122,151,120
of them. Relabelling suits maps situations to situations with the same counts, whatever the
dealer's hand size.

Symmetry
--------
The player hands fall into the 134,459 classes of :mod:`crazy4.core.symmetry`; for a class
representative ``R``, the relabellings that fix ``R`` are exactly those permuting suits with
equal rank masks, so two up cards are equivalent when they have the same rank and suits of
equal masks in ``R``. One up card per orbit (the lowest such suit), weighted by the class size
times the orbit size, covers every situation exactly once: 5,649,150 situations of weight 1 to
72, against 122,151,120 (the weights sum to it; the tests check the orbits against all 24
relabellings). :func:`crazy4.core.forced.forced_situations` enumerates the same classes for
any number of seen cards; this one-card form is the cached one the up-card engine
(:mod:`crazy4.core.upcard`) and its readers index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.symmetry import build_suit_classes

#: The modules whose code decides the cached up-card orbits.
SITUATION_MODULES = ("crazy4.core.upcard_situations",)


@dataclass(frozen=True)
class Situations:
    """The suit classes of (player hand, up card) situations.

    Attributes
    ----------
    hand_class : ndarray of int32, shape (n,)
        Class of the player hand (index into :func:`crazy4.core.symmetry.build_suit_classes`).
    up_card : ndarray of int64, shape (n,)
        The dealer's up card.
    weights : ndarray of int64, shape (n,)
        Situations in the class; they sum to 122,151,120.
    """

    hand_class: npt.NDArray[np.int32]
    up_card: npt.NDArray[np.int64]
    weights: npt.NDArray[np.int64]


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


def situations_of(hands: npt.NDArray[np.integer], weights: npt.NDArray[np.int64]) -> Situations:
    """One situation per orbit of up cards under the relabellings fixing each hand.

    Parameters
    ----------
    hands : ndarray, shape (n, 5)
        Class representatives.
    weights : ndarray of int64, shape (n,)
        Hands in each class.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> flush = np.array([parse_cards("2c 5c 8c Jc Kc")])
    >>> s = situations_of(flush, np.array([4]))
    >>> len(s.weights), int(s.weights.sum()) == 4 * 47   # 13 ranks x {clubs, other suit}
    (21, True)
    """
    return situations_from_orbits(up_card_orbits(hands), weights)


def up_card_orbits(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
    """Per hand and up card: the size of the up card's orbit under the relabellings fixing the
    hand when the up card is the least of its orbit and not in the hand, else 0; shape (n, 52).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> orbits = up_card_orbits(np.array([parse_cards("2c 5c 8c Jc Kc")]))
    >>> int((orbits > 0).sum()), int(orbits.sum())   # 13 ranks x {clubs, another suit}
    (21, 47)
    """
    masks = suit_masks(hands)
    deck = np.arange(52)
    suit, rank = deck % 4, deck // 4
    up_mask = masks[:, suit]  # (n, 52): mask of the up card's suit
    held = (up_mask >> rank) & 1
    same = masks[:, :, None] == up_mask[:, None, :]  # (n, 4, 52): suits with the same mask
    orbit = same.sum(axis=1)
    lowest = np.argmax(same, axis=1)
    keep = (held == 0) & (lowest == suit)
    return np.where(keep, orbit, 0).astype(np.uint8)


def situations_from_orbits(
    orbits: npt.NDArray[np.uint8], weights: npt.NDArray[np.int64]
) -> Situations:
    """The situations of :func:`up_card_orbits` (hand by hand, up cards ascending), each
    weighted by its hand class's weight times its orbit.

    Examples
    --------
    >>> s = situations_from_orbits(np.array([[0, 2, 0, 1]], dtype=np.uint8), np.array([12]))
    >>> s.up_card.tolist(), s.weights.tolist()
    ([1, 3], [24, 12])
    """
    hand_class, up_card = np.nonzero(orbits)
    return Situations(
        hand_class=hand_class.astype(np.int32),
        up_card=up_card.astype(np.int64),
        weights=np.asarray(weights, dtype=np.int64)[hand_class]
        * orbits[hand_class, up_card].astype(np.int64),
    )


@cache
def build_situations() -> Situations:
    """The 5,649,150 situation classes of all player hands (see the module docstring); the
    orbits are cached on disk (7 MB, read rather than computed again).

    Examples
    --------
    >>> s = build_situations()
    >>> len(s.weights), int(s.weights.sum())
    (5649150, 122151120)
    """
    classes = build_suit_classes()
    orbits = cached_array(
        "up_card_orbits",
        lambda: up_card_orbits(classes.representatives),
        expected_shape=(classes.representatives.shape[0], 52),
        dtype=np.uint8,
        builders=SITUATION_MODULES,
    )
    return situations_from_orbits(orbits, classes.weights)


__all__ = [
    "SITUATION_MODULES",
    "Situations",
    "build_situations",
    "situations_from_orbits",
    "situations_of",
    "suit_masks",
    "up_card_orbits",
]
