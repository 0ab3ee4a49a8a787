"""The readable odds report (``report.md``) of a best-four-of-five game's analysis.

Laid out like published analyses: the rule set at the top, then the bets (exact fractions beside
the decimals), the strategy, hand frequencies, the return table and the provenance of the
figures. The engine builds the sections every such game has -- the rules around the game's
own rule lines, the bets with what the published simple strategy costs, the strategy as runs of
best hands (:func:`runs_strategy_section`; a game with an up card charts it instead,
:mod:`crazy4.generic.bestfour_upcard_report`), published figures beside the exact ones -- and
the game supplies a :class:`BestFourReport`: its section list (these builders bound to its
texts, figures and column names, plus its own sections) and what the deals counted were.

Examples
--------
>>> import pandas as pd
>>> from types import SimpleNamespace
>>> toy = SimpleNamespace(tables={"bets": pd.DataFrame({"deals": [1326]})})
>>> report = BestFourReport(sections=(lambda a: ["## Toy", ""],), deals="{:,} two-card hands")
>>> text = render_bestfour_report(report, toy, {}).splitlines()
>>> text[0], text[-1]  # doctest: +NORMALIZE_WHITESPACE
('## Toy', 'Every count is exact (integers over all 1,326 two-card hands); decimals are
rounded only for display.')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import format_odds
from crazy4.core.text_safety import markdown_code, markdown_text
from crazy4.generic.report_frame import exact_ev_texts, headline, render_sections, title_lines
from crazy4.report.markdown import markdown_table
from crazy4.report.sections import BET_FORMATS, returns_lines, rule_file_lines, side_bet_lines

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
    """A game's report: its sections in order and what the provenance says was counted.

    Attributes
    ----------
    sections : sequence of callables
        Each ``section(analysis)`` gives Markdown lines.
    deals : str
        What the deals counted were, formatted with their number (the bets table's
        ``deals``): ``"{:,} player/dealer deals"``.
    """

    sections: Sequence[Section]
    deals: str


def render_bestfour_report(
    report: BestFourReport,
    analysis: BestFourAnalysis,
    provenance: dict[str, object],
    extra: Sequence[str] = (),
) -> str:
    """The Markdown report of an analysis.

    Parameters
    ----------
    report : BestFourReport
        The game's sections.
    analysis : BestFourAnalysis
        The game's analysis.
    provenance : dict
        As stored in the tables (:func:`crazy4.results.write.provenance`).
    extra : sequence of str
        Further Markdown sections appended before the provenance.
    """
    deals = report.deals.format(int(analysis.tables["bets"]["deals"].iloc[0]))
    return render_sections(analysis, report.sections, provenance, deals, extra)


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


def multiples_text(multiples: Sequence[int]) -> str:
    """The Play bets a rule set allows, as the rules list them.

    Examples
    --------
    >>> multiples_text((1, 2, 3))
    '1x, 2x, 3x'
    """
    return ", ".join(f"{m}x" for m in multiples)


def ties_text(ties: str) -> str:
    """How a tie settles (the rule set's ``dealer.ties``: ``"push"``, ``"player"`` or
    ``"dealer"``).

    Examples
    --------
    >>> ties_text("push"), ties_text("player"), ties_text("dealer")
    ('push', 'the player wins', 'the dealer wins')
    """
    return {"push": "push", "player": "the player wins", "dealer": "the dealer wins"}[ties]


def rules_section(rule_lines: Callable[[Any], tuple[list[str], list[str]]]) -> Section:
    """The title and the rules list: the game's ``rule_lines(rules)``, each one line, before
    and after the side bets' (:func:`crazy4.report.sections.side_bet_lines`), then the rule
    set's notes and its rule file.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from types import SimpleNamespace
    >>> rules = load_rules("crazy4-standard")
    >>> section = rules_section(lambda rules: ([f"Ties: {ties_text(rules.dealer.ties)}."], []))
    >>> section(SimpleNamespace(rules=rules))[4:7]
    ['## Rules', '', '- Ties: push.']
    """

    def section(analysis: BestFourAnalysis) -> list[str]:
        rules = analysis.rules
        before, after = rule_lines(rules)
        lines = [*title_lines(rules), "## Rules", "", *(f"- {line}" for line in before)]
        lines += side_bet_lines(rules.side_bets)
        lines += [f"- {line}" for line in after]
        lines += [f"- {markdown_text(note)}" for note in rules.notes]
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
    cost_format : str
        How the simple strategy's cost is shown in decimals (:func:`cost_sentence`).
    simple_strategy : callable
        ``simple_strategy(analysis)``: the published simple strategy in words, or ``""``.
    closing : callable
        ``closing(analysis)``: further lines of the section.
    """

    main_bet: str
    played: str
    exact_note: str
    exact_column: str
    descriptions_heading: bool
    cost_format: str
    simple_strategy: Callable[[A], str] = field(default=lambda analysis: "")
    closing: Callable[[A], list[str]] = field(default=lambda analysis: [])


