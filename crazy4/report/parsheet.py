"""The math report regulators take (a PAR sheet): one model (:class:`ParSheet`, a list of
:class:`Sheet`), rendered by :mod:`crazy4.report.pdf` and :mod:`crazy4.report.xlsx`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.category_pays import CategoryPays
from crazy4.core.paytables import PayTable, format_odds
from crazy4.report.cover import Cover

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Rounds after which the house's expected win and its intervals are given.
ROUNDS = (100, 1_000, 10_000, 100_000, 1_000_000)
#: Two-sided coverage of the intervals.
LEVELS = (90, 95, 99)
#: The volatility index's multiple of the standard deviation.
VOLATILITY_Z = 1.645
#: Tables larger than this stay out of the workbook (the parquet table holds them).
MAX_SHEET_ROWS = 5_000
#: Tables larger than this are in the workbook only, not printed in the PDF.
MAX_PRINTED_ROWS = 150
#: The columns of the pay tables' sheet.
PAY_COLUMNS = ("section", "pay_table", "line", "category", "odds", "odds_exact", "pays")
T = TypeVar("T")


def z_value(level: int) -> float:
    """The normal quantile of a central ``level`` % interval.

    Examples
    --------
    >>> round(z_value(95), 4)
    1.96
    """
    return NormalDist().inv_cdf(0.5 + level / 200)


@dataclass(frozen=True)
class Sheet:
    """One table of the report: a workbook sheet (``name``, at most 31 characters) and a section
    of the PDF, which prints the ``printed`` columns (all when empty)."""

    name: str
    title: str
    intro: str
    frame: pd.DataFrame = field(repr=False)
    source: str
    printed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def in_pdf(self) -> bool:
        """Whether the PDF prints the rows (small enough), or only points to the workbook."""
        return len(self.frame) <= MAX_PRINTED_ROWS


@dataclass(frozen=True)
class ParSheet:
    """Everything the math report shows for one rule set."""

    title: str
    name: str
    game_title: str
    rule_hash: str
    deals: int
    record: dict[str, object]
    rules_text: list[str]
    rule_file: str
    method: str
    sheets: list[Sheet]
    tables: dict[str, pd.DataFrame] = field(repr=False)
    source: str = ""
    cover: Cover = field(default_factory=Cover)

    def sheet(self, name: str) -> Sheet:
        """The sheet called ``name``."""
        return next(sheet for sheet in self.sheets if sheet.name == name)


@dataclass(frozen=True)
class Context:
    """What a section's builder reads: the tables, the deals, the main bet, the decisions."""

    tables: Mapping[str, pd.DataFrame]
    deals: int
    main_bet: str
    decisions: tuple[str, ...] = ("fold", "1x", "2x", "3x")


@dataclass(frozen=True)
class Section:
    """One entry of :data:`SECTIONS`: the table it needs and the sheets built from it."""

    table: str
    build: Callable[[Context], list[Sheet]]


def exact_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """The table with exact ``probability_exact``, ``one_in`` and ``contribution_exact`` beside
    its counts (unless it has its own).

    Examples
    --------
    >>> frame = pd.DataFrame({"net": ["-1", "3/2"], "combinations": [3, 1],
    ...                       "probability": [0.75, 0.25], "contribution": [-0.75, 0.375]})
    >>> exact_columns(frame)[["probability_exact", "one_in", "contribution_exact"]].values.tolist()
    [['3/4', 1.3333333333333333, '-3/4'], ['1/4', 4.0, '3/8']]
    """
    frame = frame.copy()
    if not {"combinations", "probability"} <= set(frame.columns):
        return frame
    if "probability_exact" in frame.columns:
        return frame
    counts = [int(value) for value in frame["combinations"]]
    total = sum(counts)
    at = list(frame.columns).index("probability") + 1
    frame.insert(at, "probability_exact", [fraction_text(Fraction(c, total)) for c in counts])
    if "one_in" not in frame.columns:
        frame.insert(at + 1, "one_in", [total / c if c else math.inf for c in counts])
    if "contribution" in frame.columns and "net" in frame.columns:
        nets = [Fraction(str(net)) for net in frame["net"]]
        exact = [fraction_text(net * c / total) for net, c in zip(nets, counts, strict=True)]
        frame.insert(list(frame.columns).index("contribution") + 1, "contribution_exact", exact)
    return frame


