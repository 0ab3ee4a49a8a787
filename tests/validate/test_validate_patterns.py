"""Findings named by what the log did, and rule inference, on logs of an independent engine.

The logs come from tests/validate_planted.py (its own ranking, strategy and settlement written
from the rules text). Each deviation is planted alone; the expected number of rows is the
number of rows whose nets the planted engine changed, counted by comparing its log with the
faithful engine's log of the same decks (nothing of crazy4's is asked).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from validate_planted import Engine, write_log

from crazy4.registry import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

ROUNDS = 6_000
NETS = ["ante_net", "play_net", "super_bonus_net", "queens_up_net"]


def run(path: Path, strategy: str = "simple") -> Report:
    return validate(path, Options(load_rules("crazy4-standard"), strategy=strategy))


def check(report: Report, name: str) -> Check:
    return next(c for c in report.checks if c.name == name)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    return pd.read_parquet(write_log(tmp_path_factory.mktemp("c") / "c.parquet", Engine(), ROUNDS))


def changed_rows(path: Path, clean: pd.DataFrame) -> int:
    planted = pd.read_parquet(path)
    return int((planted[NETS] != clean[NETS]).any(axis=1).sum())


def test_the_faithful_engine_passes(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "ok.parquet", Engine(stacked_ties=True), ROUNDS))
    passed = {c.name: c.passed for c in report.checks}
    assert passed["Settlement"] and passed["Strategy"] and passed["Well-formed"], passed
    assert check(report, "Rule inference").summary == "consistent with crazy4-standard"


PLANTED = [
    (
        {"fold_showdown": True},
        "fold settled as a showdown",
        "a fold is settled as a showdown",
    ),
    (
        {"ties_lose_bonus": True, "stacked_ties": True},
        "Super Bonus lost on a tie below a straight",
        "ties below a straight lose the Super Bonus",
    ),
    (
        {"dealer_wheel_ace_high": True},
        "dealer A-2-3-4 settled as ace high",
        "A-2-3-4 is not a straight in the dealer's hand",
    ),
    (
        {"any_king_or_ace": True},
        "dealer qualified on any K or A",
        "the dealer qualifies with any K or A (not K high or better)",
    ),
    (
        {"bonus_follows_play": True},
        "Super Bonus below a straight settled with the Play result",
        "the Super Bonus below a straight follows the Play result",
    ),
    (
        {"qualifier_ace_high": True},
        "dealer qualified from A high, not K high",
        "the dealer qualifies with A high, not K high",
    ),
    (
        {"flush_pays": 1.0},
        "Super Bonus flush paid 1 to 1, not 3/2",
        "Super Bonus flush pays 1 to 1, not 3/2 to 1",
    ),
]


@pytest.mark.parametrize(("switches", "pattern", "difference"), PLANTED)
def test_a_planted_settlement_deviation_is_one_finding_and_inferred(
    tmp_path: Path, clean: pd.DataFrame, switches: dict[str, object], pattern: str, difference: str
) -> None:
    path = write_log(tmp_path / "planted.parquet", Engine(**switches), ROUNDS)  # type: ignore[arg-type]
    baseline = clean
    if switches.get("stacked_ties"):
        baseline = pd.read_parquet(
            write_log(tmp_path / "base.parquet", Engine(stacked_ties=True), ROUNDS)
        )
    expected_rows = changed_rows(path, baseline)
    assert expected_rows > 0
    report = run(path)
    settlement = check(report, "Settlement")
    assert not settlement.passed
    assert {what: f.count for what, f in settlement.findings.items()} == {pattern: expected_rows}
    examples = settlement.findings[pattern].examples
    assert examples and all(any(k.endswith("_expected") for k in e) for e in examples)
    inference = check(report, "Rule inference")
    assert inference.summary == f"consistent with crazy4-standard except: {difference}"


def test_player_a234_is_named_in_settlement_and_strategy(tmp_path: Path) -> None:
    path = write_log(tmp_path / "w.parquet", Engine(player_wheel_ace_high=True), ROUNDS)
    report = run(path)
    assert list(check(report, "Settlement").findings) == ["player A-2-3-4 settled as ace high"]
    assert list(check(report, "Strategy").findings) == ["A-2-3-4: 3x expected, 1x played"]
    summary = check(report, "Rule inference").summary
    assert "except: A-2-3-4 is not a straight in the player's hand" in summary


def test_both_hands_a234_is_one_difference(tmp_path: Path) -> None:
    engine = Engine(player_wheel_ace_high=True, dealer_wheel_ace_high=True)
    report = run(write_log(tmp_path / "w.parquet", engine, ROUNDS))
    assert "A-2-3-4 settled as ace high" in check(report, "Settlement").findings
    assert "except: A-2-3-4 is not a straight" in check(report, "Rule inference").summary


def test_aces_never_triple_is_a_raise_minimum(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "aa.parquet", Engine(aces_never_triple=True), ROUNDS))
    assert check(report, "Settlement").passed
    assert list(check(report, "Strategy").findings) == ["pair of aces: 3x expected, 1x played"]
    assert check(report, "Rule inference").summary == (
        "consistent with crazy4-standard except: a pair of aces may not raise above 1x "
        "(raise minimum two pair, not pair of aces)"
    )


def test_two_deviations_give_two_differences_and_two_findings(tmp_path: Path) -> None:
    engine = Engine(fold_showdown=True, flush_pays=1.0)
    report = run(write_log(tmp_path / "two.parquet", engine, ROUNDS))
    findings = check(report, "Settlement").findings
    assert set(findings) == {"fold settled as a showdown", "Super Bonus flush paid 1 to 1, not 3/2"}
    summary = check(report, "Rule inference").summary
    assert "a fold is settled as a showdown" in summary
    assert "Super Bonus flush pays 1 to 1, not 3/2 to 1" in summary


def test_no_rule_set_explains_random_nets(tmp_path: Path, clean: pd.DataFrame) -> None:
    frame = clean.copy()
    frame.loc[::50, "ante_net"] = 7.0  # no rule pays the Ante 7 to 1
    path = tmp_path / "odd.parquet"
    frame.to_parquet(path)
    summary = check(run(path), "Rule inference").summary
    assert summary.startswith("no rule set searched explains the log"), summary


def test_a_biased_shuffle_fails_the_card_frequencies(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "b.parquet", Engine(biased_shuffle=True), ROUNDS))
    statistics = check(report, "Statistics")
    failed = {t["name"] for t in statistics.tests if t["result"] == "FAIL"}
    assert "rank frequencies" in failed and "card frequencies" in failed
    assert check(report, "Settlement").passed
