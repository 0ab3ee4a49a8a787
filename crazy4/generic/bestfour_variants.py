"""Rule inference of a best-four game: the readings it searches and how rows settle under them.

Each edit (:class:`Reading`) is one way an engine may read the rules differently; edits
compose, so :class:`crazy4.validate.search.Search` settles rows under two or three at once.
Written for the best-four-of-five games (Crazy 4 Poker; Four Card Poker's inference is the
specification one now, :mod:`crazy4.generic.rulesearch`):

* one ``[dealer]`` switch of the rule set (:func:`crazy4.validate.switches.dealer_switches`;
  the qualifiers too in a game whose dealer qualifies);
* ties going to the dealer; A-2-3-4 not a straight, for the player's hand, the dealer's or
  both (:func:`crazy4.validate.hands.strengths_without_wheel`); a pair against a pair
  compared by the high card, not by the pair (:mod:`crazy4.validate.misread`);
* a pay line of a table the game names paying what the log paid on it (the odds read from
  the log's own nets), or not at all, or a line the table lacks added
  (:func:`crazy4.validate.switches.pay_line_edits`).

The game (:class:`BestFourReadings`) supplies its settlement, its tables, the misreadings only
it can have (flags of a :class:`Reading`) and how a settlement reads them. :func:`infer_rows`
keys each differing row by what the log did (the decision, the player's and the dealer's hand
class, whether the dealer qualified, who was higher, the wagers that differ) and runs the
search (the strategy's variant of a raise minimum:
:func:`crazy4.validate.raise_minimum.infer_raise_minimum`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, reduce
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import PayTable
from crazy4.log.roundlog import BLIND
from crazy4.validate.checks import Component
from crazy4.validate.hands import (
    CLASS_NAMES,
    best_four_pair_keys,
    hand_class,
    strengths_without_wheel,
)
from crazy4.validate.infer import Inference, ShownCards, Variant, differing_example
from crazy4.validate.misread import compare_pairs_by_high_card
from crazy4.validate.patterns import agrees, differing_columns, key_words
from crazy4.validate.search import Search
from crazy4.validate.switches import PayEdit, dealer_switches, pay_line_edits

FloatNets = dict[str, npt.NDArray[np.float64]]
IntArray = npt.NDArray[np.int64]
Rules = TypeVar("Rules")
RulesEdit = Callable[[Any], Any]

#: The misreadings every best-four game is searched for (flags of a :class:`Reading`).
PLAYER_WHEEL, DEALER_WHEEL, TIES_DEALER = "player_wheel", "dealer_wheel", "ties_dealer"
PAIR_HIGH_CARD = "pair_high_card"


class Settles(Protocol):
    """A game's settlement tables: its nets are numerators over :attr:`unit`."""

    @property
    def unit(self) -> int:
        """The common denominator of every net."""
        ...


Settle = TypeVar("Settle", bound=Settles)


@dataclass(frozen=True)
class Reading:
    """One edit of how the rules are read: rule set edits and misreading flags (module
    docstring). :meth:`merge` composes edits.

    Examples
    --------
    >>> Reading(flags=frozenset({PLAYER_WHEEL})).merge(Reading.of(DEALER_WHEEL)).flags == {
    ...     PLAYER_WHEEL, DEALER_WHEEL}
    True
    """

    edits: tuple[RulesEdit, ...] = ()
    flags: frozenset[str] = frozenset()

    @classmethod
    def of(cls, *flags: str) -> Reading:
        """The misreading of ``flags``, no rule set edit."""
        return cls(flags=frozenset(flags))

    def merge(self, other: Reading) -> Reading:
        """Both edits at once."""
        return Reading(self.edits + other.edits, self.flags | other.flags)


@dataclass(frozen=True)
class Dealt:
    """The rows of a batch as settled: cards, best-four strengths, the Play multiple in action,
    the side bet's table (None: none) and the wagers the log writes (set by :func:`infer_rows`).
    """

    player_cards: npt.NDArray[np.integer]
    dealer_cards: npt.NDArray[np.integer]
    strength: IntArray
    dealer_strength: IntArray
    multiple: IntArray
    side: int | None
    logged: frozenset[str] = field(default=frozenset())

    @cached_property
    def pair_keys(self) -> tuple[IntArray, IntArray]:
        """The player's and the dealer's keys of a pair compared by the high card
        (:func:`crazy4.validate.hands.best_four_pair_keys`; -1: no pair), made once."""
        return best_four_pair_keys(self.player_cards), best_four_pair_keys(self.dealer_cards)


