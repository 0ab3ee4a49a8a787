"""Planted cheats in multi-seat simulations, the fast default detection and the verdict.

Expected values come from the independent oracle (``tests/oracle_crazy4.py``: settlement and
hand values by brute force), from enumeration, or from what was planted (the log's metadata).
The round counts of the detection tests come from ``analysis/bench_detect.py`` (the power
table of ``docs/surveillance.md``).
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import oracle_crazy4 as oracle
import pyarrow.parquet as pq
import pytest

from crazy4.advantage import plant
from crazy4.advantage.collusion import colluder_role
from crazy4.advantage.evidence import likelihood_ratio, rounds_to_settle
from crazy4.advantage.plant import make_planting, run_planted
from crazy4.cli.main import main
from crazy4.core.cards import colex_indices
from crazy4.log.roundlog import log_metadata
from crazy4.registry import load_rules

RULES = load_rules("crazy4-standard")
RULES_ROLE = colluder_role(RULES)
READING = oracle.read_rules(oracle.rule_file("crazy4-standard"))


def _simulate(tmp_path: Path, *extra: str, rules: str = "crazy4-standard") -> list[str]:
    return ["simulate", "--rules", rules, "--quiet", *extra]


def test_the_planted_log_settles_by_the_oracle_and_records_the_planting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, summary = tmp_path / "table.parquet", tmp_path / "summary.json"
    arguments = ["--rounds", "300", "--seats", "5", "--hole-card-seats", "2", "--hole-cards",
                 "2", "--team-seats", "4,5", "--ante", "25", "--log", str(log), "--summary",
                 str(summary), "--seed", "3"]  # fmt: skip
    assert main(_simulate(tmp_path, *arguments)) == 0
    out = capsys.readouterr().out
    assert "hole-carder (sees 2 hidden cards)" in out and "team 4,5 (full pooling)" in out
    planted = log_metadata(log)["planted"]
    assert isinstance(planted, dict)
    assert planted["hole_card_seats"] == [2] and planted["hole_cards"] == 2
    assert planted["team_seats"] == [4, 5] and planted["roles"]["1"] == "honest"
    table = pq.read_table(log).to_pandas()
    assert len(table) == 1500 and (table["ante"] == 25).all()
    for row in table.head(200).itertuples():  # every bet, as an honest log writes them
        nets = oracle.settle_round(READING, row.player, row.dealer, row.decision)
        nets["queens_up"] = nets["queens_up:50-40-8-4-3-2-1"]
        for bet in ("ante", "super_bonus", "play", "queens_up"):
            logged = Fraction(getattr(row, f"{bet}_net")).limit_denominator(1000)
            assert logged == 25 * nets[bet], (row.Index, bet)
        assert row.play == 25 * int(row.decision.removesuffix("x").replace("fold", "0"))
    data = json.loads(summary.read_text())
    assert data["ante"] == 25 and [s["role"] for s in data["seats"]][:2] == [
        "honest",
        "hole-carder",
    ]
    honest = [s for s in data["seats"] if s["role"] == "honest"]
    assert all(s["gain_per_round"] == 0 for s in honest)


def _brute_force_decision(hand: list[int], seen: list[int]) -> int:
    """The best decision given the seen dealer cards, every dealer hand counted (oracle)."""
    rest = [c for c in range(52) if c not in hand and c not in seen]
    dealers = np.array([seen + list(more) for more in combinations(rest, 5 - len(seen))])
    values = oracle.hand_values(dealers)
    mine = oracle.hand_value(hand)
    best, best_ev = -1, None
    for code in (0, 1, 2, 3):
        allowed = code == 0 or (code in READING.multiples and (code == 1 or
                                mine >= READING.raise_minimum))  # fmt: skip
        if not allowed:
            continue
        nets = oracle.settle(READING, np.array([mine]), values, np.array([code]))
        ev = sum(int(nets[k].sum()) for k in ("ante", "super_bonus", "play"))
        if best_ev is None or ev > best_ev:
            best, best_ev = code, ev
    assert comb(len(rest), 5 - len(seen)) == values.shape[0]
    return best


def test_a_hole_carder_plays_the_brute_force_optimum_for_the_card_it_sees() -> None:
    planting = make_planting(RULES, 3, hole_card_seats=(2,), hole_cards=1)
    chunk = plant.play_planted_chunk(RULES, planting, 60, np.random.SeedSequence(11))
    played = chunk.decisions[:, 1]
    honest = RULES_ROLE.honest_decisions(RULES, colex_indices(chunk.hands[:, 1]), None)
    moved = np.flatnonzero(played != honest)[:2].tolist()  # the seen card changed the decision
    assert moved
    for i in [*moved, 0]:
        hand, seen = chunk.hands[i, 1].tolist(), [int(chunk.dealer[i, 0])]
        assert played[i] == _brute_force_decision(hand, seen)
    assert chunk.gains[0] == 0 and chunk.gains[1] >= 0


def test_the_numbers_do_not_depend_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plant, "CHUNK_ROUNDS", 64)
    planting = make_planting(RULES, 4, (1,), 1, (3, 4))
    runs = []
    for jobs in (1, 2, 3):
        chunks: list[tuple[int, list[list[int]]]] = []

        def sink(first: int, chunk: plant.PlantedChunk, into: list = chunks) -> None:  # type: ignore[type-arg]
            into.append((first, chunk.decisions.tolist()))

        sums = run_planted(RULES, planting, 200, seed=5, jobs=jobs, sink=sink)
        runs.append((sums, chunks))
    assert runs[0] == runs[1] == runs[2]
    assert [f for f, _ in runs[0][1]] == [1, 65, 129, 193]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--seats", "3", "--hole-card-seats", "2"], "needs --hole-cards"),
        (["--seats", "3", "--hole-card-seats", "4", "--hole-cards", "1"], "not one of the 3"),
        (["--seats", "3", "--team-seats", "2"], "at least two seats"),
        (["--seats", "3", "--team-seats", "1,2", "--hole-card-seats", "2", "--hole-cards", "1"],
         "both a hole-carder"),
        (["--seats", "3", "--team-seats", "1,2", "--team-rule", "Z"], "knows"),
        (["--seats", "3", "--team-rule", "A"], "--team-rule"),
        (["--seats", "2", "--team-seats", "1,2", "--ante", "-3"], "positive amount"),
        (["--rules", "three-card-standard", "--seats", "2", "--hole-card-seats", "1",
          "--hole-cards", "3"], "analysed with 0 to 2 seen hole cards"),
        (["--rules", "three-card-standard", "--seats", "2", "--team-seats", "1,2",
          "--team-rule", "A"], "no practical team rule"),
        (["--rules", "three-card-standard", "--seats", "8", "--team-seats", "1,2"],
         "seats 1 to 7"),
    ],
)  # fmt: skip
def test_bad_planting_is_one_line_and_exit_2(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = ["--rules", "crazy4-standard"] if "--rules" not in arguments else []
    status = main(["simulate", *rules, "--rounds", "10", *arguments])
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1 and words in error and "Traceback" not in error


@pytest.mark.slow  # about 25 s of CPU: a 2,000-round, 7-seat table simulated and examined
def test_a_planted_hole_carder_and_team_are_flagged_and_honest_seats_are_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 7-seat table: a hole-carder seeing 2 cards (seat 1), a team of three (5-7), three
    honest seats; 2,000 rounds (the measured power: a 2-card hole-carder flagged in 3 of 4
    seeded tables at 1,000 rounds, 4 of 4 at 2,000; a team of three in 4 of 4 at 1,000)."""
    log = tmp_path / "table.parquet"
    arguments = ["--rounds", "2000", "--seats", "7", "--hole-card-seats", "1", "--hole-cards",
                 "2", "--team-seats", "5,6,7", "--ante", "10", "--log", str(log),
                 "--seed", "2"]  # fmt: skip
    assert main(_simulate(tmp_path, *arguments)) == 0
    capsys.readouterr()
    reports = [tmp_path / f"verdict.{suffix}" for suffix in ("md", "html", "json")]
    detect = ["advantage", "detect", str(log), "--rules", "crazy4-standard", "--quiet"]
    assert main([*detect, "--report", str(reports[2])]) == 1
    verdict = json.loads(reports[2].read_text())
    from crazy4.advantage.verdict import SeatLine, Verdict

    fields = {k: v for k, v in verdict.items() if k in ("log", "rules", "ante", "ante_source",
                                                        "alpha", "watch", "groups")}  # fmt: skip
    lines_back = [SeatLine(**{**s, "telling_rounds": tuple(s["telling_rounds"])})
                  for s in verdict["seats"]]  # fmt: skip
    rebuilt = Verdict(seats=lines_back, **fields)
    reports[0].write_text(rebuilt.report(".md"))
    reports[1].write_text(rebuilt.report(".html"))
    out = capsys.readouterr().out.splitlines()
    lines = {int(line.split(":")[0].split()[1]): line for line in out if line.startswith("seat ")}
    assert lines[1].startswith("seat 1: FLAGGED") and "hole-carding" in lines[1]
    for seat in (5, 6, 7):
        assert "FLAGGED" in lines[seat] and "team play with seats 5,6,7" in lines[seat]
    for seat in (2, 3, 4):
        assert "clear" in lines[seat]
        assert "team" not in lines[seat] and "hole-carding" not in lines[seat]
    assert "Ante 10 (the log's metadata)" in reports[0].read_text()
    assert reports[1].read_text().startswith("<!DOCTYPE html>")
    data = json.loads(reports[2].read_text())
    assert data["flagged"] and data["ante"] == 10
    seat1 = data["seats"][0]
    assert seat1["won_session"] > 0 and len(seat1["telling_rounds"]) == 5
    assert all(1 <= r <= 2000 for r in seat1["telling_rounds"])


