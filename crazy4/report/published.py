"""Published figures as data: what each quotes of the analysis (``*_figure``) and which rules
it is for (:func:`rules_are`, :func:`side_tables_are`).

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.report.frame import ReportInput
>>> view = ReportInput(THREE_CARD, load_rules("three-card-standard"), {}, {})
>>> rules_are({"dealer.ties": "push", "play.multiples": (1,)})(view)
True
>>> rules_are({"dealer.ties": "player"})(view), rules_are({"dealer.nothing.at_all": 1})(view)
(False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from crazy4.core.paytables import PayTable
from crazy4.report.frame import ReportInput
from crazy4.report.markdown import percent


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
    """Whether the rule set holds every value at its path (:func:`rule_value`)."""
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
