"""The joint table of both hands' categories: deals by the player's category, the dealer's
category, who wins and the optimal decision, for any specification game.

The dealer hands below each category start ``D(s_c)`` are counted by the deal shape's counter
(two thresholds a call); a dealer hand of category ``c`` is one of ``D(s_{c+1}) - D(s_c)``, and
within the player's category the counts below, on and above the player's strength split it.
A hand class is counted whole against a hidden dealer hand under the decision most of its
situations take (its situations see every dealer hand ``C(d, f)`` times); the situations of
another decision are counted one by one and moved to theirs. Every figure is exact.

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.analyze.analysis import analyze_spec
>>> from crazy4.registry import load_rules
>>> analysis = analyze_spec(THREE_CARD, load_rules("three-card-standard"))
>>> table = joint_table(THREE_CARD, analysis, ("player higher", "tie", "dealer higher"))
>>> int(table["deals"].sum()) == THREE_CARD.shape.deals
True
"""

from __future__ import annotations

import hashlib
from math import comb

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.analyze.counting import CellCounter, counter_for
from crazy4.core.cache import cached_array
from crazy4.spec.specification import DECISIONS, DealShape, GameSpec

IntArray = npt.NDArray[np.int64]


def _by_category(
    counter: CellCounter,
    spec: GameSpec,
    hands: npt.NDArray[np.uint8],
    strengths: IntArray,
    forced: npt.NDArray[np.uint8] | None,
    results: IntArray | None,
    jobs: int,
) -> IntArray:
    """Dealer hands by category and result (player higher, tie, dealer higher), shape
    ``(n, k, 3)`` (``results``: the hands' counts below, on and above their strengths, counted
    here when None)."""
    ranking, dealer_cards = spec.ranking, spec.shape.dealer_cards
    starts = ranking.category_starts().astype(np.int64)
    k, n = starts.shape[0], hands.shape[0]
    below = np.zeros((n, k + 1), dtype=np.int64)  # D(s_c), c = 0..k (D(s_0) = 0)
    todo = list(range(1, k))
    if results is None:  # the player's own strength beside the first category start
        cells = counter.cells(hands, strengths, int(starts[1]), ranking, dealer_cards, jobs, forced)
        results = cells[:, :3] + cells[:, 3:]
        below[:, 1] = cells[:, :3].sum(axis=1)
        todo = todo[1:]
    for at in range(0, len(todo), 2):
        low, high = todo[at], todo[min(at + 1, len(todo) - 1)]
        rows = np.full(n, starts[low], dtype=np.int64)
        cells = counter.cells(hands, rows, int(starts[high]), ranking, dealer_cards, jobs, forced)
        below[:, low] = cells[:, 0] + cells[:, 3]
        below[:, high] = cells[:, :3].sum(axis=1)
    return _split(below, results, np.searchsorted(starts, strengths, side="right") - 1)


def _split(below: IntArray, results: IntArray, category: IntArray) -> IntArray:
    """Dealer hands by category and result from the counts below each category start."""
    n, k = below.shape[0], below.shape[1] - 1
    below[:, k] = results.sum(axis=1)
    each = np.diff(below, axis=1)  # (n, k): dealer hands of each category
    out = np.zeros((n, k, 3), dtype=np.int64)
    columns = np.arange(k)
    lower = columns[None, :] < category[:, None]
    higher = columns[None, :] > category[:, None]
    out[:, :, 0] = np.where(lower, each, 0)
    out[:, :, 2] = np.where(higher, each, 0)
    rows = np.arange(n)
    out[rows, category, 0] = results[:, 0] - below[rows, category]
    out[rows, category, 1] = results[:, 1]
    out[rows, category, 2] = results[:, 2] - (below[:, k] - below[rows, category + 1])
    return out


