"""Settling Crazy 4 Poker hands, vectorized, with the rule behind every amount.

A seat's result depends only on its best-four strength, the Play multiple it put in action
(0 for a fold) and the *outcome cell* of the deal
(:data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`)::

    cell = 3 * (dealer qualifies) + (0 player higher | 1 tie | 2 dealer higher)

The net of each wager per cell comes from :func:`crazy4.games.crazy_four.pricing.cell_nets`, the
same encoding
of the rule switches the exact analysis prices, and the pay tables from
:meth:`crazy4.core.paytables.PayTable.by_strength`; so the simulator, the validator and the exact
tables settle by one definition. All nets are integer numerators over :attr:`Settlement.unit`
(the least common denominator of every pay table of the rule set):

* ``ante``: per unit of Ante; a fold loses 1.
* ``play``: per unit of *Ante*, so ``multiple * (+1 / 0 / -1)``; a fold has no Play bet.
* ``super_bonus``: per unit; its pay table whatever the dealer holds, else it loses only to a
  qualifying dealer hand that beats the player's; a fold loses it. A hand the table does not
  list, at or above its lowest line, pushes whatever the dealer holds with
  ``unlisted = "push"`` (:meth:`crazy4.games.crazy_four.rules.SuperBonus.by_strength`).
* ``queens_up`` tables: per unit; the pay table on the player's own hand, else lose; a fold
  forfeits it when the table says so.

The card room's blind second hand puts 3 Antes on Play without looking; 2 are returned below
the raise minimum, so its multiple in action is 3 from a pair of aces, else 1
(:meth:`Settlement.blind_multiple`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import HandCategory, category_of_strength, describe_strength
from crazy4.games.crazy_four.pricing import cell_nets
from crazy4.games.crazy_four.rules import CrazyFourRules, SuperBonus

IntArray = npt.NDArray[np.int64]

#: Net components of a seat, in log-column order.
COMPONENTS = ("ante", "play", "super_bonus", "queens_up")


def outcome_cells(
    player_strength: npt.NDArray[np.integer],
    dealer_strength: npt.NDArray[np.integer],
    qualifier_strength: int,
) -> npt.NDArray[np.int64]:
    """Outcome cell of each deal (index into
    :data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`).

    Examples
    --------
    >>> outcome_cells(np.array([10, 500, 500, 400]), np.array([20, 400, 500, 600]), 322).tolist()
    [2, 3, 4, 5]
    """
    player = np.asarray(player_strength, dtype=np.int64)
    dealer = np.asarray(dealer_strength, dtype=np.int64)
    comparison = (player == dealer).astype(np.int64) + 2 * (player < dealer)
    cells: npt.NDArray[np.int64] = 3 * (dealer >= qualifier_strength) + comparison
    return cells


@dataclass(frozen=True)
class Settlement:
    """Settlement tables of one rule set (see the module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> settle = Settlement.of(load_rules("crazy4-standard"))
    >>> settle.unit
    2
    >>> nets = settle.nets(np.array([2534]), np.array([3]), np.array([5]), queens_up=0)
    >>> {name: int(value[0]) for name, value in nets.items()}
    {'ante': -2, 'play': -6, 'super_bonus': 400, 'queens_up': 100}
    """

    rules: CrazyFourRules
    unit: int
    ante_net: IntArray
    play_net: IntArray
    bonus_loses: IntArray
    bonus_paid: IntArray
    queens_paid: tuple[IntArray, ...]

    @classmethod
    def of(cls, rules: CrazyFourRules) -> Settlement:
        """The settlement tables of a rule set."""
        tables: list[PayTable] = [bet.table for bet in rules.side_bets]
        if rules.super_bonus is not None:
            tables.append(rules.super_bonus.table)
        unit = lcm(1, *(table.denominator() for table in tables))

        def scaled(table: PayTable) -> IntArray:
            numerators, denominator = table.by_strength()
            return np.where(numerators >= 0, numerators * (unit // denominator), -1)

        nets = cell_nets(rules)
        if rules.super_bonus is None:
            bonus = np.zeros(category_of_strength().shape[0], dtype=np.int64)
        else:
            numerators, denominator = rules.super_bonus.by_strength()
            bonus = np.where(numerators >= 0, numerators * (unit // denominator), -1)
        return cls(
            rules=rules,
            unit=unit,
            ante_net=nets["ante"] * unit,
            play_net=nets["play"] * unit,
            bonus_loses=nets["bonus_loses"] * unit,
            bonus_paid=bonus,
            queens_paid=tuple(scaled(bet.table) for bet in rules.side_bets),
        )

    def blind_multiple(self, strength: npt.NDArray[np.integer]) -> IntArray:
        """Play multiple in action on a blind second hand: 3 from the raise minimum, else 1.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> Settlement.of(load_rules("crazy4-cardroom")).blind_multiple(np.array([5, 2534]))
        array([1, 3])
        """
        raise_minimum = self.rules.play.raise_minimum_strength
        return np.where(np.asarray(strength) >= raise_minimum, 3, 1).astype(np.int64)

    def nets(
        self,
        strength: npt.NDArray[np.integer],
        multiple: npt.NDArray[np.integer],
        cell: npt.NDArray[np.integer],
        *,
        queens_up: int | None = None,
    ) -> dict[str, IntArray]:
        """Net numerators (over :attr:`unit`) of every wager, per seat.

        Parameters
        ----------
        strength, multiple, cell : ndarray
            Player strength, Play multiple in action (0: fold), outcome cell.
        queens_up : int, optional
            Which Queens Up table (index into ``rules.side_bets``) to settle; None for none.

        Returns
        -------
        dict
            ``ante``, ``play``, ``super_bonus`` and, when asked, ``queens_up``.
        """
        strength = np.asarray(strength, dtype=np.int64)
        multiple = np.asarray(multiple, dtype=np.int64)
        cell = np.asarray(cell, dtype=np.int64)
        fold = multiple == 0
        unit = self.unit
        ante = np.where(fold, -unit, self.ante_net[cell])
        play = multiple * self.play_net[cell]
        paid = self.bonus_paid[strength]
        if self.rules.super_bonus is None:
            bonus = np.zeros_like(ante)
        else:
            bonus = np.where(fold, -unit, np.where(paid >= 0, paid, -self.bonus_loses[cell]))
        result = {"ante": ante, "play": play, "super_bonus": bonus}
        if queens_up is not None:
            result["queens_up"] = self.queens_up_nets(strength, fold, queens_up)
        return result

    def queens_up_nets(
        self, strength: npt.NDArray[np.integer], fold: npt.NDArray[np.bool_], table: int
    ) -> IntArray:
        """Net numerators of one Queens Up table (per unit of its wager).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> settle = Settlement.of(load_rules("crazy4-cardroom"))  # a fold forfeits it
        >>> settle.queens_up_nets(np.array([2534, 2534]), np.array([False, True]), 0).tolist()
        [100, -2]
        """
        paid = self.queens_paid[table][np.asarray(strength, dtype=np.int64)]
        net = np.where(paid >= 0, paid, -self.unit)
        if self.rules.side_bets[table].fold_forfeits:
            net = np.where(fold, -self.unit, net)
        return net

    def explain(
        self,
        component: str,
        strength: int,
        multiple: int,
        cell: int,
        *,
        blind: bool = False,
        queens_up: int | None = None,
        hand_text: str | None = None,
    ) -> str:
        """The rule that settles one wager of one seat, in words.

        ``hand_text`` names the player's hand (default: its best four cards described), so a
        finding about many hands can name their group instead of one of them.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.core.ranking import hand_strength
        >>> settle = Settlement.of(load_rules("crazy4-standard"))
        >>> wheel = hand_strength(parse_cards("As 2d 3h 4c 9s"))
        >>> settle.explain("super_bonus", wheel, 1, 0)
        'player holds straight, 4 high: the Super Bonus pays 1 to 1 (straight line)'
        >>> settle.explain("play", wheel, 1, 0)
        'dealer does not qualify (below K high): Play wins 1:1 (play_when_not_qualified = wins)'
        >>> trips = hand_strength(parse_cards("7c 7d 7h 2s 9c"))
        >>> cardroom = Settlement.of(load_rules("crazy4-cardroom"))
        >>> cardroom.explain("super_bonus", trips, 3, 5).split(": ")[-1]
        'the Super Bonus pushes whatever the dealer holds (unlisted = push)'
        """
        rules = self.rules
        hand = hand_text or describe_strength(strength)
        qualified = cell >= 3
        comparison = ("player higher", "tie", "dealer higher")[cell % 3]
        if component == "ante":
            if multiple == 0:
                return "the player folded: the Ante is lost"
            if not qualified:
                return f"dealer does not qualify (below {rules.dealer.qualifier}): the Ante pushes"
            return self._compared("Ante", comparison)
        if component == "play":
            if multiple == 0:
                return "the player folded: no Play bet"
            prefix = ""
            if blind:
                prefix = (
                    "blind hand with a pair of aces or better: 3x in action; "
                    if multiple == 3
                    else "blind hand below a pair of aces: 2x returned, 1x in action; "
                )
            if not qualified:
                if rules.dealer.play_when_not_qualified == "wins":
                    return prefix + (
                        f"dealer does not qualify (below {rules.dealer.qualifier}): Play wins 1:1 "
                        "(play_when_not_qualified = wins)"
                    )
                return prefix + self._compared(
                    "Play", comparison, note="dealer does not qualify; Play compared"
                )
            return prefix + self._compared("Play", comparison)
        if component == "super_bonus":
            if multiple == 0:
                return "the player folded: the Super Bonus is lost"
            assert rules.super_bonus is not None
            return self._pay_line(rules.super_bonus, strength, hand, qualified, cell)
        if component == "queens_up":
            assert queens_up is not None
            bet = rules.side_bets[queens_up]
            if multiple == 0 and bet.fold_forfeits:
                return f"the player folded: {bet.name} is forfeited (fold_forfeits = true)"
            odds = bet.table.odds_of(strength)
            if odds is None:
                return f"player holds {hand}, below the {bet.name} table: the bet loses"
            return f"player holds {hand}: {bet.name} pays {format_odds(odds)} to 1"
        raise ValueError(f"unknown wager {component!r}")

    def _compared(self, bet: str, comparison: str, note: str = "dealer qualifies") -> str:
        if comparison == "player higher":
            return f"{note}, player's hand higher: {bet} wins 1:1"
        if comparison == "tie":
            if self.rules.dealer.ties == "player":
                return f"{note}, hands tie: {bet} wins 1:1 (ties = player)"
            return f"{note}, hands tie: {bet} pushes (ties = push)"
        return f"{note}, dealer's hand higher: {bet} loses"

    @staticmethod
    def _pay_line(bonus: SuperBonus, strength: int, hand: str, qualified: bool, cell: int) -> str:
        table = bonus.table
        odds = table.odds_of(strength)
        if odds is not None:
            line = max(
                (entry for entry in table.entries if entry.minimum_strength <= strength),
                key=lambda entry: entry.minimum_strength,
            )
            return (
                f"player holds {hand}: the Super Bonus pays {format_odds(odds)} to 1 "
                f"({line.label} line)"
            )
        category = HandCategory(int(category_of_strength()[strength])).label
        if bool(bonus.unlisted_mask()[strength]):
            lowest = table.entries[0].label
            unlisted = (
                f"player's {category} is not on the Super Bonus table, though it ranks above "
                f"its lowest line ({lowest})"
            )
            if bonus.unlisted == "push":
                return f"{unlisted}: the Super Bonus pushes whatever the dealer holds " + (
                    "(unlisted = push)"
                )
            below = f"{unlisted}; settled as below the table (unlisted = below_table)"
        else:
            below = f"player's {category} is below the Super Bonus table"
        if qualified and cell == 5:
            return f"{below}; the qualifying dealer hand beats it: the Super Bonus loses"
        return (
            f"{below} and the dealer does not beat it with a qualifying hand: "
            "the Super Bonus pushes"
        )
