"""The exact numbers a Four Card Poker simulation is compared with.

A strategy is one decision code per *situation class* (player hand, up card) of
:func:`crazy4.core.upcard_situations.build_situations`. Mapping a dealt situation to its class costs
two table lookups: relabelling suits maps the dealt hand ``H`` to its class representative
``R``, and an up card of rank ``r`` in a suit of rank mask ``m`` (in ``H``) is equivalent to the
up card of rank ``r`` in the lowest suit of ``R`` with mask ``m`` (the orbit representative the
engine counts). So :attr:`FourCardReference.slot` holds, for every five-card hand (colex) and
up-card suit, ``class * 52 + that lowest suit``; adding ``4 * r`` gives the index of the
situation in a dense ``(class, card)`` table.

Cached on disk (``$CRAZY4_CACHE_DIR``): the slot table, the dealer lower/tie/higher counts per
situation class and, per rule set, the deal lattice of its optimal strategy, so after the first
run (which counts every situation) the reference is read, not computed. What every best-four
game's reference shares (strategy files, honest decisions, the optimal edge) is
:class:`crazy4.generic.bestfour_reference.DealtClassReference`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from math import comb
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import ExactBet, summarize
from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.ranking import build_best_four_strengths, category_of_strength, number_of_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard import COUNTING_MODULES, N_CATEGORIES
from crazy4.core.upcard_lattice import DealLattice, build_lattice, to_bet, with_decisions
from crazy4.core.upcard_situations import SITUATION_MODULES, build_situations, suit_masks
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.games.four_card.showdown_cells import (
    FourCardPrices,
    ante_play_parts,
    bad_beat_parts,
    price_situations,
    side_bet_parts,
    simple_strategy,
)
from crazy4.generic.bestfour_reference import DealtClassReference, IntArray

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

HANDS = comb(52, 5)
DEALER_HANDS = comb(52, 6)
_VERSION = "v1"
#: The modules that count the situations (part of the cache key of every table built from them).


def _build_slots() -> npt.NDArray[np.int32]:
    classes = build_suit_classes()
    hands = combinations_array(52, 5)
    masks = suit_masks(hands)  # (n, 4) by suit of the dealt hand
    rep_masks = suit_masks(classes.representatives)[classes.class_of_hand]
    # for each suit s of H: the lowest suit t of R with the same rank mask
    same = rep_masks[:, None, :] == masks[:, :, None]  # (n, s, t)
    lowest = np.argmax(same, axis=2).astype(np.int32)
    slots = classes.class_of_hand[:, None].astype(np.int32) * 52 + lowest
    return np.ascontiguousarray(slots.reshape(-1))


@cache
def situation_slots() -> npt.NDArray[np.int32]:
    """``class * 52 + suit`` for every (five-card colex index, up-card suit), flattened.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> slots = situation_slots()
    >>> hand = colex_indices(np.array([parse_cards("2c 3c 4d 5h 6s")]))[0]
    >>> int(slots[4 * hand + 0]) % 52 == int(slots[4 * hand + 1]) % 52   # c and d differ
    False
    """
    return cached_array(
        f"fourcard_situation_slots_{_VERSION}",
        _build_slots,
        expected_shape=(HANDS * 4,),
        dtype=np.int32,
        builders=(__name__, *SITUATION_MODULES),
    )


@cache
def situation_index_table() -> npt.NDArray[np.int32]:
    """Situation class (index into :func:`build_situations`) by ``class * 52 + card``; -1 where
    the card is not an orbit representative."""
    situations = build_situations()
    n_classes = build_suit_classes().weights.shape[0]
    table = np.full(n_classes * 52, -1, dtype=np.int32)
    keys = situations.hand_class.astype(np.int64) * 52 + situations.up_card
    table[keys] = np.arange(keys.shape[0], dtype=np.int32)
    return table


def situation_of(
    colex: npt.NDArray[np.integer], up_card: npt.NDArray[np.integer]
) -> npt.NDArray[np.int32]:
    """Situation class of dealt (hand, up card) pairs: two lookups.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> a = colex_indices(np.array([parse_cards("2c 3c 4d 5h 6s")]))
    >>> b = colex_indices(np.array([parse_cards("2d 3d 4c 5h 6s")]))    # clubs <-> diamonds
    >>> bool(situation_of(a, np.array([parse_card("Kc")]))[0]
    ...      == situation_of(b, np.array([parse_card("Kd")]))[0])
    True
    """
    up = np.asarray(up_card, dtype=np.int64)
    slot = situation_slots()[np.asarray(colex, dtype=np.int64) * 4 + (up & 3)]
    result: npt.NDArray[np.int32] = situation_index_table()[slot + (up & ~3)]
    return result


def _build_counts() -> npt.NDArray[np.int32]:
    from crazy4.games.four_card.shape import compute_four_card_outcomes

    outcomes = compute_four_card_outcomes()
    return np.stack([outcomes.lower, outcomes.tie, outcomes.higher], axis=1).astype(np.int32)


@cache
def situation_counts() -> npt.NDArray[np.int32]:
    """Hidden completions where the dealer is lower / ties / is higher, per situation class."""
    n = build_situations().weights.shape[0]
    return cached_array(
        f"fourcard_situation_counts_{_VERSION}",
        _build_counts,
        expected_shape=(n, 3),
        dtype=np.int32,
        builders=COUNTING_MODULES,
    )


def _lattice_array(lattice: DealLattice) -> npt.NDArray[np.int64]:
    full = np.zeros((number_of_strengths() * 4, 1 + N_CATEGORIES * 3), dtype=np.int64)
    rows = lattice.strengths * 4 + lattice.decisions
    full[rows, 0] = lattice.weights
    full[rows, 1:] = lattice.deals.reshape(rows.shape[0], -1)
    return full


def _lattice_of(full: npt.NDArray[np.int64]) -> DealLattice:
    rows = np.flatnonzero(full[:, 0])
    return DealLattice(
        strengths=(rows // 4).astype(np.int64),
        decisions=(rows % 4).astype(np.int64),
        weights=full[rows, 0],
        deals=full[rows, 1:].reshape(rows.shape[0], N_CATEGORIES, 3),
    )


@dataclass(frozen=True)
class FourCardReference(DealtClassReference):
    """Exact reference data of one Four Card Poker rule set (see the module docstring).

    Attributes
    ----------
    rules : FourCardRuleSet
    strengths : ndarray of int64
        Player's best-four strength per situation class.
    prices : FourCardPrices
        Exact EV of each decision per situation class; ``prices.decision`` is optimal.
    strength_of_hand : ndarray of uint16, shape (2598960,)
    dealer_strength_of_hand : ndarray of uint16, shape (20358520,)
        Best four of six, by six-card colex index.
    """

    rules: FourCardRuleSet
    strengths: npt.NDArray[np.int64] = field(repr=False)
    prices: FourCardPrices = field(repr=False)
    strength_of_hand: npt.NDArray[np.uint16] = field(repr=False)
    dealer_strength_of_hand: npt.NDArray[np.uint16] = field(repr=False)

    key_columns: ClassVar[tuple[str, ...]] = ("hand", "up_card")
    what: ClassVar[str] = "situation classes"
    main_bet: ClassVar[str] = "ante_play"

    def classes_of(self, colex: IntArray, up: IntArray | None) -> IntArray:
        """The situation class of dealt hands (colex) and up cards (:func:`situation_of`)."""
        assert up is not None
        return situation_of(colex, up).astype(np.int64)

    def simple_decisions(self) -> npt.NDArray[np.int64]:
        """The published simple strategy per situation class
        (:func:`.showdown_cells.simple_strategy`).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> reference = load_fourcard_reference(load_rules("four-card-standard"))
        >>> optimal, simple = reference.strategy("optimal"), reference.strategy("simple")
        >>> optimal.shape, int((optimal != simple).sum()) > 0
        ((5649150,), True)
        """
        return simple_strategy(self.rules, self.strengths)

    def optimal_lattice(self) -> DealLattice:
        """Deals by (strength, optimal decision) x (dealer category, result), cached on disk."""
        rows = number_of_strengths() * 4

        def build() -> npt.NDArray[np.int64]:
            from crazy4.games.four_card.shape import compute_four_card_outcomes

            return _lattice_array(build_lattice(compute_four_card_outcomes(), self.prices.decision))

        full = cached_array(
            f"fourcard_lattice_{_VERSION}_{self.rules.content_hash[:16]}",
            build,
            expected_shape=(rows, 1 + N_CATEGORIES * 3),
            dtype=np.int64,
            builders=(
                *COUNTING_MODULES,
                "crazy4.games.four_card.showdown_cells",
                "crazy4.core.decisions",
                "crazy4.generic.bestfour_settle",
                "crazy4.generic.bestfour_pricing",
                "crazy4.core.upcard_lattice",
                __name__,
            ),
        )
        return _lattice_of(full)

    def lattice(self, decision: npt.NDArray[np.int64]) -> DealLattice:
        """The deal lattice of a strategy (per situation class)."""
        if np.array_equal(decision, self.prices.decision):
            return self.optimal_lattice()
        by_strength = np.full(number_of_strengths(), -1, dtype=np.int64)
        by_strength[self.strengths] = decision
        if (by_strength[self.strengths] == decision).all():  # a strategy by strength only
            return with_decisions(self.optimal_lattice(), np.maximum(by_strength, 0))
        from crazy4.games.four_card.shape import compute_four_card_outcomes

        return build_lattice(compute_four_card_outcomes(), decision)

    def exact_bets(self, decision: npt.NDArray[np.int64]) -> dict[str, ExactBet]:
        """Exact mean, standard deviation and hit frequency of every bet under a strategy.

        Bets: ``ante_play`` (Ante + Play + Ante Bonus per unit of Ante), every Aces Up table
        (``aces-up-<name>``) and ``bad_beat`` if the rule set has one.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> reference = load_fourcard_reference(load_rules("four-card-standard"))
        >>> bets = reference.exact_bets(reference.strategy("optimal"))
        >>> round(float(-bets["ante_play"].mean), 5)
        0.02788
        """
        return _exact_bets(
            self, hashlib.sha256(decision.astype(np.int64).tobytes()).hexdigest(), decision
        )

    def category_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each hand category for the player's five cards (best four)."""
        return np.asarray(_category_counts(5) / HANDS, dtype=np.float64)

    def dealer_category_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each hand category for the dealer's six cards (best four)."""
        return np.asarray(_category_counts(6) / DEALER_HANDS, dtype=np.float64)


