"""The math report as an Excel workbook (openpyxl): ``README``, ``rules``, then one sheet per
table, numbers as numbers, every text a string cell (never a formula); same inputs, same bytes.
"""

from __future__ import annotations

import datetime
import io
import math
import re
import zipfile
from typing import Any

from crazy4.core.text_safety import make_inert, sheet_text
from crazy4.report.cover import NOT_STATED
from crazy4.report.parsheet import ParSheet, Sheet
from crazy4.report.parsheet_text import column_meaning, plain

#: The document date written in every workbook and PDF (no clock is read).
FIXED_DATE = datetime.datetime(2000, 1, 1)
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: How a column's numbers are shown (the stored value is unchanged).
_NUMBER_FORMATS = {
    "house_edge": "0.0000%", "rtp": "0.0000%", "element_of_risk": "0.0000%",
    "hit_frequency": "0.0000%",
    "combinations": "#,##0", "deals": "#,##0", "expected_win": "#,##0.00",
    "low_90": "#,##0.00", "high_90": "#,##0.00", "low_95": "#,##0.00", "high_95": "#,##0.00",
    "low_99": "#,##0.00", "high_99": "#,##0.00", "one_in": "#,##0.00",
}  # fmt: skip


def cell_value(value: Any) -> Any:
    """A table value as openpyxl stores it: int, float, bool or str; None for missing.

    Examples
    --------
    >>> import numpy as np
    >>> cell_value(np.int64(3)), cell_value(float("nan")), cell_value(np.float64(0.1))
    (3, None, 0.1)
    """
    if value is None:
        return None
    if isinstance(value, bool | str):
        return value
    try:
        import pandas as pd

        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def append_row(worksheet: Any, values: list[Any]) -> None:
    """Append a row of values, every text a string cell a spreadsheet never evaluates.

    Examples
    --------
    >>> from openpyxl import Workbook
    >>> sheet = Workbook().active
    >>> append_row(sheet, ["=1/2", -0.5, None])
    >>> [(cell.value, cell.data_type) for cell in sheet[1]]
    [('=1/2', 's'), (-0.5, 'n'), (None, 'n')]
    """
    from openpyxl.cell.cell import Cell

    row: list[Any] = []
    for value in values:
        if isinstance(value, str):
            cell = Cell(worksheet, value=sheet_text(value))
            make_inert(cell)
            row.append(cell)
        else:
            row.append(value)
    worksheet.append(row)


def _write_sheet(book: Any, sheet: Sheet) -> dict[str, str]:
    """Write one sheet; returns the cells whose double 16 digits would not keep (coordinate ->
    exact text), for :func:`normalized_zip`."""
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    worksheet = book.create_sheet(sheet.name)
    frame = sheet.frame
    append_row(worksheet, [str(column) for column in frame.columns])
    letters = [get_column_letter(number) for number in range(1, len(frame.columns) + 1)]
    exact: dict[str, str] = {}
    for number, row in enumerate(frame.itertuples(index=False, name=None), start=2):
        values = [cell_value(value) for value in row]
        append_row(worksheet, values)
        for letter, value in zip(letters, values, strict=True):
            if isinstance(value, float) and float(f"{value:.16g}") != value:
                exact[f"{letter}{number}"] = repr(value)
    worksheet.freeze_panes = "A2"
    for number, (letter, column) in enumerate(zip(letters, frame.columns, strict=True), start=1):
        worksheet.column_dimensions[letter].width = max(10, len(str(column)) + 2)
        worksheet.cell(row=1, column=number).font = Font(bold=True)
        shown = _NUMBER_FORMATS.get(str(column))
        if shown is not None:
            for (cell,) in worksheet.iter_rows(min_row=2, min_col=number, max_col=number):
                cell.number_format = shown
    return exact


