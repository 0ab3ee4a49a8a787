"""The strategy's variant the rule inference tries in a game with a raise minimum."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import HandCategory, category_of_strength, category_thresholds, hand_group
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.hands import strategy_groups
from crazy4.validate.infer import Inference, Variant

IntArray = npt.NDArray[np.int64]


def infer_raise_minimum(
    inference: Inference,
    rules: Any,
    ev: IntArray,
    classes: npt.NDArray[np.integer],
    strength: IntArray,
    expected: IntArray,
    taken: IntArray,
    compared: npt.NDArray[np.bool_],
) -> None:
    """The strategy's variant: the hands of the raise minimum's category not allowed to raise
    (the minimum moved to the next category), their best decision then fold or 1x by ``ev``
    (exact EV numerators by class and decision); ``expected`` and ``taken`` per row."""
    base = ev[classes, taken] == ev[classes, expected]
    wrong = np.flatnonzero(compared & ~base)
    if wrong.size == 0:
        return
    lowest = rules.play.raise_minimum_strength
    category = int(category_of_strength()[lowest])
    top = int(category_thresholds()[category + 1])
    group = hand_group(lowest)
    after = HandCategory(category + 1).label if category + 1 < len(HandCategory) else "none"
    variant = Variant(
        f"a {group} may not raise above 1x (raise minimum {after}, not {rules.play.raise_minimum})",
        f"{group} never raised above 1x",
    )
    inside = (strength >= lowest) & (strength < top) & (expected > 1)
    fallback = np.where(ev[classes, 1] >= ev[classes, 0], 1, 0)
    alternative = np.where(inside, fallback, expected)
    ok = ev[classes, taken] == ev[classes, alternative]
    index = inference.index(variant)
    codes, names = strategy_groups()
    keys = np.column_stack([codes[strength[wrong]], expected[wrong], taken[wrong]])

    def name_of(key: npt.NDArray[np.integer]) -> str:
        code, wanted, played = (int(v) for v in key)
        return (
            f"{names[code]} played {DECISION_NAMES[played]} where {DECISION_NAMES[wanted]} expected"
        )

    inference.add(
        wrong,
        keys,
        {index: ok[wrong]},
        {index: int((compared & base & ~ok).sum())},
        name_of,
        lambda row: {"row": row},
        0,
    )
