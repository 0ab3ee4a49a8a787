"""The validator against hostile and careless inputs (issue 25 item 4, issue 26 items 1-2).

Every log here is built by the test itself: a seeded ``crazy4 simulate`` log kept as text
cells (``tests/validate_inputs.py``), then broken by the test's own code in one known way, so
the expected answer (which rows, which rounds, which key) is known without asking the
validator. Each case ends with exit status 2 and one line naming what and where, or with the
right answer; never a traceback, never a check that examined nothing reported as passed.
"""

from __future__ import annotations

import contextlib
import io
import json
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from validate_inputs import ROUNDS, Log, Outcome, read_log, simulate

from crazy4.cli.main import main
from crazy4.validate.structure import RoundIds, structure_check

RULES = "crazy4-standard"


@pytest.fixture(scope="module")
def one_seat(tmp_path_factory: pytest.TempPathFactory) -> tuple[Log, dict[str, object]]:
    return simulate(tmp_path_factory.mktemp("one"), "crazy4")


@pytest.fixture(scope="module")
def three_seats(tmp_path_factory: pytest.TempPathFactory) -> Log:
    path = tmp_path_factory.mktemp("three") / "log.csv"
    args = ["simulate", "--rules", RULES, "--rounds", "600", "--seed", "3", "--seats", "3"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*args, "--log", str(path), "--quiet"]) == 0
    return read_log(path, RULES)


