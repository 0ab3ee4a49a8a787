"""Caribbean Stud Poker, a game with no code: its rule file alone, served by the engines.

Every expected value comes from outside the package: the published figures
(``shared/rules/caribbean-stud-poker.md``: house edge 5.22% of the Ante, element of risk
2.56%, 2.555% on the strategy page), and the independent oracle
``tests/oracle_caribbean_stud.py`` (its own five-card evaluator and the settlement from the
rules text, listing all 163,185 dealer completions of a situation).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from in_process import crazy4
from oracle_caribbean_stud import parse_hand, situation
from shared_results import SharedResults

from crazy4.analyze.analysis import SpecAnalysis, analyze_spec
from crazy4.analyze.cap import cap_table
from crazy4.analyze.counting import counter_for
from crazy4.analyze.pricing import price
from crazy4.analyze.seen_tables import situations_table
from crazy4.core.cards import colex_indices
from crazy4.registry import game_of, load_rules, parse_rules
from crazy4.rules.limits import Limits
from crazy4.rules.load import RULES_DIR
from crazy4.rules.ruleset import RuleSet

RULES = "caribbean-stud-standard"

#: (player hand, up card) pairs the oracle prices: hands around the A-K qualifier, where the
#: decision turns on the up card and the kickers, and a few of every kind.
EDGES = [
    ("As Kd 9h 5c 3s", "Kh"),
    ("As Kd 9h 5c 3s", "2h"),
    ("As Kd Qh 5c 3s", "7c"),
    ("As Kd Jh 3c 2s", "Ah"),
    ("Ah Kh Qh Jh Th", "2c"),
    ("2c 3d 4h 5s 7c", "As"),
    ("Ac 2d 3h 4s 5c", "Kd"),
    ("9c 9d 4h 5s 7c", "9s"),
]


def _sampled(count: int) -> list[tuple[list[int], int]]:
    rng = random.Random(20261206)
    out = []
    for _ in range(count):
        cards = rng.sample(range(52), 6)
        out.append((sorted(cards[:5]), cards[5]))
    return out


def _cases() -> list[tuple[list[int], int]]:
    edges = [(sorted(parse_hand(hand)), parse_hand(up)[0]) for hand, up in EDGES]
    return edges + _sampled(8)


def test_the_counter_equals_the_oracle_on_sampled_situations() -> None:
    """The engine's counts (inclusion-exclusion over the player's cards, the up card forced)
    and the exact EVs of raise and fold, situation by situation."""
    rules = load_rules(RULES)
    spec = game_of(rules).spec
    cases = _cases()
    hands = np.array([hand for hand, _ in cases], dtype=np.uint8)
    ups = np.array([[up] for _, up in cases], dtype=np.uint8)
    strengths = spec.ranking.strengths(5)[colex_indices(hands)].astype(np.int64)
    cells = counter_for(spec.shape).cells(
        hands, strengths, spec.qualifier(rules), spec.ranking, 5, forced=ups
    )
    prices = price(cells, strengths, spec.settlement(rules))
    for row, (hand, up) in enumerate(cases):
        oracle = situation(hand, up)
        assert int(cells[row, :3].sum()) == oracle.not_qualified
        assert cells[row, 3:].tolist() == [oracle.player_wins, oracle.ties, oracle.dealer_wins]
        assert Fraction(int(prices.ev[row, 2]), prices.denominator) == oracle.raise_ev
        assert Fraction(int(prices.ev[row, 0]), prices.denominator) == oracle.fold_ev


def test_crazy4_hand_equals_the_oracle() -> None:
    """``crazy4 hand`` (every completion listed) prints the oracle's EVs and decision."""
    hand, up = EDGES[0]
    run = crazy4("hand", "--rules", RULES, hand, "--up", up, "--json")
    assert run.returncode == 0, run.stderr
    oracle = situation(hand, up)
    assert f"{oracle.raise_ev.numerator}/{oracle.raise_ev.denominator}" in run.stdout