def test_a_bad_report_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "table.parquet"
    assert main(_simulate(tmp_path, "--rounds", "20", "--seats", "2", "--log", str(log))) == 0
    capsys.readouterr()
    detect = ["advantage", "detect", str(log), "--rules", "crazy4-standard"]
    assert main([*detect, "--report", str(tmp_path / "v.txt")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and ".md, .html or .json" in error


def test_the_likelihood_ratio_is_the_maximum_over_a_grid() -> None:
    rng = np.random.default_rng(4)
    p = rng.uniform(0.05, 0.95, 60)
    hits = rng.random(60) < 0.3 + 0.7 * p
    share, log_lr = likelihood_ratio(p, hits)
    grid = np.linspace(0, 1 - 1e-9, 20001)
    values = [np.log(np.where(hits, w + (1 - w) * p, (1 - w) * (1 - p))).sum() for w in grid]
    null = np.log(np.where(hits, p, 1 - p)).sum()
    assert log_lr == pytest.approx((max(values) - null) / np.log(10), abs=1e-6)
    assert share == pytest.approx(grid[int(np.argmax(values))], abs=1e-3)


def test_rounds_to_settle_scales_with_the_square_of_the_z_score() -> None:
    """Twice the observed excess in z needs a quarter of the rounds (here by hand: 16
    Bernoulli(1/2) all matched give z = 4; the level 0.001 / 1 has z* = 3.0902)."""
    p, hits = np.full(16, 0.5), np.ones(16, dtype=bool)
    assert rounds_to_settle(p, hits, 0.001, 1) == 16
    hits[:6] = False  # 10 of 16: z = (10 - 8) / 2 = 1
    assert rounds_to_settle(p, hits, 0.001, 1) == int(np.ceil(16 * 3.090232306**2))


@pytest.mark.slow
def test_honest_tables_are_flagged_at_most_at_the_stated_rate() -> None:
    """200 honest 7-seat tables of 40 rounds (half with 10% random mistakes) at alpha = 0.05:
    seat 1's own test flags at most 20 (the binomial(200, 0.05) upper 99.8% point is 20), and
    the screened group test flags at most 20 tables."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[2] / "analysis"))
    from bench_detect import add_mistakes, deal_table, seat_rounds

    from crazy4.advantage.detect import examine_seat
    from crazy4.advantage.teamscreen import screen_table

    seats, tables = 0, 0
    for t in range(200):
        table, hidden = deal_table(RULES, 40, 70_000 + t, (), 1, ())
        if t % 2:
            add_mistakes(RULES, table, 0.1, t)
        seats += examine_seat(RULES, seat_rounds(table, hidden, 1), 0.05, seed=t).flagged
        tables += any(g.flagged for g in screen_table(RULES, table, 0.05, seed=t))
    assert seats <= 20 and tables <= 20


def test_the_screen_finds_a_team_nobody_named_and_only_its_members() -> None:
    """Seats 3-7 of a 7-seat table pool their cards, seats 1-2 play honestly, 250 rounds (the
    measured power: teams of 4 to 7 found in 4 of 4 seeded tables at 250 rounds); a seat with
    random mistakes (seat 1) does not join the team."""
    from crazy4.advantage.teamscreen import Table, screen_table

    planting = make_planting(RULES, 7, team_seats=(3, 4, 5, 6, 7))
    chunk = plant.play_planted_chunk(RULES, planting, 250, np.random.SeedSequence(21))
    decisions = chunk.decisions.copy()
    wrong = np.random.default_rng(1).random(250) < 0.1
    decisions[wrong, 0] = np.where(decisions[wrong, 0] == 0, 1, 0)
    table = Table(chunk.hands, np.zeros((250, 0), dtype=np.int64), decisions,
                  tuple(range(1, 8)), np.arange(1, 251))  # fmt: skip
    found = [g for g in screen_table(RULES, table, 0.001) if g.flagged]
    assert {s for g in found for s in g.members_flagged} == {3, 4, 5, 6, 7}
    assert found[0].groups_possible == 120 and found[0].p_value < 0.001
    assert all(1 <= r <= 250 for r in found[0].telling_rounds)


def test_a_watched_seat_gets_the_rounds_to_settle_and_a_clear_seat_no_hypothesis() -> None:
    from crazy4.advantage.detect import SeatVerdict
    from crazy4.advantage.verdict import seat_line

    common = dict(seat=3, rounds=400, informative_rounds=50, hypothesis="position 1",
                  matches=390, expected_matches=385.0, flagged=False, ev_gained_per_round=0.01,
                  hypotheses=8, telling_rounds=(7, 9), rounds_to_settle=1600,
                  won_above_honest=8.0)  # fmt: skip
    watched = seat_line(SeatVerdict(p_value=0.02, **common), ante=25, watch=0.05)  # type: ignore[arg-type]
    assert watched.status == "watch" and watched.hypothesis is not None
    assert watched.won_session == 200 and watched.won_per_round == 0.5  # 8 Antes of 25, 400 rounds
    assert "about 1,200 more rounds would settle it" in watched.text(25)
    clear = seat_line(SeatVerdict(p_value=0.3, **common), ante=25, watch=0.05)  # type: ignore[arg-type]
    assert clear.status == "clear" and clear.hypothesis is None
    assert "hole-carding" not in clear.text(25) and "rounds to review" not in clear.text(25)


def test_the_ante_comes_from_the_option_then_the_metadata_then_the_column(
    tmp_path: Path,
) -> None:
    from crazy4.cli.surveil import ante_of

    log = tmp_path / "t.parquet"
    simulate = ["simulate", "--rules", "crazy4-standard", "--rounds", "5", "--seats", "2"]
    assert main([*simulate, "--team-seats", "1,2", "--ante", "5", "--log", str(log)]) == 0
    assert ante_of(log, 7.0) == (7.0, "--ante")
    assert ante_of(log, None) == (5.0, "the log's metadata")
    csv = tmp_path / "t.csv"
    simulate = ["simulate", "--rules", "crazy4-standard", "--rounds", "5", "--seats", "2"]
    assert main([*simulate, "--team-seats", "1,2", "--ante", "5", "--log", str(csv)]) == 0
    assert ante_of(csv, None) == (5.0, "the log's ante column")