_BETS_CACHE: dict[tuple[str, str], dict[str, ExactBet]] = {}


def _exact_bets(
    reference: FourCardReference, digest: str, decision: npt.NDArray[np.int64]
) -> dict[str, ExactBet]:
    key = (reference.rules.content_hash, digest)
    if key in _BETS_CACHE:
        return _BETS_CACHE[key]
    rules = reference.rules
    lattice = reference.lattice(decision)
    parts = [ante_play_parts(rules, lattice, "ante_play", "")]
    parts += [side_bet_parts(bet, lattice) for bet in rules.side_bets]
    if rules.four_card.bad_beat is not None:
        parts.append(bad_beat_parts(rules, lattice))
    result = {
        part.name: ExactBet.of_summary(part.name, summarize(to_bet(part, lattice), lattice.weights))
        for part in parts
    }
    _BETS_CACHE[key] = result
    return result


@cache
def _category_counts(cards: int) -> npt.NDArray[np.int64]:
    """Hands of ``cards`` cards by the category of their best four, counted once a process
    (a pass over 20 million six-card hands took a quarter second a validation)."""
    strengths = build_best_four_strengths(cards)
    return np.bincount(category_of_strength()[strengths], minlength=N_CATEGORIES)


@cache
def load_fourcard_reference(rules: FourCardRuleSet) -> FourCardReference:
    """The exact reference of a Four Card Poker rule set (cached in memory and on disk).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> reference = load_fourcard_reference(load_rules("four-card-standard"))
    >>> round(float(reference.dealer_category_probabilities()[-1]) * DEALER_HANDS)
    14664
    """
    situations = build_situations()
    classes = build_suit_classes()
    hand_strength = build_best_four_strengths(5)[colex_indices(classes.representatives)]
    strengths = hand_strength.astype(np.int64)[situations.hand_class]
    counts = situation_counts().astype(np.int64)
    prices = price_situations(rules, strengths, counts[:, 0], counts[:, 1], counts[:, 2])
    return FourCardReference(
        rules=rules,
        strengths=strengths,
        prices=prices,
        strength_of_hand=build_best_four_strengths(5),
        dealer_strength_of_hand=build_best_four_strengths(6),
    )


def reference_of(rules: RuleSet) -> FourCardReference:
    """The exact reference of any rule set of the game (:func:`load_fourcard_reference`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> reference_of(load_rules("four-card-standard")).main_bet
    'ante_play'
    """
    return load_fourcard_reference(four_card_rules(rules))


__all__ = [
    "FourCardReference",
    "load_fourcard_reference",
    "reference_of",
    "situation_of",
    "situation_slots",
]
