"""A Four Card Poker engine's raw export, read with the guessed mapping unedited: the amounts
credited back with the stake (``ante_credit``, ``play_credit``, ``aces_up_credit``), the Ante
Bonus credited apart as the pure bonus it is (``ante_bonus_credit``: already a net), and the
decision as ``engine_decision`` beside a float ``play_multiplier``.

The rounds are the independent oracle's (tests/oracle_four_card.py: its own evaluator and
settlement from the rules text; 3x from a pair of aces, else 1x); the export is written here.
Planted wrong credits, and an engine that pays an Aces Up line the rule set lacks, are found
on exactly the rows the oracle's own records differ, the rule inference naming the line.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import oracle_four_card as four
import pandas as pd
import pytest
from foreign_formats import cli

ROUNDS = 3_000
AA = four.hand_value("As Ad 4c 3h")
STANDARD = four.read_rules(four.rule_file("four-card-standard"))
TABLE = next(iter(STANDARD.aces_up))
PLANTED = (5, 777, 2222)
RULES = ("--rules", "four-card-standard")


def export(reading: four.Reading) -> pd.DataFrame:
    """The raw export of the oracle's rounds settled under ``reading``."""
    decks = np.argsort(np.random.default_rng(46).random((ROUNDS, 52)), axis=1)[:, :11]
    rows = []
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:5], deck[5:]
        multiple = 3 if four.hand_value(player) >= AA else 1
        nets = four.settle(reading, four.hand_value(player), four.hand_value(dealer), multiple)
        value = {k: float(Fraction(int(v), reading.unit)) for k, v in nets.items()}
        rows.append(
            {
                "game_id": f"G-{number:06d}",
                "player_cards": four.hand_text(player),
                "dealer_cards": four.hand_text(dealer),
                "dealer_up_card": four.hand_text([dealer[0]]),
                "engine_decision": "play",
                "play_multiplier": float(multiple),
                "ante_wager": 1.0,
                "ante_credit": 1.0 + value["ante"],
                "ante_bonus_credit": value["ante_bonus"],
                "play_wager": float(multiple),
                "play_credit": multiple + value["play"],
                "aces_up_wager": 1.0,
                "aces_up_credit": 1.0 + value[f"aces_up:{TABLE}"],
            }
        )
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def faithful() -> pd.DataFrame:
    return export(STANDARD)


def guessed(log: Path, folder: Path) -> Path:
    mapping = folder / "mapping.toml"
    status, _, err = cli(str(log), "--init-mapping", "--mapping", str(mapping), *RULES)
    assert (status, err) == (0, ""), err
    return mapping


def checks_of(log: Path, mapping: Path, folder: Path) -> dict[str, dict[str, object]]:
    report = folder / "report.json"
    args = ("--mapping", str(mapping), "--examples", "3000", "--report", str(report))
    status, out, err = cli(str(log), *args)
    assert err == "" and status in (0, 1), out
    return {check["name"]: check for check in json.loads(report.read_text())["checks"]}


def rows_of(check: dict[str, object]) -> set[int]:
    findings = check["findings"]
    assert isinstance(findings, list)
    return {example["row"] for finding in findings for example in finding["examples"]}


def test_the_guess_reads_credits_a_net_bonus_and_a_label_with_a_multiplier(
    faithful: pd.DataFrame, tmp_path: Path
) -> None:
    log = tmp_path / "raw.csv"
    faithful.to_csv(log, index=False)
    mapping = guessed(log, tmp_path)
    text = mapping.read_text()
    for line in (
        'ante_net = "ante_credit"',
        'ante_bonus_net = "ante_bonus_credit"',
        'aces_up_net = "aces_up_credit"',
        'up_card = "dealer_up_card"',
        'decision = ["engine_decision", "play_multiplier"]',
        'ante = "return"',
        'aces_up = "return"',
        'round_ids = "text"',
    ):
        assert line in text, text
    assert "ante_bonus =" not in text.split("[amounts]")[-1]  # the bonus is a net as it is
    checks = checks_of(log, mapping, tmp_path)
    assert checks["Well-formed"]["status"] == "pass"
    assert checks["Settlement"]["status"] == "pass"
    assert checks["Rule inference"]["summary"] == "consistent with four-card-standard"
    planted = faithful.copy()
    planted.loc[[row - 1 for row in PLANTED], "ante_credit"] += 1
    planted.to_csv(log, index=False)
    assert rows_of(checks_of(log, mapping, tmp_path)["Settlement"]) == set(PLANTED)


def test_an_aces_up_line_added_is_found_and_named(faithful: pd.DataFrame, tmp_path: Path) -> None:
    lines = {TABLE: {**STANDARD.aces_up[TABLE], "pair": Fraction(1)}}
    deviated = export(replace(STANDARD, aces_up=lines))
    expected = set((deviated != faithful).any(axis=1).to_numpy().nonzero()[0] + 1)
    assert len(expected) >= 5
    log = tmp_path / "ties.csv"
    deviated.to_csv(log, index=False)
    checks = checks_of(log, guessed(log, tmp_path), tmp_path)
    assert rows_of(checks["Settlement"]) == expected
    inference = checks["Rule inference"]
    named = {f["what"]: f["count"] for f in inference["findings"]}  # type: ignore[union-attr]
    assert named == {"Aces Up pays 1 to 1 on pair (a line the rule set lacks)": len(expected)}
