"""A best-four game's strategy read by people: runs of strengths, border hands, thresholds.

The optimal decision is computed per class of player hands (suit classes of five-card hands),
but a person plays by the best four cards. These fold the per-class decisions back onto the
four-card strength scale, for any game whose classes carry a best-four strength:

* :func:`strategy_segments`: runs of consecutive strengths with one decision (``fold``,
  ``1x``, ``3x``), and every strength where hands with the same best four cards are played
  differently because of the discarded fifth card or the suits (``mixed``), with the share of
  each decision;
* :func:`border_hands`: every hand class at a mixed strength, with the EV of each decision,
  so the exact reason (the fifth card's rank, a flush or straight card removed from the dealer's
  reach) can be read off;
* :class:`ThresholdStrategy`: a published threshold strategy (play from one hand, raise from
  another), the game's data, whose cost is reported against the optimum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.cards import format_cards, parse_cards
from crazy4.core.decisions import DECISIONS, decision_label, decisions_for_strategy
from crazy4.core.ranking import (
    HandCategory,
    best_four,
    category_of_strength,
    describe_strength,
    hand_strength,
    strength_of_description,
)
from crazy4.errors import InputError
from crazy4.generic.strategy_classes import ClassPrices
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]


def threshold_strength(text: str) -> int:
    """The strength a threshold names: four cards (``"Kc Qd 8h 4s"``) or a phrase of
    :func:`crazy4.core.ranking.strength_of_description` (``"pair of aces"``).

    Examples
    --------
    >>> threshold_strength("Kc Qd 8h 4s") == hand_strength(parse_cards("Ks Qh 8d 4c"))
    True
    >>> threshold_strength("pair of 3s") == strength_of_description("pair of 3s")
    True
    """
    try:
        return strength_of_description(text)
    except InputError:
        return hand_strength(parse_cards(text, count=4))


@dataclass(frozen=True)
class ThresholdStrategy:
    """A published threshold strategy: 1x from :attr:`play_minimum`, the largest allowed
    multiple from :attr:`raise_minimum` (never below the rules' own raise minimum), else fold.

    Attributes
    ----------
    play_minimum, raise_minimum : str
        Each four cards or a strength phrase (:func:`threshold_strength`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> simple = ThresholdStrategy("Kc Qd 8h 4s", "pair of aces")
    >>> simple.decisions(load_rules("crazy4-standard"), np.array([0, 322, 2534])).tolist()
    [0, 0, 3]
    """

    play_minimum: str
    raise_minimum: str

    def decisions(self, rules: RuleSet, strengths: IntArray) -> IntArray:
        """The decision code of each strength."""
        return decisions_for_strategy(
            rules,
            strengths,
            play_minimum=threshold_strength(self.play_minimum),
            raise_minimum=max(
                threshold_strength(self.raise_minimum), rules.play.raise_minimum_strength
            ),
        )


def _combos_by_strength(strengths: IntArray, weights: IntArray, decision: IntArray) -> pd.DataFrame:
    frame = pd.DataFrame({"strength": strengths, "decision": decision, "weight": weights})
    table = frame.pivot_table(
        index="strength", columns="decision", values="weight", aggfunc="sum", fill_value=0
    )
    return table.reindex(columns=range(4), fill_value=0).astype(np.int64)


def strategy_segments(strengths: IntArray, weights: IntArray, decision: IntArray) -> pd.DataFrame:
    """A strategy as runs of strengths, weakest first.

    Parameters
    ----------
    strengths, weights, decision : ndarray of int64, shape (n,)
        Per hand class: its best-four strength, its hands, its decision code.

    Returns
    -------
    DataFrame
        One row per run: ``from_strength``, ``to_strength``, ``from_hand``, ``to_hand``
        (best four cards), ``category`` (of the run's strongest hand, or ``a - b`` when it spans
        categories), ``decision`` (``fold``/``1x``/``2x``/``3x`` or ``mixed``),
        ``combinations`` and ``combinations_fold`` .. ``combinations_3x``, ``share_fold`` ..
        ``share_3x``, ``hand_classes``.

    Examples
    --------
    >>> runs = strategy_segments(np.array([0, 1, 1, 2]), np.array([4, 12, 4, 24]),
    ...                          np.array([0, 0, 1, 1]))
    >>> runs["decision"].tolist(), runs["combinations"].tolist()
    (['fold', 'mixed', '1x'], [4, 16, 24])
    """
    by_strength = _combos_by_strength(strengths, weights, decision)
    classes = pd.Series(strengths).value_counts()
    pure = (by_strength > 0).sum(axis=1) == 1
    labels = np.where(pure, by_strength.to_numpy().argmax(axis=1), -1)
    rows = []
    start = 0
    present = by_strength.index.to_numpy()
    categories = category_of_strength()
    for position in range(1, len(present) + 1):
        at_end = position == len(present)
        if not at_end and labels[position] == labels[start] and labels[start] >= 0:
            continue
        span = by_strength.iloc[start:position]
        low, high = int(present[start]), int(present[position - 1])
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
            "hand_classes": int(classes.reindex(present[start:position]).sum()),
        }
        for code, name in enumerate(DECISIONS):
            row[f"combinations_{name}"] = int(totals[code])
        for code, name in enumerate(DECISIONS):
            row[f"share_{name}"] = int(totals[code]) / total
        rows.append(row)
        start = position
    return pd.DataFrame(rows)


def border_hands(
    hands: npt.NDArray[np.uint8], strengths: IntArray, weights: IntArray, prices: ClassPrices
) -> pd.DataFrame:
    """Every hand class at a strength where the fifth card or the suits split the decision.

    Parameters
    ----------
    hands : ndarray of uint8, shape (n, 5)
        A representative of each hand class.
    strengths, weights : ndarray of int64, shape (n,)
    prices : ClassPrices
        Exact EVs of each decision per class and the chosen ``decision``.

    Returns
    -------
    DataFrame
        ``hand`` (a representative), ``best_four``, ``discard``, ``strength``, ``best_hand``
        (described), ``weight``, ``decision``, ``ev_fold`` .. ``ev_3x`` (floats, per unit of
        Ante; NaN where not allowed), ``margin`` (EV of the decision minus the best other
        allowed decision), sorted by strength then margin.
    """
    by_strength = _combos_by_strength(strengths, weights, prices.decision)
    mixed = by_strength.index[(by_strength > 0).sum(axis=1) > 1].to_numpy()
    rows = []
    for index in np.flatnonzero(np.isin(strengths, mixed)):
        hand = tuple(int(card) for card in hands[index])
        four = best_four(hand)
        discard = [card for card in hand if card not in four]
        evs = np.where(prices.allowed[index], prices.ev[index] / prices.denominator, np.nan)
        chosen = int(prices.decision[index])
        others = [evs[code] for code in range(4) if code != chosen and prices.allowed[index, code]]
        row: dict[str, object] = {
            "hand": format_cards(sorted(hand, reverse=True)),
            "best_four": format_cards(four),
            "discard": format_cards(discard),
            "strength": int(strengths[index]),
            "best_hand": describe_strength(int(strengths[index])),
            "weight": int(weights[index]),
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