def _write_readme(book: Any, report: ParSheet) -> None:
    worksheet = book.active
    worksheet.title = "README"
    rows: list[list[Any]] = [
        [f"Math report (PAR sheet): {report.title}"],
        [],
        ["rule set", report.name],
        ["game", report.game_title],
        ["rule file SHA-256", report.rule_hash],
        ["deals (the game's cycle)", report.deals],
        ["rule file's stated source", report.source or NOT_STATED],
        ["analysis date", report.cover.analysis_date(report.record)],
        ["prepared by", report.cover.prepared_by or NOT_STATED],
        ["prepared for", report.cover.prepared_for or NOT_STATED],
        ["sign-off (to be signed on the PDF)", ", ".join(report.cover.sign_off)],
        ["method", report.method],
        [],
        ["provenance"],
        *[[f"  {key}", str(value)] for key, value in sorted(report.record.items())],
        [],
        ["Numbers are stored as numbers; exact fractions as text in the *_exact columns."],
        ["Every table is also a parquet file in results/<rule set>/ (same values)."],
        [],
        ["sheet", "column", "meaning", "drawn from"],
    ]
    for sheet in report.sheets:
        for column in sheet.frame.columns:
            rows.append([sheet.name, str(column), column_meaning(sheet.name, str(column))])
            rows[-1].append(sheet.source)
    for sheet in report.sheets:
        rows += [[f"note on {sheet.name}", note] for note in sheet.notes]
    left_out = sorted(set(report.tables) - {sheet.name for sheet in report.sheets})
    if left_out:
        rows += [[], ["in the parquet tables only (too large for a sheet):", ", ".join(left_out)]]
    for row in rows:
        append_row(worksheet, row)
    for letter, width in (("A", 28), ("B", 30), ("C", 80), ("D", 24)):
        worksheet.column_dimensions[letter].width = width


def _write_rules(book: Any, report: ParSheet) -> None:
    worksheet = book.create_sheet("rules")
    worksheet.append(["rules"])
    for line in report.rules_text:
        append_row(worksheet, [plain(line)])
    worksheet.append([])
    worksheet.append(["rule file"])
    for line in report.rule_file.splitlines():
        append_row(worksheet, [line])
    worksheet.column_dimensions["A"].width = 120


_NUMBER_CELL = re.compile(r'(<c r="([A-Z]+[0-9]+)"[^>]*><v>)([^<]*)(</v>)')


def normalized_zip(data: bytes, exact: dict[str, dict[str, str]] | None = None) -> bytes:
    """The same zip with fixed entry times, attributes and document dates, and the cells of
    ``exact`` (entry name -> coordinate -> number text) given their exact text (``repr``).

    Examples
    --------
    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as archive:
    ...     archive.writestr("a.txt", "x")
    >>> info = zipfile.ZipFile(io.BytesIO(normalized_zip(buffer.getvalue()))).infolist()[0]
    >>> info.date_time
    (1980, 1, 1, 0, 0, 0)
    """
    stamp = FIXED_DATE.strftime("%Y-%m-%dT%H:%M:%SZ")
    output = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for entry in source.infolist():
            content = source.read(entry.filename)
            if entry.filename == "docProps/core.xml":
                text = content.decode()
                text = re.sub(r"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rf"\g<1>{stamp}", text)
                content = text.encode()
            fixes = (exact or {}).get(entry.filename)
            if fixes:
                content = _exact_numbers(content.decode(), fixes).encode()
            info = zipfile.ZipInfo(entry.filename, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, content, compresslevel=9)
    return output.getvalue()


def _exact_numbers(xml: str, fixes: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        return match.group(1) + fixes.get(match.group(2), match.group(3)) + match.group(4)

    return _NUMBER_CELL.sub(replace, xml)


def render_xlsx(report: ParSheet) -> bytes:
    """The workbook's bytes (the same for the same report)."""
    from openpyxl import Workbook

    book = Workbook()
    book.properties.creator = "crazy4"
    book.properties.title = f"Math report: {report.title}"
    book.properties.created = FIXED_DATE
    book.properties.modified = FIXED_DATE
    _write_readme(book, report)
    _write_rules(book, report)
    exact = {}
    for number, sheet in enumerate(report.sheets, start=3):  # after README and rules
        exact[f"xl/worksheets/sheet{number}.xml"] = _write_sheet(book, sheet)
    buffer = io.BytesIO()
    book.save(buffer)
    return normalized_zip(buffer.getvalue(), exact)
