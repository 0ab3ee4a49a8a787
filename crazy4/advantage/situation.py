"""The exact EVs of situations with seen dealer cards, from a game's surveillance role
(:meth:`crazy4.advantage.surveil.SpecSurveillance.seen_evs`), for the detector and the
simulator's hole-card seat.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.advantage.surveil import surveillance_of
from crazy4.rules.ruleset import RuleSet


def situation_evs(
    rules: RuleSet, hands: npt.NDArray[np.integer], forced: npt.NDArray[np.integer]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], int]:
    """EV numerators of fold, 1x, 2x, 3x for each (hand, forced dealer cards) row, the allowed
    decisions, and the common denominator.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> ev, allowed, d = situation_evs(load_rules("crazy4-standard"),
    ...     np.array([parse_cards("As Ad 7c 4h 2s")]), np.array([parse_cards("Kd")]))
    >>> d, bool(allowed[0, 3])
    (326370, True)
    """
    hands64 = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    forced64 = np.asarray(forced, dtype=np.int64).reshape(hands64.shape[0], -1)
    return surveillance_of(rules).seen_evs(rules, hands64, forced64)
