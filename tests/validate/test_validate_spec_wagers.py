"""The specification validator on a game's own wagers (Crazy 4 Poker's Super Bonus).

What the settlement logs beside the Ante, the Play and the Ante Bonus
(:attr:`crazy4.spec.specification.CellSettlement.logged`) is settled again against its own net,
a wager staked one Ante is flagged where it differs from the Ante, and the main game's bets
apart (:attr:`~crazy4.spec.specification.CellSettlement.bets`) are tested: for any game, as
data; so is everything else the best-four validator checked of a Crazy 4 Poker log. The
expected values come from the independent engine (``tests/validate_planted.py``) and the
best-four validator's pinned reports (``crazy_four_reports/``), never from the validator.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from validate_planted import FLUSH, HIGH, RANKS, STRAIGHT, SUITS, Engine, best_four, write_log

from crazy4.core.cards import colex_indices
from crazy4.core.strength_table import BEST_FOUR
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.spec.wagers import outcome_cells
from crazy4.validate.driver import validate
from crazy4.validate.report import Check, Options, Report

ROUNDS = 1_500


def spec_validate(path: Path) -> Report:
    """``path`` validated (by the specification validator) against crazy4-standard."""
    options = Options(load_rules("crazy4-standard"), strategy="simple", examples=10**5)
    return validate(path, options)


def check(report: Report, name: str) -> Check:
    return next(c for c in report.checks if c.name == name)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("spec_wagers")
    return {
        name: write_log(folder / f"{name}.parquet", engine, ROUNDS)
        for name, engine in (("clean", Engine()), ("flush", Engine(flush_pays=1.0)))
    }


def test_the_super_bonus_is_settled_again(logs: dict[str, Path]) -> None:
    clean, flush = (pd.read_parquet(logs[name]) for name in ("clean", "flush"))
    planted = set(np.flatnonzero(clean["super_bonus_net"] != flush["super_bonus_net"]) + 1)
    assert len(planted) > 20
    assert check(spec_validate(logs["clean"]), "Settlement").passed
    settlement = check(spec_validate(logs["flush"]), "Settlement")
    assert not settlement.passed
    found = {
        int(str(example["row"]))
        for finding in settlement.findings.values()
        for example in finding.examples
    }
    assert found == planted
    assert all(what.startswith("Super Bonus") for what in settlement.findings)


def test_a_super_bonus_unlike_the_ante_is_flagged(logs: dict[str, Path], tmp_path: Path) -> None:
    frame = pd.read_parquet(logs["clean"])
    frame.loc[[4, 9], "super_bonus"] = 2.0
    path = tmp_path / "stake.parquet"
    frame.to_parquet(path)
    well_formed = check(spec_validate(path), "Well-formed")
    assert well_formed.findings["super_bonus differs from the ante"].count == 2


def test_the_main_bets_apart_are_tested(logs: dict[str, Path]) -> None:
    tests = {test["name"] for test in check(spec_validate(logs["clean"]), "Statistics").tests}
    names = ("ante_super_bonus_play", "ante_play", "super_bonus")
    assert {f"mean of {name}" for name in names} <= tests


def statistics_lines(text: str, names: tuple[str, ...]) -> list[str]:
    return [line for line in text.splitlines() if line.strip().startswith(names)]


def test_outcome_cells_and_qualification_rate_as_the_best_four_validator(
    logs: dict[str, Path],
) -> None:
    """The two tests' lines equal the best-four validator's on the same log (its pinned
    report, ``crazy_four_reports/clean.txt``)."""
    names = ("outcome cells (first seat)", "dealer qualification rate")
    expected = (Path(__file__).parent / "crazy_four_reports" / "clean.txt").read_text()
    found = statistics_lines(spec_validate(logs["clean"]).render(), names)
    assert len(found) == 2
    assert found == statistics_lines(expected.split("\n{")[0], names)


def test_the_qualified_column_is_settled_again(logs: dict[str, Path], tmp_path: Path) -> None:
    """A log's ``qualified`` column (1: the dealer qualified), from the independent engine's
    qualifier (K-high: a king or better among the dealer's best four, ranked by the engine)."""
    frame = pd.read_parquet(logs["clean"])
    cards = {f"{r}{s}": 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
    keys = [best_four(tuple(cards[c] for c in hand.split())) for hand in frame["dealer"]]
    king = RANKS.index("K")
    frame["qualified"] = [float(k[0] > HIGH or k[1] >= king) for k in keys]
    path = tmp_path / "qualified.parquet"
    frame.to_parquet(path)
    assert check(spec_validate(path), "Settlement").passed
    frame.loc[[3, 7], "qualified"] = 1 - frame.loc[[3, 7], "qualified"]
    frame.to_parquet(path)
    settlement = check(spec_validate(path), "Settlement")
    rows = {int(str(e["row"])) for f in settlement.findings.values() for e in f.examples}
    assert rows == {4, 8}


def test_blind_second_hands_as_the_best_four_validator(tmp_path: Path) -> None:
    """The card room's log with a blind second hand (the pinned report's,
    ``crazy_four_reports/cardroom.txt``): every row well-formed and settled again, the blind
    hands' decisions not compared, their bet and the first seats' cells tested as the
    best-four validator tested them; a blind hand under rules without one flagged."""
    room = load_rules("crazy4-cardroom")
    log = tmp_path / "cardroom.parquet"
    run_simulation(make_plan(room, rounds=1_500, seed=11, seats=3, blind_hands=1), log_path=log)
    report = validate(log, Options(room))
    standard = validate(log, Options(load_rules("crazy4-standard")))
    for name in ("Well-formed", "Settlement", "Rule inference"):
        assert check(report, name).passed, report.render()
    assert check(report, "Strategy").summary.startswith("3,000 decisions")
    names = ("mean of blind_second_hand", "outcome cells", "dealer qualification rate")
    expected = (Path(__file__).parent / "crazy_four_reports" / "cardroom.txt").read_text()
    found = statistics_lines(report.render(), names)
    assert len(found) == 3
    assert found == statistics_lines(expected.split("\n{")[0], names)
    flagged = check(standard, "Well-formed").findings
    assert flagged["blind hand, but crazy4-standard has no blind second hand"].count == 1_500


def section(text: str, name: str) -> str:
    """A check's section of a text report (its lines up to the next blank line)."""
    start = text.index(f"\n{name}: ")
    return text[start : text.index("\n\n", start)]


def test_the_statistics_are_the_best_four_validators(logs: dict[str, Path]) -> None:
    """Every statistical test and note of the log (categories, outcome cells, the
    qualification rate, the dealer's serial correlation by strength, each bet's mean with its
    design effect, the award lines too rare for the sample) as the pinned report has them."""
    expected = (Path(__file__).parent / "crazy_four_reports" / "clean.txt").read_text()
    found = spec_validate(logs["clean"]).render()
    assert section(found, "Statistics") == section(expected, "Statistics")


def test_the_raise_minimum(logs: dict[str, Path], tmp_path: Path) -> None:
    """A raise below the minimum flagged; the independent engine's aces never raised named
    as the best-four validator named them (its pinned report: the strategy's findings by hand
    group and the rule inference), but for the strategy check's words of the spec validator."""
    frame = pd.read_parquet(logs["clean"])
    folds = np.flatnonzero(frame["decision"] == "fold")[:3]  # below K-Q-8-4: below a pair too
    frame.loc[folds, "decision"], frame.loc[folds, "play"] = "3x", 3.0
    path = tmp_path / "raises.parquet"
    frame.to_parquet(path)
    flagged = check(spec_validate(path), "Well-formed").findings
    assert flagged["Play above 1x below pair of aces (the raise minimum)"].count == 3
    planted = write_log(tmp_path / "aces.parquet", Engine(aces_never_triple=True), ROUNDS)
    found = spec_validate(planted).render()
    expected = (Path(__file__).parent / "crazy_four_reports" / "aces_never_triple.txt").read_text()
    assert section(found, "Rule inference") == section(expected, "Rule inference")
    words = " by hand class"  # the spec validator's (the best-four validator's had none)
    strategy = section(found, "Strategy").replace(words, "").splitlines()
    lines = [line for line in strategy if not line.startswith("      - row")]
    expected_lines = section(expected, "Strategy").splitlines()
    assert lines == [line for line in expected_lines if not line.startswith("      - row")]


@pytest.mark.parametrize(
    "name", ["fold_showdown", "ties_lose_bonus", "bonus_follows_play", "any_king_or_ace"]
)
def test_the_games_misreadings_are_named(tmp_path: Path, name: str) -> None:
    """Each misreading the independent engine plants is named as the best-four validator
    named it (its pinned report's rule inference)."""
    engine = Engine(**{name: True, "stacked_ties": name == "ties_lose_bonus"})
    found = spec_validate(write_log(tmp_path / f"{name}.parquet", engine, ROUNDS)).render()
    expected = (Path(__file__).parent / "crazy_four_reports" / f"{name}.txt").read_text()
    assert section(found, "Rule inference") == section(expected, "Rule inference")


@pytest.mark.parametrize("name", ["flush_pays", "two_lines_and_ties"])
def test_super_bonus_lines_are_named(tmp_path: Path, name: str) -> None:
    """A Super Bonus line changed (and one with a tie rule and a second line) found and
    named as the best-four validator named them (its pinned report: the settlement's findings
    and the rule inference)."""
    engines = {
        "flush_pays": Engine(flush_pays=1.0),
        "two_lines_and_ties": Engine(
            ties_to_dealer=True, bonus_lines=((STRAIGHT, 2.0), (FLUSH, 2.0)), stacked_ties=True
        ),
    }
    options = Options(load_rules("crazy4-standard"), strategy="simple")
    path = write_log(tmp_path / f"{name}.parquet", engines[name], ROUNDS)
    found = validate(path, options).render()
    expected = (Path(__file__).parent / "crazy_four_reports" / f"{name}.txt").read_text()
    for check_name in ("Settlement", "Rule inference"):
        assert section(found, check_name) == section(expected, check_name)


def test_the_unlisted_switch_is_searched(tmp_path: Path) -> None:
    """The card room's Super Bonus pushes the hands its table does not list; a log that settles
    them below the table instead is explained by that switch, the rows it changes being those
    the two readings settle differently (by the game's settlement, not the validator)."""
    from crazy4.games.crazy_four.cells import crazy_four_settlement
    from crazy4.games.crazy_four.rules import crazy_four_rules

    room = crazy_four_rules(load_rules("crazy4-cardroom"))
    assert room.super_bonus is not None
    switched = replace(room, super_bonus=replace(room.super_bonus, unlisted="below_table"))
    log = tmp_path / "room.parquet"
    run_simulation(make_plan(room, rounds=20_000, seed=3, seats=2), log_path=log)
    frame = pd.read_parquet(log)
    ranking = BEST_FOUR.strengths(5)
    cards = {f"{r}{s}": 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
    player, dealer = (
        ranking[colex_indices(np.sort([[cards[c] for c in h.split()] for h in frame[k]], axis=1))]
        for k in ("player", "dealer")
    )
    settle = crazy_four_settlement(switched)
    codes = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}
    multiple = frame["decision"].map(codes).to_numpy()
    cell = outcome_cells(player, dealer, room.dealer.qualifier_strength)
    nets = settle.nets(player, multiple, cell, side_bet=0)["super_bonus"] / settle.unit
    changed = ~np.isclose(nets, frame["super_bonus_net"])
    assert changed.sum() > 0
    frame["super_bonus_net"] = nets
    path = tmp_path / "switched.parquet"
    frame.to_parquet(path)
    inference = check(validate(path, Options(load_rules("crazy4-cardroom"))), "Rule inference")
    assert inference.summary == (
        "consistent with crazy4-cardroom except: Super Bonus unlisted = below_table, not push"
    )
