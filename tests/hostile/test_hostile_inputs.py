"""A log's, a mapping's, a claims file's and the command line's text through the writers that
echo it (issue 43): the validator's and the surveillance verdict's reports (Markdown, HTML,
JSON), the mappings ``--init-mapping`` writes and the rule files ``design --write`` writes
(read back whatever they hold), the claims file's formula cells, the hole-card section, the
face-up report, the notebooks' tables, and the committed report split by its own ``|``."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hostile_corpus import (
    ALL,
    ANY_TEXT,
    PAYLOADS,
    RULE_TEXT,
    Page,
    judge_html,
    judge_markdown,
    live_markup,
    markdown_renderings,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
#: A log's file name holding payloads (a file name holds anything but '/' and NUL).
LOG_NAME = "<img src=x onerror=alert(1)> [a](javascript:alert(1)) |x| =1+2 *b* 7♠.csv"


def _run(*argv: str) -> tuple[int, str]:
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        status = main(list(argv))
    return status, errors.getvalue()


def _strings(document: Any) -> list[str]:
    """Every string of a JSON document, keys too."""
    if isinstance(document, dict):
        return [*document, *(s for value in document.values() for s in _strings(value))]
    if isinstance(document, list):
        return [s for value in document for s in _strings(value)]
    return [document] if isinstance(document, str) else []


@pytest.fixture(scope="module")
def hostile_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A simulated log of 150 rounds with payloads in its cells, a column named by one, and
    a file name holding them."""
    folder = tmp_path_factory.mktemp("log")
    plain = folder / "plain.csv"
    status, errors = _run("simulate", "--rules", "crazy4-standard", "--rounds", "150",
                          "--seed", "3", "--log", str(plain), "--quiet")  # fmt: skip
    assert status == 0, errors
    rows = list(csv.reader(plain.open(newline="")))
    header = rows[0]
    rows[0] = [*header, "<b onmouseover=alert(1)>|col"]
    for row in rows[1:]:
        row.append('=HYPERLINK("http://evil.example","y")')
    for number, payload in enumerate(PAYLOADS[:12], start=1):
        rows[number][header.index("decision")] = payload
    rows[13][header.index("ante")] = '=HYPERLINK("http://evil.example","y")'
    rows[14][header.index("player")] = "<script>alert(1)</script>"
    rows[15][header.index("decision")] = "RAISE\n**bold**\r\x1b[31m"
    log = folder / LOG_NAME
    with log.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return log


@pytest.mark.parametrize("suffix", [".md", ".html", ".json"])
def test_the_validators_reports_echo_a_log_as_text(
    hostile_log: Path, suffix: str, tmp_path: Path
) -> None:
    """The log's name and the cells its findings quote: no markup, printed as written."""
    out = tmp_path / f"report{suffix}"
    status, errors = _run("validate", str(hostile_log), "--rules", "crazy4-standard",
                          "--report", str(out))  # fmt: skip
    assert status == 1, errors  # the malformed rows are findings
    quoted = [hostile_log.name, '=HYPERLINK("http://evil.example","y")']
    text = out.read_text()
    if suffix == ".md":
        assert judge_markdown(text, quoted) == []
    elif suffix == ".html":
        assert judge_html(text, quoted) == []
    else:
        strings = _strings(json.loads(text))
        assert all(any(q in s for s in strings) for q in quoted)


@pytest.mark.parametrize("suffix", [".md", ".html", ".json"])
def test_the_surveillance_verdict_echoes_a_log_as_text(
    hostile_log: Path, suffix: str, tmp_path: Path
) -> None:
    plain = hostile_log.with_name("plain.csv")
    log = plain.with_name(LOG_NAME.replace(".csv", " clean.csv"))
    log.write_bytes(plain.read_bytes())
    out = tmp_path / f"verdict{suffix}"
    status, errors = _run("advantage", "detect", str(log), "--rules", "crazy4-standard",
                          "--report", str(out), "--quiet")  # fmt: skip
    assert status == 0, errors
    text = out.read_text()
    if suffix == ".md":
        assert judge_markdown(text, [str(log)]) == []
    elif suffix == ".html":
        assert judge_html(text, [str(log)]) == []
    else:
        assert json.loads(text)["log"] == str(log)


