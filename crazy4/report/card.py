"""A one-page strategy card for players (``crazy4 report --format card``): a PDF of the rule
set's ``strategy`` table, with the main bet's and the simple strategy's house edge and RTP."""

from __future__ import annotations

import io
from typing import Any

import pandas as pd

from crazy4.report.markdown import share_text
from crazy4.report.parsheet import ParSheet, bet_edge, records
from crazy4.report.parsheet_text import latin
from crazy4.report.pdf_markup import paragraph, text_markup
from crazy4.version import __version__

#: The writer's name in a message (:func:`crazy4.report.pdf_markup.paragraph`).
_CARD = "card"
#: The font sizes tried, largest first, until the card fits one page.
SIZES = (10.0, 9.0, 8.0, 7.0, 6.5, 6.0, 5.5, 5.0)


def decision_cell(row: dict[str, Any], decisions: tuple[str, ...]) -> str:
    """A strategy row's decision, or for a 'mixed' row the share of each decision taken.

    Examples
    --------
    >>> decision_cell({"decision": "mixed", "share_fold": 0.7375, "share_1x": 0.2625,
    ...                "share_2x": 0.0}, ("fold", "1x", "2x"))
    'mixed: fold 74%, 1x 26%'
    >>> decision_cell({"decision": "2x"}, ("fold", "1x", "2x"))
    '2x'
    """
    decision = str(row["decision"])
    if decision != "mixed":
        return decision
    shares = [
        f"{name} {share_text(float(row.get(f'share_{name}', 0.0) or 0.0))}"
        for name in decisions
        if float(row.get(f"share_{name}", 0.0) or 0.0) > 0
    ]
    return "mixed: " + ", ".join(shares)


def card_table(strategy: pd.DataFrame, decisions: tuple[str, ...]) -> list[list[str]]:
    """The card's strategy as rows of text, a header first.

    Examples
    --------
    >>> frame = pd.DataFrame({"hand": ["A", "A", "B", "B"], "up_rank": ["2", "3", "2", "3"],
    ...                       "decision": ["3x", "1x", "fold", "fold"]})
    >>> card_table(frame, ("fold", "1x", "3x"))
    [['hand', '2', '3'], ['A', '3x', '1x'], ['B', 'fold', 'fold']]
    """
    records = [{str(k): v for k, v in row.items()} for row in strategy.to_dict("records")]
    columns = set(strategy.columns)
    if {"from_hand", "to_hand", "decision"} <= columns:
        rows = [["your best hand, from", "to", "play"]]
        for row in records:
            rows.append([str(row["from_hand"]), str(row["to_hand"]), decision_cell(row, decisions)])
        return rows
    if {"hand", "up_rank", "decision"} <= columns:
        ups = list(dict.fromkeys(str(up) for up in strategy["up_rank"]))
        chart: dict[str, dict[str, str]] = {}
        for row in records:
            cell = decision_cell(row, decisions).replace("mixed: ", "")
            chart.setdefault(str(row["hand"]), {})[str(row["up_rank"])] = cell
        return [["hand", *ups]] + [[hand, *(cells.get(up, "") for up in ups)]
                                   for hand, cells in chart.items()]  # fmt: skip
    if {"hand", "decision"} <= columns:
        return [["hand", "play"]] + [[str(row["hand"]), decision_cell(row, decisions)]
                                     for row in records]  # fmt: skip
    return [list(map(str, strategy.columns))] + [[str(v) for v in row.values()] for row in records]


def figures_lines(report: ParSheet, main_bet: str) -> list[str]:
    """The main bet's house edge and RTP, and the simple strategy's, as paragraph markup."""
    bets = {str(row["bet"]): row for row in records(report.tables["bets"])}
    lines = []
    for name, label in ((main_bet, "Playing this card"), (f"{main_bet}_simple", "Simple rule")):
        if name not in bets:
            continue
        edge = bet_edge(bets[name])
        description = str(bets[name].get("description", ""))
        detail = f" ({description})" if label == "Simple rule" else ""
        lines.append(
            f"<b>{label}</b>{text_markup(detail)}: house edge {float(edge):.4%}, return to player "
            f"{float(1 - edge):.4%} of the initial wager."
        )
    return lines


def _flowables(
    report: ParSheet, decisions: tuple[str, ...], size: float, width: float
) -> list[Any]:
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.platypus import Spacer, Table, TableStyle

    base = getSampleStyleSheet()
    body = ParagraphStyle("card", parent=base["BodyText"], fontSize=size, leading=size * 1.25)
    title = ParagraphStyle("cardtitle", parent=base["Title"], fontSize=size + 6, leading=size + 9)
    main_bet = str(report.tables["bets"]["bet"].iloc[0])
    rows = card_table(report.tables["strategy"], decisions)
    cell = ParagraphStyle("cell", parent=body, fontSize=size - 1, leading=(size - 1) * 1.2)
    head = ParagraphStyle("head", parent=cell, fontName="Helvetica-Bold")
    data = [[paragraph(text_markup(text), head, f"the column {text!r}", _CARD) for text in rows[0]]]
    data += [
        [paragraph(text_markup(text), cell, f"the strategy row {row[0]!r}", _CARD) for text in row]
        for row in rows[1:]
    ]
    first = 2 * width / (len(rows[0]) + 1)  # the hand column twice as wide as the others
    widths = [first] + [(width - first) / (len(rows[0]) - 1)] * (len(rows[0]) - 1)
    table = Table(data, colWidths=widths, hAlign="LEFT")
    grid = ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#9a9a9a"))
    shade = ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e8ee"))
    padding = [("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
    table.setStyle(TableStyle([grid, shade, *padding]))
    allowed = ", ".join(decisions)
    intro = (
        f"{report.game_title}, rule set {report.name} (rule file SHA-256 "
        f"{report.rule_hash[:16]}...). Decisions the rules allow: {allowed}. Find your "
        "hand and play as the card says; 'mixed' means the other cards of the hand "
        "decide, with the share of such hands played each way."
    )
    story: list[Any] = [
        paragraph(text_markup(f"Strategy card: {report.title}"), title, "the title", _CARD),
        paragraph(text_markup(intro), body, "the introduction", _CARD),
        Spacer(1, size),
        table,
        Spacer(1, size),
    ]
    story += [
        paragraph(line, body, "the main bet's figures", _CARD)
        for line in figures_lines(report, main_bet)
    ]
    closing = (
        f"Optimal strategy from every deal counted exactly (crazy4 {__version__}); "
        "the full math report (PAR sheet) gives every figure with its exact fraction."
    )
    story.append(paragraph(text_markup(closing), body, "the closing line", _CARD))
    return story


def render_card(report: ParSheet, decisions: tuple[str, ...]) -> bytes:
    """The card's bytes: the largest font of :data:`SIZES` at which it fits one A4 page."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    data = b""
    for size in SIZES:
        buffer = io.BytesIO()
        document = SimpleDocTemplate(
            buffer,
            pagesize=A4,
            leftMargin=12 * mm,
            rightMargin=12 * mm,
            topMargin=12 * mm,
            bottomMargin=12 * mm,
            title=latin(f"Strategy card: {report.title}"),
            author="crazy4",
            subject=f"rule set {report.name}, SHA-256 {report.rule_hash}",
            creator=f"crazy4 {__version__}",
            invariant=1,
        )
        document.build(_flowables(report, decisions, size, document.width))
        data = buffer.getvalue()
        if document.page == 1:
            break
    return data
