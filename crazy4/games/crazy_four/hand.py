"""One Crazy 4 Poker hand, counted by listing every one of the 1,533,939 dealer hands.

Independent of the inclusion–exclusion engine: :func:`crazy4.core.engine.brute_force_counts`
ranks each dealer hand from the other 47 cards directly, so ``crazy4 hand`` is also a check of
the analysis.
"""

from __future__ import annotations

import numpy as np

from crazy4.core.cards import format_cards
from crazy4.core.decisions import decision_label
from crazy4.core.engine import DEALER_HANDS, brute_force_counts
from crazy4.core.hand_result import decision_evs, exact_tie, side_bet_outcomes
from crazy4.core.ranking import best_four, category_of, describe_strength, hand_strength
from crazy4.errors import InputError
from crazy4.games.crazy_four.outcomes import (
    OUTCOME_CELLS,
    PlayerOutcomes,
    cells_from_below,
    outcome_thresholds,
)
from crazy4.games.crazy_four.pricing import price_hands
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.report.hand_text import count_lines, decision_lines, qualifier_rows


def hand_result(
    rules: CrazyFourRules, cards: tuple[int, ...], up: int | None = None
) -> dict[str, object]:
    """Exact dealer outcomes, EVs and the optimal decision of one five-card hand.

    Parameters
    ----------
    rules : CrazyFourRules
    cards : tuple of int
        The player's five cards.
    up : int, optional
        Must be ``None``: the Crazy 4 Poker dealer shows no card.

    Raises
    ------
    InputError
        When an up card is given.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> result = hand_result(load_rules("crazy4-standard"), parse_cards("As Ad Ac Ah 2s"))
    >>> result["optimal_decision"], result["dealer_hands"]
    ('3x', 1533939)
    """
    if up is not None:
        raise InputError(f"--up: rule set {rules.name!r} deals the dealer no up card")
    strength = hand_strength(cards)
    thresholds = outcome_thresholds(np.array([strength]), rules.dealer.qualifier_strength)
    cells = cells_from_below(brute_force_counts(cards, thresholds[0])[None, :], DEALER_HANDS)
    assert int(cells.sum()) == DEALER_HANDS
    outcomes = PlayerOutcomes(
        hands=np.array([cards], dtype=np.uint8),
        weights=np.array([1], dtype=np.int64),
        strengths=np.array([strength], dtype=np.int64),
        counts=cells,
        dealer_hands=DEALER_HANDS,
        qualifier_strength=rules.dealer.qualifier_strength,
    )
    prices = price_hands(rules, outcomes)
    counts = {name: int(cells[0, i]) for i, name in enumerate(OUTCOME_CELLS)}
    return {
        "hand": format_cards(sorted(cards, reverse=True)),
        "rule_set": rules.name,
        "best_four": format_cards(best_four(cards)),
        "best_hand": describe_strength(strength),
        "category": category_of(cards).label,
        "dealer_hands": DEALER_HANDS,
        "dealer_outcomes": counts,
        "dealer_does_not_qualify": sum(counts[n] for n in OUTCOME_CELLS[:3]),
        "ev_per_ante": decision_evs(prices),
        "optimal_decision": decision_label(int(prices.decision[0])),
        "exact_tie": exact_tie(prices),
        "side_bets": side_bet_outcomes(rules, strength),
    }


def hand_text(result: dict[str, object]) -> str:
    """:func:`hand_result` as the lines ``crazy4 hand`` prints."""
    total = result["dealer_hands"]
    assert isinstance(total, int)
    rows = qualifier_rows(result)
    lines = [
        f"Hand {result['hand']}  ({result['rule_set']})",
        f"Best four: {result['best_four']}  ({result['best_hand']}; {result['category']})",
        f"Dealer hands from the other 47 cards: {total:,}",
        *count_lines(rows, total),
        *decision_lines(result, "EV per unit of Ante (Ante + Super Bonus + Play):"),
    ]
    return "\n".join(lines)
