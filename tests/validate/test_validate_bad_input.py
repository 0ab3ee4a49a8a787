"""The validator on bad logs and summaries: one test per reported case (issue item 9).

Each test breaks a small seeded log or summary (``tests/validate_inputs.py``) in one known way
and checks what ``crazy4 validate`` says: a bad cell is named by its row and the other rows are
still checked; unreadable input is one line and exit status 2; no warning is ever printed.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from validate_inputs import GAMES, ROUNDS, Log, Outcome, run_validate, simulate

from crazy4.validate.statistics import StatFamily, StatTest, statistics_check


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Log, dict[str, object]]]:
    folder = tmp_path_factory.mktemp("small")
    return {game: simulate(folder, game) for game in GAMES}


def _validate(path: Path, rules: str) -> Outcome:
    outcome = run_validate(path, rules, path.with_name("report.json"))
    outcome.assert_contract()
    return outcome


def _settled(outcome: Outcome) -> int:
    summary = outcome.check("Settlement")["summary"]
    assert isinstance(summary, str)
    return int(summary.split(" rows re-settled")[0].replace(",", ""))


def _with_cell(log: Log, row: int, column: str, text: str) -> Log:
    """``log`` with the cell of data row ``row`` (1-based) in ``column`` replaced."""
    broken = log.copy()
    broken.rows[row - 1][log.header.index(column)] = text
    return broken


def _one_bad_row(outcome: Outcome, row: int) -> None:
    """Exit 1, only ``row`` malformed, every other row re-settled, no mean broken."""
    assert outcome.status == 1, outcome.out
    assert outcome.flagged_rows() == {row}, outcome.out
    assert outcome.report is not None and outcome.report["rows"] == ROUNDS
    assert _settled(outcome) == ROUNDS - 1
    for test in outcome.listed("Statistics", "tests"):
        assert isinstance(test, dict)
        assert "nan" not in test["detail"] and "inf" not in test["detail"], test


@pytest.mark.parametrize("name", ["log.parquet", "log.json", "log.csv"])
def test_an_empty_file_is_named_as_such(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"")
    outcome = _validate(path, "crazy4-standard")
    assert outcome.status == 2
    assert "not a parquet, CSV or JSON log (empty file)" in outcome.err
    assert "csv log" not in outcome.err


@pytest.mark.parametrize("name", ["log.parquet", "summary.json"])
def test_binary_garbage_is_not_read_as_csv(tmp_path: Path, name: str) -> None:
    garbage = random.Random(3).randbytes(5000).replace(b"PAR1", b"par1")
    path = tmp_path / name
    path.write_bytes(b"\xff\xfe" + garbage)
    outcome = _validate(path, "four-card-standard")
    assert outcome.status == 2
    assert "not a parquet, CSV or JSON log (binary data" in outcome.err


def test_the_content_decides_the_format(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log, summary = small["fourcard"]
    as_parquet = log.write_csv(tmp_path / "csv-inside.parquet")
    assert _validate(as_parquet, log.rules).input_kind == "csv log"
    as_csv = log.write_parquet(tmp_path / "parquet-inside.csv")
    assert _validate(as_csv, log.rules).input_kind == "parquet log"
    as_log = tmp_path / "json-inside.csv"
    as_log.write_text(json.dumps(summary))
    assert _validate(as_log, log.rules).input_kind == "summary"
    text = tmp_path / "text-inside.json"
    text.write_text("hello\nworld\n")
    outcome = _validate(text, log.rules)
    assert outcome.status == 2 and "content read as CSV text, not the .json" in outcome.err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bad_number_cell_names_its_row(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path, game: str
) -> None:
    log = _with_cell(small[game][0], 7, "ante", "abc")
    outcome = _validate(log.write_csv(tmp_path / "log.csv"), log.rules)
    _one_bad_row(outcome, 7)
    assert outcome.listed("Well-formed", "findings") == [
        {
            "what": "ante not a readable number",
            "count": 1,
            "examples": [{"row": 7, "reason": "'abc' is not a number"}],
        }
    ]


@pytest.mark.parametrize(
    ("game", "text"),
    [("crazy4", text) for text in ("inf", "-inf", "1e308", "-1e308", "1e999", "NaN", "")]
    + [("fourcard", text) for text in ("inf", "1e308", "NaN")],
)
def test_non_finite_or_absurd_nets_are_flagged_without_warnings(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path, game: str, text: str
) -> None:
    log = _with_cell(small[game][0], 11, "ante_net", text)
    _one_bad_row(_validate(log.write_csv(tmp_path / "log.csv"), log.rules), 11)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 1e308, 2**62])
def test_parquet_non_finite_or_huge_values_flag_their_row(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path, value: float
) -> None:
    log = small["crazy4"][0]
    path = log.write_parquet(tmp_path / "log.parquet")
    table = pq.read_table(path)
    index = table.column_names.index("ante_net")
    cells = table.column(index).to_pylist()
    cells[41] = value
    kind = pa.int64() if isinstance(value, int) else pa.float64()
    cells = [int(c) if kind == pa.int64() else c for c in cells]
    pq.write_table(table.set_column(index, "ante_net", pa.array(cells, kind)), path)
    _one_bad_row(_validate(path, log.rules), 42)


def test_a_tiny_wager_is_absurd_not_a_huge_mean(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log = small["fourcard"][0].copy()
    row = log.rows[99]
    decision = row[log.header.index("decision")]
    multiple = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}[decision]
    row[log.header.index("ante")] = "1e-300"
    row[log.header.index("play")] = repr(multiple * 1e-300)
    _one_bad_row(_validate(log.write_csv(tmp_path / "log.csv"), log.rules), 100)


def test_a_bad_round_id_names_its_row(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log = _with_cell(small["crazy4"][0], 17, "round", "r17")
    _one_bad_row(_validate(log.write_csv(tmp_path / "log.csv"), log.rules), 17)


def test_bytes_that_are_not_utf8_name_their_row(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log = small["fourcard"][0]
    data = _with_cell(log, 1500, "player", "MARK").csv_bytes()
    assert data.index(b"MARK") > 1 << 16  # past the bytes the format is told from
    path = tmp_path / "log.csv"
    path.write_bytes(data.replace(b"MARK", b"As Kd \xff\xfe 2c"))
    _one_bad_row(_validate(path, log.rules), 1500)


def test_a_column_named_twice_is_one_line(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log = small["crazy4"][0].copy()
    log.header[log.header.index("queens_up")] = "ante"
    outcome = _validate(log.write_csv(tmp_path / "log.csv"), log.rules)
    assert outcome.status == 2 and "two columns named 'ante'" in outcome.err


def test_a_column_of_lists_is_one_line(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    log = small["crazy4"][0]
    path = log.write_parquet(tmp_path / "log.parquet")
    table = pq.read_table(path)
    index = table.column_names.index("player")
    lists = pa.array([[1, 2]] * table.num_rows, pa.list_(pa.int64()))
    pq.write_table(table.set_column(index, "player", lists), path)
    outcome = _validate(path, log.rules)
    assert outcome.status == 2 and "column 'player'" in outcome.err


def _summary_outcome(summary: dict[str, object], rules: str, tmp_path: Path) -> Outcome:
    path = tmp_path / "summary.json"
    path.write_text(json.dumps(summary))
    return _validate(path, rules)


def test_a_four_card_bet_with_no_hands_is_noted(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    summary = copy.deepcopy(small["fourcard"][1])
    bets = summary["bets"]
    assert isinstance(bets, dict)
    bets["bad_beat"] = {"hands": 0, "wagered": 0, "net": 0.0}
    outcome = _summary_outcome(summary, GAMES["fourcard"], tmp_path)
    assert outcome.status == 0
    assert "bet 'bad_beat': no hands; not tested" in outcome.listed("Statistics", "notes")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(
    ("key", "value", "named"),
    [
        ("player_categories", [1, 2], "player_categories is [1, 2], not a JSON object"),
        ("dealer_categories", "many", "dealer_categories is 'many', not a JSON object"),
        ("bets", None, "bets is None, not a JSON object"),
        ("rounds", -3, "rounds is -3, not a count"),
        ("rounds", 2.5, "rounds is 2.5, not a count"),
        ("rounds", 10**400, "rounds is an integer of 401 digits, not a finite number"),
    ],
)
def test_a_malformed_summary_is_one_line_naming_the_key(
    small: dict[str, tuple[Log, dict[str, object]]],
    tmp_path: Path,
    game: str,
    key: str,
    value: object,
    named: str,
) -> None:
    summary = {**small[game][1], key: value}
    outcome = _summary_outcome(summary, GAMES[game], tmp_path)
    assert outcome.status == 2 and "malformed summary: " + named in outcome.err


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("net", float("nan"), "bets.{bet}.net is nan, not a finite number"),
        ("net", float("inf"), "bets.{bet}.net is inf, not a finite number"),
        ("net", "-5", "bets.{bet}.net is '-5', not a number"),
        ("hands", 10**30, "bets.{bet}.hands is an integer of 31 digits, not a finite"),
        ("hands", -1, "bets.{bet}.hands is -1, not a count"),
        ("wagered", 0, "bets.{bet}.wagered is 0: a bet with hands has a positive wager"),
    ],
)
def test_a_malformed_bet_is_one_line_naming_the_key(
    small: dict[str, tuple[Log, dict[str, object]]],
    tmp_path: Path,
    game: str,
    field: str,
    value: object,
    named: str,
) -> None:
    summary = copy.deepcopy(small[game][1])
    bets = summary["bets"]
    assert isinstance(bets, dict)
    bet = sorted(bets)[0]
    bets[bet][field] = value
    outcome = _summary_outcome(summary, GAMES[game], tmp_path)
    assert outcome.status == 2 and named.format(bet=bet) in outcome.err


def test_summary_labels_and_nesting(
    small: dict[str, tuple[Log, dict[str, object]]], tmp_path: Path
) -> None:
    summary = copy.deepcopy(small["crazy4"][1])
    categories = summary["player_categories"]
    assert isinstance(categories, dict)
    categories["five aces"] = 3
    outcome = _summary_outcome(summary, GAMES["crazy4"], tmp_path)
    assert outcome.status == 2
    assert "player_categories has an unknown label 'five aces'" in outcome.err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    outcome = _validate(deep, GAMES["crazy4"])
    assert outcome.status == 2 and "nested too deep" in outcome.err


def test_a_mean_that_is_not_finite_never_passes() -> None:
    family = StatFamily([StatTest.z_score("mean of ante_play", float("nan"), "")])
    assert statistics_check(family, 0.001).tests[0]["result"] == "FAIL"
