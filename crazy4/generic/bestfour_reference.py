"""A best-four game's exact reference, keyed by dealt cards (Crazy 4 Poker's; tests compare).

A game's reference (the numbers a validation is compared with) prices classes of deals --
suit classes of five-card hands, or of a hand and an up card -- and the game says
how dealt cards fall in a class (:meth:`DealtClassReference.classes_of`) and what its bets pay
(:meth:`DealtClassReference.exact_bets`). From those two, this module gives every such game:

- a strategy file read onto the classes (:func:`read_cards`, columns ``hand`` and, with an up
  card, ``up_card``; :func:`crazy4.generic.strategy_classes.read_class_strategy` checks it);
- the exact probabilities of the player's and the dealer's hand categories and of the player's
  strengths, which the simulator's and the validator's checks compare counts with.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes, ExactBet, summarize
from crazy4.core.cards import colex_indices, format_cards, parse_card, parse_cards
from crazy4.core.hidden import PlayerOutcomes
from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    category_of_strength,
    number_of_strengths,
)
from crazy4.core.symmetry import build_suit_classes
from crazy4.errors import InputError
from crazy4.generic.strategy_classes import ClassKeys, ClassStrategies, read_class_strategy

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]

#: The player's hand size in both best-four games.
HAND_CARDS = 5


#: Exact bets already summarized, by (reference class, rule set's content hash, strategy).
_EXACT_BETS: dict[tuple[str, str, str], dict[str, ExactBet]] = {}


class DealtClassReference(ClassStrategies):
    """A game's reference whose classes are named by dealt cards (see the module docstring).

    A subclass has ``rules``, sets :attr:`key_columns`, :attr:`what`, :attr:`main_bet` and
    :attr:`dealer_cards`, and defines :meth:`classes_of` and :meth:`bet_distributions` (and
    :meth:`class_example` to name a class).
    """

    rules: RuleSet

    #: The strategy file's columns naming a class: ``("hand",)`` or ``("hand", "up_card")``.
    key_columns: ClassVar[tuple[str, ...]]
    #: What the classes are called in messages (``"hand classes"``).
    what: ClassVar[str]
    #: The name of the main bet among :meth:`exact_bets` (the analysis steps' headline bet).
    main_bet: ClassVar[str]
    #: The dealer's hand size (the dealer plays the best four of them).
    dealer_cards: ClassVar[int]

    @property
    def strength_of_hand(self) -> npt.NDArray[np.uint16]:
        """The player's best-four strength per five-card colex index (2,598,960 of them)."""
        return build_best_four_strengths(HAND_CARDS)

    def classes_of(self, colex: IntArray, up: IntArray | None) -> IntArray:
        """The class of dealt hands (five-card colex indices) and up cards (None without)."""
        raise NotImplementedError

    def class_example(self, hand_class: int) -> str | None:
        """A class in words, to name a missing one in a strategy file (None: not named)."""
        return None

    def bet_distributions(self, decision: IntArray) -> list[tuple[BetOutcomes, IntArray]]:
        """Every bet under a strategy as an exact distribution, with the weight of each row."""
        raise NotImplementedError

    def exact_bets(self, decision: IntArray) -> dict[str, ExactBet]:
        """Exact mean, standard deviation and hit frequency of every bet under a strategy
        (:meth:`bet_distributions` summarized; kept for the process, per rule set and
        strategy)."""
        digest = hashlib.sha256(np.asarray(decision, dtype=np.int64).tobytes()).hexdigest()
        key = (type(self).__qualname__, self.rules.content_hash, digest)
        if key not in _EXACT_BETS:
            _EXACT_BETS[key] = {
                bet.name: ExactBet.of_summary(bet.name, summarize(bet, weights))
                for bet, weights in self.bet_distributions(decision)
            }
        return _EXACT_BETS[key]

    def read_strategy(self, path: Path) -> IntArray:
        """A strategy file's decision per class (:func:`read_dealt_strategy`)."""
        return read_dealt_strategy(path, self)

    def category_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each :class:`HandCategory` for the player's five cards (best
        four)."""
        return category_probabilities(HAND_CARDS)

    def dealer_category_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each :class:`HandCategory` for the dealer's cards (best four)."""
        return category_probabilities(self.dealer_cards)

    def strength_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each best-four strength for the player's five cards."""
        counts = np.bincount(build_best_four_strengths(HAND_CARDS), minlength=number_of_strengths())
        return np.asarray(counts / comb(52, HAND_CARDS), dtype=np.float64)


