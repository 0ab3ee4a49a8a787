"""The sections a game's ``report.md`` is made of (:mod:`crazy4.report.spec_report`), each
Markdown lines from a :class:`crazy4.report.frame.ReportInput`.

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.games.three_card.game import THREE_CARD
>>> view = ReportInput(THREE_CARD, load_rules("three-card-standard"), {}, {})
>>> title_section(view)[0], rules_section(view)[:3]
('# Three Card Poker, standard casino rules', ['## Rules', '', '- Player and dealer get three \
cards each from one 52-card deck; none face up.'])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

import pandas as pd

from crazy4.analyze.bet_lookup import bet_row
from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.text_safety import markdown_code, markdown_text
from crazy4.report.frame import ReportInput, exact_ev_texts, headline, title_lines
from crazy4.report.markdown import markdown_table, percent
from crazy4.report.sections import BET_FORMATS, returns_lines, rule_file_lines, side_bet_lines
from crazy4.rules.ruleset import RuleSet

#: What a published figure reads (a :class:`ReportInput`, or anything its callables take).
A = TypeVar("A")
#: The formats of a hand frequency table.
FREQUENCY_FORMATS = {"probability": "{:.6f}", "one_in": "{:.2f}"}
#: The columns of the bets table the report shows, before the exact EV.
BET_COLUMNS = [
    *("bet", "house_edge", "element_of_risk", "average_total_bet", "std_dev", "hit_frequency")
]
#: What the bets section says of the exact EV column, by default.
EXACT_NOTE = (
    " Every figure is exact: the EV column is the exact fraction per unit of the bet's base wager."
)

#: A section: Markdown lines from what the report reads.
Section = Callable[[ReportInput], list[str]]


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
    """How a tie settles (the rule set's ``dealer.ties``).

    Examples
    --------
    >>> ties_text("push"), ties_text("player"), ties_text("dealer")
    ('push', 'the player wins', 'the dealer wins')
    """
    return {"push": "push", "player": "the player wins", "dealer": "the dealer wins"}[ties]


def title_section(view: ReportInput) -> list[str]:
    """:func:`title_lines` as a section."""
    return title_lines(view.rules)


def rules_section(view: ReportInput) -> list[str]:
    """The rules list: the game's rule lines, the rule set's notes, its rule file."""
    lines = ["## Rules", ""]
    lines += [f"- {line}" for line in view.spec.rule_lines(view.rules)]
    lines += [f"- {markdown_text(note)}" for note in view.rules.notes]
    return [*lines, *rule_file_lines(view.rules.text)]


@dataclass(frozen=True)
class BetsText:
    """What a game's bets section says: the headline's name for the main bet (None: "the
    `<bet>` bet"), the figures as text (``plain``), the simple strategy's cost in
    ``cost_format`` (None: no cost sentence), ``closing`` lines."""

    played: str | None = None
    exact_note: str = EXACT_NOTE
    exact_column: str = "exact EV"
    descriptions_heading: bool = True
    plain: bool = False
    cost_format: str | None = None
    simple_strategy: Callable[[ReportInput], str] = field(default=lambda view: "")
    closing: Callable[[ReportInput], list[str]] = field(default=lambda view: [])


def _plain_bets(bets: pd.DataFrame, exact_column: str) -> pd.DataFrame:
    """The bets table's figures as text."""
    return pd.DataFrame(
        {
            "bet": bets["bet"],
            "house_edge": [percent(value) for value in bets["house_edge"]],
            "element_of_risk": [percent(value) for value in bets["element_of_risk"]],
            "average_total_bet": [f"{value:.4f}" for value in bets["average_total_bet"]],
            "std_dev": [f"{value:.4f}" for value in bets["std_dev"]],
            "hit_frequency": [f"{value:.6f}" for value in bets["hit_frequency"]],
            exact_column: [
                f"{n}/{d}"
                for n, d in zip(bets["ev_numerator"], bets["ev_denominator"], strict=True)
            ],
        }
    )


def bets_section(text: BetsText) -> Section:
    """The bets: the headline, the table with the exact EVs, the descriptions, the cost."""

    def section(view: ReportInput) -> list[str]:
        bets = view.tables["bets"]
        main = view.spec.main_bet
        played = text.played if text.played is not None else f"the `{main}` bet"
        if text.plain:
            table = markdown_table(_plain_bets(bets, text.exact_column))
        else:
            shown = bets[BET_COLUMNS].assign(**{text.exact_column: exact_ev_texts(bets)})
            table = markdown_table(shown, BET_FORMATS)
        heading = ["Descriptions:", ""] if text.descriptions_heading else []
        lines = [
            "## Bets",
            "",
            headline(bet_row(bets, main), played) + text.exact_note,
            "",
            table,
            "",
            *heading,
            *[
                f"- {markdown_code(row.bet)}: {markdown_text(row.description)}"
                for row in bets.itertuples()
            ],
            "",
        ]
        if text.cost_format is not None:
            cost = view.simple_strategy_cost
            lines += [cost_sentence(cost, text.simple_strategy(view), text.cost_format), ""]
        return [*lines, *text.closing(view)]

    return section


def cost_sentence(cost: Fraction, strategy: str, number_format: str) -> str:
    """What the published simple strategy costs against the optimum, exactly and in decimals.

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


def runs_strategy_section(view: ReportInput) -> list[str]:
    """The optimal strategy as runs of best hands with one decision, then the closest calls."""
    segments = view.tables["strategy"]
    border = view.tables["border_hands"]
    shares = ["share_fold", *(f"share_{m}x" for m in view.rules.play.multiples)]
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
        ties = int(view.tables["player_hands"]["exact_tie"].sum())
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
    """A published figure (as quoted, with its source), shown beside ``value(view)`` when
    ``applies(view)``."""

    name: str
    published: str
    value: Callable[[A], str]
    applies: Callable[[A], bool]


def published_figures(
    figures: Sequence[PublishedFigure[Any]], otherwise: str
) -> Callable[[Any], list[str]]:
    """:func:`anchor_lines` of the ``figures`` that apply, for :attr:`BetsText.closing`.

    Examples
    --------
    >>> quoted = PublishedFigure("edge", "3.4% (a book)", lambda a: a, lambda a: a != "")
    >>> published_figures([quoted], "none")("")
    ['none', '']
    >>> published_figures([quoted], "none")("3.4000%")[2].splitlines()[2]
    '| edge | 3.4% (a book) | 3.4000% |'
    """

    def lines(view: Any) -> list[str]:
        shown = [figure for figure in figures if figure.applies(view)]
        rows = [(figure.name, figure.published, figure.value(view)) for figure in shown]
        return anchor_lines(rows, otherwise)

    return lines


def anchor_lines(figures: Sequence[tuple[str, str, str]], otherwise: str) -> list[str]:
    """Published figures, ``(figure, published, this analysis)``, beside the exact ones.

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

    def section(view: ReportInput) -> list[str]:
        lines = [title, ""]
        for caption, name in parts:
            lines += [caption, ""] if caption is not None else []
            lines += [markdown_table(view.tables[name], FREQUENCY_FORMATS), ""]
        return lines

    return section


def returns_section(title: str, intro: Sequence[str], outcome_column: str) -> Section:
    """The return table (:func:`crazy4.report.sections.returns_lines`)."""

    def section(view: ReportInput) -> list[str]:
        return returns_lines(title, list(intro), view.tables, outcome_column)

    return section


def with_side_bets(before: Sequence[str], rules: RuleSet, after: Sequence[str]) -> list[str]:
    """A game's rule lines around a line for each of the rule set's side bets.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> lines = with_side_bets(["first"], load_rules("four-card-standard"), ["last"])
    >>> lines[0], lines[1][:29], lines[-1], len(lines)
    ('first', 'aces-up-50-40-8-5-4-3-1: pays', 'last', 7)
    """
    bets = [line.removeprefix("- ") for line in side_bet_lines(rules.side_bets)]
    return [*before, *bets, *after]


def main_figure(column: str) -> Callable[[ReportInput], str]:
    """One figure (a ``bets`` column) of the main bet under the optimal strategy."""
    return lambda view: percent(view.bet(view.spec.main_bet)[column])


def simple_figure(column: str) -> Callable[[ReportInput], str]:
    """One figure (a ``bets`` column) of the main bet under the published simple strategy."""
    return lambda view: percent(view.bet(view.simple_bet)[column])


def range_figure(prefix: str, column: str = "house_edge") -> Callable[[ReportInput], str]:
    """The range of one figure (a ``bets`` column) over the bets named ``prefix...``."""

    def value(view: ReportInput) -> str:
        bets = view.tables["bets"]
        values = bets[bets["bet"].str.startswith(prefix)][column]
        return f"{percent(values.min())} to {percent(values.max())}"

    return value


def rule_value(rules: object, path: str) -> object:
    """The value at a dotted attribute path of a rule set (None if missing; a table described)."""
    value = rules
    for name in path.split("."):
        value = getattr(value, name, None)
    return value.describe() if isinstance(value, PayTable) else value


def rules_are(values: Mapping[str, object]) -> Callable[[ReportInput], bool]:
    """Whether the rule set holds every value at its path (:func:`rule_value`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> view = ReportInput(THREE_CARD, load_rules("three-card-standard"), {}, {})
    >>> rules_are({"dealer.ties": "push", "play.multiples": (1,)})(view)
    True
    >>> rules_are({"dealer.ties": "player"})(view), rules_are({"dealer.nothing.at_all": 1})(view)
    (False, False)
    """
    return lambda view: all(rule_value(view.rules, path) == v for path, v in values.items())


def side_tables_are(prefix: str, names: Collection[str]) -> Callable[[ReportInput], bool]:
    """Whether the side bets are exactly the published tables (``names``, without ``prefix``)."""

    def applies(view: ReportInput) -> bool:
        side_bets = view.rules.side_bets
        tables = {bet.table.describe() for bet in side_bets}
        published = {
            bet.table.describe()
            for bet in side_bets
            if bet.name.removeprefix(prefix) in names and not bet.fold_forfeits
        }
        return len(published) == len(names) == len(tables)

    return applies
