"""Readable summaries of the optimal strategy.

The optimal decision is computed per suit class of five-card hands
(:mod:`crazy4.games.crazy_four.qualifier_cells`),
but a person plays by the best four cards. This module folds the per-class decisions back onto
the four-card strength scale:

* :func:`strategy_segments`: runs of consecutive strengths with one decision (``fold``,
  ``1x``, ``3x``), and every strength where hands with the same best four cards are played
  differently because of the discarded fifth card or the suits (``mixed``), with the share of
  each decision;
* :func:`border_hands`: every hand class at a mixed strength, with the EV of each decision,
  so the exact reason (the fifth card's rank, a flush or straight card removed from the dealer's
  reach) can be read off;
* :func:`simple_strategy`: the published threshold strategy, whose cost is reported against
  the optimum.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.cards import format_cards
from crazy4.core.decisions import DECISIONS, decision_label, decisions_for_strategy
from crazy4.core.ranking import (
    HandCategory,
    best_four,
    category_of_strength,
    describe_strength,
    hand_strength,
    strength_of_description,
)
from crazy4.games.crazy_four.outcomes import PlayerOutcomes
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.generic.bestfour_pricing import BestFourPrices

#: The published simple strategy: 1x from K-Q-8-4, 3x from a pair of aces.
SIMPLE_PLAY_MINIMUM = "Kc Qd 8h 4s"
SIMPLE_RAISE_MINIMUM = "pair of aces"


def simple_strategy(
    rules: CrazyFourRules, strengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Decision codes of the published simple strategy (3x pair of aces+, 1x K-Q-8-4+).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> simple_strategy(load_rules("crazy4-standard"), np.array([0, 322, 2534])).tolist()
    [0, 0, 3]
    """
    from crazy4.core.cards import parse_cards

    return decisions_for_strategy(
        rules,
        strengths,
        play_minimum=hand_strength(parse_cards(SIMPLE_PLAY_MINIMUM)),
        raise_minimum=max(
            strength_of_description(SIMPLE_RAISE_MINIMUM), rules.play.raise_minimum_strength
        ),
    )


def _combos_by_strength(outcomes: PlayerOutcomes, decision: npt.NDArray[np.int64]) -> pd.DataFrame:
    frame = pd.DataFrame(
        {"strength": outcomes.strengths, "decision": decision, "weight": outcomes.weights}
    )
    table = frame.pivot_table(
        index="strength", columns="decision", values="weight", aggfunc="sum", fill_value=0
    )
    return table.reindex(columns=range(4), fill_value=0).astype(np.int64)


def strategy_segments(outcomes: PlayerOutcomes, prices: BestFourPrices) -> pd.DataFrame:
    """The optimal strategy as runs of strengths, weakest first.

    Returns
    -------
    DataFrame
        One row per run: ``from_strength``, ``to_strength``, ``from_hand``, ``to_hand``
        (best four cards), ``category`` (of the run's strongest hand, or ``a - b`` when it spans
        categories), ``decision`` (``fold``/``1x``/``2x``/``3x`` or ``mixed``),
        ``combinations`` and ``combinations_fold`` .. ``combinations_3x``, ``share_fold`` ..
        ``share_3x``, ``hand_classes``.
    """
    by_strength = _combos_by_strength(outcomes, prices.decision)
    classes = pd.Series(outcomes.strengths).value_counts()
    pure = (by_strength > 0).sum(axis=1) == 1
    labels = np.where(pure, by_strength.to_numpy().argmax(axis=1), -1)
    rows = []
    start = 0
    strengths = by_strength.index.to_numpy()
    categories = category_of_strength()
    for position in range(1, len(strengths) + 1):
        at_end = position == len(strengths)
        if not at_end and labels[position] == labels[start] and labels[start] >= 0:
            continue
        span = by_strength.iloc[start:position]
        low, high = int(strengths[start]), int(strengths[position - 1])
        low_category = HandCategory(int(categories[low])).label
        high_category = HandCategory(int(categories[high])).label
        totals = span.sum(axis=0)
        total = int(totals.sum())
        row: dict[str, object] = {
            "from_strength": low,
            "to_strength": high,
            "from_hand": describe_strength(low),
            "to_hand": describe_strength(high),
            "category": low_category
            if low_category == high_category
            else f"{low_category} - {high_category}",
            "decision": DECISIONS[labels[start]] if labels[start] >= 0 else "mixed",
            "combinations": total,
            "hand_classes": int(classes.reindex(strengths[start:position]).sum()),
        }
        for code, name in enumerate(DECISIONS):
            row[f"combinations_{name}"] = int(totals[code])
        for code, name in enumerate(DECISIONS):
            row[f"share_{name}"] = int(totals[code]) / total
        rows.append(row)
        start = position
    return pd.DataFrame(rows)


def border_hands(outcomes: PlayerOutcomes, prices: BestFourPrices) -> pd.DataFrame:
    """Every hand class at a strength where the fifth card or the suits split the decision.

    Returns
    -------
    DataFrame
        ``hand`` (a representative), ``best_four``, ``discard``, ``strength``, ``best_hand``
        (described), ``weight``, ``decision``, ``ev_fold`` .. ``ev_3x`` (floats, per unit of
        Ante; NaN where not allowed), ``margin`` (EV of the decision minus the best other
        allowed decision), sorted by strength then margin.
    """
    by_strength = _combos_by_strength(outcomes, prices.decision)
    mixed = by_strength.index[(by_strength > 0).sum(axis=1) > 1].to_numpy()
    selected = np.flatnonzero(np.isin(outcomes.strengths, mixed))
    rows = []
    for index in selected:
        hand = tuple(int(card) for card in outcomes.hands[index])
        four = best_four(hand)
        discard = [card for card in hand if card not in four]
        evs = np.where(prices.allowed[index], prices.ev[index] / prices.denominator, np.nan)
        chosen = int(prices.decision[index])
        others = [evs[code] for code in range(4) if code != chosen and prices.allowed[index, code]]
        row: dict[str, object] = {
            "hand": format_cards(sorted(hand, reverse=True)),
            "best_four": format_cards(four),
            "discard": format_cards(discard),
            "strength": int(outcomes.strengths[index]),
            "best_hand": describe_strength(int(outcomes.strengths[index])),
            "weight": int(outcomes.weights[index]),
            "decision": decision_label(chosen),
        }
        for code, name in enumerate(DECISIONS):
            row[f"ev_{name}"] = float(evs[code])
        row["margin"] = float(evs[chosen] - max(others))
        rows.append(row)
    columns = ["hand", "best_four", "discard", "strength", "best_hand", "weight", "decision"]
    columns += [f"ev_{name}" for name in DECISIONS] + ["margin"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["strength", "margin", "hand"], kind="stable").reset_index(drop=True)
