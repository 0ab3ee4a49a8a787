"""The hands at the border of a decision: where the cards a hand discards or its suits split the
decision of one strength.

Where the player is dealt more cards than a hand plays, hands of one strength may be played
differently because of the cards they discard or their suits: the ``strategy`` table calls such
a strength ``mixed``, and :func:`border_hands` lists every hand class at one, with the exact EV
of each decision.

Examples
--------
>>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
>>> from crazy4.games.three_card.game import THREE_CARD
>>> has_border_hands(CRAZY_FOUR_SPEC), has_border_hands(THREE_CARD)
(True, False)
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.core.cards import colex_index, format_cards
from crazy4.spec.specification import DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]

#: The column of the cards a hand plays, by how many it plays (``best_four``).
PLAYED_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def has_border_hands(spec: GameSpec) -> bool:
    """Whether a hand may discard cards and no dealer card is face up: what gives a game
    ``border_hands``."""
    shape = spec.shape
    return shape.hand_cards < shape.player_cards and shape.face_up == 0


def played_cards(spec: GameSpec, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards a hand plays: the first strongest subset of ``hand_cards`` of its cards (in
    the order of :func:`itertools.combinations`), highest card first.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> format_cards(played_cards(CRAZY_FOUR_SPEC, parse_cards("Ks Qd 8c 4h 2s")))
    'Ks Qd 8c 4h'
    """
    size = spec.shape.hand_cards
    table = spec.ranking.strengths(size)
    subsets = [tuple(sorted(subset)) for subset in combinations(hand, size)]
    best = max(subsets, key=lambda subset: int(table[colex_index(subset)]))
    return tuple(sorted(best, reverse=True))


def mixed_strengths(analysis: SpecAnalysis) -> IntArray:
    """The strengths whose hands are played in more than one way (ascending)."""
    decisions = analysis.prices.ev.shape[1]
    size = int(analysis.strengths.max()) + 1 if analysis.strengths.shape[0] else 0
    by_decision = np.zeros((size, decisions), dtype=np.int64)
    np.add.at(by_decision, (analysis.strengths, analysis.prices.decision), analysis.weights)
    return np.flatnonzero((by_decision > 0).sum(axis=1) > 1)


def border_hands(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """Every hand class at a strength where the discarded cards or the suits split the decision,
    with each decision's EV and the ``margin`` of the chosen one over the best other, sorted by
    strength then margin."""
    prices = analysis.prices
    denominator = prices.completions * prices.unit
    played = f"best_{PLAYED_WORDS[spec.shape.hand_cards]}"
    rows = []
    for index in np.flatnonzero(np.isin(analysis.strengths, mixed_strengths(analysis))):
        hand = tuple(int(card) for card in analysis.hands[index])
        best = played_cards(spec, hand)
        evs = np.where(prices.allowed[index], prices.ev[index] / denominator, np.nan)
        chosen = int(prices.decision[index])
        others = [evs[code] for code in range(4) if code != chosen and prices.allowed[index, code]]
        strength = int(analysis.strengths[index])
        row: dict[str, object] = {
            "hand": format_cards(sorted(hand, reverse=True)),
            played: format_cards(best),
            "discard": format_cards([card for card in hand if card not in best]),
            "strength": strength,
            "best_hand": spec.ranking.describe(strength),
            "weight": int(analysis.weights[index]),
            "decision": DECISIONS[chosen],
        }
        for code, name in enumerate(DECISIONS):
            row[f"ev_{name}"] = float(evs[code])
        row["margin"] = float(evs[chosen] - max(others))
        rows.append(row)
    columns = ["hand", played, "discard", "strength", "best_hand", "weight", "decision"]
    columns += [f"ev_{name}" for name in DECISIONS] + ["margin"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["strength", "margin", "hand"], kind="stable").reset_index(drop=True)
