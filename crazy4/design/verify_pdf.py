"""The verification of claimed figures as a PDF (invariant mode: the same bytes each time)."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.version import __version__

if TYPE_CHECKING:
    from crazy4.design.verify import Check
    from crazy4.rules.ruleset import RuleSet


def checks_frame(checks: list[Check]) -> pd.DataFrame:
    """The checks as rows: row, bet, line, figure, claimed, exact, difference, match."""
    from crazy4.design.verify import shown

    return pd.DataFrame(
        [
            {
                "row": c.row,
                "bet": c.bet,
                "line": c.line,
                "figure": c.figure,
                "claimed": fraction_text(c.claimed),
                "exact": shown(c.figure, c.exact),
                "difference": float(c.difference),
                "matches": c.matches,
            }
            for c in checks
        ],
        columns=["row", "bet", "line", "figure", "claimed", "exact", "difference", "matches"],
    )


def render_verify_pdf(rules: RuleSet, checks: list[Check], tolerance: Fraction) -> bytes:
    """The PDF's bytes: a title, the summary, the differences and the matches."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from crazy4.report.parsheet import Sheet
    from crazy4.report.parsheet_text import latin
    from crazy4.report.pdf import table_flowable
    from crazy4.report.pdf_markup import paragraph, text_markup

    writer = "verify-par --format pdf"

    base = getSampleStyleSheet()
    styles = {"cell": base["BodyText"], "number": base["BodyText"], "head": base["BodyText"]}
    wrong = [c for c in checks if not c.matches]
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
        bottomMargin=15 * mm, title=latin(f"Claimed figures verified: {rules.name}"),
        author="crazy4", creator=f"crazy4 {__version__}", invariant=1,
    )  # fmt: skip
    summary = (
        f"Tolerance {float(tolerance):g} (combinations and payouts exactly). "
        f"{len(checks)} figures checked: {len(checks) - len(wrong)} match, {len(wrong)} differ."
    )
    story = [
        paragraph(text_markup(f"Claimed figures verified against {rules.name}"),
                  base["Title"], "the title", writer),
        paragraph(text_markup(f"Rule set SHA-256 {rules.content_hash}"), base["BodyText"],
                  "the rule set's SHA-256", writer),
        paragraph(text_markup(summary), base["BodyText"], "the summary", writer),
    ]  # fmt: skip
    for title, chosen in (("Differences", wrong), ("Matches", [c for c in checks if c.matches])):
        story += [Spacer(1, 4 * mm), Paragraph(title, base["Heading2"])]
        if chosen:
            sheet = Sheet(title.lower(), title, "", checks_frame(chosen), "claims")
            story.append(table_flowable(sheet, document.width, styles, writer))
        else:
            story.append(Paragraph("(none)", base["BodyText"]))
    document.build(story)
    return buffer.getvalue()
