"""The math report as a printable PDF (ReportLab): A4, a title page, numbered pages, tables that
break across pages with their header repeated, and the report's plots. Same inputs, same bytes.
"""

from __future__ import annotations

import io
import math
from typing import Any

from crazy4.report.cover import NOT_STATED
from crazy4.report.parsheet import ParSheet, Sheet
from crazy4.report.parsheet_text import latin
from crazy4.report.pdf_markup import markup, paragraph, standard, text_markup
from crazy4.version import __version__

_PERCENT = {
    "house_edge", "element_of_risk", "hit_frequency", "loss_per_ante", "loss_per_action", "rtp",
    "simulated_house_edge", "standard_error", "ci95_low", "ci95_high",
}  # fmt: skip
_SHARES = {"share_fold", "share_1x", "share_2x", "share_3x", "collection_share"}
_FIXED = {
    "expected_win": "{:,.2f}", "sd": "{:,.2f}", "low_90": "{:,.2f}", "high_90": "{:,.2f}",
    "low_95": "{:,.2f}", "high_95": "{:,.2f}", "low_99": "{:,.2f}", "high_99": "{:,.2f}",
    "one_in": "{:,.2f}", "probability": "{:.5e}", "contribution": "{:.8f}",
    "cumulative_probability": "{:.8f}",
}  # fmt: skip
_MARGIN = 15.0  # mm
_FIGURE_DPI = 110


def cell_text(column: str, value: Any) -> str:
    """A table value as printed: counts with thousands separators, shares as percentages.

    Examples
    --------
    >>> cell_text("house_edge", 0.0341889), cell_text("combinations", 3986646103440)
    ('3.4189%', '3,986,646,103,440')
    >>> cell_text("ev", float("nan")), cell_text("within_limits", True)
    ('', 'yes')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if column in _PERCENT:
            return f"{value:.4%}"
        if column in _SHARES:
            return f"{value:.2%}"
        if column in _FIXED and math.isfinite(value):
            return _FIXED[column].format(value)
        return f"{value:,.2f}" if abs(value) >= 1e5 else f"{value:.6g}"
    text = str(value)
    return "" if text in ("<NA>", "nan") else text


def _styles() -> dict[str, Any]:
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontSize=9, leading=11.5)
    cell = ParagraphStyle("cell", parent=body, fontSize=7, leading=8.2)
    small = ParagraphStyle("small", parent=body, fontSize=7.5, leading=9)
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontSize=20, leading=24),
        "h1": ParagraphStyle(
            "h1", parent=base["Heading2"], fontSize=13, spaceBefore=10, keepWithNext=1
        ),
        "kicker": ParagraphStyle("kicker", parent=base["Heading2"], fontSize=13),
        "contents": ParagraphStyle(
            "contents", parent=body, leftIndent=10, leading=10.5, spaceBefore=0, spaceAfter=0
        ),
        "intro": ParagraphStyle("intro", parent=body, keepWithNext=1),
        "source": ParagraphStyle("source", parent=small, spaceAfter=3),
        "body": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=10, bulletIndent=2),
        "small": small,
        "code": ParagraphStyle("code", parent=body, fontName="Courier", fontSize=7, leading=8.5),
        "cell": cell,
        "number": ParagraphStyle("number", parent=cell, alignment=TA_RIGHT),
        "head": ParagraphStyle("head", parent=cell, fontName="Helvetica-Bold"),
    }


def column_widths(
    rows: list[list[str]], numeric: list[bool], available: float, size: float
) -> list[float]:
    """Column widths: each column's longest cell (and header word); when the whole is too wide,
    a column that cannot wrap keeps its longest cell and the others share what is left.

    Examples
    --------
    >>> column_widths([["n", "text"], ["12", "a b c " * 20]], [True, False], 100, 7)[0] < 20
    True
    >>> round(sum(column_widths([["n", "text"], ["12", "a b c " * 20]], [True, False], 100, 7)))
    100
    >>> fraction = "338562527/49833076293"
    >>> column_widths([["x", "y"], [fraction, "a b " * 40]], [False, False], 80, 7)[0] > 70
    True
    """
    natural, minimum, fixed = _natural_widths(rows, numeric, size)
    if sum(natural) <= available:
        return natural
    widths = list(natural)
    flexible = {number for number, is_fixed in enumerate(fixed) if not is_fixed}
    for _ in range(len(widths)):  # pin text columns that reach their minimum, share the rest
        room = available - sum(widths[n] for n in range(len(widths)) if n not in flexible)
        wanted = sum(natural[n] for n in flexible)
        if not flexible or room <= 0:
            break
        pinned = {n for n in flexible if natural[n] * room / wanted < minimum[n]}
        for n in flexible:
            widths[n] = minimum[n] if n in pinned else natural[n] * room / wanted
        if not pinned:
            return widths
        flexible -= pinned
    return [minimum[n] if n in flexible else widths[n] for n in range(len(widths))]


def _unwrapped(rows: list[list[str]], numeric: list[bool], number: int) -> bool:
    """Whether column ``number`` never wraps: numbers, or no cell below the header with a space."""
    return bool(numeric[number]) or all(" " not in row[number] for row in rows[1:])


def _natural_widths(
    rows: list[list[str]], numeric: list[bool], size: float
) -> tuple[list[float], list[float], list[bool]]:
    """Each column's natural width (longest cell), least width, and whether it cannot wrap."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    natural: list[float] = []
    minimum: list[float] = []
    fixed: list[bool] = []
    for number in range(len(rows[0])):
        header = max(stringWidth(word, "Helvetica-Bold", size) for word in rows[0][number].split())
        longest = max((stringWidth(row[number], "Helvetica", size) for row in rows[1:]), default=0)
        unbreakable = _unwrapped(rows, numeric, number)
        fixed.append(unbreakable)
        if unbreakable:
            natural.append(max(header, longest) + 6)
            minimum.append(natural[-1])
        else:
            natural.append(min(max(header, longest), 220.0) + 6)
            minimum.append(header + 6)
    return natural, minimum, fixed


