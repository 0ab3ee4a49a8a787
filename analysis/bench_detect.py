"""Benchmark and power of ``crazy4 advantage detect`` (``make bench-detect``).

Three parts, each written to the JSON file named by ``--json`` and summarized as the
Markdown table of ``docs/surveillance.md`` (``--markdown``):

* **time**: ``crazy4 simulate`` plants a hole-carder (seat 2, one seen card) and a team
  (seats 4-6, full pooling) at a 7-seat table of every game (``--games``), 2,000 rounds;
  ``crazy4 advantage detect`` runs on the log with its default options (wall and CPU seconds,
  in-process; a list, one entry a game); the planted simulation is timed too.
* **power**: the share of planted cheats flagged at ``alpha = 0.001`` (the default) by the
  number of rounds: a hole-carder seeing 1 and 2 hidden cards (seat 1 of 7, the other seats
  honest), and teams of 2 to 7 at a 7-seat table (the rest honest), each over ``--reps`` seeds.
  A hole-carder counts as flagged when its seat is; a team when every member is flagged by the
  seat test or named by the screened group test. Each finished cell is written to the JSON
  at once; a run starts a new power table, unless ``--resume``: then a cell already there
  with the same ``--reps`` is skipped and one with fewer is extended by the seeds it lacks
  (seeds 0, 1, ... a cell, so the result is a fresh run's), so an interrupted run continues
  where it stopped.
* **false positives**: honest 7-seat tables, optimal and with 10% random mistakes (fold and
  1x swapped, whatever the cards), at ``alpha = 0.05``: the share of seats flagged by their
  own test and of tables with a screened group flagged.

Every write re-reads the JSON under a lock and replaces only its own part, so the power and
false-positive parts may run as two processes on the same file. The Markdown gives each
rate's exact (Clopper-Pearson) 95% binomial interval.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from scipy.stats import beta

from crazy4.advantage.detect import SeatRounds, examine_seat, table_shape
from crazy4.advantage.plant import make_planting, play_planted_chunk
from crazy4.advantage.teamscreen import Table, screen_table
from crazy4.cli.main import main
from crazy4.registry import load_rules
from crazy4.rules.ruleset import RuleSet

SEATS = 7


def deal_table(
    rules: RuleSet, rounds: int, seed: int, hole: tuple[int, ...], seen: int, team: tuple[int, ...]
) -> tuple[Table, np.ndarray]:
    """A planted 7-seat table as arrays (the simulator's own play), and the hidden cards."""
    planting = make_planting(rules, SEATS, hole, seen, team)
    chunk = play_planted_chunk(rules, planting, rounds, np.random.SeedSequence(seed))
    face_up = table_shape(rules)[2]
    up = chunk.dealer[:, :face_up]
    hidden = np.sort(chunk.dealer[:, face_up:], axis=1)[:, ::-1]
    table = Table(chunk.hands, up, chunk.decisions.copy(), tuple(range(1, SEATS + 1)),
                  np.arange(1, rounds + 1))  # fmt: skip
    return table, hidden


def add_mistakes(rules: RuleSet, table: Table, rate: float, seed: int) -> None:
    """Replace a share ``rate`` of the decisions by another allowed one (fold <-> 1x)."""
    rng = np.random.default_rng(seed)
    wrong = rng.random(table.decisions.shape) < rate
    table.decisions[wrong] = np.where(table.decisions[wrong] == 0, 1, 0)


def seat_rounds(table: Table, hidden: np.ndarray, seat: int) -> SeatRounds:
    """Seat ``seat`` (from 1) of a table, its table mates' hands included."""
    s = seat - 1
    others = np.delete(table.hands, s, axis=1)
    return SeatRounds(seat, table.hands[:, s], table.up, hidden, table.decisions[:, s], others,
                      table.round_ids)  # fmt: skip


def flagged_seats(rules: RuleSet, table: Table, hidden: np.ndarray, alpha: float,
                  seats: tuple[int, ...], seed: int) -> tuple[set[int], set[int]]:  # fmt: skip
    """Seats flagged by their own test (of ``seats``), and seats in a flagged screened group."""
    own = set()
    for s in seats:
        if examine_seat(rules, seat_rounds(table, hidden, s), alpha, seed=seed).flagged:
            own.add(s)
    grouped = {s for g in screen_table(rules, table, alpha, seed=seed) if g.flagged
               for s in g.members_flagged}  # fmt: skip
    return own, grouped


def update(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Re-read the JSON at ``path`` under a lock (on its folder: no lock file left behind),
    apply ``change``, write it back atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        data: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
        change(data)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n")
        os.replace(temporary, path)
    finally:
        os.close(folder)  # releases the lock


def put_cell(row: dict[str, object]) -> Callable[[dict[str, Any]], None]:
    """A change for :func:`update`: the power row of ``row``'s case and rounds replaced."""

    def change(data: dict[str, Any]) -> None:
        kept = [r for r in data.get("power", [])
                if (r["case"], r["rounds"]) != (row["case"], row["rounds"])]  # fmt: skip
        data["power"] = [*kept, row]

    return change


def power(
    rules: RuleSet,
    rounds: list[int],
    team_rounds: list[int],
    reps: int,
    cases_wanted: list[str],
    path: Path,
    resume: bool,
) -> None:
    """The power part of the module docstring (``cases_wanted``: ``hole1``, ``hole2``,
    ``team2`` ... ``team7``), each cell written to ``path`` when it is done."""
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if not resume:
        update(path, lambda data: data.update(power=[]))
    elif path.is_file():
        done = {(r["case"], r["rounds"]): r for r in json.loads(path.read_text()).get("power", [])
                if r["reps"] <= reps}  # fmt: skip
    cases: list[tuple[str, tuple[int, ...], int, tuple[int, ...]]] = [
        (f"hole-carder, {seen} seen card{'s' if seen > 1 else ''}", (1,), seen, ())
        for seen in (1, 2)
        if f"hole{seen}" in cases_wanted
    ]
    cases += [
        (f"team of {k}", (), 1, tuple(range(SEATS - k + 1, SEATS + 1)))
        for k in range(2, 8)
        if f"team{k}" in cases_wanted
    ]
    for name, hole, seen, team in cases:
        for n in rounds if hole else team_rounds:
            kept = done.get((name, n), {"reps": 0, "flagged": 0, "seconds": 0.0})
            if kept["reps"] == reps:
                continue
            start, hits = time.perf_counter() - kept["seconds"], int(kept["flagged"])
            for rep in range(kept["reps"], reps):  # seeds 0, 1, ...: a cell extended by more
                table, hidden = deal_table(rules, n, 1000 * n + rep, hole, seen, team)
                if hole:
                    hits += examine_seat(rules, seat_rounds(table, hidden, 1), seed=rep).flagged
                else:
                    own, grouped = flagged_seats(rules, table, hidden, 0.001, (), rep)
                    hits += set(team) <= (own | grouped)
            row = {"case": name, "rounds": n, "reps": reps, "flagged": hits,
                   "seconds": round(time.perf_counter() - start, 1)}  # fmt: skip
            update(path, put_cell(row))
            print(row, file=sys.stderr)


def false_positives(rules: RuleSet, tables: int, rounds: int) -> dict[str, object]:
    """The false-positive part of the module docstring (half the tables with mistakes)."""
    seats_flagged, tables_flagged, start = 0, 0, time.perf_counter()
    for t in range(tables):
        table, hidden = deal_table(rules, rounds, 50_000 + t, (), 1, ())
        if t % 2:
            add_mistakes(rules, table, 0.1, t)
        own, grouped = flagged_seats(rules, table, hidden, 0.05, tuple(range(1, SEATS + 1)), t)
        seats_flagged += len(own)
        tables_flagged += bool(grouped)
    return {"tables": tables, "rounds": rounds, "alpha": 0.05, "seats_flagged": seats_flagged,
            "seats": tables * SEATS, "tables_with_group_flagged": tables_flagged,
            "seconds": round(time.perf_counter() - start, 1)}  # fmt: skip


def time_detect(rules_name: str, rounds: int) -> dict[str, object]:
    """The time part of the module docstring."""
    folder = Path(tempfile.mkdtemp())
    log = folder / "table.parquet"
    simulate = ["simulate", "--rules", rules_name, "--rounds", str(rounds), "--seats", "7",
                "--hole-card-seats", "2", "--hole-cards", "1", "--team-seats", "4,5,6",
                "--log", str(log), "--quiet"]  # fmt: skip
    started, cpu = time.perf_counter(), time.process_time()
    assert main(simulate) == 0
    simulated = (time.perf_counter() - started, time.process_time() - cpu)
    started, cpu = time.perf_counter(), time.process_time()
    status = main(["advantage", "detect", str(log), "--rules", rules_name, "--quiet"])
    detected = (time.perf_counter() - started, time.process_time() - cpu)
    return {"rules": rules_name, "rounds": rounds, "seats": 7, "exit_status": status,
            "simulate_wall": round(simulated[0], 1), "simulate_cpu": round(simulated[1], 1),
            "detect_wall": round(detected[0], 1), "detect_cpu": round(detected[1], 1),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}  # fmt: skip


def interval(hits: int, tries: int) -> tuple[float, float]:
    """The exact (Clopper-Pearson) 95% interval of a binomial rate, ``hits`` of ``tries``."""
    low = 0.0 if hits == 0 else float(beta.ppf(0.025, hits, tries - hits + 1))
    high = 1.0 if hits == tries else float(beta.ppf(0.975, hits + 1, tries - hits))
    return low, high


def rate(hits: int, tries: int) -> str:
    """``hits/tries (low-high%)``, the interval of :func:`interval` in whole percent."""
    low, high = interval(hits, tries)
    return f"{hits}/{tries} ({100 * low:.0f}-{100 * high:.0f}%)"


def markdown(data: dict[str, object]) -> str:
    """The docs page's power table: a row per case, ``flagged/tables`` and its 95% interval
    per number of rounds."""
    rows = data.get("power", [])
    assert isinstance(rows, list)
    rounds = sorted({int(row["rounds"]) for row in rows})
    cases = list(dict.fromkeys(str(row["case"]) for row in rows))
    cell = {
        (str(row["case"]), int(row["rounds"])): rate(int(row["flagged"]), int(row["reps"]))
        for row in rows
    }
    lines = ["| planted | " + " | ".join(f"{n:,} rounds" for n in rounds) + " |",
             "|---|" + "---:|" * len(rounds)]  # fmt: skip
    for case in cases:
        lines.append(f"| {case} | " + " | ".join(cell.get((case, n), "") for n in rounds) + " |")
    return "\n".join(lines) + "\n"


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True, help="write the measurements here")
    parser.add_argument("--parts", default="time,power,false", help="which parts to run")
    parser.add_argument("--reps", type=int, default=12, help="seeds per power case")
    parser.add_argument(
        "--resume", action="store_true", help="power: skip the cells the JSON has (same reps)"
    )
    every = "hole1,hole2," + ",".join(f"team{k}" for k in range(2, 8))
    parser.add_argument("--cases", default=every, help="power: the cases (default: all)")
    parser.add_argument(
        "--rounds", default="500,1000,2000,4000", help="power: hole-carders' rounds"
    )
    parser.add_argument("--team-rounds", default="250,500,1000", help="power: teams' rounds")
    parser.add_argument("--tables", type=int, default=200, help="false positives: tables")
    parser.add_argument("--markdown", help="also write the power table as Markdown here")
    parser.add_argument(
        "--games",
        default="crazy4-standard,four-card-standard,three-card-standard",
        help="time: the rule sets timed (default: one of every game)",
    )
    args = parser.parse_args()
    rules = load_rules("crazy4-standard")
    path = Path(args.json)
    parts = args.parts.split(",")
    if "time" in parts:
        timed = []
        for name in args.games.split(","):
            timed.append(time_detect(name, 2000))
            print(timed[-1], file=sys.stderr)
        update(path, lambda data: data.update(time=timed))
    if "power" in parts:
        rounds = [int(r) for r in args.rounds.split(",")]
        teams = [int(r) for r in args.team_rounds.split(",")]
        power(rules, rounds, teams, args.reps, args.cases.split(","), path, args.resume)
    if "false" in parts:
        found = false_positives(rules, args.tables, 60)
        print(found, file=sys.stderr)
        update(path, lambda data: data.update(false_positives=found))
    if args.markdown:
        Path(args.markdown).write_text(markdown(json.loads(path.read_text())))


if __name__ == "__main__":
    run()
