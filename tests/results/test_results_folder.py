"""Results folders are replaced as a whole, and killed runs' temporary files are cleaned
(issue: bad input, item 5; and ``run_simulation(log_path=str)``)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

import crazy4.pipeline
from crazy4.cli.main import main
from crazy4.core.atomic import replace_atomically
from crazy4.errors import InputError
from crazy4.pipeline import RuleSetResults
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation

#: A process id no system hands out (Linux's largest is 2^22).
DEAD_PID = 99_999_999


class KilledError(Exception):
    """Stands for the run being killed part-way through writing."""


def _results(name: str, tables: dict[str, pd.DataFrame], report: str) -> RuleSetResults:
    rules = load_rules(name)
    record: dict[str, object] = {"rule_set": name, "rule_set_sha256": rules.content_hash}
    return RuleSetResults(rules, tables, report, main_bet="x", record=record, command="test")


def _old_folder(folder: Path) -> dict[str, bytes]:
    frame = pd.DataFrame({"a": [1, 2, 3]})
    _results("crazy4-standard", {"bets": frame, "returns": frame}, "# standard").write(folder)
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, tables: int) -> None:
    """Make :mod:`crazy4.pipeline` raise at its table write after the first ``tables`` (counted
    as they start, under a lock: the pipeline writes tables on threads)."""
    real = crazy4.pipeline.write_table
    started: list[Path] = []
    lock = threading.Lock()

    def write_then_die(frame: pd.DataFrame, path: Path, record: dict[str, object]) -> None:
        with lock:
            if len(started) == tables:
                raise KilledError
            started.append(path)
        real(frame, path, record)

    monkeypatch.setattr(crazy4.pipeline, "write_table", write_then_die)


def test_interrupted_write_leaves_the_old_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another rule set written over a results folder and interrupted after two tables: the
    folder still holds exactly the old rule set's files (before: a mix, with the old report)."""
    folder = tmp_path / "results"
    before = _old_folder(folder)
    frame = pd.DataFrame({"b": [9]})
    other = _results("crazy4-cardroom", {"bets": frame, "joint": frame, "cap": frame}, "# room")
    _interrupt_after(monkeypatch, 2)
    with pytest.raises(KilledError):
        other.write(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]  # no temporary left


def test_a_completed_write_is_exactly_the_new_output(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    _old_folder(folder)
    (folder / ".analyzed").write_text("")
    frame = pd.DataFrame({"b": [9]})
    _results("crazy4-cardroom", {"joint": frame}, "# room").write(str(folder))
    assert sorted(p.name for p in folder.iterdir()) == ["joint.parquet", "report.md", "run.json"]
    assert (folder / "report.md").read_text() == "# room\n"


def test_interrupted_analyze_command_keeps_the_old_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same through ``crazy4 analyze`` (its analysis replaced by a small stand-in)."""
    folder = tmp_path / "out"
    before = _old_folder(folder)
    frame = pd.DataFrame({"house_edge": [0.0], "element_of_risk": [0.0], "bet": ["x"]})
    stand_in = _results("crazy4-cardroom", {"bets": frame, "joint": frame}, "# room")
    monkeypatch.setattr(crazy4.pipeline, "run_rule_set", lambda *args, **kwargs: stand_in)
    _interrupt_after(monkeypatch, 1)
    with pytest.raises(KilledError):
        main(["analyze", "--rules", "crazy4-cardroom", "--out", str(folder), "--quiet"])
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_stale_temporary_files_and_folders_are_removed(tmp_path: Path) -> None:
    """What a SIGKILLed run left (a temporary log, a half-built results folder) goes at the next
    write of the same target; a running process's temporary file and other files stay."""
    log = tmp_path / "log.parquet"
    stale_file = tmp_path / f".log.parquet.{DEAD_PID}.abcd1234.tmp"
    stale_file.write_bytes(b"x" * 1000)
    legacy_file = tmp_path / ".log.parquet.k2j4h5g6.tmp"  # the names earlier versions wrote
    legacy_file.write_text("")
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live_file = tmp_path / f".log.parquet.{running.pid}.abcd1234.tmp"
        live_file.write_text("")
        other = tmp_path / ".log.parquet.gz.12.abcd.tmp"  # another target's
        other.write_text("")
        replace_atomically(str(log), lambda target: target.write_text("new"))
        assert log.read_text() == "new"
        assert not stale_file.exists() and not legacy_file.exists()
        assert live_file.exists() and other.exists()
    finally:
        running.kill()
        running.wait()
    results = tmp_path / "results"
    stale_folder = tmp_path / f".results.{DEAD_PID}.abcd1234.tmp"
    stale_folder.mkdir()
    (stale_folder / "bets.parquet").write_bytes(b"half")
    _old_folder(results)
    assert not stale_folder.exists()


def test_killed_simulator_log_temporary_is_removed_by_the_next_run(tmp_path: Path) -> None:
    """A simulator killed outright leaves ``.NAME.*.tmp``; the next ``simulate`` removes it."""
    log = tmp_path / "log.parquet"
    script = (
        "import os, signal, sys\n"
        "from crazy4.registry import load_rules\n"
        "from crazy4.simulate.driver import make_plan, run_simulation\n"
        "plan = make_plan(load_rules('crazy4-standard'), rounds=200_000, seed=1)\n"
        "kill = lambda rounds: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"run_simulation(plan, log_path={str(log)!r}, progress=kill)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", script], env=environment, check=False)
    assert done.returncode == -9
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".log.parquet.") and left[0].endswith(".tmp")
    args = ["simulate", "--rules", "crazy4-standard", "--rounds", "100", "--log", str(log)]
    assert main([*args, "--quiet"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["log.parquet"]


def test_run_simulation_takes_a_str_log_path(tmp_path: Path) -> None:
    """``log_path="x.parquet"`` (a str): before, AttributeError in crazy4/core/atomic.py."""
    plan = make_plan(load_rules("crazy4-standard"), rounds=50, seed=2)
    counts = run_simulation(plan, log_path=str(tmp_path / "x.parquet"))
    assert counts.rounds == 50 and (tmp_path / "x.parquet").stat().st_size > 0


@pytest.mark.parametrize(
    ("plant", "message"),
    [
        (lambda folder: (folder / "notes.txt").write_text("mine"), "holds 'notes.txt'"),
        (lambda folder: (folder / "data.parquet").write_text("not ours"), "holds 'data.parquet'"),
        (lambda folder: (folder / "sub").mkdir(), "holds 'sub'"),
    ],
)
def test_a_folder_crazy4_did_not_write_is_not_replaced(
    tmp_path: Path, plant: Callable[[Path], object], message: str
) -> None:
    """Replacing a folder as a whole must never delete a user's files: ``--out .`` is refused."""
    from crazy4.results.destination import check_output_folder

    folder = tmp_path / "mine"
    folder.mkdir()
    plant(folder)
    assert main(["analyze", "--rules", "crazy4-standard", "--out", str(folder), "--quiet"]) == 2
    assert len(list(folder.iterdir())) == 1
    with pytest.raises(InputError, match=message):
        check_output_folder(folder)
