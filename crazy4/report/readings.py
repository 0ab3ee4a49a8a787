"""A report section pricing, side by side, the readings of a rule its text leaves open (a pay
table silent on some hands).

Examples
--------
>>> text = ReadingsText("## Readings", "The table is silent on {subject}.", "Ante + Play",
...                     "bonus", lambda rules: [], lambda rules: "")
>>> from crazy4.registry import load_rules
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.report.frame import ReportInput
>>> readings_section(text)(ReportInput(THREE_CARD, load_rules("three-card-standard"), {}, {}))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

from crazy4.analyze.rule_prices import price_readings
from crazy4.core.bet_tables import fraction_text
from crazy4.report.frame import ReportInput
from crazy4.report.markdown import markdown_table
from crazy4.report.spec_sections import Section
from crazy4.rules.ruleset import RuleSet
from crazy4.rules.table_bets import ListedTable


@dataclass(frozen=True)
class ReadingsText:
    """What a readings section says (``open_rule``: ``{subject}`` for ``subject(rules)``), and
    what it prices: ``readings(rules)``, each ``(name, what it does, the rules so read)``, the
    rule set's own first, with ``bet``'s house edge a column too."""

    heading: str
    open_rule: str
    priced: str
    bet: str
    readings: Callable[[RuleSet], Sequence[tuple[str, str, RuleSet]]]
    subject: Callable[[RuleSet], str]


def readings_section(text: ReadingsText) -> Section:
    """The readings of ``text``, each priced exactly with the optimal strategy re-solved."""

    def section(view: ReportInput) -> list[str]:
        readings = price_readings(text.readings(view.rules))
        if not readings:
            return []
        subject = text.subject(view.rules)
        edge = f"{text.bet}_house_edge"
        frame = pd.DataFrame(
            {
                "reading": [r.name for r in readings],
                subject: [r.settlement for r in readings],
                "house_edge": [float(r.house_edge) for r in readings],
                "element_of_risk": [float(r.element_of_risk) for r in readings],
                edge: [float(r.bet_edges[text.bet]) for r in readings],
                "exact house edge": [fraction_text(r.house_edge) for r in readings],
                "exact element of risk": [fraction_text(r.element_of_risk) for r in readings],
            }
        )
        formats = {c: "{:.4%}" for c in ("house_edge", "element_of_risk", edge)}
        return [
            text.heading,
            "",
            text.open_rule.format(subject=subject)
            + " The figures above follow this rule set's reading; the others, each re-priced "
            "exactly from the same counts with the optimal strategy re-solved "
            f"({text.priced}; the element of risk per unit wagered):",
            "",
            markdown_table(frame, formats),
            "",
        ]

    return section


def unlisted_note(label: str, listed: ListedTable, readings: ReadingsText) -> list[str]:
    """The rules line on the hands a listed table leaves unlisted above its lowest line, if any.

    Examples
    --------
    >>> from crazy4.core.paytables import PayTable
    >>> text = ReadingsText("## Bonus: readings", "", "", "bonus", lambda r: [], lambda r: "")
    >>> table = PayTable.from_mapping("t", {"straight": 1, "four_of_a_kind": 9})
    >>> unlisted_note("Bonus", ListedTable(table, "push"), text)[0][:62]
    '**Note:** the Bonus table has no line for straight flush, thre'
    >>> print(unlisted_note("Bonus", ListedTable(table), text)[0][-80:])
    (`unlisted = "below_table"`); *Bonus: readings* below prices the other readings.
    >>> unlisted_note("Bonus", ListedTable(PayTable.from_mapping("t", {"four_of_a_kind": 9})), text)
    []
    """
    unlisted = listed.unlisted_categories()
    if not unlisted:
        return []
    settled = (
        "push whatever the dealer holds"
        if listed.unlisted == "push"
        else "are treated as below the table (push, or lose to a qualifying dealer hand "
        "that beats them)"
    )
    return [
        f"**Note:** the {label} table has no line for {', '.join(unlisted)}, though it ranks "
        f"above the table's lowest line ({listed.table.entries[0].label}): such hands "
        f'{settled} (`unlisted = "{listed.unlisted}"`); '
        f"*{readings.heading.removeprefix('## ')}* below prices the other readings."
    ]


def listed_subject(listed: Callable[[RuleSet], ListedTable | None]) -> Callable[[RuleSet], str]:
    """The :attr:`ReadingsText.subject` of a listed table's unlisted hands: their categories.

    Examples
    --------
    >>> from crazy4.core.paytables import PayTable
    >>> table = ListedTable(PayTable.from_mapping("t", {"straight": 1, "four_of_a_kind": 9}))
    >>> listed_subject(lambda rules: table)(None)  # type: ignore[arg-type]
    'straight flush, three of a kind, flush'
    """

    def subject(rules: RuleSet) -> str:
        table = listed(rules)
        return "" if table is None else ", ".join(table.unlisted_categories())

    return subject
