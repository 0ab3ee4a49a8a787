"""Caribbean Stud Poker settled and priced from the rules text alone: a test oracle.

Everything here is written from ``shared/rules/caribbean-stud-poker.md``; nothing is imported from
``crazy4`` (only the standard library and numpy). The one thing shared with the package is the
documented card encoding ``card = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
``c d h s``), so that hands can be handed to the package unchanged.

The rules, as read here:

* **Hand values.** Five cards, standard five-card poker, high to low: royal flush, straight
  flush, four of a kind, full house, flush, straight, three of a kind, two pair, pair, high
  card. Ace high, and low only in A-2-3-4-5 (the lowest straight and straight flush, its top
  card the five); no wrap-around; suits never rank. A value is ``category * 2**52`` plus a
  tie-break that is a bit set, not digits: bit ``13 * (m - 1) + r`` for each rank ``r`` held
  ``m`` times (a straight's tie-break is its top card alone). Two hands of one category hold
  the same multiplicities, so comparing the bit sets as numbers compares the most repeated
  ranks first, high to low, then the next: the rules' order, and equal values tie. (The
  package writes base-13 digits; the two evaluators share nothing but the rules.)
* **Ante** 1. The player sees the five cards and the dealer's up card, then **folds** (the Ante
  loses: net -1) or **raises** 2 more (3 in play).
* **Dealer qualifies** with ace-king high or better: a high-card hand holding an ace and a
  king, or any pair or better.

  - Not qualified: the Ante wins 1, the Raise pushes: net +1.
  - Qualified, player higher: the Ante wins 1, the Raise wins ``2 * pay(player's category)``.
  - Qualified, tie: both push: net 0.
  - Qualified, dealer higher: both lose: net -3.

* **Raise pay table** (odds to 1), standard: high card and pair 1, two pair 2, three of a kind
  3, straight 4, flush 5, full house 7, four of a kind 20, straight flush 50, royal flush 100
  (:data:`STANDARD_PAYS`); the royal-250 variant (:data:`ROYAL_250_PAYS`) changes one line.

One (player hand, up card) is priced by brute force over every completion of the dealer's hand:
the C(46, 4) = 163,185 sets of four hidden cards from the 46 cards neither the player holds nor
the up card is (:func:`situation`), about a tenth of a second with numpy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ACE, KING = 12, 11

# Categories, low to high.
(HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, ROYAL_FLUSH) = range(10)  # fmt: skip
CATEGORY_NAMES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush", "royal flush")  # fmt: skip
SCALE = 1 << 52  # above every tie-break bit set (4 multiplicities x 13 ranks)

#: The Raise's odds to 1 by the player's category, the rules text's standard table.
STANDARD_PAYS: dict[str, int] = {
    "high card": 1,
    "pair": 1,
    "two pair": 2,
    "three of a kind": 3,
    "straight": 4,
    "flush": 5,
    "full house": 7,
    "four of a kind": 20,
    "straight flush": 50,
    "royal flush": 100,
}
#: The variant the rules text names: royal flush 250.
ROYAL_250_PAYS: dict[str, int] = {**STANDARD_PAYS, "royal flush": 250}

COMPLETIONS = comb(46, 4)  # 163,185 hidden dealer cards for a hand and an up card
ANTE, RAISE = 1, 2

#: The rank bit sets of the ten straights (five low: A-2-3-4-5), by top card.
STRAIGHT_MASKS = {top: sum(1 << r for r in range(top - 4, top + 1)) for top in range(4, 13)}
STRAIGHT_MASKS[3] = 0b1_0000_0000_1111  # A, 5, 4, 3, 2


# --------------------------------------------------------------------------------------------
# Cards


def parse_hand(text: str) -> list[int]:
    """Cards written ``"As Kd 7h 4c 2s"`` (any case; ``10`` for a ten)."""
    cards = []
    for token in text.replace("10", "T").split():
        cards.append(4 * RANKS.index(token[0].upper()) + SUITS.index(token[1].lower()))
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card repeats in {text!r}")
    return cards


def hand_text(cards: Sequence[int]) -> str:
    """``[51, 47]`` -> ``"As Ks"``."""
    return " ".join(RANKS[card // 4] + SUITS[card % 4] for card in cards)


# --------------------------------------------------------------------------------------------
# Values


def hand_value(cards: Sequence[int] | str) -> int:
    """The value of five cards, one hand, in plain Python (module docstring)."""
    if isinstance(cards, str):
        cards = parse_hand(cards)
    held = Counter(card // 4 for card in cards)
    flush = len({card % 4 for card in cards}) == 1
    ranks = sum(1 << r for r in held)
    tie = sum(1 << (13 * (m - 1) + r) for r, m in held.items())
    top = next((t for t, mask in STRAIGHT_MASKS.items() if mask == ranks), None)
    shape = sorted(held.values(), reverse=True)
    if top is not None:
        category = (ROYAL_FLUSH if top == ACE else STRAIGHT_FLUSH) if flush else STRAIGHT
        return category * SCALE + top
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }.get(tuple(shape), FLUSH if flush else HIGH_CARD)
    return category * SCALE + tie


def hand_values(hands: npt.NDArray[np.integer[Any]]) -> IntArray:
    """:func:`hand_value` of every row of five cards, vectorized (the same rules, by arrays)."""
    cards = np.asarray(hands, dtype=np.int64)
    rows = np.arange(cards.shape[0])
    held = np.zeros((cards.shape[0], 13), dtype=np.int64)
    for column in range(5):
        held[rows, cards[:, column] // 4] += 1
    flush = (cards % 4 == cards[:, :1] % 4).all(axis=1)
    bits = np.int64(1) << np.arange(13, dtype=np.int64)
    ranks = (held > 0).astype(np.int64) @ bits
    tie = np.zeros(cards.shape[0], dtype=np.int64)
    for multiplicity in range(1, 5):
        tie += (held == multiplicity).astype(np.int64) @ (bits << (13 * (multiplicity - 1)))
    top = np.full(cards.shape[0], -1, dtype=np.int64)
    for straight_top, mask in STRAIGHT_MASKS.items():
        top[ranks == mask] = straight_top
    most = held.max(axis=1)
    pairs = (held == 2).sum(axis=1)
    category = np.where(flush, FLUSH, HIGH_CARD)
    category[(most == 2) & (pairs == 1)] = PAIR
    category[pairs == 2] = TWO_PAIR
    category[(most == 3) & (pairs == 0)] = THREE_OF_A_KIND
    category[(most == 3) & (pairs == 1)] = FULL_HOUSE
    category[most == 4] = FOUR_OF_A_KIND
    straight = top >= 0
    category[straight] = np.where(flush, STRAIGHT_FLUSH, STRAIGHT)[straight]
    category[straight & flush & (top == ACE)] = ROYAL_FLUSH
    return category.astype(np.int64) * SCALE + np.where(straight, top, tie)


def category_of(value: int) -> int:
    """The category of a value."""
    return value // SCALE


def qualifies(values: IntArray, hands: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.bool_]:
    """Whether each dealer hand qualifies: a pair or better, or an ace and a king."""
    ranks = np.asarray(hands, dtype=np.int64) // 4
    ace_king = (ranks == ACE).any(axis=1) & (ranks == KING).any(axis=1)
    qualified: npt.NDArray[np.bool_] = (values >= PAIR * SCALE) | ace_king
    return qualified


# --------------------------------------------------------------------------------------------
# One situation


@cache
def _four_of_46() -> npt.NDArray[np.intp]:
    return np.array(list(combinations(range(46), 4)), dtype=np.intp)


@dataclass(frozen=True)
class Situation:
    """The dealer completions of one (player hand, up card), counted, and the two decisions'
    exact EVs per Ante.

    Attributes
    ----------
    not_qualified, player_wins, ties, dealer_wins : int
        Completions (of :data:`COMPLETIONS`) by outcome; the last three with the dealer
        qualified.
    raise_ev, fold_ev : Fraction
        Net per Ante, averaged over the completions.
    """

    not_qualified: int
    player_wins: int
    ties: int
    dealer_wins: int
    raise_ev: Fraction
    fold_ev: Fraction

    @property
    def best(self) -> str:
        """``"raise"`` or ``"fold"`` (``"either"`` on an exact tie)."""
        if self.raise_ev == self.fold_ev:
            return "either"
        return "raise" if self.raise_ev > self.fold_ev else "fold"

    @property
    def best_ev(self) -> Fraction:
        """The better decision's EV."""
        return max(self.raise_ev, self.fold_ev)


