"""A game's wagers as data (:mod:`crazy4.spec.wagers`) against the rules worked out here:
Four Card Poker's Bad Beat keyed on the dealer's hand, settled from the rule file's text (read
with ``tomllib``): paid on the dealer's winning category when the dealer is higher, else lost,
a fold losing it when ``fold_forfeits`` (the pricing of the wagers' nets:
``tests/analyze/test_pricing.py``).
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from crazy4.games.four_card.cells import four_card_settlement
from crazy4.registry import load_rules
from crazy4.rules.load import RULES_DIR

#: The dealer's categories, weakest first, as the rule files name them.
CATEGORIES = (
    "high_card", "pair", "two_pair", "straight", "flush", "three_of_a_kind", "straight_flush",
    "four_of_a_kind",
)  # fmt: skip


@pytest.mark.parametrize("forfeits", [True, False])
def test_bad_beat_keyed_on_the_dealer_settles_from_the_rule_text(forfeits: bool) -> None:
    """The shipped Bad Beat table keyed on the dealer's hand: in every dealer category and
    showdown result, played or folded, the net is the rule text's."""
    text = tomllib.loads((RULES_DIR / "four-card-standard.toml").read_text())
    pays = text["bad_beat"]["pays"]
    rules = load_rules("four-card-standard")
    bad_beat = replace(rules.four_card.bad_beat, keyed_on="dealer", fold_forfeits=forfeits)
    settle = four_card_settlement(
        replace(rules, four_card=replace(rules.four_card, bad_beat=bad_beat))
    )
    for category, result, multiple in product(range(8), range(3), range(4)):
        nets = settle.nets(np.array([100]), np.array([multiple]), np.array([category]),
                           np.array([result]))  # fmt: skip
        name = CATEGORIES[category]
        paid = result == 2 and name in pays and (multiple > 0 or not forfeits)
        expected = Fraction(pays[name]) if paid else Fraction(-1)
        assert Fraction(int(nets["bad_beat"][0]), settle.unit) == expected, (name, result)
