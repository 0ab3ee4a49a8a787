"""Practical team rules: the colluders share only how many cards of some ranks they hold, and
each dealer hand is weighted exactly by its marked cards (``docs/collusion.md``, "Practical
rules: share one count").

Examples
--------
>>> hand_weights(n=47, marked=4, held=0, others=5)  # one other colluder holds no ace
[26418, 30303, 34632, 39442, 44772, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, gcd

import numpy as np
import numpy.typing as npt

from crazy4.advantage.colluder import CellColluder
from crazy4.core.cards import BINOMIAL, colex_indices
from crazy4.core.decisions import best_decisions
from crazy4.rules.ruleset import RuleSet

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]


def hand_weights(n: int, marked: int, held: int, others: int, hidden: int = 5) -> list[int]:
    """``w(i)``, ``i = 0..hidden``, divided by their gcd: ``n`` unseen cards, ``marked`` of them
    marked, the others' ``others`` cards holding ``held`` marked ones.

    Examples
    --------
    >>> hand_weights(46, 3, 3, 30)  # the others hold every card of the rank
    [1, 0, 0, 0, 0, 0]
    >>> hand_weights(49, 4, 0, 3, hidden=3)  # Three Card Poker: the other holds no ace
    [11480, 12341, 13244, 14190]
    """
    weights = [
        comb(marked - i, held) * comb(n - marked - (hidden - i), others - held)
        if i <= marked and hidden - i <= n - marked
        else 0
        for i in range(hidden + 1)
    ]
    divisor = 0
    for weight in weights:
        divisor = gcd(divisor, weight)
    return [weight // max(divisor, 1) for weight in weights]


def marked_below(
    role: CellColluder,
    unseen: IntArray,
    forced: int,
    marks: BoolArray,
    thresholds: IntArray,
    n_strengths: int,
) -> IntArray:
    """``B_i(t)``: the dealer hands below ``t`` with ``i`` marked cards, from ``unseen`` listed."""
    from crazy4.advantage.collusion_kernel import below_counts_marked, below_counts_marked_any

    hidden = role.shape.dealer_cards - role.up_cards
    if hidden == 5:
        split = below_counts_marked(
            unseen, unseen.shape[0], forced, marks, role.dealer_table(), BINOMIAL, thresholds,
            n_strengths,
        )  # fmt: skip
    else:
        split = below_counts_marked_any(
            unseen, forced, hidden, marks, role.dealer_table(), BINOMIAL, thresholds, n_strengths
        )
    return np.asarray(split, dtype=np.int64)


def practical_decisions(
    role: CellColluder,
    rules: RuleSet,
    hands: IntArray,
    up: IntArray | None,
    ranks: IntArray,
    seats: Sequence[int] | None = None,
) -> IntArray:
    """The practical rule's decision of every colluder (or of ``seats``) of every deal."""
    deals, k, p = hands.shape
    player = role.player_table()
    n_strengths = role.ranking.n_strengths
    chosen = list(range(k)) if seats is None else [int(seat) for seat in seats]
    decisions = np.zeros((deals, len(chosen)), dtype=np.int64)
    for deal in range(deals):
        mask = int(ranks[deal])
        is_marked = (mask >> (np.arange(52) // 4)) & 1 == 1
        forced = -1 if up is None else int(up[deal])
        team = int(is_marked[hands[deal].ravel()].sum())
        strengths = player[colex_indices(np.sort(hands[deal], axis=1))].astype(np.int64)
        thresholds = role.thresholds(rules, strengths)
        for column, seat in enumerate(chosen):
            seen = np.zeros(52, dtype=bool)
            seen[hands[deal, seat]] = True
            if forced >= 0:
                seen[forced] = True
            unseen = np.flatnonzero(~seen).astype(np.int64)
            marks = is_marked[unseen]
            split = marked_below(role, unseen, forced, marks, thresholds[seat], n_strengths)
            held = team - int(is_marked[hands[deal, seat]].sum())
            strength = strengths[seat : seat + 1]
            ev, allowed, _ = weighted_prices(role, rules, strength, split, marks, held, p * (k - 1))
            decisions[deal, column] = int(best_decisions(ev, allowed)[0][0])
    return decisions


def weighted_prices(
    role: CellColluder,
    rules: RuleSet,
    strength: IntArray,
    split: IntArray,
    marks: BoolArray,
    held: int,
    others: int,
) -> tuple[IntArray, BoolArray, int]:
    """A colluder's EV numerators, allowed decisions and denominator per unit, from the dealer
    hands ``split`` by marked cards (:func:`marked_below`) weighted by :func:`hand_weights`."""
    hidden, n, r = split.shape[0] - 1, marks.shape[0], int(marks.sum())
    weights = hand_weights(n, r, held, others, hidden)
    columns = range(split.shape[1])
    below = [[sum(w * int(split[i, j]) for i, w in enumerate(weights)) for j in columns]]
    total = sum(w * comb(r, i) * comb(n - r, hidden - i) for i, w in enumerate(weights))
    hands = np.array([total], dtype=object)
    ev, allowed = role.prices(rules, strength, np.array(below, dtype=object), hands)
    return ev, allowed, total
