"""The hostile-text corpus (issue 43) and the judges of an output, each of which parses it.

Text from an input is data in every output: HTML is read back with :mod:`html.parser` (no
element or attribute the writer did not write itself, and the text there as written),
Markdown is rendered by two Markdown implementations (Python-Markdown, which the reports' HTML
uses, and mistune with GitHub's tables, strikethrough and bare links) and judged as HTML, a
workbook by openpyxl's cell types, a PDF by pypdf's text and link annotations. Nothing here
greps an output for a payload.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

#: The classic payloads: tags and event attributes, links, ReportLab's paragraph tags,
#: spreadsheet formulas with each leading character, what breaks a Markdown table or line,
#: Markdown's own marks, mathtext, and legitimate text that must print as written.
PAYLOADS = (
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg/onload=alert(1)>",
    '"><b onmouseover="alert(1)">x',
    "' onfocus='alert(1)",
    "[click](javascript:alert(1))",
    "![i](javascript:alert(1))",
    "<javascript:alert(1)>",
    "<http://evil.example>",
    '<a href="http://evil.example">click</a>',
    '<font size="30">big</font>',
    '<link href="http://evil.example">l</link>',
    "<b>unclosed",
    "&lt;b&gt; &amp; &#60;",
    '=HYPERLINK("http://evil.example","y")',
    "+1+2",
    "-1+2",
    "@SUM(1)",
    "1x|2x|3x",
    "**bold** __strong__ *em* _em_ `code` ~~del~~",
    "# heading",
    "- item",
    "1. item",
    "> quote",
    "---",
    "$\\frac{1}{$ $5",
    "http://evil.example www.evil.example a@evil.example",
    "A & B",
    "Café – Ñ 7♠",
    "😀",
)
#: What a spreadsheet reads as a formula's start, and what a log cell may begin with
#: (a rule file refuses the tab and the carriage return: control characters).
FORMULAS = ("=1+2", "+1+2", "-1+2", "@SUM(1)", "\t=1+2", "\r=1+2")
#: One text holding every payload (a field of a rule file is tried with it whole).
ALL = " ".join(PAYLOADS)
#: A 500-character title, printable.
LONG = ("Crazy 4 Poker, a long title & more " * 15)[:500]

#: Text a rule file may hold (its grammar refuses control characters, surrogates and line or
#: paragraph separators), the payloads' pieces much more likely than chance.
RULE_TEXT = st.lists(
    st.one_of(
        st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
        st.sampled_from([*PAYLOADS, "|", "<", "&", "`", "*", "_", "[", "]", "$", "\\", "#", " "]),
    ),
    min_size=1,
    max_size=12,
).map("".join)
#: Text a log's cell may hold: anything (control characters and line breaks too).
ANY_TEXT = st.lists(
    st.one_of(
        st.characters(blacklist_categories=("Cs",)),
        st.sampled_from([*PAYLOADS, *FORMULAS, "\n", "\r\n", "|", "\x1b[31m"]),
    ),
    min_size=1,
    max_size=10,
).map("".join)

#: The elements a report of crazy4 writes (and Markdown renders) itself.
REPORT_TAGS = frozenset({
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "p", "br", "hr",
    "table", "thead", "tbody", "tr", "th", "td", "ul", "ol", "li", "strong", "em", "code",
    "pre", "details", "summary", "figure", "figcaption", "img", "span", "i", "div",
})  # fmt: skip


class Page(HTMLParser):
    """An HTML page read: its elements with their attributes, and its text (outside
    ``<style>``)."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.chunks: list[str] = []
        self.inside: list[tuple[str, ...]] = []  # the open elements around each chunk
        self._open: list[str] = []
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, attrs))
        if tag not in ("meta", "img", "br", "hr", "link"):
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if "style" not in self._open:
            self.chunks.append(data)
            self.inside.append(tuple(self._open))

    def text_in(self, tag: str) -> str:
        """The text inside every ``tag`` element, whitespace squeezed."""
        return squeeze(
            "".join(c for c, around in zip(self.chunks, self.inside, strict=True) if tag in around)
        )

    @property
    def text(self) -> str:
        """The page's text, whitespace runs as one space."""
        return squeeze("".join(self.chunks))


def squeeze(text: str) -> str:
    """Whitespace runs as one space, stripped (what HTML and a PDF's lines make of it)."""
    return re.sub(r"\s+", " ", text).strip()


def live_markup(page: Page, tags: Iterable[str] = REPORT_TAGS) -> list[str]:
    """What in a page is markup no writer of crazy4 wrote: an element outside ``tags``, an
    event attribute, a link, an image that is not the report's own inline PNG."""
    found = []
    allowed = set(tags)
    for tag, attributes in page.elements:
        if tag not in allowed:
            found.append(f"<{tag}>")
        for name, value in attributes:
            inline_png = tag == "img" and name == "src" and (value or "").startswith("data:image/")
            if name.startswith("on") or (name in ("href", "src", "action") and not inline_png):
                found.append(f"<{tag} {name}={value!r}>")
    return found


