"""The PAR sheet a regulator signs: whole figures, the cover block, RTP, notes, strategy columns
true for the rules, the simulation confirmation and the players' strategy card.

Expected values come from the committed parquet tables (read with pandas), the rule files'
text (hashed here with hashlib) and ``crazy4 simulate``'s own JSON summary, never from the
report code. The PDFs are read back with pypdf.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from pypdf import PdfReader

from crazy4.cli.main import main
from crazy4.rules.load import shipped_rule_names

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results"
RULES = ROOT / "crazy4" / "rules" / "data"
#: The normal quantile of a central 95% interval (any statistics table).
Z95 = 1.959963984540054


def run(*argv: str) -> tuple[int, str]:
    """``crazy4 ARGV`` in this process: exit status and standard error."""
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        status = main(list(argv))
    return status, errors.getvalue()


def report(out: Path, rules: str, fmt: str, *extra: str, source: Path | None = None) -> Path:
    folder = source if source is not None else RESULTS / rules
    status, errors = run(
        *("report", "--rules", rules, "--from", str(folder), "--format", fmt),
        *("--out", str(out), "--quiet", *extra),
    )
    assert status == 0, errors
    return out


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def whole(text: str, figure: str) -> bool:
    """Whether ``figure`` appears in ``text`` with no digit or slash glued to either end."""
    return re.search(rf"(?<![\d/]){re.escape(figure)}(?![\d/])", text) is not None


def one_error_line(status: int, errors: str) -> str:
    assert status == 2, errors
    lines = errors.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("crazy4: error: "), errors
    assert "Traceback" not in errors
    return lines[0]


def exact_edges(rules: str) -> dict[str, Fraction]:
    bets = pd.read_parquet(RESULTS / rules / "bets.parquet")
    return {
        str(row.bet): -Fraction(int(row.ev_numerator), int(row.ev_denominator))
        for row in bets.itertuples()
    }


def table_fractions(rules: str) -> list[str]:
    """Every exact fraction of the bets and returns tables, rebuilt from their integers."""
    figures = []
    for edge in exact_edges(rules).values():
        figures += [edge, 1 - edge]  # house edge, RTP
    returns = pd.read_parquet(RESULTS / rules / "returns.parquet")
    total = int(returns["combinations"].sum())
    for net, combinations in zip(returns["net"], returns["combinations"], strict=True):
        figures += [Fraction(int(combinations), total), Fraction(net) * int(combinations) / total]
    return [str(figure) for figure in figures if figure.denominator > 1]


class RenderedPdfs(dict[str, str]):
    """The text of each shipped rule set's PDF report (``committed_pdf``), read when first
    asked for (a test worker renders only the rule sets its tests read)."""

    def __init__(self, committed_pdf: Callable[[str], Path]) -> None:
        super().__init__()
        self.committed_pdf = committed_pdf

    def __missing__(self, rules: str) -> str:
        self[rules] = pdf_text(self.committed_pdf(rules))
        return self[rules]


@pytest.fixture(scope="module")
def pdfs(committed_pdf: Callable[[str], Path]) -> dict[str, str]:
    return RenderedPdfs(committed_pdf)


@pytest.mark.parametrize("rules", shipped_rule_names())
def test_every_exact_fraction_of_bets_and_returns_is_whole(
    pdfs: dict[str, str], rules: str
) -> None:
    """The committed crazy4-standard report broke 14 of its 115 fractions over two lines."""
    figures = table_fractions(rules)
    assert len(figures) > 100
    broken = [figure for figure in figures if not whole(pdfs[rules], figure)]
    assert broken == []


def test_rtp_beside_the_house_edge(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(report(tmp_path / "r.xlsx", "crazy4-standard", "xlsx"))
    rows = list(book["bets"].iter_rows(values_only=True))
    header = list(rows[0])
    assert header.index("rtp") == header.index("house_edge_exact") + 1
    edges = exact_edges("crazy4-standard")
    for row in rows[1:]:
        cell = dict(zip(header, row, strict=True))
        assert Fraction(cell["rtp_exact"]) == 1 - edges[cell["bet"]]
        assert cell["rtp"] == float(1 - edges[cell["bet"]])


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_negative_house_edges_are_explained(pdfs: dict[str, str], rules: str) -> None:
    text = " ".join(pdfs[rules].split())
    negative = [name for name, edge in exact_edges(rules).items() if edge < 0]
    for name in negative:
        assert f"{name} has a negative house edge" in text
        assert f"{name} is a component of the main bet" in text
    assert ("Note 1." in text) == bool(negative)


def test_cover_block_from_options_and_file(
    tmp_path: Path, committed_pdf: Callable[[str], Path]
) -> None:
    rule_hash = hashlib.sha256((RULES / "crazy4-standard.toml").read_bytes()).hexdigest()
    plain = PdfReader(committed_pdf("crazy4-standard")).pages[0]  # no cover option
    first = " ".join(plain.extract_text().split())
    assert rule_hash in first and "Crazy 4 Poker" in first and "crazy4 0.1.0" in first
    assert "Analysis date not stated" in first and "Prepared by not stated" in first
    assert "Sign-off" in first and "Approved by" in first
    options = ("--prepared-by", "Ann Analyst", "--prepared-for", "Board of X", "--date")
    one = report(tmp_path / "one.pdf", "crazy4-standard", "pdf", *options, "2026-12-02")
    two = report(tmp_path / "two.pdf", "crazy4-standard", "pdf", *options, "2026-12-02")
    other = report(tmp_path / "other.pdf", "crazy4-standard", "pdf", *options, "2026-12-03")
    assert one.read_bytes() == two.read_bytes() != other.read_bytes()
    first = " ".join(PdfReader(one).pages[0].extract_text().split())
    assert "Prepared by Ann Analyst" in first and "Prepared for Board of X" in first
    assert "Analysis date 2026-12-02" in first
    cover = tmp_path / "cover.toml"
    cover.write_text(
        'prepared_by = "File Person"\nprepared_for = "File Client"\ndate = 2025-01-31\n'
        'sign_off = ["Checked by", "Commission reviewer"]\n'
    )
    path = report(tmp_path / "f.pdf", "crazy4-standard", "pdf", "--cover", str(cover),
                  "--prepared-for", "Option Client")  # fmt: skip
    first = " ".join(PdfReader(path).pages[0].extract_text().split())
    assert "Prepared by File Person" in first and "Prepared for Option Client" in first
    assert "Analysis date 2025-01-31" in first and "Commission reviewer" in first
    assert "Approved by" not in first
    book = openpyxl.load_workbook(
        report(tmp_path / "c.xlsx", "crazy4-standard", "xlsx", "--cover", str(cover))
    )
    readme = {row[0]: row[1] for row in book["README"].iter_rows(values_only=True) if row}
    assert readme["prepared by"] == "File Person" and readme["analysis date"] == "2025-01-31"


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (("--date", "2026-13-01"), "--date"),
        (("--date", "yesterday"), "--date"),
        (("--prepared-by", " "), "--prepared-by"),
        (("--prepared-for", "x" * 300), "--prepared-for"),
        (("--prepared-by", "two\nlines"), "--prepared-by"),
        (("--cover", "/nonexistent/cover.toml"), "--cover"),
        (("--confirm-rounds", "0"), "--confirm-rounds"),
        (("--confirm-rounds", "ten"), "--confirm-rounds"),
        (("--confirm-rounds", str(10**10)), "--confirm-rounds"),
        (("--seed", "3"), "--seed"),
        (("--confirm-rounds", "10", "--seed", "-1"), "--seed"),
    ],
)
def test_bad_values_exit_2_with_one_line(
    tmp_path: Path, extra: tuple[str, ...], named: str
) -> None:
    out = tmp_path / "r.pdf"
    line = one_error_line(
        *run("report", "--rules", "crazy4-standard", "--from", str(RESULTS / "crazy4-standard"),
             "--format", "pdf", "--out", str(out), *extra)
    )  # fmt: skip
    assert named in line and not out.exists()


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("prepared_by = ", "not TOML"),
        ('preparer = "x"', "unknown key 'preparer'"),
        ("date = 3", "date"),
        ("sign_off = []", "sign_off"),
        ("prepared_for = 5", "prepared_for"),
    ],
)
def test_bad_cover_files_exit_2(tmp_path: Path, content: str, named: str) -> None:
    cover = tmp_path / "cover.toml"
    cover.write_text(content + "\n")
    line = one_error_line(
        *run("report", "--rules", "crazy4-standard", "--from", str(RESULTS / "crazy4-standard"),
             "--format", "xlsx", "--out", str(tmp_path / "r.xlsx"), "--cover", str(cover))
    )  # fmt: skip
    assert named in line and "--cover" in line


def test_math_options_only_with_the_math_report(tmp_path: Path) -> None:
    for fmt in ("md", "html", "card"):
        line = one_error_line(
            *run("report", "--rules", "crazy4-standard", "--format", fmt,
                 "--out", str(tmp_path / "r"), "--prepared-by", "Ann")
        )  # fmt: skip
        assert "--prepared-by" in line and "pdf or xlsx" in line


def test_help_describes_every_new_option() -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output), pytest.raises(SystemExit):
        main(["report", "--help"])
    text = " ".join(output.getvalue().split())
    for option in ("--cover", "--prepared-by", "--prepared-for", "--date", "--confirm-rounds",
                   "--seed", "card"):  # fmt: skip
        assert option in text
    assert "95% interval" in text and "strategy card" in text


@pytest.fixture(scope="module")
def one_two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """crazy4-standard with Play bets of 1x and 2x only, analyzed."""
    folder = tmp_path_factory.mktemp("one-two")
    text = (RULES / "crazy4-standard.toml").read_text()
    assert "multiples = [1, 2, 3]" in text
    text = text.replace("multiples = [1, 2, 3]", "multiples = [1, 2]")
    rules = folder / "one-two.toml"
    rules.write_text(text.replace('name = "crazy4-standard"', 'name = "one-two"'))
    status, errors = run("analyze", "--rules", str(rules), "--out", str(folder / "out"), "--quiet")
    assert status == 0, errors
    return rules, folder / "out"


def strategy_section(text: str) -> str:
    start = text.index("The optimal decision by hand")
    return text[start : text.index("Border hands", start)]


def test_strategy_columns_are_the_allowed_decisions(
    pdfs: dict[str, str], one_two: tuple[Path, Path], tmp_path: Path
) -> None:
    rules, folder = one_two
    text = pdf_text(report(tmp_path / "r.pdf", str(rules), "pdf", source=folder))
    section = strategy_section(text)
    assert re.search(r"share\s+2x", section) and not re.search(r"share\s+3x", section)
    assert "allow: fold, 1x, 2x;" in " ".join(section.split())
    standard = strategy_section(pdfs["crazy4-standard"])
    assert all(re.search(rf"share\s+{d}", standard) for d in ("fold", "1x", "2x", "3x"))
    strategy = pd.read_parquet(folder / "strategy.parquet")
    assert "2x" in set(strategy["decision"]) and "3x" not in set(strategy["decision"])
    markdown = (folder / "report.md").read_text()
    assert "share_2x" in markdown and "share_3x" not in markdown


def test_simple_strategy_described_as_priced(one_two: tuple[Path, Path]) -> None:
    """The simple strategy raises to the largest allowed multiple: 2x here, not 3x."""
    _, folder = one_two
    bets = pd.read_parquet(folder / "bets.parquet").set_index("bet")
    simple = next(name for name in bets.index if str(name).endswith("_simple"))
    assert "2x pair of aces" in bets.loc[simple, "description"]
    assert "3x" not in bets.loc[simple, "description"]
    markdown = (folder / "report.md").read_text()
    assert "(2x a pair of aces or better" in markdown and "3x a pair" not in markdown


def test_simulation_confirmation_beside_the_exact_values(tmp_path: Path) -> None:
    rounds, seed = "20000", "5"
    book = openpyxl.load_workbook(
        report(tmp_path / "c.xlsx", "crazy4-standard", "xlsx",
               "--confirm-rounds", rounds, "--seed", seed)
    )  # fmt: skip
    rows = list(book["confirmation"].iter_rows(values_only=True))
    header = list(rows[0])
    simulated = {}
    for strategy, suffix in (("optimal", ""), ("simple", "_simple")):
        summary_file = tmp_path / f"{strategy}.json"
        status, errors = run(
            *("simulate", "--rules", "crazy4-standard", "--rounds", rounds, "--seed", seed),
            *("--strategy", strategy, "--summary", str(summary_file), "--quiet"),
        )
        assert status == 0, errors
        bets = json.loads(summary_file.read_text())["bets"]
        simulated |= {name + suffix: bet for name, bet in bets.items()}
    edges = exact_edges("crazy4-standard")
    assert "ante_super_bonus_play_simple" in set(simulated) & set(edges)
    assert {row[0] for row in rows[1:]} == set(simulated) & set(edges)
    for row in rows[1:]:
        cell = dict(zip(header, row, strict=True))
        bet = simulated[cell["bet"]]
        assert Fraction(cell["house_edge_exact"]) == edges[cell["bet"]]
        assert cell["simulated_house_edge"] == pytest.approx(-bet["mean"], rel=1e-12)
        assert cell["standard_error"] == pytest.approx(bet["standard_error"], rel=1e-12)
        low, high = (
            -bet["mean"] - Z95 * bet["standard_error"],
            -bet["mean"] + Z95 * bet["standard_error"],
        )
        assert cell["ci95_low"] == pytest.approx(low) and cell["ci95_high"] == pytest.approx(high)
        assert cell["exact_in_interval"] == (low <= float(edges[cell["bet"]]) <= high)
    again = report(tmp_path / "d.xlsx", "crazy4-standard", "xlsx",
                   "--confirm-rounds", rounds, "--seed", seed)  # fmt: skip
    assert again.read_bytes() == (tmp_path / "c.xlsx").read_bytes()
    text = pdf_text(report(tmp_path / "c.pdf", "crazy4-standard", "pdf",
                           "--confirm-rounds", rounds, "--seed", seed))  # fmt: skip
    assert "Simulation confirmation" in text and "20,000 rounds, seed 5" in text


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
def test_strategy_card_is_one_page(tmp_path: Path, rules: str) -> None:
    path = report(tmp_path / "card.pdf", rules, "card")
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    strategy = pd.read_parquet(RESULTS / rules / "strategy.parquet")
    hands = strategy["from_hand"] if "from_hand" in strategy else strategy["hand"]
    assert all(str(hand) in text for hand in hands)
    main_bet = str(pd.read_parquet(RESULTS / rules / "bets.parquet")["bet"].iloc[0])
    edge = exact_edges(rules)[main_bet]
    assert f"house edge {float(edge):.4%}" in text and f"{float(1 - edge):.4%}" in text
    assert report(tmp_path / "again.pdf", rules, "card").read_bytes() == path.read_bytes()


def test_strategy_card_of_a_one_and_two_times_rule_set(
    tmp_path: Path, one_two: tuple[Path, Path]
) -> None:
    rules, folder = one_two
    text = pdf_text(report(tmp_path / "card.pdf", str(rules), "card", source=folder))
    assert "allow: fold, 1x, 2x." in " ".join(text.split())
    assert "2x" in text and "3x" not in text


def test_analyze_may_replace_a_folder_holding_the_card(tmp_path: Path) -> None:
    """``make results`` writes strategy-card.pdf beside the tables; analyze may replace them."""
    from crazy4.results.destination import check_output_folder

    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "strategy-card.pdf").write_bytes(b"x")
    assert check_output_folder(folder) == folder
    makefile = (ROOT / "Makefile").read_text()
    assert "--format card --out results/$*/strategy-card.pdf" in makefile


@pytest.mark.slow
def test_four_card_one_and_two_times(tmp_path: Path) -> None:
    """Four Card Poker with 1x and 2x only: its simple strategy raises to 2x, its texts say so,
    and its PAR sheet's strategy table has a 2x column and no 3x column."""
    text = (RULES / "four-card-standard.toml").read_text()
    assert "multiples = [1, 2, 3]" in text
    rules = tmp_path / "fc-one-two.toml"
    rules.write_text(
        text.replace("multiples = [1, 2, 3]", "multiples = [1, 2]").replace(
            'name = "four-card-standard"', 'name = "fc-one-two"'
        )
    )
    out = tmp_path / "out"
    status, errors = run("analyze", "--rules", str(rules), "--out", str(out), "--quiet")
    assert status == 0, errors
    bets = pd.read_parquet(out / "bets.parquet").set_index("bet")
    assert "2x 10-10 and up" in bets.loc["ante_play_simple", "description"]
    assert "3x" not in bets.loc["ante_play_simple", "description"]
    markdown = (out / "report.md").read_text()
    assert "the best Play bet is always 2x or 1x." in " ".join(markdown.split())
    text = pdf_text(report(tmp_path / "r.pdf", str(rules), "pdf", source=out))
    assert "allow: fold, 1x, 2x;" in " ".join(text.split())
    start = text.index("The same strategy as a chart")
    chart = text[start : min(text.index(end, start) for end in ("Exact ties", "Figures\n"))]
    assert "2x" in chart and "3x" not in chart
    ups = [str(up) for up in pd.read_parquet(out / "strategy.parquet")["up_rank"].unique()]
    assert all(re.search(rf"\b{up}\b", chart) for up in ups)
