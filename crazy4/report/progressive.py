"""The progressive and envy bets' tables and report section (Markdown lines)."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from crazy4.core.money import dollars
from crazy4.progressive.envy import envy_by_player_category
from crazy4.progressive.returns import MeterReturn, progressive_return
from crazy4.progressive.tables import by_meter_table, envy_table, lines_table
from crazy4.report.markdown import markdown_table
from crazy4.rules.progressive_bet import ProgressiveBet
from crazy4.rules.ruleset import RuleSet


def _pays(bet: ProgressiveBet) -> str:
    parts = []
    for line in bet.lines:
        shares = [f"{float(100 * line.meter_share):g}% of the meter"] if line.meter_share else []
        shares += [dollars(line.fixed)] if line.fixed else []
        parts.append(f"{line.hand} {' + '.join(shares)}")
    return "; ".join(parts)


def _meter(value: Fraction | None) -> str:
    return "never (the meter pays nothing)" if value is None else dollars(value)


def progressive_lines(
    bet: ProgressiveBet, returns: MeterReturn, tables: dict[str, pd.DataFrame]
) -> list[str]:
    """The section: the bet, ``R(M)``, the break-even meters, the envy with card removal.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-progressive")
    >>> progressive_results(rules)[1][0]
    '## Progressive and envy bets'
    """
    scored = "five-card poker" if bet.scoring == "five_cards" else "their best four cards"
    envy = "; ".join(f"{line.hand} {dollars(line.amount)}" for line in bet.envy) or "none"
    lines = [
        "## Progressive and envy bets",
        "",
        f"- Wager {dollars(bet.wager)}, collected every round; the player's own five cards are "
        f"ranked by {scored} (the dealer's cards do not matter).",
        f"- Pays: {_pays(bet)}.",
        f"- Envy, paid when another seat holds: {envy}.",
        f"- Meter: reset {dollars(bet.reset)}; {float(100 * bet.contribution):g}% of every "
        "wager goes to it.",
    ]
    if bet.illustrative:
        lines.append(
            "- ILLUSTRATIVE: amounts not from a named source (the rule set's source and notes say "
            "which)."
        )
    lines += [
        "",
        "Return per dollar wagered, exactly linear in the meter M (dollars) and in the number "
        "k of other seats:",
        "",
        f"R(M, k) = {returns.fixed} + {returns.per_meter} M + {returns.envy_per_seat} k "
        f"= {float(returns.fixed):.6f} + {float(returns.per_meter):.6e} M "
        f"+ {float(returns.envy_per_seat):.6f} k.",
        "",
        markdown_table(
            tables["progressive"][["hand", "combinations", "probability", "meter_share", "fixed"]],
            {"probability": "{:.8f}", "meter_share": "{:.2%}", "fixed": "{:,.2f}"},
        ),
        "",
        f"At the reset the return is {float(returns.at(bet.reset)):.4%} without envy. "
        f"Break-even meter: {_meter(returns.break_even())} alone, "
        f"{_meter(returns.break_even(bet.seats - 1))} with {bet.seats - 1} other seats. "
        f"The meter's expected drift per bet is {dollars(bet.contribution * bet.wager)} "
        f"less {float(returns.per_meter * bet.wager):.3e} M paid out; contributions balance "
        f"the meter paid out at {_meter(returns.equilibrium())} (reseeding aside).",
        "",
    ]
    return lines + _envy_lines(bet, returns, tables["envy"])


def _envy_lines(bet: ProgressiveBet, returns: MeterReturn, envy: pd.DataFrame) -> list[str]:
    if envy.empty:
        return []
    totals = envy.groupby("player_hand", sort=False)["value_per_seat"].sum().reset_index()
    seats = pd.DataFrame({"other_seats": range(bet.seats)})
    seats["envy_return"] = [float(returns.envy_per_seat * k) for k in range(bet.seats)]
    seats["return_at_reset"] = [float(returns.at(bet.reset, k)) for k in range(bet.seats)]
    return [
        "Envy per other seat with card removal (the other seat's five cards come from the 47 "
        "the player does not hold), by the player's own hand, per dollar wagered; averaged "
        "over every player hand it equals the value without removal:",
        "",
        markdown_table(totals, {"value_per_seat": "{:.8f}"}),
        "",
        "Expectation is linear, so k other seats are worth k times one (their hands are "
        "dependent, their expected envy is not):",
        "",
        markdown_table(seats, {"envy_return": "{:.6f}", "return_at_reset": "{:.4%}"}),
        "",
    ]


def progressive_results(rules: RuleSet) -> tuple[dict[str, pd.DataFrame], list[str]]:
    """The progressive's tables and report lines (nothing without a progressive).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> progressive_results(load_rules("crazy4-standard"))
    ({}, [])
    >>> tables, _ = progressive_results(load_rules("four-card-progressive"))
    >>> sorted(tables)
    ['envy', 'progressive', 'progressive_by_meter']
    """
    bet = rules.progressive
    if bet is None:
        return {}, []
    returns = progressive_return(bet)
    found = envy_by_player_category(bet.scoring, tuple(line.category for line in bet.envy))
    tables = {
        "progressive": lines_table(bet),
        "progressive_by_meter": by_meter_table(bet, returns),
        "envy": envy_table(bet, found),
    }
    return tables, progressive_lines(bet, returns, tables)


def with_section(report: str, lines: list[str]) -> str:
    r"""``report`` with ``lines`` inserted before its provenance section (at the end if none).

    Examples
    --------
    >>> with_section("# R\n\n## Provenance\n\n- x\n", ["## Progressive", ""])
    '# R\n\n## Progressive\n\n## Provenance\n\n- x\n'
    >>> with_section("# R\n", [])
    '# R\n'
    """
    if not lines:
        return report
    section = "\n".join(lines)
    head, mark, tail = report.partition("## Provenance")
    if not mark:
        return report.rstrip("\n") + "\n\n" + section + "\n"
    return head + section + "\n" + mark + tail
