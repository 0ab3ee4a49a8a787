"""The exact EVs of situations with seen dealer cards, from a game's hole-card role.

The detector and the simulator's hole-card strategy price the situations they meet here
(``crazy4 advantage holecards --hand`` prints one through the one hole-card engine:
:mod:`crazy4.generic.holecard_situation`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.advantage.price_kernel import price_situations
from crazy4.core.cards import colex_indices
from crazy4.core.forced import completions, count_forced
from crazy4.core.ranking import build_best_four_strengths
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import game_of


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
    role = game_of(rules).hole_cards()
    settlement = role.settlement(rules)
    hands64 = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    strengths = build_best_four_strengths(5)[colex_indices(hands64)].astype(np.int64)
    n = hands64.shape[0]
    forced64 = np.asarray(forced, dtype=np.int64).reshape(n, -1)
    n_completions = completions(role.dealer_size, forced64.shape[1])
    below = count_forced(
        hands64, np.arange(n), forced64, role.thresholds(rules, strengths), role.dealer_size
    ).astype(np.int64)
    cells = role.cells_from_counts(below, n_completions)
    ev, _ = price_situations(cells, strengths, settlement.nets)
    return ev, settlement.allowed[strengths], n_completions * settlement.unit
