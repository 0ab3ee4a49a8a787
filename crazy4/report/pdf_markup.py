"""The PDFs' text as ReportLab paragraph markup: every text set as text, in a font that has it.

Text reaches a paragraph only through :func:`text_markup` or :func:`markup`, in a paragraph made
by :func:`paragraph`. What the standard fonts lack is set in DejaVu Sans; what neither has, or
beyond the Basic Multilingual Plane, is '?'.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path
from typing import Any

from crazy4.core.text_safety import markdown_runs, pdf_text
from crazy4.errors import InputError
from crazy4.report.parsheet_text import spelt

#: The font of what the standard fonts lack, and its faces (matplotlib's files).
FALLBACK = "DejaVuSans"
_FACES = {
    FALLBACK: "DejaVuSans.ttf",
    f"{FALLBACK}-Bold": "DejaVuSans-Bold.ttf",
    f"{FALLBACK}-Oblique": "DejaVuSans-Oblique.ttf",
    f"{FALLBACK}-BoldOblique": "DejaVuSans-BoldOblique.ttf",
}
#: ReportLab's tags for a run's marks, outermost first.
_OPEN = {"b": "<b>", "i": "<i>", "code": '<font face="Courier">'}
_CLOSE = {"b": "</b>", "i": "</i>", "code": "</font>"}


@functools.cache
def fallback_glyphs() -> frozenset[int]:
    """The characters the fallback font has (its faces registered with ReportLab on first use)."""
    import matplotlib
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for name, file in _FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(
        FALLBACK,
        normal=FALLBACK,
        bold=f"{FALLBACK}-Bold",
        italic=f"{FALLBACK}-Oblique",
        boldItalic=f"{FALLBACK}-BoldOblique",
    )
    return frozenset(pdfmetrics.getFont(FALLBACK).face.charToGlyph)


def standard(text: str) -> bool:
    """Whether the standard fonts show every character of the text (once :func:`spelt`).

    Examples
    --------
    >>> standard("Café – Ñ ≤ 1"), standard("7♠")
    (True, False)
    """
    try:
        spelt(text).encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def _font_of(character: str) -> str:
    if standard(character):
        return "standard"
    # beyond the Basic Multilingual Plane ReportLab writes a ToUnicode map no reader takes
    known = ord(character) < 0x10000 and ord(character) in fallback_glyphs()
    return FALLBACK if known else "none"


def text_markup(text: object) -> str:
    """Plain text as ReportLab paragraph markup, printed as written (escaped; fonts as above).

    Examples
    --------
    >>> text_markup('<b>unclosed & <a href="http://evil">')
    '&lt;b&gt;unclosed &amp; &lt;a href="http://evil"&gt;'
    >>> text_markup("7♠皇😀")
    '7<font name="DejaVuSans">♠</font>??'
    """
    written = spelt(str(text))
    if standard(written):
        return pdf_text(written)
    parts = []
    for font, characters in itertools.groupby(written, key=_font_of):
        run = "".join(characters)
        if font == "standard":
            parts.append(pdf_text(run))
        elif font == FALLBACK:
            parts.append(f'<font name="{FALLBACK}">{pdf_text(run)}</font>')
        else:
            parts.append("?" * len(run))
    return "".join(parts)


def markup(text: str) -> str:
    """A Markdown fragment crazy4 wrote as markup: emphasis and code as tags, text as text.

    Examples
    --------
    >>> markup("**K** & `x`")
    '<b>K</b> &amp; <font face="Courier">x</font>'
    >>> markup("*a `b` c* \\\\*d\\\\* &lt;a href=x&gt;")
    '<i>a <font face="Courier">b</font> c</i> *d* &lt;a href=x&gt;'
    """
    parts: list[str] = []
    opened: list[str] = []
    for run in markdown_runs(text):
        wanted = [tag for tag, on in (("b", run.bold), ("i", run.italic), ("code", run.code)) if on]
        while opened and opened != wanted[: len(opened)]:
            parts.append(_CLOSE[opened.pop()])
        for tag in wanted[len(opened) :]:
            parts.append(_OPEN[tag])
            opened.append(tag)
        parts.append(text_markup(run.text))
    parts += [_CLOSE[tag] for tag in reversed(opened)]
    return "".join(parts)


def paragraph(markup_text: str, style: Any, what: str, writer: str = "pdf", **options: Any) -> Any:
    """A ReportLab paragraph, or an :class:`InputError` naming the writer and ``what`` it set.

    Examples
    --------
    >>> from reportlab.lib.styles import getSampleStyleSheet
    >>> paragraph(text_markup("<b>x"), getSampleStyleSheet()["BodyText"], "t").getPlainText()
    '<b>x'
    >>> paragraph("<b>x", getSampleStyleSheet()["BodyText"], "the title", "card")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: card: cannot set the title (ValueError: ...)
    """
    from reportlab.platypus import Paragraph

    try:
        return Paragraph(markup_text, style, **options)
    except ValueError as error:
        message = " ".join(str(error).split())[:200]
        raise InputError(
            f"{writer}: cannot set {what} ({type(error).__name__}: {message})"
        ) from None
