"""Planted cheats and their detection in Three Card Poker, through the generic engines.

Expected values come from the independent oracle ``tests/oracle_three_card.py`` (settlement
and hand values written from the rules text): every logged net is the oracle's, and every
planted decision is the oracle's brute-force best given what the seat knew (every dealer hand
counted). The detection test plants a hole-carder among honest seats and a team.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import oracle_three_card as oracle
import pyarrow.parquet as pq
import pytest

from crazy4.advantage import plant
from crazy4.advantage.plant import make_planting, run_planted
from crazy4.cli.main import main
from crazy4.log.roundlog import log_metadata
from crazy4.registry import load_rules

RULES = load_rules("three-card-standard")
DECISION = {"fold": "fold", "1x": "play"}


def _main_bets(player: str, dealer: str, decision: str) -> Fraction:
    nets = oracle.settle(player, dealer, DECISION[decision])
    return nets["ante"] + nets["play"] + nets["ante_bonus"]


def _best_decision(hand: list[int], known: list[int]) -> int:
    """Fold (0) or play (1): the better exact EV over every dealer hand holding the ``known``
    cards among the cards the seat cannot see (the smaller wager on a tie), by the oracle."""
    rest = [c for c in range(52) if c not in hand and c not in known]
    dealers = [known + list(more) for more in combinations(rest, 3 - len(known))]
    values = oracle.hand_values(np.array(dealers))
    _, first, counts = np.unique(values, return_index=True, return_counts=True)
    play = Fraction(0)
    fold = Fraction(0)
    for index, count in zip(first.tolist(), counts.tolist(), strict=True):
        nets = oracle.settle(hand, dealers[index], "play")
        play += count * (nets["ante"] + nets["play"] + nets["ante_bonus"])
        fold += count * oracle.settle(hand, dealers[index], "fold")["ante"]
    return 1 if play > fold else 0


def test_the_planted_log_settles_by_the_oracle_and_records_the_planting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, summary = tmp_path / "table.parquet", tmp_path / "summary.json"
    arguments = ["simulate", "--rules", "three-card-standard", "--quiet", "--rounds", "400",
                 "--seats", "4", "--hole-card-seats", "2", "--hole-cards", "1", "--team-seats",
                 "3,4", "--ante", "25", "--log", str(log), "--summary", str(summary),
                 "--seed", "3"]  # fmt: skip
    assert main(arguments) == 0
    out = capsys.readouterr().out
    assert "hole-carder (sees 1 hidden card)" in out and "team 3,4 (full pooling)" in out
    planted = log_metadata(log)["planted"]
    assert isinstance(planted, dict)
    assert planted["hole_card_seats"] == [2] and planted["team_seats"] == [3, 4]
    table = pq.read_table(log).to_pandas()
    assert len(table) == 1600 and set(table["decision"]) <= {"fold", "1x"}
    for row in table.itertuples():  # every bet, as an honest log writes them
        nets = oracle.settle(row.player, row.dealer, DECISION[row.decision])
        for bet in ("ante", "play", "ante_bonus", "pair_plus"):
            logged = Fraction(getattr(row, f"{bet}_net")).limit_denominator(1000)
            assert logged == 25 * nets[bet], (row.Index, bet)
    data = json.loads(summary.read_text())
    seats = data["seats"]
    assert [s["role"] for s in seats] == ["honest", "hole-carder", "team", "team"]
    assert seats[0]["gain_per_round"] == 0 and seats[1]["gain_per_round"] > 0
    for s in seats:  # the summary's mean is the oracle's settlement of the logged rounds
        rows = table[table["seat"] == s["seat"]]
        assert Fraction(s["mean_exact"]) == sum(
            (_main_bets(r.player, r.dealer, r.decision) for r in rows.itertuples()), Fraction(0)
        ) / len(rows)


def test_hole_carders_and_a_team_play_the_brute_force_optimum() -> None:
    planting = make_planting(RULES, 3, hole_card_seats=(1,), hole_cards=1, team_seats=(2, 3))
    chunk = plant.play_planted_chunk(RULES, planting, 40, np.random.SeedSequence(11))
    hands = chunk.hands.tolist()
    for i in range(40):
        seen = [int(chunk.dealer[i, 0])]
        assert chunk.decisions[i, 0] == _best_decision(hands[i][0], seen)
    for i in range(4):  # a team member decides on every dealer hand from the unseen cards
        for member in (1, 2):
            mate = hands[i][3 - member]
            hand = hands[i][member]
            rest = [c for c in range(52) if c not in hand and c not in mate]
            dealers = [list(d) for d in combinations(rest, 3)]
            values = oracle.hand_values(np.array(dealers))
            _, first, counts = np.unique(values, return_index=True, return_counts=True)
            play = sum(
                (c * _main_bets(oracle.hand_text(hand), oracle.hand_text(dealers[f]), "1x")
                 for f, c in zip(first.tolist(), counts.tolist(), strict=True)),
                Fraction(0),
            )  # fmt: skip
            assert chunk.decisions[i, member] == (1 if play > -len(dealers) else 0)
    assert chunk.gains[0] > 0 and chunk.gains[1] >= 0


def test_the_numbers_do_not_depend_on_the_workers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(plant, "CHUNK_ROUNDS", 64)
    planting = make_planting(RULES, 4, (1,), 1, (3, 4))
    runs = []
    for jobs in (1, 2):
        chunks: list[tuple[int, list[list[int]]]] = []

        def sink(first: int, chunk: plant.PlantedChunk, into: list = chunks) -> None:  # type: ignore[type-arg]
            into.append((first, chunk.decisions.tolist()))

        runs.append((run_planted(RULES, planting, 200, seed=5, jobs=jobs, sink=sink), chunks))
    assert runs[0] == runs[1]
    summaries = []
    for jobs in ("1", "2"):
        summary = tmp_path / f"summary{jobs}.json"
        arguments = ["simulate", "--rules", "three-card-standard", "--quiet", "--rounds", "300",
                     "--seats", "3", "--hole-card-seats", "1", "--hole-cards", "1",
                     "--jobs", jobs, "--summary", str(summary), "--seed", "8"]  # fmt: skip
        assert main(arguments) == 0
        summaries.append(json.loads(summary.read_text())["seats"])
    assert summaries[0] == summaries[1]
    capsys.readouterr()


def test_a_planted_hole_carder_is_flagged_and_honest_seats_are_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """600 rounds, 3 seats: a hole-carder seeing 1 card (seat 2) among honest seats."""
    log, report = tmp_path / "table.parquet", tmp_path / "verdict.json"
    arguments = ["simulate", "--rules", "three-card-standard", "--quiet", "--rounds", "600",
                 "--seats", "3", "--hole-card-seats", "2", "--hole-cards", "1", "--ante", "10",
                 "--log", str(log), "--seed", "4"]  # fmt: skip
    assert main(arguments) == 0
    capsys.readouterr()
    detect = ["advantage", "detect", str(log), "--rules", "three-card-standard", "--quiet"]
    assert main([*detect, "--report", str(report)]) == 1
    out = capsys.readouterr().out
    lines = {}
    for line in out.splitlines():
        if line.startswith("seat "):
            lines[int(line.split(":")[0].split()[1])] = line
    assert lines[2].startswith("seat 2: FLAGGED") and "hole-carding" in lines[2]
    assert "clear" in lines[1] and "clear" in lines[3]
    data = json.loads(report.read_text())
    table = pq.read_table(log).to_pandas()
    strategy = oracle.optimal_strategy_edge()  # the oracle's optimum plays from a hand value up
    assert strategy.highest_folded < strategy.lowest_played
    for seat in data["seats"]:  # money won above honest play on the same cards, by the oracle
        won = Fraction(0)
        for r in table[table["seat"] == seat["seat"]].itertuples():
            honest = "1x" if oracle.hand_value(r.player) >= strategy.lowest_played else "fold"
            won += _main_bets(r.player, r.dealer, r.decision)
            won -= _main_bets(r.player, r.dealer, honest)
        assert seat["won_session"] == pytest.approx(float(10 * won), abs=1e-9)
        assert (won > 0) if seat["seat"] == 2 else (won == 0)


def test_a_planted_team_is_flagged_and_an_honest_table_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """400 rounds, 4 seats: seats 2 and 3 pool their cards (each plays the oracle's best given
    both hands, checked above), seats 1 and 4 are honest; the screen finds the pair, the named
    group is flagged too, and the same table with no team is clear."""
    log, report = tmp_path / "team.parquet", tmp_path / "verdict.json"
    table = ["simulate", "--rules", "three-card-standard", "--quiet", "--rounds", "400",
             "--seats", "4", "--seed", "6"]  # fmt: skip
    assert main([*table, "--team-seats", "2,3", "--log", str(log)]) == 0
    capsys.readouterr()
    detect = ["advantage", "detect", str(log), "--rules", "three-card-standard", "--quiet"]
    assert main([*detect, "--group", "2,3", "--report", str(report)]) == 1
    data = json.loads(report.read_text())
    status = {seat["seat"]: seat["status"] for seat in data["seats"]}
    assert status == {1: "clear", 2: "FLAGGED", 3: "FLAGGED", 4: "clear"}
    assert all("team" in s["hypothesis"] for s in data["seats"] if s["status"] == "FLAGGED")
    groups = [(tuple(group["seats"]), group["flagged"]) for group in data["groups"]]
    assert groups and all(g == ((2, 3), True) for g in groups)  # screened and named
    honest = tmp_path / "honest.parquet"
    assert main([*table, "--log", str(honest)]) == 0
    capsys.readouterr()
    assert main(["advantage", "detect", str(honest), "--rules", "three-card-standard"]) == 0
    out = capsys.readouterr().out
    assert out.count(": clear") == 4 and "FLAGGED" not in out


@pytest.mark.parametrize("seats", [1, 2, 3, 5, 7])
def test_pooled_and_seen_card_prices_equal_every_completion_counted(seats: int) -> None:
    """The shortcuts (inclusion-exclusion over pooled cards, the seen-card table of suit
    classes) against listing every dealer completion, on random deals."""
    from crazy4.advantage.surveil import SpecSurveillance
    from crazy4.games.three_card.game import THREE_CARD

    table = SpecSurveillance(THREE_CARD)
    deck = np.array([np.random.default_rng([seats, r]).permutation(52) for r in range(300)])
    team = np.sort(deck[:, : 3 * seats].reshape(300, seats, 3), axis=2)
    ev, allowed, denominator = table.team_evs(RULES, team, np.zeros((300, 0), int))
    pooled = np.repeat(team.reshape(300, 3 * seats), seats, axis=0)
    listed = table._priced(RULES, team.reshape(-1, 3), pooled, np.zeros((300 * seats, 0), int))
    assert (ev.reshape(-1, 4) == listed[0]).all() and (allowed.reshape(-1, 4) == listed[1]).all()
    assert denominator == listed[2]
    known = deck[:, 3 * seats : 3 * seats + 1]
    fast = table.seen_evs(RULES, team[:, 0], known)
    slow = table._priced(RULES, team[:, 0], team[:, 0], known)
    assert (fast[0] == slow[0]).all() and fast[2] == slow[2]


@pytest.mark.slow  # about 40 s of CPU: 100 tables, every seat-1 and screened group test
def test_honest_three_card_tables_are_flagged_at_most_at_the_stated_rate() -> None:
    """100 honest 7-seat tables of 40 rounds (half with 10% random fold/play mistakes) at
    alpha = 0.05: seat 1's own test (hole-card and team hypotheses) flags at most 11 and the
    screened group test at most 11 tables (the 99.6% point of binomial(100, 0.05) is 11)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[2] / "analysis"))
    from bench_detect import add_mistakes, deal_table, seat_rounds

    from crazy4.advantage.detect import examine_seat
    from crazy4.advantage.teamscreen import screen_table

    seats, tables, mistaken = 0, 0, 0
    for t in range(100):
        table, hidden = deal_table(RULES, 40, 80_000 + t, (), 1, ())
        if t % 2:
            add_mistakes(RULES, table, 0.1, t)
            mistaken += 1
        seats += examine_seat(RULES, seat_rounds(table, hidden, 1), 0.05, seed=t).flagged
        tables += any(g.flagged for g in screen_table(RULES, table, 0.05, seed=t))
    assert mistaken == 50 and seats <= 11 and tables <= 11
