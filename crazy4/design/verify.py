"""Verify a vendor's math: every claimed figure matched with the exact one (a line's
probability: the bet's EV with the line paid one unit more, less its EV as it stands).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from crazy4.core.bet_tables import fraction_text
from crazy4.core.text_safety import markdown_text
from crazy4.design.basis import analyze_quietly, bet_rows, changed_rules, rule_data
from crazy4.design.ruletext import odds_value, pays_at
from crazy4.errors import InputError
from crazy4.version import __version__

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.design.basis import BetFigures
    from crazy4.design.claims import Claim
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis

#: Figures compared exactly whatever the tolerance.
EXACT_FIGURES = frozenset({"combinations", "payout"})
#: Figures the analysis gives as decimals only (printed as decimals, compared within tolerance).
DECIMAL_FIGURES = frozenset({"hit_frequency", "element_of_risk"})


def shown(figure: str, value: Fraction) -> str:
    """A figure as the reports print it: exact, or a decimal for a decimal-only figure.

    Examples
    --------
    >>> shown("house_edge", Fraction(979, 21658)), shown("hit_frequency", Fraction(0.25))
    ('979/21658', '0.25')
    """
    return f"{float(value):.12g}" if figure in DECIMAL_FIGURES else fraction_text(value)


@dataclass(frozen=True)
class Check:
    """One claimed figure against the exact one."""

    row: int
    bet: str
    line: str
    figure: str
    claimed: Fraction
    exact: Fraction
    matches: bool

    @property
    def difference(self) -> Fraction:
        """Claimed less exact."""
        return self.claimed - self.exact

    def record(self) -> dict[str, object]:
        """JSON-ready: the figures as exact text and as decimals."""
        return {
            "row": self.row,
            "bet": self.bet,
            "line": self.line,
            "figure": self.figure,
            "claimed": fraction_text(self.claimed),
            "exact": shown(self.figure, self.exact),
            "claimed_value": float(self.claimed),
            "exact_value": float(self.exact),
            "difference": float(self.difference),
            "matches": self.matches,
        }


class Verifier:
    """The exact figures claims are matched with, analyzed once per rule set and per line."""

    def __init__(self, rules: RuleSet) -> None:
        from crazy4.registry import game_of

        self.rules = rules
        self.base = analyze_quietly(rules)
        self.bets = bet_rows(self.base)
        self.hands = comb(52, game_of(rules).player_cards)
        self._bumped: dict[tuple[str, str], GameAnalysis] = {}

    def bet_figures(self, claim: Claim) -> dict[str, Fraction]:
        """The exact (house edge) and printed (the rest) figures of the claim's bet."""
        figures = self._bet(claim)
        return {
            "house_edge": figures.house_edge,
            "hit_frequency": Fraction(figures.hit_frequency),
            "element_of_risk": Fraction(figures.element_of_risk),
        }

    def _bet(self, claim: Claim) -> BetFigures:
        if claim.bet not in self.bets:
            raise InputError(
                f"claims row {claim.row}: {self.rules.name} has no bet {claim.bet!r}; its bets: "
                f"{', '.join(self.bets)}"
            )
        return self.bets[claim.bet]

    def line_figures(self, claim: Claim) -> dict[str, Fraction]:
        """The exact probability, combinations, payout and contribution of the claim's line."""
        from crazy4.core.paytables import parse_odds

        self._bet(claim)
        try:
            pays = pays_at(rule_data(self.rules), claim.table)
        except InputError as error:
            raise InputError(f"claims row {claim.row}: {error}") from None
        if claim.line not in pays:
            raise InputError(
                f"claims row {claim.row}: {claim.table} has no line {claim.line!r}; its lines: "
                f"{', '.join(pays)}"
            )
        payout = parse_odds(pays[claim.line], where=f"{claim.table} {claim.line}")
        key = (claim.table, claim.line)
        if key not in self._bumped:
            change = (f"{claim.table}.{claim.line}", str(odds_value(payout + 1)))
            self._bumped[key] = analyze_quietly(changed_rules(self.rules, [change]))
        bumped = bet_rows(self._bumped[key])[claim.bet]
        base = self.bets[claim.bet]
        probability = base.house_edge - bumped.house_edge
        total = int(claim.figures.get("total", self.hands))
        return {
            "probability": probability,
            "combinations": probability * total,
            "total": Fraction(total),
            "payout": payout,
            "contribution": payout * probability,
        }


