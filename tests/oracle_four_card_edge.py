"""The exact house edge of Four Card Poker's Ante + Play, re-derived by the oracle.

Independent of ``crazy4`` (stdlib and numpy; the evaluator, the rule reading and the
settlement of ``oracle_four_card``). The count behind the edge: for a player hand ``P`` and an
up card ``u``, the hidden hands ``H`` (five of the 46 other cards) with a dealer hand
``H + u`` above ``P``'s. Listing them (1,370,754 per situation, 122 million situations) is out
of reach; counted instead by inclusion-exclusion over the player's cards:

    L(P, u) = sum over S subset of P of (-1)^|S| * G_u(S, v(P)),
    G_u(S, t) = #{five-card H from the 51 cards other than u, H containing S, v(H + u) > t}

(a hidden hand meets ``P`` exactly in some subset; the alternating sum keeps those that meet
it in the empty set). For one up card the 2,349,060 hands ``H`` are listed once; level ``k``
lists each with its C(5, k) subsets of size ``k`` as sorted keys ``subset * 4096 + strength``
(strength: the rank of the value among the 2,535 four-card values), so ``G_u(S, t)`` is the
subset's C(51 - k, 5 - k) entries less those at or below ``S * 4096 + t``: one binary search.

Symmetry, exact: relabelling suits maps situations one to one with the same counts, so the up
card is taken in clubs (weight 4), and the player hands are taken one per orbit of the
relabellings fixing clubs (the six permutations of diamonds, hearts, spades), weighted by the
orbit's size. About a minute of numpy CPU on one core (53 s measured, 2026-12-02, with
the 20,358,520 six-card values listed first) and 1.2 GB of memory at its peak.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt
from oracle_four_card import (
    BINOMIAL,
    COMPLETIONS,
    Reading,
    best_of_six,
    colex,
    combinations,
    five_card_values,
    pays,
)

IntArray = npt.NDArray[np.int64]
SHIFT = 4096  # > the 2,535 strengths


@cache
def six_card_values() -> IntArray:
    """Best-four-of-six value of every six-card hand, indexed by colex index."""
    five = combinations(52, 5)
    blocks = []
    for top in range(5, 52):  # hands whose highest card is ``top``: the next colex block
        rows = five[: comb(top, 5)]
        blocks.append(best_of_six(np.column_stack([rows, np.full(rows.shape[0], top)])))
    values: IntArray = np.concatenate(blocks)
    return values


@cache
def strengths() -> IntArray:
    """The distinct best-four values of five- and six-card hands, ascending (a value's
    strength is its index here)."""
    distinct: IntArray = np.unique(np.concatenate([six_card_values(), five_card_values()]))
    assert len(distinct) < SHIFT
    return distinct


def orbit_representatives() -> tuple[IntArray, IntArray]:
    """One five-card hand (colex index) per orbit of the suit permutations fixing clubs, and
    the orbit sizes."""
    hands = combinations(52, 5).astype(np.int64)
    canonical = np.full(hands.shape[0], np.iinfo(np.int64).max, dtype=np.int64)
    for perm in itertools.permutations((1, 2, 3)):
        suit_map = np.array((0, *perm))
        relabelled = np.sort(hands // 4 * 4 + suit_map[hands % 4], axis=1)
        np.minimum(canonical, colex(relabelled), out=canonical)
    reps, sizes = np.unique(canonical, return_counts=True)
    return reps, sizes.astype(np.int64)


@cache
def six_card_strengths() -> npt.NDArray[np.int32]:
    """:func:`strengths` index of every six-card hand's value, by colex index."""
    found: npt.NDArray[np.int32] = np.searchsorted(strengths(), six_card_values()).astype(np.int32)
    return found


def choices(k: int) -> list[list[int]]:
    """The k-subsets of the five positions of a hand."""
    return [list(c) for c in itertools.combinations(range(5), k)]


@cache
def hidden_subset_rows(k: int) -> npt.NDArray[np.int32]:
    """Colex index (among the 51 cards) of each k-subset of each hidden hand H: the hands in
    colex order, one block per :func:`choices` entry."""
    hidden = combinations(51, 5)
    rows = [colex(hidden[:, chosen]).astype(np.int32) for chosen in choices(k)]
    return np.concatenate(rows)