@dataclass(frozen=True)
class Showdown:
    """How a reading compares the rows: strengths doubled (A-2-3-4 read as ace high falls
    between two strengths) and the comparison (0 player higher, 1 tie, 2 dealer higher)."""

    player2: IntArray
    dealer2: IntArray
    comparison: IntArray

    @property
    def strength(self) -> IntArray:
        """The player's strengths as read (one between two strengths rounded up).

        Examples
        --------
        >>> shown = Showdown(np.array([4, 7]), np.array([6, 6]), np.array([2, 0]))
        >>> shown.strength.tolist(), shown.dealer_strength.tolist()
        ([2, 4], [3, 3])
        """
        return (self.player2 + 1) // 2

    @property
    def dealer_strength(self) -> IntArray:
        """The dealer's strengths as read (one between two strengths rounded up)."""
        return (self.dealer2 + 1) // 2


def nets_per_unit(settle: Settles, units: Mapping[str, IntArray]) -> FloatNets:
    """Net numerators over ``settle``'s unit, per unit of each wager.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> nets_per_unit(SimpleNamespace(unit=2), {"ante": np.array([1, -2])})["ante"].tolist()
    [0.5, -1.0]
    """
    return {name: value / settle.unit for name, value in units.items()}


@dataclass(frozen=True)
class Settled:
    """One batch settled again by the game: the components compared with the log, the rows
    for the rule inference, and each row's outcome cell (or showdown result)."""

    components: list[Component]
    dealt: Dealt
    cell: IntArray


def play_multiple(decision: IntArray) -> IntArray:
    """The Play multiple of each decision (0: fold; a blind hand: 3).

    Examples
    --------
    >>> play_multiple(np.array([-1, 0, 2, 4])).tolist()
    [0, 0, 2, 3]
    """
    return np.where(decision == BLIND, 3, np.clip(decision, 0, 3))


class CheckedGame(Protocol):
    """What the validator reads from the game itself
    (Crazy 4 Poker's :class:`crazy4.generic.bestfour_game.BestFourGame`): its rule set,
    reference, settlement and side bet."""

    @property
    def side_bet_label(self) -> str:
        """The side bet's name (``"Queens Up"``)."""
        ...

    @property
    def side_bet_key(self) -> str:
        """The side bet's wager column (``"queens_up"``)."""
        ...

    def rules_of(self, rules: Any) -> Any:
        """The game's typed rule set."""
        ...

    def reference_of(self, rules: Any) -> Any:
        """The exact reference of the game's rule set."""
        ...

    def settlement_of(self, rules: Any) -> Any:
        """The settlement tables of the game's rule set."""
        ...


@dataclass(frozen=True)
class BonusTable(Generic[Rules]):
    """A pay table of the main game the rule inference may edit, beside the side bet's: the
    wager it pays, the bet's name, what a hand it does not list does, and where the rule set
    keeps it (``get(rules)``: the section with its ``table``, None when not offered;
    ``put(rules, section)``: the rule set with that section replaced)."""

    wager: str
    name: str
    unpaid: str
    get: Callable[[Rules], Any]
    put: Callable[[Rules, Any], Rules]


@dataclass(frozen=True)
class BestFourReadings(Generic[Rules, Settle]):
    """What a best-four game supplies to the rule inference (module docstring).

    Attributes
    ----------
    qualifies : bool
        Whether the game's dealer qualifies (the qualifier switches searched, the keys say it).
    misreadings : callable
        ``misreadings(rules)``: the game's own readings, searched before and after the A-2-3-4
        ones.
    bonus : BonusTable or None
        The main game's pay table searched beside the side bet's (the Super Bonus, the Ante
        Bonus).
    settle : callable
        ``settle(settlement, reading, dealt, showdown)``: nets per unit of every wager.
    """

    qualifies: bool
    misreadings: Callable[[Rules], tuple[list[tuple[Variant, Reading]], ...]]
    bonus: BonusTable[Rules] | None
    settle: Callable[[Settle, Reading, Dealt, Showdown], FloatNets]


def _dealer_edit(rules: Any, changed: Any) -> RulesEdit:
    """The edit setting the ``[dealer]`` fields ``changed`` has otherwise than ``rules``."""
    fields = {
        name: getattr(changed.dealer, name)
        for name in rules.dealer.__dataclass_fields__
        if getattr(changed.dealer, name) != getattr(rules.dealer, name)
    }
    return lambda r: replace(r, dealer=replace(r.dealer, **fields))


#: A-2-3-4 read as ace high: in both hands, in the player's, in the dealer's.
WHEELS = (
    (
        Variant("A-2-3-4 is not a straight", "A-2-3-4 settled as ace high"),
        Reading.of(PLAYER_WHEEL, DEALER_WHEEL),
    ),
    (
        Variant(
            "A-2-3-4 is not a straight in the player's hand", "player A-2-3-4 settled as ace high"
        ),
        Reading.of(PLAYER_WHEEL),
    ),
    (
        Variant(
            "A-2-3-4 is not a straight in the dealer's hand", "dealer A-2-3-4 settled as ace high"
        ),
        Reading.of(DEALER_WHEEL),
    ),
)
#: A pair against a pair compared by the high card.
PAIRS_BY_HIGH_CARD = (
    Variant(
        "a pair is compared with a pair by the high card, not by the pair",
        "pair against pair settled by the high card, not by the pair",
    ),
    Reading.of(PAIR_HIGH_CARD),
)


class BestFourVariants(Generic[Rules, Settle]):
    """The readings of one rule set and how rows settle under them (module docstring).

    Examples
    --------
    >>> from crazy4.registry import game_named, load_rules
    >>> game = game_named("crazy-4-poker")
    >>> variants = BestFourVariants(load_rules("crazy4-standard"), game, game.checks().readings)
    >>> [v.difference for v, _ in variants.fixed][1]
    'ties = dealer (the dealer wins ties), not push'
    >>> variants.pay_table(variants.rules, "queens_up", 1)[1:]
    ('Queens Up', 'lost')
    """

    def __init__(
        self, rules: Rules, spec: CheckedGame, game: BestFourReadings[Rules, Settle]
    ) -> None:
        self.rules, self.spec, self.game = rules, spec, game
        ruleset: Any = rules  # every game's rule set has a ``[dealer]`` section
        self.settle_of: Settle = spec.settlement_of(rules)
        self._settlements: dict[tuple[RulesEdit, ...], Settle] = {(): self.settle_of}
        self.fixed: list[tuple[Variant, Reading]] = [
            (variant, Reading((_dealer_edit(rules, changed),)))
            for variant, changed in dealer_switches(ruleset, qualifiers=game.qualifies)
        ]
        # ties = dealer is a rule file's switch now: among dealer_switches' edits
        before, after = game.misreadings(rules)
        self.fixed += [*before, *WHEELS, PAIRS_BY_HIGH_CARD, *after]

    def pay_lines(
        self, wager: str, strength: IntArray, observed: npt.NDArray[np.float64], side: int | None
    ) -> list[tuple[Variant, Reading]]:
        """Pay-line edits for the rows of ``wager`` whose logged net per unit (``observed``)
        differs: each line those hands are on paying what the log paid most often on it, or
        not at all; each hand group on no line the log paid, added."""
        found = self.pay_table(self.rules, wager, side)
        if found is None:
            return []
        table, bet, unpaid = found
        edit_table = self.edit_table

        def edit(change: PayEdit) -> RulesEdit:
            return lambda rules: edit_table(rules, wager, side, change)

        return [
            (variant, Reading((edit(change),)))
            for variant, change in pay_line_edits(bet, table, strength, observed, unpaid)
        ]

    def pay_table(
        self, rules: Rules, wager: str, side: int | None
    ) -> tuple[PayTable, str, str] | None:
        """The table ``wager`` pays by (the game's bonus or side bet ``side``), the bet's
        name and what a hand it does not list does; None for a wager with no table."""
        bonus = self.game.bonus
        section = bonus.get(rules) if bonus is not None and wager == bonus.wager else None
        if bonus is not None and section is not None:
            return section.table, bonus.name, bonus.unpaid
        if wager == self.spec.side_bet_key and side is not None:
            ruleset: Any = rules
            return ruleset.side_bets[side].table, self.spec.side_bet_label, "lost"
        return None

    def edit_table(self, rules: Rules, wager: str, side: int | None, edit: PayEdit) -> Rules:
        """The rule set with one pay line of the table of :meth:`pay_table` edited."""
        bonus = self.game.bonus
        if bonus is not None and wager == bonus.wager:
            section = bonus.get(rules)
            return bonus.put(rules, replace(section, table=edit.apply(section.table)))
        assert side is not None
        ruleset: Any = rules
        bets = list(ruleset.side_bets)
        bets[side] = replace(bets[side], table=edit.apply(bets[side].table))
        edited: Rules = replace(ruleset, side_bets=tuple(bets))
        return edited

    def settle(self, readings: Sequence[Reading], dealt: Dealt) -> FloatNets:
        """Nets per unit of each wager of the rows ``dealt`` read with every edit of
        ``readings`` at once (none: the rule set itself)."""
        read = reduce(Reading.merge, readings, Reading())
        settle = self._settlements.get(read.edits)
        if settle is None:
            edited = reduce(lambda r, edit: edit(r), read.edits, self.rules)
            settle = self.spec.settlement_of(edited)
            self._settlements[read.edits] = settle
        player2, dealer2 = 2 * dealt.strength, 2 * dealt.dealer_strength
        if PLAYER_WHEEL in read.flags:
            player2 = strengths_without_wheel(dealt.player_cards, dealt.strength)
        if DEALER_WHEEL in read.flags:
            dealer2 = strengths_without_wheel(dealt.dealer_cards, dealt.dealer_strength)
        comparison = (player2 == dealer2).astype(np.int64) + 2 * (player2 < dealer2)
        if PAIR_HIGH_CARD in read.flags:
            comparison = compare_pairs_by_high_card(comparison, *dealt.pair_keys)
        if TIES_DEALER in read.flags:
            comparison = np.where(comparison == 1, 2, comparison)
        return self.game.settle(settle, read, dealt, Showdown(player2, dealer2, comparison))