def fitting_size(
    rows: list[list[str]], numeric: list[bool], available: float, size: float
) -> float:
    """The largest font size, from ``size`` down by half points to 4.5, at which the columns fit.

    Examples
    --------
    >>> fitting_size([["a"], ["1" * 40]], [True], 200, 7)
    7.0
    >>> fitting_size([["a"], ["1" * 40]], [True], 120, 7)
    5.0
    """
    while size > 4.5:
        _, minimum, _ = _natural_widths(rows, numeric, size)
        if sum(minimum) <= available:
            break
        size -= 0.5
    return float(size)


def table_flowable(
    sheet: Sheet, available: float, styles: dict[str, Any], writer: str = "pdf"
) -> Any:
    """The sheet's printed columns as a table whose header row repeats on every page, every
    header and cell set as text."""
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    frame = sheet.frame
    columns = [c for c in sheet.printed if c in frame.columns] or [str(c) for c in frame.columns]
    written: list[list[str]] = [[column.replace("_", " ") for column in columns]]
    numeric = [frame[column].dtype.kind in "iuf" for column in columns]
    for row in frame[columns].itertuples(index=False, name=None):
        written.append([cell_text(c, v) for c, v in zip(columns, row, strict=True)])
    texts = [[latin(text) for text in line] for line in written]  # as measured
    size = fitting_size(texts, numeric, available, 7.0 if len(columns) <= 9 else 6.0)
    widths = column_widths(texts, numeric, available, size)
    cell = styles["cell"].clone("c", fontSize=size, leading=size + 1.2)
    number = styles["number"].clone("n", fontSize=size, leading=size + 1.2)
    head = styles["head"].clone("h", fontSize=size, leading=size + 1.2)
    # a column that never wraps takes its cells as plain strings, set in the cell font by the
    # table's style below: a paragraph a cell would be laid out line by line on every pass
    fixed = [_unwrapped(texts, numeric, number) for number in range(len(columns))]
    where = f"sheet {sheet.name!r}"
    data: list[list[Any]] = [
        [paragraph(text_markup(text), head, f"{where}'s header {text!r}", writer)
         for text in written[0]]
    ]  # fmt: skip
    for line, shown in zip(written[1:], texts[1:], strict=True):
        data.append(
            [plain if unwrapped and standard(text)
             else paragraph(text_markup(text), number if is_number else cell,
                            f"a cell of {where}, column {column!r}", writer)
             for text, plain, is_number, unwrapped, column
             in zip(line, shown, numeric, fixed, columns, strict=True)]
        )  # fmt: skip
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    right = [("ALIGN", (i, 1), (i, -1), "RIGHT") for i, n in enumerate(numeric) if n]
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 1), (-1, -1), cell.fontName, size, size + 1.2),
                *right,
                ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#b0b0b0")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e8ee")),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f7f9")]),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def heading(text: str, styles: dict[str, Any]) -> list[Any]:
    """A section heading (listed in the contents), on a new page when little would fit under it."""
    from reportlab.platypus import CondPageBreak

    return [CondPageBreak(150), paragraph(text_markup(text), styles["h1"], f"the heading {text!r}")]


def _headings(flowable: Any) -> list[str]:
    """The section headings in a flowable or in its group, as paragraph markup."""
    from reportlab.platypus import Paragraph

    if isinstance(flowable, Paragraph):
        return [text_markup(flowable.getPlainText())] if flowable.style.name == "h1" else []
    return [text for inner in getattr(flowable, "_content", []) for text in _headings(inner)]


