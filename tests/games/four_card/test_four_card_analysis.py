"""The whole Four Card Poker analysis: published anchors, totals, switches, cap, tables, CLI.

The analysis runs on the specification engines (:mod:`crazy4.analyze.record` over the
game's specification), its counts read from the table cache; the switches price the same
counts under each variant.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_four_card_engine import DEALER_COUNTS

from crazy4.analyze.analysis import analyze_spec
from crazy4.analyze.cap import cap_table
from crazy4.analyze.record import Analysis, analyze_game
from crazy4.cli.main import main
from crazy4.core.decisions import FOLD
from crazy4.core.ranking import HandCategory, build_best_four_strengths, category_of_strength
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.registry import load_rules, parse_rules
from crazy4.report.spec_report import render_spec_report
from crazy4.results.write import read_provenance
from crazy4.rules.limits import Limits
from crazy4.rules.load import RULES_DIR
from crazy4.rules.ruleset import RuleSet

#: The dealer's hidden cards after the player's five and the up card, and every deal: the
#: rules' "C(52,5) · 47 up cards · C(46,5) hidden dealer cards".
HIDDEN_COMPLETIONS = comb(46, 5)
TOTAL_DEALS = comb(52, 5) * 47 * HIDDEN_COMPLETIONS


#: The main bet under the optimal strategy, and under the published simple strategy (the
#: names the game's bets table has always had).
MAIN_BET = "ante_play"
SIMPLE_BET = "ante_play_simple"


@pytest.fixture(scope="module")
def analysis() -> Analysis[RuleSet]:
    return analyze_game(FOUR_CARD_SPEC, load_rules("four-card-standard"), jobs=2)


@pytest.fixture(scope="module")
def second() -> Analysis[RuleSet]:
    """four-card-ante-bonus-2 (two tests read it)."""
    return analyze_game(FOUR_CARD_SPEC, load_rules("four-card-ante-bonus-2"), jobs=2)


def _edited_rules(old: str, new: str) -> RuleSet:
    text = (RULES_DIR / "four-card-standard.toml").read_text()
    assert old in text
    return parse_rules(text.replace(old, new), "edited.toml")


def _main_ev(rules: RuleSet, analysis: Analysis[RuleSet]) -> Fraction:
    """The main game's exact EV under ``rules``, from the counts of ``analysis``."""
    spec = analysis.on_spec
    counted = (spec.hands, spec.weights, spec.strengths, spec.cells, spec.seen)
    return analyze_spec(FOUR_CARD_SPEC, rules, counted=counted).main_ev()


# --- published anchors --------------------------------------------------------------------


def test_optimal_house_edge_and_element_of_risk(analysis: Analysis[RuleSet]) -> None:
    main_bet = analysis.bet(MAIN_BET)
    assert abs(main_bet["house_edge"] - 0.0278) < 0.0001  # published 2.78% (also quoted 2.79%)
    assert abs(main_bet["element_of_risk"] - 0.0130) < 0.00005  # published 1.30%
    assert analysis.exact_ev(MAIN_BET) == Fraction(-8840827253, 317119576410)


def test_simple_strategy_house_edge(analysis: Analysis[RuleSet]) -> None:
    assert abs(analysis.bet(SIMPLE_BET)["house_edge"] - 0.0340) < 0.0005  # "about 3.40%"
    assert analysis.simple_strategy_cost > 0
    assert analysis.simple_strategy_cost == analysis.exact_ev(MAIN_BET) - analysis.exact_ev(
        SIMPLE_BET
    )


def test_aces_up_house_edges_span_published_range(analysis: Analysis[RuleSet]) -> None:
    bets = analysis.tables["bets"]
    aces = bets[bets["bet"].str.startswith("aces-up")]["house_edge"]
    assert len(aces) == 5
    assert abs(aces.min() - 0.0198) < 0.00005
    assert abs(aces.max() - 0.0615) < 0.00005


# --- totals ------------------------------------------------------------------------------


