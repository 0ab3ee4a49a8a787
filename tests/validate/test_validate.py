"""The validator: our logs pass, planted faults are caught, bad input exits 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from crazy4.analyze.situations import class_rows
from crazy4.cli.main import main
from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    category_of_strength,
    hand_strength,
)
from crazy4.games.crazy_four.cells import crazy_four_settlement
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.log.roundlog import hand_text_array, parse_hand_column
from crazy4.registry import load_rules
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
from crazy4.simulate.plays import strategy_of
from crazy4.spec.wagers import outcome_cells
from crazy4.validate.driver import validate
from crazy4.validate.report import Options, Report
from crazy4.validate.statistics import chi_square_sf, holm_adjust, normal_two_sided_p

ROUNDS = 30_000
SEATS = 2
WHEEL = hand_strength(parse_cards("As 2d 3h 4c"))


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A log of each shipped rule set (the card room's with a blind second hand)."""
    folder = tmp_path_factory.mktemp("logs")
    paths = {}
    for name in ("crazy4-standard", "crazy4-cardroom"):
        rules = load_rules(name)
        blind = 1 if rules.blind_second_hand else 0
        plan = make_plan(rules, rounds=ROUNDS, seed=12, seats=SEATS + blind, blind_hands=blind)
        paths[name] = folder / f"{name}.parquet"
        run_simulation(plan, log_path=paths[name])
    return paths


def frame_of(path: Path) -> pd.DataFrame:
    frame = pd.read_parquet(path)
    frame["decision"] = frame["decision"].astype(str)
    return frame


def strengths(frame: pd.DataFrame, column: str) -> np.ndarray:
    cards, bad = parse_hand_column(pa.array(frame[column].tolist()), 5)
    assert not bad
    table = build_best_four_strengths(5)
    return table[colex_indices(cards.astype(np.intp))].astype(np.int64)


def resettle(frame: pd.DataFrame, rules: RuleSet) -> pd.DataFrame:
    """Settle every row correctly (the log generators below only get the dealing wrong)."""
    settle = crazy_four_settlement(rules)
    player, dealer = strengths(frame, "player"), strengths(frame, "dealer")
    codes = {"fold": 0, "1x": 1, "2x": 2, "3x": 3, "blind": 4}
    decision = frame["decision"].map(codes).to_numpy()
    multiple = np.where(decision == 4, settle.blind_multiple(player), decision)
    cell = outcome_cells(player, dealer, rules.dealer.qualifier_strength)
    nets = settle.nets(player, multiple, cell, side_bet=0)
    frame = frame.copy()
    for component in ("ante", "play", "super_bonus", "queens_up"):
        wager = frame["ante"] if component == "play" else frame[component]
        frame[f"{component}_net"] = wager * nets[component] / settle.unit
    return frame


def check(report: Report, name: str) -> bool:
    return next(c for c in report.checks if c.name == name).passed


def findings(report: Report, name: str) -> str:
    return "\n".join(next(c for c in report.checks if c.name == name).findings)


def run(frame: pd.DataFrame, tmp_path: Path, rules: str = "crazy4-standard") -> Report:
    path = tmp_path / "planted.parquet"
    frame.to_parquet(path)
    return validate(path, Options(load_rules(rules)))


@pytest.mark.parametrize("name", ["crazy4-standard", "crazy4-cardroom"])
def test_our_logs_pass(logs: dict[str, Path], name: str) -> None:
    report = validate(logs[name], Options(load_rules(name)))
    assert report.consistent, report.render()
    assert report.exit_status == 0
    assert report.rows == ROUNDS * (SEATS + (name == "crazy4-cardroom"))
    assert report.rounds == ROUNDS
    statistics = next(c for c in report.checks if c.name == "Statistics")
    tested = {test["name"] for test in statistics.tests}
    assert {"rank frequencies", "dealer hand categories", "mean of ante_super_bonus_play"} <= tested
    if name == "crazy4-cardroom":
        assert "mean of blind_second_hand" in tested
    assert any("four aces" in note for note in statistics.notes)  # too rare at this size


