"""Rule sets side by side: every bet's exact figures and the hands whose decision differs.

Used by ``crazy4 design --set`` (the base against the changed rules) and ``crazy4 design
compare`` (any rule sets or written candidates). Each rule set is analyzed through its game;
the decision differences come from the analyses' hand tables (``player_hands``: one row per
hand class, or ``strategy``/``situations`` rows keyed by their text columns), so they hold
for every game.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.core.bet_tables import fraction_text
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
    """Rule sets analyzed side by side.

    Attributes
    ----------
    names : list of str
        The rule sets, the first the reference.
    figures : DataFrame
        One row per (bet, rule set): exact house edge, element of risk, hit frequency,
        standard deviation.
    changes : list of DataFrame
        Per later rule set, the hands whose decision differs from the first's.
    """

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
    """The rows of the two analyses' hand tables whose decision differs.

    ``player_hands`` when both have it with the same hands (``hand``, ``weight``, before,
    after); otherwise ``strategy`` rows joined on their text columns (Four Card Poker's hand and
    up card), a row changed when its decision or its count of each decision
    (``situations_fold`` ...) differs.

    Examples
    --------
    >>> from crazy4.spec.game import GameAnalysis
    >>> def analysis(decisions: list[str]) -> GameAnalysis:
    ...     hands = pd.DataFrame({"hand": ["a", "b"], "weight": [4, 12], "decision": decisions})
    ...     return GameAnalysis({"player_hands": hands}, "x", 1, {}, lambda record: "")
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


def _text_table(frame: pd.DataFrame) -> list[str]:
    if frame.empty:
        return ["(none)"]
    return frame.to_string(index=False).splitlines()


def _markdown_table(frame: pd.DataFrame) -> list[str]:
    if frame.empty:
        return ["(none)"]
    columns = list(frame.columns)
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(False)]
    return lines


def render(compared: Compared, kind: str = "text") -> str:
    """The comparison as terminal text, Markdown (``md``) or a standalone HTML page (``html``).

    Examples
    --------
    >>> c = Compared(["a", "b"], pd.DataFrame({"bet": ["x"], "rules": ["a"]}), [pd.DataFrame()])
    >>> print(render(c, "md"))
    # a compared with b
    <BLANKLINE>
    ## Every bet
    <BLANKLINE>
    | bet | rules |
    |---|---|
    | x | a |
    <BLANKLINE>
    ## Decisions that differ from a: b
    <BLANKLINE>
    0 hand rows
    (none)
    """
    table = _markdown_table if kind in ("md", "html") else _text_table
    lines = [f"# {compared.names[0]} compared with {', '.join(compared.names[1:])}", ""]
    lines += ["## Every bet", "", *table(compared.figures)]
    for name, changes in zip(compared.names[1:], compared.changes, strict=True):
        count = f"{len(changes):,} hand rows"
        if "weight" in changes.columns:
            count += f" ({int(changes['weight'].sum()):,} hands)"
        lines += ["", f"## Decisions that differ from {compared.names[0]}: {name}", "", count]
        lines += table(changes.head(SHOWN_CHANGES))
    text = "\n".join(lines)
    if kind != "html":
        return text
    return html_page(lines)


def html_page(lines: list[str]) -> str:
    """Markdown lines of :func:`render` (headings, paragraphs, pipe tables) as an HTML page.

    Examples
    --------
    >>> print(html_page(["# T", "| a |", "|---|", "| 1 |", "x"]))
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>T</title></head><body>
    <h1>T</h1>
    <table>
    <tr><th>a</th></tr>
    <tr><td>1</td></tr>
    </table>
    <p>x</p>
    </body></html>
    """
    title = html.escape(lines[0].removeprefix("# ")) if lines else ""
    body: list[str] = []
    header = False
    for line in lines:
        in_table = bool(body) and body[-1].startswith(("<tr>", "<table>"))
        if line.startswith("|"):
            if not in_table:
                body.append("<table>")
                header = True
            if line.startswith("|---"):
                continue
            tag = "th" if header else "td"
            header = False
            cells = [html.escape(cell.strip()) for cell in line.strip("|").split("|")]
            body.append("<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>")
            continue
        if in_table:
            body.append("</table>")
        if line.startswith("## "):
            body.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line:
            body.append(f"<p>{html.escape(line)}</p>")
    if body and body[-1].startswith("<tr>"):
        body.append("</table>")
    head = f'<html><head><meta charset="utf-8"><title>{title}</title></head><body>'
    return "\n".join(["<!DOCTYPE html>", head, *body, "</body></html>"])