def verify(rules: RuleSet, claims: list[Claim], tolerance: Fraction) -> list[Check]:
    """Every figure of every claim checked against ``rules``' exact figures."""
    verifier = Verifier(rules)
    checks = []
    for claim in claims:
        exact = verifier.line_figures(claim) if claim.line else verifier.bet_figures(claim)
        for figure, claimed in claim.figures.items():
            if figure == "total":
                continue
            value = exact[figure]
            if figure in EXACT_FIGURES:
                matches = claimed == value
            else:
                matches = abs(claimed - value) <= tolerance
            checks.append(Check(claim.row, claim.bet, claim.line, figure, claimed, value, matches))
    return checks


def markdown(rules: RuleSet, checks: list[Check], tolerance: Fraction) -> str:
    """The verification as Markdown: a summary, every difference, every match."""
    wrong = [check for check in checks if not check.matches]
    name = markdown_text(rules.name)
    lines = [
        f"# Claimed figures verified against {name}",
        "",
        f"Rule set {name} (SHA-256 {rules.content_hash}); tolerance "
        f"{float(tolerance):g} (combinations and payouts exactly).",
        "",
        f"{len(checks)} figures checked: {len(checks) - len(wrong)} match, {len(wrong)} differ.",
    ]
    for title, chosen in (("Differences", wrong), ("Matches", [c for c in checks if c.matches])):
        lines += ["", f"## {title}", ""]
        if not chosen:
            lines.append("(none)")
            continue
        lines += ["| row | bet | line | figure | claimed | exact | difference |", "|---" * 7 + "|"]
        lines += [
            f"| {c.row} | {markdown_text(c.bet)} | {markdown_text(c.line)} | "
            f"{markdown_text(c.figure)} | {fraction_text(c.claimed)} | "
            f"{shown(c.figure, c.exact)} | {float(c.difference):.3g} |"
            for c in chosen
        ]
    return "\n".join(lines) + "\n"


def json_text(rules: RuleSet, checks: list[Check], tolerance: Fraction) -> str:
    """The verification as JSON."""
    document = {
        "rules": rules.name,
        "rules_sha256": rules.content_hash,
        "tolerance": float(tolerance),
        "checked": len(checks),
        "differences": sum(not check.matches for check in checks),
        "checks": [check.record() for check in checks],
    }
    return json.dumps(document, indent=2) + "\n"


def checks_frame(checks: list[Check]) -> pd.DataFrame:
    """The checks as rows: row, bet, line, figure, claimed, exact, difference, match."""
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "row": c.row,
                "bet": c.bet,
                "line": c.line,
                "figure": c.figure,
                "claimed": fraction_text(c.claimed),
                "exact": shown(c.figure, c.exact),
                "difference": float(c.difference),
                "matches": c.matches,
            }
            for c in checks
        ],
        columns=["row", "bet", "line", "figure", "claimed", "exact", "difference", "matches"],
    )


def render_verify_pdf(rules: RuleSet, checks: list[Check], tolerance: Fraction) -> bytes:
    """The verification as a PDF's bytes (invariant mode: the same checks, the same bytes)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from crazy4.report.parsheet import Sheet
    from crazy4.report.parsheet_text import latin
    from crazy4.report.pdf import table_flowable
    from crazy4.report.pdf_markup import paragraph, text_markup

    writer = "verify-par --format pdf"

    base = getSampleStyleSheet()
    styles = {"cell": base["BodyText"], "number": base["BodyText"], "head": base["BodyText"]}
    wrong = [c for c in checks if not c.matches]
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
        bottomMargin=15 * mm, title=latin(f"Claimed figures verified: {rules.name}"),
        author="crazy4", creator=f"crazy4 {__version__}", invariant=1,
    )  # fmt: skip
    summary = (
        f"Tolerance {float(tolerance):g} (combinations and payouts exactly). "
        f"{len(checks)} figures checked: {len(checks) - len(wrong)} match, {len(wrong)} differ."
    )
    story = [
        paragraph(text_markup(f"Claimed figures verified against {rules.name}"),
                  base["Title"], "the title", writer),
        paragraph(text_markup(f"Rule set SHA-256 {rules.content_hash}"), base["BodyText"],
                  "the rule set's SHA-256", writer),
        paragraph(text_markup(summary), base["BodyText"], "the summary", writer),
    ]  # fmt: skip
    for title, chosen in (("Differences", wrong), ("Matches", [c for c in checks if c.matches])):
        story += [Spacer(1, 4 * mm), Paragraph(title, base["Heading2"])]
        if chosen:
            sheet = Sheet(title.lower(), title, "", checks_frame(chosen), "claims")
            story.append(table_flowable(sheet, document.width, styles, writer))
        else:
            story.append(Paragraph("(none)", base["BodyText"]))
    document.build(story)
    return buffer.getvalue()
