"""The Crazy 4 Poker variants the validator's rule inference tries (:mod:`crazy4.validate.infer`).

Each variant settles a batch's rows as an engine reading the rules one way differently would:

* one switch of the rule set (``dataclasses.replace``): the ``[dealer]`` switches of
  :func:`crazy4.validate.switches.dealer_switches`, the Super Bonus ``unlisted`` rule, a pay
  line of the Super Bonus or of the Queens Up table paying what the log paid (the odds read
  from the log's own nets, :func:`crazy4.validate.switches.odds_of_net`) or not at all;
* a misreading no rule file can say: a fold settled as a showdown (the Ante and the Super
  Bonus settled as if the hand had played); a tie below the Super Bonus table losing it; the
  Super Bonus below its table settled like the Play bet (won, pushed or lost with it); A-2-3-4
  not a straight, for the player's hand, the dealer's or both
  (:func:`crazy4.validate.hands.strengths_without_wheel`); the dealer qualifying on any king
  or ace among its cards.

:func:`variant_nets` gives each variant's nets per unit of each wager (ante, play per unit of
Ante, super_bonus, queens_up), from the same :class:`crazy4.games.crazy_four.settle.Settlement`
the rule set asked for settles by.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from crazy4.games.crazy_four.rules import CrazyFourRules, SuperBonus
from crazy4.games.crazy_four.settle import Settlement
from crazy4.validate.hands import strengths_without_wheel
from crazy4.validate.infer import Variant
from crazy4.validate.switches import dealer_switches, pay_line_variants

FloatNets = dict[str, npt.NDArray[np.float64]]


@dataclass(frozen=True)
class Dealt:
    """The rows of a batch as settled: cards, best-four strengths, Play multiples in action."""

    player_cards: npt.NDArray[np.intp]
    dealer_cards: npt.NDArray[np.intp]
    strength: npt.NDArray[np.int64]
    dealer_strength: npt.NDArray[np.int64]
    in_action: npt.NDArray[np.int64]
    queens_table: int | None


def settle_doubled(
    settle: Settlement,
    player2: npt.NDArray[np.int64],
    dealer2: npt.NDArray[np.int64],
    qualified: npt.NDArray[np.bool_],
    in_action: npt.NDArray[np.int64],
    queens_table: int | None,
) -> FloatNets:
    """Nets per unit of each wager from doubled strengths (:mod:`crazy4.validate.hands`) and
    the dealer's qualification.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> settle = Settlement.of(load_rules("crazy4-standard"))
    >>> nets = settle_doubled(settle, np.array([20]), np.array([10]), np.array([True]),
    ...                       np.array([1]), None)
    >>> {k: float(v[0]) for k, v in nets.items()}
    {'ante': 1.0, 'play': 1.0, 'super_bonus': 0.0, 'qualified': 1.0}
    """
    comparison = (player2 == dealer2).astype(np.int64) + 2 * (player2 < dealer2)
    cell = 3 * qualified.astype(np.int64) + comparison
    units = settle.nets((player2 + 1) // 2, in_action, cell, queens_up=queens_table)
    nets = {name: value / settle.unit for name, value in units.items()}
    nets["qualified"] = qualified.astype(np.float64)
    return nets


class VariantSet:
    """The variants of one rule set and how each settles (see the module docstring).

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
        self.settle = Settlement.of(rules)
        self.fixed: list[tuple[Variant, Callable[[Dealt], FloatNets]]] = []
        for variant, changed in dealer_switches(rules):
            self.fixed.append((variant, self._under(changed)))
        bonus = rules.super_bonus
        if bonus is not None and bonus.unlisted_mask().any():
            other = "push" if bonus.unlisted == "below_table" else "below_table"
            changed = replace(rules, super_bonus=replace(bonus, unlisted=other))
            self.fixed.append(
                (
                    Variant(
                        f"Super Bonus unlisted = {other}, not {bonus.unlisted}",
                        f"Super Bonus on a hand its table does not list settled as {other}",
                    ),
                    self._under(changed),
                )
            )
        self.fixed += self._misreadings(bonus)

    def _under(self, rules: CrazyFourRules) -> Callable[[Dealt], FloatNets]:
        settle = Settlement.of(rules)
        qualifier = rules.dealer.qualifier_strength

        def nets(dealt: Dealt) -> FloatNets:
            return settle_doubled(
                settle,
                2 * dealt.strength,
                2 * dealt.dealer_strength,
                dealt.dealer_strength >= qualifier,
                dealt.in_action,
                dealt.queens_table,
            )

        return nets

    def base(self, dealt: Dealt, player2: npt.NDArray[np.int64] | None = None) -> FloatNets:
        """The nets under the rule set itself (the player's doubled strengths ``player2``)."""
        player2 = 2 * dealt.strength if player2 is None else player2
        qualified = dealt.dealer_strength >= self.rules.dealer.qualifier_strength
        return settle_doubled(
            self.settle,
            player2,
            2 * dealt.dealer_strength,
            qualified,
            dealt.in_action,
            dealt.queens_table,
        )

    def _misreadings(
        self, bonus: SuperBonus | None
    ) -> list[tuple[Variant, Callable[[Dealt], FloatNets]]]:
        """The variants no rule file can say (see the module docstring)."""
        settle, qualifier = self.settle, self.rules.dealer.qualifier_strength
        found: list[tuple[Variant, Callable[[Dealt], FloatNets]]] = []

        def fold_showdown(dealt: Dealt) -> FloatNets:
            fold = dealt.in_action == 0
            shown = self.base(replace(dealt, in_action=np.where(fold, 1, dealt.in_action)))
            nets = self.base(dealt)
            for name in ("ante", "super_bonus"):
                nets[name] = np.where(fold, shown[name], nets[name])
            return nets

        found.append(
            (
                Variant("a fold is settled as a showdown", "fold settled as a showdown"),
                fold_showdown,
            )
        )
        if bonus is not None:
            lowest = bonus.table.entries[0].label
            below = ~bonus.table.paid_mask()
            play_net = settle.play_net / settle.unit

            def ties_lose(dealt: Dealt) -> FloatNets:
                nets = self.base(dealt)
                tie = (dealt.strength == dealt.dealer_strength) & below[dealt.strength]
                tie &= dealt.in_action > 0
                nets["super_bonus"] = np.where(tie, -1.0, nets["super_bonus"])
                return nets

            def follows_play(dealt: Dealt) -> FloatNets:
                nets = self.base(dealt)
                comparison = (dealt.strength == dealt.dealer_strength).astype(np.int64) + 2 * (
                    dealt.strength < dealt.dealer_strength
                )
                cell = 3 * (dealt.dealer_strength >= qualifier) + comparison
                shown = below[dealt.strength] & (dealt.in_action > 0)
                nets["super_bonus"] = np.where(shown, play_net[cell], nets["super_bonus"])
                return nets

            found.append(
                (
                    Variant(
                        f"ties below a {lowest} lose the Super Bonus",
                        f"Super Bonus lost on a tie below a {lowest}",
                    ),
                    ties_lose,
                )
            )
            found.append(
                (
                    Variant(
                        f"the Super Bonus below a {lowest} follows the Play result",
                        f"Super Bonus below a {lowest} settled with the Play result",
                    ),
                    follows_play,
                )
            )
        found += self._wheel_and_qualifier()
        return found

    def _wheel_and_qualifier(self) -> list[tuple[Variant, Callable[[Dealt], FloatNets]]]:
        settle, qualifier = self.settle, self.rules.dealer.qualifier_strength

        def wheel(player: bool, dealer: bool) -> Callable[[Dealt], FloatNets]:
            def nets(dealt: Dealt) -> FloatNets:
                player2, dealer2 = 2 * dealt.strength, 2 * dealt.dealer_strength
                if player:
                    player2 = strengths_without_wheel(dealt.player_cards, dealt.strength)
                if dealer:
                    dealer2 = strengths_without_wheel(dealt.dealer_cards, dealt.dealer_strength)
                qualified = dealer2 >= 2 * qualifier
                return settle_doubled(
                    settle, player2, dealer2, qualified, dealt.in_action, dealt.queens_table
                )

            return nets

        def any_king_or_ace(dealt: Dealt) -> FloatNets:
            qualified = np.asarray((dealt.dealer_cards // 4 >= 11).any(axis=1), dtype=bool)
            return settle_doubled(
                settle,
                2 * dealt.strength,
                2 * dealt.dealer_strength,
                qualified,
                dealt.in_action,
                dealt.queens_table,
            )

        return [
            (
                Variant("A-2-3-4 is not a straight", "A-2-3-4 settled as ace high"),
                wheel(True, True),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the player's hand",
                    "player A-2-3-4 settled as ace high",
                ),
                wheel(True, False),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the dealer's hand",
                    "dealer A-2-3-4 settled as ace high",
                ),
                wheel(False, True),
            ),
            (
                Variant(
                    "the dealer qualifies with any K or A (not K high or better)",
                    "dealer qualified on any K or A",
                ),
                any_king_or_ace,
            ),
        ]

    def pay_lines(
        self,
        component: str,
        strength: npt.NDArray[np.int64],
        observed: npt.NDArray[np.float64],
        queens_table: int | None,
    ) -> list[tuple[Variant, Callable[[Dealt], FloatNets]]]:
        """Pay-line variants for the rows of ``component`` whose logged net per unit
        (``observed``) differs: each line those hands are on, paying what the log paid most
        often on it, or not at all."""
        if component == "super_bonus" and self.rules.super_bonus is not None:
            table, bet = self.rules.super_bonus.table, "Super Bonus"
        elif component == "queens_up" and queens_table is not None:
            table, bet = self.rules.side_bets[queens_table].table, "Queens Up"
        else:
            return []
        found = []
        for variant, changed_table in pay_line_variants(bet, table, strength, observed):
            if component == "super_bonus":
                assert self.rules.super_bonus is not None
                bonus = replace(self.rules.super_bonus, table=changed_table)
                changed = replace(self.rules, super_bonus=bonus)
            else:
                assert queens_table is not None
                side = list(self.rules.side_bets)
                side[queens_table] = replace(side[queens_table], table=changed_table)
                changed = replace(self.rules, side_bets=tuple(side))
            found.append((variant, self._under(changed)))
        return found
