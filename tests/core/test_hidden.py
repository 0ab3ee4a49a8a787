"""The all-hidden shape's outcome cells against every dealer hand listed and compared directly.

The expected cells never go through thresholds or cumulative counts: every dealer hand from the
cards the player does not hold is listed, ranked by its best four (the ranking table), compared
with the player's strength and the qualifier, and tallied into its cell.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from crazy4.core.cards import colex_indices, combinations_array, parse_cards
from crazy4.core.hidden import OUTCOME_CELLS, PlayerOutcomes, count_cells
from crazy4.core.ranking import build_best_four_strengths


def listed_cells(hand: np.ndarray, qualifier: int, dealer_cards: int) -> list[int]:
    """The six cells of one hand by listing every dealer hand from the other 47 cards."""
    player = int(build_best_four_strengths(5)[colex_indices(np.sort(hand)[None, :])][0])
    remaining = np.setdiff1d(np.arange(52), hand)
    dealer = remaining[combinations_array(remaining.shape[0], dealer_cards)]
    strengths = build_best_four_strengths(dealer_cards)[colex_indices(dealer)].astype(np.int64)
    qualifies = strengths >= qualifier
    result = np.sign(strengths - player)  # -1 player higher, 0 tie, 1 dealer higher
    cells = []
    for name in OUTCOME_CELLS:  # nq_: does not qualify; then who is higher
        wanted = {"player": -1, "tie": 0, "dealer": 1}[name.removeprefix("nq_").split("_")[0]]
        chosen = (qualifies != name.startswith("nq_")) & (result == wanted)
        cells.append(int(chosen.sum()))
    return cells


def sampled_hands(count: int, seed: int) -> np.ndarray:
    """Random player hands (seeded) plus hand-picked edge cases."""
    rng = np.random.default_rng(seed)
    random_hands = [np.sort(rng.choice(52, size=5, replace=False)) for _ in range(count)]
    edge_cases = [
        sorted(parse_cards("As Ad Ah Ac Ks")),  # four aces: no dealer hand ties or wins
        sorted(parse_cards("Ks Qd 8c 4h 2s")),  # the published border hand
        sorted(parse_cards("2c 3d 4h 6s 7c")),  # the weakest hand
    ]
    return np.array([*random_hands, *edge_cases], dtype=np.int64)


@pytest.mark.parametrize("qualifier", [0, 322, 1000])
def test_five_card_cells_match_a_listing(qualifier: int) -> None:
    hands = sampled_hands(6, 20261202)
    cells = count_cells(hands, qualifier, 5, jobs=2, chunks=3)
    for row, hand in enumerate(hands):
        assert cells[row].tolist() == listed_cells(hand, qualifier, 5), hand


def test_six_card_cells_match_a_listing() -> None:
    hands = sampled_hands(1, 6)
    cells = count_cells(hands, 322, 6)
    for row, hand in enumerate(hands):
        assert cells[row].tolist() == listed_cells(hand, 322, 6), hand
    assert (cells.sum(axis=1) == comb(47, 6)).all()


def test_the_counts_do_not_depend_on_the_split() -> None:
    hands = sampled_hands(20, 3)
    one = count_cells(hands, 500, jobs=1, chunks=1)
    assert (count_cells(hands, 500, jobs=2, chunks=7) == one).all()


def test_every_class_is_counted_and_the_deals_add_up(standard) -> None:  # type: ignore[no-untyped-def]
    """Every class of the standard analysis's cells (the specification engines'), the deals
    adding up, and sampled classes' cells as a listing gives them."""
    outcomes: PlayerOutcomes = standard.outcomes
    assert outcomes.counts.shape == (134459, 6)
    assert int(outcomes.weights.sum()) == comb(52, 5)
    total = int((outcomes.weights[:, None] * outcomes.counts).sum())
    assert total == comb(52, 5) * comb(47, 5)
    rng = np.random.default_rng(11)
    for index in rng.choice(outcomes.hands.shape[0], size=3, replace=False):
        expected = listed_cells(outcomes.hands[index].astype(np.int64), 322, 5)
        assert outcomes.counts[index].tolist() == expected


def test_bad_qualifiers_are_refused() -> None:
    with pytest.raises(ValueError, match="qualifier strength -1"):
        count_cells(sampled_hands(1, 1), -1)
