"""A best-four game's seats in the simulator, from its settlement's wagers and the key fields.

What the simulator counts and writes of each seat is the same shape in every best-four game:

* the summary's bets: each a sum of wagers of the settlement
  (:class:`crazy4.generic.bestfour_settle.BestFourSettlement`), the side bet's wager standing
  for each of the rule set's side bet tables under the table's name;
* the log's columns: each wager's stake (one unit, or the Play multiple; a blind hand's Play is
  the settlement's ``blind_play``), then each wager's net per unit of Ante;
* the summary's tally of the seats' cells (the last digits of the seat key) by name.

A game gives only its data (:class:`SeatWagers`): which wagers make which bet, the log's order,
which wagers a rule set may lack, and the names of its cells. The seat key's fields
(:func:`crazy4.generic.bestfour_sim_spec.key_fields`) give the settlement's cell: the pair
(dealer class, showdown result), or one index ``3 * dealer class + result`` when the
settlement's cells are one index.

Examples
--------
>>> from crazy4.generic.bestfour_sim_spec import key_fields
>>> fields = key_fields(np.array([((2534 * 4 + 3) * 2 + 1) * 3 + 2]), 2)
>>> [cell.tolist() for cell in settled_cell(fields, 1)], settled_cell(fields, 2)[0].tolist()
([[5]], [1])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import category_of_strength, number_of_strengths

if TYPE_CHECKING:
    from crazy4.generic.bestfour_settle import BestFourSettlement
    from crazy4.rules.ruleset import RuleSet
    from crazy4.simulate.counts import Counts
    from crazy4.simulate.plan import SimulationPlan

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: The seat key's fields: strength, decision, dealer class, result
#: (:class:`crazy4.generic.bestfour_sim_spec.KeyFields`).
Fields = tuple[IntArray, IntArray, IntArray, IntArray]


def _none(rules: RuleSet) -> frozenset[str]:
    return frozenset()


def settled_cell(fields: Fields, dimensions: int) -> tuple[IntArray, ...]:
    """The settlement's cell of each seat: (dealer class, result), flattened to
    ``3 * dealer class + result`` when the cells are one index (``dimensions`` 1)."""
    _, _, dealer_class, result = fields
    if dimensions == 1:
        return (3 * dealer_class + result,)
    return (dealer_class, result)


@dataclass(frozen=True)
class SeatWagers:
    """A game's seats in the simulator, as data (module docstring).

    Attributes
    ----------
    bets : tuple of (str, tuple of str)
        The summary's bets in order: each its name and the wagers it sums (the first is the
        whole game, which the blind second hands play). A bet of the side bet's wager alone
        stands for every side bet table of the rule set, each under its table's name.
    log_order : tuple of str
        The wagers in the log's order (their stakes, then their nets).
    tally : tuple of str
        The seat key's last ``len(tally)`` cells in order, named (the dealer class and the
        showdown result, or the result alone).
    tally_key : str
        The summary's field of the tally (``"outcomes"``).
    shares_title : str
        The text summary's line of the tally's shares begins with it (``"showdowns"``).
    absent : callable
        The wagers a rule set does not have (no bet or log column of theirs).
    """

    bets: tuple[tuple[str, tuple[str, ...]], ...]
    log_order: tuple[str, ...]
    tally: tuple[str, ...]
    tally_key: str
    shares_title: str = "cells"
    absent: Callable[[RuleSet], frozenset[str]] = field(default=_none)

    def seat_bets(self, settlement: BestFourSettlement[Any], fields: Fields) -> dict[str, IntArray]:
        """Every summary bet's net numerators (over ``settlement.unit``) per seat key.

        Examples
        --------
        >>> from crazy4.core.ranking import strength_of_description
        >>> from crazy4.generic.bestfour_sim_spec import key_fields
        >>> from crazy4.registry import game_named, load_rules
        >>> game = game_named("crazy-4-poker")
        >>> settle = game.settlement(load_rules("crazy4-standard"))
        >>> four_aces_3x_qualified_player_higher = ((2534 * 4 + 3) * 2 + 1) * 3 + 0
        >>> fields = key_fields(np.array([four_aces_3x_qualified_player_higher]), 2)
        >>> nets = game.simulation().seat.seat_bets(settle, fields)
        >>> list(nets)[:3], int(nets["ante_super_bonus_play"][0]) / settle.unit  # 1 + 3 + 200
        (['ante_super_bonus_play', 'ante_play', 'super_bonus'], 204.0)
        >>> game = game_named("four-card-poker")
        >>> settle = game.settlement(load_rules("four-card-standard"))
        >>> trips_3x_won = ((strength_of_description("three of a kind") * 4 + 3) * 8 + 2) * 3 + 0
        >>> nets = game.simulation().seat.seat_bets(settle, key_fields(np.array([trips_3x_won]), 8))
        >>> [(name, int(net[0]) // settle.unit) for name, net in nets.items()][:2]  # 1 + 2 + 3
        [('ante_play', 6), ('aces-up-50-40-8-5-4-3-1', 8)]
        >>> int(nets["bad_beat"][0]) // settle.unit  # the dealer did not win
        -1
        """
        strength, multiple = fields[0], fields[1]
        missing = self.absent(settlement.rules)
        cell = settled_cell(fields, settlement.wagers[0].cells.ndim)
        nets = settlement.nets(strength, multiple, *cell)
        found: dict[str, IntArray] = {}
        for name, wagers in self.bets:
            if wagers == (settlement.side_name,):
                for index, bet in enumerate(settlement.rules.side_bets):
                    side = settlement.side_bet_nets(strength, multiple == 0, index)
                    found[bet.name] = side.astype(np.int64)
                continue
            present = [nets[wager] for wager in wagers if wager not in missing]
            if present:
                found[name] = np.sum(present, axis=0, dtype=np.int64)
        return found

    def log_columns(
        self,
        plan: SimulationPlan,
        settlement: BestFourSettlement[Any],
        fields: Fields,
        is_blind: npt.NDArray[np.bool_],
    ) -> dict[str, FloatArray]:
        """The log's stakes (the wagers put up), then every wager's net per unit of Ante."""
        strength, multiple = fields[0], fields[1]
        missing = self.absent(settlement.rules)
        if plan.side_bet is None:
            missing |= {settlement.side_name}
        cell = settled_cell(fields, settlement.wagers[0].cells.ndim)
        nets = settlement.nets(strength, multiple, *cell, side_bet=plan.side_bet)
        shown = [
            settlement.wager(name, plan.side_bet) for name in self.log_order if name not in missing
        ]
        ones = np.ones(strength.shape[0])
        columns: dict[str, FloatArray] = {}
        for wager in shown:
            if wager.by_multiple:
                played = multiple.astype(np.float64)
                columns[wager.name] = np.where(is_blind, float(settlement.blind_play), played)
            elif wager.wagered:
                columns[wager.name] = ones
        for wager in shown:
            columns[f"{wager.name}_net"] = nets[wager.name] / settlement.unit
        return columns

    def summary(self, counts: Counts) -> dict[str, object]:
        """The seats' cells tallied by name, under :attr:`tally_key`."""
        cells = counts.seats.reshape(-1, len(self.tally)).sum(axis=0)
        return {self.tally_key: {name: int(n) for name, n in zip(self.tally, cells, strict=True)}}

    def shares_line(self, data: Mapping[str, object]) -> str:
        """The tally's shares of the hands played, on one line (``"showdowns: ..."``)."""
        player, tally = data["player_categories"], data[self.tally_key]
        assert isinstance(player, dict) and isinstance(tally, dict)
        hands = max(1, sum(player.values()))
        return f"{self.shares_title}: " + ", ".join(
            f"{name} {n / hands:.5f}" for name, n in tally.items()
        )


class Qualifies(Protocol):
    """A game's exact reference, as the qualifier's line reads it."""

    def qualification_probability(self) -> float:
        """Exact probability that the dealer's cards qualify."""
        ...


@dataclass(frozen=True)
class DealerQualifier:
    """The dealer's two classes in a game with a qualifier: below it (0) or not (1), the rounds
    the dealer qualified and their share beside the exact probability.

    Attributes
    ----------
    reference : callable
        The game's exact reference of a rule set (its ``qualification_probability``).

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> from crazy4.registry import load_rules
    >>> classes = DealerQualifier(lambda rules: None).classes(load_rules("crazy4-standard"))
    >>> king = strength_of_description("king high")
    >>> classes[king - 1 : king + 1].tolist()
    [0, 1]
    """

    reference: Callable[[RuleSet], Qualifies]

    def classes(self, rules: RuleSet) -> IntArray:
        """Per dealer strength: 1 if the dealer qualifies, else 0."""
        strengths = np.arange(number_of_strengths(), dtype=np.int64)
        return (strengths >= rules.dealer.qualifier_strength).astype(np.int64)

    def summary(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """The rounds the dealer qualified."""
        qualified = counts.dealer[plan.rules.dealer.qualifier_strength :].sum()
        return {"dealer_qualified": int(qualified)}

    def line(self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> str:
        """The dealer's qualifications beside the exact probability."""
        dealer = plan.rules.dealer
        qualified_rounds = int(counts.dealer[dealer.qualifier_strength :].sum())
        exact = self.reference(plan.rules).qualification_probability()
        return (
            f"dealer qualifies ({dealer.qualifier}): {qualified_rounds / counts.rounds:.5f} "
            f"(exact {exact:.5f})"
        )


def dealer_categories(rules: RuleSet) -> npt.NDArray[np.int8]:
    """The dealer's classes when they are its hand categories: per dealer strength, its
    category.

    Examples
    --------
    >>> from crazy4.core.ranking import HandCategory, strength_of_description
    >>> int(dealer_categories(None)[strength_of_description("pair of 2s")]) == HandCategory.PAIR
    True
    """
    return category_of_strength()


__all__ = ["DealerQualifier", "Fields", "SeatWagers", "dealer_categories", "settled_cell"]
