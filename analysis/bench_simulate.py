"""Benchmark: rounds per second of `crazy4 simulate` (summary mode, log mode, Dask).

Each configuration runs once to warm the workers (local threads, or Dask's worker processes),
the table cache and the compiled kernels, then is timed ``--repeat`` times; the median is
printed, with the load average before and after. The rows are the issue's figures: Crazy 4
Poker 1 seat 1 job, 7 seats 2 jobs, Four Card Poker 1 seat 1 job, the parquet log (rows a
second) with text cards and with compact card codes (``--log-cards compact``), and the
scaling table (``--dask``; ``--dask-only`` for it alone; needs the ``distributed`` package):
one seat's summary on local 1 and 2 threads and on a Dask ``LocalCluster`` of 1 worker x 1
thread, 1 x 2 and 2 x 1, with the ratios (``analysis/bench_scaling.py``).

    .venv/bin/python analysis/bench_simulate.py [--rounds 2e8] [--log-rounds 5e6] [--dask]
    .venv/bin/python analysis/bench_simulate.py --log-only   # only the log rows
    .venv/bin/python analysis/bench_simulate.py --parts   # ns a round by parts, CPU time
    .venv/bin/python analysis/bench_simulate.py --dask-only --scaling-rounds 2e8 --repeat 5 \
        --json analysis/bench/results/simulate.json   # only the scaling table, replaced in the file
    .venv/bin/python analysis/bench_simulate.py --no-c    # without the C baseline

Every summary row is also played by a plain single-thread C program of the same method
(``analysis/bench/simulate_sweep.c``, built once with ``cc`` or ``gcc``, ``-O3 -march=native``
by default; ``--c-opt O2`` for -O2, which does not vectorize the one-seat pass; skipped with a
note when there is no compiler): the same plan (seed,
chunks, PCG64 states of every chunk, the compiled kernel's tables, written to a file the C
program reads), its counts checked to equal the row's own counts (rounds, every seat key,
every dealer strength, the sums of squares) before its rounds a second (its own timing of the
chunks, without reading its input; median of ``--repeat`` runs) and ``crazy4/C time`` (the
row's wall time over the C program's: below 1, crazy4 is the faster) are printed.

``--parts`` times the pieces of a Crazy 4 Poker round (CPU time, least of several runs of fresh
chunks, so another process's load inflates it less than wall time): the draws (numpy's against
the compiled ones), one random read in each table the kernel reads (the floor of a lookup),
the kernel's passes, with and without the per-round sums of squares, and the log's parts for
both games, one seat (the chunk with its log table of card codes, spelling the cards as text,
the parquet encoder of the text log and of the compact log).

Numbers go in the README's Performance section and docs/simulator.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from crazy4.registry import load_rules
from crazy4.simulate.counts import Counts
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.simulate.plan import SimulationPlan

HERE = Path(__file__).resolve().parent
#: The first int64 of the C program's input (``MAGIC`` of analysis/bench/simulate_sweep.c).
C_MAGIC = 0x314D495334435A43


def median_seconds(function: Callable[[], object], repeat: int) -> float:
    """Median wall seconds of ``repeat`` calls."""
    walls = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def build_c(folder: Path, optimize: str = "-O2") -> Path | None:
    """Compile analysis/bench/simulate_sweep.c (``optimize -march=native``) into ``folder``;
    None (with a note) when there is no C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("(no C compiler (cc, gcc): the C baseline and the ratios are skipped)")
        return None
    program = folder / "simulate_sweep"
    source = HERE / "bench" / "simulate_sweep.c"
    subprocess.run(
        [compiler, optimize, "-march=native", "-std=c99", "-o", str(program), str(source)],
        check=True,
    )
    return program


