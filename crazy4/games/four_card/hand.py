"""One Four Card Poker situation, counted by listing every hidden dealer completion.

Used by ``crazy4 hand CARDS --up CARD --rules four-card-standard``: the 1,370,754 six-card
dealer hands holding the up card are listed and looked up directly (independently of the
subset tables), then priced with :func:`crazy4.games.four_card.pricing.price_situations`.
"""

from __future__ import annotations

import numpy as np

from crazy4.core.cards import format_card, format_cards
from crazy4.core.decisions import decision_label
from crazy4.core.engine import brute_force_counts
from crazy4.core.hand_result import decision_evs, exact_tie, side_bet_outcomes
from crazy4.core.ranking import (
    HandCategory,
    best_four,
    category_of,
    describe_strength,
    hand_strength,
)
from crazy4.errors import InputError
from crazy4.games.four_card.engine import HIDDEN_COMPLETIONS, N_CATEGORIES, situation_thresholds
from crazy4.games.four_card.pricing import price_situations
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.report.hand_text import count_lines, decision_lines


def four_card_hand_result(
    cards: tuple[int, ...], up_card: int, rules: FourCardRuleSet
) -> dict[str, object]:
    """Exact counts, EVs and the optimal decision for one hand and up card.

    Parameters
    ----------
    cards : tuple of int
        The player's five cards.
    up_card : int
        The dealer's up card.
    rules : FourCardRuleSet

    Raises
    ------
    InputError
        If the up card is in the hand.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> from crazy4.registry import load_rules
    >>> result = four_card_hand_result(parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"),
    ...                                load_rules("four-card-standard"))
    >>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
    ('3x', 1370754)
    """
    if up_card in cards:
        raise InputError(f"the up card {format_card(up_card)} is also in the player's hand")
    strength = hand_strength(cards)
    thresholds = situation_thresholds(np.array([cards]))[0]
    below = brute_force_counts(cards, thresholds, forced_cards=(up_card,), dealer_size=6)
    lower, tie = int(below[0]), int(below[1] - below[0])
    higher = HIDDEN_COMPLETIONS - int(below[1])
    edges = [0, *(int(b) for b in below[2:]), HIDDEN_COMPLETIONS]
    categories = {
        HandCategory(c).label: edges[c + 1] - edges[c] for c in range(N_CATEGORIES - 1, -1, -1)
    }
    prices = price_situations(
        rules, np.array([strength]), np.array([lower]), np.array([tie]), np.array([higher])
    )
    bonus = rules.four_card.ante_bonus
    bonus_odds = bonus.table.odds_of(strength) if bonus is not None else None
    return {
        "hand": format_cards(sorted(cards, reverse=True)),
        "up_card": format_card(up_card),
        "rule_set": rules.name,
        "best_four": format_cards(best_four(cards)),
        "best_hand": describe_strength(strength),
        "category": category_of(cards).label,
        "hidden_completions": HIDDEN_COMPLETIONS,
        "dealer_outcomes": {"dealer lower": lower, "tie": tie, "dealer higher": higher},
        "dealer_categories": categories,
        "ante_bonus": "none" if bonus_odds is None else f"pays {bonus_odds} to 1",
        "ev_per_ante": decision_evs(prices),
        "optimal_decision": decision_label(int(prices.decision[0])),
        "exact_tie": exact_tie(prices),
        "side_bets": side_bet_outcomes(rules, strength),
    }


def hand_result(
    rules: FourCardRuleSet, cards: tuple[int, ...], up: int | None
) -> dict[str, object]:
    """:func:`four_card_hand_result`, with the up card required.

    Raises
    ------
    InputError
        When no up card is given.
    """
    if up is None:
        raise InputError(f"rule set {rules.name!r} is Four Card Poker: give the up card, --up Kd")
    return four_card_hand_result(cards, up, rules)


def hand_text(result: dict[str, object]) -> str:
    """:func:`four_card_hand_result` as the lines ``crazy4 hand`` prints."""
    total = result["hidden_completions"]
    outcomes = result["dealer_outcomes"]
    categories = result["dealer_categories"]
    assert isinstance(total, int) and isinstance(outcomes, dict) and isinstance(categories, dict)
    lines = [
        f"Hand {result['hand']}, dealer up card {result['up_card']}  ({result['rule_set']})",
        f"Best four: {result['best_four']}  ({result['best_hand']}; {result['category']})",
        f"Hidden dealer completions (5 of the other 46 cards): {total:,}",
        *count_lines(outcomes.items(), total),
        "Dealer's best four by category:",
        *count_lines(categories.items(), total),
        f"Ante Bonus: {result['ante_bonus']}",
        *decision_lines(result, "EV per unit of Ante (Ante + Play + Ante Bonus):"),
    ]
    return "\n".join(lines)
