"""The ``crazy4 simulate`` options around a planted run: taken or refused by name.

``--log-cards compact`` (how the log is written) and the side-bet tables (``--queens-up``,
``--aces-up``, ``--meter``: how every seat's side bets are settled) work with planted seats;
``--backend dask``, ``--scheduler``, ``--blind-hands`` and ``--strategy`` are refused up front,
exit status 2 and one line naming the option. Expected values come from the independent
oracle (``tests/oracle_crazy4.py``: settlement by brute force from the rules file) and from
the card codes' definition (4 * rank + suit), not from the code under test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import oracle_crazy4 as oracle
import pyarrow.parquet as pq
import pytest

from crazy4.advantage import plant
from crazy4.cli.main import main

READING = oracle.read_rules(oracle.rule_file("crazy4-standard"))
#: The second Queens Up table (the default is the first).
QUEENS_UP = "queens-up-50-30-9-4-3-2-1"


def _text(cell: bytes) -> str:
    """A compact card cell as text: one byte a card, 4 * rank + suit, highest first."""
    return " ".join("23456789TJQKA"[b // 4] + "cdhs"[b % 4] for b in cell)


def _planted(log: Path, *extra: str) -> list[str]:
    return ["simulate", "--rules", "crazy4-standard", "--rounds", "200", "--seats", "4",
            "--hole-card-seats", "1", "--hole-cards", "1", "--team-seats", "3,4", "--seed", "9",
            "--ante", "5", "--quiet", "--queens-up", QUEENS_UP, "--log", str(log),
            *extra]  # fmt: skip


def test_a_compact_planted_log_with_another_queens_up_table_is_the_same_for_any_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plant, "CHUNK_ROUNDS", 64)  # four chunks: the workers share them
    compact = {}
    for jobs in (1, 2, 3):
        log = tmp_path / f"compact{jobs}.parquet"
        assert main(_planted(log, "--log-cards", "compact", "--jobs", str(jobs))) == 0
        compact[jobs] = pq.read_table(log)
    assert compact[1].equals(compact[2]) and compact[1].equals(compact[3])
    text_log = tmp_path / "text.parquet"
    assert main(_planted(text_log, "--jobs", "2")) == 0
    text = pq.read_table(text_log).to_pandas()
    cards = compact[1].to_pandas()
    assert len(text) == len(cards) == 800
    for column in ("player", "dealer"):
        assert [_text(c) for c in cards[column]] == text[column].tolist()
    others = [c for c in text.columns if c not in ("player", "dealer", "up_card")]
    assert (cards[others] == text[others]).all().all()
    metadata = json.loads(pq.read_schema(text_log).metadata[b"crazy4"])
    assert metadata["queens_up"] == QUEENS_UP and metadata["ante"] == 5
    table = READING.queens_up[READING.queens_index(QUEENS_UP)].name
    paid = 0
    for row in text.itertuples():  # the chosen table settles every seat, cheat or not
        nets = oracle.settle_round(READING, row.player, row.dealer, row.decision)
        expected = 5 * nets[f"queens_up:{table}"]
        assert Fraction(row.queens_up_net).limit_denominator(1000) == expected, row.Index
        paid += expected > 0
    assert paid > 0


def test_a_planted_progressive_run_takes_the_meter(tmp_path: Path) -> None:
    """The meter is recorded and the log's progressive is settled on it (the validator's
    progressive check re-settles every row at that meter)."""
    log, report = tmp_path / "meter.csv", tmp_path / "report.json"
    arguments = ["simulate", "--rules", "crazy4-progressive", "--rounds", "300", "--seats", "3",
                 "--hole-card-seats", "2", "--hole-cards", "2", "--meter", "60000", "--quiet",
                 "--log", str(log)]  # fmt: skip
    assert main(arguments) == 0
    main(["validate", str(log), "--rules", "crazy4-progressive", "--meter", "60000",
          "--report", str(report)])  # fmt: skip
    checks = {c["name"]: c for c in json.loads(report.read_text())["checks"]}
    assert checks["Progressive"]["status"] == "pass" and "60000" in checks["Progressive"]["summary"]
    assert checks["Settlement"]["status"] == "pass"


@pytest.mark.parametrize(
    ("extra", "option"),
    [
        (["--backend", "dask"], "--backend dask"),
        (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler"),
        (["--rules", "crazy4-cardroom", "--blind-hands", "1"], "--blind-hands"),
        (["--strategy", "simple"], "--strategy simple"),
    ],
)
def test_an_option_a_planted_run_does_not_take_is_refused_by_name(
    extra: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = [] if "--rules" in extra else ["--rules", "crazy4-standard"]
    arguments = ["simulate", *rules, "--rounds", "10", "--seats", "3", "--team-seats", "1,2",
                 "--quiet", *extra]  # fmt: skip
    status = main(arguments)
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1 and "Traceback" not in error
    assert error.startswith(f"crazy4: error: {option}"), error
