"""The envy bonus with card removal: another seat's five cards come from the player's 47 unseen.

Derivation
----------
For a player hand ``P`` and a category ``e``, the number of other-seat hands ``O`` (five of the
47 cards not in ``P``) of category ``e`` is, by inclusion--exclusion over the player's cards,
::

    D_e(P) = sum_{S subset of P} (-1)^{|S|} N_e(S),

where ``N_e(S)`` counts the five-card hands of category ``e`` that contain ``S`` (the design
notes' subset tables, here for one category: 1 + 52 + 1,326 + 22,100 + 270,725 + 2,598,960
counters, the last the category's indicator). Suit relabelling keeps categories, so ``D_e`` is
the same over a suit class of ``P``: it is evaluated on the 134,459 class representatives
(:func:`crazy4.core.symmetry.build_suit_classes`) and weighted.

The envy's value per other seat given ``P`` is ``sum_e A_e D_e(P) / C(47, 5)``. Averaged over
every ``P``, each ordered pair of disjoint hands is counted once from each side, so
``sum_P D_e(P) = n_e C(47, 5)``: the average is ``n_e / C(52, 5)``, the value without card
removal (:func:`envy_counts` checks that total); the removal shows only given the player's
hand. Expectation is linear, so ``k`` other seats are worth ``k`` times one seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.symmetry import build_suit_classes
from crazy4.progressive.returns import category_table

#: Other-seat hands for one player hand.
OTHER_HANDS = comb(47, 5)


@cache
def containing_counts(scoring: str, category: int) -> tuple[npt.NDArray[np.int64], ...]:
    """``N_e(S)`` for every subset ``S`` of sizes 0 to 5, by the subset's colex index.

    Examples
    --------
    >>> tables = containing_counts("five_cards", 9)  # royal flushes
    >>> int(tables[0][0]), int(tables[1].sum()), int(tables[5].sum())
    (4, 20, 4)
    """
    hands = combinations_array(52, 5)[category_table(scoring) == category]
    tables = [np.array([hands.shape[0]], dtype=np.int64)]
    for size in range(1, 6):
        found = np.zeros(comb(52, size), dtype=np.int64)
        for kept in combinations(range(5), size):
            found += np.bincount(colex_indices(hands[:, list(kept)]), minlength=found.shape[0])
        found.flags.writeable = False
        tables.append(found)
    return tuple(tables)


def envy_counts(
    players: npt.NDArray[np.integer], scoring: str, categories: tuple[int, ...]
) -> npt.NDArray[np.int64]:
    """``D_e(P)``: other-seat hands of each category disjoint from each player hand.

    Parameters
    ----------
    players : ndarray, shape (n, 5)
        Player hands, cards sorted ascending in each row.
    scoring : str
    categories : tuple of int

    Returns
    -------
    ndarray of int64, shape (n, len(categories))

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand = np.array([sorted(parse_cards("As Ks Qs Js 2c"))])
    >>> envy_counts(hand, "five_cards", (9,)).tolist()  # only three suits' royals are left
    [[3]]
    """
    rows = np.asarray(players)
    tables = [containing_counts(scoring, category) for category in categories]
    found = np.zeros((rows.shape[0], len(categories)), dtype=np.int64)
    for size in range(6):
        for kept in combinations(range(5), size):
            index = colex_indices(rows[:, list(kept)]) if size else np.zeros(rows.shape[0], int)
            for column, table in enumerate(tables):
                found[:, column] += (-1) ** size * table[size][index]
    return found


@dataclass(frozen=True)
class EnvyByPlayerHand:
    """Other-seat hands of each envy category, summed by the player's own category.

    Attributes
    ----------
    player_hands : tuple of int
        Player hands of each category (by category value).
    other_hands : dict of int to tuple of int
        For each envy category, the other-seat hands of it summed over the player hands of
        each category (each player hand has C(47, 5) other-seat hands).
    """

    player_hands: tuple[int, ...]
    other_hands: dict[int, tuple[int, ...]]


def envy_by_player_category(scoring: str, categories: tuple[int, ...]) -> EnvyByPlayerHand:
    """:func:`envy_counts` over every player hand (by suit class), by the player's category.

    Raises
    ------
    AssertionError
        If a total is not ``n_e C(47, 5)`` (the module docstring).

    Examples
    --------
    >>> found = envy_by_player_category("five_cards", (9,))
    >>> found.other_hands[9][9], found.player_hands[9]  # royal flush beside royal flush
    (12, 4)
    """
    classes = build_suit_classes()
    table = category_table(scoring)
    own = table[colex_indices(classes.representatives)].astype(np.int64)
    counts = envy_counts(classes.representatives, scoring, categories)
    size = int(table.max()) + 1
    player = np.zeros(size, dtype=np.int64)
    np.add.at(player, own, classes.weights)
    other: dict[int, tuple[int, ...]] = {}
    for column, category in enumerate(categories):
        summed = np.zeros(size, dtype=np.int64)
        np.add.at(summed, own, classes.weights * counts[:, column])
        total = int((table == category).sum()) * OTHER_HANDS
        assert int(summed.sum()) == total, "envy counts do not add up to n_e C(47, 5)"
        other[category] = tuple(int(n) for n in summed)
    return EnvyByPlayerHand(tuple(int(n) for n in player), other)