def bet_edge(row: Mapping[str, object]) -> Fraction:
    """The exact house edge of a row of the bets table (``-ev``).

    Examples
    --------
    >>> bet_edge({"ev_numerator": -979, "ev_denominator": 21658})
    Fraction(979, 21658)
    """
    return -Fraction(int(str(row["ev_numerator"])), int(str(row["ev_denominator"])))


def bets_sheet(context: Context) -> list[Sheet]:
    """Per bet: house edge, element of risk, average total wager, hit frequency, SD, VI."""
    bets = context.tables["bets"].copy()
    edges = [bet_edge(row) for row in records(bets)]
    at = list(bets.columns).index("house_edge") + 1
    bets.insert(at, "house_edge_exact", _texts(edges))
    bets.insert(at + 1, "rtp", [float(1 - edge) for edge in edges])
    bets.insert(at + 2, "rtp_exact", _texts([1 - edge for edge in edges]))
    bets["volatility_index"] = VOLATILITY_Z * bets["std_dev"]
    intro = (
        "One row per bet, per unit of its initial wager (the Ante for the main game). House "
        "edge = -EV (exact fraction beside it); RTP (return to player) = 100% - house edge = "
        "1 + EV, the share of its initial wager a bet returns on average; element of risk = "
        "house edge / average total wager; hit frequency = P(net result > 0); standard "
        "deviation of one round's net result; volatility index = 1.645 x standard deviation."
    )
    printed = (
        *("bet", "house_edge", "house_edge_exact", "rtp", "rtp_exact", "element_of_risk"),
        *("average_total_bet", "hit_frequency", "std_dev", "volatility_index"),
    )
    notes = bet_notes([str(name) for name in bets["bet"]], edges, context.main_bet)
    sheets = [Sheet("bets", "Bets", intro, bets, "bets.parquet", printed, notes)]
    negative = [str(name) for name, edge in zip(bets["bet"], edges, strict=True) if edge < 0]
    short = (
        f"A negative expected win (the rows of {', '.join(negative)}) is the player's win on "
        "that bet; the notes under Bets say why it is there."
        if negative
        else ""
    )
    sheets.append(
        dataclasses.replace(intervals_sheet(bets, edges), notes=(short,) if short else ())
    )
    simple = simple_strategy_sheet(bets, edges)
    if simple is not None:
        sheets.append(simple)
    return sheets


def bet_notes(names: list[str], edges: list[Fraction], main_bet: str) -> tuple[str, ...]:
    """Notes on the bets' rows that are components of the main bet (by the words of their
    names), or favour the player.

    Examples
    --------
    >>> bet_notes(["a_b_c", "a_c", "q"], [Fraction(1, 30), Fraction(-1, 3), Fraction(1, 20)],
    ...           "a_b_c")[0][:60]
    'a_c is a component of the main bet a_b_c: its part of the sa'
    >>> bet_notes(["a_b", "q"], [Fraction(1, 30), Fraction(1, 20)], "a_b")
    ()
    """
    main_words = set(main_bet.split("_"))
    notes = []
    for name, edge in zip(names, edges, strict=True):
        words = set(name.split("_"))
        text = ""
        if name != main_bet and words < main_words:
            text = (
                f"{name} is a component of the main bet {main_bet}: its part of the same "
                "rounds, played by the same strategy, priced alone to show where the main bet's "
                "edge comes from. It is not a wager offered by itself; the main bet's row is "
                "the house edge of the whole."
            )
        if edge < 0:
            text += (
                f"{' ' if text else ''}{name} has a negative house edge ({float(edge):.4%}, "
                f"RTP {float(1 - edge):.4%}): on this part alone the player wins on average "
                f"(a 'house win' below zero is a player win); "
                + ("the main bet's other parts more than make up for it."
                   if name != main_bet and words < main_words else "the house loses on it.")
            )  # fmt: skip
        if text:
            notes.append(text)
    return tuple(notes)