def hidden_strengths(up: int) -> npt.NDArray[np.int32]:
    """Strength of ``H + up`` for every five-card H of the 51 other cards (colex order of H
    among those 51 cards, relabelled 0..50)."""
    hidden = combinations(51, 5).astype(np.int64)
    above = hidden >= up  # cards above the up card: one place further in the six
    index = BINOMIAL[up, 5 - above.sum(axis=1) + 1]
    for i in range(5):
        index = index + BINOMIAL[hidden[:, i] + above[:, i], i + 1 + above[:, i]]
    found: npt.NDArray[np.int32] = six_card_strengths()[index]
    return found


def higher_counts(up: int, players: IntArray) -> IntArray:
    """For each player hand (rows of five cards relabelled among the 51 cards other than
    ``up``, ascending), the hidden hands from the other 46 cards whose dealer hand beats it."""
    dealer = hidden_strengths(up)
    back = players + (players >= up)
    mine = np.searchsorted(strengths(), five_card_values()[colex(back)])
    # level 5: H is the player's hand itself
    higher = -(dealer[colex(players)] > mine).astype(np.int64)
    for k in range(5):
        per_subset = comb(51 - k, 5 - k)
        listed = len(choices(k))
        if k:
            keys = hidden_subset_rows(k) * np.int32(SHIFT) + np.tile(dealer, listed)
        else:
            keys = dealer.copy()
        keys.sort()
        if k:
            rows = np.concatenate([colex(players[:, chosen]) for chosen in choices(k)])
        else:
            rows = np.zeros(players.shape[0], dtype=np.int64)
        query = (rows * SHIFT + np.tile(mine, listed)).astype(np.int32)
        order = np.argsort(query)
        at_or_below = np.empty(query.shape[0], dtype=np.int64)
        at_or_below[order] = np.searchsorted(keys, query[order], side="right")
        beaten = (rows + 1) * per_subset - at_or_below
        higher += (-1) ** k * beaten.reshape(listed, -1).sum(axis=0)
    assert ((higher >= 0) & (higher <= COMPLETIONS)).all()
    return higher


def house_edge(reading: Reading) -> tuple[Fraction, dict[str, int]]:
    """Exact house edge per Ante of Ante + Play + Ante Bonus under optimal play by hand and
    up card (the player wins ties), and the situations (of C(52, 5) * 47) by decision.

    The decision compares exact integers: ``EV(m) * N = (1 + m) * (N - 2 L) + bonus * N`` with
    ``N`` = 1,370,754; folding is ``-N`` (plus the bonus unless only paid with Play).
    """
    if reading.ties != "player":
        raise ValueError("the edge is derived for the rules text's ties: the player wins")
    reps, sizes = orbit_representatives()
    hands = combinations(52, 5).astype(np.int64)[reps]
    bonus = np.maximum(pays(reading.ante_bonus, five_card_values()[reps], reading.unit), 0)
    total = 0
    decisions = dict.fromkeys(["fold", *(f"{m}x" for m in reading.multiples)], 0)
    n, unit = COMPLETIONS, reading.unit
    for up in range(0, 52, 4):  # the up card in clubs; the other suits by symmetry
        keep = (hands != up).all(axis=1)
        players = hands[keep] - (hands[keep] > up)
        weight = sizes[keep] * 4
        higher = higher_counts(up, players)
        fold_bonus = 0 if reading.bonus_only_with_play else 1
        evs = [-n * unit + fold_bonus * bonus[keep] * n]
        evs += [(1 + m) * (n - 2 * higher) * unit + bonus[keep] * n for m in reading.multiples]
        table = np.stack(evs, axis=1)
        best = table.argmax(axis=1)
        total += sum(int(x) for x in (table.max(axis=1) * weight).tolist())
        for i, label in enumerate(decisions):
            decisions[label] += int(weight[best == i].sum())
    situations = comb(52, 5) * 47
    return -Fraction(total, situations * n * unit), decisions
