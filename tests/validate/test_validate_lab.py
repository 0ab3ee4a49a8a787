"""The lab statistics (sequence tests, cards by position, power) and the report a lab files.

Logs from the independent engine (tests/validate_planted.py); expected figures from scipy and
hashlib in the test, not from the validator.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
from pathlib import Path

import pytest
from scipy import stats
from validate_planted import Engine, write_log

from crazy4.cli.main import main
from crazy4.registry import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

ROUNDS = 6_000
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "validator-report.schema.json"
SEQUENCE = {"runs (dealer pair or better)", "serial correlation (dealer strength, lag 1)"}


def statistics(report: Report) -> Check:
    return next(c for c in report.checks if c.name == "Statistics")


def failed(report: Report) -> set[str]:
    return {str(t["name"]) for t in statistics(report).tests if t["result"] == "FAIL"}


def run(path: Path) -> Report:
    return validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))


def test_a_fair_deal_passes_every_lab_test(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "fair.parquet", Engine(), ROUNDS))
    names = {str(t["name"]) for t in statistics(report).tests}
    assert names >= SEQUENCE
    assert {"card frequencies, seat 1 hand", "card frequencies, dealer hand"} <= names
    assert failed(report) == set()
    assert "99% confidence, Holm-adjusted" in statistics(report).summary


def test_a_serially_correlated_deck_fails_the_sequence_tests(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "corr.parquet", Engine(correlated_deck=True), ROUNDS))
    assert failed(report) >= SEQUENCE
    assert "dealer hand categories" not in failed(report)  # each round's deal is still fair


def test_a_biased_shuffle_fails_the_cards_by_position_not_the_sequence(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "bias.parquet", Engine(biased_shuffle=True), ROUNDS))
    assert {"card frequencies, seat 1 hand", "card frequencies, dealer hand"} <= failed(report)
    assert not SEQUENCE & failed(report)


def test_the_power_statement_is_the_normal_power_formula(tmp_path: Path) -> None:
    report = run(write_log(tmp_path / "fair.parquet", Engine(), ROUNDS))
    tests = statistics(report).tests
    level = 0.01 / len(tests)
    z = stats.norm.ppf(1 - level / 2) + stats.norm.ppf(0.8)
    means = [t for t in tests if str(t["name"]).startswith("mean of ")]
    assert means
    for test in means:
        power = test["power"]
        assert isinstance(power, dict)
        assert power["hands"] == ROUNDS and power["level"] == pytest.approx(level)
        spread = float(power["spread"])
        assert power["detectable_deviation"] == pytest.approx(z * spread / math.sqrt(ROUNDS))
        assert power["hands_for_0.001"] == math.ceil((z * spread / 0.001) ** 2)


@pytest.mark.parametrize("engine", [Engine(), Engine(ties_lose_bonus=True, stacked_ties=True)])
def test_the_json_html_and_markdown_reports(tmp_path: Path, engine: Engine) -> None:
    log = write_log(tmp_path / "log.parquet", engine, 2_000, rule_set="crazy4-standard")
    pages = {}
    for suffix in ("json", "html", "md"):
        out = tmp_path / f"report.{suffix}"
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(["validate", str(log), "--strategy", "simple", "--report", str(out)])
        pages[suffix] = out.read_text()
    data = json.loads(pages["json"])
    import jsonschema  # here, not at collection: it imports its format parsers (1.5 s)

    jsonschema.validate(data, json.loads(SCHEMA.read_text()))
    assert data["source_sha256"] == hashlib.sha256(log.read_bytes()).hexdigest()
    assert data["source_bytes"] == log.stat().st_size
    rule_text = load_rules("crazy4-standard").text.encode()
    assert data["rule_set_sha256"] == hashlib.sha256(rule_text).hexdigest()
    assert status == data["exit_status"] == (0 if engine == Engine() else 1)
    for check in data["checks"]:
        status_word = "PASS" if check["status"] == "pass" else "FAIL"
        assert (
            f'{check["name"]}: <span class="{check["status"]}">{status_word}</span>'
            in pages["html"]
        )
        assert (
            f"## {check['name']}: {check['status'] if check['status'] == 'pass' else 'FAIL'}"
            in pages["md"]
        )
    assert data["source_sha256"] in pages["html"] and data["source_sha256"] in pages["md"]
