"""The Caribbean Stud oracle itself, against facts counted by hand (not by listing deals).

The oracle (``oracle_caribbean_stud.py``) lists every completion of the dealer's hand; here the
dealer hands that fail to qualify are counted another way, by rank sets and suit choices, and
the EVs of hands whose every qualified outcome is known (a royal flush, 7-5-4-3-2) follow from
that count by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import chain, combinations
from math import comb, prod

import numpy as np
import oracle_caribbean_stud as oracle
import pytest

#: The standard five-card frequencies out of C(52, 5) (any poker-probability table).
PUBLISHED = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "four of a kind": 624,
    "straight flush": 36,
    "royal flush": 4,
}
ACE, KING = 12, 11
#: The ten straights as rank sets (A-2-3-4-5 the lowest).
STRAIGHTS = [set(range(low, low + 5)) for low in range(9)] + [{12, 0, 1, 2, 3}]


def not_qualified_by_hand(player: Sequence[int], up: int) -> int:
    """Dealer completions that fail to qualify, counted by rank sets: the four hidden cards
    take four ranks other than the up card's (no pair), the five ranks are no straight and not
    both ace and king; each hidden card takes any suit the player does not hold of its rank,
    less the one choice all in the up card's suit (a flush) when the player leaves it open."""
    held = {(card // 4, card % 4) for card in player}
    count = 0
    for ranks in combinations([r for r in range(13) if r != up // 4], 4):
        five = {*ranks, up // 4}
        if five in STRAIGHTS or {ACE, KING} <= five:
            continue
        count += prod(4 - sum(1 for r, _ in held if r == rank) for rank in ranks)
        count -= all((rank, up % 4) not in held for rank in ranks)
    return count


def test_the_evaluator_gives_the_published_category_counts() -> None:
    every = chain.from_iterable(combinations(range(52), 5))
    hands = np.fromiter(every, dtype=np.int8, count=5 * comb(52, 5)).reshape(-1, 5)
    categories = oracle.hand_values(hands) // oracle.SCALE
    counts = np.bincount(categories, minlength=10).tolist()
    assert dict(zip(oracle.CATEGORY_NAMES, counts, strict=True)) == PUBLISHED


def test_the_vectorized_and_plain_evaluators_agree() -> None:
    rng = random.Random(440)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    values = oracle.hand_values(np.array(hands))
    assert values.tolist() == [oracle.hand_value(hand) for hand in hands]


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        ("Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h"),
        ("As 2s 3s 4s 5s", "2c 3c 4c 5c 6c"),
        ("Kh Qd Jc Ts 9h", "Ah Kd Qc Js Th"),
        ("Ah Kd Qc Js 9h", "2h 2d 3c 4s 5h"),
        ("9h 9d Ac Ks 4h", "9c 9s Ad Kh 5c"),
        ("Kh Kd 4c 4s Ah", "Kc Ks 5d 5h 2c"),
        ("8h 8d 8c As Ah", "9h 9d 9c 2s 2h"),
        ("Ah Kh Qh Jh 9h", "2c 2d 2h 3s 3c"),
        ("9s Ts Js Qs Ks", "Ts Js Qs Ks As"),
    ],
)
def test_the_order_of_the_rules(weaker: str, stronger: str) -> None:
    assert oracle.hand_value(weaker) < oracle.hand_value(stronger)
    assert oracle.hand_value("Ah Kd 9c 5s 3h") == oracle.hand_value("Ac Ks 9d 5h 3c")


@pytest.mark.parametrize("up", ["2c", "Ah", "Kd", "7s"])
def test_the_qualifier_count_matches_the_count_by_hand(up: str) -> None:
    for player in ("As Ks Qs Js Ts", "7c 5d 4h 3s 2c", "Ac Kd 8h 8s 3c"):
        if up in player.split():
            continue
        found = oracle.situation(player, up)
        assert found.not_qualified == not_qualified_by_hand(
            oracle.parse_hand(player), oracle.parse_hand(up)[0]
        )


def test_random_situations_add_up_and_match_the_count_by_hand() -> None:
    rng = random.Random(441)
    for _ in range(6):
        cards = rng.sample(range(52), 6)
        found = oracle.situation(cards[:5], cards[5])
        total = found.not_qualified + found.player_wins + found.ties + found.dealer_wins
        assert total == oracle.COMPLETIONS == 163_185
        assert found.not_qualified == not_qualified_by_hand(cards[:5], cards[5])


@pytest.mark.parametrize(
    ("pays", "royal"), [(oracle.STANDARD_PAYS, 100), (oracle.ROYAL_250_PAYS, 250)]
)
def test_a_royal_flush_raises_and_its_ev_follows_by_hand(pays: dict[str, int], royal: int) -> None:
    player = oracle.parse_hand("As Ks Qs Js Ts")
    win = 1 + 2 * royal
    for up_text, ties in (("2c", 0), ("Ah", 1), ("9h", 0), ("Td", 1)):
        up = oracle.parse_hand(up_text)[0]
        # nothing beats the royal flush; the dealer ties only with the royal of the up card's
        # suit, one completion when the up card is one of its cards
        not_qualified = not_qualified_by_hand(player, up)
        wins = oracle.COMPLETIONS - not_qualified - ties
        expected = Fraction(not_qualified * 1 + wins * win, oracle.COMPLETIONS)
        found = oracle.situation(player, up, pays)
        assert (found.ties, found.dealer_wins) == (ties, 0)
        assert found.raise_ev == expected
        assert found.best == "raise"


@pytest.mark.parametrize("up", ["2h", "7d", "Ks", "As"])
def test_the_weakest_hand_folds_for_minus_one(up: str) -> None:
    player = oracle.parse_hand("7c 5d 4h 3s 2c")
    found = oracle.situation(player, up)
    # every qualified dealer hand (ace-king high or better) beats 7-5-4-3-2
    not_qualified = not_qualified_by_hand(player, oracle.parse_hand(up)[0])
    raised = Fraction(not_qualified - 3 * (oracle.COMPLETIONS - not_qualified), oracle.COMPLETIONS)
    assert (found.player_wins, found.ties) == (0, 0)
    assert found.raise_ev == raised
    assert found.best == "fold"
    assert found.best_ev == found.fold_ev == -1


def test_a_pair_pays_even_money_and_a_full_house_seven() -> None:
    assert oracle.raise_net(oracle.hand_value("9h 9d Ac Ks 4h"))["player_wins"] == 3
    assert oracle.raise_net(oracle.hand_value("8h 8d 8c 3s 3h"))["player_wins"] == 15
    assert oracle.raise_net(oracle.hand_value("Ah Kd Qc Js 9h"))["dealer_wins"] == -3
    assert oracle.raise_net(oracle.hand_value("Ah Kd Qc Js 9h"))["not_qualified"] == 1


def test_bad_situations_are_refused() -> None:
    with pytest.raises(ValueError, match="five distinct"):
        oracle.situation("As Ks Qs Js Ts", "As")
    with pytest.raises(ValueError, match="repeats"):
        oracle.parse_hand("As As")
