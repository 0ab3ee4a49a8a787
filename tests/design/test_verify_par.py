"""``crazy4 verify-par``: exact claims pass, planted wrong claims are caught, bad input exits 2.

The claims are written from the Three Card Poker oracle (``tests/oracle_three_card.py``,
which imports nothing from the package): Pair Plus line counts over all 22,100 hands and the
house edges of Pair Plus and of the whole game under the optimal strategy.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from oracle_three_card import (
    CATEGORY_NAMES,
    all_hands,
    category_of,
    optimal_strategy_edge,
    pair_plus_edge,
    pair_plus_table,
)

from crazy4.cli.main import main

HEADER = "bet,table,line,combinations,total,probability,payout,contribution,house_edge\n"
BET = "pair-plus-1-4-6-30-40"


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@pytest.fixture(scope="module")
def exact_claims() -> list[str]:
    """Claim rows written from the oracle: every Pair Plus line, its edge, the game's edge."""
    counts = np.bincount(category_of(all_hands().values), minlength=len(CATEGORY_NAMES))
    table = pair_plus_table("1-4-6-30-40")
    rows = []
    for line, odds in table.items():
        category = CATEGORY_NAMES.index(line.replace("_", " "))
        combinations = int(counts[category])
        probability = Fraction(combinations, 22100)
        rows.append(
            f"{BET},pair_plus[0],{line},{combinations},22100,{_text(probability)},"
            f"{_text(odds)},{_text(odds * probability)},\n"
        )
    rows.append(f"{BET},,,,,,,,{_text(pair_plus_edge('1-4-6-30-40'))}\n")
    rows.append(f"ante_play,,,,,,,,{_text(optimal_strategy_edge().house_edge)}\n")
    return rows


def _run(tmp_path: Path, rows: list[str], *extra: str) -> tuple[int, dict[str, object]]:
    claims = tmp_path / "claims.csv"
    claims.write_text(HEADER + "".join(rows))
    out = tmp_path / "out.json"
    code = main(
        ["verify-par", str(claims), "--rules", "three-card-standard", "--format", "json",
         "--out", str(out), *extra]
    )  # fmt: skip
    return code, json.loads(out.read_text()) if out.exists() else {}


def test_exact_claims_pass(tmp_path: Path, exact_claims: list[str]) -> None:
    code, report = _run(tmp_path, exact_claims, "--tolerance", "0")
    assert code == 0
    assert report["differences"] == 0
    assert report["checked"] == 5 * 4 + 2


def _plant(rows: list[str], line: str, column: int, value: str) -> list[str]:
    planted = []
    for row in rows:
        cells = row.rstrip("\n").split(",")
        if (line and cells[2] == line) or (not line and cells[0] == "ante_play"):
            cells[column] = value
        planted.append(",".join(cells) + "\n")
    return planted


@pytest.mark.parametrize(
    ("line", "column", "value", "figure"),
    [
        ("flush", 3, "1097", "combinations"),  # one flush too many
        ("straight", 6, "5", "payout"),  # the table pays 6
        ("", 8, "0.0347", "house_edge"),  # 3.37% is the exact game's; 0.1% off
    ],
)
def test_planted_wrong_claims_are_caught(
    tmp_path: Path, exact_claims: list[str], line: str, column: int, value: str, figure: str
) -> None:
    code, report = _run(
        tmp_path, _plant(exact_claims, line, column, value), "--tolerance", "0.0001"
    )
    assert code == 1
    wrong = [c for c in report["checks"] if not c["matches"]]  # type: ignore[attr-defined]
    assert [(c["line"], c["figure"]) for c in wrong] == [(line, figure)]


def test_an_edge_within_the_tolerance_passes(tmp_path: Path, exact_claims: list[str]) -> None:
    rounded = _plant(exact_claims, "", 8, "3.374%")  # exact: 3.37298...%, 0.00102% below
    assert _run(tmp_path, rounded, "--tolerance", "0.000011")[0] == 0
    assert _run(tmp_path, rounded, "--tolerance", "0.00001")[0] == 1


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("nobet,,,,,,,,0.03\n", "has no bet 'nobet'"),
        (f"{BET},pair_plus[0],quads,4,,,,,\n", "has no line 'quads'"),
        (f"{BET},pair_plus[0],flush,many,,,,,\n", "'many' is not a number"),
        (f"{BET},,flush,4,,,,,\n", "needs its pay 'table'"),
    ],
)
def test_bad_claims_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str, message: str
) -> None:
    assert _run(tmp_path, [row])[0] == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_markdown_and_pdf(tmp_path: Path, exact_claims: list[str]) -> None:
    from pypdf import PdfReader

    claims = tmp_path / "claims.csv"
    claims.write_text(HEADER + "".join(_plant(exact_claims, "flush", 3, "1097")))
    pdf = tmp_path / "v.pdf"
    args = ["verify-par", str(claims), "--rules", "three-card-standard"]
    assert main([*args, "--format", "pdf", "--out", str(pdf)]) == 1
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "1 differ" in text and "1097" in text
    assert main([*args, "--format", "md", "--out", str(tmp_path / "v.md")]) == 1
    assert "| flush | combinations | 1097 | 1096 |" in (tmp_path / "v.md").read_text()


def test_an_xlsx_workbook_reads_like_the_csv(tmp_path: Path, exact_claims: list[str]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER.strip().split(","))
    for row in exact_claims:
        sheet.append([cell or None for cell in row.rstrip("\n").split(",")])
    sheet.cell(row=2, column=4).value = 3745  # the pair line's combinations, as a number, +1
    path = tmp_path / "claims.xlsx"
    book.save(path)
    out = tmp_path / "out.json"
    code = main(["verify-par", str(path), "--rules", "three-card-standard", "--format", "json",
                 "--out", str(out)])  # fmt: skip
    assert code == 1
    wrong = [c for c in json.loads(out.read_text())["checks"] if not c["matches"]]
    assert [(c["line"], c["figure"], c["claimed"]) for c in wrong] == [
        ("pair", "combinations", "3745")
    ]


def test_the_shipped_example_passes(capsys: pytest.CaptureFixture[str]) -> None:
    example = Path(__file__).resolve().parents[2] / "docs" / "examples"
    claims = example / "claims-crazy4-standard.csv"
    assert main(["verify-par", str(claims), "--rules", "crazy4-standard"]) == 0
    assert "34 figures checked: 34 match, 0 differ." in capsys.readouterr().out
    template = example / "claims-template.csv"
    assert main(["verify-par", str(template), "--rules", "crazy4-standard"]) == 2
    assert "'EDGE' is not a number" in capsys.readouterr().err
