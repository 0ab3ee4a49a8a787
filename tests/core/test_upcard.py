"""The up-card engine for either dealer hand size, against every hidden completion listed by the
independent Four Card Poker oracle (``tests/oracle_four_card.py``: its own evaluator)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from oracle_four_card import best_of_six, category_of, colex, combinations, five_card_values

from crazy4.core.cards import parse_card, parse_cards
from crazy4.core.upcard import (
    UpCardShape,
    count_situations,
    outcomes_from_counts,
    situation_thresholds,
)
from crazy4.core.upcard_situations import Situations

#: Situations of every kind: a pair, four aces, an up card completing straight flushes, a
#: wheel, high cards, and an up card of the player's pair rank.
SITUATIONS = [
    ("As Ad 7c 4h 2s", "Kd"),
    ("Ac Ad Ah As Kc", "Kd"),
    ("2c 3c 4c 5c 7d", "6c"),
    ("2c 3d 4h 5s 7d", "Ac"),
    ("Kc Qd 8h 4s 2c", "Ah"),
    ("9h 9s Th Jh 3c", "9c"),
]


def _listed(player: list[int], up: int, dealer_cards: int) -> tuple[int, int, int, list[int]]:
    """Dealer lower / tie / higher and the dealer's categories over every hidden completion,
    valued by the oracle."""
    rest = np.array(sorted(set(range(52)) - set(player) - {up}), dtype=np.int64)
    hidden = rest[combinations(46, dealer_cards - 1).astype(np.int64)]
    dealer = np.sort(np.column_stack([hidden, np.full(hidden.shape[0], up)]), axis=1)
    values = five_card_values()[colex(dealer)] if dealer_cards == 5 else best_of_six(dealer)
    mine = int(five_card_values()[colex(np.sort(np.array([player]), axis=1))][0])
    categories = np.bincount(category_of(values), minlength=8).tolist()
    lower, tie = int((values < mine).sum()), int((values == mine).sum())
    return lower, tie, int((values > mine).sum()), categories


def test_shape_sizes() -> None:
    five, six = UpCardShape(5), UpCardShape(6)
    assert five.completions == comb(46, 4) and six.completions == comb(46, 5)
    assert five.situations == six.situations == comb(52, 5) * 47
    assert six.deals == comb(52, 5) * comb(47, 6) * 6
    assert five.deals == comb(52, 5) * comb(47, 5) * 5
    assert five.counts_table != six.counts_table


@pytest.mark.parametrize("dealer_cards", [4, 7])
def test_other_dealer_sizes_are_refused(dealer_cards: int) -> None:
    with pytest.raises(ValueError, match="5 or 6 cards"):
        UpCardShape(dealer_cards)


@pytest.mark.parametrize("dealer_cards", [5, 6])
def test_counts_match_every_completion_listed(dealer_cards: int) -> None:
    """Each situation's dealer lower / tie / higher and categories, through the counts and the
    outcome cells, equal the oracle's listing of every hidden completion."""
    hands = np.array([parse_cards(hand) for hand, _ in SITUATIONS])
    ups = np.array([parse_card(up) for _, up in SITUATIONS])
    rows = np.arange(len(SITUATIONS))
    shape = UpCardShape(dealer_cards)
    counts = count_situations(hands, rows, ups, dealer_cards)
    situations = Situations(rows.astype(np.int32), ups.astype(np.int64), np.ones_like(ups))
    outcomes = outcomes_from_counts(
        np.sort(hands, axis=1).astype(np.uint8),
        situation_thresholds(hands)[:, 0],
        np.ones(len(SITUATIONS), dtype=np.int64),
        situations,
        counts,
        shape.completions,
    )
    for row, (hand, up) in enumerate(SITUATIONS):
        lower, tie, higher, categories = _listed(parse_cards(hand), parse_card(up), dealer_cards)
        assert lower + tie + higher == shape.completions
        assert (int(outcomes.lower[row]), int(outcomes.tie[row]), int(outcomes.higher[row])) == (
            lower,
            tie,
            higher,
        ), (hand, up)
        assert outcomes.dealer_categories[row].tolist() == categories, (hand, up)
