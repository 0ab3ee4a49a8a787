"""Four Card Poker: the simulator against the exact values, and the validator's planted faults."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.ranking import (
    HandCategory,
    build_best_four_strengths,
    category_of_strength,
    strength_of_description,
)
from crazy4.errors import InputError
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
from crazy4.validate.driver import validate
from crazy4.validate.report import Options, Report

RULES = "four-card-standard"


@pytest.fixture(scope="module")
def rules():  # type: ignore[no-untyped-def]
    return load_rules(RULES)


@pytest.fixture(scope="module")
def log(rules, tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("fourcard") / "rounds.parquet"
    run_simulation(make_plan(rules, rounds=30_000, seed=11, seats=2), log_path=path)
    return path


@pytest.fixture(scope="module")
def frame(log: Path) -> pd.DataFrame:
    return pd.read_parquet(log)


def _strengths(frame: pd.DataFrame, rules) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    player = np.array([sorted(parse_cards(text)) for text in frame["player"]])
    dealer = np.array([sorted(parse_cards(text)) for text in frame["dealer"]])
    return (
        build_best_four_strengths(5)[colex_indices(player)].astype(np.int64),
        build_best_four_strengths(6)[colex_indices(dealer)].astype(np.int64),
    )


def _validate(frame: pd.DataFrame, tmp_path: Path, rules, strategy: str = "optimal") -> Report:  # type: ignore[no-untyped-def]
    path = tmp_path / "planted.parquet"
    frame.to_parquet(path)
    return validate(path, Options(rules, strategy=strategy))


def _check(report: Report, name: str):  # type: ignore[no-untyped-def]
    return next(check for check in report.checks if check.name == name)


def test_our_log_passes(log: Path, rules) -> None:  # type: ignore[no-untyped-def]
    report = validate(log, Options(rules))
    assert report.exit_status == 0, report.render()
    assert report.rows == 60_000 and report.rounds == 30_000


def test_log_schema(frame: pd.DataFrame) -> None:
    assert {"up_card", "aces_up", "bad_beat", "ante_bonus_net", "bad_beat_net"} <= set(frame)
    row = frame.iloc[0]
    assert len(row["dealer"].split()) == 6 and row["up_card"] in row["dealer"].split()
    assert (frame.groupby("round")["up_card"].nunique() == 1).all()


def test_ties_settled_as_dealer_wins(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    player, dealer = _strengths(frame, rules)
    ties = (player == dealer) & (frame["decision"].astype(str) != "fold").to_numpy()
    assert ties.sum() > 0
    planted = frame.copy()
    planted.loc[ties, "ante_net"] = -planted.loc[ties, "ante"]
    planted.loc[ties, "play_net"] = -planted.loc[ties, "play"]
    report = _validate(planted, tmp_path, rules)
    settlement = _check(report, "Settlement")
    assert report.exit_status == 1 and not settlement.passed
    # named by the rule difference that settles exactly these rows (a rule file's switch)
    assert list(settlement.findings) == ["ties settled as the dealer's"], list(settlement.findings)
    assert sum(f.count for f in settlement.findings.values()) == int(ties.sum())  # rows


def test_ante_bonus_not_paid_on_trips(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    player, _ = _strengths(frame, rules)
    trips = category_of_strength()[player] == HandCategory.THREE_OF_A_KIND
    assert trips.sum() > 0
    planted = frame.copy()
    planted.loc[trips, "ante_bonus_net"] = 0.0
    settlement = _check(_validate(planted, tmp_path, rules), "Settlement")
    assert not settlement.passed
    assert list(settlement.findings) == [
        "Ante Bonus three of a kind not paid (the table pays 2 to 1)"
    ], list(settlement.findings)


def test_aces_up_paying_kings(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    player, _ = _strengths(frame, rules)
    kings = (player >= strength_of_description("pair of kings")) & (
        player < strength_of_description("pair of aces")
    )
    assert kings.sum() > 0
    planted = frame.copy()
    planted.loc[kings, "aces_up_net"] = planted.loc[kings, "aces_up"]
    settlement = _check(_validate(planted, tmp_path, rules), "Settlement")
    assert not settlement.passed
    found = [w for w in settlement.findings if w.startswith("Aces Up won where lost expected")]
    assert found == list(settlement.findings) and all("player pair" in what for what in found)
    assert sum(settlement.findings[what].count for what in found) == int(kings.sum())


def test_up_card_also_in_a_player_hand(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    planted = frame.copy()
    cards = planted.loc[4, "player"].split()
    planted.loc[4, "player"] = " ".join([planted.loc[4, "up_card"], *cards[1:]])
    report = _validate(planted, tmp_path, rules)
    wellformed = _check(report, "Well-formed")
    assert report.exit_status == 1 and not wellformed.passed
    (what,) = wellformed.findings
    assert "dealt twice" in what and wellformed.findings[what].examples[0]["row"] == 5
    assert _check(report, "Settlement").passed


def test_strategy_deviation_with_ev_lost(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raised = (frame["decision"].astype(str) == "3x").to_numpy()
    planted = frame.copy()
    planted["decision"] = planted["decision"].astype(str)
    planted.loc[raised, "decision"] = "fold"
    planted.loc[raised, "play"] = 0.0
    planted.loc[raised, "play_net"] = 0.0
    planted.loc[raised, "ante_net"] = -1.0
    planted.loc[raised, "bad_beat_net"] = -1.0  # a fold forfeits it
    report = _validate(planted, tmp_path, rules)
    strategy = _check(report, "Strategy")
    assert _check(report, "Settlement").passed, report.render()
    assert not strategy.passed and "3x expected, fold played" in strategy.findings
    assert strategy.findings["3x expected, fold played"].count == int(raised.sum())
    assert "EV lost" in strategy.summary


def test_simple_strategy_log_passes_against_simple(rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "simple.csv"
    run_simulation(make_plan(rules, rounds=3000, seed=2, strategy="simple"), log_path=path)
    assert validate(path, Options(rules, strategy="simple")).exit_status == 0
    report = validate(path, Options(rules))
    assert not _check(report, "Strategy").passed


@pytest.mark.parametrize("name", [RULES, "four-card-ante-bonus-2"])
def test_means_within_standard_errors(name: str) -> None:
    rules = load_rules(name)
    plan = make_plan(rules, rounds=400_000, seed=3)
    summary = summarize_counts(plan, run_simulation(plan))
    for bet in summary.bets:
        assert abs(bet.z) < 4, (bet.name, bet.z)
    data = summary.to_dict()
    assert sum(data["dealer_categories"].values()) == 400_000  # type: ignore[attr-defined]


def test_jobs_do_not_change_the_numbers(rules) -> None:  # type: ignore[no-untyped-def]
    plan = make_plan(rules, rounds=2 * 65_536 + 100, seed=9, seats=3)
    one, two = run_simulation(plan, jobs=1), run_simulation(plan, jobs=2)
    assert (one.seats == two.seats).all() and (one.dealer == two.dealer).all()
    assert one.round_squares == two.round_squares


def test_unknown_aces_up_table(rules) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="unknown Aces Up table"):
        make_plan(rules, rounds=10, seed=1, side_bet="1-2-3")


def test_biased_shuffle_caught_by_rank_frequencies(  # type: ignore[no-untyped-def]
    frame: pd.DataFrame, rules, tmp_path: Path
) -> None:
    """Rounds holding a seven dropped at random: a deck short of sevens, every row correct."""
    cards = frame["player"].astype(str) + " " + frame["dealer"].astype(str)
    round_has_seven = cards.str.contains("7").groupby(frame["round"]).transform("any")
    rounds = frame["round"].unique()
    dropped = rounds[np.random.default_rng(3).random(rounds.shape[0]) < 0.3]
    biased = frame[~(round_has_seven & frame["round"].isin(dropped))].reset_index(drop=True)
    report = _validate(biased, tmp_path, rules)
    for name in ("Well-formed", "Settlement", "Strategy"):
        assert _check(report, name).passed, name
    ranks = next(t for t in _check(report, "Statistics").tests if t["name"] == "rank frequencies")
    assert ranks["result"] == "FAIL" and "most off: 7" in str(ranks["detail"])


def test_ties_pushed_are_inferred_as_the_tie_switch(
    frame: pd.DataFrame, rules, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    player, dealer = _strengths(frame, rules)
    ties = (player == dealer) & (frame["decision"].astype(str) != "fold").to_numpy()
    planted = frame.copy()
    planted.loc[ties, "ante_net"] = 0.0  # the rules text: the player wins ties; here they push
    planted.loc[ties, "play_net"] = 0.0
    inference = _check(_validate(planted, tmp_path, rules), "Rule inference")
    assert inference.summary == (
        "consistent with four-card-standard except: ties = push (ties push), not player"
    )


def test_a_missing_ante_bonus_line_is_inferred(frame: pd.DataFrame, rules, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    player, _ = _strengths(frame, rules)
    trips = category_of_strength()[player] == HandCategory.THREE_OF_A_KIND
    planted = frame.copy()
    planted.loc[trips, "ante_bonus_net"] = 0.0
    inference = _check(_validate(planted, tmp_path, rules), "Rule inference")
    assert inference.summary.startswith(
        "consistent with four-card-standard except: Ante Bonus has no three of a kind line"
    ), inference.summary