def write_c_input(plan: SimulationPlan, path: Path) -> list[str]:
    """Write the C program's input for a plan of either game (layout in simulate_sweep.c: the
    compiled kernel's tables, every chunk's rounds and PCG64 state); return the names of the
    bets whose sums of squares it adds, in its order."""
    from crazy4.core.deal import packed_combinations
    from crazy4.core.ranking import number_of_strengths
    from crazy4.simulate.engine import SpecSimulator, simulator_of
    from crazy4.simulate.kernel import squares_fit
    from crazy4.simulate.pcg import state_of

    if plan.blind_hands:
        raise SystemExit("the C baseline plays no blind hands")
    simulator = simulator_of(plan.rules)
    assert isinstance(simulator, SpecSimulator) and simulator.fast is not None
    mode = simulator.spec.shape.face_up  # 0: all hidden (Crazy 4 Poker), 1: one up card
    tables = simulator.kernel_tables(plan)
    rows, row_of = tables.nets_matrix
    if row_of.dtype != np.uint16 or not squares_fit(rows, plan.seats, plan.rounds):
        raise SystemExit("the C baseline's int64 sums of squares could overflow for this plan")
    packed = packed_combinations(5)
    qualifier = simulator.spec.qualifier(plan.rules)
    header = [C_MAGIC, mode, packed.shape[0], plan.seats, qualifier]
    header += [simulator.key_bins, number_of_strengths(), rows.shape[1], rows.shape[0], plan.chunks]
    with path.open("wb") as out:
        np.array(header, dtype=np.int64).tofile(out)
        packed.astype(np.uint32, copy=False).tofile(out)
        if mode:
            sizes = [tables.slots.size, tables.base.size, tables.dealer_strength.size]
            np.array(sizes, dtype=np.int64).tofile(out)
            tables.slots.astype(np.int32, copy=False).tofile(out)
            tables.base.astype(np.int32, copy=False).tofile(out)
            tables.dealer_strength.astype(np.uint16, copy=False).tofile(out)
            tables.dealer_offset.astype(np.int32, copy=False).tofile(out)
        else:
            tables.word.astype(np.uint16, copy=False).tofile(out)
        rows.astype(np.int64, copy=False).tofile(out)
        row_of.astype(np.uint16, copy=False).tofile(out)
        for chunk in range(plan.chunks):
            record = np.concatenate(
                ([np.uint64(plan.chunk_rounds(chunk))], state_of(plan.generator(chunk)))
            )
            record.astype(np.uint64, copy=False).tofile(out)
    return list(tables.bets)


def run_c(program: Path, plan: SimulationPlan, folder: Path, repeat: int) -> tuple[float, Counts]:
    """Median seconds of ``repeat`` runs of the C program on a plan (its own timing of the
    chunks, without reading its input) and its counts (as :class:`Counts`)."""
    from crazy4.core.ranking import number_of_strengths
    from crazy4.simulate.engine import simulator_of

    source, result = folder / "simulate_c.in", folder / "simulate_c.out"
    bets = write_c_input(plan, source)
    seconds = []
    for _ in range(repeat):
        output = subprocess.run(
            [str(program), str(source), str(result)], check=True, capture_output=True, text=True
        ).stdout.split()
        seconds.append(float(output[3]))
    source.unlink()
    words = np.fromfile(result, dtype=np.int64)
    bins, strengths = simulator_of(plan.rules).key_bins, number_of_strengths()
    if words.shape[0] != 1 + bins + strengths + len(bets):
        raise SystemExit(f"the C program wrote {words.shape[0]} numbers, not the expected ones")
    counts = Counts.empty(bins)
    counts.rounds = int(words[0])
    counts.seats[:] = words[1 : 1 + bins]
    counts.dealer[:] = words[1 + bins : 1 + bins + strengths]
    if plan.normal_hands > 1:
        squares = words[1 + bins + strengths :]
        counts.round_squares = {name: int(value) for name, value in zip(bets, squares, strict=True)}
    return statistics.median(seconds), counts


def same_counts(a: Counts, b: Counts) -> bool:
    """Whether two simulations' counts agree exactly (rounds, seats, blind, dealer, squares)."""
    return (
        a.rounds == b.rounds
        and bool((a.seats == b.seats).all() and (a.blind == b.blind).all())
        and bool((a.dealer == b.dealer).all())
        and a.round_squares == b.round_squares
    )


def run(
    rules_name: str,
    rounds: int,
    seats: int,
    jobs: int,
    repeat: int,
    log: bool,
    backend: str,
    cards: str = "text",
) -> tuple[float, Counts]:
    """Median rounds a second of one configuration (after a warm-up run) and its counts;
    ``cards``: the log's card columns (``text`` or ``compact``)."""
    rules = load_rules(rules_name)
    plan = make_plan(rules, rounds=rounds, seed=1, seats=seats)
    warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2, seats=seats)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rounds.parquet" if log else None
        run_simulation(warm, jobs=jobs, log_path=path, backend=backend, log_cards=cards)
        counted: list[Counts] = []
        seconds = median_seconds(
            lambda: counted.append(
                run_simulation(plan, jobs=jobs, log_path=path, backend=backend, log_cards=cards)
            ),
            repeat,
        )
    return rounds / seconds, counted[-1]