def intervals_sheet(bets: pd.DataFrame, edges: list[Fraction]) -> Sheet:
    """The house's expected win after n rounds with its 90/95/99% normal intervals.

    Examples
    --------
    >>> bets = pd.DataFrame({"bet": ["b"], "std_dev": [2.0]})
    >>> row = intervals_sheet(bets, [Fraction(1, 40)]).frame.iloc[1]
    >>> int(row["rounds"]), row["expected_win_exact"], round(float(row["high_95"]), 3)
    (1000, '25', 148.959)
    """
    rows: list[dict[str, object]] = []
    for row, edge in zip(records(bets), edges, strict=True):
        sd = float(row["std_dev"])
        for rounds in ROUNDS:
            mean = edge * rounds
            spread = math.sqrt(rounds) * sd
            entry: dict[str, object] = {
                "bet": row["bet"],
                "rounds": rounds,
                "expected_win": float(mean),
                "expected_win_exact": fraction_text(mean),
                "sd": spread,
            }
            for level in LEVELS:
                entry[f"low_{level}"] = float(mean) - z_value(level) * spread
                entry[f"high_{level}"] = float(mean) + z_value(level) * spread
            rows.append(entry)
    intro = (
        "The house's win after n rounds of one initial unit each (units of the initial "
        "wager): expected n x edge (exact beside it), standard deviation sqrt(n) x sd, and the "
        "central 90%, 95% and 99% intervals mean +- z x sqrt(n) x sd (z = 1.6449, 1.9600, "
        "2.5758). Normal approximation to the sum of n independent rounds: close for large n, "
        "rough for 100 rounds of a bet with rare large payouts."
    )
    printed = (
        *("bet", "rounds", "expected_win", "sd", "low_90", "high_90", "low_95", "high_95"),
        *("low_99", "high_99"),
    )
    frame = pd.DataFrame(rows)
    return Sheet("intervals", "House win after n rounds", intro, frame, "bets.parquet", printed)


def simple_strategy_sheet(bets: pd.DataFrame, edges: list[Fraction]) -> Sheet | None:
    """Each bet with a published simple strategy (``<bet>_simple``) beside its optimum, or None.

    Examples
    --------
    >>> bets = pd.DataFrame({"bet": ["x", "x_simple"], "description": ["", ""],
    ...                      "average_total_bet": [3.0, 3.0], "element_of_risk": [0.01, 0.02],
    ...                      "std_dev": [1.0, 1.0], "hit_frequency": [0.5, 0.5]})
    >>> sheet = simple_strategy_sheet(bets, [Fraction(1, 30), Fraction(1, 20)])
    >>> sheet.frame["house_edge_exact"].tolist()
    ['1/30', '1/20', '1/60']
    """
    by_name = {str(row["bet"]): (row, edge) for row, edge in zip(records(bets), edges, strict=True)}
    rows: list[dict[str, object]] = []
    columns = ("average_total_bet", "element_of_risk", "std_dev", "hit_frequency")
    for name, (simple, simple_edge) in by_name.items():
        optimal_name = name.removesuffix("_simple")
        if optimal_name == name or optimal_name not in by_name:
            continue
        optimal, optimal_edge = by_name[optimal_name]
        for label, row, edge in (
            ("optimal", optimal, optimal_edge),
            ("simple", simple, simple_edge),
        ):
            rows.append(
                {"bet": row["bet"], "strategy": label, "description": row["description"]}
                | {"house_edge": float(edge), "house_edge_exact": fraction_text(edge)}
                | {column: float(row[column]) for column in columns}
            )
        difference = simple_edge - optimal_edge
        rows.append(
            {"bet": name, "strategy": "simple - optimal", "description": "cost of the simple "
             "strategy per round, in units of the initial wager"}
            | {"house_edge": float(difference), "house_edge_exact": fraction_text(difference)}
            | {column: float(simple[column]) - float(optimal[column]) for column in columns}
        )  # fmt: skip
    if not rows:
        return None
    intro = (
        "The optimal strategy (every hand's best decision, from the exact counts) against the "
        "published simple strategy (its rule is in the description), and their difference: "
        "the exact extra house edge the simple strategy costs, and the change in the other "
        "figures."
    )
    printed = (
        *("bet", "strategy", "description", "house_edge", "house_edge_exact"),
        *("element_of_risk", "average_total_bet"),
    )
    frame = pd.DataFrame(rows)
    return Sheet("simple_strategy", "Optimal and simple strategy", intro, frame, "bets.parquet",
                 printed)  # fmt: skip


