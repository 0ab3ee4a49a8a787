"""Same inputs, same bytes: the files depend on the rule file, the code and the seed only.

Not on the command line (``--out``, ``--jobs``) nor on the checkout; what does vary from run to
run (the command line, the git commit) is kept in the volatile ``run.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from crazy4.cli.main import main


def test_simulate_files_are_the_same_for_any_jobs(tmp_path: Path) -> None:
    """``crazy4 simulate`` with ``--jobs 1`` and ``--jobs 2`` writes identical log and summary."""
    files = []
    for jobs in (1, 2):
        log, summary = tmp_path / f"log{jobs}.parquet", tmp_path / f"summary{jobs}.json"
        args = ["simulate", "--rules", "crazy4-standard", "--rounds", "140000", "--seed", "3"]
        args += ["--jobs", str(jobs), "--log", str(log), "--summary", str(summary), "--quiet"]
        assert main(args) == 0
        files.append((log.read_bytes(), summary.read_bytes()))
    assert files[0] == files[1]


def test_analyze_files_do_not_depend_on_out_or_jobs(tmp_path: Path) -> None:
    """Two ``analyze`` runs into different folders with different ``--jobs``: same bytes."""
    folders = [tmp_path / "a", tmp_path / "elsewhere" / "b"]
    for folder, jobs in zip(folders, ("1", "2"), strict=True):
        args = ["analyze", "--rules", "crazy4-standard", "--out", str(folder), "--jobs", jobs]
        assert main([*args, "--quiet"]) == 0
    for name in ("bets.parquet", "strategy.parquet", "returns.parquet", "report.md"):
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name
    runs = [json.loads((folder / "run.json").read_text()) for folder in folders]
    assert runs[0]["command"] != runs[1]["command"]
    assert {"command", "git_commit"} <= set(runs[0])
