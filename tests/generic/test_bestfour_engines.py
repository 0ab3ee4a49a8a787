"""The best-four settlement and pricing engines against sums and rules worked out here.

* :func:`crazy4.generic.bestfour_pricing.price_cells` against the EV written as a plain sum of
  Fractions over the cells and the best decision chosen by a loop (smallest wager among ties),
  on int64 and on Python-integer nets;
* Four Card Poker's Bad Beat keyed on the dealer's hand, settled from the rule file's text
  (read with ``tomllib``): paid on the dealer's winning category when the dealer is higher,
  else lost, a fold losing it when ``fold_forfeits``.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from crazy4.games.four_card.cells import four_card_settlement
from crazy4.generic.bestfour_pricing import price_cells
from crazy4.registry import load_rules
from crazy4.rules.load import RULES_DIR
from crazy4.spec.game import Settlement

#: The dealer's categories, weakest first, as the rule files name them.
CATEGORIES = (
    "high_card", "pair", "two_pair", "straight", "flush", "three_of_a_kind", "straight_flush",
    "four_of_a_kind",
)  # fmt: skip


def _by_hand(nets: list[list[list[int]]], strength: int, counts: list[int]) -> list[Fraction]:
    return [
        sum((Fraction(c * n) for c, n in zip(counts, nets[strength][d], strict=True)), Fraction())
        for d in range(4)
    ]


@pytest.mark.parametrize("scale", [1, 10**19])
def test_prices_are_the_sum_over_the_cells(scale: int) -> None:
    """Every EV equals the plain sum over cells; the decision is the best allowed one, the
    smallest wager among exact ties; nets past int64 give Python integers, still exact."""
    rng = np.random.default_rng(24)
    nets = rng.integers(-6, 7, size=(5, 4, 3)).tolist()
    nets[2] = [[-1, -1, -1], [1, 1, -3], [1, 1, -3], [0, 0, 0]]  # fold and 1x/2x tie on (2, 1, 1)
    table = np.array(nets, dtype=object if scale > 1 else np.int64) * scale
    allowed = np.ones((5, 4), dtype=bool)
    allowed[4, 3] = False
    settlement = Settlement(table, allowed, np.arange(1, 5), 1)
    strengths = np.array([0, 1, 2, 3, 4, 2])
    counts = np.array([[2, 1, 1], [0, 4, 0], [2, 1, 1], [1, 1, 2], [3, 0, 1], [1, 2, 1]])
    prices = price_cells(settlement, strengths, counts, 4)
    assert (prices.ev.dtype == object) == (scale > 1)
    assert prices.denominator == 4
    for row, (strength, cells) in enumerate(zip(strengths, counts.tolist(), strict=True)):
        expected = [scale * value for value in _by_hand(nets, int(strength), cells)]
        assert [Fraction(int(value)) for value in prices.ev[row]] == expected
        best = max(value for d, value in enumerate(expected) if allowed[strength, d])
        tied = [bool(allowed[strength, d]) and value == best for d, value in enumerate(expected)]
        assert prices.tied[row].tolist() == tied
        assert prices.decision[row] == tied.index(True)


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
