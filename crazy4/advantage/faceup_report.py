"""The face-up dealing report a regulator files, in Markdown and as one HTML file.

Examples
--------
>>> from fractions import Fraction
>>> from crazy4.advantage.faceup import FaceUpRow
>>> row = FaceUpRow(1, 0, 0.03373, 0.0, 0.0, 0.0, 0.03373, 0.0, Fraction(3373, 100000), 1)
>>> print(edge_table([row]).splitlines()[2])
| 1 | exact | 3.3730% | exact | 0.0000 | 3.3730% |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import markdown

from crazy4.core.text_safety import html_text, markdown_code, markdown_text

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.advantage.faceup import FaceUpRow


def edge_table(rows: list[FaceUpRow]) -> str:
    """The Markdown table of the main game's house edge by number of players."""
    lines = [
        "| players | deals | house edge (per Ante) | standard error (points) "
        "| gain over honest play (points) | exact honest edge |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        deals = "exact" if row.deals == 0 else f"{row.deals:,}"
        error = "exact" if row.deals == 0 else f"{100 * row.standard_error:.4f}"
        lines.append(
            f"| {row.players} | {deals} | {100 * row.house_edge:.4f}% | {error} | "
            f"{100 * row.gain:.4f} | {100 * float(row.exact_honest_edge):.4f}% |"
        )
    return "\n".join(lines)


def bets_table(rows: list[FaceUpRow]) -> str:
    """The Markdown table of every bet by number of players.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from crazy4.advantage.faceup import FaceUpRow
    >>> from crazy4.advantage.faceup import BetEdge
    >>> bet = BetEdge("b", "exact", 0.02, 0.0, 0.01, 0.0, 2.0, 0.0, 0.0, Fraction(1, 50), "why")
    >>> row = FaceUpRow(1, 0, 0.02, 0.0, 0.0, 0.0, 0.02, 0.0, Fraction(1, 50), 1, (bet,))
    >>> print(bets_table([row]).splitlines()[2])
    | 1 | `b` | exact | 2.0000% | exact | 1.0000% | exact | 2.0000 | why |
    """
    lines = [
        "| players | bet | how | house edge | SE (points) | element of risk | SE (points) "
        "| average total bet | note |",
        "|---:|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        for bet in row.bets:
            known = bet.status != "face up" or row.deals == 0
            error = "exact" if known else f"{100 * bet.standard_error:.4f}"
            risk_error = "exact" if known else f"{100 * bet.element_of_risk_standard_error:.4f}"
            how = "exact" if bet.status == "face up" and row.deals == 0 else bet.status
            lines.append(
                f"| {row.players} | {markdown_code(bet.bet)} | {how} | "
                f"{100 * bet.house_edge:.4f}% | {error} "
                f"| {100 * bet.element_of_risk:.4f}% | {risk_error} "
                f"| {bet.average_total_bet:.4f} | {markdown_text(bet.note)} |"
            )
    return "\n".join(lines)


def descriptions_table(bets: pd.DataFrame) -> str:
    """What each bet of the exact analysis is, with its honest house edge.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"bet": ["a"], "house_edge": [0.05], "description": ["x|y"]})
    >>> print(descriptions_table(frame).splitlines()[2])
    | `a` | 5.0000% | x\\|y |
    """
    lines = ["| bet | house edge, honest play | description |", "|---|---:|---|"]
    for record in bets.to_dict("records"):
        description = markdown_text(record["description"])
        lines.append(f"| {markdown_code(record['bet'])} | "
                     f"{100 * float(record['house_edge']):.4f}% | {description} |")  # fmt: skip
    return "\n".join(lines)


#: Said after the target standard error when a run stopped at the deal limit before it.
NOT_REACHED = " (not reached within the deal limit: see the table)"


def provenance_rows(record: dict[str, object]) -> str:
    """The provenance table's rows.

    Examples
    --------
    >>> provenance_rows({"seed": 1, "rule_set": "x|y"})
    '| rule_set | x\\\\|y |\\n| seed | `1` |'
    """
    return "\n".join(
        f"| {markdown_text(key)} | {markdown_code(value)} |"
        for key, value in sorted(record.items())
    )


def render_markdown(
    title: str, rows: list[FaceUpRow], bets: pd.DataFrame, main_bet: str, record: dict[str, object]
) -> str:
    """The whole report as Markdown (``record``: the provenance)."""
    main = bets.loc[bets["bet"] == main_bet].iloc[0]
    target = float(record["target_standard_error"])  # type: ignore[arg-type]
    short = "" if all(row.standard_error <= target for row in rows) else NOT_REACHED
    provenance = provenance_rows(record)
    described = f"**{markdown_text(main['description'])}** (bet {markdown_code(main_bet)})"
    return f"""# Face-up dealing: {markdown_text(title)}

Rule set {markdown_code(record["rule_set"])} (SHA-256 {markdown_code(record["rule_set_sha256"])}).

## What is measured

The house edge and element of risk of every bet, first of the main game,
{described}, when the players' cards are dealt face up:
every player at the table sees every player's cards (and the dealer's up card, where the game
has one) and each decides optimally on all of them. Figures are per unit of each bet's own
wager (the main game's: per Ante) per player hand, for 1 to 7 players at the table.

## Method

For one deal, the dealer's hidden cards are any of the cards no player holds, all equally
likely; every one of those dealer hands is counted exactly, and each player's decision is the
exact optimum given every card on the table. The deals themselves are sampled (seeded Monte
Carlo, seed {record["seed"]}): each deal contributes its exact expected value. The house edge
reported is the exact honest edge (no seen cards, optimal strategy) minus the mean gain of
face-up play over honest play measured **on the same deals**; its standard error is that of
the mean gain. Runs are extended until the standard error is at most
{100 * target:.4f} points of the Ante{short}.
With one player nothing is seen that the player would not see anyway, so the edge is the
exact honest edge.

## House edge of the main game

{edge_table(rows)}

## Every bet

Each bet per unit of its own wager; the element of risk is the house edge over the average
total bet (Ante + Play bets grow with raises). **face up**: a bet the decision settles (the
main game, a component of it, a bet a fold forfeits), valued on the same deals as the main
game, every player deciding to maximise the main game; the house edge is the exact honest
edge minus the mean gain, the average total bet the exact honest one plus the mean change,
the element of risk's standard error by the delta method. **exact**: a bet or strategy that
reads no card beyond the player's own hand (a side bet settled even on a fold, the published
simple strategy): the deal's cards are as likely face up as face down, so its figures are
the exact honest ones. **not priced**: a bet the decision settles that this study cannot
price; the honest figures are shown.

{bets_table(rows)}

The bets, as the exact analysis describes them:

{descriptions_table(bets)}

## Provenance

| field | value |
|---|---|
{provenance}
"""


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f3f3f3; }
code { background: #f6f6f6; }
"""


def render_html(title: str, report_markdown: str) -> str:
    """The Markdown report as one self-contained HTML page.

    Examples
    --------
    >>> page = render_html("x & y", "# Face-up\\n\\n| a |\\n|---|\\n| 1 |")
    >>> "<title>x &amp; y</title>" in page, "<td>1</td>" in page
    (True, True)
    """
    body = markdown.markdown(report_markdown, extensions=["tables", "fenced_code"])
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html_text(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )
