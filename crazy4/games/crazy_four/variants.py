"""The Crazy 4 Poker edits the validator's rule inference searches (:mod:`crazy4.validate.search`).

Each edit (:class:`Reading`) is one way an engine may read the rules differently; edits
compose, so the search settles rows under two or three at once:

* one switch of the rule set (``dataclasses.replace`` of the frozen rule dataclasses): the
  ``[dealer]`` switches of :func:`crazy4.validate.switches.dealer_switches`, the Super Bonus
  ``unlisted`` rule, a pay line of the Super Bonus or of the Queens Up table paying what the
  log paid (the odds read from the log's own nets), or not at all, or a line the table lacks
  added (:func:`crazy4.validate.switches.pay_line_edits`);
* a misreading no rule file can say: ties going to the dealer; a dealer who does not qualify
  settled as in Three Card Poker (the Ante wins, the Play pushes); a fold settled as a
  showdown (the Ante and the Super Bonus settled as if the hand had played); a tie below the
  Super Bonus table losing it; the Super Bonus below its table settled like the Play bet (won,
  pushed or lost with it); A-2-3-4 not a straight, for the player's hand, the dealer's or
  both (:func:`crazy4.validate.hands.strengths_without_wheel`); the dealer qualifying on any
  king or ace among its cards (a qualifier read from the cards' ranks).

:meth:`VariantSet.settle` gives the nets per unit of each wager (ante, play per unit of Ante,
super_bonus, queens_up) under any tuple of edits, from the same
:class:`crazy4.games.crazy_four.settle.Settlement` the rule set asked for settles by.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import reduce

import numpy as np
import numpy.typing as npt

from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.settle import Settlement
from crazy4.validate.hands import strengths_without_wheel
from crazy4.validate.infer import Variant
from crazy4.validate.switches import PayEdit, dealer_switches, pay_line_edits

FloatNets = dict[str, npt.NDArray[np.float64]]
RulesEdit = Callable[[CrazyFourRules], CrazyFourRules]


@dataclass(frozen=True)
class Dealt:
    """The rows of a batch as settled: cards, best-four strengths, Play multiples in action."""

    player_cards: npt.NDArray[np.intp]
    dealer_cards: npt.NDArray[np.intp]
    strength: npt.NDArray[np.int64]
    dealer_strength: npt.NDArray[np.int64]
    in_action: npt.NDArray[np.int64]
    queens_table: int | None


@dataclass(frozen=True)
class Reading:
    """One edit of how the rules are read: a rule set edit and misreading flags (module
    docstring). :meth:`merge` composes edits."""

    edits: tuple[RulesEdit, ...] = ()
    player_wheel: bool = False
    dealer_wheel: bool = False
    any_king_or_ace: bool = False
    ties_dealer: bool = False
    not_qualified_ante_wins: bool = False
    fold_showdown: bool = False
    ties_lose_bonus: bool = False
    bonus_follows_play: bool = False

    def merge(self, other: Reading) -> Reading:
        """Both edits at once.

        Examples
        --------
        >>> Reading(player_wheel=True).merge(Reading(dealer_wheel=True)).dealer_wheel
        True
        """
        flags = {
            name: getattr(self, name) or getattr(other, name)
            for name in self.__dataclass_fields__
            if name != "edits"
        }
        return Reading(self.edits + other.edits, **flags)


def _dealer_edit(rules: CrazyFourRules, changed: CrazyFourRules) -> RulesEdit:
    """The edit setting the ``[dealer]`` fields ``changed`` has otherwise than ``rules``."""
    fields = {
        name: getattr(changed.dealer, name)
        for name in rules.dealer.__dataclass_fields__
        if getattr(changed.dealer, name) != getattr(rules.dealer, name)
    }
    return lambda r: replace(r, dealer=replace(r.dealer, **fields))


def _pay_edit(component: str, edit: PayEdit, queens_table: int | None) -> RulesEdit:
    """The edit of one pay line of the Super Bonus or of a Queens Up table."""

    def apply(rules: CrazyFourRules) -> CrazyFourRules:
        if component == "super_bonus":
            assert rules.super_bonus is not None
            bonus = replace(rules.super_bonus, table=edit.apply(rules.super_bonus.table))
            return replace(rules, super_bonus=bonus)
        assert queens_table is not None
        side = list(rules.side_bets)
        side[queens_table] = replace(side[queens_table], table=edit.apply(side[queens_table].table))
        return replace(rules, side_bets=tuple(side))

    return apply


class VariantSet:
    """The edits of one rule set and how rows settle under them (see the module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> variants = VariantSet(load_rules("crazy4-standard"))
    >>> [v.pattern for v, _ in variants.fixed][-3:]
    ['player A-2-3-4 settled as ace high', 'dealer A-2-3-4 settled as ace high', \
'dealer qualified on any K or A']
    """

    def __init__(self, rules: CrazyFourRules) -> None:
        self.rules = rules
        self.settle_of = Settlement.of(rules)
        self._settlements: dict[tuple[RulesEdit, ...], Settlement] = {(): self.settle_of}
        self.fixed: list[tuple[Variant, Reading]] = [
            (variant, Reading((_dealer_edit(rules, changed),)))
            for variant, changed in dealer_switches(rules)
        ]
        dealer = rules.dealer
        self.fixed += [
            (
                Variant(
                    f"ties = dealer (the dealer wins ties), not {dealer.ties}",
                    "ties settled as the dealer's",
                ),
                Reading(ties_dealer=True),
            ),
            (
                Variant(
                    "a dealer who does not qualify: the Ante wins 1:1 and the Play pushes "
                    "(Three Card Poker's rule)",
                    "Ante won and Play pushed against a dealer who does not qualify",
                ),
                Reading(not_qualified_ante_wins=True),
            ),
        ]
        bonus = rules.super_bonus
        if bonus is not None and bonus.unlisted_mask().any():
            other = "push" if bonus.unlisted == "below_table" else "below_table"

            def unlisted(r: CrazyFourRules) -> CrazyFourRules:
                assert r.super_bonus is not None
                return replace(r, super_bonus=replace(r.super_bonus, unlisted=other))

            variant = Variant(
                f"Super Bonus unlisted = {other}, not {bonus.unlisted}",
                f"Super Bonus on a hand its table does not list settled as {other}",
            )
            self.fixed.append((variant, Reading((unlisted,))))
        self.fixed += self._misreadings()

    def _misreadings(self) -> list[tuple[Variant, Reading]]:
        """The variants no rule file can say (see the module docstring)."""
        found = [
            (
                Variant("a fold is settled as a showdown", "fold settled as a showdown"),
                Reading(fold_showdown=True),
            )
        ]
        if self.rules.super_bonus is not None:
            lowest = self.rules.super_bonus.table.entries[0].label
            found += [
                (
                    Variant(
                        f"ties below a {lowest} lose the Super Bonus",
                        f"Super Bonus lost on a tie below a {lowest}",
                    ),
                    Reading(ties_lose_bonus=True),
                ),
                (
                    Variant(
                        f"the Super Bonus below a {lowest} follows the Play result",
                        f"Super Bonus below a {lowest} settled with the Play result",
                    ),
                    Reading(bonus_follows_play=True),
                ),
            ]
        found += [
            (
                Variant("A-2-3-4 is not a straight", "A-2-3-4 settled as ace high"),
                Reading(player_wheel=True, dealer_wheel=True),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the player's hand",
                    "player A-2-3-4 settled as ace high",
                ),
                Reading(player_wheel=True),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the dealer's hand",
                    "dealer A-2-3-4 settled as ace high",
                ),
                Reading(dealer_wheel=True),
            ),
            (
                Variant(
                    "the dealer qualifies with any K or A (not K high or better)",
                    "dealer qualified on any K or A",
                ),
                Reading(any_king_or_ace=True),
            ),
        ]
        return found

    def pay_lines(
        self,
        component: str,
        strength: npt.NDArray[np.int64],
        observed: npt.NDArray[np.float64],
        queens_table: int | None,
    ) -> list[tuple[Variant, Reading]]:
        """Pay-line edits for the rows of ``component`` whose logged net per unit
        (``observed``) differs: each line those hands are on paying what the log paid most
        often on it, or not at all; each hand group on no line the log paid, added."""
        if component == "super_bonus" and self.rules.super_bonus is not None:
            table, bet = self.rules.super_bonus.table, "Super Bonus"
            unpaid = "pushed or lost"
        elif component == "queens_up" and queens_table is not None:
            table, bet, unpaid = self.rules.side_bets[queens_table].table, "Queens Up", "lost"
        else:
            return []
        return [
            (variant, Reading((_pay_edit(component, edit, queens_table),)))
            for variant, edit in pay_line_edits(bet, table, strength, observed, unpaid)
        ]

    def settle(self, readings: Sequence[Reading], dealt: Dealt) -> FloatNets:
        """Nets per unit of each wager of the rows ``dealt`` read with every edit of
        ``readings`` at once (none: the rule set itself).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> variants = VariantSet(load_rules("crazy4-standard"))
        >>> dealt = Dealt(np.zeros((2, 5), np.intp), np.zeros((2, 5), np.intp),
        ...               np.array([20, 20]), np.array([10, 20]), np.array([1, 1]), None)
        >>> variants.settle([], dealt)["ante"].tolist()  # K-high qualifier: neither qualifies
        [0.0, 0.0]
        >>> reading = Reading(not_qualified_ante_wins=True).merge(Reading(ties_dealer=True))
        >>> nets = variants.settle([reading], dealt)
        >>> nets["ante"].tolist(), nets["play"].tolist()
        ([1.0, 1.0], [0.0, 0.0])
        """
        read = reduce(Reading.merge, readings, Reading())
        settle = self._settlements.get(read.edits)
        if settle is None:
            settle = Settlement.of(reduce(lambda r, edit: edit(r), read.edits, self.rules))
            self._settlements[read.edits] = settle
        player2, dealer2 = 2 * dealt.strength, 2 * dealt.dealer_strength
        if read.player_wheel:
            player2 = strengths_without_wheel(dealt.player_cards, dealt.strength)
        if read.dealer_wheel:
            dealer2 = strengths_without_wheel(dealt.dealer_cards, dealt.dealer_strength)
        qualified = dealer2 >= 2 * settle.rules.dealer.qualifier_strength
        if read.any_king_or_ace:
            qualified = np.asarray((dealt.dealer_cards // 4 >= 11).any(axis=1), dtype=bool)
        comparison = (player2 == dealer2).astype(np.int64) + 2 * (player2 < dealer2)
        if read.ties_dealer:
            comparison = np.where(comparison == 1, 2, comparison)
        cell = 3 * qualified.astype(np.int64) + comparison
        strength = (player2 + 1) // 2

        def nets(in_action: npt.NDArray[np.int64]) -> FloatNets:
            units = settle.nets(strength, in_action, cell, queens_up=dealt.queens_table)
            found = {name: value / settle.unit for name, value in units.items()}
            shown = in_action > 0
            if read.not_qualified_ante_wins:
                found["ante"] = np.where(shown & ~qualified, 1.0, found["ante"])
                found["play"] = np.where(shown & ~qualified, 0.0, found["play"])
            bonus = settle.rules.super_bonus
            if bonus is not None:
                below = shown & ~bonus.table.paid_mask()[strength]
                if read.ties_lose_bonus:
                    tie = below & (player2 == dealer2)
                    found["super_bonus"] = np.where(tie, -1.0, found["super_bonus"])
                if read.bonus_follows_play:
                    play = settle.play_net[cell] / settle.unit
                    found["super_bonus"] = np.where(below, play, found["super_bonus"])
            return found

        result = nets(dealt.in_action)
        if read.fold_showdown:
            fold = dealt.in_action == 0
            shown = nets(np.where(fold, 1, dealt.in_action))
            for name in ("ante", "super_bonus"):
                result[name] = np.where(fold, shown[name], result[name])
        result["qualified"] = qualified.astype(np.float64)
        return result
