"""One hand's dealer outcomes counted by listing every dealer hand, for each best-four shape.

``crazy4 hand`` counts one hand apart from the subset tables, so it is also a check of the
analysis: every dealer hand the other cards make is ranked directly
(:func:`crazy4.core.engine.brute_force_counts`). Where the dealer shows no card
(:func:`hidden_hand_counts`) the counts fall into the qualifier's six outcome cells
(:data:`crazy4.core.hidden.OUTCOME_CELLS`); where he shows one (:func:`upcard_hand_counts`),
into lower, tie and higher, and by the category of the dealer's best four. The game prices them
with its own settlement.

Examples
--------
>>> from crazy4.core.cards import parse_card, parse_cards
>>> counts = upcard_hand_counts(parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"), 6)
>>> counts.lower + counts.tie + counts.higher == counts.result["hidden_completions"]
True
>>> print(upcard_count_lines(counts.result, 6)[0])
Hidden dealer completions (5 of the other 46 cards): 1,370,754
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from crazy4.core.engine import PLAYER_CARDS, brute_force_counts
from crazy4.core.hidden import OUTCOME_CELLS, PlayerOutcomes, cells_from_below, outcome_thresholds
from crazy4.core.ranking import HandCategory, hand_strength
from crazy4.core.upcard import N_CATEGORIES, UpCardShape, situation_thresholds
from crazy4.report.hand_text import count_lines, qualifier_rows


def hidden_hand_counts(
    cards: tuple[int, ...], qualifier_strength: int, dealer_cards: int = 5
) -> tuple[PlayerOutcomes, dict[str, object]]:
    """Every dealer hand of the other 47 cards, by the qualifier's outcome cell.

    Returns the hand as :class:`crazy4.core.hidden.PlayerOutcomes` (one row, to price) and the
    result's entries: ``dealer_hands``, ``dealer_outcomes`` (by cell),
    ``dealer_does_not_qualify``.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> outcomes, result = hidden_hand_counts(parse_cards("As Ad Ac Ah 2s"), 322)
    >>> result["dealer_hands"], int(outcomes.counts.sum())
    (1533939, 1533939)
    """
    total = comb(52 - PLAYER_CARDS, dealer_cards)
    strength = hand_strength(cards)
    thresholds = outcome_thresholds(np.array([strength]), qualifier_strength)
    below = brute_force_counts(cards, thresholds[0], dealer_size=dealer_cards)
    cells = cells_from_below(below[None, :], total)
    assert int(cells.sum()) == total
    outcomes = PlayerOutcomes(
        hands=np.array([cards], dtype=np.uint8),
        weights=np.array([1], dtype=np.int64),
        strengths=np.array([strength], dtype=np.int64),
        counts=cells,
        dealer_hands=total,
        qualifier_strength=qualifier_strength,
    )
    counts = {name: int(cells[0, i]) for i, name in enumerate(OUTCOME_CELLS)}
    return outcomes, {
        "dealer_hands": total,
        "dealer_outcomes": counts,
        "dealer_does_not_qualify": sum(counts[n] for n in OUTCOME_CELLS[:3]),
    }


def hidden_count_lines(result: dict[str, object]) -> list[str]:
    """The lines of :func:`hidden_hand_counts`' entries: the dealer hands by outcome cell."""
    total = result["dealer_hands"]
    assert isinstance(total, int)
    lines = [f"Dealer hands from the other {52 - PLAYER_CARDS} cards: {total:,}"]
    return lines + count_lines(qualifier_rows(result), total)


@dataclass(frozen=True)
class UpCardHand:
    """One hand's counts against a dealer showing a card: the dealer's completions that end
    lower, tied and higher than the hand, and the result's entries (``hidden_completions``,
    ``dealer_outcomes``, ``dealer_categories``)."""

    strength: int
    lower: int
    tie: int
    higher: int
    result: dict[str, object]


def upcard_hand_counts(cards: tuple[int, ...], up: int, dealer_cards: int) -> UpCardHand:
    """Every hidden completion of the dealer's ``dealer_cards`` holding the up card.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> counts = upcard_hand_counts(parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"), 6)
    >>> counts.lower, sum(counts.result["dealer_categories"].values())
    (877458, 1370754)
    """
    total = UpCardShape(dealer_cards).completions
    thresholds = situation_thresholds(np.array([cards]))[0]
    below = brute_force_counts(cards, thresholds, forced_cards=(up,), dealer_size=dealer_cards)
    lower, tie = int(below[0]), int(below[1] - below[0])
    higher = total - int(below[1])
    edges = [0, *(int(b) for b in below[2:]), total]
    categories = {
        HandCategory(c).label: edges[c + 1] - edges[c] for c in range(N_CATEGORIES - 1, -1, -1)
    }
    return UpCardHand(
        hand_strength(cards),
        lower,
        tie,
        higher,
        {
            "hidden_completions": total,
            "dealer_outcomes": {"dealer lower": lower, "tie": tie, "dealer higher": higher},
            "dealer_categories": categories,
        },
    )


def upcard_count_lines(result: dict[str, object], dealer_cards: int) -> list[str]:
    """The lines of :func:`upcard_hand_counts`' entries: the completions by result and by the
    category of the dealer's best four."""
    total = result["hidden_completions"]
    outcomes = result["dealer_outcomes"]
    categories = result["dealer_categories"]
    assert isinstance(total, int) and isinstance(outcomes, dict) and isinstance(categories, dict)
    other = 52 - PLAYER_CARDS - 1
    return [
        f"Hidden dealer completions ({dealer_cards - 1} of the other {other} cards): {total:,}",
        *count_lines(outcomes.items(), total),
        "Dealer's best four by category:",
        *count_lines(categories.items(), total),
    ]
