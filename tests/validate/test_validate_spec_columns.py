"""Four Card Poker on the specification validator: what the best-four validator checked.

Four Card Poker's log is checked by the specification validator (``crazy4.validate.engine``),
which now checks, for any game, what only the best-four validator checked of it: the Bad Beat
Bonus (a bet in a column of its own) settled again and tested, its missing net flagged, a
dealer hand or up card changing within a round flagged, the simple strategy with the bets'
exact values under it, and an Aces Up line within a category inferred by hand group. Every
expected value here is the best-four validator's output on the same seeded, planted logs,
captured with its code before it was deleted (``crazy4 validate`` of the main branch at
29da6bc), never the specification validator's own.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.strength_table import BEST_FOUR
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

RULES = "four-card-standard"

#: The best-four validator's settlement findings on the planted log, with their rows.
BAD_BEAT_FINDINGS = {
    "Bad Beat paid 5 where lost expected, dealer higher (fold or 1x or 3x; player high card "
    "or player pair; dealer high card or dealer pair or dealer two pair or dealer straight or "
    "dealer flush)": 22,
    "Bad Beat paid 5 where lost expected, player higher (1x or 3x; player pair or player two "
    "pair or player straight or player flush; dealer high card or dealer pair or dealer "
    "straight)": 7,
}
#: The best-four validator's statistical tests of the planted log.
TESTS = {
    "card frequencies",
    "card frequencies, dealer hand",
    "card frequencies, seat 1 hand",
    "card frequencies, seat 2 hand",
    "dealer hand categories (best 4 of 6)",
    "mean of aces-up-50-40-8-5-4-3-1",
    "mean of ante_play",
    "mean of bad_beat",
    "player hand categories (best 4 of 5)",
    "rank frequencies",
    "runs (dealer pair or better)",
    "serial correlation (dealer strength, lag 1)",
}


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded two-seat log of the standard rules."""
    path = tmp_path_factory.mktemp("spec_columns") / "log.parquet"
    run_simulation(make_plan(load_rules(RULES), rounds=3_000, seed=21, seats=2), log_path=path)
    return path


@pytest.fixture(scope="module")
def planted(log: Path) -> Path:
    """The log with faults: a missing Bad Beat net (row 9), a dealer hand changed in the
    second seat of a round (row 12), and Bad Beat nets paid where the bet lost."""
    frame = pd.read_parquet(log)
    frame["decision"] = frame["decision"].astype(str)
    frame.loc[8, "bad_beat_net"] = np.nan
    second = int(np.flatnonzero(frame["seat"].to_numpy() == 2)[5])
    cards = str(frame.at[second, "dealer"]).split()
    up = str(frame.at[second, "up_card"])
    unseen = next(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in cards)
    hidden = next(i for i, card in enumerate(cards) if card != up)
    cards[hidden] = unseen
    frame.at[second, "dealer"] = " ".join(cards)
    lost = np.flatnonzero((frame["bad_beat_net"] < 0).to_numpy())[10:40]
    frame.loc[lost, "bad_beat_net"] = 5.0
    path = log.parent / "planted.parquet"
    frame.to_parquet(path)
    return path


def _check(report: Report, name: str) -> Check:
    return next(check for check in report.checks if check.name == name)


def _tests(report: Report) -> dict[str, dict[str, object]]:
    return {str(test["name"]): test for test in _check(report, "Statistics").tests}


def test_column_bet_and_round_checks_as_the_best_four_validator(planted: Path) -> None:
    report = validate(planted, Options(load_rules(RULES), examples=10**5))
    assert (report.rows, report.rounds) == (6000, 3000)
    formed = _check(report, "Well-formed").findings
    assert [e["row"] for e in formed["bad_beat_net missing"].examples] == [9]
    changed = formed["dealer cards or up card differ between rows of one round"]
    assert [e["row"] for e in changed.examples] == [12]
    settled = _check(report, "Settlement")
    assert settled.summary == (
        "5,998 rows re-settled under four-card-standard: 29 with an amount that differs"
    )
    assert {what: f.count for what, f in settled.findings.items()} == BAD_BEAT_FINDINGS
    tests = _tests(report)
    assert set(tests) == TESTS
    bad_beat = tests["mean of bad_beat"]
    assert bad_beat["detail"] == "mean +0.08722 ± 0.09954, exact -0.08491"
    assert bad_beat["statistic"] == pytest.approx(1.7292268007071294, rel=1e-12)
    assert bad_beat["p_holm"] == pytest.approx(0.897620640355957, rel=1e-12)


def test_simple_strategy_from_the_settlement(tmp_path: Path) -> None:
    """A log played by the simple strategy: checked as that strategy, its bets against their
    exact values under it."""
    path = tmp_path / "simple.parquet"
    plan = make_plan(load_rules(RULES), rounds=2_000, seed=2, strategy="simple")
    run_simulation(plan, log_path=path)
    report = validate(path, Options(load_rules(RULES), strategy="simple", examples=10**5))
    assert report.exit_status == 0
    assert _check(report, "Strategy").summary == (
        "2,000 decisions compared with the simple strategy by hand and up card: 0 deviations"
    )
    ante_play = _tests(report)["mean of ante_play"]
    assert ante_play["detail"] == "mean +0.02950 ± 0.06070, exact -0.03397"


def test_a_line_within_a_category_is_inferred_as_the_best_four_validator(log: Path) -> None:
    """Aces Up paid 1 to 1 on a pair of kings: a line of a hand group below the table's pair
    of aces line, which a search by category cannot name."""
    frame = pd.read_parquet(log)
    cards = np.array([sorted(parse_cards(str(hand))) for hand in frame["player"]])
    strength = BEST_FOUR.strengths(5)[colex_indices(cards)]
    kings = (strength >= BEST_FOUR.strength_of("pair of kings")) & (
        strength < BEST_FOUR.strength_of("pair of aces")
    )
    frame.loc[kings, "aces_up_net"] = frame.loc[kings, "aces_up"]
    path = log.parent / "kings.parquet"
    frame.to_parquet(path)
    inferred = _check(validate(path, Options(load_rules(RULES), examples=10**5)), "Rule inference")
    line = "Aces Up pays 1 to 1 on pair of kings (a line the rule set lacks)"
    assert inferred.summary == f"consistent with four-card-standard except: {line}"
    assert list(inferred.findings) == [line]
