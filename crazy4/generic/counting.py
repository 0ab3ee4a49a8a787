"""The six outcome cells of player hands, for any deal shape: a correct default and an override.

Every exact job asks the same question of a player hand ``P`` (and the dealer cards ``F`` the
player sees): how many dealer hands from the unseen cards fall in each outcome cell of
:data:`crazy4.spec.specification.CELLS`, given the player's strength ``v`` and the qualifier
``q``. Two counters answer it, and :func:`counter_for` picks one by the deal shape alone:

* :class:`ListingCounter`, the **default** for every shape: list each completion of the
  dealer's hand and histogram its strength (:func:`crazy4.generic.counts.dealer_histograms`),
  then cut the histogram at ``v`` and ``q`` (:func:`crazy4.generic.pricing.cells_from_histograms`).
  Correct for any shape and any ranking; its cost is the completions per hand
  (Three Card Poker: 18,424).
* :class:`SubsetCounter`, the **override**: count the dealer hands below five thresholds by
  inclusion–exclusion over the player's cards, every counted hand holding the seen cards ``F``
  (``#{D ⊇ F : D ∩ P = ∅, v(D) < t} = Σ_{S⊆P} (-1)^{|S|} N_{S∪F}(t)``), from subset tables
  tabulated once per ranking (:func:`crazy4.core.engine.count_dealer_below`, any
  :class:`~crazy4.core.strength_table.StrengthTable`), and difference them into the six cells
  (:func:`crazy4.core.hidden.cells_from_below`). Its cost per hand is ``2^|P|`` table reads
  per threshold, whatever the dealer's hand size: the way to count five dealer cards against
  five player cards (1,533,939 completions a hand) in seconds. Like every poker ranking, the
  ranking must give suit-relabelled hands the same strength (the tables are kept per suit
  class; a test with random strengths by suit class shows nothing else is assumed).

Both return the same integers for every hand (``tests/generic/test_counting.py`` compares them
on every Three Card Poker class, on a ranking of random strengths, on sampled five-card hands
against the best-four ranking, and with seen dealer cards); the override is chosen where
listing would take more than :data:`LISTING_LIMIT` completions a hand.

Examples
--------
>>> from crazy4.spec.specification import DealShape
>>> type(counter_for(DealShape(3, 3, 0, 3))).__name__   # 18,424 completions: listed
'ListingCounter'
>>> type(counter_for(DealShape(5, 5, 0, 4))).__name__   # 1,533,939: inclusion-exclusion
'SubsetCounter'
>>> type(counter_for(DealShape(5, 5, 1, 5))).__name__   # 163,185 beside an up card
'SubsetCounter'
>>> type(counter_for(DealShape(3, 3, 1, 3))).__name__   # 1,176 beside an up card: listed
'ListingCounter'
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from math import comb
from typing import Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.engine import count_dealer_below
from crazy4.core.hidden import cells_from_below, outcome_thresholds
from crazy4.generic.counts import dealer_histograms
from crazy4.generic.pricing import cells_from_histograms
from crazy4.spec.specification import DealShape, Ranking

IntArray = npt.NDArray[np.int64]

#: Dealer completions a hand up to which listing them is the counter (above: an override).
LISTING_LIMIT = 50_000

#: Blocks the hands are split into (fixed, so the counts never depend on the threads).
_BLOCKS = 16


class CellCounter(Protocol):
    """Counts the six outcome cells of player hands (module docstring)."""

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
    ) -> IntArray:
        """Dealer hands in each outcome cell, shape ``(n, 6)``, for hands ``(n, p)`` of the
        given strengths, the dealer dealt ``dealer_cards`` cards of which the player sees
        ``forced`` ``(n, f)`` (in every counted dealer hand; none by default)."""
        ...


def _no_cards(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return np.zeros((hands.shape[0], 0), dtype=np.uint8)


class ListingCounter:
    """Every dealer completion listed: the default for any deal shape (module docstring).

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
    >>> hands = np.array([[0, 1, 6]], dtype=np.uint8)  # 2c 2d 3h: a pair of 2s
    >>> strengths = ranking.strengths(3)[colex_indices(hands)].astype(np.int64)
    >>> cells = ListingCounter().cells(hands, strengths, 0, ranking, 3)
    >>> int(cells.sum()), cells[0, :3].tolist()  # every dealer hand qualifies at 0
    (18424, [0, 0, 0])
    """

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
    ) -> IntArray:
        """The cells from each hand's histogram of dealer strengths."""
        histograms = dealer_histograms(
            hands,
            _no_cards(hands) if forced is None else forced,
            ranking.strengths(dealer_cards),
            dealer_cards,
            ranking.n_strengths,
            jobs=jobs,
        )
        return cells_from_histograms(histograms, strengths, qualifier)


class SubsetCounter:
    """Inclusion–exclusion over the player's cards: the override for a dealer hand dealt all
    face down (module docstring).

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
    >>> hands = np.array([[0, 1, 6]], dtype=np.uint8)
    >>> strengths = ranking.strengths(3)[colex_indices(hands)].astype(np.int64)
    >>> subsets = SubsetCounter().cells(hands, strengths, 300, ranking, 3)
    >>> listed = ListingCounter().cells(hands, strengths, 300, ranking, 3)
    >>> subsets.tolist() == listed.tolist()
    True
    """

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
    ) -> IntArray:
        """The cells from the counts below the five thresholds of each hand."""
        seen = _no_cards(hands) if forced is None else forced
        thresholds = outcome_thresholds(strengths.astype(np.int64), qualifier)
        blocks = np.array_split(np.arange(hands.shape[0]), _BLOCKS)

        def count(block: IntArray) -> IntArray:
            return count_dealer_below(
                hands[block],
                thresholds[block],
                forced_cards=seen[block],
                dealer_size=dealer_cards,
                ranking=ranking,
            )

        if jobs > 1:  # numpy gathers release the GIL; the blocks are fixed, so is the result
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                parts = list(pool.map(count, blocks))
        else:
            parts = [count(block) for block in blocks]
        completions = comb(52 - hands.shape[1] - seen.shape[1], dealer_cards - seen.shape[1])
        cells = cells_from_below(np.concatenate(parts), completions)
        assert bool((cells >= 0).all()), "an outcome cell counted below zero"
        return cells


def counter_for(shape: DealShape) -> CellCounter:
    """The counter of a deal shape: listing, unless listing would take more than
    :data:`LISTING_LIMIT` completions of the dealer's hand a player hand (its face-up cards
    given)."""
    seen = shape.face_up
    completions = comb(52 - shape.player_cards - seen, shape.dealer_cards - seen)
    return SubsetCounter() if completions > LISTING_LIMIT else ListingCounter()
