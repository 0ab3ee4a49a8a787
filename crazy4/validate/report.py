"""What a validation is asked and what it answers: :class:`Options`, :class:`Finding`,
:class:`Check` and :class:`Report`, rendered as text, Markdown or an HTML page a test lab can
file (:func:`render_html`).

Examples
--------
>>> check = Check("Settlement", False, "1 row re-settled", {"ante": Finding(1, [{"row": 3}])})
>>> report = Report("log.csv", "csv log", "crazy4-standard", "optimal", 1, 1, [check])
>>> report.consistent, report.exit_status
(False, 1)
>>> print(report.render())
Validation of log.csv against crazy4-standard
<BLANKLINE>
csv log: 1 rows, 1 rounds; expected strategy: optimal
Verdict: INCONSISTENT
<BLANKLINE>
Settlement: FAIL
1 row re-settled
  1 x ante
      - row 3
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from crazy4.core.text_safety import html_text, markdown_text, one_line
from crazy4.log.mapping import LogMapping
from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class Options:
    """How to validate: the rule set, the strategy expected (``optimal``, ``simple`` or a file),
    the side bet table the log was settled on (None: its metadata's, else the rule set's first),
    the family-wise ``alpha``, examples per finding, rows a batch, the log's mapping, the
    progressive's meter (None: its metadata's, else the reset) and the seats at the table.
    """

    rules: RuleSet
    strategy: str = "optimal"
    side_bet: str | None = None
    alpha: float = 0.01
    examples: int = 5
    batch_rows: int = 1 << 18
    mapping: LogMapping = field(default_factory=LogMapping)
    meter: Fraction | None = None
    table_seats: int = 9


@dataclass
class Finding:
    """A group of rows with one problem: the count and a few examples."""

    count: int = 0
    examples: list[dict[str, object]] = field(default_factory=list)

    def budget(self, limit: int) -> int:
        """How many more examples fit under ``limit``.

        Examples
        --------
        >>> Finding(3, [{"row": 1}]).budget(5), Finding().budget(0)
        (4, 0)
        """
        return max(0, limit - len(self.examples))


@dataclass
class Check:
    """One check's outcome: its verdict rests on ``basis`` (``(1998, "rows")``; None for a
    check that does not apply); one that examined nothing has not ``ran`` (:func:`not_run`).
    ``by_seat``: the Strategy check's decisions and deviations per seat (several seats)."""

    name: str
    passed: bool
    summary: str
    findings: dict[str, Finding] = field(default_factory=dict)
    tests: list[dict[str, object]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    basis: tuple[int, str] | None = None
    ran: bool = True
    by_seat: list[dict[str, int]] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``pass``, ``fail`` or ``not run``.

        Examples
        --------
        >>> Check("x", True, "").status, not_run(Check("x", True, "", basis=(0, "rows"))).status
        ('pass', 'not run')
        """
        if not self.ran:
            return "not run"
        return "pass" if self.passed else "fail"

    def rests_on(self) -> str:
        """`` (on 1,998 rows)``: what the verdict rests on, or empty."""
        if self.basis is None:
            return ""
        return f" (on {self.basis[0]:,} {self.basis[1]})"

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        basis = None if self.basis is None else {"count": self.basis[0], "of": self.basis[1]}
        found: dict[str, object] = {
            "name": self.name,
            "status": self.status,
            "rests_on": basis,
            "summary": self.summary,
            "findings": [
                {"what": what, "count": finding.count, "examples": finding.examples}
                for what, finding in self.findings.items()
            ],
            "tests": self.tests,
            "notes": self.notes,
        }
        if self.by_seat:
            found["by_seat"] = self.by_seat
        return found

    def render(self, markdown: bool) -> list[str]:
        """The check's lines of :meth:`Report.render`: every text (a log's cells, labels and
        round ids among them) as text, in Markdown (:func:`markdown_text`) or on a terminal
        (:func:`one_line`: no escape sequence of a cell reaches it)."""
        sub = "## " if markdown else ""
        bullet = "- " if markdown else "  "
        text = markdown_text if markdown else one_line
        status = {"pass": "pass", "fail": "FAIL", "not run": "NOT RUN"}[self.status]
        lines = ["", f"{sub}{text(self.name)}: {status}{self.rests_on()}", text(self.summary)]
        lines += self._render_seats(markdown)
        for what, finding in self.findings.items():
            lines.append(f"{bullet}{finding.count:,} x {text(what)}")
            for example in finding.examples:
                shown = ", ".join(f"{key} {value}" for key, value in example.items())
                lines.append(f"{'  ' if markdown else '      '}- {text(shown)}")
        if self.tests:
            lines += self._render_tests(markdown, bullet)
        for note in self.notes:
            lines.append(f"{bullet}note: {text(note)}")
        return lines

    def _render_seats(self, markdown: bool) -> list[str]:
        """The deviations by seat (:attr:`by_seat`): a Markdown table or one line a seat.

        Examples
        --------
        >>> check = Check("Strategy", False, "", by_seat=[{"seat": 2, "decisions": 9,
        ...                                                "deviations": 4}])
        >>> check._render_seats(False)
        ['  deviations by seat:', '    seat 2: 4 of 9 decisions deviated']
        """
        if not self.by_seat:
            return []
        if markdown:
            lines = ["", "| seat | decisions | deviations |", "|---:|---:|---:|"]
            for s in self.by_seat:
                lines.append(f"| {s['seat']} | {s['decisions']:,} | {s['deviations']:,} |")
            return [*lines, ""]
        return ["  deviations by seat:"] + [
            f"    seat {s['seat']}: {s['deviations']:,} of {s['decisions']:,} decisions deviated"
            for s in self.by_seat
        ]

    def _render_tests(self, markdown: bool, bullet: str) -> list[str]:
        """The statistical tests, as a Markdown table or aligned lines."""
        lines = []
        if markdown:
            lines += [
                "",
                "| test | statistic | df | p | p (Holm) | result | detail |",
                "|---|---|---|---|---|---|---|",
            ]
        for test in self.tests:
            stat = test["statistic"]
            values = (
                test["name"],
                f"{stat:.3f}" if isinstance(stat, float) else stat,
                test.get("df", ""),
                f"{test['p']:.3g}",
                f"{test['p_holm']:.3g}",
                test["result"],
                test["detail"],
            )
            if markdown:
                lines.append("| " + " | ".join(markdown_text(v) for v in values) + " |")
            else:
                lines.append(
                    f"{bullet}{values[0]:<34} stat {values[1]:>10} df {values[2]!s:>3} "
                    f"p {values[3]:>9} Holm {values[4]:>9} {values[5]:<4} {values[6]}"
                )
        return lines


@dataclass
class Report:
    """The validator's report."""

    source: str
    kind: str
    rule_set: str
    strategy: str
    rows: int
    rounds: int
    checks: list[Check]
    rule_set_sha256: str = ""
    source_sha256: str = ""
    source_bytes: int = 0

    @property
    def consistent(self) -> bool:
        """Whether every check ran and passed."""
        return all(check.passed and check.ran for check in self.checks)

    @property
    def verdict(self) -> str:
        """``consistent``; ``inconsistent`` when a check failed; else ``incomplete`` (a check
        examined nothing, none failed)."""
        if self.consistent:
            return "consistent"
        if any(check.ran and not check.passed for check in self.checks):
            return "inconsistent"
        return "incomplete"

    @property
    def exit_status(self) -> int:
        """0 consistent, 1 a check failed or was not run."""
        return 0 if self.consistent else 1

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "schema": "crazy4-validation/1",
            "source": self.source,
            "source_sha256": self.source_sha256,
            "source_bytes": self.source_bytes,
            "input": self.kind,
            "rule_set": self.rule_set,
            "rule_set_sha256": self.rule_set_sha256,
            "strategy": self.strategy,
            "rows": self.rows,
            "rounds": self.rounds,
            "verdict": self.verdict,
            "exit_status": self.exit_status,
            "checks": [check.to_dict() for check in self.checks],
        }

    def _identity(self, markdown: bool) -> list[str]:
        """The log's and the rule set's hashes (when known)."""
        if not self.source_sha256:
            return []
        mark = "`" if markdown else ""
        rule_set = markdown_text(self.rule_set) if markdown else one_line(self.rule_set)
        return [
            f"log: {self.source_bytes:,} bytes, sha256 {mark}{self.source_sha256}{mark}"
            + ("  " if markdown else ""),
            f"rule set {rule_set}: sha256 {mark}{self.rule_set_sha256}{mark}"
            + ("  " if markdown else ""),
        ]

    def render(self, markdown: bool = False) -> str:
        """Readable report: plain text (each text on its line, no control character:
        :func:`one_line`), or Markdown (every text as text: the log's name too)."""
        verdict = self.verdict.upper()
        head = "# " if markdown else ""
        text = markdown_text if markdown else one_line
        lines = [
            f"{head}Validation of {text(self.source)} against {text(self.rule_set)}",
            "",
            f"{text(self.kind)}: {self.rows:,} rows, {self.rounds:,} rounds; expected strategy: "
            f"{text(self.strategy)}",
            *self._identity(markdown),
            f"Verdict: **{verdict}**" if markdown else f"Verdict: {verdict}",
        ]
        for check in self.checks:
            lines += check.render(markdown)
        return "\n".join(lines)