def joint_counts(spec: GameSpec, analysis: SpecAnalysis, jobs: int = 1) -> IntArray:
    """Deals by player category x decision (row ``category * 4 + decision``), dealer category
    and result, exactly: kept in the table cache by the deal shape, the ranking and a digest of
    the situations' decisions."""
    shape, k = spec.shape, spec.ranking.category_starts().shape[0]
    digest = hashlib.sha256(analysis.prices.decision.astype(np.int8).tobytes()).hexdigest()[:20]
    name = (
        f"joint_{spec.ranking.key}_{shape.player_cards}_{shape.dealer_cards}_{shape.face_up}_"
        f"{shape.hand_cards}_{digest}"
    )
    return cached_array(
        name,
        lambda: _joint_counts(spec, analysis, jobs),
        expected_shape=(k * len(DECISIONS), k, 3),
        dtype=np.int64,
        builders=(__name__, "crazy4.analyze.counting"),
    )


def _joint_counts(spec: GameSpec, analysis: SpecAnalysis, jobs: int) -> IntArray:
    """:func:`joint_counts`, counted."""
    shape, ranking = spec.shape, spec.ranking
    starts = ranking.category_starts().astype(np.int64)
    k = starts.shape[0]
    hands, weights, decision = analysis.hands, analysis.weights, analysis.prices.decision
    strengths = analysis.strengths
    n = hands.shape[0]
    first = np.flatnonzero(np.concatenate([[True], (np.diff(hands, axis=0) != 0).any(axis=1)]))
    sizes = np.diff(first, append=n)
    owner = np.repeat(np.arange(first.shape[0]), sizes)
    by_decision = np.zeros((first.shape[0], len(DECISIONS)), dtype=np.int64)
    np.add.at(by_decision, (owner, decision), 1)
    major = by_decision.argmax(axis=1)
    minority = np.flatnonzero(decision != major[owner])
    category = np.searchsorted(starts, strengths, side="right") - 1
    key = category * len(DECISIONS) + decision
    deals = np.zeros((k * len(DECISIONS), k, 3), dtype=np.int64)
    # every hand class whole, under its main decision, against a hidden dealer hand
    hidden = DealShape(shape.player_cards, shape.dealer_cards, 0, shape.hand_cards)
    whole = _by_category(
        counter_for(hidden), spec, hands[first], strengths[first], None, None, jobs
    )
    per_seen = comb(52 - shape.player_cards, shape.face_up)
    class_weight = np.add.reduceat(weights, first) // per_seen
    times = class_weight * comb(shape.dealer_cards, shape.face_up)
    np.add.at(deals, category[first] * len(DECISIONS) + major, whole * times[:, None, None])
    if minority.shape[0]:  # the situations of another decision, moved to theirs
        moved = (
            _by_category(
                counter_for(shape),
                spec,
                hands[minority],
                strengths[minority],
                analysis.seen[minority],
                analysis.cells[minority][:, 3:].astype(np.int64)
                + analysis.cells[minority][:, :3].astype(np.int64),
                jobs,
            )
            * weights[minority, None, None]
        )
        np.add.at(deals, key[minority], moved)
        np.add.at(deals, category[minority] * len(DECISIONS) + major[owner[minority]], -moved)
    return deals


def joint_table(
    spec: GameSpec, analysis: SpecAnalysis, results: tuple[str, str, str], jobs: int = 1
) -> pd.DataFrame:
    """Exact deals by player category x dealer category x result (named by ``results``) x the
    optimal decision, the cells with deals only."""
    deals = joint_counts(spec, analysis, jobs)
    names = spec.ranking.categories
    total = int(deals.sum())
    rows = []
    for key, dealer, result in zip(*np.nonzero(deals), strict=True):
        count = int(deals[key, dealer, result])
        rows.append(
            {
                "player_category": names[key // len(DECISIONS)],
                "dealer_category": names[dealer],
                "result": results[result],
                "decision": DECISIONS[key % len(DECISIONS)],
                "deals": count,
                "probability": count / total,
            }
        )
    return pd.DataFrame(rows)
