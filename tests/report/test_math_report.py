"""The math report (PAR sheet) as XLSX and PDF: ``crazy4 report --format xlsx|pdf``.

The workbook is checked cell by cell against the parquet tables it is drawn from (read here
with pandas, not through the report code); its exact fractions against fractions rebuilt here
from the tables' integer columns and the deal counts of the rules text (C(52,5) C(47,5) for
Crazy 4 Poker, C(52,5) 47 C(46,5) for Four Card Poker); the derived figures (volatility index,
the house's win after n rounds) against the formulas written out here with the normal
quantiles from a table. The PDF is opened with pypdf: pages, "page N of M" on every page,
embedded images. Both come out byte-identical from a second run, and bad input exits 2 with one
line. The inputs are the committed ``results/`` folders (``--from``), so no analysis runs.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.cli.main import main
from crazy4.rules.load import shipped_rule_names

RESULTS = Path(__file__).resolve().parents[2] / "results"
SHIPPED = ("crazy4-standard", "crazy4-cardroom", "four-card-standard", "four-card-ante-bonus-2")
#: Deals of each game's cycle, from the rules text: player 5 of 52; dealer 5 of the other 47
#: (Crazy 4 Poker) or an up card and 5 of the other 46 (Four Card Poker).
DEALS = {
    "crazy4-standard": math.comb(52, 5) * math.comb(47, 5),
    "crazy4-cardroom": math.comb(52, 5) * math.comb(47, 5),
    "four-card-standard": math.comb(52, 5) * 47 * math.comb(46, 5),
    "four-card-ante-bonus-2": math.comb(52, 5) * 47 * math.comb(46, 5),
}
#: Normal quantiles of central 90/95/99% intervals (any statistics table).
Z = {90: 1.6448536269514722, 95: 1.959963984540054, 99: 2.5758293035489004}
#: Tables too large for a sheet (the report says they stay in parquet).
LARGE = 5_000


def run(*argv: str) -> tuple[int, str]:
    """``crazy4 ARGV`` in this process: exit status and standard error."""
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        status = main(list(argv))
    return status, errors.getvalue()


def report(tmp: Path, rules: str, fmt: str, name: str = "report") -> Path:
    out = tmp / f"{name}.{fmt}"
    status, errors = run(
        "report", "--rules", rules, "--from", str(RESULTS / rules), "--format", fmt,
        "--out", str(out), "--quiet",
    )  # fmt: skip
    assert status == 0, errors
    return out


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("xlsx")
    return {rules: report(folder, rules, "xlsx", rules) for rules in SHIPPED}


@pytest.fixture(scope="module")
def pdf_file(committed_pdf: Callable[[str], Path]) -> Path:
    return committed_pdf("crazy4-standard")


def sheet_frame(book: Any, name: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    rows = list(book[name].iter_rows(values_only=True))
    return [str(header) for header in rows[0]], rows[1:]


def parquet_tables(rules: str) -> dict[str, pd.DataFrame]:
    return {
        path.stem: pd.read_parquet(path)
        for path in sorted((RESULTS / rules).glob("*.parquet"))
        if path.stem != "player_hands"  # not committed; too large for a sheet anyway
    }


def assert_same_cells(book: Any, rules: str) -> int:
    """Every parquet table of ``rules`` (small enough) equals its sheet, cell by cell."""
    checked = 0
    for table, frame in parquet_tables(rules).items():
        if len(frame) > LARGE:
            assert table[:31] not in book.sheetnames
            continue
        header, rows = sheet_frame(book, table[:31])  # a sheet's name has at most 31 characters
        assert len(rows) == len(frame), table
        for column in frame.columns:
            cells = [row[header.index(column)] for row in rows]
            for value, cell in zip(frame[column].tolist(), cells, strict=True):
                if (
                    value is None
                    or value is pd.NA
                    or (isinstance(value, float) and math.isnan(value))
                ):
                    assert cell is None, (table, column)
                elif isinstance(value, bool | str):
                    assert cell == value, (table, column, value, cell)
                else:
                    assert not isinstance(cell, str), (table, column, "stored as text")
                    assert cell == value and type(cell)(value) == cell, (table, column, value)
                checked += 1
    return checked


@pytest.mark.parametrize("rules", SHIPPED)
def test_workbook_numbers_equal_the_parquet_tables(workbooks: dict[str, Path], rules: str) -> None:
    book = openpyxl.load_workbook(workbooks[rules], read_only=True)
    assert {"README", "rules", "pay_tables", "bets", "intervals", "returns"} <= set(book.sheetnames)
    assert assert_same_cells(book, rules) > 500


@pytest.mark.parametrize("rules", shipped_rule_names())
def test_committed_workbook_equals_the_committed_tables(rules: str) -> None:
    """``make results`` wrote ``report.xlsx`` from the tables beside it; both are committed."""
    path = RESULTS / rules / "report.xlsx"
    pdf = RESULTS / rules / "report.pdf"
    assert path.is_file() and pdf.is_file()
    assert path.stat().st_size + pdf.stat().st_size < 1_500_000
    assert assert_same_cells(openpyxl.load_workbook(path, read_only=True), rules) > 500


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_exact_fractions_equal_the_tables_exact_columns(
    workbooks: dict[str, Path], rules: str
) -> None:
    book = openpyxl.load_workbook(workbooks[rules], read_only=True)
    deals = DEALS[rules]
    returns = pd.read_parquet(RESULTS / rules / "returns.parquet")
    header, rows = sheet_frame(book, "returns")
    for row, (net, combinations) in zip(
        rows, zip(returns["net"], returns["combinations"], strict=True), strict=True
    ):
        cell = dict(zip(header, row, strict=True))
        assert Fraction(cell["probability_exact"]) == Fraction(int(combinations), deals)
        assert Fraction(cell["contribution_exact"]) == Fraction(net) * int(combinations) / deals
        assert cell["one_in"] == pytest.approx(deals / int(combinations), rel=1e-15)
    total = sum(Fraction(row[header.index("contribution_exact")]) for row in rows)
    bets = pd.read_parquet(RESULTS / rules / "bets.parquet")
    first = bets.iloc[0]  # the main bet
    assert total == Fraction(int(first["ev_numerator"]), int(first["ev_denominator"]))
    header, rows = sheet_frame(book, "bets")
    for row, (numerator, denominator) in zip(
        rows, zip(bets["ev_numerator"], bets["ev_denominator"], strict=True), strict=True
    ):
        edge = Fraction(row[header.index("house_edge_exact")])
        assert edge == -Fraction(int(numerator), int(denominator))
    frequencies = next(n for n in ("hand_frequencies", "player_hand_frequencies") if n in book)
    header, rows = sheet_frame(book, frequencies)
    exact = [Fraction(row[header.index("probability_exact")]) for row in rows]
    counts = [row[header.index("combinations")] for row in rows]
    assert sum(exact) == 1 and all(
        p == Fraction(c, math.comb(52, 5)) for p, c in zip(exact, counts, strict=True)
    )


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_volatility_index_and_intervals_rederived(workbooks: dict[str, Path], rules: str) -> None:
    book = openpyxl.load_workbook(workbooks[rules], read_only=True)
    bets = pd.read_parquet(RESULTS / rules / "bets.parquet").set_index("bet")
    header, rows = sheet_frame(book, "bets")
    for row in rows:
        cell = dict(zip(header, row, strict=True))
        assert cell["volatility_index"] == pytest.approx(1.645 * cell["std_dev"], rel=1e-15)
    header, rows = sheet_frame(book, "intervals")
    assert len(rows) == 5 * len(bets)
    for row in rows:
        cell = dict(zip(header, row, strict=True))
        bet = bets.loc[cell["bet"]]
        n = cell["rounds"]
        assert n in (100, 1_000, 10_000, 100_000, 1_000_000)
        edge = -Fraction(int(bet["ev_numerator"]), int(bet["ev_denominator"]))
        assert Fraction(cell["expected_win_exact"]) == n * edge
        assert cell["expected_win"] == float(n * edge)
        spread = math.sqrt(n) * float(bet["std_dev"])
        assert cell["sd"] == pytest.approx(spread, rel=1e-14)
        for level, z in Z.items():
            assert cell[f"low_{level}"] == pytest.approx(float(n * edge) - z * spread, rel=1e-9)
            assert cell[f"high_{level}"] == pytest.approx(float(n * edge) + z * spread, rel=1e-9)


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_simple_strategy_difference_is_exact(workbooks: dict[str, Path], rules: str) -> None:
    book = openpyxl.load_workbook(workbooks[rules], read_only=True)
    bets = pd.read_parquet(RESULTS / rules / "bets.parquet").set_index("bet")
    edge = {
        name: -Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))
        for name, row in bets.iterrows()
    }
    header, rows = sheet_frame(book, "simple_strategy")
    difference = [
        dict(zip(header, row, strict=True)) for row in rows if row[1] == "simple - optimal"
    ]
    simple = [name for name in edge if str(name).endswith("_simple")]
    assert len(difference) == len(simple) == 1
    optimal = str(simple[0]).removesuffix("_simple")
    expected = edge[simple[0]] - edge[optimal]
    assert Fraction(difference[0]["house_edge_exact"]) == expected > 0


def test_pay_tables_as_in_the_rule_file(workbooks: dict[str, Path]) -> None:
    """The Super Bonus of crazy4-standard as its rule file prints it (rules text)."""
    book = openpyxl.load_workbook(workbooks["crazy4-standard"], read_only=True)
    header, rows = sheet_frame(book, "pay_tables")
    super_bonus = {
        row[header.index("line")]: Fraction(row[header.index("odds_exact")])
        for row in rows
        if row[header.index("section")] == "super_bonus"
    }
    assert super_bonus == {
        "four aces": 200, "four of a kind": 30, "straight flush": 15, "three of a kind": 2,
        "flush": Fraction(3, 2), "straight": 1,
    }  # fmt: skip
    queens = [row for row in rows if row[header.index("section")].startswith("side_bets")]
    assert len(queens) == 14


def test_pdf_opens_with_pages_numbers_and_figures(pdf_file: Path) -> None:
    from pypdf import PdfReader

    reader = PdfReader(pdf_file)
    pages = len(reader.pages)
    assert pages >= 6
    texts = [page.extract_text() for page in reader.pages]
    for number, text in enumerate(texts, start=1):
        assert f"page {number} of {pages}" in text
    everything = "\n".join(texts)
    for heading in ("Rules", "Method", "Bets", "House win after n rounds", "Return table"):
        assert heading in everything
    assert "Optimal and simple strategy" in everything and "Provenance" in everything
    assert "3,986,646,103,440" in everything
    contents = reader.pages[0].extract_text(extraction_mode="layout")  # lines as printed
    for title, opening in (
        ("Return table", "The return table of the main bet"),
        ("Figures", "Figures"),
        ("Bets", "One row per bet"),
    ):
        listed = re.search(rf"{title}[ .]*?(\d+)\s*\n", contents)
        assert listed is not None and opening in texts[int(listed[1]) - 1], title
        assert all(opening not in text for text in texts[1 : int(listed[1]) - 1]), title
    images = sum(len(page.images) for page in reader.pages)
    assert images >= 2  # house edges and net distribution at least
    assert reader.metadata is not None and "Crazy 4 Poker" in str(reader.metadata.title)


def test_same_inputs_same_bytes(tmp_path: Path, workbooks: dict[str, Path], pdf_file: Path) -> None:
    again = report(tmp_path, "crazy4-standard", "pdf")
    assert again.read_bytes() == pdf_file.read_bytes()
    again = report(tmp_path, "crazy4-standard", "xlsx")
    assert again.read_bytes() == workbooks["crazy4-standard"].read_bytes()


def one_error_line(status: int, errors: str) -> str:
    assert status == 2
    lines = errors.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("crazy4: error: ")
    assert "Traceback" not in errors
    return lines[0]


def test_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    source = str(RESULTS / "crazy4-standard")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    line = one_error_line(
        *run("report", "--rules", "crazy4-standard", "--from", source, "--format", "pdf",
             "--out", str(blocker / "report.pdf"))
    )  # fmt: skip
    assert "file" in line
    line = one_error_line(
        *run("report", "--rules", "crazy4-cardroom", "--from", source, "--format", "xlsx",
             "--out", str(tmp_path / "r.xlsx"))
    )  # fmt: skip
    assert "SHA-256" in line and not (tmp_path / "r.xlsx").exists()
    line = one_error_line(
        *run("report", "--rules", "crazy4-standard", "--from", str(tmp_path), "--format", "pdf",
             "--out", str(tmp_path / "r.pdf"))
    )  # fmt: skip
    assert "holds no analysis" in line


#: Every format the command accepts (a hypothesis example that drew one failed the test).
FORMATS = ("md", "html", "pdf", "xlsx", "card")


@settings(max_examples=25, deadline=None)
@given(st.text(min_size=1, max_size=8).filter(lambda s: s not in FORMATS))
def test_unknown_format_exits_2(fmt: str) -> None:
    line = one_error_line(*run("report", "--rules", "crazy4-standard", "--format", fmt))
    assert "--format" in line


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_pay_lines_count_hands_and_return_the_side_bets_ev(
    workbooks: dict[str, Path], rules: str
) -> None:
    """A side bet settled even on a fold loses below its table: its lines' contributions less
    P(not paid) are its exact EV (the bets table's); the lines' combinations are sums of the
    hand-frequency groups (the published best-four-of-five counts)."""
    book = openpyxl.load_workbook(workbooks[rules], read_only=True)
    header, rows = sheet_frame(book, "pay_lines")
    lines = [dict(zip(header, row, strict=True)) for row in rows]
    bets = pd.read_parquet(RESULTS / rules / "bets.parquet").set_index("bet")
    groups = next(
        pd.read_parquet(path).set_index("hand")["combinations"]
        for name in ("hand_frequencies", "player_hand_frequencies")
        if (path := RESULTS / rules / f"{name}.parquet").is_file()
    )
    side_bets = [line for line in lines if str(line["section"]).startswith("side_bets")]
    names = sorted({str(line["pay_table"]) for line in side_bets})
    assert names and all(name in bets.index for name in names)
    for name in names:
        table = [line for line in side_bets if line["pay_table"] == name]
        assert sum(int(line["combinations"]) for line in table) == math.comb(52, 5)
        unpaid = next(line for line in table if line["line"] == "not paid")
        ev = sum(Fraction(line["contribution_exact"]) for line in table if line is not unpaid)
        ev -= Fraction(int(unpaid["combinations"]), math.comb(52, 5))
        row = bets.loc[name]
        assert ev == Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))
        by_line = {line["line"]: int(line["combinations"]) for line in table}
        assert by_line["four of a kind"] == groups["four aces"] + groups["four of a kind"]
        assert by_line["two pair"] == groups["two pair"]
        pairs = [hand for hand in groups.index if hand.startswith("pair of")]
        lowest = next(line for line in by_line if line.startswith("pair of"))
        paid = pairs[: pairs.index(lowest) + 1]
        assert by_line[lowest] == sum(groups[hand] for hand in paid)


def test_fresh_analysis_gives_the_same_workbook(tmp_path: Path, workbooks: dict[str, Path]) -> None:
    """Without --from the report analyzes the rule set first: the same sheets, cell by cell
    (the README sheet may differ only in naming player_hands.parquet, which is not committed)."""
    out = tmp_path / "fresh.xlsx"
    status, errors = run(
        *("report", "--rules", "crazy4-standard", "--format", "xlsx", "--out", str(out)),
        *("--quiet", "--hole-cards"),  # as make results analyzes
    )
    assert status == 0, errors
    fresh = openpyxl.load_workbook(out, read_only=True)
    stored = openpyxl.load_workbook(workbooks["crazy4-standard"], read_only=True)
    assert fresh.sheetnames == stored.sheetnames
    for name in fresh.sheetnames[1:]:
        assert list(fresh[name].iter_rows(values_only=True)) == list(
            stored[name].iter_rows(values_only=True)
        ), name


def test_analyze_may_replace_a_folder_holding_the_math_report(tmp_path: Path) -> None:
    from crazy4.results.destination import check_output_folder

    folder = tmp_path / "results"
    folder.mkdir()
    for name in ("report.pdf", "report.xlsx", "report.md"):
        (folder / name).write_bytes(b"x")
    assert check_output_folder(folder) == folder
