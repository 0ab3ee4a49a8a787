"""Crazy 4 Poker's published simple strategy, as data (a
:class:`crazy4.spec.threshold.ThresholdStrategy`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.spec.threshold import ThresholdStrategy

#: The published simple strategy: 1x from K-Q-8-4, 3x from a pair of aces.
SIMPLE = ThresholdStrategy(play_minimum="Kc Qd 8h 4s", raise_minimum="pair of aces")


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
    return SIMPLE.decisions(rules, strengths)