def raise_net(player_value: int, pays: Mapping[str, int] = STANDARD_PAYS) -> dict[str, int]:
    """The Ante plus Raise net of a raise in each outcome, per Ante (the rules text)."""
    pay = pays[CATEGORY_NAMES[category_of(player_value)]]
    return {
        "not_qualified": ANTE,
        "player_wins": ANTE + RAISE * pay,
        "ties": 0,
        "dealer_wins": -(ANTE + RAISE),
    }


def situation(
    player: Sequence[int] | str,
    up_card: int | str,
    pays: Mapping[str, int] = STANDARD_PAYS,
) -> Situation:
    """Every completion of the dealer's hand listed, counted and settled.

    Parameters
    ----------
    player : five cards, or their text
    up_card : a card, or its text (``"Kd"``)
    pays : the Raise's odds to 1 by category name (:data:`STANDARD_PAYS`)
    """
    cards = parse_hand(player) if isinstance(player, str) else list(player)
    up = parse_hand(up_card)[0] if isinstance(up_card, str) else int(up_card)
    if len(cards) != 5 or len(set(cards)) != 5 or up in cards:
        raise ValueError("a situation is five distinct player cards and another up card")
    rest = np.array([c for c in range(52) if c not in cards and c != up], dtype=np.int64)
    hidden = rest[_four_of_46()]
    dealer = np.hstack([np.full((hidden.shape[0], 1), up, dtype=np.int64), hidden])
    return settled(cards, dealer, pays)


