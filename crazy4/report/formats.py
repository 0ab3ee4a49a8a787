"""Writing a rule set's report in each format ``crazy4 report`` offers: md, html, pdf, xlsx.

Every format is rendered from the same inputs (the result tables, their provenance and the
game's Markdown report), in memory after an analysis or read back from a results folder, and
written atomically.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet

#: The formats, as ``--format`` takes them.
FORMATS = ("md", "html", "pdf", "xlsx")


def write_report(
    fmt: str,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    report_markdown: str,
    out: Path,
) -> None:
    """Render the report in ``fmt`` (one of :data:`FORMATS`) and write it to ``out``."""
    from crazy4.results.write import write_text

    if fmt == "md":
        write_text(out, report_markdown)
    elif fmt == "html":
        from crazy4.report.html import render_html

        write_text(out, render_html(rules.title, rules.name, dict(tables), report_markdown))
    else:
        from crazy4.report.parsheet_sections import par_sheet

        report = par_sheet(rules, tables, record, report_markdown)
        if fmt == "pdf":
            from crazy4.report.pdf import write_pdf

            write_pdf(report, out)
        else:
            from crazy4.report.xlsx import write_xlsx

            write_xlsx(report, out)
