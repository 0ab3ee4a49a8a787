"""The PDF's first page: the cover block a regulator signs, the sign-off table, the contents."""

from __future__ import annotations

from typing import Any

from crazy4.report.cover import NOT_STATED
from crazy4.report.parsheet import ParSheet
from crazy4.report.pdf_markup import paragraph, text_markup
from crazy4.version import __version__


def cover_rows(report: ParSheet) -> list[tuple[str, str]]:
    """The cover block's lines as (label, value), plain text.

    Examples
    --------
    >>> from crazy4.report.cover import Cover
    >>> report = ParSheet("T", "r", "G", "ab" * 32, 10, {"package_version": "0.1.0"}, [], "",
    ...                   "", [], {}, source="rack card", cover=Cover(prepared_by="Ann"))
    >>> dict(cover_rows(report))["Prepared by"], dict(cover_rows(report))["Prepared for"]
    ('Ann', 'not stated')
    """
    analysis_version = str(report.record.get("package_version", NOT_STATED))
    versions = f"crazy4 {analysis_version} (analysis)"
    if analysis_version != __version__:
        versions += f", crazy4 {__version__} (this report)"
    cover = report.cover
    return [
        ("Game", report.game_title),
        ("Rule set", f"{report.name}: {report.title}"),
        ("Rule file SHA-256", report.rule_hash),
        ("Rule file's stated source", report.source or NOT_STATED),
        ("Deals counted (the cycle)", f"{report.deals:,}: every deal counted exactly"),
        ("Software", versions),
        ("Analysis date", cover.analysis_date(report.record)),
        ("Prepared by", cover.prepared_by or NOT_STATED),
        ("Prepared for", cover.prepared_for or NOT_STATED),
    ]


def cover_story(report: ParSheet, styles: dict[str, Any], available: float) -> list[Any]:
    """The first page's flowables: kicker, title, cover block, sign-off table, contents."""
    from reportlab.lib import colors
    from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle
    from reportlab.platypus.tableofcontents import TableOfContents

    story: list[Any] = [
        Spacer(1, 30),
        Paragraph("Mathematical report (PAR sheet)", styles["kicker"]),
        paragraph(text_markup(report.title), styles["title"], "the rule set's title"),
        Spacer(1, 10),
    ]
    label_width = 120.0
    rows = []
    for label, value in cover_rows(report):
        text = text_markup(value)
        if label == "Rule file SHA-256":
            text = f'<font face="Courier" size="7.5">{text}</font>'
        what = f"the cover's {label!r}"
        rows.append([Paragraph(f"<b>{label}</b>", styles["body"]),
                     paragraph(text, styles["body"], what)])  # fmt: skip
    block = Table(rows, colWidths=[label_width, available - label_width], hAlign="LEFT")
    line = ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#c8c8c8"))
    block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), line]))
    story += [block, Spacer(1, 12), Paragraph("<b>Sign-off</b>", styles["body"])]
    head = ["Role", "Name", "Signature", "Date"]
    lines = [[Paragraph(f"<b>{text}</b>", styles["small"]) for text in head]]
    for role in report.cover.sign_off:
        name = (
            report.cover.prepared_by if role == "Prepared by" and report.cover.prepared_by else ""
        )
        role_cell = paragraph(text_markup(role), styles["small"], f"the sign-off role {role!r}")
        name_cell = paragraph(text_markup(name), styles["small"], "the cover's prepared_by")
        lines.append([role_cell, name_cell, "", ""])
    widths = [available * share for share in (0.24, 0.3, 0.3, 0.16)]
    sign = Table(lines, colWidths=widths, rowHeights=[14] + [26] * (len(lines) - 1), hAlign="LEFT")
    grid, shade = colors.HexColor("#808080"), colors.HexColor("#e4e8ee")
    style = [("GRID", (0, 0), (-1, -1), 0.5, grid), ("BACKGROUND", (0, 0), (-1, 0), shade)]
    sign.setStyle(TableStyle([*style, ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story += [sign, Spacer(1, 12), Paragraph("<b>Contents</b>", styles["body"])]
    contents = TableOfContents(dotsMinLevel=0)
    contents.levelStyles = [styles["contents"]]
    story += [contents, PageBreak()]
    return story
