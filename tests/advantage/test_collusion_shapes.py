"""The collusion engine's counts on deal shapes other than five hidden dealer cards: Three Card
Poker (three hidden), Caribbean Stud Poker (four beside the up card) and a Four Card Poker
dealt with no up card (six hidden). Listing, counting by subsets and the practical rule's
marked listing each equal a brute force over every dealer hand from the unseen cards (the
ranking's own table read at each hand's colex index).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from crazy4.advantage.collusion import colluder_role
from crazy4.advantage.pooled import below_by_subsets, listed_below
from crazy4.core.cards import colex_indices
from crazy4.registry import load_rules

#: (rule set, colluders): each shape once listed, once small enough to count by subsets.
SHAPES = [
    ("three-card-standard", 2),
    ("three-card-standard", 7),
    ("caribbean-stud-standard", 2),
    ("caribbean-stud-standard", 6),
    ("four-card-no-up-card", 7),
]


def _deal(name: str, colluders: int, seed: int) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """Sorted hands ``(1, k, p)``, the up card ``(1,)`` or None, the unseen cards ``(1, n)``."""
    shape = colluder_role(load_rules(name)).shape
    cards = np.random.default_rng(seed).permutation(52)
    pooled = shape.player_cards * colluders
    hands = np.sort(cards[:pooled].reshape(1, colluders, shape.player_cards), axis=2)
    up = cards[pooled : pooled + shape.face_up]
    unseen = np.sort(cards[pooled + shape.face_up :])[None, :]
    return hands.astype(np.int64), (up.astype(np.int64) if shape.face_up else None), unseen


def _brute_strengths(name: str, up: np.ndarray | None, unseen: np.ndarray) -> np.ndarray:
    """The strength of every dealer hand: the up card and any hidden cards of the unseen."""
    role = colluder_role(load_rules(name))
    hidden = role.shape.dealer_cards - role.shape.face_up
    forced = [] if up is None else [int(up[0])]
    hands = np.array(
        [sorted([*forced, *picked]) for picked in combinations(unseen[0].tolist(), hidden)]
    )
    return np.asarray(role.dealer_table()[colex_indices(hands)], dtype=np.int64)


@pytest.mark.parametrize(("name", "colluders"), SHAPES)
def test_listing_and_subsets_count_every_dealer_hand(name: str, colluders: int) -> None:
    role = colluder_role(load_rules(name))
    hands, up, unseen = _deal(name, colluders, seed=colluders)
    strengths = _brute_strengths(name, up, unseen)
    thresholds = np.array([[0, 1, int(strengths.min()) + 1, int(np.median(strengths)),
                            int(strengths.max()), role.ranking.n_strengths]])  # fmt: skip
    expected = [int((strengths < t).sum()) for t in thresholds[0]]
    assert listed_below(role, up, unseen, thresholds)[0].tolist() == expected
    hidden = role.shape.dealer_cards - role.shape.face_up
    counted = below_by_subsets(hands, up, thresholds, hidden=hidden, ranking=role.ranking)
    assert counted[0].tolist() == expected


@pytest.mark.parametrize("name", ["three-card-standard", "caribbean-stud-standard"])
def test_the_marked_listing_splits_by_marked_cards(name: str) -> None:
    """One colluder's unseen cards with the aces marked: the dealer hands below each threshold,
    split by how many aces they hold."""
    from crazy4.advantage.team import marked_below

    role = colluder_role(load_rules(name))
    hands, up, _ = _deal(name, 6, seed=5)
    mine = set(hands[0, 0].tolist()) | (set() if up is None else {int(up[0])})
    rest = np.array([c for c in range(52) if c not in mine], dtype=np.int64)
    strengths = _brute_strengths(name, up, rest[None, :])
    hidden = role.shape.dealer_cards - role.shape.face_up
    aces = np.array(
        [sum(c // 4 == 12 for c in picked) for picked in combinations(rest.tolist(), hidden)]
    )
    thresholds = np.array([1, int(np.median(strengths)), role.ranking.n_strengths])
    forced = -1 if up is None else int(up[0])
    split = marked_below(role, rest, forced, rest // 4 == 12, thresholds, role.ranking.n_strengths)
    for i in range(hidden + 1):
        assert split[i].tolist() == [int(((aces == i) & (strengths < t)).sum()) for t in thresholds]
