"""The Four Card Poker edits the rule inference searches (:mod:`crazy4.validate.search`).

Each edit (:class:`FourReading`) is one way an engine may read the rules differently, and
edits compose (the search settles rows under two or three at once): the tie rule
(:func:`crazy4.validate.switches.dealer_switches`; the dealer never qualifies in this game, so
no qualifier is tried), ties going to the dealer, a line of the Ante Bonus or of the Aces Up
table paying what the log paid on it, or not at all, or a line the table lacks added
(:func:`crazy4.validate.switches.pay_line_edits`), A-2-3-4 not a straight (for the player's
hand, the dealer's or both), and the Ante Bonus folded into the Ante's net when the log writes
it apart. Each settles by its own :class:`crazy4.games.four_card.settle.FourCardSettlement`.
The findings of this game are named by what the log did (:func:`group_name`), or by the
difference that explains them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import reduce

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import category_of_strength
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.settle import FourCardSettlement, showdown_results
from crazy4.validate.checks import Component
from crazy4.validate.hands import CLASS_NAMES, hand_class, strengths_without_wheel
from crazy4.validate.infer import Inference, ShownCards, Variant, differing_example
from crazy4.validate.patterns import agrees, differing_columns, key_words
from crazy4.validate.search import Search
from crazy4.validate.switches import PayEdit, dealer_switches, pay_line_edits

RulesEdit = Callable[[FourCardRuleSet], FourCardRuleSet]
FloatNets = dict[str, npt.NDArray[np.float64]]


@dataclass(frozen=True)
class FourReading:
    """One edit of how the rules are read (module docstring); :meth:`merge` composes edits."""

    edits: tuple[RulesEdit, ...] = ()
    ties_dealer: bool = False
    player_wheel: bool = False
    dealer_wheel: bool = False
    bonus_in_ante: bool = False

    def merge(self, other: FourReading) -> FourReading:
        """Both edits at once.

        Examples
        --------
        >>> FourReading(ties_dealer=True).merge(FourReading(bonus_in_ante=True)).ties_dealer
        True
        """
        return FourReading(
            self.edits + other.edits,
            self.ties_dealer or other.ties_dealer,
            self.player_wheel or other.player_wheel,
            self.dealer_wheel or other.dealer_wheel,
            self.bonus_in_ante or other.bonus_in_ante,
        )


@dataclass(frozen=True)
class Showdown:
    """The good rows of a batch: cards (codes), strengths and Play multiples; which Aces Up
    table; whether the log writes the Ante Bonus apart."""

    player_cards: npt.NDArray[np.integer]
    dealer_cards: npt.NDArray[np.integer]
    strength: npt.NDArray[np.int64]
    dealer_strength: npt.NDArray[np.int64]
    multiple: npt.NDArray[np.int64]
    aces_up: int
    bonus_apart: bool


def _ties(changed: FourCardRuleSet) -> RulesEdit:
    ties = changed.dealer.ties
    return lambda r: replace(r, dealer=replace(r.dealer, ties=ties))


def _pay_edit(component: str, edit: PayEdit, aces_up: int) -> RulesEdit:
    def apply(rules: FourCardRuleSet) -> FourCardRuleSet:
        four = rules.four_card
        if component == "ante_bonus":
            assert four.ante_bonus is not None
            bonus = replace(four.ante_bonus, table=edit.apply(four.ante_bonus.table))
            return replace(rules, four_card=replace(four, ante_bonus=bonus))
        side = list(rules.side_bets)
        side[aces_up] = replace(side[aces_up], table=edit.apply(side[aces_up].table))
        return replace(rules, side_bets=tuple(side))

    return apply


class FourCardVariants:
    """The edits of one rule set and how rows settle under them (see the module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> variants = FourCardVariants(load_rules("four-card-standard"))
    >>> [v.difference for v, _ in variants.fixed][:1]
    ['ties = push (ties push), not player']
    """

    def __init__(self, rules: FourCardRuleSet) -> None:
        self.rules = rules
        self.settle_of = FourCardSettlement.of(rules)
        self._settlements: dict[tuple[RulesEdit, ...], FourCardSettlement] = {(): self.settle_of}
        self.fixed: list[tuple[Variant, FourReading]] = [
            (variant, FourReading((_ties(changed),)))
            for variant, changed in dealer_switches(rules, qualifiers=False)
        ]
        self.fixed += [
            (
                Variant(
                    f"ties = dealer (the dealer wins ties), not {rules.dealer.ties}",
                    "ties settled as the dealer's",
                ),
                FourReading(ties_dealer=True),
            ),
            (
                Variant("A-2-3-4 is not a straight", "A-2-3-4 settled as ace high"),
                FourReading(player_wheel=True, dealer_wheel=True),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the player's hand",
                    "player A-2-3-4 settled as ace high",
                ),
                FourReading(player_wheel=True),
            ),
            (
                Variant(
                    "A-2-3-4 is not a straight in the dealer's hand",
                    "dealer A-2-3-4 settled as ace high",
                ),
                FourReading(dealer_wheel=True),
            ),
        ]
        if rules.four_card.ante_bonus is not None:
            self.bonus_in_ante = (
                Variant(
                    "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)",
                    "Ante Bonus folded into the Ante",
                ),
                FourReading(bonus_in_ante=True),
            )

    def pay_lines(
        self,
        component: str,
        strength: npt.NDArray[np.int64],
        observed: npt.NDArray[np.float64],
        aces_up: int,
    ) -> list[tuple[Variant, FourReading]]:
        """Pay-line edits for the rows of ``component`` whose logged net per unit
        (``observed``) differs (the Ante Bonus logged apart, or the Aces Up): a line changed,
        removed, or added."""
        four = self.rules.four_card
        if component == "ante_bonus" and four.ante_bonus is not None:
            table, bet, unpaid = four.ante_bonus.table, "Ante Bonus", "pushed"
        elif component == "aces_up" and self.rules.side_bets:
            table, bet, unpaid = self.rules.side_bets[aces_up].table, "Aces Up", "lost"
        else:
            return []
        return [
            (variant, FourReading((_pay_edit(component, edit, aces_up),)))
            for variant, edit in pay_line_edits(bet, table, strength, observed, unpaid)
        ]

    def settle(self, readings: Sequence[FourReading], rows: Showdown) -> FloatNets:
        """Nets per unit of each wager of ``rows`` read with every edit of ``readings`` at
        once (none: the rule set itself); the Ante's includes the Ante Bonus unless the log
        writes it apart."""
        read = reduce(FourReading.merge, readings, FourReading())
        settle = self._settlements.get(read.edits)
        if settle is None:
            settle = FourCardSettlement.of(reduce(lambda r, e: e(r), read.edits, self.rules))
            self._settlements[read.edits] = settle
        player2, dealer2 = 2 * rows.strength, 2 * rows.dealer_strength
        if read.player_wheel:
            player2 = strengths_without_wheel(rows.player_cards, rows.strength)
        if read.dealer_wheel:
            dealer2 = strengths_without_wheel(rows.dealer_cards, rows.dealer_strength)
        result = showdown_results(player2, dealer2)
        if read.ties_dealer:
            result = np.where(result == 1, 2, result)
        strength, dealer = (player2 + 1) // 2, (dealer2 + 1) // 2
        category = category_of_strength()[dealer].astype(np.int64)
        units = settle.nets(strength, rows.multiple, category, result, aces_up=rows.aces_up)
        nets = {name: value / settle.unit for name, value in units.items()}
        if not rows.bonus_apart or read.bonus_in_ante:
            nets["ante"] = nets["ante"] + nets["ante_bonus"]
        if read.bonus_in_ante:
            nets["ante_bonus"] = np.zeros_like(nets["ante_bonus"])
        return nets


def group_name(key: npt.NDArray[np.integer], components: Sequence[str]) -> tuple[str, ...]:
    """The pattern of a key (decision, player class, dealer class, showdown result, then the
    wagers' columns of :func:`crazy4.validate.patterns.differing_columns`) and its facets.

    Examples
    --------
    >>> group_name(np.array([1, 1, 1, 1, 1, -10000, 10000]), ["ante"])
    ('Ante lost where won expected, tie', '1x', 'player pair', 'dealer pair')
    """
    return key_words(key, components, CLASS_NAMES, qualifier=False)


def infer_four_card(
    inference: Inference,
    variants: FourCardVariants,
    components: Sequence[Component],
    good: npt.NDArray[np.bool_],
    showdown: tuple[npt.NDArray[np.int64], ...],
    shown: ShownCards,
    limit: int,
    aces_up: int,
) -> None:
    """Add the differing good rows of a batch, keyed by what the log did, and the search's
    verdicts on them (:class:`crazy4.validate.search.Search`); ``showdown`` is the rows'
    (strength, multiple, dealer strength, result)."""
    rows = np.flatnonzero(good)
    strength, multiple, dealer_strength, result = (a[rows] for a in showdown)
    unit = variants.settle_of.unit
    sub = [
        Component(c.name, c.wager[rows], c.units[rows], c.logged[rows], c.side) for c in components
    ]
    base = {c.name: c.units / unit for c in sub}
    wrong = np.flatnonzero(~agrees(sub, base))
    if wrong.size == 0:
        return
    bonus_apart = any(c.name == "ante_bonus" for c in sub)
    candidates = list(variants.fixed)
    if bonus_apart and variants.rules.four_card.ante_bonus is not None:
        candidates.append(variants.bonus_in_ante)
    for c in sub:
        differs = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
        if differs.size:
            observed = c.logged[differs] / np.where(c.wager[differs] > 0, c.wager[differs], 1)
            candidates += variants.pay_lines(c.name, strength[differs], observed, aces_up)
    part = Showdown(
        *(shown.player[rows], shown.dealer[rows], strength, dealer_strength, multiple),
        *(aces_up, bonus_apart),
    )

    def keys(wrong: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        return np.column_stack(
            [
                np.clip(shown.decision[rows[wrong]], 0, 4),
                hand_class(strength[wrong]),
                hand_class(dealer_strength[wrong]),
                result[wrong],
                *differing_columns(sub, base, wrong, multiple),
            ]
        )

    names = [c.name for c in sub]
    cards = (shown.player, shown.dealer, shown.decision)

    def example(row: int) -> dict[str, object]:
        return differing_example(row, rows, shown.first_row, cards, sub, base)

    search = Search(sub, base, candidates, lambda edits: variants.settle(edits, part))
    search.run(inference, keys, lambda k: group_name(k, names), example, limit)
