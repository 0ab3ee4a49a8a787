"""Property-based tests of ``crazy4 validate`` on broken logs and summaries (hypothesis).

Logs are a small seeded ``crazy4 simulate --log`` output of each game (one seat, 2,000 rounds)
with cells replaced by garbage, NaN, infinities, 1e308, negative amounts, empty strings or
wrong card text, truncated or spliced with random bytes, written as CSV or parquet under any
name; summaries are the seeded JSON summary with values replaced, keys removed, or replaced
whole. Whatever the input, validate keeps its contract: exit status 0 (consistent), 1 (a check
failed) or 2 (unreadable input), never a traceback nor a warning, one line on exit status 2.
One bad cell is reported by its row number, and every other row is still checked.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TypeAlias

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from validate_inputs import CARD_COLUMNS, GAMES, ROUNDS, Log, run_validate, simulate

Small: TypeAlias = dict[str, tuple[Log, dict[str, object]]]
FAST = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

#: Text that is no number and none of the CSV reader's words for a missing value.
GARBAGE = st.text(alphabet="abcdxyz?!@#;,'\" \t", min_size=1, max_size=12).filter(
    lambda text: text.strip() != ""
)
#: Numbers no log holds: infinite, or beyond any amount and any exact round id.
ABSURD = st.one_of(
    st.sampled_from(["inf", "-inf", "Infinity", "1e999", "1e308", "-1e308"]),
    st.floats(min_value=1e16, max_value=1e300).map(lambda x: repr(x)),
)
CARD_JUNK = st.sampled_from(["Zs", "1h", "Kx", "??", "A", "Ten"])
DECISION_JUNK = st.one_of(st.sampled_from(["4x", "call", "raise", "0x", "1 x", ""]), GARBAGE)
ID_COLUMNS = ("round", "seat")


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Small:
    folder = tmp_path_factory.mktemp("small")
    return {game: simulate(folder, game) for game in GAMES}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("examples")


@st.composite
def wrong_cards(draw: st.DrawFn, text: str, other: str) -> str:
    """A hand's text made wrong: a card unknown, missing, doubled, taken from ``other`` (a hand
    of the same round), or no text at all."""
    cards = text.split()
    position = draw(st.integers(0, len(cards) - 1))
    how = draw(st.sampled_from(["unknown", "missing", "doubled", "dealt twice", "empty"]))
    if how == "unknown":
        cards[position] = draw(CARD_JUNK)
    elif how == "missing":
        del cards[position]
    elif how == "doubled":
        cards.append(cards[position])
    elif how == "dealt twice" and len(cards) > 1:
        cards[position] = draw(st.sampled_from([c for c in other.split() if c not in cards]))
    else:
        return ""
    return " ".join(cards)


@st.composite
def bad_cell(draw: st.DrawFn, log: Log) -> tuple[int, str, str]:
    """A row (1-based), a column and a text that makes that cell bad by the log's schema."""
    row = draw(st.integers(1, len(log.rows)))
    column = draw(st.sampled_from(log.header))
    cells = dict(zip(log.header, log.rows[row - 1], strict=True))
    if column in CARD_COLUMNS:
        other = cells["player"] if column != "player" else cells["dealer"]
        return row, column, draw(wrong_cards(cells[column], other))
    if column == "decision":
        return row, column, draw(DECISION_JUNK)
    kinds = [GARBAGE, ABSURD]
    if column not in ID_COLUMNS:
        kinds.append(st.sampled_from(["", "NaN", "nan", "  "]))
        if not column.endswith("_net"):  # a wager: negative, or too small to be one
            value = abs(float(cells[column]))
            kinds.append(st.floats(1, 1e6).map(lambda x: repr(-value - x)))
            kinds.append(st.floats(1e-300, 1e-7).map(repr))
    return row, column, draw(st.one_of(kinds))


@settings(FAST, max_examples=20)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), parquet=st.booleans())
def test_one_bad_cell_is_named_by_its_row(
    small: Small, folder: Path, data: st.DataObject, game: str, parquet: bool
) -> None:
    log = small[game][0]
    row, column, text = data.draw(bad_cell(log), label="row, column, text")
    broken = log.copy()
    broken.rows[row - 1][log.header.index(column)] = text
    path = folder / "one.log"
    broken.write_parquet(path) if parquet else broken.write_csv(path)
    outcome = run_validate(path, log.rules, folder / "one.json")
    outcome.assert_contract()
    assert outcome.status == 1, outcome.out
    assert outcome.flagged_rows() == {row}, outcome.out
    assert outcome.report is not None and outcome.report["rows"] == ROUNDS
    settled = outcome.check("Settlement")["summary"]
    assert isinstance(settled, str) and settled.startswith(f"{ROUNDS - 1:,} rows re-settled")