def not_run(check: Check) -> Check:
    """``check`` marked not run when its verdict rests on nothing (``basis`` of 0), else as is:
    a check that examined no row neither passes nor fails.

    Examples
    --------
    >>> check = not_run(Check("Settlement", True, "0 rows re-settled", basis=(0, "rows")))
    >>> check.status, check.summary
    ('not run', 'not run: no rows examined (0 rows re-settled)')
    """
    if check.basis is None or check.basis[0] > 0 or not check.ran:
        return check
    return replace(
        check,
        passed=False,
        ran=False,
        summary=f"not run: no {check.basis[1]} examined ({check.summary})",
    )


_STYLE = (
    "body{font-family:sans-serif;max-width:70em;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;"
    "text-align:left;font-size:90%}.pass{color:#060}.fail{color:#a00;font-weight:bold}"
    "code{font-size:90%}"
)


def _check_html(check: Check) -> list[str]:
    status = "pass" if check.status == "pass" else "fail"
    lines = [
        f'<h2>{html_text(check.name)}: <span class="{status}">{check.status.upper()}</span>'
        f"{html_text(check.rests_on())}</h2>",
        f"<p>{html_text(check.summary)}</p>",
    ]
    if check.by_seat:  # the Strategy check's deviations by seat
        lines.append("<table><tr><th>seat</th><th>decisions</th><th>deviations</th></tr>")
        lines += [
            f"<tr><td>{s['seat']}</td><td>{s['decisions']:,}</td><td>{s['deviations']:,}</td></tr>"
            for s in check.by_seat
        ]
        lines.append("</table>")
    if check.findings:
        lines.append("<table><tr><th>rows</th><th>pattern</th><th>examples</th></tr>")
        for what, finding in check.findings.items():
            examples = "<br>".join(
                html_text(", ".join(f"{k} {v}" for k, v in example.items()))
                for example in finding.examples
            )
            lines.append(
                f"<tr><td>{finding.count:,}</td><td>{html_text(what)}</td><td>{examples}</td></tr>"
            )
        lines.append("</table>")
    if check.tests:
        keys = [k for k in ("name", "statistic", "df", "p", "p_adjusted", "result", "detail")]
        keys = [k for k in keys if any(k in test for test in check.tests)]
        lines.append("<table><tr>" + "".join(f"<th>{k}</th>" for k in keys) + "</tr>")
        for test in check.tests:
            cells = []
            for key in keys:
                value = test.get(key, "")
                text = f"{value:.4g}" if isinstance(value, float) else str(value)
                cells.append(f"<td>{html_text(text)}</td>")
            lines.append("<tr>" + "".join(cells) + "</tr>")
        lines.append("</table>")
    lines += [f"<p><i>note:</i> {html_text(note)}</p>" for note in check.notes]
    return lines