def replace_scaling(path: Path, scaling: dict[str, Any]) -> None:
    """Write ``scaling`` into the figures at ``path`` in place of their scaling table, with the
    command, date and commit of this run (the page prints them under the table)."""
    import json

    from bench import command_line, machine

    data = json.loads(path.read_text())
    data["scaling"] = {**scaling, "command": command_line(), "machine": machine()}
    path.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote the scaling table into {path}")


def dask_table(rules_name: str, rounds: int, repeat: int) -> dict[str, Any]:
    """The scaling table (analysis/bench_scaling.py) of one seat's summary: local 1 and 2
    threads, Dask LocalCluster 1 x 1, 1 x 2 and 2 x 1 (workers x threads)."""
    from bench_scaling import scaling_table

    rules = load_rules(rules_name)
    plan = make_plan(rules, rounds=rounds, seed=1)
    warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2)

    def run(backend: str, jobs: int, warming: bool) -> int:
        played = warm if warming else plan
        return run_simulation(played, jobs=jobs, backend=backend).rounds

    return scaling_table(f"{rules_name}, 1 seat, {rounds:,} rounds", run, "rounds", repeat)


def least_ns(function: Callable[[int], object], items: int, runs: int = 5, calls: int = 8) -> float:
    """Least CPU nanoseconds an item of ``runs`` runs of ``calls`` calls (call ``i`` gets a
    fresh ``i``)."""
    best = float("inf")
    count = 0
    for _ in range(runs):
        start = time.process_time()
        for _ in range(calls):
            function(count)
            count += 1
        best = min(best, (time.process_time() - start) / calls / items * 1e9)
    return best


