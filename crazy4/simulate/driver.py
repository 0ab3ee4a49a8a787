"""Monte Carlo simulation of a game as written in a rule file: the game-independent driver.

The driver reaches the game only through ``simulator_of(plan.rules)``. Rounds are cut into
seeded chunks (:mod:`crazy4.simulate.plan`), run by threads or a Dask cluster
(:mod:`crazy4.simulate.cluster`); every number is an exact integer sum over chunks, so a seed
gives the same numbers, and the log the same bytes, whatever ``jobs`` or the backend."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np

from crazy4.errors import InputError
from crazy4.log.cardtext import spelled
from crazy4.log.logwriter import LogWriter, check_log_cards
from crazy4.results.write import atomic_write
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.cluster import dask_map, task_chunks
from crazy4.simulate.counts import Chunk, Counts
from crazy4.simulate.engine import SpecSimulator, simulator_of
from crazy4.simulate.plan import SimulationPlan, check_rounds, worker_limit
from crazy4.simulate.progressive import plan_meter
from crazy4.simulate.summary import SimulationSummary, summarize

#: Summary-mode chunks a worker runs per task (any value gives the same numbers).
CHUNKS_PER_TASK = 16
#: The most on a Dask cluster: long tasks, so that the cost of each task stays small
#: (:mod:`.cluster`); at least four tasks a thread all the same.
DASK_CHUNKS_PER_TASK = 256


def _check_seats(game: SpecSimulator, rules: RuleSet, seats: int, blind_hands: int) -> None:
    if not 1 <= seats <= game.max_seats:
        raise InputError(f"--seats must be 1 to {game.max_seats}")
    if blind_hands:
        if not game.blind_hands_allowed(rules):
            raise InputError(f"{rules.name} has no blind second hand (cardroom.blind_second_hand)")
        if blind_hands > seats - blind_hands:
            raise InputError(
                "each blind hand is a player's second hand: --blind-hands must be at most half "
                "of --seats"
            )


def _side_bet_table(game: SpecSimulator, rules: RuleSet, chosen: str | None) -> int | None:
    """The side-bet table written to the log: ``chosen`` by name (with or without the
    ``queens-up-`` prefix), else the first; None when the rules have none."""
    side = game.side_bet_label
    if not rules.side_bet_names() and chosen is not None:
        raise InputError(f"{rules.name} has no {side} bet")
    return rules.side_bet_index(chosen, side, game.side_bet_key.replace("_", "-") + "-")


def make_plan(
    rules: RuleSet,
    *,
    rounds: int,
    seed: int,
    seats: int = 1,
    blind_hands: int = 0,
    strategy: str = "optimal",
    side_bet: str | None = None,
    meter: str | Fraction | None = None,
) -> SimulationPlan:
    """Validate the options and build a :class:`SimulationPlan`.

    ``side_bet`` names the side-bet table written to the log (Queens Up, Aces Up); ``meter``
    is the progressive's meter (default: its ``reset``; :func:`crazy4.simulate.progressive.
    plan_meter`), played by every seat of a rule set with a ``[progressive]`` section.

    Raises
    ------
    InputError
        On a bad number of rounds or seats, blind hands where the rules have none, or an
        unknown strategy or side-bet table.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_plan(load_rules("crazy4-cardroom"), rounds=10, seed=1, seats=2, blind_hands=1)
    >>> plan.normal_hands, plan.chunks
    (1, 1)
    >>> make_plan(load_rules("crazy4-standard"), rounds=10, seed=1, seats=2, blind_hands=1)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: crazy4-standard has no blind second hand (cardroom.blind_second_hand)
    >>> make_plan(load_rules("four-card-standard"), rounds=10, seed=1, side_bet="9-9")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: unknown Aces Up table '9-9'; four-card-standard has ...
    """
    game = simulator_of(rules)
    check_rounds(rounds)
    if seed < 0:
        raise InputError("--seed must be a non-negative whole number")
    _check_seats(game, rules, seats, blind_hands)
    table = _side_bet_table(game, rules, side_bet)
    progressive_meter = plan_meter(rules, meter)
    decision = game.strategy(rules, strategy)
    label = strategy if strategy in ("optimal", "simple") else Path(strategy).name
    return SimulationPlan(
        rules=rules,
        seed=seed,
        rounds=rounds,
        seats=seats,
        blind_hands=blind_hands,
        strategy=label,
        decision=np.asarray(decision),
        side_bet=table,
        meter=progressive_meter,
    )


# --------------------------------------------------------------------------------------------
# Workers


def _run_task(
    plan: SimulationPlan, chunks: range, log: bool, cards: str = "text"
) -> list[Chunk] | Counts:
    game = simulator_of(plan.rules)
    if log:
        played = [game.play_chunk(plan, chunk, True) for chunk in chunks]
        if cards == "compact":
            return played
        # the games' tables hold compact card codes: spelled here, on the worker
        return [Chunk(c.counts, None if c.log is None else spelled(c.log)) for c in played]
    total = Counts.empty(game.key_bins, game.dealer_bins)
    for chunk in chunks:  # counted into the task's total: no count arrays a chunk
        game.play_chunk(plan, chunk, False, into=total)
    return total


def _play(plan: SimulationPlan, task: tuple[range, bool, str]) -> list[Chunk] | Counts:
    """:func:`_run_task` of one Dask task (the plan is the worker's scattered copy)."""
    chunks, log, cards = task
    return _run_task(plan, chunks, log, cards)


def _task_size(plan: SimulationPlan, jobs: int, log: bool, most: int = CHUNKS_PER_TASK) -> int:
    """Chunks per task: one in log mode (rows in order), else up to ``most``."""
    if log:
        return 1
    return task_chunks(plan.chunks, jobs, most)


def _tasks(plan: SimulationPlan, size: int) -> Iterator[range]:
    """The chunk numbers of each task of ``size`` chunks, in order, generated as needed (never
    all in memory).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=10**12, seed=1)
    >>> tasks = _tasks(plan, _task_size(plan, 2, False))
    >>> next(tasks), next(tasks)
    (range(0, 16), range(16, 32))
    """
    for start in range(0, plan.chunks, size):
        yield range(start, min(start + size, plan.chunks))


def _results(
    plan: SimulationPlan,
    jobs: int,
    backend: str,
    scheduler: str | None,
    log: bool,
    cards: str = "text",
) -> Iterator[list[Chunk] | Counts]:
    if backend == "dask":
        # sized for the cluster's threads, not --jobs; the plan is scattered once per worker
        def dask_tasks(threads: int) -> Iterator[tuple[range, bool, str]]:
            size = _task_size(plan, threads, log, DASK_CHUNKS_PER_TASK)
            return ((chunks, log, cards) for chunks in _tasks(plan, size))

        yield from dask_map(_play, plan, dask_tasks, scheduler, ordered=log)
        return
    size = _task_size(plan, jobs, log)
    tasks = _tasks(plan, size)
    workers = worker_limit(jobs, -(-plan.chunks // size))
    if workers == 1:
        for task in tasks:
            yield _run_task(plan, task, log, cards)
        return
    from joblib import Parallel, delayed

    # threads: the compiled kernels, numpy and the parquet writer release the GIL, the workers
    # share one copy of the tables, and no row is pickled
    calls = (delayed(_run_task)(plan, task, log, cards) for task in tasks)
    yield from Parallel(n_jobs=workers, return_as="generator", prefer="threads")(calls)


# --------------------------------------------------------------------------------------------
# Driver


def run_simulation(
    plan: SimulationPlan,
    *,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    log_path: Path | str | None = None,
    log_metadata: dict[str, object] | None = None,
    log_cards: str = "text",
    progress: Callable[[int], None] | None = None,
) -> Counts:
    """Play every round of a plan; optionally write the per-round log.

    Parameters
    ----------
    jobs : int
        Workers (threads of this process with the local backend), at most the cores and the
        tasks; the numbers do not depend on it.
    backend : {"local", "dask"}
    scheduler : str, optional
        Dask scheduler address (``tcp://host:port``); without it, the current client.
    log_path : Path or str, optional
        Parquet (``.parquet``) or CSV (``.csv``) file to write one row per seat and round;
        written atomically, one row group per chunk.
    log_metadata : dict, optional
        Provenance stored in the parquet log's schema metadata.
    log_cards : {"text", "compact"}
        The log's card columns: text (default), or compact card codes (parquet only;
        :mod:`crazy4.log.cardtext`).
    progress : callable, optional
        Called with the number of rounds finished after each task.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=1000, seed=7)
    >>> counts = run_simulation(plan)
    >>> counts.rounds, int(counts.seats.sum()), int(counts.dealer.sum())
    (1000, 1000, 1000)
    """
    say = progress or (lambda rounds: None)
    check_rounds(plan.rounds, log=log_path is not None)
    if log_path is not None:
        check_log_cards(log_cards, Path(log_path).suffix.lower() == ".csv")
    simulator = simulator_of(plan.rules)
    total = Counts.empty(simulator.key_bins, simulator.dealer_bins)
    results = _results(plan, jobs, backend, scheduler, log_path is not None, log_cards)
    if log_path is None:
        for result in results:
            assert isinstance(result, Counts)
            total.add(result)
            say(result.rounds)
        return total

    log_path = Path(log_path)
    csv = log_path.suffix.lower() == ".csv"

    def write(target: Path) -> None:
        writer = LogWriter(target, csv, log_metadata or {}, log_cards)
        try:
            for result in results:
                assert isinstance(result, list)
                for chunk in result:
                    assert chunk.log is not None
                    writer.write(chunk.log)
                    total.add(chunk.counts)
                    say(chunk.counts.rounds)
        finally:
            writer.close()

    atomic_write(log_path, write)
    return total


def summarize_counts(plan: SimulationPlan, counts: Counts) -> SimulationSummary:
    """Every bet's simulated mean, standard error and hit frequency beside the exact values.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = make_plan(load_rules("crazy4-cardroom"), rounds=2000, seed=1, seats=2,
    ...                  blind_hands=1)
    >>> summary = summarize_counts(plan, run_simulation(plan))
    >>> [bet.name for bet in summary.bets][-1], summary.to_dict()["rounds"]
    ('blind_second_hand', 2000)
    """
    return summarize(plan, counts, simulator_of(plan.rules))