@st.composite
def broken_bytes(draw: st.DrawFn, log: Log, folder: Path) -> bytes:
    """A log broken any way: cells replaced, columns lost, rows cut short, bytes spliced in,
    the file truncated, written as CSV or as parquet."""
    broken = log.copy()
    for _ in range(draw(st.integers(0, 6))):
        row, column, text = draw(bad_cell(log))
        broken.rows[row - 1][log.header.index(column)] = text
    edit = draw(st.sampled_from(["none", "drop column", "rename column", "short row"]))
    if edit == "drop column":
        index = draw(st.integers(0, len(log.header) - 1))
        del broken.header[index]
        for cells in broken.rows:
            del cells[index]
    elif edit == "rename column":
        broken.header[draw(st.integers(0, len(log.header) - 1))] = draw(GARBAGE)
    elif edit == "short row":
        cells = broken.rows[draw(st.integers(0, len(log.rows) - 1))]
        del cells[draw(st.integers(0, len(cells) - 1)) :]
    if draw(st.booleans()) and edit != "short row":
        path = broken.write_parquet(folder / "any.parquet")
        data = path.read_bytes()
    else:
        data = broken.csv_bytes()
    how = draw(st.sampled_from(["whole", "truncated", "spliced", "empty", "noise"]))
    cut = draw(st.integers(0, len(data)))
    if how == "truncated":
        return data[:cut]
    if how == "spliced":
        return data[:cut] + draw(st.binary(min_size=1, max_size=64)) + data[cut:]
    if how == "empty":
        return b""
    if how == "noise":
        return draw(st.binary(max_size=300))
    return data


@settings(FAST, max_examples=25)
@given(
    data=st.data(),
    game=st.sampled_from(sorted(GAMES)),
    name=st.sampled_from(["log.csv", "log.parquet", "log.json", "log"]),
)
def test_any_broken_log_keeps_the_contract(
    small: Small, folder: Path, data: st.DataObject, game: str, name: str
) -> None:
    log = small[game][0]
    path = folder / name
    path.write_bytes(data.draw(broken_bytes(log, folder), label="file"))
    run_validate(path, log.rules).assert_contract()


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every key path of a JSON object."""
    paths: list[tuple[str, ...]] = []
    if isinstance(value, dict):
        for key, child in value.items():
            paths.append((*prefix, key))
            paths += _paths(child, (*prefix, key))
    return paths


def _set(summary: dict[str, object], path: tuple[str, ...], value: object) -> None:
    target: object = summary
    for key in path[:-1]:
        assert isinstance(target, dict)
        target = target[key]
    assert isinstance(target, dict)
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


@settings(FAST, max_examples=30)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_any_broken_summary_keeps_the_contract(
    small: Small, folder: Path, data: st.DataObject, game: str
) -> None:
    summary = copy.deepcopy(small[game][1])
    paths = _paths(summary)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        path = data.draw(st.sampled_from(paths), label="key")
        value = data.draw(st.one_of(JSON_VALUES, st.just(_DELETE)), label="value")
        with contextlib.suppress(AssertionError, KeyError):  # a key under one edited before
            _set(summary, path, value)
    text = json.dumps(summary)
    if data.draw(st.booleans(), label="whole"):
        text = json.dumps(data.draw(JSON_VALUES, label="document"))
    cut = data.draw(st.integers(0, len(text)), label="cut")
    target = folder / data.draw(st.sampled_from(["summary.json", "summary.csv"]), label="name")
    target.write_text(text if data.draw(st.booleans(), label="full") else text[:cut])
    run_validate(target, GAMES[game]).assert_contract()


#: Values no count (rounds, a category, a bet's hands) may take, and no amount (a net).
NOT_A_COUNT = st.one_of(
    st.none(),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.sampled_from([float("nan"), float("inf"), -1, 2.5, 1e300, 10**40, True]),
)
NOT_AN_AMOUNT = st.one_of(
    st.none(), st.text(max_size=4), st.sampled_from([float("nan"), float("-inf"), 1e300, False])
)


@settings(FAST, max_examples=30)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_a_malformed_value_read_from_a_summary_is_named(
    small: Small, folder: Path, data: st.DataObject, game: str
) -> None:
    summary = copy.deepcopy(small[game][1])
    bets = summary["bets"]
    assert isinstance(bets, dict)
    categories = summary["player_categories"]
    assert isinstance(categories, dict)
    choices = [("rounds",), ("player_categories", sorted(categories)[0])]
    choices += [("bets", bet, "hands") for bet in bets] + [("bets", bet, "net") for bet in bets]
    path = data.draw(st.sampled_from(choices), label="key")
    _set(summary, path, data.draw(NOT_AN_AMOUNT if path[-1] == "net" else NOT_A_COUNT))
    target = folder / "named.json"
    target.write_text(json.dumps(summary))
    outcome = run_validate(target, GAMES[game])
    outcome.assert_contract()
    assert outcome.status == 2 and ".".join(path) in outcome.err, outcome.err


def _subprocess_validate(path: Path, rules: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run(
        [sys.executable, "-m", "crazy4", "validate", str(path), "--rules", rules],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_a_subprocess_prints_no_warning_for_nan_inf_and_huge_cells(
    small: Small, tmp_path: Path
) -> None:
    log = small["crazy4"][0].copy()
    for row, column, text in [
        (3, "ante_net", "NaN"),
        (5, "ante_net", "inf"),
        (8, "play_net", "1e308"),
        (13, "super_bonus", "-1e308"),
        (21, "queens_up_net", "garbage"),
        (34, "player", "As As Kd"),
    ]:
        log.rows[row - 1][log.header.index(column)] = text
    done = _subprocess_validate(log.write_csv(tmp_path / "log.csv"), log.rules)
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert "6 of 2,000 rows malformed" in done.stdout


def test_a_subprocess_refuses_garbage_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "summary.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    done = _subprocess_validate(path, "four-card-standard")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "not a parquet, CSV or JSON log" in done.stderr