def render_html(report: Report) -> str:
    """The report as an HTML page.

    Examples
    --------
    >>> check = Check("Settlement", True, "10 rows re-settled")
    >>> page = render_html(Report("log.csv", "csv log", "crazy4-standard", "optimal", 10, 5,
    ...                           [check]))
    >>> "<h2>Settlement: <span class=\\"pass\\">PASS</span></h2>" in page
    True
    """
    verdict = report.verdict
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Validation of {html_text(report.source)}</title><style>{_STYLE}</style></head>",
        "<body>",
        f"<h1>Validation of {html_text(report.source)} against {html_text(report.rule_set)}</h1>",
        "<table>",
        f"<tr><th>input</th><td>{html_text(report.kind)}: {report.rows:,} rows, "
        f"{report.rounds:,} rounds</td></tr>",
        f"<tr><th>log</th><td>{report.source_bytes:,} bytes, sha256 "
        f"<code>{html_text(report.source_sha256)}</code></td></tr>",
        f"<tr><th>rule set</th><td>{html_text(report.rule_set)}, sha256 "
        f"<code>{html_text(report.rule_set_sha256)}</code></td></tr>",
        f"<tr><th>expected strategy</th><td>{html_text(report.strategy)}</td></tr>",
        f'<tr><th>verdict</th><td class="{"pass" if report.consistent else "fail"}">'
        f"{verdict}</td></tr>",
        "</table>",
    ]
    body = [line for check in report.checks for line in _check_html(check)]
    return "\n".join([*head, *body, "</body></html>", ""])
