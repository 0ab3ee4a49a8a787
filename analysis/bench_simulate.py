"""Benchmark: rounds per second of `crazy4 simulate` (summary mode, log mode, Dask).

Each configuration runs once to warm the workers (local threads, or Dask's worker processes),
the table cache and the compiled kernels, then is timed ``--repeat`` times; the median is
printed, with the load average before and after. The rows are the issue's figures: Crazy 4
Poker 1 seat 1 job, 7 seats 2 jobs, Four Card Poker 1 seat 1 job, the parquet log (rows a
second) with text cards and with compact card codes (``--log-cards compact``), and the
simulator on a Dask ``LocalCluster`` of 2 workers, and of 1 worker of 2 threads, against 1
worker (``--dask``; needs the ``distributed`` package).

    .venv/bin/python analysis/bench_simulate.py [--rounds 2e8] [--log-rounds 5e6] [--dask]
    .venv/bin/python analysis/bench_simulate.py --log-only   # only the log rows
    .venv/bin/python analysis/bench_simulate.py --parts   # ns a round by parts, CPU time

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
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from crazy4.rules.load import load_rules
from crazy4.simulate.driver import make_plan, run_simulation


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


def run(
    rules_name: str,
    rounds: int,
    seats: int,
    jobs: int,
    repeat: int,
    log: bool,
    backend: str,
    cards: str = "text",
) -> float:
    """Median rounds a second of one configuration (after a warm-up run); ``cards``: the log's
    card columns (``text`` or ``compact``)."""
    rules = load_rules(rules_name)
    plan = make_plan(rules, rounds=rounds, seed=1, seats=seats)
    warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2, seats=seats)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rounds.parquet" if log else None
        run_simulation(warm, jobs=jobs, log_path=path, backend=backend, log_cards=cards)
        seconds = median_seconds(
            lambda: run_simulation(
                plan, jobs=jobs, log_path=path, backend=backend, log_cards=cards
            ),
            repeat,
        )
    return rounds / seconds


def dask_ratio(rules_name: str, rounds: int, repeat: int) -> tuple[float, float, float]:
    """Rounds a second on a Dask LocalCluster of 1 worker process, of 2 single-threaded worker
    processes, and of 1 worker process with 2 threads (sharing one copy of the tables)."""
    from distributed import Client, LocalCluster

    rates = []
    for workers, threads in ((1, 1), (2, 1), (1, 2)):
        with (
            LocalCluster(n_workers=workers, threads_per_worker=threads, processes=True) as cluster,
            Client(cluster),
        ):
            rates.append(run(rules_name, rounds, 1, workers * threads, repeat, False, "dask"))
    return rates[0], rates[1], rates[2]


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
    from crazy4.games.crazy_four import simulate as game
    from crazy4.games.crazy_four.simulate_kernel import crazy_four_colex, crazy_four_rounds
    from crazy4.simulate.counts import Counts
    from crazy4.simulate.kernel import compiled_draws, draw_indices, select_table
    from crazy4.simulate.plan import CHUNK_ROUNDS

    plan = make_plan(load_rules("crazy4-standard"), rounds=1 << 30, seed=1, seats=seats)
    tables = game.tables_of(plan)
    game.kernel_chunk(plan, 0, False)
    sizes = (5,) * (seats + 1)
    n = CHUNK_ROUNDS
    draws = [compiled_draws(plan.generator(i), n, sizes) for i in range(48)]
    empty_cards = np.zeros((0, 0, 0), dtype=np.uint8)
    passes = [
        crazy_four_colex(
            d, tables.seat_word, packed_combinations(5), BINOMIAL, select_table(), empty_cards
        )
        for d in draws
    ]
    counts = Counts.empty(game.KEY_BINS)
    bets = len(tables.bet_nets)
    no_keys = np.zeros((0, 0), dtype=np.int32)

    def count(i: int, squares: bool) -> None:
        colex, first = passes[i % len(passes)]
        crazy_four_rounds(
            colex,
            first,
            tables.seat_word,
            tables.blind_base,
            seats,
            plan.rules.dealer.qualifier_strength,
            tables.nets_matrix,
            tables.blind_matrix,
            (counts.seats, counts.blind, counts.dealer),
            np.zeros(bets + 1 if squares else 0, dtype=np.int64),
            no_keys,
        )

    rows = [
        ("draws, numpy", least_ns(lambda i: draw_indices(plan.generator(i), n, sizes), n)),
        ("draws, compiled", least_ns(lambda i: compiled_draws(plan.generator(i), n, sizes), n)),
    ]
    fresh = [d[0].astype(np.int64) for d in draws]  # fresh indices: no cache reuse
    for name, table in (
        ("relative cards (uint32, 10 MB)", packed_combinations(5)),
        ("strength and decision (uint16, 5 MB)", tables.seat_word),
    ):
        rows.append((f"one random read: {name}", least_ns(lambda i, t=table: t[fresh[i % 48]], n)))
    rows.append(
        (
            "kernel: gather and place",
            least_ns(
                lambda i: crazy_four_colex(
                    draws[i % len(draws)],
                    tables.seat_word,
                    packed_combinations(5),
                    BINOMIAL,
                    select_table(),
                    empty_cards,
                ),
                n,
            ),
        )
    )
    rows.append(("kernel: strengths and counts", least_ns(lambda i: count(i, False), n)))
    if seats > 1:
        rows.append(
            ("kernel: the same with sums of squares", least_ns(lambda i: count(i, True), n))
        )
    rows.append(
        ("whole chunk (play_chunk)", least_ns(lambda i: game.kernel_chunk(plan, i, False), n))
    )
    return rows


def log_parts(rules_name: str) -> list[tuple[str, float]]:
    """ns a row of the log's parts (one seat)."""
    import pyarrow as pa

    from crazy4.games.registry import game_of
    from crazy4.simulate.cardtext import spelled
    from crazy4.simulate.logwriter import LogWriter
    from crazy4.simulate.plan import CHUNK_ROUNDS

    plan = make_plan(load_rules(rules_name), rounds=1 << 30, seed=1, seats=1)
    game = game_of(plan.rules).simulator()
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=float, default=2e8, help="summary-mode rounds (2e8)")
    parser.add_argument("--log-rounds", type=float, default=5e6, help="log-mode rounds (5e6)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (median)")
    parser.add_argument(
        "--dask",
        action="store_true",
        help="also a Dask LocalCluster: 2 workers, 1 of 2 threads, vs 1",
    )
    parser.add_argument("--parts", action="store_true", help="only ns a round by parts (CPU)")
    parser.add_argument("--log-only", action="store_true", help="only the log rows")
    args = parser.parse_args()
    rounds = int(args.rounds)
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
    for rules_name, mode, seats, jobs, count in configs:
        log = mode.startswith("log")
        cards = mode.split()[-1] if log else "text"
        rate = run(rules_name, count, seats, jobs, args.repeat, log, "local", cards)
        unit = "rows/s" if log else "rounds/s"
        print(f"{rules_name:<20}{mode:<13}{seats:>6}{jobs:>5}{count:>14,}{rate:>14,.0f} {unit}")
    if args.dask:
        one, two, threads = dask_ratio("crazy4-standard", rounds // 2, args.repeat)
        print(f"dask LocalCluster crazy4-standard 1 seat: 1 worker {one:,.0f} rounds/s, ")
        print(f"  2 workers {two:,.0f} rounds/s: ratio {two / one:.2f}; ")
        print(f"  1 worker of 2 threads {threads:,.0f} rounds/s: ratio {threads / one:.2f}")
    print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
