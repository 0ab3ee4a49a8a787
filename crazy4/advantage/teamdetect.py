"""Catching team play: does a seat's play follow the other seats' cards (the collusion
engine's exact optimum given them)? A conditional randomization test, exactly Poisson-binomial
given the draws; the practical rule's hypothesis has exact ``p_i`` (``docs/advantage.md``,
section 5, "Team play").
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.advantage.collusion import colluder_role
from crazy4.advantage.surveil import surveillance_of
from crazy4.advantage.team import marked_below, weighted_prices
from crazy4.core.cards import colex_indices
from crazy4.core.decisions import best_decisions
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: Null draws of the other seats' cards per round (``p_i`` in steps of 1 / (draws + 1)).
TEAM_DRAWS = 19
#: Rounds valued at once (each with ``draws + 1`` pooled-card sets).
TEAM_CHUNK = 1024
#: Threads valuing pooled-card sets, and the fewest sets a thread is given.
THREADS = 2
THREAD_ROWS = 64


@dataclass(frozen=True)
class TeamEvidence:
    """The team hypothesis's per-round evidence and the exact EV gained (Antes)."""

    name: str
    p: FloatArray
    hits: BoolArray
    gain: Fraction


def team_valuation(
    rules: RuleSet, hands: IntArray, others: IntArray, up: IntArray
) -> tuple[IntArray, IntArray, int]:
    """The seat's team decision, every decision's EV numerator and their denominator, given the
    other seats' cards ``others`` (none: the no-information strategy).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> hand = np.array([sorted(parse_cards("Kd Qs 8c 5h 3d"))])
    >>> others = np.array([[sorted(parse_cards(h)) for h in ("Ac Ad Ah As 2c", "Kc Kh Ks 4d 6d")]])
    >>> decision, ev, denominator = team_valuation(rules, hand, others, np.zeros((1, 0), int))
    >>> int(decision[0])  # the dealer has no ace and at most one king left: king-high plays
    1
    """
    table = surveillance_of(rules)

    def value(rows: slice) -> tuple[IntArray, IntArray, int]:
        ev, allowed, denominator = table.seat_evs(rules, hands[rows], others[rows], up[rows])
        return best_decisions(ev, allowed)[0], ev, denominator

    n = hands.shape[0]
    threads = min(THREADS, os.cpu_count() or 1, n // THREAD_ROWS)
    if threads > 1:  # the kernels release the GIL; rows are independent, so any split agrees
        edges = np.linspace(0, n, threads + 1).astype(np.int64).tolist()
        with ThreadPoolExecutor(max_workers=threads) as pool:
            parts = list(pool.map(value, [slice(a, b) for a, b in pairwise(edges)]))
        decided = np.concatenate([part[0] for part in parts])
        return decided, np.concatenate([part[1] for part in parts]), parts[0][2]
    return value(slice(None))


def honest_play(rules: RuleSet, hands: IntArray, up: IntArray) -> IntArray:
    """The no-information optimal decision of each hand with its up cards.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> hands = np.array([parse_cards("As Ad Ah"), parse_cards("5c 3d 2h")])
    >>> honest_play(load_rules("three-card-standard"), hands, np.zeros((2, 0), int)).tolist()
    [1, 0]
    """
    table = surveillance_of(rules)
    return np.asarray(table.honest_decisions(rules, np.sort(hands, axis=1), up), np.int64)


def null_others(
    hands: IntArray, up: IntArray, others_count: int, draws: int, rng: np.random.Generator
) -> IntArray:
    """``draws`` sets of ``others_count`` hands per round from the cards the seat cannot see:
    the null distribution of the others' cards.

    Examples
    --------
    >>> drawn = null_others(np.array([[0, 1, 2, 3, 4]]), np.zeros((1, 0), int), 2, 3,
    ...                     np.random.default_rng(1))
    >>> drawn.shape, bool((drawn >= 5).all()), len(set(drawn[0, 0].ravel().tolist()))
    ((1, 3, 2, 5), True, 10)
    """
    n = hands.shape[0]
    keys = rng.random((n, draws, 52))
    rows = np.arange(n)[:, None]
    blocked = np.zeros((n, 52), dtype=bool)
    blocked[rows, np.concatenate([hands, up], axis=1)] = True
    keys[np.broadcast_to(blocked[:, None, :], keys.shape)] = 2.0  # never among the first
    size = hands.shape[1]
    chosen = np.argsort(keys, axis=2)[:, :, : size * others_count]
    return chosen.reshape(n, draws, others_count, size).astype(np.int64)


def team_evidence(
    rules: RuleSet,
    hands: IntArray,
    up: IntArray,
    others: IntArray,
    decisions: IntArray,
    *,
    draws: int = TEAM_DRAWS,
    seed: Sequence[int] = (0,),
) -> TeamEvidence:
    """The pooled-cards evidence for rounds of one table size, the draws seeded by ``seed``."""
    n, others_count, size = hands.shape[0], others.shape[1], hands.shape[1]
    rng = np.random.default_rng(np.random.SeedSequence([*seed, others_count]))
    p = np.zeros(n)
    hits = np.zeros(n, dtype=bool)
    gain = Fraction(0)
    for start in range(0, n, TEAM_CHUNK):
        rows = slice(start, start + TEAM_CHUNK)
        hand, seat_up, decision = hands[rows], up[rows], decisions[rows]
        m = hand.shape[0]
        team, ev, denominator = team_valuation(rules, hand, others[rows], seat_up)
        drawn = null_others(hand, seat_up, others_count, draws, rng)
        fake, _, _ = team_valuation(
            rules,
            np.repeat(hand, draws, axis=0),
            drawn.reshape(m * draws, others_count, size),
            np.repeat(seat_up, draws, axis=0),
        )
        observed = team == decision
        matches = (fake.reshape(m, draws) == decision[:, None]).sum(axis=1)
        hits[rows] = observed
        p[rows] = (observed + matches) / (draws + 1)
        honest = honest_play(rules, hand, seat_up)
        index = np.arange(m)
        numerator = int(ev[index, decision].sum()) - int(ev[index, honest].sum())
        gain += Fraction(numerator, denominator)
    return TeamEvidence("team: pooled cards", p, hits, gain)


def practical_evidence(
    rules: RuleSet, hands: IntArray, up: IntArray, others: IntArray, decisions: IntArray
) -> TeamEvidence:
    """The practical team rule's hypothesis, with exact ``p_i``: the count the others hold of
    the shared ranks is hypergeometric under the null."""
    role = colluder_role(rules)
    n, others_count = hands.shape[0], others.shape[1]
    rule = role.practical_rules[0]
    masks = role.practical_ranks(rules, rule, up[:, 0] if role.up_cards else None, n)
    strengths = role.player_table()[colex_indices(np.sort(hands, axis=1))].astype(np.int64)
    thresholds = role.thresholds(rules, strengths)
    honest = role.honest_decisions(
        rules, colex_indices(np.sort(hands, axis=1)), up[:, 0] if role.up_cards else None
    )
    unit, pooled, n_strengths = role.unit(rules), 5 * others_count, role.ranking.n_strengths
    p, hits, gain = np.zeros(n), np.zeros(n, dtype=bool), Fraction(0)

    def listed(
        i: int,
    ) -> tuple[IntArray, BoolArray, IntArray]:
        """Round ``i``'s unseen cards, which are marked, and its dealer hands split by them."""
        marked = (int(masks[i]) >> (np.arange(52) // 4)) & 1 == 1
        seen = np.zeros(52, dtype=bool)
        seen[np.concatenate([hands[i], up[i]])] = True
        unseen = np.flatnonzero(~seen).astype(np.int64)
        forced = int(up[i, 0]) if role.up_cards else -1
        split = marked_below(role, unseen, forced, marked[unseen], thresholds[i], n_strengths)
        return unseen, marked, split

    # the kernel releases the GIL: the rounds' listings on THREADS threads, in round order
    with ThreadPoolExecutor(max_workers=max(1, min(THREADS, os.cpu_count() or 1))) as pool:
        found = list(pool.map(listed, range(n)))
    for i, (unseen, marked, split) in enumerate(found):
        marks, strength = marked[unseen], strengths[i : i + 1]
        u, r, actual, ways = unseen.shape[0], int(marks.sum()), int(marked[others[i]].sum()), 0
        for j in range(min(r, pooled) + 1):
            ev, allowed, total = weighted_prices(role, rules, strength, split, marks, j, pooled)
            decided = int(best_decisions(ev, allowed)[0][0])
            if decided == decisions[i]:
                ways += comb(r, j) * comb(u - r, pooled - j)
            if j == actual:
                hits[i] = decided == decisions[i]
                gain += Fraction(int(ev[0, decisions[i]]) - int(ev[0, honest[i]]), total * unit)
        p[i] = ways / comb(u, pooled)  # exactly 0 or 1 when every count gives one decision
    return TeamEvidence(f"team: practical rule {rule}", p, hits, gain)


#: The no-information EV gap (Antes) below which a round is close (:func:`team_rounds`).
TEAM_MARGIN = Fraction(3, 20)
#: The fewest close rounds valued beside the deviations (:func:`team_rounds`).
CLOSE_ROUNDS = 50


def team_rounds(
    rules: RuleSet,
    hands: IntArray,
    up: IntArray,
    decisions: IntArray,
    margin: Fraction = TEAM_MARGIN,
) -> BoolArray:
    """The rounds the team tests value: the deviations from the no-information optimum, and the
    closest rounds within ``margin`` Antes of indifference (as many as the deviations, at least
    :data:`CLOSE_ROUNDS`). Only the seat's own cards and decisions decide, so the null stays
    exact.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> hands = np.array([sorted(parse_cards(h)) for h in ("As Ad Ah Ac Kd", "Ks Qd 8c 4h 2s")])
    >>> team_rounds(load_rules("crazy4-standard"), hands, np.zeros((2, 0), int),
    ...             np.array([3, 1])).tolist()  # quads: 3x by far; K-Q-8-4: close to a fold
    [False, True]
    """
    if hands.shape[0] == 0:
        return np.zeros(0, dtype=bool)
    table = surveillance_of(rules)
    ev, allowed, denominator = table.seen_evs(rules, np.sort(hands, axis=1), up)
    best = best_decisions(ev, allowed)[0]
    rows = np.arange(hands.shape[0])
    lowest = np.iinfo(np.int64).min
    others = np.where(allowed, ev, lowest)
    others[rows, best] = lowest
    second = others.max(axis=1)
    gap = ev[rows, best] - second
    close = (gap * margin.denominator < margin.numerator * denominator) & (second > lowest)
    deviated = best != decisions
    close &= ~deviated
    # the closest of them only, as many as the deviations (at least CLOSE_ROUNDS): a round the
    # seat played as the optimum tells less than a deviation
    keep = max(int(deviated.sum()), CLOSE_ROUNDS)
    if int(close.sum()) > keep:
        candidates = np.flatnonzero(close)
        order = np.argsort(gap[candidates], kind="stable")
        close[:] = False
        close[candidates[order[:keep]]] = True
    return np.asarray(deviated | close)
