"""The pay-table search: every candidate's exact edge re-priced independently.

Three Card Poker's candidates are re-priced by the brute-force oracle
(``tests/oracle_three_card.py``, which imports nothing from the package): the whole game with
the optimal strategy re-solved for each Ante Bonus table, and Pair Plus over all 22,100 hands.
Queens Up candidates of Crazy 4 Poker are re-priced from five-card category counts the test
derives from the Crazy 4 Poker oracle's hand values.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from oracle_three_card import Rules, optimal_strategy_edge, pair_plus_edge

from crazy4.design.search import frontier, in_window, make_space, pricer
from crazy4.rules.load import load_rules

F = Fraction


def _odds(space, row):  # type: ignore[no-untyped-def]
    return {line: F(int(v), space.scale) for line, v in zip(space.lines, row, strict=True)}


@pytest.fixture(scope="module")
def three_card():  # type: ignore[no-untyped-def]
    return load_rules("three-card-standard")


def test_main_bet_candidates_match_the_oracle_with_the_strategy_resolved(three_card) -> None:  # type: ignore[no-untyped-def]
    ranges = {
        "straight": (F(0), F(2)),
        "three_of_a_kind": (F(2), F(5)),
        "straight_flush": (F(4), F(8)),
    }
    space = make_space(three_card, "ante_bonus", ranges, F(1))
    grid = space.grid()
    priced = pricer(three_card, "ante_play", space).price(grid)
    ordered = [(s, t, f) for s in range(3) for t in range(2, 6) for f in range(4, 9) if s <= t <= f]
    assert sorted(map(tuple, grid.tolist())) == ordered  # every table ordered by hand strength
    for k in range(0, len(grid), 7):
        odds = {line: o for line, o in _odds(space, grid[k]).items() if o}
        expected = optimal_strategy_edge(Rules(ante_bonus=odds)).house_edge
        assert priced.edge(k) == expected, odds


def test_side_bet_candidates_match_the_oracle(three_card) -> None:  # type: ignore[no-untyped-def]
    ranges = {"flush": (F(3), F(5)), "straight": (F(5), F(7)), "pair": (F(1), F(2))}
    space = make_space(three_card, "pair_plus[0]", ranges, F(1, 2))
    grid = space.grid()
    priced = pricer(three_card, "pair-plus-1-4-6-30-40", space).price(grid)
    orders = [list(row) for row in grid]
    assert all(row == sorted(row) for row in orders)  # no weaker line pays more
    for k in range(len(grid)):
        assert priced.edge(k) == pair_plus_edge(_odds(space, grid[k])), grid[k]


def test_window_rank_and_frontier(three_card) -> None:  # type: ignore[no-untyped-def]
    ranges = {"flush": (F(3), F(5)), "straight": (F(5), F(7))}
    space = make_space(three_card, "pair_plus[0]", ranges, F(1, 2))
    priced = pricer(three_card, "pair-plus-1-4-6-30-40", space).price(space.grid())
    low, high = F(2, 100), F(5, 100)
    chosen = in_window(priced, low, high)
    edges = [priced.edge(k) for k in chosen]
    everything = [priced.edge(k) for k in range(len(priced.grid))]
    assert sorted(edges) == sorted(e for e in everything if low <= e <= high)
    middle = (low + high) / 2
    assert [abs(e - middle) for e in edges] == sorted(abs(e - middle) for e in edges)
    front = frontier(priced, chosen).tolist()
    for k in front:  # nothing in the window beats a frontier member on both
        assert not any(
            priced.edge(j) >= priced.edge(k) and priced.std_dev[j] > priced.std_dev[k]
            for j in chosen
        )


def test_queens_up_candidates_match_counts_derived_here() -> None:
    from oracle_crazy4 import PAIR_OF_QUEENS, SCALE, all_hands, category_of

    values = all_hands().values
    categories = category_of(values)
    hands = len(values)
    counts = {
        "four_of_a_kind": int((categories == 7).sum()),
        "straight_flush": int((categories == 6).sum()),
        "three_of_a_kind": int((categories == 5).sum()),
        "flush": int((categories == 4).sum()),
        "straight": int((categories == 3).sum()),
        "two_pair": int((categories == 2).sum()),
        "pair_of_queens": int(((values >= PAIR_OF_QUEENS) & (values < 2 * SCALE)).sum()),
    }
    rules = load_rules("crazy4-standard")
    ranges = {"two_pair": (F(1), F(3)), "straight": (F(2), F(5)), "flush": (F(3), F(6))}
    space = make_space(rules, "queens_up[0]", ranges, F(1))
    grid = space.grid()
    priced = pricer(rules, "queens-up-50-40-8-4-3-2-1", space).price(grid)
    unpaid = hands - sum(counts.values())
    for k in range(len(grid)):
        odds = _odds(space, grid[k])
        ev = (sum(counts[line] * odds[line] for line in counts) - unpaid) / F(hands)
        assert priced.edge(k) == -ev, odds
    assert np.isfinite(priced.std_dev).all()


def test_hands_whose_decision_moves_are_priced_per_candidate(three_card) -> None:  # type: ignore[no-untyped-def]
    """An Ante Bonus on high cards (paid with a Play bet) makes hands below Q-6-4 play: the
    hands whose best decision moves inside the range are re-solved per candidate. Re-priced
    with the oracle's own dealer counts and settlement, the bonus set per hand here."""
    import oracle_three_card as oracle

    from crazy4.design.basis import rule_data
    from crazy4.design.ruletext import toml_text
    from crazy4.rules.load import parse_rules

    data = rule_data(three_card)
    data["ante_bonus"]["pays"] = {"high_card": 0, **data["ante_bonus"]["pays"]}
    rules = parse_rules(toml_text(data), "high-card-bonus.toml")
    space = make_space(rules, "ante_bonus", {"high_card": (F(0), F(1))}, F(1, 2))
    model = pricer(rules, "ante_play", space)
    grid = space.grid()
    steps = grid[:, space.searched]  # the base pays high cards 0: the steps are the odds
    moving, _ = model.hands.border(steps.min(axis=0), steps.max(axis=0), space.scale)  # type: ignore[union-attr]
    assert moving.sum() > 0
    priced = model.price(grid)
    hands, counts = oracle.all_hands(), oracle.all_dealer_counts()
    categories = oracle.category_of(hands.values).tolist()
    standard = oracle.bonus_odds(hands.values, oracle.STANDARD_BONUS)
    for k in range(len(grid)):
        high = F(int(grid[k][0]), space.scale)
        bonus = [
            high if c == oracle.HIGH_CARD else b for c, b in zip(categories, standard, strict=True)
        ]
        evs = oracle.play_evs(counts, bonus, oracle.DEALER_HANDS, oracle.Rules())
        assert priced.edge(k) == -sum(max(ev, F(-1)) for ev in evs) / oracle.HANDS, high
