"""A manufacturer's claimed figures, read exactly from CSV or XLSX: bet rows and pay-line rows
(the columns and the template: ``docs/verify-par.md``). A formula cell without a computed
value is refused, naming its row and column.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from crazy4.errors import InputError

#: Figures claimed on a bet row and on a line row.
BET_FIGURES = ("house_edge", "hit_frequency", "element_of_risk")
LINE_FIGURES = ("combinations", "total", "probability", "payout", "contribution")
#: The columns a claims file may have (any order; ``bet`` is required).
COLUMNS = ("bet", "table", "line", *LINE_FIGURES, *BET_FIGURES)
#: The most rows read (a claims file is a PAR sheet, not a data set).
MAX_ROWS = 10_000


@dataclass(frozen=True)
class Claim:
    """One row of a claims file (``row``: the header is row 1; ``line`` empty on a bet row)."""

    row: int
    bet: str
    table: str
    line: str
    figures: dict[str, Fraction] = field(default_factory=dict)


def parse_number(text: str, where: str) -> Fraction:
    """A claimed figure, exactly.

    Examples
    --------
    >>> parse_number("3.42%", "x"), parse_number("3/2", "x"), parse_number("1,234", "x")
    (Fraction(171, 5000), Fraction(3, 2), Fraction(1234, 1))
    >>> parse_number("3 to 2", "x")
    Fraction(3, 2)
    >>> parse_number("lots", "claims.csv row 2, column 'payout'")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: claims.csv row 2, column 'payout': 'lots' is not a number
    """
    cleaned = text.strip().replace(",", "").replace(" to ", "/").replace(":", "/")
    percent = cleaned.endswith("%")
    cleaned = cleaned.removesuffix("%").strip()
    if not re.fullmatch(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?(/\d+)?", cleaned):
        raise InputError(f"{where}: {text.strip()!r} is not a number")
    try:
        value = Fraction(cleaned)
    except ZeroDivisionError:
        raise InputError(f"{where}: {text.strip()!r} divides by zero") from None
    return value / 100 if percent else value


def _xlsx_cells(path: Path) -> list[list[str]]:
    """The first sheet's rows as text, each formula's cached value."""
    import openpyxl
    from openpyxl.utils import get_column_letter

    def rows(data_only: bool) -> list[list[tuple[object, str]]]:
        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=data_only)
        except Exception as error:  # openpyxl raises many kinds on a bad file
            raise InputError(f"{path}: not a readable XLSX workbook ({error})") from None
        found = [
            [(cell.value, str(cell.data_type)) for cell in row]
            for row in book.worksheets[0].iter_rows()
        ]
        book.close()
        return found

    values, formulas = rows(True), rows(False)
    for number, (shown, written) in enumerate(zip(values, formulas, strict=False), start=1):
        for column, ((value, _), (formula, kind)) in enumerate(
            zip(shown, written, strict=False), start=1
        ):
            if kind == "f" and value is None:
                where = f"{path.name} row {number}, column {get_column_letter(column)}"
                raise InputError(
                    f"{where}: the formula {str(formula)[:60]!r} has no computed value (save "
                    "the workbook from a spreadsheet, or write the number itself)"
                )
    return [["" if value is None else str(value) for value, _ in row] for row in values]


def _cells(path: Path) -> list[list[str]]:
    """Every row of the file as text cells (CSV, or the first sheet of an XLSX)."""
    if path.suffix.lower() == ".xlsx":
        return _xlsx_cells(path)
    if path.suffix.lower() != ".csv":
        raise InputError(f"{path}: a claims file is .csv or .xlsx")
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            return [row for row in csv.reader(handle)]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{path}: cannot be read: {error}") from None


def read_claims(path: Path) -> list[Claim]:
    """The claims of a CSV or XLSX file (errors name the file, the row and the column)."""
    if not path.is_file():
        raise InputError(f"{path}: no such claims file")
    rows = [row for row in _cells(path) if any(cell.strip() for cell in row)]
    if not rows:
        raise InputError(f"{path}: the claims file is empty")
    header = [cell.strip().lower() for cell in rows[0]]
    unknown = [name for name in header if name and name not in COLUMNS]
    if unknown or "bet" not in header:
        problem = f"unknown column {unknown[0]!r}" if unknown else "no 'bet' column"
        raise InputError(f"{path} row 1: {problem}; the columns are {', '.join(COLUMNS)}")
    if len(rows) > MAX_ROWS:
        raise InputError(f"{path}: {len(rows):,} rows; at most {MAX_ROWS:,}")
    return [_claim(path, number, header, row) for number, row in enumerate(rows[1:], start=2)]


def _claim(path: Path, number: int, header: list[str], row: list[str]) -> Claim:
    cells = {
        name: (row[i].strip() if i < len(row) else "") for i, name in enumerate(header) if name
    }
    where = f"{path.name} row {number}"
    if not cells.get("bet"):
        raise InputError(f"{where}: column 'bet' is empty")
    line, table = cells.get("line", ""), cells.get("table", "")
    allowed = LINE_FIGURES if line else BET_FIGURES
    figures = {}
    for name in (*BET_FIGURES, *LINE_FIGURES):
        if not cells.get(name):
            continue
        if name not in allowed:
            kind = "a line row (line given)" if line else "a bet row (no line)"
            raise InputError(f"{where}: column {name!r} is not claimed on {kind}")
        figures[name] = parse_number(cells[name], f"{where}, column {name!r}")
    if line and not table:
        raise InputError(f"{where}: a line row needs its pay 'table' (super_bonus, queens_up[0])")
    if not figures:
        raise InputError(f"{where}: claims no figure")
    for name in ("combinations", "total"):
        if name in figures and (figures[name].denominator != 1 or figures[name] < 0):
            raise InputError(f"{where}, column {name!r}: not a whole number")
    return Claim(number, cells["bet"], table, line, figures)
