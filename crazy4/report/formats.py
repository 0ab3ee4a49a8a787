"""Writing a rule set's report in each format ``crazy4 report`` offers, atomically."""

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
    """The math report's cover block and simulation confirmation (none when ``rounds`` is None)."""

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
    """Render the report in ``fmt`` and write it to ``out``; tables read from ``source``
    (``report --from``) that the writer cannot read are one line (:class:`InputError`)."""
    from crazy4.results.write import atomic_write, write_text

    def render_and_write() -> None:
        if fmt == "md":
            return write_text(out, report_markdown)
        if fmt == "html":
            from crazy4.report.html import render_html

            return write_text(
                out, render_html(rules.title, rules.name, dict(tables), report_markdown)
            )
        from crazy4.report.parsheet_sections import par_sheet

        math = options or MathOptions()
        report = par_sheet(rules, tables, record, report_markdown)
        report = dataclasses.replace(report, cover=math.cover)
        if fmt == "card":
            from crazy4.report.card import render_card

            data = render_card(report, ("fold", *(f"{m}x" for m in rules.play.multiples)))
        else:
            if math.rounds is not None:
                from crazy4.report.confirm import confirmation_sheet

                sheet = confirmation_sheet(rules, tables["bets"], math.rounds, math.seed, math.jobs)
                report = dataclasses.replace(report, sheets=[*report.sheets, sheet])
            from crazy4.report.pdf import render_pdf
            from crazy4.report.xlsx import render_xlsx

            data = (render_pdf if fmt == "pdf" else render_xlsx)(report)

        def write(target: Path) -> None:
            target.write_bytes(data)

        atomic_write(out, write)

    try:
        render_and_write()
    except (KeyError, IndexError, TypeError, ValueError) as error:
        if source is None or isinstance(error, InputError):
            raise
        raise InputError(
            f"--from: the {fmt} writer cannot read the tables in {source!r} "
            f"({type(error).__name__}: {error}): they are not as this version of crazy4 writes "
            "them; run 'crazy4 analyze' again"
        ) from None