def infer_rows(
    inference: Inference,
    variants: BestFourVariants[Any, Any],
    dealt: Dealt,
    components: Sequence[Component],
    good: npt.NDArray[np.bool_],
    shown: ShownCards,
    limit: int,
    qualifier: int | None,
) -> None:
    """Add the differing good rows of a batch, keyed by what the log did (``qualifier``: the
    dealer's, None in a game where it does not qualify), and the search's verdicts on them
    (:class:`crazy4.validate.search.Search`: every reading of ``variants``, and combinations)."""
    unit = variants.settle_of.unit
    rows = np.flatnonzero(good)
    sub = [
        Component(c.name, c.wager[rows], c.units[rows], c.logged[rows], c.side) for c in components
    ]
    names = [c.name for c in sub]
    part = Dealt(
        dealt.player_cards[rows],
        dealt.dealer_cards[rows],
        dealt.strength[rows],
        dealt.dealer_strength[rows],
        dealt.multiple[rows],
        dealt.side,
        frozenset(names),
    )
    base = {c.name: c.units / unit for c in sub}
    wrong = np.flatnonzero(~agrees(sub, base))
    if wrong.size == 0:
        return
    candidates = list(variants.fixed)
    for c in sub:
        differs = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
        if differs.size:
            observed = c.logged[differs] / np.where(c.wager[differs] > 0, c.wager[differs], 1)
            candidates += variants.pay_lines(c.name, part.strength[differs], observed, part.side)
            bonus = variants.game.bonus
            if c.name == "ante" and bonus is not None:  # a bonus the Ante may have paid
                wager, logged = bonus.wager, part.logged
                apart = variants.settle([], replace(part, logged=logged | {wager}))["ante"]
                inside = variants.settle([], replace(part, logged=logged - {wager}))["ante"]
                lines = variants.pay_lines(
                    wager, part.strength[differs], observed - apart[differs], part.side
                )
                lines *= not np.array_equal(apart, inside)
                candidates += [line for line in lines if line[0] not in dict(candidates)]
    cards = (shown.player, shown.dealer, shown.decision)

    def keys(wrong: npt.NDArray[np.intp]) -> IntArray:
        player, dealer = part.strength[wrong], part.dealer_strength[wrong]
        columns = [np.clip(shown.decision[rows[wrong]], 0, 4), hand_class(player)]
        columns.append(hand_class(dealer))
        if qualifier is not None:
            columns.append((dealer >= qualifier).astype(np.int64))
        columns.append((player == dealer).astype(np.int64) + 2 * (player < dealer))
        columns += differing_columns(sub, base, wrong, part.multiple)
        return np.column_stack(columns)

    def example(row: int) -> dict[str, object]:
        return differing_example(row, rows, shown.first_row, cards, sub, base)

    search = Search(sub, base, candidates, lambda edits: variants.settle(edits, part))
    search.run(
        inference,
        keys,
        lambda key: key_words(key, names, CLASS_NAMES, qualifier=qualifier is not None),
        example,
        limit,
    )
