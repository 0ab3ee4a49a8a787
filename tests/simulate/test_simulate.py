"""The simulator: dealing, reproducibility, agreement with the exact analysis, the CLI."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from oracle_crazy4 import all_hands, hand_values, read_rules, simple_decisions

from crazy4.cli.main import main
from crazy4.core.cards import colex_indices
from crazy4.core.deal import deal_hands
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules
from crazy4.simulate.counts import Counts
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
from crazy4.simulate.plan import CHUNK_ROUNDS
from crazy4.simulate.plays import analysis_of


def same_counts(a: Counts, b: Counts) -> bool:
    return (
        a.rounds == b.rounds
        and np.array_equal(a.seats, b.seats)
        and np.array_equal(a.blind, b.blind)
        and np.array_equal(a.dealer, b.dealer)
        and a.round_squares == b.round_squares
    )


def test_deal_hands_disjoint_sorted_and_indexed() -> None:
    dealt = deal_hands(np.random.default_rng(5), 20_000, (5,) * 7 + (5,))
    cards = np.concatenate(dealt.cards).astype(np.int64)  # 40 cards a round
    ordered = np.sort(cards, axis=0)
    assert (ordered[1:] != ordered[:-1]).all()
    assert cards.min() >= 0 and cards.max() <= 51
    for hand, colex in zip(dealt.cards, dealt.colex, strict=True):
        assert (np.diff(hand.astype(np.int64), axis=0) > 0).all()
        assert np.array_equal(colex_indices(hand.T), colex)


def test_deal_hands_uniform_cards_in_every_position() -> None:
    # every hand position sees every card equally often (chi-square, 51 df, far from the tail)
    dealt = deal_hands(np.random.default_rng(11), 52_000, (5, 5, 5))
    for hand in dealt.cards:
        counts = np.bincount(hand.ravel(), minlength=52)
        expected = hand.size / 52
        statistic = float(((counts - expected) ** 2 / expected).sum())
        assert statistic < 100  # P(chi2_51 > 100) ~ 5e-5


@pytest.mark.parametrize("name", ["crazy4-standard", "crazy4-cardroom"])
def test_simulated_means_agree_with_exact(name: str) -> None:
    rules = load_rules(name)
    blind = 1 if rules.blind_second_hand else 0
    plan = make_plan(rules, rounds=300_000, seed=2024, seats=2 + blind, blind_hands=blind)
    summary = summarize_counts(plan, run_simulation(plan))
    names = {bet.name for bet in summary.bets}
    assert "ante_super_bonus_play" in names
    assert ("blind_second_hand" in names) == bool(blind)
    for bet in summary.bets:
        assert abs(bet.z) < 4, (bet.name, bet.mean, bet.exact_mean, bet.standard_error)
        # the stated standard error is the exact one within a few percent (more with a design
        # effect: seats share the dealer's hand)
        independent = bet.exact_std_dev / np.sqrt(bet.hands)
        assert 0.9 * independent < bet.standard_error < 1.5 * independent
        assert abs(bet.hit_frequency - bet.exact_hit_frequency) < 5 * np.sqrt(0.25 / bet.hands)
    qualified = summary.counts.dealer[rules.dealer.qualifier_strength :].sum() / plan.rounds
    # the test oracle's: the dealer's five-card hands at or above the qualifier, of C(52, 5)
    p = int((all_hands().values >= read_rules(rules).qualifier).sum()) / comb(52, 5)
    assert abs(qualified - p) < 4 * np.sqrt(p * (1 - p) / plan.rounds)


def test_simple_strategy_costs_what_the_analysis_says() -> None:
    rules = load_rules("crazy4-standard")
    optimal = make_plan(rules, rounds=200_000, seed=9)
    simple = make_plan(rules, rounds=200_000, seed=9, strategy="simple")
    a = summarize_counts(optimal, run_simulation(optimal))
    b = summarize_counts(simple, run_simulation(simple))
    # same seed, same cards: only the few hands where the strategies differ change results
    assert np.array_equal(a.counts.dealer, b.counts.dealer)
    game_a = next(bet for bet in a.bets if bet.name == "ante_super_bonus_play")
    game_b = next(bet for bet in b.bets if bet.name == "ante_super_bonus_play")
    assert game_b.exact_mean < game_a.exact_mean
    assert abs(game_b.z) < 4


def test_strategy_file_is_read(tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    # every hand class (the analysis' representatives) with the test oracle's simple strategy
    classes = analysis_of(CRAZY_FOUR_SPEC, rules).hands
    simple = simple_decisions(read_rules(rules), hand_values(classes))
    from crazy4.core.cards import format_cards

    hands = [format_cards(row) for row in classes.tolist()]
    labels = np.array(["fold", "1x", "2x", "3x"])[simple]
    path = tmp_path / "strategy.csv"
    pd.DataFrame({"hand": hands, "decision": labels}).to_csv(path, index=False)
    from_file = make_plan(rules, rounds=CHUNK_ROUNDS + 10, seed=4, strategy=str(path))
    published = make_plan(rules, rounds=CHUNK_ROUNDS + 10, seed=4, strategy="simple")
    assert np.array_equal(from_file.decision, published.decision)
    assert same_counts(run_simulation(from_file), run_simulation(published))


def test_same_seed_same_numbers_for_any_jobs(tmp_path: Path) -> None:
    rules = load_rules("crazy4-cardroom")
    plan = make_plan(rules, rounds=3 * CHUNK_ROUNDS + 123, seed=77, seats=4, blind_hands=1)
    one = run_simulation(plan, jobs=1)
    two = run_simulation(plan, jobs=2)
    assert same_counts(one, two)
    other = run_simulation(make_plan(rules, rounds=plan.rounds, seed=78, seats=4, blind_hands=1))
    assert not same_counts(one, other)
    # the log is the same bytes too, and its summary the same counts
    logs = []
    for jobs in (1, 2):
        path = tmp_path / f"log{jobs}.parquet"
        counts = run_simulation(plan, jobs=jobs, log_path=path, log_metadata={"seed": 77})
        assert same_counts(counts, one)
        logs.append(path.read_bytes())
    assert logs[0] == logs[1]


def test_dask_backend_matches_local(dask_scheduler: str) -> None:
    rules = load_rules("crazy4-standard")
    plan = make_plan(rules, rounds=2 * CHUNK_ROUNDS + 5, seed=31, seats=2)
    local = run_simulation(plan)
    remote = run_simulation(plan, backend="dask", scheduler=dask_scheduler)
    assert same_counts(local, remote)


def test_log_rows_match_the_summary(tmp_path: Path) -> None:
    rules = load_rules("crazy4-standard")
    plan = make_plan(rules, rounds=5_000, seed=3, seats=3)
    path = tmp_path / "rounds.parquet"
    counts = run_simulation(plan, log_path=path)
    frame = pd.read_parquet(path)
    assert len(frame) == 15_000
    assert frame["round"].tolist()[:4] == [1, 1, 1, 2]
    assert frame["seat"].tolist()[:4] == [1, 2, 3, 1]
    summary = summarize_counts(plan, counts)
    game = next(bet for bet in summary.bets if bet.name == "ante_super_bonus_play")
    logged = (frame["ante_net"] + frame["play_net"] + frame["super_bonus_net"]).sum()
    assert logged == pytest.approx(float(game.net))
    assert set(frame["decision"].astype(str)) <= {"fold", "1x", "2x", "3x"}


def test_cli_simulate_writes_summary_and_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "summary.json"
    log = tmp_path / "rounds.csv"
    status = main(
        [
            "simulate",
            "--rules",
            "crazy4-cardroom",
            "--rounds",
            "2e3",
            "--seed",
            "5",
            "--seats",
            "2",
            "--blind-hands",
            "1",
            "--log",
            str(log),
            "--summary",
            str(summary),
            "--quiet",
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "blind_second_hand" in out and "dealer qualifies" in out
    data = json.loads(summary.read_text())
    assert data["rounds"] == 2000 and data["provenance"]["seed"] == 5
    assert len(pd.read_csv(log)) == 4000


def test_no_progress_bar_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Like every other command, simulate draws its bar on a terminal only (not in a log)."""
    arguments = ["simulate", "--rules", "crazy4-standard", "--rounds", "2e3", "--seed", "5"]
    assert main(arguments) == 0
    captured = capsys.readouterr()
    assert "dealer qualifies" in captured.out and captured.err == ""


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--rules", "crazy4-standard", "--rounds", "10", "--seats", "8"], "--seats"),
        (["--rules", "crazy4-standard", "--rounds", "10", "--blind-hands", "1", "--seats", "2"],
         "no blind second hand"),
        (["--rules", "crazy4-cardroom", "--rounds", "10", "--blind-hands", "1"], "at most half"),
        (["--rules", "crazy4-standard", "--rounds", "10", "--strategy", "nope.csv"], "nope.csv"),
        (["--rules", "crazy4-standard", "--rounds", "10", "--queens-up", "9-9"], "Queens Up"),
        (["--rules", "crazy4-standard", "--rounds", "10", "--log", "x.txt"], ".parquet or .csv"),
        (["--rules", "crazy4-standard", "--rounds", "10", "--backend", "dask"],
         "--backend dask needs"),
    ],
)  # fmt: skip
def test_cli_simulate_bad_input(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *arguments, "--quiet"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1