def settled(
    cards: Sequence[int], dealer: npt.NDArray[np.int64], pays: Mapping[str, int]
) -> Situation:
    """Every listed dealer hand (one a row) against the player's five cards, counted by
    outcome and settled: the raise's EV over the rows, the fold's -1."""
    values = hand_values(dealer)
    qualified = qualifies(values, dealer)
    mine = hand_value(cards)
    counts = {
        "not_qualified": int((~qualified).sum()),
        "player_wins": int((qualified & (values < mine)).sum()),
        "ties": int((qualified & (values == mine)).sum()),
        "dealer_wins": int((qualified & (values > mine)).sum()),
    }
    nets = raise_net(mine, pays)
    total = sum(counts[outcome] * nets[outcome] for outcome in counts)
    return Situation(**counts, raise_ev=Fraction(total, dealer.shape[0]), fold_ev=Fraction(-ANTE))


# --------------------------------------------------------------------------------------------
# One situation with a hidden dealer card seen besides the up card


@cache
def _three_of_45() -> npt.NDArray[np.intp]:
    return np.array(list(combinations(range(45), 3)), dtype=np.intp)


def seen_situation(
    player: Sequence[int] | str,
    up_card: int | str,
    hole_card: int | str,
    pays: Mapping[str, int] = STANDARD_PAYS,
) -> Situation:
    """:func:`situation` when the player has also seen one of the dealer's four hidden cards:
    the C(45, 3) = 14,190 sets of the dealer's three other cards listed, counted and settled.
    """
    cards = parse_hand(player) if isinstance(player, str) else list(player)
    up = parse_hand(up_card)[0] if isinstance(up_card, str) else int(up_card)
    hole = parse_hand(hole_card)[0] if isinstance(hole_card, str) else int(hole_card)
    if len(cards) != 5 or len({*cards, up, hole}) != 7:
        raise ValueError("a seen situation is five player cards, an up card and another card")
    rest = np.array([c for c in range(52) if c not in cards and c not in (up, hole)])
    hidden = rest.astype(np.int64)[_three_of_45()]
    known = np.broadcast_to(np.array([up, hole], dtype=np.int64), (hidden.shape[0], 2))
    return settled(cards, np.hstack([known, hidden]), pays)