def test_our_csv_log_and_summary_pass(tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    plan = make_plan(rules, rounds=20_000, seed=8)
    counts = run_simulation(plan, log_path=tmp_path / "log.csv")
    assert validate(tmp_path / "log.csv", Options(rules)).consistent
    summary = tmp_path / "summary.json"
    summary.write_text(json.dumps(summarize_counts(plan, counts).to_dict()))
    report = validate(summary, Options(rules))
    assert report.consistent, report.render()
    # a summary whose Super Bonus total is off by 8 standard errors fails
    data = json.loads(summary.read_text())
    bet = data["bets"]["super_bonus"]
    bet["net"] += 8 * bet["exact_std_dev"] * np.sqrt(bet["hands"])
    # its mean and exact net follow the net (figures that contradict are refused, exit 2)
    bet["mean"], bet["net_exact"] = bet["net"] / bet["hands"], str(Fraction(bet["net"]))
    summary.write_text(json.dumps(data))
    assert not validate(summary, Options(rules)).consistent


def test_flush_paid_even_money_on_the_super_bonus(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"])
    flush = (category_of_strength()[strengths(frame, "player")] == HandCategory.FLUSH) & (
        frame["decision"] != "fold"
    )
    assert flush.sum() > 100
    frame.loc[flush, "super_bonus_net"] = 1.0
    report = run(frame, tmp_path)
    assert not report.consistent and not check(report, "Settlement")
    assert check(report, "Well-formed") and check(report, "Strategy")
    # one finding for every flush, named by what the log did, and the pay line inferred
    assert findings(report, "Settlement") == "Super Bonus flush paid 1 to 1, not 3/2"
    inference = next(c for c in report.checks if c.name == "Rule inference")
    assert inference.summary.endswith("except: Super Bonus flush pays 1 to 1, not 3/2 to 1")
    settlement = next(c for c in report.checks if c.name == "Settlement")
    assert sum(f.count for f in settlement.findings.values()) == flush.sum()


def test_a234_not_a_straight(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"])
    wheel = (strengths(frame, "player") == WHEEL) & (frame["decision"] != "fold")
    assert wheel.sum() > 10
    frame.loc[wheel, "super_bonus_net"] = 0.0  # treated as ace high: below the table
    frame.loc[wheel, "queens_up_net"] = -1.0
    report = run(frame, tmp_path)
    assert not check(report, "Settlement")
    text = findings(report, "Settlement")
    assert "Super Bonus pushed where won expected; Queens Up lost where paid 3 expected" in text
    assert "player straight" in text  # the category (the best-four validator said A-2-3-4)


def test_ties_settled_as_losses(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"])
    player, dealer = strengths(frame, "player"), strengths(frame, "dealer")
    tie = (player == dealer) & (dealer >= load_rules("crazy4-standard").dealer.qualifier_strength)
    tie &= frame["decision"] != "fold"
    assert tie.sum() > 5
    frame.loc[tie, "ante_net"] = -frame.loc[tie, "ante"]
    frame.loc[tie, "play_net"] = -frame.loc[tie, "play"]
    report = run(frame, tmp_path)
    assert not check(report, "Settlement")
    text = findings(report, "Settlement")
    assert "Ante lost where pushed expected; Play lost where pushed expected" in text
    assert "dealer qualifies, tie" in text


def test_play_not_paid_when_dealer_does_not_qualify(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"])
    low = strengths(frame, "dealer") < load_rules("crazy4-standard").dealer.qualifier_strength
    low &= frame["decision"] != "fold"
    frame.loc[low, "play_net"] = 0.0
    report = run(frame, tmp_path)
    assert not check(report, "Settlement")
    text = findings(report, "Settlement")
    assert "Play pushed where won expected, dealer does not qualify, player higher" in text


def test_card_dealt_twice(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"])
    # seat 2 of rounds 10 and 20 holds a card of seat 1; row numbers are 1-based
    for row in (19, 39):
        seat1 = frame.at[row - 1, "player"].split()
        seat2 = frame.at[row, "player"].split()
        if seat1[0] not in seat2:
            seat2[0] = seat1[0]
        frame.at[row, "player"] = " ".join(seat2)
    report = run(frame, tmp_path)
    assert not check(report, "Well-formed")
    well_formed = next(c for c in report.checks if c.name == "Well-formed")
    finding = well_formed.findings["a card dealt twice in one round"]
    assert finding.count == 4
    assert [example["row"] for example in finding.examples] == [19, 20, 39, 40]
    assert "round 10" in str(finding.examples[0]["reason"])
    # the other rows were still checked
    assert check(report, "Settlement") and check(report, "Strategy")
    assert (
        "59,996 rows re-settled" in next(c for c in report.checks if c.name == "Settlement").summary
    )


def test_dealer_from_a_second_deck(logs: dict[str, Path], tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    frame = frame_of(logs["crazy4-standard"])
    rng = np.random.default_rng(3)
    dealer = np.sort(np.argsort(rng.random((ROUNDS, 52)), axis=1)[:, :5], axis=1)
    frame["dealer"] = hand_text_array(np.repeat(dealer, SEATS, axis=0).T).to_pylist()
    report = run(resettle(frame, rules), tmp_path)
    assert not check(report, "Well-formed")
    assert "a card dealt twice" in findings(report, "Well-formed")
    assert check(report, "Settlement")


def test_biased_shuffle(logs: dict[str, Path], tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    frame = frame_of(logs["crazy4-standard"])
    weights = np.ones(52)
    weights[4 * 5 : 4 * 5 + 4] = 0.8  # sevens come out 20% less often
    rng = np.random.default_rng(4)
    deals = np.array(
        [
            rng.choice(52, 5 * SEATS + 5, replace=False, p=weights / weights.sum())
            for _ in range(ROUNDS)
        ]
    )
    seats = np.sort(deals[:, : 5 * SEATS].reshape(ROUNDS * SEATS, 5), axis=1)
    dealer = np.sort(deals[:, 5 * SEATS :], axis=1)
    frame["player"] = hand_text_array(seats.T).to_pylist()
    frame["dealer"] = hand_text_array(np.repeat(dealer, SEATS, axis=0).T).to_pylist()
    # the optimal play the validator expects (so only the statistics can fail)
    classes = class_rows(CRAZY_FOUR_SPEC.shape, seats, np.zeros((len(seats), 0), np.int64))
    decision = strategy_of(CRAZY_FOUR_SPEC, rules, "optimal")[classes]
    frame["decision"] = np.array(["fold", "1x", "2x", "3x"])[decision]
    frame["play"] = decision * frame["ante"]
    report = run(resettle(frame, rules), tmp_path)
    assert (
        check(report, "Well-formed") and check(report, "Settlement") and check(report, "Strategy")
    )
    assert not check(report, "Statistics")
    statistics = next(c for c in report.checks if c.name == "Statistics")
    ranks = next(t for t in statistics.tests if t["name"] == "rank frequencies")
    assert ranks["result"] == "FAIL" and "most off: 7" in str(ranks["detail"])


def test_strategy_deviation_reports_ev_lost(logs: dict[str, Path], tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    frame = frame_of(logs["crazy4-standard"])
    folds = np.flatnonzero(frame["decision"] == "fold")[:50]
    frame.loc[folds, "decision"] = "1x"
    frame.loc[folds, "play"] = frame.loc[folds, "ante"]
    report = run(resettle(frame, rules), tmp_path)
    assert check(report, "Settlement") and not check(report, "Strategy")
    strategy = next(c for c in report.checks if c.name == "Strategy")
    named = [
        f for what, f in strategy.findings.items() if what.endswith(": fold expected, 1x played")
    ]
    assert sum(finding.count for finding in named) == 50
    for finding in named:
        assert all(float(example["ev_lost"]) > 0 for example in finding.examples)  # type: ignore[arg-type]


def test_wagers_against_the_rules(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-cardroom"])
    ones = np.flatnonzero(frame["decision"] == "1x")[:3]
    frame.loc[ones, "decision"] = "2x"  # the card room allows 1x or 3x only
    frame.loc[ones, "play"] = 2 * frame.loc[ones, "ante"]
    frame.loc[5, "super_bonus"] = 2.0
    report = run(frame, tmp_path, "crazy4-cardroom")
    text = findings(report, "Well-formed")
    assert "Play not allowed by crazy4-cardroom" in text
    assert "super_bonus differs from the ante" in text


def test_cli_exit_status(
    logs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = logs["crazy4-standard"]
    report = tmp_path / "report.json"
    assert main(["validate", str(good), "--rules", "crazy4-standard", "--report", str(report)]) == 0
    assert json.loads(report.read_text())["verdict"] == "consistent"
    markdown = tmp_path / "report.md"
    frame = frame_of(good)
    frame.loc[frame["decision"] != "fold", "play_net"] = 0.0
    bad = tmp_path / "bad.csv"
    frame.to_csv(bad, index=False)
    assert (
        main(["validate", str(bad), "--rules", "crazy4-standard", "--report", str(markdown)]) == 1
    )
    assert "**INCONSISTENT**" in markdown.read_text()
    capsys.readouterr()
    corrupt = tmp_path / "corrupt.parquet"
    corrupt.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    assert main(["validate", str(corrupt), "--rules", "crazy4-standard"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("crazy4: error: cannot read") and error.count("\n") == 1
    missing = tmp_path / "columns.csv"
    missing.write_text("player,dealer\nAs Kd Qh Jc 9s,2c 3c 4c 5c 7d\n")
    assert main(["validate", str(missing), "--rules", "crazy4-standard"]) == 2
    assert "no column 'decision'" in capsys.readouterr().err


def test_statistics_helpers_match_scipy() -> None:
    stats = pytest.importorskip("scipy.stats", reason="scipy is only a test dependency")
    for df in (1, 2, 5, 7, 12, 51):
        for x in (0.5, 3.0, 11.0, 40.0, 90.0):
            assert chi_square_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)
    assert normal_two_sided_p(2.5) == pytest.approx(2 * stats.norm.sf(2.5), rel=1e-12)
    assert holm_adjust([0.001, 0.2, 0.01]) == pytest.approx([0.003, 0.2, 0.02])


def test_expected_strategy_is_an_option(tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    plan = make_plan(rules, rounds=40_000, seed=21, strategy="simple")
    path = tmp_path / "simple.parquet"
    run_simulation(plan, log_path=path)
    assert validate(path, Options(rules, strategy="simple")).consistent
    report = validate(path, Options(rules))  # against the optimal strategy
    strategy = next(c for c in report.checks if c.name == "Strategy")
    assert not strategy.passed and "EV lost" in strategy.summary
    assert check(report, "Settlement") and check(report, "Well-formed")


def test_other_card_spellings_are_read(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = frame_of(logs["crazy4-standard"]).head(2_000)
    frame["player"] = frame["player"].str.replace("T", "10").str.lower().str.replace(" ", "")
    report = run(frame, tmp_path)
    assert check(report, "Well-formed") and check(report, "Settlement"), report.render()
    frame.loc[3, "player"] = "Ks Kd Kh"
    frame.loc[7, "dealer"] = "Ks Kd Kh Kc Kx"
    report = run(frame, tmp_path)
    well_formed = next(c for c in report.checks if c.name == "Well-formed")
    reasons = {str(e["reason"]) for f in well_formed.findings.values() for e in f.examples}
    assert any("expected 5 cards, got 3" in reason for reason in reasons)
    assert any("'Kx'" in reason for reason in reasons)
    assert [e["row"] for f in well_formed.findings.values() for e in f.examples][:2] == [4, 8]
