"""The validator's report as a self-contained HTML page a test lab can file (the content of
:meth:`crazy4.validate.report.Report.to_dict`)."""

from __future__ import annotations

from crazy4.core.text_safety import html_text
from crazy4.validate.report import Check, Report

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
