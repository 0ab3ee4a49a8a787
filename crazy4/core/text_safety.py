"""Text from an input is data in every output: never markup, a link or a formula.

Whatever a report echoes of what someone else wrote (a rule file's names and notes, a log's
cells and column names, a mapping or claims file, ``design --name``) passes through the function
of its format here, and only here (``docs/outputs.md`` lists every writer): :func:`html_text`;
:func:`markdown_text`, :func:`markdown_code` and :func:`markdown_fence` (the text renders as
written); :func:`pdf_text` (ReportLab's paragraphs are markup); :func:`sheet_text` and
:func:`make_inert` (a string cell, never a formula, with Excel's quote prefix where it could
read as one: OWASP's CSV-injection advice); :func:`plot_text`; :func:`toml_string`. JSON needs
none. :func:`markdown_runs` reads back a Markdown fragment crazy4 wrote itself.

Examples
--------
>>> markdown_text("1x|2x|3x <b>")
'1x\\\\|2x\\\\|3x &lt;b>'
>>> pdf_text("<b>unclosed & more")
'&lt;b&gt;unclosed &amp; more'
>>> html_text('"><script>')
'&quot;&gt;&lt;script&gt;'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from crazy4.errors import InputError

#: Line breaks (Python's ``str.splitlines`` boundaries): a space in one-line outputs.
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
#: The characters a workbook's text starts a formula with (OWASP's CSV-injection list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_BREAK = re.compile(f"\r\n|[{LINE_BREAKS}]")
#: Control characters other than tab and the line breaks: shown as U+FFFD.
_CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")
#: What HTML (and a ReportLab paragraph) does not allow: every control character but tab, line
#: feed, form feed and carriage return.
_MARKUP_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
#: What Markdown would read as markup, anywhere in a line.
_MARKDOWN = re.compile(
    r"[\\`*\[\]#|]"  # backslash escapes (every Markdown has them for these)
    r"|<(?![0-9\s])|[~@]"  # a tag, an autolink, GitHub's strikethrough, an e-mail link
    r"|&(?=#?[0-9A-Za-z]+;)"  # only an ampersand that would start a reference
    r"|(?<![^\W_])_|_(?![^\W_])"  # an underscore not between two letters or digits
    r"|(?<=[0-9A-Za-z])://|(?i:\bwww)\."  # what GitHub turns into a link by itself
)
_REFERENCES = {"<": "&lt;", "~": "&#126;", "@": "&#64;", "&": "&amp;"}
#: Markdown's block markers at the start of a line: a list item, an ordered list item, a
#: setext underline (a quote's ``>`` is escaped wherever the text starts with it).
_LIST_MARK = re.compile(r"[-+](?=\s|$|[-+])")
_ORDERED_MARK = re.compile(r"([0-9]{1,9})([.)])(?=\s|$)")
_UNDERLINE = re.compile(r"=+[ \t]*")
#: Characters openpyxl refuses in a cell (``openpyxl.cell.cell.ILLEGAL_CHARACTERS_RE``).
_SHEET_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_ENTITY = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                 "\f": "\\f", "\r": "\\r"}  # fmt: skip


def one_line(value: object) -> str:
    """The text on one line: every line break a space, every other control character but a
    tab U+FFFD.

    Examples
    --------
    >>> one_line("a\\r\\nb\\u2028c\\x1bd")
    'a b c\\ufffdd'
    """
    return _CONTROL.sub("\ufffd", _BREAK.sub(" ", str(value)))


def html_text(value: object) -> str:
    """Text for HTML, in an element or an attribute value (quoted with ``"`` or ``'``).

    Control characters HTML does not allow (all but tab, line feed, form feed and carriage
    return) are U+FFFD.

    Examples
    --------
    >>> html_text("A & B <img src=x onerror=alert(1)>")
    'A &amp; B &lt;img src=x onerror=alert(1)&gt;'
    >>> html_text("Café – Ñ 7♠ 🂡")
    'Café – Ñ 7♠ 🂡'
    """
    return html.escape(_MARKUP_CONTROL.sub("\ufffd", str(value)), quote=True)


def _markdown_special(match: re.Match[str]) -> str:
    found = match.group()
    if found in _REFERENCES:
        return _REFERENCES[found]
    if found == "://":
        return "&#58;//"
    if found.endswith("."):  # www.
        return found[:-1] + "&#46;"
    return "\\" + found


def markdown_text(value: object) -> str:
    """Text for Markdown, on one line: in a table cell, a heading, a list item or a paragraph
    it renders as written, and nothing in it becomes HTML, a link, emphasis, code, a heading,
    a list or a second cell.

    Backslash escapes where every Markdown (CommonMark, GitHub's, Python-Markdown) has them;
    a character reference where Python-Markdown has no backslash escape: ``<`` (but before a
    digit or a space, ``<1%``, where it starts no tag), ``~``, ``@``, an ``&`` that would start
    a reference, a ``>`` that starts the text; ``://`` and ``www.`` broken with a reference so
    that no renderer links them; an underscore inside a word (``ante_play``) and ``-`` or a
    number inside the text left as they are; a space or tab that starts the text as a
    reference. Line breaks become spaces (:func:`one_line`).

    Examples
    --------
    >>> markdown_text("ante_super_bonus_play")
    'ante_super_bonus_play'
    >>> markdown_text("[x](javascript:alert(1)) *em* _u_ `c`")
    '\\\\[x\\\\](javascript:alert(1)) \\\\*em\\\\* \\\\_u\\\\_ \\\\`c\\\\`'
    >>> markdown_text("A & B; &amp; <http://x.org> <1% >")
    'A & B; &amp;amp; &lt;http&#58;//x.org> <1% >'
    >>> markdown_text("- 1. item"), markdown_text("2) x"), markdown_text("-2/3")
    ('\\\\- 1. item', '2\\\\) x', '-2/3')
    """
    text = _MARKDOWN.sub(_markdown_special, one_line(value))
    if text[:1] in (" ", "\t"):  # an indent: a code block, or what follows at a line's start
        return f"&#{ord(text[0])};{text[1:]}"
    if text.startswith(">"):
        return "&gt;" + text[1:]
    if _LIST_MARK.match(text):
        return "\\" + text
    ordered = _ORDERED_MARK.match(text)
    if ordered:
        return f"{ordered.group(1)}\\{text[len(ordered.group(1)) :]}"
    if _UNDERLINE.fullmatch(text):
        return "&#61;" + text[1:]
    return text


def markdown_code(value: object) -> str:
    """Text as Markdown code (```text```) when code can hold it as written (no backtick, no
    ``|``, which would end a table cell even in code, no line break), else as
    :func:`markdown_text`.

    Examples
    --------
    >>> markdown_code("crazy4-standard"), markdown_code("<b>")
    ('`crazy4-standard`', '`<b>`')
    >>> markdown_code("a`b|c")
    'a\\\\`b\\\\|c'
    """
    text = str(value)
    plain = text == one_line(text) and text == text.strip()
    if text and plain and not re.search(f"[`|{LINE_BREAKS}]", text):
        return f"`{text}`"
    return markdown_text(text)


def markdown_fence(text: str, info: str = "") -> list[str]:
    """A fenced code block holding ``text`` as written: its fence longer than any run of
    backticks in the text, so no line of it ends the block.

    Examples
    --------
    >>> markdown_fence("a\\n```\\n<b>", "toml")
    ['````toml', 'a', '```', '<b>', '````']
    """
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + info, *text.split("\n"), fence]


def pdf_text(value: object) -> str:
    """Text for a ReportLab paragraph (which reads its text as markup): ``& < >`` escaped, so
    no tag or entity starts in it, control characters as for :func:`html_text`.

    Examples
    --------
    >>> pdf_text('<a href="http://evil">click</a> <font size="30"> &amp;')
    '&lt;a href="http://evil"&gt;click&lt;/a&gt; &lt;font size="30"&gt; &amp;amp;'
    """
    return html.escape(_MARKUP_CONTROL.sub("\ufffd", str(value)), quote=False)


def sheet_text(value: Any) -> Any:
    """A workbook cell's value: text with the characters a workbook cannot hold as U+FFFD;
    anything else as it is.

    Examples
    --------
    >>> sheet_text("a\\x07b"), sheet_text(-0.5)
    ('a\\ufffdb', -0.5)
    """
    if isinstance(value, str):
        return _SHEET_ILLEGAL.sub("\ufffd", value)
    return value


def formula_like(value: object) -> bool:
    """Whether a spreadsheet could take this text for a formula (:data:`FORMULA_START`).

    Examples
    --------
    >>> formula_like("=HYPERLINK(1)"), formula_like("-1/2"), formula_like("x"), formula_like(-1)
    (True, True, False, False)
    """
    return isinstance(value, str) and value.startswith(FORMULA_START)


def make_inert(cell: Any) -> None:
    """An openpyxl cell holding text, made a string cell (openpyxl stores text beginning with
    ``=`` as a formula) with the quote prefix when the text could read as a formula; a cell
    holding a number, a date or nothing is left as it is.

    Examples
    --------
    >>> from openpyxl import Workbook
    >>> sheet = Workbook().active
    >>> sheet.append(['=HYPERLINK("http://x","y")', 3, "ok"])
    >>> for cell in sheet[1]:
    ...     make_inert(cell)
    >>> [(cell.data_type, cell.quotePrefix) for cell in sheet[1]]
    [('s', True), ('n', False), ('s', False)]
    """
    if isinstance(cell.value, str):
        cell.data_type = "s"
        if formula_like(cell.value):
            cell.quotePrefix = True


def plot_text(value: Any) -> Any:
    """Text for a matplotlib label: every ``$`` escaped, so none starts mathtext; anything
    else as it is.

    Examples
    --------
    >>> plot_text("$5-$20"), plot_text(3)
    ('\\\\$5-\\\\$20', 3)
    """
    return value.replace("$", "\\$") if isinstance(value, str) else value


def toml_string(value: str) -> str:
    """A TOML basic string that reads back as ``value``, whatever it holds (quotes,
    backslashes, control characters, emoji).

    Raises
    ------
    InputError
        For a lone surrogate, which no TOML file can hold.

    Examples
    --------
    >>> toml_string('Ace "high" \\\\ 🂡\\n')
    '"Ace \\\\"high\\\\" \\\\\\\\ 🂡\\\\n"'
    >>> import tomllib
    >>> tomllib.loads("x = " + toml_string("a\\x7f\\x00b😀"))["x"] == "a\\x7f\\x00b😀"
    True
    """
    parts = []
    for character in value:
        code = ord(character)
        if character in _TOML_ESCAPES:
            parts.append(_TOML_ESCAPES[character])
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise InputError(
                f"{value!r} holds the character U+{code:04X} (a lone surrogate), which a TOML "
                "file cannot hold"
            )
        else:
            parts.append(character)
    return '"' + "".join(parts) + '"'


@dataclass(frozen=True)
class Run:
    """A piece of a Markdown fragment: its text as written, and how it is set."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False


def _decode(raw: str) -> str:
    """Plain Markdown text with its backslash escapes and character references resolved."""
    out: list[str] = []
    at = 0
    while at < len(raw):
        character = raw[at]
        if character == "\\" and at + 1 < len(raw) and raw[at + 1] in _PUNCTUATION:
            out.append(raw[at + 1])
            at += 2
            continue
        if character == "&":
            entity = _ENTITY.match(raw, at)
            if entity:
                out.append(html.unescape(entity.group()))
                at = entity.end()
                continue
        out.append(character)
        at += 1
    return "".join(out)


_INLINE = re.compile(r"\\[!-/:-@\[-`{-~]|`+|\*+")


def _tokens(fragment: str) -> list[tuple[str, str]]:
    """A fragment as ("text", raw), ("code", content) and emphasis tokens: ("**", ""), and
    ("*", "") where a single star can open (``(``, ``*`` or ``_``: never after a letter or
    digit, nor before a space) or ("*/", "") where it can close (the mirror)."""
    tokens: list[tuple[str, str]] = []
    at = 0
    for match in _INLINE.finditer(fragment):
        if match.start() < at:
            continue
        found = match.group()
        if found.startswith("\\"):
            continue  # an escape stays in the text, for _decode
        before = fragment[match.start() - 1] if match.start() else " "
        after = fragment[match.end()] if match.end() < len(fragment) else " "
        if found.startswith("`"):
            close = re.compile(f"(?<!`){found}(?!`)").search(fragment, match.end())
            if close is None:
                continue
            content = fragment[match.end() : close.start()]
            if content.startswith(" ") and content.endswith(" ") and content.strip(" "):
                content = content[1:-1]
            tokens += [("text", fragment[at : match.start()]), ("code", content)]
            at = close.end()
        elif found == "**":
            tokens += [("text", fragment[at : match.start()]), ("**", "")]
            at = match.end()
        elif found == "*" and (not re.match(r"[\w*]", before) or not re.match(r"[\w*]", after)):
            opens = not re.match(r"[\w*]", before) and not after.isspace()
            tokens += [("text", fragment[at : match.start()]), ("*" if opens else "*/", "")]
            at = match.end()
    tokens.append(("text", fragment[at:]))
    return [token for token in tokens if token[1] or token[0] != "text"]


def markdown_runs(fragment: str) -> list[Run]:
    """A one-line Markdown fragment crazy4 wrote (text escaped by :func:`markdown_text`, with
    ``**bold**``, ``*italic*`` and ```code```) as runs of plain text; a mark with no partner
    is text.

    Examples
    --------
    >>> [(r.text, r.bold) for r in markdown_runs("Bet **ILLUSTRATIVE**: 1x\\\\|2x &lt;b&gt;")]
    [('Bet ', False), ('ILLUSTRATIVE', True), (': 1x|2x <b>', False)]
    >>> [(r.text, r.code) for r in markdown_runs("`a*b` \\\\*not\\\\* 2*3 **")]
    [('a*b', True), (' *not* 2*3 **', False)]
    """
    tokens = _tokens(fragment)
    runs: list[Run] = []
    bold = italic = False
    for number, (kind, value) in enumerate(tokens):
        rest = [k for k, _ in tokens[number + 1 :]]
        if kind == "**" and (bold or "**" in rest):
            bold = not bold
            continue
        if kind == "*" and not italic and "*/" in rest:
            italic = True
            continue
        if kind == "*/" and italic:
            italic = False
            continue
        code = kind == "code"
        text = value if code else _decode(value) if kind == "text" else kind.rstrip("/")
        if runs and (runs[-1].bold, runs[-1].italic, runs[-1].code) == (bold, italic, code):
            runs[-1] = Run(runs[-1].text + text, bold, italic, code)
        else:
            runs.append(Run(text, bold, italic, code))
    return [run for run in runs if run.text]


def markdown_plain(fragment: str) -> str:
    """A Markdown fragment of :func:`markdown_runs` as plain text (marks and escapes gone).

    Examples
    --------
    >>> markdown_plain("**K high**, *note* `x` \\\\| &lt;")
    'K high, note x | <'
    """
    return "".join(run.text for run in markdown_runs(fragment))
