"""Settling Four Card Poker hands, vectorized, with the rule behind every amount.

A seat's result depends only on its best-four strength, its decision (0 fold, m: Play m
Antes), the dealer's hand category (for a Bad Beat keyed on the dealer's hand) and the
*result* of the showdown: 0 player higher, 1 tie, 2 dealer higher (:data:`RESULTS`). Every
net is an integer numerator over :attr:`FourCardSettlement.unit` (the least common denominator
of the rule set's pay tables):

* ``ante``: per unit of Ante: +1 when the player is higher, -1 when the dealer is, a tie +1
  (``ties = "player"``) or 0 (``"push"``); a fold loses 1. There is no dealer qualifier.
* ``play``: per unit of *Ante*: ``multiple`` times the Ante's showdown net; 0 on a fold.
* ``ante_bonus``: per unit of Ante: the Ante Bonus odds of the player's hand, whatever the
  dealer holds; nothing on a fold when ``paid_only_with_play``.
* ``aces_up``: per unit of the Aces Up wager: its table's odds on the player's own hand, else
  -1; a fold loses it when the table says ``fold_forfeits``.
* ``bad_beat``: per unit of its wager: pays when the dealer's hand is higher (by the losing
  player's hand or the dealer's winning category, as the rule file keys it), else -1; a fold
  loses it when ``fold_forfeits``.

The exact analysis (:mod:`crazy4.games.four_card.bets`) prices the same rules from the rule file;
the simulator's means are tested against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import HandCategory, category_of_strength, describe_strength
from crazy4.games.four_card.rules import FourCardRuleSet

IntArray = npt.NDArray[np.int64]

#: Showdown results, in code order.
RESULTS = ("player higher", "tie", "dealer higher")
PLAYER_HIGHER, TIE, DEALER_HIGHER = 0, 1, 2
#: Net components of a seat, in log-column order.
COMPONENTS = ("ante", "ante_bonus", "play", "aces_up", "bad_beat")


def showdown_results(
    player_strength: npt.NDArray[np.integer], dealer_strength: npt.NDArray[np.integer]
) -> IntArray:
    """Result code of each showdown: 0 player higher, 1 tie, 2 dealer higher.

    Examples
    --------
    >>> showdown_results(np.array([5, 5, 5]), np.array([4, 5, 6])).tolist()
    [0, 1, 2]
    """
    player = np.asarray(player_strength, dtype=np.int64)
    dealer = np.asarray(dealer_strength, dtype=np.int64)
    result: IntArray = (player == dealer).astype(np.int64) + 2 * (player < dealer)
    return result


@dataclass(frozen=True)
class FourCardSettlement:
    """Settlement tables of one Four Card Poker rule set (see the module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.ranking import strength_of_description
    >>> settle = FourCardSettlement.of(load_rules("four-card-standard"))
    >>> trips = strength_of_description("three of a kind")
    >>> nets = settle.nets(np.array([trips]), np.array([3]), np.array([0]), np.array([1]))
    >>> {name: int(value[0]) // settle.unit for name, value in nets.items()}
    {'ante': 1, 'ante_bonus': 2, 'play': 3, 'aces_up': 8, 'bad_beat': -1}
    """

    rules: FourCardRuleSet
    unit: int
    showdown: IntArray  # by result: net of the Ante per unit (numerators)
    bonus: IntArray  # by strength (0 below the table)
    bonus_on_fold: bool
    aces_up: tuple[IntArray, ...]  # by strength: paid numerator, or -unit
    aces_up_forfeits: tuple[bool, ...]
    bad_beat: IntArray | None  # by strength (keyed on player) or dealer category
    bad_beat_keyed_on: str
    bad_beat_forfeits: bool

    @classmethod
    def of(cls, rules: FourCardRuleSet) -> FourCardSettlement:
        """The settlement tables of a ``four-card-poker`` rule set."""
        four = rules.four_card
        tables: list[PayTable] = [bet.table for bet in rules.side_bets]
        if four.ante_bonus is not None:
            tables.append(four.ante_bonus.table)
        if four.bad_beat is not None:
            tables.append(four.bad_beat.table)
        unit = lcm(1, *(table.denominator() for table in tables))

        def scaled(table: PayTable) -> IntArray:
            numerators, denominator = table.by_strength()
            return np.where(numerators >= 0, numerators * (unit // denominator), -unit)

        n_strengths = category_of_strength().shape[0]
        bonus = (
            np.maximum(scaled(four.ante_bonus.table), 0)
            if four.ante_bonus is not None
            else np.zeros(n_strengths, dtype=np.int64)
        )
        tie = 1 if rules.dealer.ties == "player" else 0
        bad_beat = None
        keyed_on, forfeits = "player", True
        if four.bad_beat is not None:
            keyed_on, forfeits = four.bad_beat.keyed_on, four.bad_beat.fold_forfeits
            by_strength = scaled(four.bad_beat.table)
            if keyed_on == "player":
                bad_beat = by_strength
            else:
                from crazy4.core.ranking import category_thresholds

                bad_beat = by_strength[category_thresholds()[: len(HandCategory)]]
        return cls(
            rules=rules,
            unit=unit,
            showdown=np.array([1, tie, -1], dtype=np.int64) * unit,
            bonus=bonus,
            bonus_on_fold=four.ante_bonus is not None and not four.ante_bonus.paid_only_with_play,
            aces_up=tuple(scaled(bet.table) for bet in rules.side_bets),
            aces_up_forfeits=tuple(bet.fold_forfeits for bet in rules.side_bets),
            bad_beat=bad_beat,
            bad_beat_keyed_on=keyed_on,
            bad_beat_forfeits=forfeits,
        )

    def nets(
        self,
        strength: npt.NDArray[np.integer],
        decision: npt.NDArray[np.integer],
        dealer_category: npt.NDArray[np.integer],
        result: npt.NDArray[np.integer],
        *,
        aces_up: int = 0,
    ) -> dict[str, IntArray]:
        """Net numerators (over :attr:`unit`) of every component, per seat.

        Parameters
        ----------
        strength, decision, dealer_category, result : ndarray
            Player's best-four strength, decision code (0 fold, m: Play m Antes), the dealer's
            hand category and the showdown result (:func:`showdown_results`).
        aces_up : int
            Aces Up table (index into ``rules.side_bets``); ignored without one.
        """
        strength = np.asarray(strength, dtype=np.int64)
        multiple = np.asarray(decision, dtype=np.int64)
        result = np.asarray(result, dtype=np.int64)
        folded = multiple == 0
        showdown = self.showdown[result]
        bonus = self.bonus[strength]
        nets = {
            "ante": np.where(folded, -self.unit, showdown),
            "ante_bonus": bonus if self.bonus_on_fold else np.where(folded, 0, bonus),
            "play": multiple * showdown,
        }
        if self.aces_up:
            paid = self.aces_up[aces_up][strength]
            if self.aces_up_forfeits[aces_up]:
                paid = np.where(folded, -self.unit, paid)
            nets["aces_up"] = paid
        else:
            nets["aces_up"] = np.full(strength.shape, -self.unit, dtype=np.int64)
        if self.bad_beat is not None:
            key = strength if self.bad_beat_keyed_on == "player" else dealer_category
            paid = self.bad_beat[np.asarray(key, dtype=np.int64)]
            loses = result == DEALER_HIGHER
            if self.bad_beat_forfeits:
                loses &= ~folded
            nets["bad_beat"] = np.where(loses & (paid >= 0), paid, -self.unit)
        else:
            nets["bad_beat"] = np.full(strength.shape, -self.unit, dtype=np.int64)
        return nets

    def explain(
        self,
        component: str,
        strength: int,
        decision: int,
        dealer_category: int,
        result: int,
        *,
        aces_up: int = 0,
        hand_text: str | None = None,
    ) -> str:
        """The rule that settles one component of one seat, in words.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> from crazy4.core.ranking import strength_of_description
        >>> settle = FourCardSettlement.of(load_rules("four-card-standard"))
        >>> settle.explain("ante", 300, 1, 1, 1)
        'hands tie: Ante wins 1:1 (ties = player)'
        >>> trips = strength_of_description("three of a kind")
        >>> settle.explain("ante_bonus", trips, 1, 0, 0, hand_text="a three of a kind")
        'player holds a three of a kind: the Ante Bonus pays 2 to 1 (three of a kind line)'
        """
        hand = hand_text or describe_strength(strength)
        category = HandCategory(int(category_of_strength()[strength]))
        ties = self.rules.dealer.ties
        if component in ("ante", "play"):
            name = "Ante" if component == "ante" else "Play"
            if decision == 0:
                return (
                    "player folds: the Ante loses"
                    if component == "ante"
                    else "player folds: no Play bet"
                )
            if result == PLAYER_HIGHER:
                return f"player's hand is higher: {name} wins 1:1"
            if result == TIE:
                verb = "wins 1:1" if ties == "player" else "pushes"
                return f"hands tie: {name} {verb} (ties = {ties})"
            return f"dealer's hand is higher: {name} loses"
        if component == "ante_bonus":
            table = self.rules.four_card.ante_bonus if self.rules.four_card else None
            if table is None:
                return "the rule set has no Ante Bonus: nothing is paid"
            if decision == 0 and not self.bonus_on_fold:
                return "player folds: no Ante Bonus (paid_only_with_play = true)"
            return f"player holds {hand}: " + _pay_line(table.table, strength, "the Ante Bonus")
        if component == "aces_up":
            bet = self.rules.side_bets[aces_up]
            if decision == 0 and self.aces_up_forfeits[aces_up]:
                return f"player folds: {bet.name} loses (fold_forfeits = true)"
            return f"player holds {hand}: " + _pay_line(bet.table, strength, bet.name)
        if component == "bad_beat":
            four = self.rules.four_card
            if four.bad_beat is None:
                return "the rule set has no Bad Beat bet"
            if decision == 0 and self.bad_beat_forfeits:
                return "player folds: the Bad Beat loses (fold_forfeits = true)"
            if result != DEALER_HIGHER:
                return f"player's hand does not lose ({RESULTS[result]}): the Bad Beat loses"
            if self.bad_beat_keyed_on == "player":
                return f"player's {category.label} loses: " + _pay_line(
                    four.bad_beat.table, strength, "the Bad Beat"
                )
            dealer = HandCategory(dealer_category)
            odds = int(self.bad_beat[dealer_category]) if self.bad_beat is not None else -1
            if odds < 0:
                return f"dealer wins with {dealer.label}: not on the Bad Beat table, it loses"
            return (
                f"dealer wins with {dealer.label}: the Bad Beat pays "
                f"{format_odds(Fraction(odds, self.unit))} to 1"
            )
        raise ValueError(f"unknown component {component!r}")


def _pay_line(table: PayTable, strength: int, bet: str) -> str:
    numerators, denominator = table.by_strength()
    paid = int(numerators[strength])
    if paid < 0:
        return f"not on {bet} table, it loses"
    for entry in table.entries:
        if (
            int(entry.odds * denominator) == paid
            and strength >= entry.minimum_strength
            and int(category_of_strength()[strength]) == int(entry.category)
        ):
            return f"{bet} pays {format_odds(entry.odds)} to 1 ({entry.label} line)"
    return f"{bet} pays {format_odds(Fraction(paid, denominator))} to 1"


__all__ = ["COMPONENTS", "RESULTS", "FourCardSettlement", "showdown_results"]