def _run(args: list[str], report: Path | None = None) -> Outcome:
    """``crazy4 ARGS`` in-process (with ``--report`` when given), checked against the contract:
    0, 1 or 2; no warning, no traceback; exactly one line on exit 2."""
    out, err = io.StringIO(), io.StringIO()
    if report is not None:
        report.unlink(missing_ok=True)
        args = [*args, "--report", str(report)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
    data = json.loads(report.read_text()) if report is not None and report.exists() else None
    warned = [f"{w.category.__name__}: {w.message}" for w in caught]
    outcome = Outcome(status, out.getvalue(), err.getvalue(), warned, data)
    outcome.assert_contract()
    return outcome


def _validate(path: Path, *extra: str) -> Outcome:
    return _run(["validate", str(path), "--rules", RULES, *extra], path.with_name("r.json"))


def _refused(outcome: Outcome, *words: str) -> None:
    """Exit 2, one line, naming each of ``words``; no report written."""
    assert outcome.status == 2, outcome.out
    assert outcome.report is None
    for word in words:
        assert word in outcome.err, (word, outcome.err)


def _column(log: Log, name: str) -> int:
    return log.header.index(name)


# --- honest verdicts -------------------------------------------------------------------------


def test_text_round_ids_are_refused_not_passed(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """A vendor CSV with text round ids: every row's id unreadable, so the run stops (exit 2)
    on the sample, naming the mapping key that reads them and the first row; before, every
    check said pass."""
    log = one_seat[0].copy()
    at = _column(log, "round")
    for row in log.rows:
        row[at] = f"H{int(row[at]):05d}"
    outcome = _validate(log.write_csv(tmp_path / "vendor.csv"))
    _refused(outcome, "1,000 of the first 1,000 rows", "row 1: 'H00001'", 'round_ids = "text"')
    assert "pass" not in outcome.err


def test_most_rows_unreadable_stop_the_run_but_half_do_not(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """More than half of the rows unreadable: exit 2; exactly half: the report, exit 1."""
    log = one_seat[0]
    ante = _column(log, "ante")

    def broken(count: int) -> Log:
        copy = log.copy()
        for row in copy.rows[-count:]:  # past the sample the mapping is tried on
            row[ante] = "one"
        return copy

    half = ROUNDS // 2
    outcome = _validate(broken(half + 1).write_csv(tmp_path / "most.csv"))
    _refused(outcome, f"{half + 1:,} of {ROUNDS:,} rows unreadable", f"row {half:,}: ante")
    outcome = _validate(broken(half).write_csv(tmp_path / "half.csv"))
    assert outcome.status == 1
    assert outcome.check("Well-formed")["rests_on"] == {"count": ROUNDS, "of": "rows"}
    assert outcome.check("Settlement")["rests_on"] == {"count": ROUNDS - half, "of": "rows"}


def test_rows_that_read_but_break_the_rules_are_reported_however_many(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """Every row readable but wrong (a negative ante): no row re-settled, so Settlement, Rule
    inference and Statistics are "not run" (never "pass"); the report says so, exit 1."""
    log = one_seat[0].copy()
    ante = _column(log, "ante")
    for row in log.rows:
        row[ante] = "-" + row[ante]
    outcome = _validate(log.write_csv(tmp_path / "negative.csv"))
    assert outcome.status == 1 and outcome.report is not None
    assert outcome.report["verdict"] == "inconsistent"  # Well-formed failed
    assert outcome.check("Well-formed")["status"] == "fail"
    for name in ("Settlement", "Strategy", "Rule inference", "Statistics"):
        assert outcome.check(name)["status"] == "not run", name
    assert " pass" not in outcome.out.replace("Structure: pass", "")


def test_a_check_that_examined_nothing_is_not_run(three_seats: Log, tmp_path: Path) -> None:
    """One seat of every round malformed (a third of the rows): every round is left out of
    the statistics, so Statistics examined nothing: "not run", never "pass"."""
    log = three_seats.copy()
    ante = _column(log, "ante")
    for row in log.rows[2::3]:
        row[ante] = "0"
    outcome = _validate(log.write_csv(tmp_path / "third.csv"))
    assert outcome.status == 1
    statistics = outcome.check("Statistics")
    assert statistics["status"] == "not run", statistics
    assert statistics["rests_on"]["count"] == 0
    assert "Statistics: NOT RUN" in outcome.out
    assert outcome.check("Settlement")["status"] == "pass"


def test_every_verdict_states_its_rows(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    outcome = _validate(one_seat[0].write_csv(tmp_path / "clean.csv"))
    assert outcome.status == 0 and outcome.report is not None
    assert outcome.report["verdict"] == "consistent"
    for check in outcome.report["checks"]:
        assert check["status"] == "pass"
        assert check["rests_on"]["count"] > 0, check
    assert f"Settlement: pass (on {ROUNDS:,} rows)" in outcome.out


# --- never a silent misreading ---------------------------------------------------------------

_WORDS = dict(zip("cdhs", ("CLUB", "DIAMOND", "HEART", "SPADE"), strict=True))


def _worded(hand: str) -> str:
    """``"As Td"`` as ``"SPADE 1 DIAMOND 10"`` (suit words, ace = 1, J/Q/K = 11-13)."""
    ranks = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    return " ".join(f"{_WORDS[c[1]]} {ranks.get(c[0], c[0])}" for c in hand.split())


def test_suit_words_read_as_integers_name_the_mapping_key(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    log = one_seat[0].copy()
    for name in ("player", "dealer"):
        at = _column(log, name)
        for row in log.rows:
            row[at] = _worded(row[at])
    outcome = _validate(log.write_csv(tmp_path / "words.csv"), "--cards", "integers")
    first = repr(log.rows[0][_column(log, "player")].split()[0])  # a suit word
    _refused(outcome, '[cards] notation = "integers"', "'player'", "row 1", first)


def test_a_word_among_integer_codes_makes_its_row_malformed(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """A few cells with a word token: those rows malformed naming the token, the others read
    (before, the words were dropped and the row settled on other cards)."""
    log = one_seat[0].copy()
    for name in ("player", "dealer"):
        at = _column(log, name)
        for row in log.rows:
            row[at] = " ".join(
                str(4 * "23456789TJQKA".index(c[0]) + "cdhs".index(c[1])) for c in row[at].split()
            )
    player = _column(log, "player")
    bad = [1500, 1700]
    for number in bad:
        cell = log.rows[number - 1][player]
        log.rows[number - 1][player] = "SPADE " + cell
    outcome = _validate(log.write_csv(tmp_path / "ints.csv"), "--cards", "integers")
    assert outcome.status == 1, outcome.err
    assert outcome.flagged_rows() == set(bad)
    reasons = [e["reason"] for f in outcome.check("Well-formed")["findings"] for e in f["examples"]]
    assert all("'SPADE' is not a whole number" in reason for reason in reasons), reasons


@pytest.mark.parametrize(
    ("unit", "words"),
    [("inf", "unit: inf"), ("nan", "unit: nan"), ("1e-300", "[wagers] unit = 1e-300")],
)
def test_an_impossible_unit_is_the_mappings_error(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path, unit: str, words: str
) -> None:
    path = one_seat[0].write_csv(tmp_path / "log.csv")
    mapping = tmp_path / "m.toml"
    mapping.write_text(f"[wagers]\nunit = {unit}\n")
    outcome = _validate(path, "--mapping", str(mapping))
    _refused(outcome, words)
    assert "2,000" not in outcome.err or "first" in outcome.err


def test_a_mapped_column_the_log_lacks_is_named(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """The mapping says player = "Cards"; the log has "player" but no "Cards": refused, never
    the log's own "player" column used silently."""
    path = one_seat[0].write_csv(tmp_path / "log.csv")
    outcome = _validate(path, "--column", "player=Cards")
    _refused(outcome, "[columns] player = 'Cards'", "no column 'Cards'")


def test_labels_no_mapping_reads_are_the_mappings_error(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    log = one_seat[0].copy()
    at = _column(log, "decision")
    for row in log.rows:
        row[at] = {"fold": "F", "1x": "P1", "3x": "P3"}.get(row[at], row[at])
    outcome = _validate(log.write_csv(tmp_path / "labels.csv"), "--decision", "F=fold")
    _refused(outcome, "[decisions]", "column 'decision'", "'P")


# --- structure ------------------------------------------------------------------------------


def test_rounds_appended_again_fail_the_structure(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """Rounds 1-100 appended again to a 2,000-round log (a seeding bug's repeated chunk)."""
    log = one_seat[0].copy()
    log.rows.extend([list(row) for row in log.rows[:100]])
    outcome = _validate(log.write_parquet(tmp_path / "again.parquet"))
    assert outcome.status == 1
    structure = outcome.check("Structure")
    assert structure["status"] == "fail"
    (finding,) = [f for f in structure["findings"] if "seen again" in f["what"]]
    assert finding["count"] == 100
    assert finding["examples"][0] == {"round": 1, "rows": f"1, {ROUNDS + 1}"}
    assert outcome.check("Settlement")["status"] == "pass"  # the rows themselves are right


def test_a_gap_in_the_rounds_is_reported_not_failed(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    log = one_seat[0].copy()
    del log.rows[100:150]  # rounds 101-150
    outcome = _validate(log.write_csv(tmp_path / "gap.csv"))
    structure = outcome.check("Structure")
    assert structure["status"] == "pass"
    (finding,) = structure["findings"]
    assert finding["count"] == 50 and finding["examples"] == [{"missing": "101-150"}]
    assert "50 round numbers missing between 1 and 2000" in structure["summary"]


def test_a_seat_outside_the_table_is_named(three_seats: Log, tmp_path: Path) -> None:
    log = three_seats.copy()
    seat = _column(log, "seat")
    log.rows[301][seat] = "12"  # row 302: round 101's second seat
    path = log.write_parquet(tmp_path / "seat.parquet")
    table = pq.read_table(path)
    metadata = {b"crazy4": json.dumps({"seats": 3}).encode()}
    pq.write_table(table.replace_schema_metadata(metadata), path)
    outcome = _validate(path)
    assert outcome.status == 1
    assert outcome.flagged_rows() == {302}
    (finding,) = outcome.check("Well-formed")["findings"]
    assert finding["what"] == "seat outside the table (1 to 3)"
    assert finding["examples"] == [{"row": 302, "reason": "seat 12"}]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(min_value=-3, max_value=40), min_size=1, max_size=60),
    st.integers(min_value=1, max_value=7),
)
def test_round_ids_against_a_counter(ids: list[int], batch: int) -> None:
    """Repeated ids and missing numbers as a Counter and a set say, whatever the batches."""
    rounds = RoundIds()
    for start in range(0, len(ids), batch):
        chunk = np.array(ids[start : start + batch], dtype=np.float64)
        rounds.add(chunk, np.arange(start + 1, start + 1 + chunk.size))
    check = structure_check(rounds, 3)
    counts = Counter(ids)
    repeats = sum(n - 1 for n in counts.values())
    missing = max(ids) - min(ids) + 1 - len(counts)
    found = check.findings.get("round id seen again after other rounds")
    assert (found.count if found else 0) == repeats
    assert check.passed == (repeats == 0)
    gaps = check.findings.get("round numbers missing (noted, not a failure)")
    assert (gaps.count if gaps else 0) == missing


# --- JSON summaries -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda s: s["bets"]["ante_play"].update(mean=0.5), "bets.ante_play.mean is 0.5"),
        (
            lambda s: s.update(
                player_categories={k: 100 * v for k, v in s["player_categories"].items()}
            ),
            "player_categories add up to 200,000, not 2,000",
        ),
        (lambda s: s["dealer_categories"].update(pair=0), "dealer_categories add up to"),
        (lambda s: s["bets"]["super_bonus"].update(hands=10**6), "bets.super_bonus.hands"),
        (lambda s: s["bets"]["ante_play"].update(net_exact="1/3"), "bets.ante_play.net_exact"),
    ],
)
def test_a_summary_contradicting_itself_is_refused(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path, edit: object, words: str
) -> None:
    summary = json.loads(json.dumps(one_seat[1]))
    edit(summary)  # type: ignore[operator]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(summary))
    _refused(_validate(path), "malformed summary", words)


def test_the_untouched_summary_passes(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(one_seat[1]))
    outcome = _validate(path)
    assert outcome.status == 0
    assert outcome.check("Statistics")["rests_on"] == {"count": ROUNDS, "of": "rounds"}


# --- CSV reading ----------------------------------------------------------------------------


def test_a_ten_megabyte_line_is_named_by_row(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    log = one_seat[0].copy()
    log.rows[1233][_column(log, "player")] = "As " * ((10 << 20) // 3)
    outcome = _validate(log.write_csv(tmp_path / "long.csv"))
    _refused(outcome, "row 1,234 (line 1,235) is", "bytes long")


def test_a_megabyte_header_is_named(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    log = one_seat[0].copy()
    log.header[-1] = log.header[-1] + "x" * (1 << 20)
    outcome = _validate(log.write_csv(tmp_path / "header.csv"))
    _refused(outcome, "the header (line 1) is longer than")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_utf16_csv_is_named(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "wide.csv"
    path.write_bytes(one_seat[0].csv_bytes().decode().encode(encoding))
    _refused(_validate(path), "UTF-", "save it as UTF-8")


# --- what a log's metadata may name ---------------------------------------------------------


def _with_metadata(log: Log, path: Path, **recorded: object) -> Path:
    log.write_parquet(path)
    table = pq.read_table(path)
    pq.write_table(table.replace_schema_metadata({b"crazy4": json.dumps(recorded).encode()}), path)
    return path


def test_a_rule_set_path_in_the_metadata_is_refused(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    """The log names its rule set as a path (here a real, valid copy of the shipped file): an
    untrusted log must not choose which file is opened, so it is refused in one line."""
    from crazy4.rules.load import resolve_rules_path

    copy = tmp_path / "mine.toml"
    copy.write_text(resolve_rules_path(RULES).read_text())
    path = _with_metadata(one_seat[0], tmp_path / "log.parquet", rule_set=str(copy))
    outcome = _run(["validate", str(path)])
    _refused(outcome, "names the rule set", "mine.toml", "only from --rules")
    outcome = _run(["validate", str(path), "--rules", RULES])  # --rules is the way
    assert outcome.status == 0


def test_a_strategy_path_in_the_metadata_is_refused(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    strategy = tmp_path / "s.csv"
    strategy.write_text("x\n")
    path = _with_metadata(
        one_seat[0], tmp_path / "log.parquet", rule_set=RULES, strategy=str(strategy)
    )
    _refused(_run(["validate", str(path)]), "names the strategy", "only --strategy")


def test_a_shipped_rule_set_in_the_metadata_is_used(
    one_seat: tuple[Log, dict[str, object]], tmp_path: Path
) -> None:
    path = _with_metadata(one_seat[0], tmp_path / "log.parquet", rule_set=RULES)
    assert _run(["validate", str(path)]).status == 0


# --- hypothesis: any cell that is not a number of cards never passes silently ----------------


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.text(alphabet="SPADEHRT ,;-0123456789[]x", min_size=1, max_size=30))
def test_any_integer_cell_reads_whole_or_names_its_token(cell: str) -> None:
    """A cell read with integer notation is either every token a code, or no cards with a
    reason naming the first token that is not (checked by the test's own tokenizer)."""
    from crazy4.log.mapping import LogMapping

    column = LogMapping(notation="integers").translate(pa.table({"player": [cell]}))
    text = column.column("player")[0].as_py()
    tokens = [
        t
        for t in cell.strip()
        .removeprefix("[")
        .removesuffix("]")
        .replace(",", " ")
        .replace(";", " ")
        .split()
        if t
    ]
    digits = [t[1:] if t.startswith("-") else t for t in tokens]
    wrong = [t for t, d in zip(tokens, digits, strict=True) if not (d.isdigit() and len(d) <= 18)]
    if wrong:
        assert text.startswith("\x1f") and repr(wrong[0][:20]) in text, (cell, text)
    elif any(not 0 <= int(t) < 52 for t in tokens):
        assert text.startswith("\x1f") and "is not a card" in text
    else:
        assert text is None or not text.startswith("\x1f")
