"""The rules of :mod:`crazy4.core.text_safety`, one format at a time, over arbitrary text
(hypothesis) and the classic payloads; every output parsed, never grepped (issue 43)."""

from __future__ import annotations

import io
import tomllib

import pytest
from hostile_corpus import (
    ANY_TEXT,
    FORMULAS,
    PAYLOADS,
    RULE_TEXT,
    Page,
    judge_markdown,
    live_markup,
    markdown_renderings,
    squeeze,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.text_safety import (
    formula_like,
    html_text,
    make_inert,
    markdown_code,
    markdown_fence,
    markdown_runs,
    markdown_text,
    one_line,
    pdf_text,
    plot_text,
    sheet_text,
    toml_string,
)
from crazy4.report.pdf_markup import markup, text_markup

TEXT = st.one_of(st.sampled_from(PAYLOADS), ANY_TEXT)

#: Where crazy4's Markdown puts a text, and the elements rendering that place may make.
PLACES = {
    "cell": ("| a | b |\n|---|---|\n| x | {} |\n", {"table", "thead", "tbody", "tr", "th", "td"}),
    "heading": ("# {}\n", {"h1"}),
    "item": ("- {}\n", {"ul", "li"}),
    "paragraph": ("x\n\n{}\n\ny\n", {"p"}),
    "bold": ("Table **{}**:\n", {"p", "strong"}),
    "sentence": ("Rule set `n` — {}\n", {"p", "code"}),
}


@settings(max_examples=250, deadline=None)
@given(text=TEXT, place=st.sampled_from(sorted(PLACES)))
def test_markdown_text_renders_as_written_wherever_it_is_put(text: str, place: str) -> None:
    """No element but the place's own, and the text (on one line) where it was put."""
    template, tags = PLACES[place]
    document = template.format(markdown_text(text))
    for name, page in markdown_renderings(document).items():
        read = Page(page)
        assert live_markup(read, tags | {"br"}) == [], (name, document)
        if place != "bold":  # a closing '**' after a space is printed, not a bold end
            assert squeeze(one_line(text)) in read.text, (name, document, read.text)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_every_payload_in_a_table_cell_keeps_the_row_whole(payload: str) -> None:
    """Before: ``1x|2x|3x`` split a row of ``results/four-card-standard/report.md``."""
    row = f"| {markdown_text(payload)} | {markdown_code(payload)} | end |"
    document = "| a | b | c |\n|---|---|---|\n" + row + "\n"
    assert judge_markdown(document, [payload]) == []
    for page in markdown_renderings(document).values():
        cells = [tag for tag, _ in Page(page).elements if tag == "td"]
        assert len(cells) == 3


@settings(max_examples=200, deadline=None)
@given(text=st.lists(ANY_TEXT, max_size=4).map("\n".join))
def test_a_fenced_block_holds_any_text(text: str) -> None:
    """The rule file under the rules list: no line of it ends the block or becomes HTML."""
    document = "\n".join(
        [
            "<details><summary>Rule file</summary>",
            "",
            *markdown_fence(text, "toml"),
            "",
            "</details>",
        ]
    )
    for name, page in markdown_renderings(document).items():
        read = Page(page)
        assert live_markup(read) == [], (name, document)
        code = [tag for tag, _ in read.elements if tag == "code"]
        assert len(code) == 1, (name, document)


def shown_as(text: str) -> str:
    """The text as HTML and a PDF show it: the control characters they do not allow U+FFFD."""
    return "".join(
        "\ufffd" if (ord(c) < 32 and c not in "\t\n\f\r") or 0x7F <= ord(c) <= 0x9F else c
        for c in text
    )


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_html_text_is_text_in_an_element_and_in_an_attribute(text: str) -> None:
    shown = html_text(text)
    page = Page(f"<p title=\"{shown}\" lang='{shown}'>{shown}</p>")
    assert [tag for tag, _ in page.elements] == ["p"]
    attributes = dict(page.elements[0][1])
    assert set(attributes) == {"title", "lang"}
    assert attributes["title"] == attributes["lang"] == "".join(page.chunks) == shown_as(text)


@settings(max_examples=150, deadline=None)
@given(text=TEXT)
def test_pdf_text_is_set_as_text(text: str) -> None:
    """ReportLab reads no tag, entity, link or font out of it, and never fails on it."""
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    style = getSampleStyleSheet()["BodyText"]
    for markup_text in (pdf_text(text), text_markup(text), markup(markdown_text(text))):
        paragraph = Paragraph(markup_text, style)
        assert all(not getattr(f, "link", None) for f in paragraph.frags)
        assert {f.fontSize for f in paragraph.frags} <= {style.fontSize}
        assert {f.fontName for f in paragraph.frags} <= {style.fontName, "DejaVuSans"}
    assert squeeze(Paragraph(pdf_text(text), style).getPlainText()) == squeeze(shown_as(text))


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=("Cs",))))
def test_toml_string_reads_back_as_written(text: str) -> None:
    """``--init-mapping``'s and ``design --write``'s strings (an emoji included)."""
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text
    assert tomllib.loads(f"{toml_string(text)} = 1") == {text: 1}


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_markdown_text_reads_back_as_one_plain_run(text: str) -> None:
    """The PDF's and workbook's rules list read crazy4's Markdown back: the text, no marks."""
    runs = markdown_runs(markdown_text(text))
    assert "".join(run.text for run in runs) == one_line(text)
    assert not any(run.bold or run.italic or run.code for run in runs)


@settings(max_examples=50, deadline=None)
@given(
    values=st.lists(
        st.one_of(
            TEXT, st.sampled_from(FORMULAS), st.integers(-(10**12), 10**12), st.floats(-1e6, 1e6)
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_workbook_cell_is_text_or_a_number_never_a_formula(values: list[object]) -> None:
    from openpyxl import Workbook, load_workbook

    from crazy4.report.xlsx import append_row

    book = Workbook()
    append_row(book.active, values)
    buffer = io.BytesIO()
    book.save(buffer)
    cells = list(load_workbook(buffer).active[1])
    for value, cell in zip(values, cells, strict=False):
        if isinstance(value, str):  # (XML reads a carriage return as a line feed)
            written = sheet_text(value).replace("\r\n", "\n").replace("\r", "\n")
            assert cell.data_type == "s" and cell.value == written
            assert cell.quotePrefix == formula_like(value)
        else:  # (openpyxl writes 16 digits: the report puts the 17th back, crazy4.report.xlsx)
            assert cell.data_type == "n" and cell.value == pytest.approx(value, rel=1e-15)


def test_make_inert_leaves_numbers_and_dates_alone() -> None:
    import datetime

    from openpyxl import Workbook

    sheet = Workbook().active
    sheet.append([-1.5, 3, datetime.date(2020, 1, 1), None, "=1"])
    for cell in sheet[1]:
        make_inert(cell)
    assert [cell.data_type for cell in sheet[1]] == ["n", "n", "d", "n", "s"]


@pytest.mark.filterwarnings("ignore:Glyph")  # the reports spell those '?' (report.html.drawable)
@settings(max_examples=15, deadline=None)
@given(text=RULE_TEXT)
def test_plot_text_draws_no_mathtext(text: str) -> None:
    """A table name like ``$\\frac{$`` failed the report's plots (matplotlib's mathtext)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import cbook

    assert not cbook.is_math_text(plot_text(text))
    figure, axes = plt.subplots()
    axes.set_title(plot_text(text))
    figure.canvas.draw()
    plt.close(figure)