def test_joint_totals_and_dealer_categories(analysis: Analysis[RuleSet]) -> None:
    joint = analysis.tables["joint"]
    assert int(joint["deals"].sum()) == TOTAL_DEALS
    assert int(analysis.on_spec.weights.sum()) == comb(52, 5) * 47
    by_dealer = joint.groupby("dealer_category")["deals"].sum()
    for category, count in DEALER_COUNTS.items():
        # every six-card dealer hand: 6 choices of up card, C(46, 5) player hands
        assert int(by_dealer[category.label]) == count * 6 * comb(46, 5)


def test_player_category_deals(analysis: Analysis[RuleSet]) -> None:
    categories = category_of_strength()[build_best_four_strengths(5)]
    hands = np.bincount(categories, minlength=len(HandCategory))
    by_player = analysis.tables["joint"].groupby("player_category")["deals"].sum()
    for category in HandCategory:
        assert int(by_player[category.label]) == hands[category] * 47 * HIDDEN_COMPLETIONS


def test_joint_table_sums_and_prices_the_bad_beat(analysis: Analysis[RuleSet]) -> None:
    joint = analysis.tables["joint"]
    assert int(joint["deals"].sum()) == TOTAL_DEALS
    bad_beat = analysis.rules.four_card.bad_beat  # type: ignore[union-attr]
    assert bad_beat is not None and bad_beat.keyed_on == "player"
    pays = {entry.category.label: entry.odds for entry in bad_beat.table.entries}
    paid = joint[(joint["result"] == "dealer higher") & (joint["decision"] != "fold")]
    winnings = sum(
        (pays[row.player_category] + 1) * int(row.deals)
        for row in paid.itertuples()
        if row.player_category in pays
    )
    assert Fraction(winnings, TOTAL_DEALS) - 1 == analysis.exact_ev("bad_beat")


def test_aces_up_from_player_frequencies_alone(analysis: Analysis[RuleSet]) -> None:
    strengths = build_best_four_strengths(5)
    histogram = np.bincount(strengths, minlength=2535)
    for bet in analysis.rules.side_bets:
        numerators, unit = bet.table.by_strength()
        net = np.where(numerators >= 0, numerators, -unit)
        ev = Fraction(int(np.dot(histogram, net)), comb(52, 5) * unit)
        assert ev == analysis.exact_ev(bet.name)


# --- strategy ----------------------------------------------------------------------------


def test_decisions_are_exact_and_never_worse_than_simple(analysis: Analysis[RuleSet]) -> None:
    spec = analysis.on_spec
    prices = spec.prices
    assert not (prices.decision == 2).any()  # EV is linear in the multiple: 2x only in ties
    tied = prices.tied.sum(axis=1) > 1
    assert (prices.ev[tied, 1] == prices.ev[tied, 3]).all()  # a showdown worth nothing
    assert spec.settlement.simple is not None
    simple = spec.settlement.simple[spec.strengths]
    simple_ev = np.take_along_axis(prices.ev, simple[:, None], axis=1)[:, 0]
    optimal_ev = np.take_along_axis(prices.ev, prices.decision[:, None], axis=1)[:, 0]
    assert (optimal_ev >= simple_ev).all()
    assert len(analysis.tables["exact_ties"]) == int(tied.sum())


def test_paying_hands_never_fold(analysis: Analysis[RuleSet]) -> None:
    """So the bonus-on-a-fold and Aces-Up-forfeit switches cannot move the figures."""
    spec = analysis.on_spec
    folded = spec.strengths[spec.prices.decision == FOLD]
    bonus = spec.settlement.parts["ante_bonus"][:, 1, 3]  # played 1x, player higher
    assert not (bonus[folded] > 0).any()
    for bet in analysis.rules.side_bets:
        numerators, _ = bet.table.by_strength()
        assert not (numerators[folded] >= 0).any()