@cache
def category_counts(cards: int) -> IntArray:
    """Hands of ``cards`` cards by the category of their best four, counted once a process.

    Examples
    --------
    >>> int(category_counts(5)[HandCategory.FOUR_OF_A_KIND]), int(category_counts(5).sum())
    (624, 2598960)
    """
    strengths = build_best_four_strengths(cards)
    counts: IntArray = np.bincount(category_of_strength()[strengths], minlength=len(HandCategory))
    return counts


def category_probabilities(cards: int) -> npt.NDArray[np.float64]:
    """Exact probability of each hand category for ``cards`` cards (best four), as floats.

    Examples
    --------
    >>> round(float(category_probabilities(6)[HandCategory.FOUR_OF_A_KIND]) * comb(52, 6))
    14664
    """
    return np.asarray(category_counts(cards) / comb(52, cards), dtype=np.float64)


class HiddenReference(DealtClassReference):
    """A reference of the all-hidden shape: its classes are the suit classes of the player's
    hand, counted in :class:`crazy4.core.hidden.PlayerOutcomes`.

    A subclass has ``rules``, ``outcomes`` (counted for the suit classes of
    :func:`crazy4.core.symmetry.build_suit_classes`) and ``prices``, besides what
    :class:`DealtClassReference` asks for.
    """

    outcomes: PlayerOutcomes

    @property
    def class_of_hand(self) -> npt.NDArray[np.int32]:
        """The suit class of every five-card colex index
        (:func:`crazy4.core.symmetry.build_suit_classes`)."""
        return build_suit_classes().class_of_hand

    def classes_of(self, colex: IntArray, up: IntArray | None) -> IntArray:
        """The suit class of dealt hands (colex indices; no up card)."""
        return self.class_of_hand[colex].astype(np.int64)

    def class_example(self, hand_class: int) -> str:
        """A class's representative hand, highest card first."""
        return format_cards(self.outcomes.hands[hand_class][::-1])

    def qualification_probability(self) -> float:
        """Exact probability that the dealer's cards qualify (at the counts' qualifier)."""
        strengths = build_best_four_strengths(self.dealer_cards)
        qualifying = int(np.count_nonzero(strengths >= self.outcomes.qualifier_strength))
        return float(Fraction(qualifying, comb(52, self.dealer_cards)))

    def cell_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each outcome cell (:data:`crazy4.core.hidden.OUTCOME_CELLS`)."""
        totals = self.outcomes.weights @ self.outcomes.counts
        deals = comb(52, HAND_CARDS) * self.outcomes.dealer_hands
        return np.asarray(totals / deals, dtype=np.float64)


def read_dealt_strategy(path: Path, reference: DealtClassReference) -> IntArray:
    """Read a strategy: a CSV or parquet table with the columns :attr:`~DealtClassReference.
    key_columns` and ``decision`` (:func:`crazy4.generic.strategy_classes.read_class_strategy`).

    ``hand`` is five cards (any order), ``up_card`` one card not in the hand; ``decision`` is
    ``fold``, ``1x``, ``2x`` or ``3x``. Each row sets the decision of its whole class; every
    class must be covered (``results/<rule set>/player_hands.parquet`` is such a file for
    Crazy 4 Poker), and no class may get two different decisions or one the rules forbid.
    """

    def classes(rows: IntArray) -> IntArray:
        up = rows[:, HAND_CARDS] if rows.shape[1] > HAND_CARDS else None
        return reference.classes_of(colex_indices(rows[:, :HAND_CARDS]), up).astype(np.int64)

    keys = ClassKeys(
        reference.key_columns,
        read_cards,
        classes,
        reference.prices.allowed,
        reference.what,
        reference.class_example,
    )
    return read_class_strategy(path, keys)


def read_cards(texts: tuple[str, ...]) -> tuple[int, ...]:
    """A strategy row's five cards, sorted, then the up card if the row has one.

    Raises
    ------
    InputError
        For bad cards, or an up card in the hand.

    Examples
    --------
    >>> read_cards(("Ks 2c 7d 9h Ah",))
    (0, 21, 30, 47, 50)
    >>> read_cards(("Ks 2c 7d 9h Ah", "Qd"))
    (0, 21, 30, 47, 50, 41)
    >>> read_cards(("Ks 2c 7d 9h Ah", "Ah"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: the up card Ah is also in the hand
    """
    cards = sorted(parse_cards(texts[0], count=HAND_CARDS))
    if len(texts) == 1:
        return tuple(cards)
    up = parse_card(texts[1].strip())
    if up in cards:
        raise InputError(f"the up card {texts[1].strip()} is also in the hand")
    return (*cards, up)
