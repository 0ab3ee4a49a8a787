"""One Crazy 4 Poker batch's differing rows, for the findings and the rule inference.

:func:`infer_batch` keys each row whose amounts differ by what the log did (the wagers that
differ, with the observed and the expected net per unit, the decision, the player's and the
dealer's hand class, whether the dealer qualified and who was higher) and settles the batch's
good rows under every edit of :class:`crazy4.games.crazy_four.variants.VariantSet` and their
combinations (:class:`crazy4.validate.search.Search`), then hands both to
:class:`crazy4.validate.infer.Inference`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import HandCategory, category_of_strength, category_thresholds, hand_group
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.variants import Dealt, FloatNets, VariantSet
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.checks import Component
from crazy4.validate.hands import CLASS_NAMES, hand_class, strategy_groups
from crazy4.validate.infer import Inference, ShownCards, Variant, differing_example
from crazy4.validate.patterns import agrees, differing_columns, key_words
from crazy4.validate.search import Search


def group_name(key: npt.NDArray[np.integer], components: Sequence[str]) -> tuple[str, ...]:
    """The generic pattern of a key (see the module docstring), and its facets: the decision,
    the player's and the dealer's hand class.

    Examples
    --------
    >>> key = np.array([3, 1, 1, 1, 1, 1, -10000, 0, 0, 0, 0])
    >>> group_name(key, ["super_bonus", "ante"])
    ('Super Bonus lost where pushed expected, dealer qualifies, tie', '3x', 'player pair', \
'dealer pair')
    """
    return key_words(key, components, CLASS_NAMES)


def infer_batch(
    inference: Inference,
    variants: VariantSet,
    dealt: Dealt,
    components: Sequence[Component],
    good: npt.NDArray[np.bool_],
    shown: ShownCards,
    limit: int = 5,
) -> None:
    """Add the differing good rows of a batch and the search's verdicts on them
    (:class:`crazy4.validate.search.Search`: every edit of ``variants``, and combinations)."""
    unit = variants.settle_of.unit
    rows = np.flatnonzero(good)
    sub = [
        Component(c.name, c.wager[rows], c.units[rows], c.logged[rows], c.side) for c in components
    ]
    part = Dealt(
        dealt.player_cards[rows],
        dealt.dealer_cards[rows],
        dealt.strength[rows],
        dealt.dealer_strength[rows],
        dealt.in_action[rows],
        dealt.queens_table,
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
            candidates += variants.pay_lines(
                c.name, part.strength[differs], observed, part.queens_table
            )
    qualifier = variants.rules.dealer.qualifier_strength
    names = [c.name for c in sub]
    cards = (shown.player, shown.dealer, shown.decision)

    def example(row: int) -> dict[str, object]:
        return differing_example(row, rows, shown.first_row, cards, sub, base)

    search = Search(sub, base, candidates, lambda edits: variants.settle(edits, part))
    search.run(
        inference,
        lambda wrong: _keys(sub, base, part, wrong, qualifier, shown, rows),
        lambda key: group_name(key, names),
        example,
        limit,
    )


def _keys(
    sub: Sequence[Component],
    base: FloatNets,
    part: Dealt,
    wrong: npt.NDArray[np.intp],
    qualifier: int,
    shown: ShownCards,
    rows: npt.NDArray[np.intp],
) -> npt.NDArray[np.int64]:
    """The key of each differing row (see the module docstring)."""
    player, dealer = part.strength[wrong], part.dealer_strength[wrong]
    columns = [
        np.clip(shown.decision[rows[wrong]], 0, 4),
        hand_class(player),
        hand_class(dealer),
        (dealer >= qualifier).astype(np.int64),
        (player == dealer).astype(np.int64) + 2 * (player < dealer),
    ]
    columns += differing_columns(sub, base, wrong, part.in_action)
    return np.column_stack(columns)


def infer_strategy(
    inference: Inference,
    rules: CrazyFourRules,
    ev: npt.NDArray[np.int64],
    classes: npt.NDArray[np.integer],
    strength: npt.NDArray[np.int64],
    expected: npt.NDArray[np.int64],
    taken: npt.NDArray[np.int64],
    compared: npt.NDArray[np.bool_],
) -> None:
    """The strategy's variant: the hands of the raise minimum's category not allowed to raise
    (the minimum moved to the next category), their best decision then fold or 1x by ``ev``
    (exact EV numerators by class and decision); ``expected`` and ``taken`` per row."""
    base = ev[classes, taken] == ev[classes, expected]
    wrong = np.flatnonzero(compared & ~base)
    if wrong.size == 0:
        return
    lowest = rules.play.raise_minimum_strength
    category = int(category_of_strength()[lowest])
    top = int(category_thresholds()[category + 1])
    group = hand_group(lowest)
    after = HandCategory(category + 1).label if category + 1 < len(HandCategory) else "none"
    variant = Variant(
        f"a {group} may not raise above 1x (raise minimum {after}, not {rules.play.raise_minimum})",
        f"{group} never raised above 1x",
    )
    inside = (strength >= lowest) & (strength < top) & (expected > 1)
    fallback = np.where(ev[classes, 1] >= ev[classes, 0], 1, 0)
    alternative = np.where(inside, fallback, expected)
    ok = ev[classes, taken] == ev[classes, alternative]
    index = inference.index(variant)
    codes, names = strategy_groups()
    keys = np.column_stack([codes[strength[wrong]], expected[wrong], taken[wrong]])

    def name_of(key: npt.NDArray[np.integer]) -> str:
        code, wanted, played = (int(v) for v in key)
        return (
            f"{names[code]} played {DECISION_NAMES[played]} where {DECISION_NAMES[wanted]} expected"
        )

    inference.add(
        wrong,
        keys,
        {index: ok[wrong]},
        {index: int((compared & base & ~ok).sum())},
        name_of,
        lambda row: {"row": row},
        0,
    )
