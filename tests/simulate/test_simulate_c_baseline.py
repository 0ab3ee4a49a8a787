"""The C baseline of `make bench-simulate` (analysis/bench/simulate_sweep.c) counts what crazy4
counts: for a few small plans of both games (1 and 7 seats, two seeds, two chunks, the second
short), its counts equal the sum of crazy4's numpy reference path
(:meth:`crazy4.simulate.engine.SpecSimulator.numpy_chunk`) over the chunks.
Skipped without a C compiler."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from crazy4.registry import load_rules
from crazy4.simulate.counts import Counts
from crazy4.simulate.driver import make_plan
from crazy4.simulate.engine import SpecSimulator, simulator_of
from crazy4.simulate.plan import CHUNK_ROUNDS

BENCH = Path(__file__).resolve().parents[2] / "analysis" / "bench_simulate.py"

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler"
)


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_simulate", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path, Path]:
    bench = _bench()
    folder = tmp_path_factory.mktemp("simulate_c")
    program = bench.build_c(folder)
    assert program is not None
    return bench, program, folder


GAMES = {
    "crazy4-standard": simulator_of(load_rules("crazy4-standard")),
    "four-card-standard": simulator_of(load_rules("four-card-standard")),
}


@pytest.mark.parametrize("rules", list(GAMES))
@pytest.mark.parametrize(("seats", "seed"), [(1, 3), (7, 11)])
def test_c_counts_equal_numpy_reference(
    built: tuple[ModuleType, Path, Path], rules: str, seats: int, seed: int
) -> None:
    bench, program, folder = built
    rounds = CHUNK_ROUNDS + 777
    plan = make_plan(load_rules(rules), rounds=rounds, seed=seed, seats=seats)
    game = GAMES[rules]
    assert isinstance(game, SpecSimulator)
    expected = Counts.empty(game.key_bins)
    for chunk in range(plan.chunks):
        expected.add(game.numpy_chunk(plan, chunk, False).counts)
    _, counted = bench.run_c(program, plan, folder, 1)
    assert counted.rounds == rounds == expected.rounds
    assert (counted.seats == expected.seats).all()
    assert (counted.dealer == expected.dealer).all()
    assert counted.round_squares == expected.round_squares
    assert bool(expected.round_squares) == (seats > 1)
    assert bench.same_counts(counted, expected)


def test_c_rejects_a_foreign_input(built: tuple[ModuleType, Path, Path]) -> None:
    import subprocess

    _, program, folder = built
    junk = folder / "junk.in"
    junk.write_bytes(b"\0" * 80)
    done = subprocess.run(
        [str(program), str(junk), str(folder / "junk.out")], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