@pytest.fixture(scope="module")
def analyzed(shared: SharedResults, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``crazy4 analyze`` of the rule file, once per test run."""

    def run() -> str:
        out = tmp_path_factory.mktemp("caribbean") / "out"
        done = crazy4("analyze", "--rules", RULES, "--out", str(out), "--jobs", "2", "--quiet")
        assert done.returncode == 0, done.stderr
        return str(out)

    return Path(shared.get("caribbean-analyzed", run))


def test_the_published_figures(analyzed: Path) -> None:
    """House edge 5.22% of the Ante (5.224%), element of risk 2.56% (2.555%)."""
    bets = pd.read_parquet(analyzed / "bets.parquet").set_index("bet")
    row = bets.loc["ante_raise"]
    assert round(100 * float(row["house_edge"]), 2) == 5.22
    assert round(100 * float(row["house_edge"]), 3) == 5.224
    assert round(100 * float(row["element_of_risk"]), 2) == 2.56
    assert round(100 * float(row["element_of_risk"]), 3) == 2.555
    assert int(row["deals"]) == comb(52, 5) * 47 * comb(46, 4)


def test_the_situations_add_up(analyzed: Path) -> None:
    """Every (hand, up card) situation once, the hands once, and the optimal EV summed from
    the situations equal to the bets table's."""
    situations = pd.read_parquet(analyzed / "situations.parquet")
    assert int(situations["situations"].sum()) == comb(52, 5) * 47
    bets = pd.read_parquet(analyzed / "bets.parquet").set_index("bet")
    total = Fraction(
        int(situations["ev_optimal_numerator"].sum()),
        int(situations["ev_denominator"].iloc[0]) * comb(52, 5) * 47,
    )
    exact = Fraction(
        int(bets.at["ante_raise", "ev_numerator"]), int(bets.at["ante_raise", "ev_denominator"])
    )
    assert total == exact
    frequencies = pd.read_parquet(analyzed / "hand_frequencies.parquet")
    assert int(frequencies["combinations"].sum()) == comb(52, 5)
    assert frequencies.set_index("hand").at["royal flush", "combinations"] == 4


def test_the_strategy_is_the_known_one(analyzed: Path) -> None:
    """Raise any pair or better, fold below A-K against every up card (the rules' simple
    strategy, which the optimum agrees with outside A-K high)."""
    strategy = pd.read_parquet(analyzed / "strategy.parquet")
    pairs = strategy[strategy["hand"].str.startswith("pair of")]
    assert set(pairs["decision"]) == {"2x"}
    low = strategy[strategy["hand"].isin(["K high", "Q high", "7 high"])]
    assert set(low["decision"]) == {"fold"}
    assert set(strategy[strategy["hand"] == "A high"]["decision"]) == {"mixed"}


#: The exact EV per Ante of the plain C program ``analysis/bench/caribbean_stud.c`` (its own
#: evaluator and count, nothing shared with the package) with the royal flush at 250 to 1, at
#: 62 and at 50: ``caribbean_stud 1,1,2,3,4,5,7,20,50,250``, ``...,50,62`` and ``...,50,50``.
C_ROYAL_250 = Fraction(-86362082531, 1661102543100)
C_ROYAL_62 = Fraction(-1703671001, 32570638100)
C_ROYAL_50 = Fraction(-28973580177, 553700847700)


@pytest.fixture(scope="module")
def royal() -> tuple[RuleSet, SpecAnalysis]:
    """caribbean-stud-royal-250 analyzed exactly (its EV the C program's)."""
    rules = load_rules("caribbean-stud-royal-250")
    analysis = analyze_spec(game_of(rules).spec, rules, jobs=2)
    assert analysis.main_ev() == C_ROYAL_250
    return rules, analysis


def _capped_evs(
    royal: tuple[RuleSet, SpecAnalysis], limits: Limits, sizes: tuple[int, ...]
) -> tuple[dict[int, Fraction], pd.DataFrame]:
    rules, analysis = royal
    spec = game_of(rules).spec
    table = cap_table(analysis, spec.settlement(rules), limits, sizes=sizes).set_index("bet_size")
    exact = {
        size: Fraction(int(table.at[size, "ev_numerator"]), int(table.at[size, "ev_denominator"]))
        for size in sizes
    }
    return exact, table


def _royal_wins() -> Fraction:
    """The share of deals whose royal flush beats a qualified dealer (the oracle's count, for
    one royal flush against every up card, times the four suits)."""
    royal = parse_hand("Ah Kh Qh Jh Th")
    wins = sum(situation(royal, up).player_wins for up in range(52) if up not in royal)
    return Fraction(4 * wins, comb(52, 5) * 47 * comb(46, 4))


def test_the_royal_250_variant_and_its_raise_cap(royal: tuple[RuleSet, SpecAnalysis]) -> None:
    """The variant's exact EV is the C program's; the Raise wins at most $5,000 on one hand:
    at $50 a unit the Raise of $100 is paid at most 50 to 1 on a royal flush and no other hand
    reaches the cap (a straight flush wins exactly $5,000), so the capped return at $50 is the
    C program's with the royal flush at 50 to 1 (whose every royal raises)."""
    rules, _ = royal
    limits = game_of(rules).spec.limits(rules)
    assert limits.play_payout_cap == 5000 and limits.aggregate_payout_cap is None
    exact, table = _capped_evs(royal, limits, (5, 50))
    assert exact[5] == C_ROYAL_250  # the Raise's 500 units x $5 = $2,500: nothing capped
    assert exact[50] == C_ROYAL_50
    assert table.at[5, "capped_probability"] == 0
    assert table.at[50, "capped_probability"] == float(_royal_wins())
    assert table.at[50, "largest_uncapped_size"] == 10  # $5,000 / the Raise's 500 units


def test_an_aggregate_cap_on_the_same_game(royal: tuple[RuleSet, SpecAnalysis]) -> None:
    """With the $5,000 cap on all bets together instead, a $40 bet is paid at most 125 units on
    a royal flush (the Ante's 1 and the Raise's 2 x 62) and no other hand reaches the cap at
    $40 (a straight flush wins 101 units, $4,040): the capped return at $40 is the C program's
    with the royal flush at 62 to 1."""
    text = (RULES_DIR / "caribbean-stud-royal-250.toml").read_text()
    text = text.replace("play_payout_cap = 5000", "aggregate_payout_cap = 5000")
    rules = parse_rules(text, "aggregate.toml")
    limits = game_of(rules).spec.limits(rules)
    assert limits.aggregate_payout_cap == 5000 and limits.play_payout_cap is None
    exact, table = _capped_evs(royal, limits, (5, 40))
    assert exact[5] == C_ROYAL_250  # 501 units x $5 = $2,505: nothing capped
    assert exact[40] == C_ROYAL_62
    assert table.at[5, "capped_probability"] == 0
    assert table.at[40, "capped_probability"] == float(_royal_wins())


def test_a_huge_royal_flush_is_exact_in_every_table() -> None:
    """A royal flush paying 10^17 to 1 (a rule file may pay up to 10^18): the exact EV is the
    C program's at 250 to 1 plus twice the extra odds on every royal flush that beats a
    qualified dealer (the Raise, 2 units, is paid at odds; nothing else changes, the strategy
    neither: a royal always raises); the situations table sums to it (its sums passed int64
    and raised ``OverflowError``); and under the $5,000 cap on the Raise a $50 bet is paid as
    with the royal flush at 50 to 1 (the cap table's products passed int64 and were wrong)."""
    text = (RULES_DIR / "caribbean-stud-royal-250.toml").read_text()
    assert text.count("\nroyal_flush = 250\n") == 1
    rules = parse_rules(text.replace("\nroyal_flush = 250\n", "\nroyal_flush = 1e17\n"), "h.toml")
    spec = game_of(rules).spec
    analysis = analyze_spec(spec, rules, jobs=1)
    expected = C_ROYAL_250 + 2 * (10**17 - 250) * _royal_wins()
    assert analysis.main_ev() == expected
    frame = situations_table(spec, analysis)
    total = sum(int(value) for value in frame["ev_optimal_numerator"])
    situations = int(frame["situations"].sum())  # each as likely: the EV is their mean
    assert Fraction(total, situations * analysis.prices.denominator) == expected
    exact, _ = _capped_evs((rules, analysis), spec.limits(rules), (50,))
    assert exact[50] == C_ROYAL_50
