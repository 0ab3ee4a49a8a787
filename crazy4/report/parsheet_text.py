"""The math report's words: the method paragraph, the rules list, the column glossary, and the
text both renderers share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.core.text_safety import markdown_plain
from crazy4.version import __version__

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.specification import GameSpec

#: Characters outside the standard fonts' encoding, spelt out.
SPELT = {"−": "-", "≤": "<=", "≥": ">=", "√": "sqrt", "→": "->", "±": "+-", "…": "..."}
#: What each column of the report's sheets means (the workbook's README sheet lists them).
COLUMN_MEANINGS = {
    "bet": "the bet (a row of bets.parquet)",
    "description": "what the row prices",
    "ev_numerator": "exact EV per unit of the initial wager: numerator of the reduced fraction",
    "ev_denominator": "exact EV per unit of the initial wager: denominator",
    "ev": "EV per unit of the initial wager (player's view)",
    "house_edge": "house edge = -EV, per unit of the initial wager",
    "house_edge_exact": "the house edge as an exact fraction (text)",
    "rtp": "return to player = 1 - house edge = 1 + EV, per unit of the initial wager",
    "rtp_exact": "the RTP as an exact fraction (text)",
    "average_total_bet": "average amount wagered per round, in units of the initial wager",
    "element_of_risk": "house edge / average total wager",
    "std_dev": "standard deviation of one round's net result, units of the initial wager",
    "hit_frequency": "probability that the round's net result is positive",
    "deals": "deals counted (the game's full cycle)",
    "volatility_index": "1.645 x std_dev",
    "rounds": "number of rounds n, one initial unit each",
    "expected_win": "house's expected win after n rounds = n x house edge",
    "expected_win_exact": "the same as an exact fraction (text)",
    "sd": "standard deviation (intervals: sqrt(n) x std_dev of one round)",
    "low_90": "lower end of the central 90% interval (normal approximation)",
    "high_90": "upper end of the central 90% interval (normal approximation)",
    "low_95": "lower end of the central 95% interval (normal approximation)",
    "high_95": "upper end of the central 95% interval (normal approximation)",
    "low_99": "lower end of the central 99% interval (normal approximation)",
    "high_99": "upper end of the central 99% interval (normal approximation)",
    "strategy": "how the hand is played (optimal, simple, or their difference)",
    "section": "where the pay table sits in the rule set",
    "pay_table": "the pay table's name",
    "line": "the pay line: the weakest hand it pays (as written in the rule file)",
    "category": "the hand category",
    "odds": "payout to 1 on a win",
    "odds_exact": "the payout as an exact fraction (text)",
    "pays": "the payout as printed",
    "decision": "the decision taken (fold, 1x, 2x, 3x; mixed: the fifth card or suits decide)",
    "hand": "the player's hand group (best four of five)",
    "dealer_outcome": "the dealer's hand against the player's (qualifying or not)",
    "result": "who wins the showdown",
    "net": "exact net result of the round in units of the initial wager (text)",
    "net_value": "the same as a number",
    "combinations": "exact count of deals or hands",
    "probability": "combinations / total",
    "probability_exact": "combinations / total as an exact fraction (text)",
    "one_in": "total / combinations: '1 in N'",
    "contribution": "net x probability: the line's part of the return (the column sums to EV)",
    "contribution_exact": "net x combinations / total as an exact fraction (text)",
    "cumulative_probability": "P(net <= this value)",
}


#: Card counts as words in the method paragraph.
NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def column_meaning(table: str, column: str) -> str:
    """A column's meaning for the README sheet.

    Examples
    --------
    >>> column_meaning("bets", "volatility_index")
    '1.645 x std_dev'
    >>> column_meaning("joint", "deals_x")
    'see results/README.md, table joint'
    """
    return COLUMN_MEANINGS.get(column, f"see results/README.md, table {table}")


def method_paragraph(game: GameSpec, deals: int, rules: RuleSet) -> str:
    """The method in a paragraph, for any game (its title and cards from the game's specification).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.spec.game import spec_of
    >>> rules = load_rules("crazy4-standard")
    >>> "3,986,646,103,440 deals" in method_paragraph(spec_of(rules), 3986646103440, rules)
    True
    """
    cards, up = game.shape.dealer_cards, game.shape.face_up
    shown = f", {up} face up" if up else ""
    dealt = NUMBER_WORDS.get(game.shape.player_cards, str(game.shape.player_cards))
    return (
        f"Every one of the {deals:,} deals of a round of {game.title} (the player's {dealt} "
        f"cards and the dealer's {cards}{shown}, from one 52-card deck: the game's full cycle) "
        f"is counted exactly by crazy4 {__version__}, with no sampling. For each player hand "
        "(one per suit class, weighted by its size) the dealer hands from the other cards are "
        "counted by inclusion-exclusion over the player's cards on precomputed rank tables; "
        "each decision's expected value is an exact fraction, the optimal decision is the one "
        "with the largest, compared exactly, and each bet's net results are summed exactly "
        f"over all deals under the rules of '{rules.name}'. Every count is an integer and every "
        "expected value a fraction; decimals are rounded only for display, with the exact "
        "values beside them. The derived figures (volatility index, intervals after n rounds) "
        "are computed from these as their sections say."
    )


def rules_lines(report_markdown: str) -> list[str]:
    """The rules list of a game's Markdown report (its ``## Rules`` bullets), markup kept.

    Examples
    --------
    >>> rules_lines("# T\\n\\n## Rules\\n\\n- Ties: **push**.\\n\\n<details>\\n- no\\n")
    ['Ties: **push**.']
    """
    lines: list[str] = []
    inside = False
    for line in report_markdown.splitlines():
        if line.startswith("## "):
            inside = line.strip() == "## Rules"
            continue
        if line.startswith("<details>"):
            inside = False
        if inside and line.startswith("- "):
            lines.append(line[2:].strip())
    return lines


def plain(text: str) -> str:
    """A Markdown fragment crazy4 wrote as plain text (marks and escapes removed).

    Examples
    --------
    >>> plain("**K high**, *note* `x`, 1x\\\\|2x &lt;b&gt;")
    'K high, note x, 1x|2x <b>'
    """
    return markdown_plain(text)


def spelt(text: str) -> str:
    """The text with the signs of :data:`SPELT` spelt out.

    Examples
    --------
    >>> spelt("EV(1x) − EV(fold) ≤ 0")
    'EV(1x) - EV(fold) <= 0'
    """
    for character, spelling in SPELT.items():
        text = text.replace(character, spelling)
    return text


def latin(text: str) -> str:
    """Text the standard PDF fonts can show (cp1252), other characters spelt out or '?'.

    Examples
    --------
    >>> latin("EV(1x) − EV(fold) ≤ 0 — ok")
    'EV(1x) - EV(fold) <= 0 — ok'
    """
    return spelt(text).encode("cp1252", errors="replace").decode("cp1252")
