"""Rule sets side by side: every bet's exact figures and the hands whose decision differs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.text_safety import html_text, markdown_text
from crazy4.design.basis import bet_rows

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis

#: A strategy table's count of one decision (``situations_1x``, ``combinations_fold``).
COUNT_COLUMN = re.compile(r"(situations|combinations)_(fold|1x|2x|3x)")
#: The most decision differences printed per pair (the count is always whole).
SHOWN_CHANGES = 20


@dataclass(frozen=True)
class Compared:
    """Rule sets analyzed side by side, the first the reference."""

    names: list[str]
    figures: pd.DataFrame
    changes: list[pd.DataFrame]


def figures_frame(named: list[tuple[str, GameAnalysis]]) -> pd.DataFrame:
    """Every bet of every analysis, one row per (bet, rule set), bets in first-seen order."""
    rows = []
    for name, analysis in named:
        for bet, figures in bet_rows(analysis).items():
            rows.append(
                {
                    "bet": bet,
                    "rules": name,
                    "house_edge": f"{float(figures.house_edge):.4%}",
                    "house_edge_exact": fraction_text(figures.house_edge),
                    "element_of_risk": f"{figures.element_of_risk:.4%}",
                    "hit_frequency": f"{figures.hit_frequency:.4%}",
                    "std_dev": f"{figures.std_dev:.4f}",
                }
            )
    frame = pd.DataFrame(rows)
    order = list(dict.fromkeys(frame["bet"]))
    frame["order"] = frame["bet"].map(order.index)
    return frame.sort_values(["order"], kind="stable").drop(columns="order").reset_index(drop=True)


def decision_changes(first: GameAnalysis, other: GameAnalysis) -> pd.DataFrame:
    """The rows of the two analyses' hand tables (``player_hands``, else ``strategy``) whose
    decision, or count of each decision, differs.

    Examples
    --------
    >>> from crazy4.spec.game import GameAnalysis
    >>> def analysis(decisions: list[str]) -> GameAnalysis:
    ...     hands = pd.DataFrame({"hand": ["a", "b"], "weight": [4, 12], "decision": decisions})
    ...     return GameAnalysis({"player_hands": hands}, "x", 1, {})
    >>> decision_changes(analysis(["fold", "1x"]), analysis(["1x", "1x"])).to_dict("records")
    [{'hand': 'a', 'decision_before': 'fold', 'decision_after': '1x', 'weight': 4}]
    """
    for name in ("player_hands", "strategy"):
        a, b = first.tables.get(name), other.tables.get(name)
        if a is None or b is None or "decision" not in a.columns or "decision" not in b.columns:
            continue
        keys = ["hand"] if name == "player_hands" else [
            c for c in a.columns
            if c != "decision" and c in b.columns and not pd.api.types.is_numeric_dtype(a[c])
            and not pd.api.types.is_bool_dtype(a[c])
        ]  # fmt: skip
        if not keys:
            continue
        counts = [c for c in a.columns if COUNT_COLUMN.fullmatch(c) and c in b.columns]
        counts = [] if name == "player_hands" else counts
        joined = a[[*keys, "decision", *counts]].merge(
            b[[*keys, "decision", *counts]], on=keys, suffixes=("_before", "_after")
        )
        moved = joined["decision_before"] != joined["decision_after"]
        for column in counts:
            moved |= joined[f"{column}_before"] != joined[f"{column}_after"]
        changed = joined[moved]
        if name == "player_hands" and "weight" in a.columns:
            changed = changed.merge(a[["hand", "weight"]], on="hand")
        return changed.reset_index(drop=True)
    return pd.DataFrame(columns=["decision_before", "decision_after"])


def compare(named: list[tuple[str, GameAnalysis]]) -> Compared:
    """Analyses ``(name, analysis)`` compared against the first."""
    first = named[0][1]
    changes = [decision_changes(first, analysis) for _, analysis in named[1:]]
    return Compared([name for name, _ in named], figures_frame(named), changes)


def compare_rules(rules: list[RuleSet]) -> Compared:
    """Analyze each rule set through its game and compare them."""
    from crazy4.design.basis import analyze_quietly

    return compare([(r.name, analyze_quietly(r)) for r in rules])


#: A piece of a comparison: a heading (``h1``, ``h2``), a paragraph (``p``) or a table.
Block = tuple[str, "str | pd.DataFrame"]


def _blocks(compared: Compared) -> list[Block]:
    """The comparison as headings, paragraphs and tables, for every format to render."""
    blocks: list[Block] = [
        ("h1", f"{compared.names[0]} compared with {', '.join(compared.names[1:])}"),
        ("h2", "Every bet"),
        ("table", compared.figures),
    ]
    for name, changes in zip(compared.names[1:], compared.changes, strict=True):
        count = f"{len(changes):,} hand rows"
        if "weight" in changes.columns:
            count += f" ({int(changes['weight'].sum()):,} hands)"
        blocks += [("h2", f"Decisions that differ from {compared.names[0]}: {name}"), ("p", count)]
        blocks.append(("table", changes.head(SHOWN_CHANGES)))
    return blocks


def _text_table(frame: pd.DataFrame) -> list[str]:
    if frame.empty:
        return ["(none)"]
    return frame.to_string(index=False).splitlines()


def _markdown_table(frame: pd.DataFrame) -> list[str]:
    """Every header and cell as Markdown text."""
    if frame.empty:
        return ["(none)"]
    columns = [markdown_text(column) for column in frame.columns]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += [
        "| " + " | ".join(markdown_text(value) for value in row) + " |"
        for row in frame.itertuples(False)
    ]
    return lines


def render(compared: Compared, kind: str = "text") -> str:
    """The comparison as terminal text, Markdown (``md``) or a standalone HTML page (``html``).

    Examples
    --------
    >>> c = Compared(["a", "b"], pd.DataFrame({"bet": ["x|y"], "rules": ["a"]}), [pd.DataFrame()])
    >>> print(render(c, "md"))
    # a compared with b
    <BLANKLINE>
    ## Every bet
    <BLANKLINE>
    | bet | rules |
    |---|---|
    | x\\|y | a |
    <BLANKLINE>
    ## Decisions that differ from a: b
    <BLANKLINE>
    0 hand rows
    (none)
    """
    blocks = _blocks(compared)
    if kind == "html":
        return html_page(blocks)
    markdown = kind == "md"
    text = markdown_text if markdown else str
    table = _markdown_table if markdown else _text_table
    lines: list[str] = []
    for block, content in blocks:
        if isinstance(content, pd.DataFrame):
            lines += table(content)
        elif block == "h1":
            lines += [f"# {text(content)}", ""]
        elif block == "h2":
            lines += (
                [f"## {text(content)}", ""] if len(lines) == 2 else ["", f"## {text(content)}", ""]
            )
        else:
            lines.append(text(content))
    return "\n".join(lines)


def html_page(blocks: list[Block]) -> str:
    """The blocks of :func:`render` as an HTML page, every text escaped.

    Examples
    --------
    >>> print(html_page([("h1", "T <b>"), ("table", pd.DataFrame({"a": [1]})), ("p", "x")]))
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>T &lt;b&gt;</title></head><body>
    <h1>T &lt;b&gt;</h1>
    <table>
    <tr><th>a</th></tr>
    <tr><td>1</td></tr>
    </table>
    <p>x</p>
    </body></html>
    """
    title = next((content for kind, content in blocks if kind == "h1"), "")
    body: list[str] = []
    for kind, content in blocks:
        if not isinstance(content, pd.DataFrame):
            body.append(f"<{kind}>{html_text(content)}</{kind}>")
        elif content.empty:
            body.append("<p>(none)</p>")
        else:
            body.append("<table>")
            body.append("<tr>" + "".join(f"<th>{html_text(c)}</th>" for c in content.columns))
            body[-1] += "</tr>"
            for row in content.itertuples(False):
                body.append("<tr>" + "".join(f"<td>{html_text(v)}</td>" for v in row) + "</tr>")
            body.append("</table>")
    head = f'<html><head><meta charset="utf-8"><title>{html_text(title)}</title></head><body>'
    return "\n".join(["<!DOCTYPE html>", head, *body, "</body></html>"])
