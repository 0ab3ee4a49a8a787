"""``crazy4 validate`` settles the progressive (issue 13): each logged ``progressive_net``
against an independent settlement, findings named by what the log did, the mean tested.

The planted amounts and the rows they land on come from :mod:`tests.progressive_oracle` (the
rule file's text and a plain evaluator), never from crazy4's progressive code.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from crazy4.cli.main import main
from crazy4.registry import load_rules
from crazy4.validate.driver import log_options, validate
from tests.progressive_oracle import Oracle, classify


def _simulate(path: Path, *args: str) -> None:
    assert main(["simulate", "--rounds", "3000", "--quiet", "--log", str(path), *args]) == 0


@pytest.fixture(scope="module")
def clean_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("progressive") / "rounds.parquet"
    _simulate(path, "--rules", "crazy4-progressive", "--seats", "3")
    return path


def test_clean_log_passes_with_no_options(
    clean_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["validate", str(clean_log)]) == 0
    text = capsys.readouterr().out
    assert "Progressive: pass" in text
    assert "9,000 rows' progressive re-settled" in text
    assert "meter $5000 (the log's metadata)" in text
    assert "progressive mean" in text


def test_four_card_log_with_a_meter_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "four.parquet"
    _simulate(path, "--rules", "four-card-progressive", "--seats", "2", "--meter", "80000")
    capsys.readouterr()
    assert main(["validate", str(path)]) == 0
    assert "meter $80000 (the log's metadata)" in capsys.readouterr().out


def _plant(clean: Path, target: Path) -> int:
    """Pay every flush $50 (the rules: $75) and the first row a royal flush paid a fixed
    $1,000 (the rules: the meter); the royal's round-mates get their envy right. Returns the
    number of flushes planted."""
    oracle, meter = Oracle("crazy4-progressive"), Fraction(5000)
    table = pq.read_table(clean)
    data = table.to_pydict()
    players, nets, rounds = data["player"], data["progressive_net"], data["round"]
    players[0] = "As Ks Qs Js Ts"
    nets[0] = 1000.0 - 1
    mates = [row for row in range(1, 10) if rounds[row] == rounds[0]]
    for row in mates:
        others = [players[other] for other in [0, *mates] if other != row]
        nets[row] = float(oracle.net(players[row], others, meter))
    flushes = 0
    for row in range(len(players)):
        if row and row not in mates and classify(players[row]) == "flush":
            nets[row] = 50.0 - 1
            flushes += 1
    columns = dict(data, player=players, progressive_net=nets)
    schema = table.schema
    planted = pa.table(
        {name: pa.array(columns[name], schema.field(name).type) for name in schema.names}
    )
    pq.write_table(planted.replace_schema_metadata(schema.metadata), target)
    return flushes


def test_planted_wrong_lines_are_flagged_with_their_counts(clean_log: Path, tmp_path: Path) -> None:
    target = tmp_path / "planted.parquet"
    flushes = _plant(clean_log, target)
    assert flushes > 0
    report = validate(target, log_options(target, load=load_rules))
    check = {check.name: check for check in report.checks}["Progressive"]
    assert not check.passed
    assert report.exit_status == 1
    counts = {name: finding.count for name, finding in check.findings.items()}
    royal = [name for name in counts if "royal flush" in name]
    flush = [name for name in counts if name.startswith("progressive: flush")]
    assert len(counts) == 2, counts
    assert counts[royal[0]] == 1 and "fixed" in royal[0] and "$1000" in royal[0]
    assert counts[flush[0]] == flushes and "$50" in flush[0]
    example = check.findings[royal[0]].examples[0]
    assert example["row"] == 1 and example["expected"] == 4999.0


def test_a_wrong_meter_is_noticed(clean_log: Path, tmp_path: Path) -> None:
    target = tmp_path / "planted.parquet"
    _plant(clean_log, target)
    options = log_options(target, load=load_rules)
    from dataclasses import replace

    report = validate(target, replace(options, meter=Fraction(9000)))
    check = {check.name: check for check in report.checks}["Progressive"]
    royal = [name for name in check.findings if "royal flush" in name]
    assert "$9000 meter" in royal[0]
    assert check.findings[royal[0]].examples[0]["expected"] == 8999.0


@pytest.mark.parametrize(
    ("args", "needle"),
    [(("--meter", "-5"), "--meter"), (("--meter", "x"), "--meter")],
)
def test_bad_meter_exits_2_with_one_line(
    clean_log: Path, args: tuple[str, ...], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["validate", str(clean_log), *args]) == 2
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and needle in error


def test_meter_without_the_section_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "standard.parquet"
    assert main(["simulate", "--rules", "crazy4-standard", "--rounds", "50", "--quiet",
                 "--log", str(path)]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["validate", str(path), "--meter", "100"]) == 2
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and "no [progressive] section" in error


def test_summary_progressive_mean_is_tested(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    path = tmp_path / "summary.json"
    args = ["simulate", "--rules", "crazy4-progressive", "--rounds", "4000", "--seats", "2"]
    assert main([*args, "--quiet", "--summary", str(path)]) == 0
    capsys.readouterr()
    assert main(["validate", str(path)]) == 0
    assert "progressive mean" in capsys.readouterr().out
    data = json.loads(path.read_text())
    oracle = Oracle("crazy4-progressive")
    row = data["bets"]["progressive"]
    row["mean"] = float(oracle.exact_mean(oracle.reset, 1)) + 8 * row["standard_error"]
    path.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 1


def test_unreadable_progressive_amounts_leave_their_round_out(
    clean_log: Path, tmp_path: Path
) -> None:
    table = pq.read_table(clean_log)
    nets = table.column("progressive_net").to_pylist()
    nets[4] = None  # round 2, seat 2: its round's three rows cannot be settled
    index = table.schema.get_field_index("progressive_net")
    broken = table.set_column(index, "progressive_net", pa.array(nets, pa.float64()))
    target = tmp_path / "broken.parquet"
    pq.write_table(broken.replace_schema_metadata(table.schema.metadata), target)
    check = {c.name: c for c in validate(target, log_options(target, load=load_rules)).checks}[
        "Progressive"
    ]
    assert check.passed
    assert "8,997 rows' progressive re-settled" in check.summary
    assert "3 rows left out" in check.summary
