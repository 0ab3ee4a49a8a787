"""Three Card Poker validated against its published simple strategy, Q-6-4: a log that plays
from Q-6-4 passes with ``--strategy simple``; one that also plays Q-6-3 to Q-6-2 (just
below) deviates on exactly those rows. The log is the independent oracle's
(tests/oracle_three_card.py: its own evaluator and settlement); the expected rows are its."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import numpy as np
import oracle_three_card as three
import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.cli.main import main

ROUNDS = 4_000
Q64 = three.hand_value("Qs 6d 4h")
Q62 = three.hand_value("Qs 6d 2h")


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *args])
    return status, out.getvalue(), err.getvalue()


def written(path: Path, lowest: int) -> tuple[Path, set[int]]:
    """One-seat rounds played from ``lowest`` up, settled by the oracle; and the rows played
    below Q-6-4."""
    decks = np.argsort(np.random.default_rng(46).random((ROUNDS, 52)), axis=1)[:, :6]
    rows, below = [], set()
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:3], deck[3:]
        value = three.hand_value(player)
        play = value >= lowest
        if play and value < Q64:
            below.add(number)
        nets = three.settle(player, dealer, "play" if play else "fold")
        rows.append(
            {
                "round": number,
                "player": three.hand_text(player),
                "dealer": three.hand_text(dealer),
                "decision": "1x" if play else "fold",
                "ante": 1.0,
                "play": float(play),
                "ante_net": float(nets["ante"]),
                "play_net": float(nets["play"]),
                "ante_bonus_net": float(nets["ante_bonus"]),
            }
        )
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path, below


def test_a_q64_log_passes_with_the_simple_strategy(tmp_path: Path) -> None:
    log, below = written(tmp_path / "q64.parquet", Q64)
    assert below == set()
    status, out, err = cli(str(log), "--rules", "three-card-standard", "--strategy", "simple")
    assert (status, err) == (0, ""), out
    assert "compared with the simple strategy" in out


def test_plays_below_q64_are_the_deviations_found(tmp_path: Path) -> None:
    log, below = written(tmp_path / "q62.parquet", Q62)
    assert len(below) > 5
    report = tmp_path / "report.json"
    args = ("--rules", "three-card-standard", "--strategy", "simple", "--examples", "1000")
    status, out, err = cli(str(log), *args, "--report", str(report))
    assert (status, err) == (1, ""), out
    checks = {c["name"]: c for c in json.loads(report.read_text())["checks"]}
    strategy = checks["Strategy"]
    rows = {e["row"] for f in strategy["findings"] for e in f["examples"]}
    assert rows == below and checks["Settlement"]["status"] == "pass"


def test_another_strategy_name_is_refused_in_one_line(tmp_path: Path) -> None:
    log, _ = written(tmp_path / "q64.parquet", Q64)
    status, _, err = cli(str(log), "--rules", "three-card-standard", "--strategy", "basic")
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