def test_a_terminal_gets_no_escape_sequence_of_a_log(hostile_log: Path) -> None:
    """A log named with escape sequences (a terminal hyperlink, OSC 8, and a colour): the
    validator's and the verdict's printed lines carry no control character of it."""
    plain = hostile_log.with_name("plain.csv")
    log = plain.parent / "\x1b]8;;javascript:alert(1)\x1b\\click\x1b]8;;\x1b\\ \x1b[31mred.csv"
    log.write_bytes(plain.read_bytes())
    for argv in (
        ["validate", str(log), "--rules", "crazy4-standard"],
        ["advantage", "detect", str(log), "--rules", "crazy4-standard", "--quiet"],
    ):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            assert main(argv) == 0
        assert "\x1b" not in printed.getvalue() and "click" in printed.getvalue()


@settings(max_examples=150, deadline=None)
@given(
    column=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1),
    label=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1),
)
def test_a_guessed_mapping_reads_back_whatever_the_names_hold(column: str, label: str) -> None:
    """Before: a column named with an emoji was written as JSON's ``\\ud83d...`` escapes, which
    no TOML reader takes."""
    from crazy4.log.initmapping import Guess, render

    guess = Guess(
        columns={"player": column},
        labels={label: "3x", f"{label}?": None},
        unmapped=[column],
        drop=[column],
    )
    text = render(guess, f"{column}.csv", None)
    read = tomllib.loads(text)
    assert read["columns"]["player"] == column
    assert read["decisions"][label] == "3x"
    assert read["drop"] == [column]


def test_init_mapping_writes_a_mapping_the_validator_reads(tmp_path: Path) -> None:
    """The command, end to end: a log whose dealer column is named with an emoji, quotes, a
    backslash and a tag; the mapping it writes is read back by ``validate --mapping``."""
    plain = tmp_path / "plain.csv"
    column = '😀 Dealer "Cards" \\ <|>'  # the guess reads it as 'dealercards', by its letters
    assert _run("simulate", "--rules", "crazy4-standard", "--rounds", "60", "--seed", "5",
                "--log", str(plain), "--quiet")[0] == 0  # fmt: skip
    rows = list(csv.reader(plain.open(newline="")))
    rows[0] = [column if name == "dealer" else name for name in rows[0]]
    log = tmp_path / "emoji.csv"
    with log.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    mapping = tmp_path / "mapping.toml"
    assert _run("validate", str(log), "--init-mapping", "--mapping", str(mapping))[0] == 0
    assert tomllib.loads(mapping.read_text())["columns"]["dealer"] == column
    status, errors = _run("validate", str(log), "--mapping", str(mapping),
                          "--rules", "crazy4-standard")  # fmt: skip
    assert status == 0, errors


@settings(max_examples=40, deadline=None)
@given(title=RULE_TEXT)
def test_a_written_rule_file_reads_back_whatever_its_title_holds(title: str) -> None:
    """``design --write``: any title the rule-file grammar allows (quotes, backslashes,
    emoji, payloads) is written so that it reads back the same."""
    from crazy4.design.ruleswrite import derived_text
    from crazy4.registry import load_rules, parse_rules

    text = derived_text(load_rules("three-card-standard"), [], "mine", title)
    assert parse_rules(text, "mine.toml").title == title


@pytest.mark.parametrize("title", ["two\nlines", "a\rb", "tab\there", "bell\x07"])
def test_a_title_no_rule_file_holds_is_refused_naming_the_option(
    title: str, tmp_path: Path
) -> None:
    """Before: a two-line ``--title`` failed with a TOML error that never named it."""
    status, errors = _run(
        "design", "--rules", "three-card-standard", "--write", str(tmp_path / "x.toml"),
        "--name", "x", "--title", title,
    )  # fmt: skip
    assert status == 2 and errors.count("\n") == 1
    assert errors.startswith("crazy4: error: --title holds the character U+")
    assert not (tmp_path / "x.toml").exists()


