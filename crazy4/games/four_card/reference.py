"""The exact numbers a Four Card Poker simulation is compared with.

A strategy is one decision code per *situation class* (player hand, up card) of
:func:`crazy4.core.upcard_situations.build_situations`; dealt cards fall in their class by
:func:`crazy4.core.upcard_lookup.situation_of`, and the dealer's lower/tie/higher counts per
class are :func:`crazy4.core.upcard_lookup.situation_counts` of the game's shape. Cached on
disk besides, per rule set: the deal lattice of its optimal strategy, so after the first run
the reference is read, not computed. What every best-four game's reference shares (strategy
files, honest decisions, the optimal edge, category probabilities) is
:class:`crazy4.generic.bestfour_reference.DealtClassReference`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.upcard import UpCardShape
from crazy4.core.upcard_lattice import to_bet
from crazy4.core.upcard_lookup import situation_counts
from crazy4.games.four_card.cells import (
    FourCardPrices,
    ante_play_parts,
    bad_beat_parts,
    price_situations,
    side_bet_parts,
    simple_strategy,
)
from crazy4.games.four_card.deal import SHAPE
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.generic.bestfour_reference import UpCardReference, situation_strengths


@dataclass(frozen=True)
class FourCardReference(UpCardReference):
    """Exact reference data of one Four Card Poker rule set (see the module docstring).

    Attributes
    ----------
    rules : FourCardRuleSet
    prices : FourCardPrices
        Exact EV of each decision per situation class; ``prices.decision`` is optimal.
    """

    rules: FourCardRuleSet
    prices: FourCardPrices = field(repr=False)

    key_columns: ClassVar[tuple[str, ...]] = ("hand", "up_card")
    what: ClassVar[str] = "situation classes"
    main_bet: ClassVar[str] = "ante_play"
    dealer_cards: ClassVar[int] = SHAPE.dealer_cards
    shape: ClassVar[UpCardShape] = SHAPE
    lattice_table: ClassVar[str] = "fourcard_lattice_v1"
    lattice_builders: ClassVar[tuple[str, ...]] = (
        "crazy4.games.four_card.cells",
        "crazy4.generic.bestfour_settle",
        "crazy4.generic.bestfour_pricing",
        __name__,
    )

    def simple_decisions(self) -> npt.NDArray[np.int64]:
        """The published simple strategy per situation class
        (:func:`.cells.simple_strategy`).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> reference = load_fourcard_reference(load_rules("four-card-standard"))
        >>> optimal, simple = reference.strategy("optimal"), reference.strategy("simple")
        >>> optimal.shape, int((optimal != simple).sum()) > 0
        ((5649150,), True)
        """
        return simple_strategy(self.rules, self.strengths)

    def bet_distributions(
        self, decision: npt.NDArray[np.int64]
    ) -> list[tuple[BetOutcomes, npt.NDArray[np.int64]]]:
        """Every bet under a strategy, on its deal lattice (:meth:`exact_bets` summarizes them).

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
        rules = self.rules
        lattice = self.lattice(decision)
        parts = [ante_play_parts(rules, lattice, "ante_play", "")]
        parts += [side_bet_parts(bet, lattice) for bet in rules.side_bets]
        if rules.four_card.bad_beat is not None:
            parts.append(bad_beat_parts(rules, lattice))
        return [(to_bet(part, lattice), lattice.weights) for part in parts]


@cache
def load_fourcard_reference(rules: FourCardRuleSet) -> FourCardReference:
    """The exact reference of a Four Card Poker rule set (cached in memory and on disk).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> reference = load_fourcard_reference(load_rules("four-card-standard"))
    >>> from math import comb
    >>> round(float(reference.dealer_category_probabilities()[-1]) * comb(52, 6))
    14664
    """
    counts = situation_counts(SHAPE).astype(np.int64)
    prices = price_situations(
        rules, situation_strengths(), counts[:, 0], counts[:, 1], counts[:, 2]
    )
    return FourCardReference(rules=rules, prices=prices)


__all__ = [
    "FourCardReference",
    "load_fourcard_reference",
]
