"""The Four Card Poker variants the validator's rule inference tries (:mod:`crazy4.validate.infer`).

Each is the rule set with one switch replaced (``dataclasses.replace`` of the frozen rule
dataclasses): the tie rule (:func:`crazy4.validate.switches.dealer_switches`; the dealer never
qualifies in this game, so no qualifier is tried), or a line of the Ante Bonus or of the Aces
Up table paying what the log paid on it, or not at all. Each settles by its own
:class:`crazy4.games.four_card.settle.FourCardSettlement`. The findings of this game are named
by what the log did (:func:`group_name`), or by the switch that explains them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import category_of_strength
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.settle import FourCardSettlement
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.checks import Component
from crazy4.validate.hands import CLASS_NAMES, hand_class
from crazy4.validate.infer import Inference, ShownCards, Variant, differing_example
from crazy4.validate.patterns import agrees, differing_columns, differing_parts
from crazy4.validate.switches import dealer_switches, pay_line_variants


class FourCardVariants:
    """The variants of one rule set (see the module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> variants = FourCardVariants(load_rules("four-card-standard"))
    >>> [v.difference for v, _ in variants.fixed][:1]
    ['ties = push (ties push), not player']
    """

    def __init__(self, rules: FourCardRuleSet) -> None:
        self.rules = rules
        self.settle = FourCardSettlement.of(rules)
        self.fixed = [
            (variant, FourCardSettlement.of(changed))
            for variant, changed in dealer_switches(rules, qualifiers=False)
        ]

    def pay_lines(
        self,
        component: str,
        strength: npt.NDArray[np.int64],
        observed: npt.NDArray[np.float64],
        aces_up: int,
    ) -> list[tuple[Variant, FourCardSettlement]]:
        """Pay-line variants for the rows of ``component`` whose logged net per unit
        (``observed``) differs (the Ante Bonus logged apart, or the Aces Up)."""
        four = self.rules.four_card
        if component == "ante_bonus" and four.ante_bonus is not None:
            table, bet = four.ante_bonus.table, "Ante Bonus"
        elif component == "aces_up" and self.rules.side_bets:
            table, bet = self.rules.side_bets[aces_up].table, "Aces Up"
        else:
            return []
        found = []
        for variant, changed_table in pay_line_variants(bet, table, strength, observed):
            if component == "ante_bonus":
                assert four.ante_bonus is not None
                bonus = replace(four.ante_bonus, table=changed_table)
                changed = replace(self.rules, four_card=replace(four, ante_bonus=bonus))
            else:
                side = list(self.rules.side_bets)
                side[aces_up] = replace(side[aces_up], table=changed_table)
                changed = replace(self.rules, side_bets=tuple(side))
            found.append((variant, FourCardSettlement.of(changed)))
        return found


_RESULTS = ("player higher", "tie", "dealer higher")


def group_name(key: npt.NDArray[np.integer], components: Sequence[str]) -> tuple[str, ...]:
    """The pattern of a key (decision, player class, dealer class, showdown result, then the
    wagers' columns of :func:`crazy4.validate.patterns.differing_columns`) and its facets.

    Examples
    --------
    >>> group_name(np.array([1, 1, 1, 1, 1, -10000, 10000]), ["ante"])
    ('Ante lost where won expected, tie', '1x', 'player pair', 'dealer pair')
    """
    decision, player, dealer, result = (int(v) for v in key[:4])
    parts = differing_parts([int(v) for v in key[4:]], components)
    return (
        "; ".join(parts) + f", {_RESULTS[result]}",
        DECISION_NAMES[decision],
        f"player {CLASS_NAMES[player]}",
        f"dealer {CLASS_NAMES[dealer]}",
    )


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
    """Add the differing good rows of a batch, keyed by what the log did, and every variant's
    verdict on them; ``showdown`` is the rows' (strength, multiple, dealer strength, result)."""
    rows = np.flatnonzero(good)
    strength, multiple, dealer_strength, result = (a[rows] for a in showdown)
    dealer_category = category_of_strength()[dealer_strength].astype(np.int64)
    unit = variants.settle.unit
    sub = [
        Component(c.name, c.wager[rows], c.units[rows], c.logged[rows], c.side) for c in components
    ]
    base = {c.name: c.units / unit for c in sub}
    agreeing = agrees(sub, base)
    wrong = np.flatnonzero(~agreeing)
    if wrong.size == 0:
        return
    candidates = list(variants.fixed)
    for c in sub:
        differs = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
        if differs.size:
            observed = c.logged[differs] / np.where(c.wager[differs] > 0, c.wager[differs], 1)
            candidates += variants.pay_lines(c.name, strength[differs], observed, aces_up)
    explains, broken = {}, {}
    bonus_apart = any(c.name == "ante_bonus" for c in sub)
    for variant, settle in candidates:
        units = settle.nets(strength, multiple, dealer_category, result, aces_up=aces_up)
        nets = {name: value / settle.unit for name, value in units.items()}
        if not bonus_apart:
            nets["ante"] = nets["ante"] + nets["ante_bonus"]
        ok = agrees(sub, nets)
        index = inference.index(variant)
        explains[index] = ok[wrong]
        broken[index] = int((agreeing & ~ok).sum())
    keys = np.column_stack(
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

    inference.add(wrong, keys, explains, broken, lambda k: group_name(k, names), example, limit)
