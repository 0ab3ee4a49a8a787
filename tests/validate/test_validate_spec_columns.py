"""The specification validator's checks for any game, against the best-four validator's.

Four Card Poker is still validated by the best-four validator (``crazy4.generic.
bestfour_validate``); the specification validator (``crazy4.generic.validate``) now checks
what that one checks of a Four Card Poker log beside the game's side bet: the Bad Beat Bonus
(a bet in a column of its own) settled again and tested, its missing net flagged, a dealer
hand or up card changing within a round flagged, and the simple strategy. Each expected
finding, test and count here is the best-four validator's on the same planted log (the old
code's output), never the specification validator's own.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.strength_table import BEST_FOUR
from crazy4.generic.bestfour_game import BestFourGame
from crazy4.generic.simulate import SpecSimulator
from crazy4.generic.validate import SpecValidator
from crazy4.registry import game_named, load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

RULES = "four-card-standard"


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded two-seat log of the standard rules."""
    path = tmp_path_factory.mktemp("spec_columns") / "log.parquet"
    run_simulation(make_plan(load_rules(RULES), rounds=3_000, seed=21, seats=2), log_path=path)
    return path


@pytest.fixture(scope="module")
def planted(log: Path) -> Path:
    """The log with faults: a missing Bad Beat net, a dealer hand changed in the second seat
    of a round, and Bad Beat nets paid where the bet lost."""
    folder = log.parent
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
    path = folder / "planted.parquet"
    frame.to_parquet(path)
    return path


def _both(
    path: Path, monkeypatch: pytest.MonkeyPatch, strategy: str = "optimal"
) -> tuple[Report, Report]:
    """The best-four validator's report of ``path``, then the specification validator's."""
    options = Options(load_rules(RULES), strategy=strategy, examples=10**5)
    old = validate(path, options)
    game = game_named("four-card-poker")
    simulator = game.simulator()
    assert isinstance(simulator, SpecSimulator)
    monkeypatch.setattr(BestFourGame, "validator", lambda self: SpecValidator(game.spec, simulator))
    return old, validate(path, options)


def _check(report: Report, name: str) -> Check:
    return next(check for check in report.checks if check.name == name)


def _rows(check: Check, what: str) -> list[object]:
    return [example["row"] for example in check.findings[what].examples]


def test_column_bet_and_round_checks_as_the_best_four_validator(
    planted: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = _both(planted, monkeypatch)
    old_formed, new_formed = _check(old, "Well-formed"), _check(new, "Well-formed")
    for what in (
        "bad_beat_net missing",
        "dealer cards or up card differ between rows of one round",
    ):
        assert _rows(new_formed, what) == _rows(old_formed, what) != []
    assert new.rows == old.rows and new.rounds == old.rounds
    old_settled, new_settled = _check(old, "Settlement"), _check(new, "Settlement")
    assert old_settled.summary == new_settled.summary  # the rows re-settled, 30 that differ
    assert list(new_settled.findings) == list(old_settled.findings)
    for what, finding in old_settled.findings.items():
        assert new_settled.findings[what].count == finding.count
    old_tests = {test["name"]: test for test in _check(old, "Statistics").tests}
    new_tests = {test["name"]: test for test in _check(new, "Statistics").tests}
    assert new_tests["mean of bad_beat"] == old_tests["mean of bad_beat"]
    assert set(new_tests) == set(old_tests)


def test_simple_strategy_from_the_settlement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log played by the simple strategy: checked as that strategy, its bets against their
    exact values under it."""
    path = tmp_path / "simple.parquet"
    plan = make_plan(load_rules(RULES), rounds=2_000, seed=2, strategy="simple")
    run_simulation(plan, log_path=path)
    old, new = _both(path, monkeypatch, strategy="simple")
    assert new.exit_status == old.exit_status == 0
    assert _check(new, "Strategy").summary == _check(old, "Strategy").summary
    old_tests = {test["name"]: test for test in _check(old, "Statistics").tests}
    new_tests = {test["name"]: test for test in _check(new, "Statistics").tests}
    assert new_tests["mean of ante_play"] == old_tests["mean of ante_play"]


def test_a_line_within_a_category_is_inferred_as_the_best_four_validator(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    old, new = _both(path, monkeypatch)
    old_inferred, new_inferred = _check(old, "Rule inference"), _check(new, "Rule inference")
    assert "pair of kings" in old_inferred.summary
    assert new_inferred.summary == old_inferred.summary
    assert new_inferred.findings.keys() == old_inferred.findings.keys()