def _sheet_story(sheet: Sheet, available: float, styles: dict[str, Any]) -> list[Any]:
    where = f"sheet {sheet.name!r}"
    story: list[Any] = heading(sheet.title, styles)
    story.append(paragraph(text_markup(sheet.intro), styles["intro"], f"the intro of {where}"))
    source = f"Source: {sheet.source}; workbook sheet '{sheet.name}'"
    if set(sheet.printed) and set(sheet.frame.columns) - set(sheet.printed):
        source += " (the workbook has every column)"
    story.append(paragraph(text_markup(source + "."), styles["source"], f"the source of {where}"))
    if sheet.in_pdf:
        story.append(table_flowable(sheet, available, styles))
        for number, note in enumerate(sheet.notes, start=1):
            text = text_markup(f"Note {number}. {note}")
            story.append(paragraph(text, styles["small"], f"note {number} of {where}"))
    else:
        text = (
            f"{len(sheet.frame):,} rows: too many to print; they are in the workbook's "
            f"sheet '{sheet.name}' and in {sheet.source}."
        )
        story.append(paragraph(text_markup(text), styles["body"], f"the rows of {where}"))
    return story


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG in pixels (from its IHDR chunk)."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _figures(report: ParSheet, available: float, styles: dict[str, Any]) -> list[Any]:
    import matplotlib.pyplot as plt
    from reportlab.platypus import Image, KeepTogether, PageBreak, Spacer

    from crazy4.report.html import report_figures

    story: list[Any] = [PageBreak(), *heading("Figures", styles)]
    for caption, figure in report_figures(report.name, report.tables):
        buffer = io.BytesIO()
        figure.savefig(
            buffer, format="png", dpi=_FIGURE_DPI, bbox_inches="tight", metadata={"Software": None}
        )
        plt.close(figure)
        pixels_wide, pixels_high = _png_size(buffer.getvalue())
        width, height = pixels_wide * 72 / _FIGURE_DPI, pixels_high * 72 / _FIGURE_DPI
        buffer.seek(0)
        scale = min(1.0, available / width, 620 / height)
        image = Image(buffer, width=width * scale, height=height * scale)
        label = paragraph(text_markup(caption), styles["small"], f"the caption {caption!r}")
        story.append(KeepTogether([image, label]))
        story.append(Spacer(1, 10))
    return story


def _story(report: ParSheet, available: float, styles: dict[str, Any]) -> list[Any]:
    from reportlab.platypus import Paragraph, Preformatted

    story = cover_story(report, styles, available)
    story.extend(heading("Rules", styles))
    for number, line in enumerate(report.rules_text, start=1):
        what = f"line {number} of the rules list"
        story.append(paragraph(markup(line), styles["bullet"], what, bulletText="•"))
    story.append(Paragraph("The rule file, as analyzed:", styles["small"]))
    rule_file = latin(report.rule_file.strip())
    story.append(Preformatted(rule_file, styles["code"], maxLineLength=118, newLineChars="    "))
    story.extend(heading("Method", styles))
    story.append(paragraph(text_markup(report.method), styles["body"], "the method"))
    for sheet in report.sheets:
        story.extend(_sheet_story(sheet, available, styles))
    story.extend(_figures(report, available, styles))
    story.extend(heading("Provenance", styles))
    for key, value in sorted(report.record.items()):
        text = text_markup(f"{key}: {value}")
        story.append(paragraph(text, styles["bullet"], f"the provenance's {key!r}"))
    return story


def _numbered_canvas(footer: str) -> Any:
    from reportlab.pdfgen.canvas import Canvas

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        """Draws 'page N of M' once the page count is known (pages are kept until then)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (ReportLab's name)
            self.pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            for state in self.pages:
                self.__dict__.update(state)
                self.setFont("Helvetica", 7.5)
                width = self._pagesize[0]
                self.drawString(_MARGIN * 2.835, 18, latin(footer))
                self.drawRightString(
                    width - _MARGIN * 2.835, 18, f"page {self._pageNumber} of {len(self.pages)}"
                )
                super().showPage()
            super().save()

    return NumberedCanvas


def render_pdf(report: ParSheet) -> bytes:
    """The PDF's bytes (the same for the same report)."""
    import matplotlib

    matplotlib.use("Agg")
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    class Document(SimpleDocTemplate):  # type: ignore[misc]
        """Lists every section heading with its page in the contents."""

        def afterFlowable(self, flowable: Any) -> None:  # noqa: N802 (ReportLab's name)
            for text in _headings(flowable):
                self.notify("TOCEntry", (0, text, self.page))

    buffer = io.BytesIO()
    document = Document(
        buffer,
        pagesize=A4,
        leftMargin=_MARGIN * mm,
        rightMargin=_MARGIN * mm,
        topMargin=_MARGIN * mm,
        bottomMargin=_MARGIN * mm + 6,
        title=latin(f"Math report: {report.title}"),
        author="crazy4",
        subject=f"rule set {report.name}, SHA-256 {report.rule_hash}",
        creator=f"crazy4 {__version__}",
        producer="ReportLab",
        invariant=1,
    )
    styles = _styles()
    footer = f"{report.name}: math report (crazy4 {__version__}) - {report.rule_hash[:16]}"
    story = _story(report, document.width, styles)
    document.multiBuild(story, canvasmaker=_numbered_canvas(footer))
    return buffer.getvalue()


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