def judge_html(page: str, written: Iterable[str] = ()) -> list[str]:
    """The problems of an HTML page: live markup, and each of ``written`` not in its text as
    written."""
    read = Page(page)
    problems = live_markup(read)
    problems += [
        f"not as written: {text[:60]!r}" for text in written if squeeze(text) not in read.text
    ]
    return problems


def markdown_renderings(text: str) -> dict[str, str]:
    """The Markdown as Python-Markdown (the HTML reports' renderer) and mistune with GitHub's
    extensions (tables, strikethrough, bare links) render it."""
    import markdown
    import mistune

    github = mistune.create_markdown(escape=False, plugins=["table", "strikethrough", "url"])
    return {
        "Python-Markdown": markdown.markdown(text, extensions=["tables", "fenced_code"]),
        "mistune": str(github(text)),
    }


def judge_markdown(text: str, written: Iterable[str] = ()) -> list[str]:
    """The problems of a Markdown document, rendered both ways (:func:`markdown_renderings`)."""
    written = list(written)
    return [
        f"{name}: {problem}"
        for name, page in markdown_renderings(text).items()
        for problem in judge_html(page, written)
    ]


def pdf_read(path: Path) -> tuple[str, list[str]]:
    """A PDF's text (whitespace squeezed) and its link annotations, as pypdf reads them."""
    import pypdf

    reader = pypdf.PdfReader(path)
    text, links = [], []
    for page in reader.pages:
        text.append(page.extract_text())
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            links.append(f"{annotation.get('/Subtype')} {annotation.get('/A')}")
    # WinAnsiEncoding draws a bullet at the code 0x7F too, where ReportLab puts it; pypdf
    # reads that code back as U+007F
    return squeeze(" ".join(text).replace("\x7f", "•")), links


def pdf_printed(text: str) -> str:
    """Text as a PDF of crazy4 prints it: a character beyond Unicode's Basic Multilingual
    Plane (an emoji) or in no font of the PDF is '?' (:mod:`crazy4.report.pdf_markup`), the
    spelt signs spelt; what prints nothing (a soft hyphen, a zero-width space) left out, as
    the PDF's text leaves it out."""
    from crazy4.report.parsheet_text import spelt
    from crazy4.report.pdf_markup import fallback_glyphs, standard

    glyphs = fallback_glyphs()
    shown = (
        c if standard(c) or (ord(c) <= 0xFFFF and ord(c) in glyphs) else "?" for c in spelt(text)
    )
    return invisible_out("".join(shown))


def invisible_out(text: str) -> str:
    """The text in Unicode's composed form without what prints nothing (format characters,
    the soft hyphen)."""
    import unicodedata

    kept = (c for c in unicodedata.normalize("NFC", text) if unicodedata.category(c) != "Cf")
    return "".join(kept)


def judge_pdf(path: Path, written: Iterable[str] = ()) -> list[str]:
    """The problems of a PDF: a link annotation, and each of ``written`` not in its text (its
    characters in order: a word too long for its line is broken where the line ends, and the
    PDF's text has a line break there)."""
    text, links = pdf_read(path)
    text = unspaced(invisible_out(text))
    problems = [f"link annotation {link}" for link in links]
    problems += [
        f"not as written: {item[:60]!r}"
        for item in written
        if unspaced(pdf_printed(item)) not in text
    ]
    return problems


def unspaced(text: str) -> str:
    """The text without its whitespace."""
    return re.sub(r"\s+", "", text)


def workbook_cells(path: Path) -> list[Any]:
    """Every cell of every sheet of a workbook, as openpyxl reads it."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]


def judge_workbook(path: Path, written: Iterable[str] = ()) -> list[str]:
    """The problems of a workbook: a formula cell, text that could read as a formula without
    the quote prefix, and each of ``written`` not the whole value of some text cell."""
    cells = workbook_cells(path)
    problems = [
        f"formula {cell.coordinate}: {cell.value!r}" for cell in cells if cell.data_type == "f"
    ]
    problems += [
        f"no quote prefix {cell.coordinate}: {cell.value!r}"
        for cell in cells
        if isinstance(cell.value, str)
        and cell.value.startswith(FORMULA_STARTS)
        and not cell.quotePrefix
    ]
    texts = [cell.value for cell in cells if isinstance(cell.value, str)]
    problems += [
        f"not as written: {item[:60]!r}" for item in written if not any(item in t for t in texts)
    ]
    return problems


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
