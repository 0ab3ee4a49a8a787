"""Writing a rule set's report in each format ``crazy4 report`` offers: md, html, pdf, xlsx.

Every format is rendered from the same inputs (the result tables, their provenance and the
game's Markdown report), in memory after an analysis or read back from a results folder, and
written atomically.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.errors import InputError

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
    source: str | None = None,
) -> None:
    """Render the report in ``fmt`` (one of :data:`FORMATS`) and write it to ``out``.

    ``source`` is the folder the tables were read from (``report --from``), if any: a table
    there that lacks what the report reads is then one line (:class:`InputError`) naming the
    folder, not a traceback.
    """
    try:
        _write_report(fmt, rules, tables, record, report_markdown, out)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        if source is None or isinstance(error, InputError):
            raise
        raise InputError(
            f"--from: the tables in {source!r} are not as this version of crazy4 writes them "
            f"({type(error).__name__}: {error}); run 'crazy4 analyze' again"
        ) from None


def _write_report(
    fmt: str,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    report_markdown: str,
    out: Path,
) -> None:
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
