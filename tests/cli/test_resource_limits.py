"""Runaway resources refused or bounded (issue: bad input, item 3): workers by the cores and
the work, simulation chunks streamed, sizes that cannot finish refused with the reason."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import ClassVar, NoReturn

import joblib
import pytest

import crazy4.cardroom.model
import crazy4.pipeline
import crazy4.simulate.driver
import crazy4.simulate.plan
from crazy4.cli.main import main
from crazy4.errors import InputError
from crazy4.registry import game_of, load_rules, parse_rules
from crazy4.rules.load import RULES_DIR
from crazy4.simulate.counts import Chunk, Counts
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.simulate.engine import simulator_of
from crazy4.simulate.plan import CHUNK_ROUNDS, SimulationPlan

#: A delayed call as joblib makes it.
Call = tuple[Callable[..., object], tuple[object, ...], dict[str, object]]
#: The cores the tests pretend the machine has (more than this one's, fewer than asked for).
CORES = 8


class ReachedError(Exception):
    """Raised by a stand-in for the computing: the options were accepted."""


class RecordingParallel:
    """Stands in for :class:`joblib.Parallel`: records ``n_jobs`` and runs in this process."""

    started: ClassVar[list[int]] = []

    def __init__(self, n_jobs: int | None = None, **options: object) -> None:
        self.started.append(n_jobs or 0)

    def __call__(self, calls: Iterable[Call]) -> Iterator[object]:
        for function, args, kwargs in calls:
            yield function(*args, **kwargs)


@pytest.fixture
def cores(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(crazy4.simulate.plan, "available_cores", lambda: CORES, raising=False)
    monkeypatch.setattr(crazy4.pipeline, "available_cores", lambda: CORES, raising=False)
    RecordingParallel.started = []
    monkeypatch.setattr(joblib, "Parallel", RecordingParallel)
    return CORES


def test_simulate_never_starts_more_workers_than_chunks(
    cores: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--jobs 1000 --rounds 1e5``: 2 chunks, so 2 workers (before: ~920 for 2 chunks)."""
    args = ["simulate", "--rules", "crazy4-standard", "--rounds", "1e5", "--jobs", "1000"]
    assert main([*args, "--quiet"]) == 0
    assert RecordingParallel.started == [2]
    note = capsys.readouterr().err
    assert note == (
        f"crazy4: note: --jobs 1,000 is more than the {cores} cores of this machine; "
        f"using {cores}\n"
    )


def test_simulate_workers_at_most_the_cores(cores: int) -> None:
    plan = make_plan(load_rules("crazy4-standard"), rounds=10 * CHUNK_ROUNDS, seed=3)
    run_simulation(plan, jobs=1000, log_path=None)
    assert RecordingParallel.started == [cores]


@pytest.mark.parametrize(
    ("command", "target"),
    [
        (["analyze", "--rules", "crazy4-standard"], "pipeline"),
        (["report", "--rules", "crazy4-standard"], "pipeline"),
        (["cardroom", "--ante", "20"], "cardroom"),
    ],
)
def test_every_command_cuts_jobs_to_the_cores(
    cores: int,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    target: str,
) -> None:
    """``--jobs 1000`` reaches the computing as the cores (before: 1000 worker processes)."""
    asked: list[int] = []

    def stand_in(*args: object, jobs: int = 1, **kwargs: object) -> NoReturn:
        asked.append(jobs)
        raise ReachedError

    module = crazy4.pipeline if target == "pipeline" else crazy4.cardroom.model
    monkeypatch.setattr(
        module, "run_rule_set" if target == "pipeline" else "analyze_game", stand_in
    )
    out = ["--out", str(tmp_path / ("r.md" if command[0] == "report" else "out"))]
    with pytest.raises(ReachedError):
        main([*command, *(out if command[0] != "cardroom" else []), "--jobs", "1000"])
    assert asked == [cores]
    assert "using 8" in capsys.readouterr().err


