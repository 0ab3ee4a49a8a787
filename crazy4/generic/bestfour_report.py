"""The readable odds report (``report.md``) of a best-four-of-five game's analysis.

Laid out like published analyses: the rule set at the top, then the bets (exact fractions beside
the decimals), the strategy, hand frequencies, the return table and the provenance of the
figures. The engine builds the sections every such game has; the game supplies a
:class:`BestFourReport`: its section list (these builders bound to its texts and column names,
plus its own sections) and the sentence saying what was counted.

Examples
--------
>>> from types import SimpleNamespace
>>> toy = SimpleNamespace(rules=SimpleNamespace(title="A toy", name="toy", source="here"))
>>> report = BestFourReport(sections=(lambda a: ["## Toy", ""],), deals=lambda a: "1 deal")
>>> print(render_bestfour_report(report, toy, {}).splitlines()[0])
## Toy
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from crazy4.core.paytables import format_odds
from crazy4.generic.report_frame import exact_ev_texts, headline, render_sections, title_lines
from crazy4.report.markdown import markdown_table
from crazy4.report.sections import BET_FORMATS, returns_lines, rule_file_lines, side_bet_lines

if TYPE_CHECKING:
    import pandas as pd

#: The analysis a report is of (the game's own analysis class).
A = TypeVar("A")
#: The formats of a hand frequency table.
FREQUENCY_FORMATS = {"probability": "{:.6f}", "one_in": "{:.2f}"}
#: The columns of the bets table the report shows, before the exact EV.
BET_COLUMNS = [
    "bet",
    "house_edge",
    "element_of_risk",
    "average_total_bet",
    "std_dev",
    "hit_frequency",
]

Section = Callable[[Any], list[str]]


class BestFourAnalysis(Protocol):
    """What the shared sections read of an analysis."""

    @property
    def rules(self) -> Any:
        """The game's rule set."""
        ...

    @property
    def tables(self) -> dict[str, pd.DataFrame]:
        """The analysis tables by name."""
        ...

    @property
    def simple_strategy_cost(self) -> Fraction:
        """What the published simple strategy costs against the optimum, per Ante."""
        ...

    def bet(self, name: str) -> pd.Series:
        """The summary row of one bet."""
        ...


@dataclass(frozen=True)
class BestFourReport:
    """A game's report: its sections in order and what the provenance says was counted."""

    sections: Sequence[Section]
    deals: Callable[[Any], str]


def render_bestfour_report(
    report: BestFourReport,
    analysis: object,
    provenance: dict[str, object],
    extra: Sequence[str] = (),
) -> str:
    """The Markdown report of an analysis.

    Parameters
    ----------
    report : BestFourReport
        The game's sections.
    analysis : object
        The game's analysis.
    provenance : dict
        As stored in the tables (:func:`crazy4.results.write.provenance`).
    extra : sequence of str
        Further Markdown sections appended before the provenance.
    """
    return render_sections(analysis, report.sections, provenance, report.deals(analysis), extra)


def money(value: Fraction) -> str:
    """A dollar amount: whole dollars with thousands separators, else exact odds text.

    Examples
    --------
    >>> money(Fraction(25000)), money(Fraction(5, 2))
    ('$25,000', '$5/2')
    """
    return f"${int(value):,}" if value.denominator == 1 else f"${format_odds(value)}"


def extreme_bets(multiples: tuple[int, ...]) -> str:
    """Which Play bets an EV linear in the multiple makes best, for the allowed ``multiples``.

    Examples
    --------
    >>> extreme_bets((1, 2, 3)), extreme_bets((1, 2)), extreme_bets((1,))
    ('always 3x or 1x (2x only in exact ties)', 'always 2x or 1x', 'always 1x')
    """
    top = max(multiples)
    if top == 1:
        return "always 1x"
    middle = ", ".join(f"{m}x" for m in multiples if 1 < m < top)
    return f"always {top}x or 1x" + (f" ({middle} only in exact ties)" if middle else "")


def rules_section(bullets: Callable[[Any], tuple[list[str], list[str]]]) -> Section:
    """The title and the rules: the game's ``bullets(analysis)`` before and after the side
    bets, then the rule set's notes and its rule file."""

    def section(analysis: BestFourAnalysis) -> list[str]:
        rules = analysis.rules
        before, after = bullets(analysis)
        lines = [*title_lines(rules), "## Rules", "", *before]
        lines += side_bet_lines(rules.side_bets)
        lines += after
        lines += [f"- {note}" for note in rules.notes]
        return lines + rule_file_lines(rules.text)

    return section


@dataclass(frozen=True)
class BetsText(Generic[A]):
    """What a game's bets section says.

    Attributes
    ----------
    main_bet : str
        The bet the headline is about.
    played : str
        The headline's name for it.
    exact_note : str
        The sentence after the headline about the exact EV column.
    exact_column : str
        The exact EV column's name.
    descriptions_heading : bool
        Whether the bet descriptions have a heading of their own.
    cost_sentence : callable
        ``cost_sentence(analysis)``: what the simple strategy costs.
    closing : callable
        ``closing(analysis)``: further lines of the section.
    """

    main_bet: str
    played: str
    exact_note: str
    exact_column: str
    descriptions_heading: bool
    cost_sentence: Callable[[A], str]
    closing: Callable[[A], list[str]] = field(default=lambda analysis: [])


def bets_section(text: BetsText[Any]) -> Section:
    """The bets: the headline, the bets table with the exact EVs, the descriptions and the
    simple strategy's cost."""

    def section(analysis: BestFourAnalysis) -> list[str]:
        bets = analysis.tables["bets"]
        shown = bets[BET_COLUMNS].assign(**{text.exact_column: exact_ev_texts(bets)})
        heading = ["Descriptions:", ""] if text.descriptions_heading else []
        return [
            "## Bets",
            "",
            headline(analysis.bet(text.main_bet), text.played) + text.exact_note,
            "",
            markdown_table(shown, BET_FORMATS),
            "",
            *heading,
            *[f"- `{row.bet}`: {row.description}" for row in bets.itertuples()],
            "",
            text.cost_sentence(analysis),
            "",
            *text.closing(analysis),
        ]

    return section


def frequency_section(title: str, parts: Sequence[tuple[str | None, str]]) -> Section:
    """Hand frequency tables under ``title``: each ``(caption or None, table name)``."""

    def section(analysis: BestFourAnalysis) -> list[str]:
        lines = [title, ""]
        for caption, name in parts:
            lines += [caption, ""] if caption is not None else []
            lines += [markdown_table(analysis.tables[name], FREQUENCY_FORMATS), ""]
        return lines

    return section


def returns_section(title: str, intro: Sequence[str], outcome_column: str) -> Section:
    """The return table (:func:`crazy4.report.sections.returns_lines`)."""

    def section(analysis: BestFourAnalysis) -> list[str]:
        return returns_lines(title, list(intro), analysis.tables, outcome_column)

    return section