def parts(seats: int) -> list[tuple[str, float]]:
    """ns a round of the pieces of a Crazy 4 Poker round with ``seats`` seats."""
    import numpy as np

    from crazy4.core.cards import BINOMIAL
    from crazy4.core.deal import packed_combinations
    from crazy4.simulate.counts import Counts
    from crazy4.simulate.engine import SpecSimulator, simulator_of
    from crazy4.simulate.fast_kernel import hidden_colex, hidden_rounds
    from crazy4.simulate.kernel import compiled_draws, draw_indices, select_table
    from crazy4.simulate.plan import CHUNK_ROUNDS

    plan = make_plan(load_rules("crazy4-standard"), rounds=1 << 30, seed=1, seats=seats)
    game = simulator_of(plan.rules)
    assert isinstance(game, SpecSimulator)
    tables = game.kernel_tables(plan)
    game.play_chunk(plan, 0, False)
    sizes = (5,) * (seats + 1)
    n = CHUNK_ROUNDS
    draws = [compiled_draws(plan.generator(i), n, sizes) for i in range(48)]
    empty_cards = np.zeros((0, 0, 0), dtype=np.uint8)
    shape = (seats + 1, n)
    relative, scratch = np.empty(shape, np.int32), np.empty(shape, np.int32)

    def place(d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        colex, first = np.empty(shape, np.int32), np.empty(n, np.int32)
        hidden_colex(
            d,
            tables.word,
            packed_combinations(5),
            BINOMIAL,
            select_table(),
            empty_cards,
            relative,
            first,
            colex,
        )
        return colex, first

    passes = [place(d) for d in draws]
    counts = Counts.empty(game.key_bins)
    bets = len(tables.bets)
    no_keys = np.zeros((0, 0), dtype=np.int32)

    def count(i: int, squares: bool) -> None:
        colex, first = passes[i % len(passes)]
        hidden_rounds(
            colex,
            first,
            (tables.word, tables.blind_base, tables.dealer_offset),
            seats,
            6,  # the spec simulator's six outcome cells a seat word
            tables.nets_matrix,
            tables.blind_matrix,
            (counts.seats, counts.blind, counts.dealer),
            np.zeros(bets + 1 if squares else 0, dtype=np.int64),
            no_keys,
            scratch,
        )

    rows = [
        ("draws, numpy", least_ns(lambda i: draw_indices(plan.generator(i), n, sizes), n)),
        ("draws, compiled", least_ns(lambda i: compiled_draws(plan.generator(i), n, sizes), n)),
    ]
    fresh = [d[0].astype(np.int64) for d in draws]  # fresh indices: no cache reuse
    for name, table in (
        ("relative cards (uint32, 10 MB)", packed_combinations(5)),
        ("strength and decision (uint16, 5 MB)", tables.word),
    ):
        rows.append((f"one random read: {name}", least_ns(lambda i, t=table: t[fresh[i % 48]], n)))
    rows.append(
        (
            "kernel: gather and place",
            least_ns(lambda i: place(draws[i % len(draws)]), n),
        )
    )
    rows.append(("kernel: strengths and counts", least_ns(lambda i: count(i, False), n)))
    if seats > 1:
        rows.append(
            ("kernel: the same with sums of squares", least_ns(lambda i: count(i, True), n))
        )
    rows.append(
        ("whole chunk (play_chunk)", least_ns(lambda i: game.play_chunk(plan, i, False), n))
    )
    return rows


def log_parts(rules_name: str) -> list[tuple[str, float]]:
    """ns a row of the log's parts (one seat)."""
    import pyarrow as pa

    from crazy4.log.cardtext import spelled
    from crazy4.log.logwriter import LogWriter
    from crazy4.simulate.engine import simulator_of
    from crazy4.simulate.plan import CHUNK_ROUNDS

    plan = make_plan(load_rules(rules_name), rounds=1 << 30, seed=1, seats=1)
    game = simulator_of(plan.rules)
    n = CHUNK_ROUNDS
    codes = [table for i in range(8) if (table := game.play_chunk(plan, i, True).log)]
    texts = [spelled(table) for table in codes]
    folder = Path(tempfile.mkdtemp())

    def encode(tables: list[pa.Table], cards: str) -> Callable[[int], None]:
        def one(i: int) -> None:
            writer = LogWriter(folder / "log.parquet", csv=False, metadata={}, cards=cards)
            writer.write(tables[i % len(tables)])
            writer.close()

        return one

    return [
        (
            "chunk with its log table (card codes)",
            least_ns(lambda i: game.play_chunk(plan, i, True), n),
        ),
        ("card text of the table (text log)", least_ns(lambda i: spelled(codes[i % 8]), n)),
        ("parquet encoder, text log (zstd 1)", least_ns(encode(texts, "text"), n)),
        ("parquet encoder, compact log (zstd 1)", least_ns(encode(codes, "compact"), n)),
    ]


def c_rate(
    program: Path, rules_name: str, counts: Counts, seats: int, folder: Path, repeat: int
) -> float:
    """Rounds a second of the C baseline on the plan of a summary row (seed 1), after checking
    its counts equal that row's (``counts``: crazy4's, of the same plan)."""
    plan = make_plan(load_rules(rules_name), rounds=counts.rounds, seed=1, seats=seats)
    seconds, counted = run_c(program, plan, folder, repeat)
    if not same_counts(counted, counts):
        raise SystemExit(
            f"the C baseline's counts differ from crazy4's ({rules_name}, {seats} seats)"
        )
    return plan.rounds / seconds


def measured_rows(args: argparse.Namespace, rounds: int) -> list[dict[str, Any]]:
    """Time every summary and log row (printing each), with the C baseline's rate and the
    ratio beside every summary row; return the rows (for ``--json``)."""
    print(f"{'rules':<20}{'mode':<13}{'seats':>6}{'jobs':>5}{'rounds':>14}{'per second':>14}")
    configs = [
        ("crazy4-standard", "summary", 1, 1, rounds),
        ("crazy4-standard", "summary", 1, 2, rounds),
        ("crazy4-standard", "summary", 7, 2, rounds // 4),
        ("four-card-standard", "summary", 1, 1, rounds // 2),
        ("four-card-standard", "summary", 7, 2, rounds // 8),
    ]
    if args.log_only:
        configs = []
    for rules_name in ("crazy4-standard", "four-card-standard"):
        for cards in ("text", "compact"):
            configs.append((rules_name, f"log {cards}", 1, 1, int(args.log_rounds)))
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        program = None if args.no_c or not configs else build_c(Path(folder), f"-{args.c_opt}")
        baseline: dict[tuple[str, int, int], float] = {}  # C rounds a second of a plan
        for rules_name, mode, seats, jobs, count in configs:
            log = mode.startswith("log")
            cards = mode.split()[-1] if log else "text"
            rate, counts = run(rules_name, count, seats, jobs, args.repeat, log, "local", cards)
            unit = "rows/s" if log else "rounds/s"
            row = f"{rules_name:<20}{mode:<13}{seats:>6}{jobs:>5}{count:>14,}{rate:>14,.0f} {unit}"
            if program is not None and not log:
                if (rules_name, seats, count) not in baseline:
                    baseline[rules_name, seats, count] = c_rate(
                        program, rules_name, counts, seats, Path(folder), args.repeat
                    )
                c = baseline[rules_name, seats, count]
                row += f"; C -{args.c_opt} 1 thread {c:,.0f} rounds/s, crazy4/C time {c / rate:.2f}"
            print(row, flush=True)
            c_rate_of = None if program is None or log else baseline[rules_name, seats, count]
            rows.append(
                {
                    "rules": rules_name,
                    "mode": mode,
                    "seats": seats,
                    "jobs": jobs,
                    "rounds": count,
                    "per_second": round(rate),
                    "unit": unit,
                    "c_per_second": None if c_rate_of is None else round(c_rate_of),
                    "ratio_to_c": None if c_rate_of is None else round(c_rate_of / rate, 2),
                    "load": round(os.getloadavg()[0], 2),
                }
            )
    return rows


def main() -> int:
    from bench import write_results

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=float, default=2e8, help="summary-mode rounds (2e8)")
    parser.add_argument("--log-rounds", type=float, default=5e6, help="log-mode rounds (5e6)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (median)")
    parser.add_argument(
        "--dask",
        action="store_true",
        help="also the scaling table: local 1, 2 threads; Dask LocalCluster 1x1, 1x2, 2x1",
    )
    parser.add_argument(
        "--scaling-rounds",
        type=float,
        default=2e8,
        help="rounds of each run of the scaling table (2e8: some 5 s on one thread, so a"
        " task's fixed costs and the machine's noise stay small beside it)",
    )
    parser.add_argument(
        "--dask-only",
        action="store_true",
        help="only the scaling table; with --json, it replaces the scaling table of an"
        " existing file and keeps the other figures",
    )
    parser.add_argument("--parts", action="store_true", help="only ns a round by parts (CPU)")
    parser.add_argument("--log-only", action="store_true", help="only the log rows")
    parser.add_argument(
        "--no-c", action="store_true", help="skip the single-thread C baseline (no ratios)"
    )
    parser.add_argument(
        "--c-opt",
        choices=("O2", "O3"),
        default="O3",
        help="the C baseline's optimization (O3, the default, vectorizes its one-seat pass as"
        " numba does; O2 does not)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    rounds = int(args.rounds)
    load_before = os.getloadavg()[0]
    print(f"cpus: {os.cpu_count()}; load average before: {load()}")
    if args.parts:
        for seats in (1, 7):
            print(f"Crazy 4 Poker, {seats} seat(s): CPU ns a round (least of 5 runs)")
            for name, ns in parts(seats):
                print(f"  {name:<48}{ns:>8.1f}")
        for rules_name in ("crazy4-standard", "four-card-standard"):
            print(f"log, {rules_name}, 1 seat: CPU ns a row")
            for name, ns in log_parts(rules_name):
                print(f"  {name:<48}{ns:>8.1f}")
        print(f"load average after: {load()}")
        return 0
    rows = [] if args.dask_only else measured_rows(args, rounds)
    dask = args.dask or args.dask_only
    scaling = dask_table("crazy4-standard", int(args.scaling_rounds), args.repeat) if dask else None
    print(f"load average after: {load()}")
    if args.json is not None and args.dask_only and args.json.is_file():
        assert scaling is not None
        replace_scaling(args.json, scaling)
    elif args.json is not None:
        figures = {"c_opt": args.c_opt, "load_after": load(), "rows": rows, "scaling": scaling}
        write_results(args.json, "simulate", load_before, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