def test_switches(analysis: Analysis[RuleSet]) -> None:
    base = analysis.exact_ev(MAIN_BET)
    only_with_play = _edited_rules("paid_only_with_play = false", "paid_only_with_play = true")
    assert _main_ev(only_with_play, analysis) == base
    one_or_three = _edited_rules("multiples = [1, 2, 3]", "multiples = [1, 3]")
    assert _main_ev(one_or_three, analysis) == base
    one_only = _edited_rules("multiples = [1, 2, 3]", "multiples = [1]")
    assert _main_ev(one_only, analysis) < base
    ties_push = _edited_rules('ties = "player"', 'ties = "push"')
    assert _main_ev(ties_push, analysis) < base


def test_strategy_chart(analysis: Analysis[RuleSet]) -> None:
    chart = analysis.tables["strategy"]
    assert int(chart["situations"].sum()) == comb(52, 5) * 47
    cell = chart.set_index(["hand", "up_rank"])
    assert cell.loc[("pair of aces", "2"), "decision"] == "3x"
    assert cell.loc[("K high", "A"), "decision"] == "fold"
    assert cell.loc[("pair of threes", "J"), "decision"] == "mixed"
    shares = chart[[f"share_{name}" for name in ("fold", "1x", "2x", "3x")]].sum(axis=1)
    assert np.allclose(shares, 1.0, rtol=0, atol=1e-12)
    situations = analysis.tables["situations"]
    assert int(situations["situations"].sum()) == comb(52, 5) * 47
    deals = situations[["deals_dealer_lower", "deals_tie", "deals_dealer_higher"]].to_numpy()
    assert (deals.sum(axis=1) == situations["situations"] * HIDDEN_COMPLETIONS).all()


# --- payout cap --------------------------------------------------------------------------


def test_cap_binds_only_above_the_largest_uncapped_size(analysis: Analysis[RuleSet]) -> None:
    cap = analysis.tables["cap"]
    for bet_name, rows in cap.groupby("bet"):
        limit = rows["largest_uncapped_size"].iloc[0]
        ev = [
            Fraction(int(n), int(d))
            for n, d in zip(rows["ev_numerator"], rows["ev_denominator"], strict=True)
        ]
        sizes = rows["bet_size"].tolist()
        uncapped = [e for e, s in zip(ev, sizes, strict=True) if s <= limit]
        capped = [e for e, s in zip(ev, sizes, strict=True) if s > limit]
        assert len(set(uncapped)) == 1, bet_name
        assert all(e < uncapped[0] for e in capped), bet_name
        assert (rows["capped_probability"][rows["bet_size"] <= limit] == 0).all()
    main_row = cap[(cap["bet"] == MAIN_BET) & (cap["bet_size"] == 100)].iloc[0]
    assert Fraction(int(main_row["ev_numerator"]), int(main_row["ev_denominator"])) == (
        analysis.exact_ev(MAIN_BET)
    )


def test_largest_uncapped_sizes(analysis: Analysis[RuleSet]) -> None:
    cap = analysis.tables["cap"]
    main_rows = cap[cap["bet"] == MAIN_BET]["largest_uncapped_size"]
    # four of a kind played 3x: Ante 1 + Play 3 + Ante Bonus 25 = 29 units
    assert (main_rows == float(Fraction(25000, 29))).all()
    aces = cap[cap["bet"].str.startswith("aces-up")]["largest_uncapped_size"]
    assert (aces == 500.0).all()  # 50 to 1


def test_capped_bet_at_a_tiny_cap(analysis: Analysis[RuleSet]) -> None:
    """With a $1 cap a $10 Ante can win at most $1 a hand: EV per dollar below -0.4."""
    spec = analysis.on_spec
    limits = Limits(Fraction(1), Fraction(100), aggregate_payout_cap=Fraction(1))
    table = cap_table(spec, spec.settlement, limits, sizes=(10,))
    main_row = table[table["bet"] == MAIN_BET].iloc[0]
    assert main_row["ev"] < -0.4 and main_row["largest_uncapped_size"] == 1 / 29


# --- another rule set from the same counts -----------------------------------------------


def render_four_card_report(analysis: Analysis[RuleSet], provenance: dict[str, object]) -> str:
    """The Four Card Poker report of ``analysis``."""
    return render_spec_report(FOUR_CARD_SPEC, analysis.rules, analysis.tables, provenance)


