"""Writing a rule set's report in each format ``crazy4 report`` offers: md, html, pdf, xlsx,
and card (the one-page strategy card for players, :mod:`crazy4.report.card`).

Every format is rendered from the same inputs (the result tables, their provenance and the
game's Markdown report), in memory after an analysis or read back from a results folder, and
written atomically.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.errors import InputError
from crazy4.report.cover import Cover

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet

#: The formats, as ``--format`` takes them.
FORMATS = ("md", "html", "pdf", "xlsx", "card")
#: The formats of the math report, which take a cover and a simulation confirmation.
MATH_FORMATS = ("pdf", "xlsx")


@dataclass(frozen=True)
class MathOptions:
    """What the math report adds to the tables: the cover block, and the rounds, seed and
    workers of the optional simulation confirmation (no confirmation when ``rounds`` is
    None)."""

    cover: Cover = field(default_factory=Cover)
    rounds: int | None = None
    seed: int = 1
    jobs: int = 1


def write_report(
    fmt: str,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    report_markdown: str,
    out: Path,
    options: MathOptions | None = None,
    source: str | None = None,
) -> None:
    """Render the report in ``fmt`` (one of :data:`FORMATS`) and write it to ``out``; the
    math report (pdf, xlsx) with ``options``' cover and simulation confirmation.

    ``source`` is the folder the tables were read from (``report --from``), if any: a table
    there that lacks what the report reads is then one line (:class:`InputError`) naming the
    folder and the writer, not a traceback. Text of the rule file never fails a writer (each
    sets it as text: :mod:`crazy4.core.text_safety`); where a writer cannot set something, it
    says so naming itself and what it was setting (an :class:`InputError` passed on as it is,
    never blamed on the tables).
    """
    try:
        _write_report(fmt, rules, tables, record, report_markdown, out, options)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        if source is None or isinstance(error, InputError):
            raise
        raise InputError(
            f"--from: the {fmt} writer cannot read the tables in {source!r} "
            f"({type(error).__name__}: {error}): they are not as this version of crazy4 writes "
            "them; run 'crazy4 analyze' again"
        ) from None


def _write_report(
    fmt: str,
    rules: RuleSet,
    tables: Mapping[str, pd.DataFrame],
    record: Mapping[str, object],
    report_markdown: str,
    out: Path,
    options: MathOptions | None,
) -> None:
    from crazy4.results.write import write_text

    if fmt == "md":
        write_text(out, report_markdown)
    elif fmt == "html":
        from crazy4.report.html import render_html

        write_text(out, render_html(rules.title, rules.name, dict(tables), report_markdown))
    else:
        from crazy4.report.parsheet_sections import par_sheet

        options = options or MathOptions()
        report = par_sheet(rules, tables, record, report_markdown)
        report = dataclasses.replace(report, cover=options.cover)
        if fmt == "card":
            from crazy4.report.card import write_card

            decisions = ("fold", *(f"{multiple}x" for multiple in rules.play.multiples))
            write_card(report, decisions, out)
            return
        if options.rounds is not None:
            from crazy4.report.confirm import confirmation_sheet

            sheet = confirmation_sheet(
                rules, tables["bets"], options.rounds, options.seed, options.jobs
            )
            report = dataclasses.replace(report, sheets=[*report.sheets, sheet])
        if fmt == "pdf":
            from crazy4.report.pdf import write_pdf

            write_pdf(report, out)
        else:
            from crazy4.report.xlsx import write_xlsx

            write_xlsx(report, out)