def cost_sentence(cost: Fraction, strategy: str, number_format: str) -> str:
    """What the published simple strategy (``strategy`` in words, or ``""``) costs against
    the optimum, exactly and in ``number_format``.

    Examples
    --------
    >>> cost_sentence(Fraction(3, 4000), "", "{:.5f}")  # doctest: +NORMALIZE_WHITESPACE
    'The published simple strategy costs exactly 3/4000 = 0.00075 Antes per hand against
    the optimum.'
    >>> cost_sentence(Fraction(1, 8), "1x any pair", "{:.1e}")  # doctest: +NORMALIZE_WHITESPACE
    'The published simple strategy (1x any pair) costs exactly 1/8 = 1.2e-01 Antes per hand
    against the optimum.'
    """
    named = f" ({strategy})" if strategy else ""
    return (
        f"The published simple strategy{named} costs exactly {fraction_text(cost)} = "
        f"{number_format.format(float(cost))} Antes per hand against the optimum."
    )


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
            *[
                f"- {markdown_code(row.bet)}: {markdown_text(row.description)}"
                for row in bets.itertuples()
            ],
            "",
            cost_sentence(
                analysis.simple_strategy_cost, text.simple_strategy(analysis), text.cost_format
            ),
            "",
            *text.closing(analysis),
        ]

    return section


def runs_strategy_section(analysis: BestFourAnalysis) -> list[str]:
    """The optimal strategy as runs of best hands with one decision (the ``strategy`` table,
    with the share of each decision), then the hand classes on mixed runs (``border_hands``),
    the closest calls first, and how many classes tie exactly (``player_hands``)."""
    segments = analysis.tables["strategy"]
    border = analysis.tables["border_hands"]
    shares = ["share_fold", *(f"share_{m}x" for m in analysis.rules.play.multiples)]
    shown = segments[["from_hand", "to_hand", "decision", "combinations", *shares]]
    lines = [
        "## Optimal strategy",
        "",
        "Runs of best four-card hands with one decision, weakest first; `mixed` marks a best "
        "hand on which the discarded fifth card or the suits change the decision.",
        "",
        markdown_table(shown, dict.fromkeys(shares, "{:.1%}")),
        "",
    ]
    if len(border):
        ties = int(analysis.tables["player_hands"]["exact_tie"].sum())
        lines += [
            f"{len(border)} hand classes lie on mixed best hands (`border_hands.parquet` lists "
            f"them all with the EV of each decision); {ties} hand classes have an exact tie "
            "between two decisions. The closest calls:",
            "",
            markdown_table(
                border.reindex(border["margin"].abs().sort_values().index).head(12)[
                    ["hand", "discard", "best_hand", "decision", "ev_fold", "ev_1x", "margin"]
                ],
                {"ev_fold": "{:.6f}", "ev_1x": "{:.6f}", "margin": "{:.2e}"},
            ),
            "",
        ]
    return lines


@dataclass(frozen=True)
class PublishedFigure(Generic[A]):
    """A published figure, shown beside the exact one when the rules are those it is for.

    Attributes
    ----------
    name : str
        What the figure is.
    published : str
        The figure as quoted, with its source.
    value : callable
        ``value(analysis)``: the same figure from the analysis, as text.
    applies : callable
        ``applies(analysis)``: whether the analysis's rules are those the figure is for.
    """

    name: str
    published: str
    value: Callable[[A], str]
    applies: Callable[[A], bool]


def published_figures(
    figures: Sequence[PublishedFigure[Any]], otherwise: str
) -> Callable[[Any], list[str]]:
    """The lines showing the ``figures`` that apply beside the exact ones
    (:func:`anchor_lines`), for :attr:`BetsText.closing`.

    Examples
    --------
    >>> quoted = PublishedFigure("edge", "3.4% (a book)", lambda a: a, lambda a: a != "")
    >>> published_figures([quoted], "none")("")
    ['none', '']
    >>> published_figures([quoted], "none")("3.4000%")[2].splitlines()[2]
    '| edge | 3.4% (a book) | 3.4000% |'
    """

    def lines(analysis: Any) -> list[str]:
        shown = [figure for figure in figures if figure.applies(analysis)]
        rows = [(figure.name, figure.published, figure.value(analysis)) for figure in shown]
        return anchor_lines(rows, otherwise)

    return lines


def anchor_lines(figures: Sequence[tuple[str, str, str]], otherwise: str) -> list[str]:
    """Published figures beside the exact ones: each ``(figure, published, this analysis)``;
    ``otherwise`` when none is for these rules.

    Examples
    --------
    >>> anchor_lines([("house edge", "3.4% (a book)", "3.4000%")], "none")[2].splitlines()[2]
    '| house edge | 3.4% (a book) | 3.4000% |'
    >>> anchor_lines([], "No published figure is for these rules.")
    ['No published figure is for these rules.', '']
    """
    if not figures:
        return [otherwise, ""]
    table = pd.DataFrame(list(figures), columns=["figure", "published", "this analysis"])
    return [
        "Published figures, as quoted (rounded by their sources), beside the exact ones:",
        "",
        markdown_table(table),
        "",
    ]


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
