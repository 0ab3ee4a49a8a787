"""What every game's analysis and report share: the bets table read by name, the report's
title, its headline sentence, and the frame that joins the sections.

A game's report is a list of sections, each a function of the game's analysis returning
Markdown lines; :func:`render_sections` runs them in order, then the extra sections (the card
room's) and the provenance (:func:`crazy4.report.sections.provenance_lines`).

Examples
--------
>>> import pandas as pd
>>> bets = pd.DataFrame({"bet": ["a"], "ev_numerator": [-3], "ev_denominator": [40]})
>>> bet_ev(bets, "a")
Fraction(-3, 40)
>>> exact_ev_texts(pd.DataFrame({"ev_numerator": [-3, 4], "ev_denominator": [40, 1]}))
['-3/40', '4']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from crazy4.core.bet_tables import fraction_text
from crazy4.core.text_safety import markdown_code, markdown_text
from crazy4.report.markdown import percent
from crazy4.report.sections import provenance_lines

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet

Analysis = TypeVar("Analysis")


def bet_row(bets: pd.DataFrame, name: str) -> pd.Series:
    """The row of the bets table of one bet."""
    return bets[bets["bet"] == name].iloc[0]


def bet_ev(bets: pd.DataFrame, name: str) -> Fraction:
    """The exact EV of one bet per unit of its base wager, from the bets table."""
    row = bet_row(bets, name)
    return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


def exact_ev_texts(bets: pd.DataFrame) -> list[str]:
    """Each bet's exact EV as text (``"-3/40"``, ``"4"``)."""
    pairs = zip(bets["ev_numerator"], bets["ev_denominator"], strict=True)
    return [fraction_text(Fraction(int(n), int(d))) for n, d in pairs]


class BetLookup:
    """The bets table of an analysis (``tables["bets"]``) read by bet name."""

    tables: dict[str, pd.DataFrame]

    def bet(self, name: str) -> pd.Series:
        """The summary row of one bet."""
        return bet_row(self.tables["bets"], name)

    def exact_ev(self, name: str) -> Fraction:
        """Exact EV of one bet, per unit of its base wager."""
        return bet_ev(self.tables["bets"], name)


def title_lines(rules: RuleSet) -> list[str]:
    """The report's title and the rule set it is for.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> title_lines(load_rules("crazy4-standard"))[0]
    '# Crazy 4 Poker, standard casino rules'
    """
    return [
        f"# {markdown_text(rules.title)}",
        "",
        f"Rule set {markdown_code(rules.name)} — {markdown_text(rules.source)}",
        "",
    ]


def headline(main: pd.Series, played: str) -> str:
    """The sentence that opens the bets: the main bet's house edge and element of risk.

    Examples
    --------
    >>> import pandas as pd
    >>> row = pd.Series({"house_edge": 0.034, "element_of_risk": 0.0109,
    ...                  "average_total_bet": 3.1})
    >>> headline(row, "the Ante + Play")  # doctest: +NORMALIZE_WHITESPACE
    'With optimal play the Ante + Play has a house edge of **3.4000%** of the Ante and an element
    of risk of **1.0900%** (average total bet 3.1000 Antes).'
    """
    return (
        f"With optimal play {played} has a house edge of **{percent(main['house_edge'])}** of "
        f"the Ante and an element of risk of **{percent(main['element_of_risk'])}** (average "
        f"total bet {main['average_total_bet']:.4f} Antes)."
    )


def render_sections(
    analysis: Analysis,
    sections: Sequence[Callable[[Analysis], list[str]]],
    provenance: dict[str, object],
    deals: str,
    extra: Sequence[str] = (),
) -> str:
    """The Markdown report: every section of ``analysis`` in order, ``extra`` (Markdown lines)
    and the provenance, ``deals`` saying what was counted."""
    lines: list[str] = []
    for section in sections:
        lines += section(analysis)
    return "\n".join([*lines, *extra, *provenance_lines(provenance, deals)])
