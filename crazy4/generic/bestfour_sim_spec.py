"""What a best-four-of-five game supplies to its simulator, and the seat key they share.

The simulator (:class:`crazy4.generic.bestfour_simulate.BestFourSimulator`) counts seats by
one key for every best-four game::

    key = ((strength * 4 + decision) * dealer_classes + dealer class) * 3 + result

(result 0: player higher, 1: tie, 2: dealer higher; the dealer class of the dealer's strength
is the game's: Crazy 4 Poker's qualified or not, Four Card Poker's hand category), which
determines every bet. A game describes itself by a :class:`BestFourSim` (built by its
``game`` module): the game itself (its deal, side bet, settlement and exact reference), its
decision classes (:class:`SeatLookup`), its dealer classes, and its bets, log columns and
summary lines as data (:class:`crazy4.generic.bestfour_seat.SeatWagers`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import BINOMIAL
from crazy4.generic.bestfour_seat import SeatWagers
from crazy4.generic.bestfour_settle import BestFourSettlement
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import Counts, ExactValue
from crazy4.simulate.plan import SimulationPlan

if TYPE_CHECKING:
    from crazy4.generic.bestfour_reference import HiddenReference, UpCardReference

#: Largest number of seats at a table (7 hands and the dealer's five or six cards).
MAX_SEATS = 7
IntArray = npt.NDArray[np.int64]


S = TypeVar("S", bound="BestFourSettlement[Any]")


class KeyFields(NamedTuple):
    """The fields of seat keys (int64 arrays)."""

    strength: IntArray
    decision: IntArray
    dealer_class: IntArray
    result: IntArray


def key_fields(keys: npt.NDArray[np.integer], dealer_classes: int) -> KeyFields:
    """``(strength, decision, dealer class, result)`` of seat keys.

    Examples
    --------
    >>> [int(x[0]) for x in key_fields(np.array([((100 * 4 + 3) * 8 + 2) * 3 + 1]), 8)]
    [100, 3, 2, 1]
    """
    keys = np.asarray(keys, dtype=np.int64)
    rest, result = np.divmod(keys, 3)
    rest, dealer_class = np.divmod(rest, dealer_classes)
    strength, decision = np.divmod(rest, 4)
    return KeyFields(strength, decision, dealer_class, result)


@dataclass(frozen=True)
class SeatLookup:
    """How a seat's hand finds its decision class.

    Attributes
    ----------
    strength : ndarray of uint16
        Best-four strength per five-card colex index.
    entry_class : ndarray of int
        Decision class per lookup entry (-1: none): the entry is the hand's colex index, or
        with an up card ``slots[colex * 4 + up suit] + up card - up suit``.
    class_strength : ndarray of int
        Best-four strength per decision class.
    slots : ndarray of int32 or None
        With an up card: the entry base per ``colex * 4 + up suit``.
    dealer_strength : ndarray of uint16 or None
        With an up card: the dealer's best four of six per six-card colex index.
    """

    strength: npt.NDArray[np.uint16]
    entry_class: npt.NDArray[np.int32]
    class_strength: npt.NDArray[np.integer]
    slots: npt.NDArray[np.int32] | None = None
    dealer_strength: npt.NDArray[np.uint16] | None = None


def hidden_seat_lookup(reference: HiddenReference) -> SeatLookup:
    """The seats of an all-hidden game: a hand's decision class is its suit class.

    Examples
    --------
    >>> from crazy4.games.crazy_four.game import CRAZY_FOUR
    >>> from crazy4.registry import load_rules
    >>> lookup = hidden_seat_lookup(CRAZY_FOUR.reference(load_rules("crazy4-standard")))
    >>> lookup.entry_class.shape, int(lookup.entry_class.max()) + 1, lookup.slots is None
    ((2598960,), 134459, True)
    """
    return SeatLookup(
        strength=reference.strength_of_hand,
        entry_class=reference.class_of_hand,
        class_strength=reference.outcomes.strengths,
    )


def upcard_seat_lookup(reference: UpCardReference) -> SeatLookup:
    """The seats of an up-card game: a seat's decision class is the situation class of its
    hand and the up card (:mod:`crazy4.core.upcard_lookup`); the dealer's strength is his
    best four of six.

    Examples
    --------
    >>> from crazy4.games.four_card.game import FOUR_CARD
    >>> from crazy4.registry import load_rules
    >>> lookup = upcard_seat_lookup(FOUR_CARD.reference(load_rules("four-card-standard")))
    >>> int(lookup.entry_class.max()) + 1, lookup.dealer_strength is not None
    (5649150, True)
    """
    from crazy4.core.upcard_lookup import situation_index_table, situation_slots

    return SeatLookup(
        strength=reference.strength_of_hand,
        entry_class=situation_index_table(),
        class_strength=reference.strengths,
        slots=situation_slots(),
        dealer_strength=reference.dealer_strength_of_hand,
    )


class SimulatedBestFour(Protocol):
    """What the simulator reads from the game itself
    (:class:`crazy4.generic.bestfour_game.BestFourGame`): its side bet, its deal, and from its
    exact reference the strategy, the exact bets and the category probabilities."""

    @property
    def side_bet_label(self) -> str:
        """The side bet's name (``"Queens Up"``)."""
        ...

    @property
    def side_bet_key(self) -> str:
        """The side bet's log column (``"queens_up"``)."""
        ...

    @property
    def dealer_cards(self) -> tuple[int, int]:
        """The dealer's cards and how many are face up."""
        ...

    def strategy(self, rules: RuleSet, spec: str) -> IntArray:
        """A decision per decision class (``optimal``, ``simple`` or a strategy file)."""
        ...

    def exact_bets(self, rules: RuleSet, decision: IntArray) -> Mapping[str, ExactValue]:
        """Every summary bet's exact value under a decision per class."""
        ...

    def settlement(self, rules: RuleSet) -> Any:
        """The settlement tables of a rule set (nets over their ``unit``)."""
        ...

    def reference(self, rules: RuleSet) -> Any:
        """The exact reference of a rule set (a hidden or an up-card reference)."""
        ...

    def category_probabilities(
        self, rules: RuleSet
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The exact category probabilities of the player's hand and of the dealer's."""
        ...


@dataclass(frozen=True)
class BestFourSim(Generic[S]):
    """What a best-four game supplies to :class:`BestFourSimulator`: the game
    (:class:`SimulatedBestFour`) and what only its seats know.

    The game's ``dealer_cards[1]`` (0 or 1) dealer cards are dealt face up before the five
    hidden ones; ``dealer_classes`` is how many classes ``dealer_class(rules)`` (per dealer
    strength) sorts the dealer's hands into. ``seat`` gives the summary's bets, the log's
    wager and net columns and the tally of the seats' cells from the settlement's wagers
    (:class:`crazy4.generic.bestfour_seat.SeatWagers`); ``dealer_summary(plan, counts)``, the
    JSON summary's fields about the dealer before that tally; ``tail_line(plan, counts, data)``
    the text summary's line above the categories (None: the tally's shares).
    ``blind_hands_allowed(rules)``: whether a rule set deals the blind second hands, which put
    up the settlement's ``blind_multiple`` (None: the game has none).
    """

    game: SimulatedBestFour
    dealer_classes: int
    dealer_class: Callable[[RuleSet], npt.NDArray[np.integer]]
    seat: SeatWagers
    dealer_summary: Callable[[SimulationPlan, Counts], dict[str, object]] | None = None
    tail_line: Callable[[SimulationPlan, Counts, Mapping[str, object]], str] | None = None
    blind_hands_allowed: Callable[[RuleSet], bool] | None = None

    def summary(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """The JSON summary's fields after the categories: the dealer's, then the tally."""
        data = {} if self.dealer_summary is None else self.dealer_summary(plan, counts)
        data.update(self.seat.summary(counts))
        return data

    def tail(self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> str:
        """The text summary's line above the categories."""
        if self.tail_line is not None:
            return self.tail_line(plan, counts, data)
        return self.seat.shares_line(data)

    def lookup(self, rules: RuleSet) -> SeatLookup:
        """The seats' decision classes: a hand's suit class where the dealer shows no card
        (:func:`hidden_seat_lookup`), the situation class of the hand and the up card where he
        shows one (:func:`upcard_seat_lookup`)."""
        reference = self.game.reference(rules)
        return upcard_seat_lookup(reference) if self.face_up else hidden_seat_lookup(reference)

    @property
    def side_bet_label(self) -> str:
        """The game's side bet."""
        return self.game.side_bet_label

    @property
    def side_bet_key(self) -> str:
        """The game's side bet's log column."""
        return self.game.side_bet_key

    @property
    def face_up(self) -> int:
        """Dealer cards dealt face up (0 or 1)."""
        return self.game.dealer_cards[1]

    def strategy(self, rules: RuleSet, spec: str) -> IntArray:
        """The game's decision per class."""
        return self.game.strategy(rules, spec)

    def exact_bets(self, rules: RuleSet, decision: IntArray) -> Mapping[str, ExactValue]:
        """The game's exact bets."""
        return self.game.exact_bets(rules, decision)

    def settlement(self, rules: RuleSet) -> S:
        """The game's settlement tables."""
        settlement: S = self.game.settlement(rules)
        return settlement

    def category_probabilities(
        self, rules: RuleSet
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The game's exact category probabilities (player, dealer)."""
        return self.game.category_probabilities(rules)


@dataclass(frozen=True)
class SimTables(Generic[S]):
    """What a worker derives from a plan (cached per plan)."""

    settlement: S
    word: npt.NDArray[np.uint16]  # per lookup entry: strength * 4 + decision (the kernel's)
    kernel_base: npt.NDArray[np.int32]  # up card: word * stride << 12 | strength
    strength: npt.NDArray[np.uint16]  # per five-card colex
    dealer_strength: npt.NDArray[np.uint16]  # per colex of the dealer's cards
    slots: npt.NDArray[np.int32]  # up card: see SeatLookup
    dealer_offset: npt.NDArray[np.int32]  # per dealer strength: dealer class * 3
    blind_base: npt.NDArray[np.int32]  # per strength: (strength * 4 + blind multiple) * stride
    bet_nets: dict[str, IntArray]  # per key
    blind_net: IntArray | None
    nets_matrix: tuple[IntArray, npt.NDArray[np.uint16]]  # distinct rows, row a key
    blind_matrix: tuple[IntArray, npt.NDArray[np.uint16]]  # the same, blind hands


@cache
def _binomial_flat() -> npt.NDArray[np.intp]:
    return np.ascontiguousarray(BINOMIAL.ravel(), dtype=np.intp)


@cache
def _binomial_columns() -> tuple[npt.NDArray[np.int32], ...]:
    return tuple(np.ascontiguousarray(BINOMIAL[:, k], dtype=np.int32) for k in range(8))


def dealer_colex(
    up: npt.NDArray[np.integer], hidden: npt.NDArray[np.integer]
) -> npt.NDArray[np.intp]:
    """Colex index of the six-card hand ``hidden + up`` (``hidden`` sorted, card-major (5, n)).

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> hidden = np.array([[1], [7], [20], [30], [44]])
    >>> int(dealer_colex(np.array([9]), hidden)[0]) == int(
    ...     colex_indices(np.array([[1, 7, 9, 20, 30, 44]]))[0])
    True
    """
    b = _binomial_columns()
    up_i = np.asarray(up).astype(np.intp)
    position = np.zeros(up_i.shape[0], dtype=np.intp)
    index = np.zeros(up_i.shape[0], dtype=np.intp)
    for i in range(hidden.shape[0]):
        card = hidden[i].astype(np.intp)
        below = card < up_i
        position += below
        index += np.where(below, b[i + 1][card], b[i + 2][card])
    index += _binomial_flat()[up_i * 8 + position + 1]
    return index