def test_a_formula_claim_without_a_value_is_refused_in_one_line(tmp_path: Path) -> None:
    """Before: ``=1/2`` with no cached value was read as an empty cell, the claim dropped and
    ``verify-par`` exited 0."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["bet", "house_edge"])
    book.active.append(["ante_super_bonus_play", "=1/2"])
    claims = tmp_path / "claims.xlsx"
    book.save(claims)
    status, errors = _run("verify-par", str(claims), "--rules", "crazy4-standard")
    assert status == 2 and errors.count("\n") == 1
    assert "claims.xlsx row 2, column B: the formula '=1/2' has no computed value" in errors


def test_the_committed_report_keeps_each_row_whole() -> None:
    """``results/four-card-standard/report.md`` had 21 strategy rows split by ``1x|2x|3x``:
    every row of every table now has its header's cells, and the ties read as written."""
    import markdown

    text = (ROOT / "results/four-card-standard/report.md").read_text()
    page = Page(markdown.markdown(text, extensions=["tables", "fenced_code"]))
    assert live_markup(page) == []
    tables: list[list[int]] = []
    for tag, _ in page.elements:
        if tag == "table":
            tables.append([])
        elif tag == "tr":
            tables[-1].append(0)
        elif tag in ("th", "td"):
            tables[-1][-1] += 1
    assert len(tables) > 5
    assert all(len(set(cells)) == 1 for cells in tables), tables
    assert "1x|2x|3x" in page.text_in("td")


def test_the_hole_card_section_writes_its_tables_as_text() -> None:
    import pandas as pd

    from crazy4.advantage.report import hole_card_section

    strategies = pd.DataFrame([{"seen": 1, "strategy": ALL, "description": ALL, "house_edge": 0.03,
                                "element_of_risk": 0.01, "std_dev": 3.1, "gain": 0.0,
                                "ev_numerator": -3, "ev_denominator": 100}])  # fmt: skip
    value = pd.DataFrame([{"seen_rank": ALL, "probability": 0.1, "ev": 0.0, "ev_ignoring_it": 0.0,
                           "gain": 0.0}])  # fmt: skip
    section = hole_card_section({"hole_strategies": strategies, "hole_value_by_rank": value})
    assert judge_markdown(section, [ALL]) == []


def test_the_face_up_report_writes_the_rule_set_as_text() -> None:
    from fractions import Fraction

    import pandas as pd

    from crazy4.advantage.faceup import BetEdge, FaceUpRow
    from crazy4.advantage.faceup_report import render_html, render_markdown

    bet = BetEdge(ALL, "exact", 0.02, 0.0, 0.01, 0.0, 2.0, 0.0, 0.0, Fraction(1, 50), ALL)
    row = FaceUpRow(1, 0, 0.02, 0.0, 0.0, 0.0, 0.02, 0.0, Fraction(1, 50), 1, (bet,))
    bets = pd.DataFrame({"bet": [ALL], "house_edge": [0.02], "description": [ALL]})
    record = {"rule_set": "x", "rule_set_sha256": "ab", "seed": 1, "target_standard_error": 0.1,
              ALL: ALL}  # fmt: skip
    text = render_markdown(f"T {ALL}", [row], bets, ALL, record)
    assert judge_markdown(text, [f"T {ALL}", ALL]) == []
    assert judge_html(render_html(f"T {ALL}", text), [f"T {ALL}", ALL]) == []


@settings(max_examples=60, deadline=None)
@given(cell=ANY_TEXT)
def test_the_notebooks_tables_are_text_never_tex(cell: str) -> None:
    """The notebooks' HTML shows the result tables as pandas writes them: with their set-up
    (MathJax kept off), a cell holding a tag or ``$...$`` is text."""
    import sys

    import pandas as pd

    sys.path.insert(0, str(ROOT / "analysis"))
    from build_notebooks import SETUP

    options = [line for line in SETUP.splitlines() if line.startswith("pd.set_option")]
    assert any("display.html.use_mathjax" in line for line in options)
    with pd.option_context("display.html.use_mathjax", False):
        page = Page(pd.DataFrame({"bet": [cell, "$\\href{javascript:alert(1)}{x}$"]})._repr_html_())
    tables = [dict(attributes) for tag, attributes in page.elements if tag == "table"]
    assert "tex2jax_ignore" in str(tables[0].get("class"))
    assert live_markup(page) == []


def test_markdown_renderers_agree_on_the_corpus() -> None:
    """The judges are not blind: the same payloads written raw are live in both renderers."""
    for name, page in markdown_renderings(f"# {ALL}\n\n| a |\n|---|\n| {ALL} |\n").items():
        assert live_markup(Page(page)) != [], name