def test_pipeline_bounds_jobs_for_library_callers(
    cores: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    game = game_of(load_rules("crazy4-standard"))

    def analyze(*args: object, jobs: int = 1, **kwargs: object) -> NoReturn:
        asked.append(jobs)
        raise ReachedError

    monkeypatch.setattr(type(game), "analyze", analyze)
    with pytest.raises(ReachedError):
        crazy4.pipeline.run_rule_set(load_rules("crazy4-standard"), command="x", jobs=10**6)
    assert asked == [cores]


def _reach(*args: object, **kwargs: object) -> NoReturn:
    raise ReachedError


def _quick_chunk(
    self: object, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
) -> Chunk:
    counts = Counts.empty(simulator_of(plan.rules).key_bins) if into is None else into
    counts.rounds += plan.chunk_rounds(chunk)
    return Chunk(counts, None)


class StopError(Exception):
    """Ends a simulation after its first task."""


def test_chunks_are_streamed_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulation of 2^20 chunks takes almost no memory before its first chunk (before: a list
    of every chunk number, and lists of them per task; at 1e14 rounds, 24 GB)."""
    plan = make_plan(load_rules("crazy4-standard"), rounds=(1 << 20) * CHUNK_ROUNDS, seed=1)
    simulator = type(simulator_of(plan.rules))
    monkeypatch.setattr(simulator, "play_chunk", _quick_chunk)

    def stop(rounds: int) -> NoReturn:
        raise StopError

    tracemalloc.start()
    try:
        with pytest.raises(StopError):
            run_simulation(plan, progress=stop)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000, f"{peak:,} bytes before the first task"


@pytest.mark.parametrize(
    ("rounds", "log", "message"),
    [
        ("1e20", False, "--rounds 100,000,000,000,000,000,000: at most 1,000,000,000,000"),
        ("1e14", False, "1,157 core-days"),
        ("2e10", True, "with --log: at most 10,000,000,000"),
    ],
)
def test_rounds_that_cannot_finish_are_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    rounds: str,
    log: bool,
    message: str,
) -> None:
    """Refused at once with the reason (before: MemoryError, or 24 GB before the first round;
    the simulation is replaced by a stand-in, so a missing check fails here rather than
    taking the memory)."""
    monkeypatch.setattr(crazy4.simulate.driver, "run_simulation", _reach)
    args = ["simulate", "--rules", "crazy4-standard", "--rounds", rounds, "--quiet"]
    start = time.perf_counter()
    assert main([*args, *(["--log", str(tmp_path / "l.parquet")] if log else [])]) == 2
    assert time.perf_counter() - start < 5
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and error.startswith("crazy4: error: ")
    with pytest.raises(InputError, match="at most"):
        make_plan(load_rules("crazy4-standard"), rounds=int(float(rounds)) * 10**4, seed=0)


def test_card_removal_rounds_that_cannot_finish_are_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crazy4.cardroom.model, "analyze_game", _reach)
    assert main(["cardroom", "--ante", "20", "--simulate-rounds", str(10**15)]) == 2
    assert "--simulate-rounds 1,000,000,000,000,000: at most" in capsys.readouterr().err


CARDROOM = (RULES_DIR / "crazy4-cardroom.toml").read_text()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("ante_max = 100\n", "ante_max = 1e308\n", r"ante_max is more than \$1000000000"),
        ("ante_max = 100\n", "ante_max = 100000\n", r"\$10 to \$100000 in steps of \$1 is 99,991"),
        ("ante_step = 1\nqueens_up_min = 10", 'ante_step = "1/1000"\nqueens_up_min = 10',
         "is 90,001 Ante sizes; a table may offer at most 1,000"),
        ("queens_up_max = 100\n", "queens_up_max = 1e20\n",
         r"queens_up_max is more than \$1000000000"),
    ],
)  # fmt: skip
def test_card_room_tables_too_big_to_price_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    """``ante_max = 1e308`` (or 100000) is refused at once (before: minutes, or no end)."""
    assert CARDROOM.count(old) == 1
    text = CARDROOM.replace(old, new)
    with pytest.raises(InputError, match=message):
        parse_rules(text, "big.toml")
    path = tmp_path / "big.toml"
    path.write_text(text)
    start = time.perf_counter()
    assert main(["analyze", "--rules", str(path), "--out", str(tmp_path / "out"), "--quiet"]) == 2
    assert time.perf_counter() - start < 5
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "big.toml" in error