def test_ante_bonus_table_2(second: Analysis[RuleSet]) -> None:
    main_bet = second.bet(MAIN_BET)
    assert 0.02 < main_bet["house_edge"] < 0.04
    assert "bad_beat" not in set(second.tables["bets"]["bet"])
    assert set(second.tables["cap"]["bet"]) == {MAIN_BET, "aces-up-50-40-9-6-4-2-1", "seat"}
    report = render_four_card_report(second, {"rule_set": "four-card-ante-bonus-2"})
    assert "are for other rules" in report and "| figure | published |" not in report


# --- command line ------------------------------------------------------------------------


def test_cli_analyze_writes_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results"
    assert main(["analyze", "--rules", "four-card-standard", "--out", str(out), "--quiet"]) == 0
    assert "house edge 2.7879% of the Ante" in capsys.readouterr().out
    names = {path.stem for path in out.glob("*.parquet")}
    assert names == {
        "bets",
        "player_hand_frequencies",
        "dealer_hand_frequencies",
        "returns",
        "net_distribution",
        "strategy",
        "situations",
        "joint",
        "exact_ties",
        "cap",
    }
    provenance = read_provenance(out / "joint.parquet")
    assert provenance["rule_set"] == "four-card-standard"
    assert provenance["deals"] == TOTAL_DEALS
    report = (out / "report.md").read_text()
    assert "ILLUSTRATIVE" in report and "2.7879%" in report and "| pair of threes |" in report
    bets = pd.read_parquet(out / "bets.parquet")
    assert set(bets["deals"]) == {TOTAL_DEALS}


def test_cli_hand(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["hand", "As Ad 7c 4h 2s", "--up", "Kd", "--rules", "four-card-standard"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "Optimal decision: 3x" in text and "1,370,754" in text
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert sum(result["dealer_outcomes"].values()) == HIDDEN_COMPLETIONS
    assert sum(result["dealer_categories"].values()) == HIDDEN_COMPLETIONS
    assert result["ev_per_ante"]["fold"]["exact"] == "-1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hand", "As Ad 7c 4h 2s", "--up", "Ad", "--rules", "four-card-standard"], "also in"),
        (["hand", "As Ad 7c 4h 2s", "--rules", "four-card-standard"], "give the up card"),
        (["hand", "As Ad 7c 4h 2s", "--up", "Zz", "--rules", "four-card-standard"], "not a card"),
        (["hand", "As Ad 7c 4h 2s", "--up", "Kd"], "deals the dealer no up card"),
    ],
)
def test_cli_hand_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


# --- committed results ---------------------------------------------------------------------


@pytest.mark.parametrize("rule_set", ["four-card-standard", "four-card-ante-bonus-2"])
def test_committed_four_card_tables_are_current(
    rule_set: str, analysis: Analysis[RuleSet], second: Analysis[RuleSet]
) -> None:
    """The committed tables match the code, value for value (run `make results` if not)."""
    import pandas as pd

    current = analysis if rule_set == "four-card-standard" else second
    assert current.rules.name == rule_set
    folder = Path(__file__).resolve().parents[3] / "results" / rule_set
    for name, frame in current.tables.items():
        committed = pd.read_parquet(folder / f"{name}.parquet")
        pd.testing.assert_frame_equal(
            committed.reset_index(drop=True),
            frame.reset_index(drop=True),
            check_dtype=False,
            check_exact=False,
            rtol=1e-12,
        )


def test_cli_report_renders_the_four_card_analysis(tmp_path: Path) -> None:
    """`crazy4 report` dispatches on the game: never a Crazy 4 report of a Four Card rule set."""
    out = tmp_path / "report.html"
    assert main(["report", "--rules", "four-card-standard", "--format", "html",
                 "--out", str(out), "--quiet"]) == 0  # fmt: skip
    page = out.read_text()
    assert "2.7879%" in page and "Super Bonus" not in page
    assert page.count("<img") >= 4  # bets, strategy chart, net distribution, cap