def table_section(table: str, title: str, intro: str, printed: tuple[str, ...] = ()) -> Section:
    """A section that shows one result table as it is, with :func:`exact_columns` added.

    Examples
    --------
    >>> section = table_section("t", "T", "A table.")
    >>> frame = pd.DataFrame({"combinations": [1, 3], "probability": [0.25, 0.75]})
    >>> context = Context({"t": frame}, 4, "x")
    >>> section.build(context)[0].frame["probability_exact"].tolist()
    ['1/4', '3/4']
    """

    def build(context: Context) -> list[Sheet]:
        frame = exact_columns(context.tables[table])
        return [Sheet(table[:31], title, intro, frame, f"{table}.parquet", printed)]

    return Section(table, build)


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows as dicts keyed by column name."""
    return [{str(key): value for key, value in row.items()} for row in frame.to_dict("records")]


def _texts(values: list[Fraction]) -> list[str]:
    return [fraction_text(value) for value in values]


def category_pay_tables(rules: RuleSet) -> list[tuple[str, CategoryPays]]:
    """Every pay table by category of a rule set, as (where, table).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [table.name for _, table in category_pay_tables(load_rules("three-card-standard"))]
    ['ante-bonus', 'pair-plus-1-4-6-30-40', 'pair-plus-1-3-6-30-40']
    """
    return _walk(rules, CategoryPays)


def _walk(rules: RuleSet, kind: type[T]) -> list[tuple[str, T]]:
    """Every value of type ``kind`` in a rule set's (typed, frozen) sections, as (where, it)."""
    found: list[tuple[str, T]] = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, kind):
            found.append((where, value))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for item in dataclasses.fields(value):
                walk(getattr(value, item.name), where or item.name)
        elif isinstance(value, tuple):
            for number, inner in enumerate(value):
                walk(inner, f"{where}[{number}]")

    for item in dataclasses.fields(rules):
        walk(getattr(rules, item.name), item.name)
    return found


def pay_tables(rules: RuleSet) -> list[tuple[str, PayTable]]:
    """Every pay table of a rule set, the game's own first, then the side bets, as (where, table).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [where for where, _ in pay_tables(load_rules("crazy4-standard"))]
    ['super_bonus', 'side_bets[0]', 'side_bets[1]']
    """
    return sorted(_walk(rules, PayTable), key=lambda pair: pair[0].startswith("side_bets"))


def pay_table_sheet(rules: RuleSet) -> Sheet:
    """Every line of every pay table as dealt, strongest first, odds exact beside decimals.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> frame = pay_table_sheet(load_rules("crazy4-standard")).frame
    >>> frame.loc[frame["line"] == "flush", "odds_exact"].tolist()
    ['3/2', '4', '4']
    """

    def row(where: str, name: str, line: str, category: str, odds: Fraction) -> dict[str, object]:
        pays = f"{format_odds(odds)} to 1"
        values = (where, name, line, category, float(odds), fraction_text(odds), pays)
        return dict(zip(PAY_COLUMNS, values, strict=True))

    rows = [
        row(where, table.name, entry.label, entry.category.label, entry.odds)
        for where, table in pay_tables(rules)
        for entry in reversed(table.entries)
    ]
    rows += [
        row(where, table.name, line.label.replace("_", " "), line.category_name, line.odds)
        for where, table in category_pay_tables(rules)
        for line in reversed(table.lines)
    ]
    intro = (
        "Every pay table of the rule set, line by line, strongest hand first: odds paid 'to 1' "
        "on a win (exact beside the decimal). The rule file (under Rules) is the authority."
    )
    return Sheet("pay_tables", "Pay tables", intro, pd.DataFrame(rows), "the rule file")
